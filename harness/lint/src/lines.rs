//! The body as numbered lines, as the matcher numbers them: LF, CRLF and a
//! lone CR each end a line. Each line keeps its line end, so that joining
//! any subset in order gives a body with exactly those lines.

use crate::model::Line;

/// The lines of `body`, each with its line end.
pub fn with_ends(body: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < body.len() {
        match body[at] {
            b'\n' => at += 1,
            b'\r' if body.get(at + 1) == Some(&b'\n') => at += 2,
            b'\r' => at += 1,
            _ => {
                at += 1;
                continue;
            }
        }
        lines.push(&body[start..at]);
        start = at;
    }
    if start < body.len() {
        lines.push(&body[start..]);
    }
    lines
}

/// Line `number` (1-based) of `lines` for a report: without its line end,
/// lossily UTF-8.
pub fn shown(lines: &[&[u8]], number: u32) -> Line {
    let raw = lines.get(number as usize - 1).copied().unwrap_or_default();
    let text = raw.strip_suffix(b"\n").unwrap_or(raw);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    Line {
        number,
        text: String::from_utf8_lossy(text).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_end_ends_a_line_and_joining_gives_the_body_back() {
        let body = b"a\rb\r\nc\nd";
        let lines = with_ends(body);
        assert_eq!(lines, [&b"a\r"[..], b"b\r\n", b"c\n", b"d"]);
        assert_eq!(lines.concat(), body);
        assert_eq!(shown(&lines, 2).text, "b");
        assert_eq!(with_ends(b"").len(), 0);
    }
}
