//! Seed mode: small mutations of a real file (the corpus, the suite's cases)
//! so the generator also explores the neighbourhood of real-world inputs.

use arbitrary::{Result, Unstructured};

use super::body::pattern;
use super::vocab::{DISALLOW_KEYS, GARBAGE, SEPARATORS};

/// `file` with one to four mutations: lines deleted, duplicated or inserted,
/// line ends rewritten, key case flipped, a colon turned into a space, a BOM
/// prepended, the body truncated (at a line's end or inside it), special
/// bytes inserted.
pub(crate) fn mutate(u: &mut Unstructured, file: &[u8]) -> Result<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = split_lines(file);
    let rounds = u.int_in_range(0..=4)?;
    for _ in 0..rounds {
        let at = if lines.is_empty() {
            0
        } else {
            u.choose_index(lines.len())?
        };
        match u.int_in_range(0..=8)? {
            0 if !lines.is_empty() => {
                lines.remove(at);
            }
            1 if !lines.is_empty() => {
                let copy = lines[at].clone();
                lines.insert(at, copy);
            }
            2 => {
                let mut line = u.choose(DISALLOW_KEYS)?.as_bytes().to_vec();
                line.extend_from_slice(u.choose(SEPARATORS)?.as_bytes());
                line.extend_from_slice(&pattern(u)?);
                line.push(b'\n');
                lines.insert(at, line);
            }
            3 => {
                let ending: &[u8] = u.choose(&[&b"\r"[..], b"\r\n", b"\n"])?;
                for line in &mut lines {
                    let text_len = line
                        .iter()
                        .position(|&b| b == b'\r' || b == b'\n')
                        .unwrap_or(line.len());
                    line.truncate(text_len);
                    line.extend_from_slice(ending);
                }
            }
            4 if !lines.is_empty() => lines[at].iter_mut().for_each(|b| *b = flip_case(*b)),
            5 if !lines.is_empty() => {
                if let Some(colon) = lines[at].iter().position(|&b| b == b':') {
                    lines[at][colon] = b' ';
                }
            }
            6 => lines.insert(0, u.choose(&[&b"\xef\xbb\xbf"[..], b"\xef\xbb", b"\xef"])?.to_vec()),
            7 if !lines.is_empty() => {
                // The file ends at or inside a line: mid-key, mid-value, or
                // with the line whole.
                lines.truncate(at + 1);
                let kept = u.int_in_range(0..=lines[at].len())?;
                lines[at].truncate(kept);
            }
            _ if !lines.is_empty() => {
                let line = &mut lines[at];
                let offset = u.int_in_range(0..=line.len())?;
                line.insert(offset, *u.choose(GARBAGE)?);
            }
            _ => {}
        }
    }
    Ok(lines.concat())
}

fn flip_case(byte: u8) -> u8 {
    if byte.is_ascii_lowercase() {
        byte.to_ascii_uppercase()
    } else {
        byte.to_ascii_lowercase()
    }
}

/// Lines with their terminators (LF, CRLF or CR) kept, so concatenating
/// them gives the input back.
pub fn split_lines(body: &[u8]) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < body.len() {
        let end = match body[i] {
            b'\n' => Some(i + 1),
            b'\r' if body.get(i + 1) == Some(&b'\n') => Some(i + 2),
            b'\r' => Some(i + 1),
            _ => None,
        };
        match end {
            Some(end) => {
                lines.push(body[start..end].to_vec());
                start = end;
                i = end;
            }
            None => i += 1,
        }
    }
    if start < body.len() {
        lines.push(body[start..].to_vec());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::split_lines;

    #[test]
    fn split_keeps_every_byte() {
        let body = b"a\r\nb\rc\n\nd";
        let lines = split_lines(body);
        assert_eq!(lines.len(), 5);
        assert_eq!(lines.concat(), body);
    }
}
