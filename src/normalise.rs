//! Percent-encoding normalisation of patterns and paths.
//!
//! Google's parser only rewrites patterns: non-ASCII bytes become `%XX` and
//! the hex of existing escapes is uppercased; URLs are compared as given.
//!
//! RFC 9309 §2.2.2 normalises both sides before comparing. The normal form
//! used here (`rfc`), applied the same way to a rule's pattern and to the
//! URL's path and query:
//!
//! 1. An escape of an unreserved character (`A-Z a-z 0-9 - . _ ~`) is
//!    decoded; every other well-formed escape keeps its octet, with its hex
//!    upper-cased (`%2f` is `%2F`).
//! 2. Octets that may not appear literally in a URI — controls, space,
//!    `"<>\^`{|}`, DEL and everything outside ASCII — are encoded, and so is
//!    a `%` that does not start a well-formed escape.
//! 3. In the URL, `*` and `$` are always literal and are encoded, so a
//!    pattern reaches them only by writing `%2A` / `%24` (§2.2.3). In a
//!    pattern `*` is the wildcard and a final `$` the end anchor; a `$`
//!    anywhere else is taken literally (§2.2.3 gives it no meaning there;
//!    reading `mid-pattern-dollar` in `cases/readings.yaml`).
//! 4. In the query — everything after the first `?` — `:` and `/` are data
//!    and are encoded, exactly as the table in §2.2.2 shows for
//!    `/foo/bar?baz=https://foo.bar`. No other reserved character is
//!    rewritten: the table shows only these two, and RFC 3986 makes a
//!    reserved character and its escape different strings, so `@`, a second
//!    `?`, `[ ]` and the sub-delimiters compare as written (reading
//!    `reserved-characters-as-written`).
//!
//! A pattern knows it stands in the query only after its own `?`. Before
//! that, and in particular after a `*`, its `:` and `/` may be meant for
//! the path or for the query, and no single spelling serves both: in the
//! path `/` and `%2F` differ, in the query they are the same. So the URL is
//! compared in two spellings of the same query — the normal form above
//! (`%3A`, `%2F`: the table's "path to match") and the same with those two
//! escapes written back as `:` and `/` ([`query_delimiters_raw`]) — and a
//! rule matches if it matches either. `Disallow: /*url=http://` then reaches
//! `?url=http://x` and `?url=http%3A%2F%2Fx` alike, while a pattern that
//! writes `?` first (`/go?url=https://`) or writes the escapes itself
//! (`/*url=http%3A%2F%2F`) matches through the first spelling. What neither
//! spelling serves is a pattern that mixes a raw and an encoded form of
//! these two characters before its `?` and needs both inside the query.
//! (Reading `query-delimiters`.)
//!
//! A rule's priority is the length of its pattern in the normal form, so a
//! rule written `/foo/bar?baz=https://foo.bar` and one written with `%3A%2F`
//! are the same length, and `/%7Ea` counts as the three octets `/~a`.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn push_escaped(out: &mut Vec<u8>, byte: u8) {
    out.extend_from_slice(&[b'%', HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xF)]]);
}

fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// The escape `%XY` starting at `text[i]`, decoded, if well formed.
fn escape_at(text: &[u8], i: usize) -> Option<u8> {
    if text.get(i) != Some(&b'%') {
        return None;
    }
    Some(hex_value(*text.get(i + 1)?)? << 4 | hex_value(*text.get(i + 2)?)?)
}

/// Google's `MaybeEscapePattern`: escape bytes ≥ 0x80, uppercase escapes.
pub(crate) fn google_pattern(pattern: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < pattern.len() {
        let byte = pattern[i];
        if escape_at(pattern, i).is_some() {
            out.extend_from_slice(&[
                b'%',
                pattern[i + 1].to_ascii_uppercase(),
                pattern[i + 2].to_ascii_uppercase(),
            ]);
            i += 3;
            continue;
        }
        if byte >= 0x80 {
            push_escaped(out, byte);
        } else {
            out.push(byte);
        }
        i += 1;
    }
}

fn is_unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

fn never_literal_in_uri(byte: u8) -> bool {
    byte <= 0x20 || byte >= 0x7F || matches!(byte, b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}')
}

/// Which side of the comparison is being normalised.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// A rule's pattern: `*` is a wildcard and a final `$` an anchor.
    Pattern,
    /// The URL's path and query: every character is literal.
    Path,
}

/// RFC 9309 §2.2.2 normalisation of `text`, appended to `out`.
pub(crate) fn rfc(text: &[u8], side: Side, out: &mut Vec<u8>) {
    let mut in_query = false;
    let mut i = 0;
    while i < text.len() {
        let byte = text[i];
        if let Some(decoded) = escape_at(text, i) {
            if is_unreserved(decoded) {
                out.push(decoded);
            } else {
                push_escaped(out, decoded);
            }
            i += 3;
            continue;
        }
        let last = i + 1 == text.len();
        let literal_only = match byte {
            b'%' => true, // not a well-formed escape: a literal percent sign
            b'*' => side == Side::Path,
            b'$' => side == Side::Path || !last,
            b':' | b'/' => in_query,
            b'?' => {
                in_query = true;
                false
            }
            _ => never_literal_in_uri(byte),
        };
        if literal_only {
            push_escaped(out, byte);
        } else {
            out.push(byte);
        }
        i += 1;
    }
}

/// `path`, a URL already in the normal form, with the escapes `%3A` and
/// `%2F` in its query written back as `:` and `/`: the second spelling a
/// rule is compared with (see the module documentation). `None` when the
/// query holds neither escape, so the two spellings are the same.
pub(crate) fn query_delimiters_raw(path: &[u8]) -> Option<Vec<u8>> {
    let query = path.iter().position(|&b| b == b'?')?;
    let is_delimiter_escape = |escape: &[u8]| escape == b"%3A" || escape == b"%2F";
    if !path[query..].windows(3).any(is_delimiter_escape) {
        return None;
    }
    let mut raw = Vec::with_capacity(path.len());
    raw.extend_from_slice(&path[..query]);
    let mut i = query;
    while i < path.len() {
        // In the normal form every `%` starts a three-byte escape.
        match path.get(i..i + 3) {
            Some(b"%3A") => raw.push(b':'),
            Some(b"%2F") => raw.push(b'/'),
            Some(escape) if escape[0] == b'%' => raw.extend_from_slice(escape),
            _ => {
                raw.push(path[i]);
                i += 1;
                continue;
            }
        }
        i += 3;
    }
    Some(raw)
}

#[cfg(test)]
mod tests {
    use super::{query_delimiters_raw, rfc, Side};

    fn normalised(text: &str, side: Side) -> String {
        let mut out = Vec::new();
        rfc(text.as_bytes(), side, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn only_colon_and_slash_are_encoded_in_the_query() {
        assert_eq!(
            normalised("/a:b/c?u=http://x@y?z&k=(v)", Side::Path),
            "/a:b/c?u=http%3A%2F%2Fx@y?z&k=(v)"
        );
        assert_eq!(normalised("/*u=http://x?q=a:b", Side::Pattern), "/*u=http://x?q=a%3Ab");
    }

    #[test]
    fn the_raw_spelling_decodes_only_query_delimiters() {
        let raw = |path: &str| query_delimiters_raw(path.as_bytes()).map(|raw| String::from_utf8(raw).unwrap());
        assert_eq!(
            raw("/a%2Fb?u=%3A%2F%2Fx%40y%253A").as_deref(),
            Some("/a%2Fb?u=://x%40y%253A")
        );
        assert_eq!(raw("/a%2Fb?u=x%40y"), None);
        assert_eq!(raw("/a%2Fb"), None);
    }
}
