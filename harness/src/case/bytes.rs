//! Decoders for the byte-exact body forms of a case: the escaped form
//! (`robots_escaped`, `escaped` parts) and base64 (`robots_base64`, `base64`
//! parts), plus the base64 encoder the adapter protocol uses for bodies that
//! are not UTF-8.

/// Decodes the escaped body form: `\n \r \t \0 \\ \" \xHH` (one byte) and
/// `\u{H…}` (a code point, written as UTF-8). Every other character stands
/// for its own UTF-8 bytes.
///
/// On error, returns the character offset of the offending backslash and what
/// is wrong.
pub fn unescape(text: &str) -> Result<Vec<u8>, (usize, String)> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.char_indices().enumerate().peekable();
    while let Some((offset, (_, c))) = chars.next() {
        if c != '\\' {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        let Some((_, (_, escape))) = chars.next() else {
            return Err((
                offset,
                "a lone `\\` ends the value; write `\\\\` for a backslash".into(),
            ));
        };
        match escape {
            'n' => out.push(b'\n'),
            'r' => out.push(b'\r'),
            't' => out.push(b'\t'),
            '0' => out.push(0),
            '\\' => out.push(b'\\'),
            '"' => out.push(b'"'),
            'x' => {
                let hex: String = (0..2).filter_map(|_| chars.next().map(|(_, (_, h))| h)).collect();
                match u8::from_str_radix(&hex, 16) {
                    Ok(byte) if hex.len() == 2 => out.push(byte),
                    _ => {
                        return Err((
                            offset,
                            format!(
                                "`\\x{hex}` is not an escape: `\\x` takes exactly two hex digits (`\\x00`..`\\xFF`)"
                            ),
                        ))
                    }
                }
            }
            'u' => {
                let mut hex = String::new();
                let mut closed = false;
                if matches!(chars.peek(), Some((_, (_, '{')))) {
                    chars.next();
                    for (_, (_, h)) in chars.by_ref() {
                        if h == '}' {
                            closed = true;
                            break;
                        }
                        hex.push(h);
                    }
                }
                let code = u32::from_str_radix(&hex, 16)
                    .ok()
                    .filter(|_| closed && (1..=6).contains(&hex.len()));
                match code.and_then(char::from_u32) {
                    Some(ch) => {
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                    }
                    None => {
                        return Err((
                            offset,
                            format!(
                                "`\\u{{{hex}` is not an escape: write `\\u{{H…}}` with 1 to 6 hex digits naming a Unicode scalar value"
                            ),
                        ))
                    }
                }
            }
            other => {
                return Err((
                    offset,
                    format!("`\\{other}` is not an escape; use one of \\n \\r \\t \\0 \\\\ \\\" \\xHH \\u{{H…}}"),
                ))
            }
        }
    }
    Ok(out)
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Decodes standard base64 (RFC 4648 §4, `=` padding optional). ASCII
/// whitespace is ignored, so long values may be folded over several lines.
///
/// On error, returns the character offset of the problem and what is wrong.
pub fn decode_base64(text: &str) -> Result<Vec<u8>, (usize, String)> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let mut acc: u32 = 0;
    let mut bits = 0;
    let mut padding = 0;
    let mut digits = 0usize;
    for (offset, c) in text.chars().enumerate() {
        if c.is_ascii_whitespace() {
            continue;
        }
        if c == '=' {
            padding += 1;
            continue;
        }
        let value = match ALPHABET.iter().position(|&a| a as char == c) {
            Some(value) if padding == 0 => value as u32,
            Some(_) => return Err((offset, "data after `=` padding".into())),
            None => {
                return Err((
                    offset,
                    format!("{c:?} is not a base64 character (A-Z a-z 0-9 + / and = padding)"),
                ))
            }
        };
        digits += 1;
        acc = (acc << 6) | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if digits % 4 == 1 || (padding > 0 && !(digits + padding).is_multiple_of(4)) || padding > 2 {
        return Err((
            text.chars().count(),
            "the base64 text is truncated: its length (without whitespace) must be a multiple of 4 with padding".into(),
        ));
    }
    Ok(out)
}

/// Encodes `bytes` as standard padded base64.
pub fn encode_base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &b)| acc | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_to_bytes() {
        assert_eq!(
            unescape(r#"a\r\n\t\0\\\"\xFF\u{e9}z"#).unwrap(),
            b"a\r\n\t\0\\\"\xFF\xC3\xA9z".to_vec()
        );
    }

    #[test]
    fn bad_escapes_name_their_offset() {
        assert_eq!(unescape(r"ab\q").unwrap_err().0, 2);
        assert!(unescape(r"\x4").is_err());
        assert!(unescape(r"\xZZ").is_err());
        assert!(unescape(r"\u{110000}").is_err());
        assert!(unescape(r"\u{41").is_err());
        assert!(unescape("end\\").is_err());
    }

    #[test]
    fn base64_round_trips() {
        for input in [
            &b""[..],
            b"f",
            b"fo",
            b"foo",
            b"foob",
            b"fooba",
            b"foobar",
            b"\x00\xFF\xFE",
        ] {
            let encoded = encode_base64(input);
            assert_eq!(decode_base64(&encoded).unwrap(), input, "{encoded}");
        }
        assert_eq!(encode_base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(decode_base64("VXNlci1hZ2VudDogKgo=").unwrap(), b"User-agent: *\n");
        assert_eq!(decode_base64("Zm9v\n YmE=").unwrap(), b"fooba");
    }

    #[test]
    fn bad_base64_is_an_error() {
        assert_eq!(decode_base64("Zm9v!").unwrap_err().0, 4);
        assert!(decode_base64("Zm9vY").is_err());
        assert!(decode_base64("Zg=a").is_err());
        assert!(decode_base64("Zg=").is_err());
    }
}
