//! From one line to a directive: comment, whitespace, the key/value split
//! and key recognition, with each Google leniency behind its switch.

use crate::diagnostic::DiagnosticKind;
use crate::profile::{Profile, Switch};

/// The keys that matter to matching (plus sitemaps, kept for callers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    UserAgent,
    Allow,
    Disallow,
    Sitemap,
}

impl Key {
    fn canonical(self) -> &'static str {
        match self {
            Key::UserAgent => "user-agent",
            Key::Allow => "allow",
            Key::Disallow => "disallow",
            Key::Sitemap => "sitemap",
        }
    }

    /// Google's accepted misspellings, by key.
    fn typos(self) -> &'static [&'static str] {
        match self {
            Key::UserAgent => &["useragent", "user agent"],
            Key::Allow => &[],
            Key::Disallow => &["dissallow", "dissalow", "disalow", "diasllow", "disallaw"],
            Key::Sitemap => &["site-map"],
        }
    }
}

/// Recognition order matters under prefix matching and follows Google's.
const KEYS: [Key; 4] = [Key::UserAgent, Key::Allow, Key::Disallow, Key::Sitemap];

/// One recognised key/value line.
pub(crate) struct Directive<'a> {
    pub key: Key,
    pub value: &'a [u8],
}

/// What a line turned out to be.
pub(crate) enum LineContent<'a> {
    /// Empty, or only a comment.
    Blank,
    /// A recognised key, possibly with a note (misspelling, prefix, no colon).
    Directive(Directive<'a>, Option<DiagnosticKind>),
    /// Text that yields no usable directive, and why.
    Ignored(DiagnosticKind),
}

fn is_trimmed_space(byte: u8, profile: &Profile) -> bool {
    match byte {
        b' ' | b'\t' => true,
        // Google trims with absl's ASCII whitespace set; CR and LF never
        // reach here because they end lines.
        0x0B | 0x0C => profile.is_on(Switch::AsciiWhitespaceTrim),
        _ => false,
    }
}

fn trim<'a>(mut text: &'a [u8], profile: &Profile) -> &'a [u8] {
    while let [first, rest @ ..] = text {
        if !is_trimmed_space(*first, profile) {
            break;
        }
        text = rest;
    }
    while let [rest @ .., last] = text {
        if !is_trimmed_space(*last, profile) {
            break;
        }
        text = rest;
    }
    text
}

fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// How a line without a colon splits at whitespace.
enum ColonlessSplit<'a> {
    /// Exactly two words: Google takes them as key and value.
    TwoWords(&'a [u8], &'a [u8]),
    /// Three or more words: even Google ignores the line.
    TooManyWords,
    /// One word: nothing to split.
    OneWord,
}

fn split_without_colon(text: &[u8]) -> ColonlessSplit<'_> {
    let Some(gap) = text.iter().position(|&b| is_blank(b)) else {
        return ColonlessSplit::OneWord;
    };
    let value_start = gap + text[gap..].iter().take_while(|&&b| is_blank(b)).count();
    let value = &text[value_start..];
    if value.iter().any(|&b| is_blank(b)) {
        return ColonlessSplit::TooManyWords;
    }
    ColonlessSplit::TwoWords(&text[..gap], value)
}

fn recognise(key: &[u8], profile: &Profile) -> Option<(Key, Option<DiagnosticKind>)> {
    let prefix = profile.is_on(Switch::KeyPrefix);
    let typos = profile.is_on(Switch::AcceptTypos);
    let fits = |name: &str| {
        let name = name.as_bytes();
        if prefix {
            key.len() >= name.len() && key[..name.len()].eq_ignore_ascii_case(name)
        } else {
            key.eq_ignore_ascii_case(name)
        }
    };
    let written = || String::from_utf8_lossy(key).into_owned();
    for candidate in KEYS {
        let name = candidate.canonical();
        if fits(name) {
            let note = (!key.eq_ignore_ascii_case(name.as_bytes())).then(|| DiagnosticKind::AcceptedKeyPrefix {
                key: written(),
                meant: name,
            });
            return Some((candidate, note));
        }
        if typos && candidate.typos().iter().any(|typo| fits(typo)) {
            return Some((
                candidate,
                Some(DiagnosticKind::AcceptedMisspelling {
                    key: written(),
                    meant: name,
                }),
            ));
        }
    }
    None
}

/// Reads one line under `profile`.
pub(crate) fn parse_line<'a>(line: &'a [u8], profile: &Profile) -> LineContent<'a> {
    let mut text = line;
    if profile.is_on(Switch::NulEndsText) {
        if let Some(nul) = text.iter().position(|&b| b == 0) {
            text = &text[..nul];
        }
    }
    if let Some(hash) = text.iter().position(|&b| b == b'#') {
        text = &text[..hash];
    }
    let text = trim(text, profile);
    if text.is_empty() {
        return LineContent::Blank;
    }
    let mut note = None;
    let (key, value) = match text.iter().position(|&b| b == b':') {
        Some(colon) => (&text[..colon], &text[colon + 1..]),
        None => match split_without_colon(text) {
            ColonlessSplit::TwoWords(key, value) if profile.is_on(Switch::MissingColon) => {
                note = Some(DiagnosticKind::MissingColon { accepted: true });
                (key, value)
            }
            ColonlessSplit::TwoWords(..) | ColonlessSplit::TooManyWords => {
                return LineContent::Ignored(DiagnosticKind::MissingColon { accepted: false })
            }
            ColonlessSplit::OneWord => return LineContent::Ignored(DiagnosticKind::Unparsable),
        },
    };
    let key = trim(key, profile);
    if key.is_empty() {
        return LineContent::Ignored(DiagnosticKind::Unparsable);
    }
    match recognise(key, profile) {
        Some((key, key_note)) => LineContent::Directive(
            Directive {
                key,
                value: trim(value, profile),
            },
            key_note.or(note),
        ),
        None => LineContent::Ignored(DiagnosticKind::UnknownKey {
            key: String::from_utf8_lossy(key).into_owned(),
        }),
    }
}
