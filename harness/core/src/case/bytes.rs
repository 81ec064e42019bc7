//! Decoders for the byte-exact body forms of a case: the escaped form
//! (`robots_escaped`, `escaped` parts) and base64 (`robots_base64`, `base64`
//! parts).

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

/// Decodes standard base64 (RFC 4648 §4, `=` padding optional). ASCII
/// whitespace is ignored, so long values may be folded over several lines.
///
/// On error, returns the character offset of the problem and what is wrong.
pub fn decode_base64(text: &str) -> Result<Vec<u8>, (usize, String)> {
    use base64::engine::{general_purpose::GeneralPurpose, DecodePaddingMode, GeneralPurposeConfig};
    use base64::{alphabet, DecodeError, Engine as _};
    const LENIENT: GeneralPurpose = GeneralPurpose::new(
        &alphabet::STANDARD,
        GeneralPurposeConfig::new()
            .with_decode_padding_mode(DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    // Offsets in the decoder's input map back to characters of `text`.
    let kept: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_ascii_whitespace())
        .collect();
    if let Some(&(offset, c)) = kept.iter().find(|(_, c)| !c.is_ascii()) {
        return Err((
            offset,
            format!("{c:?} is not a base64 character (A-Z a-z 0-9 + / and = padding)"),
        ));
    }
    let compact: String = kept.iter().map(|&(_, c)| c).collect();
    let truncated = || {
        (
            text.chars().count(),
            "the base64 text is truncated: its length (without whitespace) must be a multiple of 4 with padding"
                .to_string(),
        )
    };
    // Padding is optional, but padding that is there must be whole.
    if compact.contains('=') && !compact.len().is_multiple_of(4) {
        return Err(truncated());
    }
    let at = |index: usize| kept.get(index).map_or(text.chars().count(), |&(offset, _)| offset);
    LENIENT.decode(&compact).map_err(|error| match error {
        DecodeError::InvalidByte(index, b'=') | DecodeError::InvalidLastSymbol(index, b'=') => {
            (at(index), "data after `=` padding".into())
        }
        DecodeError::InvalidByte(index, byte) | DecodeError::InvalidLastSymbol(index, byte) => (
            at(index),
            format!(
                "{:?} is not a base64 character (A-Z a-z 0-9 + / and = padding)",
                byte as char
            ),
        ),
        DecodeError::InvalidLength(_) | DecodeError::InvalidPadding => truncated(),
    })
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
            let encoded = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, input);
            assert_eq!(decode_base64(&encoded).unwrap(), input, "{encoded}");
            assert_eq!(
                decode_base64(encoded.trim_end_matches('=')).unwrap(),
                input,
                "{encoded}"
            );
        }
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
