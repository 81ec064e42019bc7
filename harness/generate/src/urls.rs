//! URLs aimed at rule boundaries: a pattern itself, one byte more or less,
//! its `*` expanded, its `$` dropped, its escapes flipped, its `index.html`
//! cut to the directory, with or without scheme, query and fragment.

use arbitrary::{Result, Unstructured};

use super::one_in;

use super::body::write_pattern;
use super::vocab::{URL_PREFIXES, URL_SUFFIXES};

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";
const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

/// Every deterministic probe path derived from `pattern`, without scheme or
/// host: the pattern, pattern + a byte, one byte shorter, `*` expanded two
/// ways, a trailing `$` dropped, escapes decoded and bytes escaped, and the
/// directory of an `index.html`.
pub fn variants(pattern: &[u8]) -> Vec<Vec<u8>> {
    let written = |write: &dyn Fn(&mut Vec<u8>)| {
        let mut out = Vec::with_capacity(pattern.len() * 3);
        write(&mut out);
        out
    };
    let mut out = vec![
        pattern.to_vec(),
        [pattern, b"x"].concat(),
        pattern[..pattern.len().saturating_sub(1)].to_vec(),
        written(&|out| replace_stars(pattern, b"", out)),
        written(&|out| replace_stars(pattern, b"ab/", out)),
        pattern.strip_suffix(b"$").unwrap_or(pattern).to_vec(),
        written(&|out| decode_escapes(pattern, out)),
        written(&|out| escape_bytes(pattern, HEX_LOWER, out)),
    ];
    if let Some(at) = find(pattern, b"index.htm") {
        out.push(pattern[..at].to_vec());
    }
    out.sort();
    out.dedup();
    out
}

/// One URL for a check against a body whose rules are `patterns`, written
/// over `url` (its buffer reused): usually a transformed pattern, sometimes
/// a fresh random path. The path is written first and the prefix moved in
/// front of it, the order the stream draws them in.
pub(crate) fn derive(u: &mut Unstructured, patterns: &[Vec<u8>], url: &mut String) -> Result<()> {
    let mut bytes = std::mem::take(url).into_bytes();
    bytes.clear();
    if patterns.is_empty() || one_in(u, 10)? {
        write_pattern(u, &mut bytes)?;
    } else {
        let base = &patterns[u.choose_index(patterns.len())?];
        // Room for the longest transform (every byte escaped), the prefix
        // and a suffix, so the buffer grows at most once.
        bytes.reserve(base.len() * 3 + 48);
        transform(u, base, &mut bytes)?;
    }
    let slash = !bytes.starts_with(b"/") && !one_in(u, 10)?;
    let prefix = u.choose(URL_PREFIXES)?.as_bytes();
    bytes.splice(..0, prefix.iter().chain(slash.then_some(&b'/')).copied());
    if one_in(u, 10)? {
        bytes.extend_from_slice(u.choose(&[&b"?q=%2F"[..], b"?", b"#top", b"?a#b", b"?x=/foo"])?);
    }
    *url = String::from_utf8(bytes).unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
    Ok(())
}

/// Appends to `out` a path derived from `base`.
fn transform(u: &mut Unstructured, base: &[u8], out: &mut Vec<u8>) -> Result<()> {
    match u.int_in_range(0..=9)? {
        0 | 1 => out.extend_from_slice(base),
        2 => {
            out.extend_from_slice(base);
            out.extend_from_slice(u.choose(URL_SUFFIXES)?);
        }
        3 => out.extend_from_slice(&base[..base.len().saturating_sub(1)]),
        4 => replace_stars(base, u.choose(&[&b""[..], b"a", b"abc/", b"*", b"$"])?, out),
        5 => {
            out.extend_from_slice(base.strip_suffix(b"$").unwrap_or(base));
            out.extend_from_slice(u.choose(&[&b""[..], b"x", b"/"])?);
        }
        6 => decode_escapes(base, out),
        7 => escape_bytes(base, if u.arbitrary()? { HEX_UPPER } else { HEX_LOWER }, out),
        8 => match find(base, b"index.htm") {
            Some(at) => out.extend_from_slice(&base[..at]),
            None => {
                out.extend_from_slice(base);
                out.extend_from_slice(b"/index.html");
            }
        },
        _ => {
            let start = out.len();
            out.extend_from_slice(base);
            if !base.is_empty() {
                let at = u.choose_index(base.len())?;
                out.remove(start + at);
            }
        }
    }
    Ok(())
}

/// The length of the URL's `scheme://authority` part (0 when it has none).
pub fn authority_len(url: &str) -> usize {
    match url.find("://") {
        Some(at) => {
            let rest = &url[at + 3..];
            at + 3 + rest.find('/').unwrap_or(rest.len())
        }
        None => 0,
    }
}

/// `url` as a crawler holds it: unchanged when it has a scheme and host,
/// else put on [`ORIGIN`](crate::ORIGIN) as its path (`example.com/x` →
/// `https://example.com/example.com/x`, `` → `https://example.com/`). The
/// stream's bare and empty URLs exercise how a parser finds the path;
/// libraries that take URLs are given absolute ones.
pub fn made_absolute(url: &str) -> String {
    if authority_len(url) > 0 {
        return url.to_owned();
    }
    let slash = if url.starts_with('/') { "" } else { "/" };
    format!("{}{slash}{url}", crate::ORIGIN)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|window| window == needle)
}

fn replace_stars(pattern: &[u8], with: &[u8], out: &mut Vec<u8>) {
    for &byte in pattern {
        if byte == b'*' {
            out.extend_from_slice(with);
        } else {
            out.push(byte);
        }
    }
}

fn hex_value(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|digit| digit as u8)
}

/// Every valid `%XX` replaced by the byte it encodes.
fn decode_escapes(pattern: &[u8], out: &mut Vec<u8>) {
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
}

/// Letters, non-ASCII bytes and escapes' hex flipped to the given case of
/// `%XX`: `/b` becomes `/%62`, `é` becomes `%c3%a9`.
fn escape_bytes(pattern: &[u8], hex: &[u8; 16], out: &mut Vec<u8>) {
    for &byte in pattern {
        if byte.is_ascii_alphabetic() || byte >= 0x80 {
            out.extend_from_slice(&[b'%', hex[usize::from(byte >> 4)], hex[usize::from(byte & 15)]]);
        } else {
            out.push(byte);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_without_scheme_and_host_is_put_on_the_origin() {
        assert_eq!(made_absolute(""), "https://example.com/");
        assert_eq!(made_absolute("/a?q"), "https://example.com/a?q");
        assert_eq!(made_absolute("example.com/x"), "https://example.com/example.com/x");
        assert_eq!(made_absolute("//example.com/x"), "https://example.com//example.com/x");
        assert_eq!(made_absolute("ftp://x/y"), "ftp://x/y");
        assert_eq!(authority_len("https://a.b/c"), "https://a.b".len());
        assert_eq!(authority_len("/c"), 0);
    }

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
        let mut out = Vec::new();
        decode_escapes(b"/%62a%zz%4", &mut out);
        assert_eq!(out, b"/ba%zz%4");
        out.clear();
        escape_bytes("/bé".as_bytes(), HEX_LOWER, &mut out);
        assert_eq!(out, b"/%62%c3%a9");
    }
}
