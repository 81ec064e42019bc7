//! Diagnostics: what the parser noticed about a body, line by line.

use std::fmt;

/// One thing worth telling the author of a robots.txt file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// 1-based line number.
    pub line: u32,
    /// What was noticed.
    pub kind: DiagnosticKind,
}

/// The kinds of [`Diagnostic`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// A key this profile does not know; the line is ignored.
    UnknownKey {
        /// The key as written.
        key: String,
    },
    /// A misspelled key that was accepted ([`Switch::AcceptTypos`](crate::Switch::AcceptTypos)).
    AcceptedMisspelling {
        /// The key as written.
        key: String,
        /// The key it was taken for.
        meant: &'static str,
    },
    /// A key recognised only by its prefix ([`Switch::KeyPrefix`](crate::Switch::KeyPrefix)).
    AcceptedKeyPrefix {
        /// The key as written.
        key: String,
        /// The key it was taken for.
        meant: &'static str,
    },
    /// A line with no colon; accepted when [`Switch::MissingColon`](crate::Switch::MissingColon) is on.
    MissingColon {
        /// Whether the line was still used.
        accepted: bool,
    },
    /// A line with text but neither a key nor a value that can be used.
    Unparsable,
    /// An allow or disallow before any user-agent line; ignored.
    RuleOutsideGroup,
    /// A user-agent value that is not a product token (§2.2.1).
    InvalidProductToken {
        /// The value as written.
        value: String,
        /// The token used instead, if the profile extracts one.
        used: Option<String>,
    },
    /// A rule pattern that starts with neither `/` nor `*`; it can never match.
    PatternCannotMatch {
        /// The pattern as written.
        pattern: String,
    },
    /// The line was longer than the profile keeps.
    LineTooLong {
        /// The line's length in bytes.
        length: usize,
        /// How many bytes were parsed.
        kept: usize,
    },
    /// The line is not valid UTF-8 (RFC 9309 §2.3 requires UTF-8).
    InvalidUtf8,
    /// The line holds a NUL byte.
    NulByte,
    /// The body starts with a byte order mark (or part of one).
    ByteOrderMark {
        /// How many BOM bytes were skipped.
        skipped: usize,
    },
    /// Everything from this line on is past the parse size limit and ignored.
    PastSizeLimit {
        /// The limit in bytes.
        limit: usize,
    },
}

/// A diagnostic before its text is made, quoting the body by slice: a
/// handler that drops diagnostics (every handler but
/// [`diagnose`](crate::diagnose)'s) never builds the `String`s of
/// [`DiagnosticKind`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Noticed<'a> {
    UnknownKey(&'a [u8]),
    AcceptedMisspelling(&'a [u8], &'static str),
    AcceptedKeyPrefix(&'a [u8], &'static str),
    MissingColon { accepted: bool },
    Unparsable,
    RuleOutsideGroup,
    InvalidProductToken { value: &'a [u8], used: Option<&'a [u8]> },
    PatternCannotMatch(&'a [u8]),
    LineTooLong { length: usize, kept: usize },
    InvalidUtf8,
    NulByte,
    ByteOrderMark { skipped: usize },
    PastSizeLimit { limit: usize },
}

impl Noticed<'_> {
    /// The public form, quoting the body lossily as UTF-8.
    pub fn kind(self) -> DiagnosticKind {
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        match self {
            Noticed::UnknownKey(key) => DiagnosticKind::UnknownKey { key: text(key) },
            Noticed::AcceptedMisspelling(key, meant) => DiagnosticKind::AcceptedMisspelling { key: text(key), meant },
            Noticed::AcceptedKeyPrefix(key, meant) => DiagnosticKind::AcceptedKeyPrefix { key: text(key), meant },
            Noticed::MissingColon { accepted } => DiagnosticKind::MissingColon { accepted },
            Noticed::Unparsable => DiagnosticKind::Unparsable,
            Noticed::RuleOutsideGroup => DiagnosticKind::RuleOutsideGroup,
            Noticed::InvalidProductToken { value, used } => DiagnosticKind::InvalidProductToken {
                value: text(value),
                used: used.map(text),
            },
            Noticed::PatternCannotMatch(pattern) => DiagnosticKind::PatternCannotMatch { pattern: text(pattern) },
            Noticed::LineTooLong { length, kept } => DiagnosticKind::LineTooLong { length, kept },
            Noticed::InvalidUtf8 => DiagnosticKind::InvalidUtf8,
            Noticed::NulByte => DiagnosticKind::NulByte,
            Noticed::ByteOrderMark { skipped } => DiagnosticKind::ByteOrderMark { skipped },
            Noticed::PastSizeLimit { limit } => DiagnosticKind::PastSizeLimit { limit },
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            DiagnosticKind::UnknownKey { key } => write!(f, "unknown key `{key}`, line ignored"),
            DiagnosticKind::AcceptedMisspelling { key, meant } => {
                write!(f, "misspelled key `{key}` read as `{meant}`")
            }
            DiagnosticKind::AcceptedKeyPrefix { key, meant } => {
                write!(f, "key `{key}` read as `{meant}` because it starts with it")
            }
            DiagnosticKind::MissingColon { accepted: true } => {
                f.write_str("no colon after the key; whitespace accepted as separator")
            }
            DiagnosticKind::MissingColon { accepted: false } => f.write_str("no colon after the key; line ignored"),
            DiagnosticKind::Unparsable => f.write_str("no key and value found, line ignored"),
            DiagnosticKind::RuleOutsideGroup => f.write_str("rule before any user-agent line, ignored"),
            DiagnosticKind::InvalidProductToken {
                value,
                used: Some(token),
            } => {
                write!(f, "user-agent `{value}` is not a product token; `{token}` used")
            }
            DiagnosticKind::InvalidProductToken { value, used: None } => {
                write!(f, "user-agent `{value}` is not a product token; it names no crawler")
            }
            DiagnosticKind::PatternCannotMatch { pattern } => {
                write!(
                    f,
                    "pattern `{pattern}` starts with neither `/` nor `*` and can never match"
                )
            }
            DiagnosticKind::LineTooLong { length, kept } => {
                write!(f, "line is {length} bytes; only the first {kept} are parsed")
            }
            DiagnosticKind::InvalidUtf8 => f.write_str("line is not valid UTF-8"),
            DiagnosticKind::NulByte => f.write_str("line holds a NUL byte"),
            DiagnosticKind::ByteOrderMark { skipped } => {
                write!(f, "{skipped}-byte byte order mark skipped")
            }
            DiagnosticKind::PastSizeLimit { limit } => write!(
                f,
                "content from here on is past the {limit}-byte parse limit and ignored"
            ),
        }
    }
}
