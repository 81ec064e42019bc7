//! URLs aimed at rule boundaries: a pattern itself, one byte more or less,
//! its `*` expanded, its `$` dropped, its escapes flipped, its `index.html`
//! cut to the directory, with or without scheme, query and fragment.

use arbitrary::{Result, Unstructured};

use super::one_in;

use super::body::pattern;
use super::vocab::{URL_PREFIXES, URL_SUFFIXES};

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";
const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

/// Every deterministic probe path derived from `pattern`, without scheme or
/// host: the pattern, pattern + a byte, one byte shorter, `*` expanded two
/// ways, a trailing `$` dropped, escapes decoded and bytes escaped, and the
/// directory of an `index.html`.
pub fn variants(pattern: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![
        pattern.to_vec(),
        [pattern, b"x"].concat(),
        pattern[..pattern.len().saturating_sub(1)].to_vec(),
        replace_stars(pattern, b""),
        replace_stars(pattern, b"ab/"),
        pattern.strip_suffix(b"$").unwrap_or(pattern).to_vec(),
        decode_escapes(pattern),
        escape_bytes(pattern, HEX_LOWER),
    ];
    if let Some(at) = find(pattern, b"index.htm") {
        out.push(pattern[..at].to_vec());
    }
    out.sort();
    out.dedup();
    out
}

/// One URL for a check against a body whose rules are `patterns`: usually a
/// transformed pattern, sometimes a fresh random path.
pub(crate) fn derive(u: &mut Unstructured, patterns: &[Vec<u8>]) -> Result<String> {
    let mut path = if patterns.is_empty() || one_in(u, 10)? {
        pattern(u)?
    } else {
        let base = &patterns[u.choose_index(patterns.len())?];
        transform(u, base)?
    };
    if !path.starts_with(b"/") && !one_in(u, 10)? {
        path.insert(0, b'/');
    }
    let mut url = u.choose(URL_PREFIXES)?.as_bytes().to_vec();
    url.extend_from_slice(&path);
    if one_in(u, 10)? {
        url.extend_from_slice(u.choose(&[&b"?q=%2F"[..], b"?", b"#top", b"?a#b", b"?x=/foo"])?);
    }
    Ok(String::from_utf8_lossy(&url).into_owned())
}

fn transform(u: &mut Unstructured, base: &[u8]) -> Result<Vec<u8>> {
    Ok(match u.int_in_range(0..=9)? {
        0 | 1 => base.to_vec(),
        2 => [base, u.choose(URL_SUFFIXES)?].concat(),
        3 => base[..base.len().saturating_sub(1)].to_vec(),
        4 => replace_stars(base, u.choose(&[&b""[..], b"a", b"abc/", b"*", b"$"])?),
        5 => {
            let without = base.strip_suffix(b"$").unwrap_or(base);
            [without, u.choose(&[&b""[..], b"x", b"/"])?].concat()
        }
        6 => decode_escapes(base),
        7 => escape_bytes(base, if u.arbitrary()? { HEX_UPPER } else { HEX_LOWER }),
        8 => match find(base, b"index.htm") {
            Some(at) => base[..at].to_vec(),
            None => [base, b"/index.html"].concat(),
        },
        _ => {
            let mut path = base.to_vec();
            if !path.is_empty() {
                let at = u.choose_index(path.len())?;
                path.remove(at);
            }
            path
        }
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|window| window == needle)
}

fn replace_stars(pattern: &[u8], with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pattern.len());
    for &byte in pattern {
        if byte == b'*' {
            out.extend_from_slice(with);
        } else {
            out.push(byte);
        }
    }
    out
}

fn hex_value(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|digit| digit as u8)
}

/// Every valid `%XX` replaced by the byte it encodes.
fn decode_escapes(pattern: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pattern.len());
    let mut i = 0;
    while i < pattern.len() {
        if pattern[i] == b'%' && i + 2 < pattern.len() {
            if let (Some(high), Some(low)) = (hex_value(pattern[i + 1]), hex_value(pattern[i + 2])) {
                out.push(high * 16 + low);
                i += 3;
                continue;
            }
        }
        out.push(pattern[i]);
        i += 1;
    }
    out
}

/// Letters, non-ASCII bytes and escapes' hex flipped to the given case of
/// `%XX`: `/b` becomes `/%62`, `é` becomes `%c3%a9`.
fn escape_bytes(pattern: &[u8], hex: &[u8; 16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pattern.len() * 3);
    for &byte in pattern {
        if byte.is_ascii_alphabetic() || byte >= 0x80 {
            out.extend_from_slice(&[b'%', hex[usize::from(byte >> 4)], hex[usize::from(byte & 15)]]);
        } else {
            out.push(byte);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_land_on_the_boundary() {
        let probes = variants(b"/a*/index.html$");
        for expected in [
            &b"/a*/index.html$"[..],
            b"/a*/index.html$x",
            b"/a*/index.html",
            b"/a/index.html$",
            b"/aab//index.html$",
            b"/a*/",
        ] {
            assert!(
                probes.iter().any(|p| p == expected),
                "{:?} missing",
                String::from_utf8_lossy(expected)
            );
        }
    }

    #[test]
    fn escapes_flip_both_ways() {
        assert_eq!(decode_escapes(b"/%62a%zz%4"), b"/ba%zz%4");
        assert_eq!(escape_bytes("/bé".as_bytes(), HEX_LOWER), b"/%62%c3%a9");
    }
}
