//! From one line to a directive: comment, whitespace, the key/value split
//! and key recognition, with each Google leniency behind its switch.

use crate::lines::Line;
use crate::profile::{Profile, Switch};
use crate::word::{first_word, leading_run};

/// The keys that matter to matching (plus sitemaps, kept for callers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    UserAgent,
    Allow,
    Disallow,
    Sitemap,
}

impl Key {
    /// The key as RFC 9309 (or, for sitemaps, common use) spells it.
    pub fn name(self) -> &'static str {
        match self {
            Key::UserAgent => "user-agent",
            Key::Allow => "allow",
            Key::Disallow => "disallow",
            Key::Sitemap => "sitemap",
        }
    }

    /// Google's accepted misspellings. Each starts with the key's own first
    /// letter, which [`recognise`] relies on.
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

/// Something worth a diagnostic about a line, kept as slices so that a
/// caller who does not want diagnostics pays nothing for them.
pub(crate) enum Note<'a> {
    UnknownKey(&'a [u8]),
    Misspelling(&'a [u8], Key),
    KeyPrefix(&'a [u8], Key),
    MissingColon { accepted: bool },
    Unparsable,
}

/// What a line turned out to be.
pub(crate) enum LineContent<'a> {
    /// Empty, or only a comment.
    Blank,
    /// A recognised key, possibly with a note (misspelling, prefix, no colon).
    Directive(Directive<'a>, Option<Note<'a>>),
    /// Text that yields no usable directive, and why.
    Ignored(Note<'a>),
}

pub(crate) fn is_trimmed_space(byte: u8, profile: &Profile) -> bool {
    match byte {
        b' ' | b'\t' => true,
        // Google trims with absl's ASCII whitespace set; CR and LF never
        // reach here because they end lines.
        0x0B | 0x0C => profile.is_on(Switch::AsciiWhitespaceTrim),
        _ => false,
    }
}

/// How many of the first bytes of `text` are [trimmed](is_trimmed_space).
/// Pages of HTML served as robots.txt are often deeply indented with
/// spaces, which are counted a word at a time.
#[inline(always)]
pub(crate) fn leading_blanks(text: &[u8], profile: &Profile) -> usize {
    match text {
        [first, ..] if *first > b' ' => 0,
        // How nearly every value starts after its colon.
        [b' ', next, ..] if *next > b' ' => 1,
        _ => {
            let spaces = leading_run(text, b' ');
            spaces
                + text[spaces..]
                    .iter()
                    .take_while(|&&byte| is_trimmed_space(byte, profile))
                    .count()
        }
    }
}

pub(crate) fn trim<'a>(mut text: &'a [u8], profile: &Profile) -> &'a [u8] {
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

/// `key` starts with `name` (whose letters are lowercase), ignoring ASCII case.
fn starts_with_name(key: &[u8], name: &str) -> bool {
    key.len() >= name.len()
        && key
            .iter()
            .zip(name.as_bytes())
            .all(|(k, n)| k.to_ascii_lowercase() == *n)
}

/// The first (up to) eight bytes of `bytes` as a word, padded with spaces,
/// with bit 5 of every byte set. Setting bit 5 lowercases ASCII letters, and
/// a space pads, so a word equal to one of the constants below means that
/// key in some mix of cases, with one exception: the only other byte bit 5
/// maps to `-` is CR. The bytes read here run past the line's end (they are
/// the rest of the region), so `User\ragent` folds to `user-agent` too, and
/// [`common_key_at`] checks the `-` itself.
fn folded_word(bytes: &[u8]) -> u64 {
    first_word(bytes, b' ') | 0x2020_2020_2020_2020
}

const DISALLOW: u64 = u64::from_le_bytes(*b"disallow");
const USER_AGE: u64 = u64::from_le_bytes(*b"user-age");
const ALLOW: u64 = u64::from_le_bytes(*b"allow   ");
/// The bytes of a folded word that hold the five letters of `allow`.
const FIVE_BYTES: u64 = 0xFF_FFFF_FFFF;

/// The three keys nearly every line uses, when `text` starts with one of
/// them spelled exactly (in any case): the key and its length. The key is
/// letters and `-` only, so it never holds a line end: `text` may run on
/// past the line, and the key is still within it.
fn common_key_at(text: &[u8]) -> Option<(Key, usize)> {
    let folded = folded_word(text);
    if folded == DISALLOW {
        Some((Key::Disallow, 8))
    } else if folded == USER_AGE
        && text.get(4) == Some(&b'-')
        && text.get(8..10).is_some_and(|end| end.eq_ignore_ascii_case(b"nt"))
    {
        Some((Key::UserAgent, 10))
    } else if folded & FIVE_BYTES == ALLOW & FIVE_BYTES {
        Some((Key::Allow, 5))
    } else {
        None
    }
}

/// The common keys as a whole key: one 8-byte comparison instead of the
/// general search.
fn common_key(key: &[u8]) -> Option<Key> {
    common_key_at(key).and_then(|(found, length)| (length == key.len()).then_some(found))
}

/// The shape of nearly every line, read without the general parse: `text`
/// (a line from its first non-blank byte, running on to the end of the
/// region) starts with a common key spelled exactly, optional blanks and a
/// colon. Gives the key and the offset just past the colon; everything
/// before it is letters, `-`, blanks and `:`, never a line end, so the
/// offset lies within the line.
/// [`parse_line`] reads such a line the same way: the colon is its first,
/// no `#` or NUL comes before it, and the key trims to the common key.
#[inline(always)]
pub(crate) fn common_directive(text: &[u8], profile: &Profile) -> Option<(Key, usize)> {
    let (key, length) = common_key_at(text)?;
    if text.get(length) == Some(&b':') {
        // How nearly every such line is written: no blanks to count.
        return Some((key, length + 1));
    }
    let blanks = text
        .get(length..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&byte| is_trimmed_space(byte, profile))
        .count();
    (text.get(length + blanks) == Some(&b':')).then_some((key, length + blanks + 1))
}

fn recognise<'a>(key: &'a [u8], profile: &Profile) -> Option<(Key, Option<Note<'a>>)> {
    if let Some(key) = common_key(key) {
        return Some((key, None));
    }
    let prefix = profile.is_on(Switch::KeyPrefix);
    let typos = profile.is_on(Switch::AcceptTypos);
    let fits = |name: &str| starts_with_name(key, name) && (prefix || key.len() == name.len());
    let first = key.first()?.to_ascii_lowercase();
    for candidate in KEYS {
        let name = candidate.name();
        if name.as_bytes().first() != Some(&first) {
            continue;
        }
        if fits(name) {
            let note = (key.len() != name.len()).then_some(Note::KeyPrefix(key, candidate));
            return Some((candidate, note));
        }
        if typos && candidate.typos().iter().any(|typo| fits(typo)) {
            return Some((candidate, Some(Note::Misspelling(key, candidate))));
        }
    }
    None
}

/// Reads one scanned line under `profile`.
pub(crate) fn parse_line<'a>(line: &Line<'a>, profile: &Profile) -> LineContent<'a> {
    let text = trim(line.text_between(0, profile), profile);
    if text.is_empty() {
        return LineContent::Blank;
    }
    let mut note = None;
    let (key, value) = match text.iter().position(|&b| b == b':') {
        Some(colon) => (&text[..colon], &text[colon + 1..]),
        None => match split_without_colon(text) {
            ColonlessSplit::TwoWords(key, value) if profile.is_on(Switch::MissingColon) => {
                note = Some(Note::MissingColon { accepted: true });
                (key, value)
            }
            ColonlessSplit::TwoWords(..) | ColonlessSplit::TooManyWords => {
                return LineContent::Ignored(Note::MissingColon { accepted: false })
            }
            ColonlessSplit::OneWord => return LineContent::Ignored(Note::Unparsable),
        },
    };
    let key = trim(key, profile);
    if key.is_empty() {
        return LineContent::Ignored(Note::Unparsable);
    }
    match recognise(key, profile) {
        Some((key, key_note)) => LineContent::Directive(
            Directive {
                key,
                value: trim(value, profile),
            },
            key_note.or(note),
        ),
        None => LineContent::Ignored(Note::UnknownKey(key)),
    }
}

#[cfg(test)]
mod tests {
    use super::{common_directive, is_trimmed_space, leading_blanks};
    use crate::Profile;

    #[test]
    fn a_common_directive_never_runs_across_a_line_end() {
        // Case folding maps CR to `-`: `User\ragent:` is two lines, not a
        // user-agent line (the 12-byte panic of issue 27).
        for key in [
            &b"User-agent:"[..],
            b"user-agent \t:",
            b"Disallow:",
            b"DISALLOW :",
            b"allow:",
        ] {
            for at in 0..key.len() {
                for line_end in [b'\r', b'\n'] {
                    let mut replaced = key.to_vec();
                    replaced[at] = line_end;
                    let mut inserted = key.to_vec();
                    inserted.insert(at, line_end);
                    for text in [replaced, inserted] {
                        if let Some((_, after_colon)) = common_directive(&text, &Profile::GOOGLE) {
                            assert!(
                                !text[..after_colon].contains(&line_end),
                                "{:?} read as one line",
                                String::from_utf8_lossy(&text)
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn leading_blanks_counts_what_trimming_would_drop() {
        let texts: &[&[u8]] = &[
            b"",
            b"x",
            b" x",
            b" \tx",
            b"  x",
            b"\t\tx",
            b" \x0bx",
            b"\x0c x",
            b"           x",
            b"                 \t  \x0b x",
            b" ",
            b"   ",
            b" \n",
            b"\0x",
            b" \0",
        ];
        for profile in [Profile::GOOGLE, Profile::RFC9309] {
            for &text in texts {
                let expected = text.iter().take_while(|&&b| is_trimmed_space(b, &profile)).count();
                assert_eq!(leading_blanks(text, &profile), expected, "{text:?} under {profile:?}");
            }
        }
    }
}
