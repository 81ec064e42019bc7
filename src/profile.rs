//! Profiles: named switches, one for each way Google's parser departs from
//! RFC 9309, and the two presets [`Profile::RFC9309`] and [`Profile::GOOGLE`].
//!
//! Every difference in behaviour between the presets comes from exactly one
//! switch, so when the two profiles disagree on an input, the switches that
//! differ ([`Profile::differing_switches`]) are the complete list of possible
//! causes, and flipping them one at a time ([`Profile::with`]) finds the
//! culprit.
//!
//! ```
//! use rep::{Profile, Switch};
//! let lenient = Profile::RFC9309.with(Switch::AcceptTypos, true);
//! assert!(lenient.is_on(Switch::AcceptTypos));
//! assert!(Profile::GOOGLE.differing_switches(&Profile::RFC9309).contains(&Switch::IndexHtml));
//! ```

use std::fmt;

/// The smallest parse limit RFC 9309 §2.5 allows: 500 KiB.
pub const RFC_MIN_SIZE_LIMIT: usize = 512_000;

/// The longest line Google's parser keeps: a 2083 × 8 byte buffer less its
/// terminating NUL. Bytes past it on the same line are dropped.
pub const GOOGLE_MAX_LINE_BYTES: usize = 2083 * 8 - 1;

/// One behaviour in which Google's parser departs from RFC 9309.
///
/// On means "behave like Google"; off means "behave like the RFC".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Switch {
    /// Accept common misspellings of keys: `useragent`, `user agent`,
    /// `dissallow`, `dissalow`, `disalow`, `diasllow`, `disallaw`.
    /// (RFC 9309 §2.2.4 only allows leniency for other records.)
    AcceptTypos,
    /// Recognise a key by its prefix: `Disallowed:` is a disallow,
    /// `User-agents:` a user-agent line. The RFC compares whole keys.
    KeyPrefix,
    /// Accept whitespace instead of the colon when a line holds exactly two
    /// words (`Disallow /x`). The RFC requires the colon (§2.2).
    MissingColon,
    /// An `Allow` whose last `/`-segment starts with `index.htm` also allows
    /// its directory, anchored: `Allow: /a/index.html` allows `/a/`.
    IndexHtml,
    /// Compare the URL exactly as given and the pattern only with non-ASCII
    /// bytes escaped and escape hex uppercased. Off, both sides are
    /// normalised per §2.2.2: unreserved escapes decoded, non-ASCII,
    /// disallowed and literal reserved characters encoded, hex uppercased.
    NoPercentNormalisation,
    /// Cut every line at [`GOOGLE_MAX_LINE_BYTES`] bytes and parse the kept
    /// start. The RFC sets no line limit.
    LineLengthCut,
    /// The agent of a user-agent line is the leading run of `[A-Za-z_-]` of
    /// its value (`FooBot/1.0` → `FooBot`). Off, the whole value must be a
    /// product token (§2.2.1) or the line names no crawler.
    ProductTokenPrefix,
    /// `*` followed by whitespace and anything (`* bots`) is the global
    /// group. Off, only a value of exactly `*` is.
    StarWithTrailingText,
    /// `/robots.txt` is matched like any other path. Off, it is always
    /// allowed (§2.2.2).
    RobotsTxtNotSpecial,
    /// Parse the whole body, however long. Off, stop at the profile's size
    /// limit (§2.5, at least [`RFC_MIN_SIZE_LIMIT`]).
    NoSizeLimit,
    /// Skip any prefix of the UTF-8 byte order mark (`EF`, `EF BB`,
    /// `EF BB BF`) at the start of the body. Off, only a complete BOM is
    /// skipped, as a UTF-8 decoder would.
    PartialBom,
    /// A NUL byte ends the line's text (and the URL's path), as in Google's
    /// C-string handling. Off, NUL is an ordinary byte.
    NulEndsText,
    /// Trim all ASCII whitespace (space, tab, VT, FF) around keys and values.
    /// Off, only space and tab, the whitespace of RFC 9309's ABNF.
    AsciiWhitespaceTrim,
}

impl Switch {
    /// Every switch, in declaration order.
    pub const ALL: [Switch; 13] = [
        Switch::AcceptTypos,
        Switch::KeyPrefix,
        Switch::MissingColon,
        Switch::IndexHtml,
        Switch::NoPercentNormalisation,
        Switch::LineLengthCut,
        Switch::ProductTokenPrefix,
        Switch::StarWithTrailingText,
        Switch::RobotsTxtNotSpecial,
        Switch::NoSizeLimit,
        Switch::PartialBom,
        Switch::NulEndsText,
        Switch::AsciiWhitespaceTrim,
    ];

    fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// A stable kebab-case name, used in reports and case files.
    pub fn name(self) -> &'static str {
        match self {
            Switch::AcceptTypos => "accept-typos",
            Switch::KeyPrefix => "key-prefix",
            Switch::MissingColon => "missing-colon",
            Switch::IndexHtml => "index-html",
            Switch::NoPercentNormalisation => "no-percent-normalisation",
            Switch::LineLengthCut => "line-length-cut",
            Switch::ProductTokenPrefix => "product-token-prefix",
            Switch::StarWithTrailingText => "star-with-trailing-text",
            Switch::RobotsTxtNotSpecial => "robots-txt-not-special",
            Switch::NoSizeLimit => "no-size-limit",
            Switch::PartialBom => "partial-bom",
            Switch::NulEndsText => "nul-ends-text",
            Switch::AsciiWhitespaceTrim => "ascii-whitespace-trim",
        }
    }

    /// The switch with this [`name`](Switch::name), if any.
    pub fn from_name(name: &str) -> Option<Switch> {
        Switch::ALL.into_iter().find(|switch| switch.name() == name)
    }
}

impl fmt::Display for Switch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of switches plus the parse size limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Profile {
    switches: u32,
    size_limit: usize,
}

impl Profile {
    /// RFC 9309 as written: every switch off, a 500 KiB parse limit.
    pub const RFC9309: Profile = Profile {
        switches: 0,
        size_limit: RFC_MIN_SIZE_LIMIT,
    };

    /// Exactly what Google's open-source parser decides: every switch on.
    pub const GOOGLE: Profile = Profile {
        switches: (1 << Switch::ALL.len()) - 1,
        size_limit: RFC_MIN_SIZE_LIMIT,
    };

    /// The preset called `rfc` or `google`.
    pub fn from_name(name: &str) -> Option<Profile> {
        match name {
            "rfc" | "rfc9309" => Some(Profile::RFC9309),
            "google" => Some(Profile::GOOGLE),
            _ => None,
        }
    }

    /// Whether `switch` is on.
    pub fn is_on(&self, switch: Switch) -> bool {
        self.switches & switch.bit() != 0
    }

    /// This profile with `switch` set to `on`.
    pub fn with(mut self, switch: Switch, on: bool) -> Profile {
        if on {
            self.switches |= switch.bit();
        } else {
            self.switches &= !switch.bit();
        }
        self
    }

    /// This profile with a parse limit of `bytes`, raised to
    /// [`RFC_MIN_SIZE_LIMIT`] if smaller (§2.5 forbids a lower limit). The
    /// limit applies only while [`Switch::NoSizeLimit`] is off.
    pub fn with_size_limit(mut self, bytes: usize) -> Profile {
        self.size_limit = bytes.max(RFC_MIN_SIZE_LIMIT);
        self
    }

    /// The number of body bytes parsed, or `None` when there is no limit.
    pub fn size_limit(&self) -> Option<usize> {
        (!self.is_on(Switch::NoSizeLimit)).then_some(self.size_limit)
    }

    /// The switches whose setting differs between the two profiles.
    pub fn differing_switches(&self, other: &Profile) -> Vec<Switch> {
        Switch::ALL
            .into_iter()
            .filter(|&switch| self.is_on(switch) != other.is_on(switch))
            .collect()
    }

    /// The switches that are on.
    pub fn switches(&self) -> impl Iterator<Item = Switch> + '_ {
        Switch::ALL.into_iter().filter(|&switch| self.is_on(switch))
    }
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::RFC9309
    }
}
