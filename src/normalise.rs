//! Percent-encoding normalisation of patterns and paths.
//!
//! Google's parser only rewrites patterns: non-ASCII bytes become `%XX` and
//! the hex of existing escapes is uppercased; URLs are compared as given.
//! RFC 9309 §2.2.2 normalises both sides the same way before comparing:
//! escapes of unreserved characters are decoded, characters that may not
//! appear literally in a URI (non-ASCII, controls, space, `"<>\^`{|}`) are
//! encoded, and so are reserved characters meant literally. Which reserved
//! characters are "meant literally" depends on where they stand. Following
//! the RFC's own example, where a URL given as a query value has its `:` and
//! `/` encoded, inside the query the general delimiters `:` `/` `?` `@` are
//! data and get encoded, while `&`, `=` and the other sub-delimiters keep
//! their role.
//! In a URL, `*` and `$` are always literal (§2.2.3) and are encoded, so that
//! a pattern matches them only through `%2A` / `%24`.

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
            b':' | b'/' | b'@' => in_query,
            b'?' => std::mem::replace(&mut in_query, true),
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
