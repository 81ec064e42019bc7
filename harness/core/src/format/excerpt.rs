//! The few lines of a body worth showing next to a failure, made printable.

use super::escape::{control_escape, invalid_byte_escape};

/// One line of an excerpt, or a marker for skipped lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExcerptLine {
    /// A body line: its 1-based number, its printable text, and whether it is
    /// one of the lines asked for.
    Line(u32, String, bool),
    /// This many lines were left out.
    Gap(usize),
}

/// Lines kept on each side of an interesting line.
const CONTEXT: u32 = 2;
/// Lines shown when no line is interesting.
const HEAD: u32 = 6;
/// Characters shown of one line.
const WIDTH: usize = 100;

/// The lines of `body` around `marked` (1-based numbers; the first lines
/// when empty). Lines end at CR, LF or CRLF, as in the matcher's numbering;
/// control bytes, invalid UTF-8 and line ends other than LF are shown as
/// escapes, and long lines are cut.
pub fn excerpt(body: &[u8], marked: &[u32]) -> Vec<ExcerptLine> {
    let wanted = |number: u32| {
        if marked.is_empty() {
            number <= HEAD
        } else {
            marked.iter().any(|&m| number + CONTEXT >= m && number <= m + CONTEXT)
        }
    };
    lines_where(body, wanted, marked)
}

/// The first `count` lines of `body`, shown as [`excerpt`] shows lines,
/// then a gap for the rest: a whole body, as long as it is not huge.
pub fn head(body: &[u8], count: u32) -> Vec<ExcerptLine> {
    lines_where(body, |number| number <= count, &[])
}

/// The lines of `body` whose numbers are `wanted`, gaps for the others.
fn lines_where(body: &[u8], wanted: impl Fn(u32) -> bool, marked: &[u32]) -> Vec<ExcerptLine> {
    let lines = split_lines(body);
    let total = lines.len() as u32;
    let mut out = Vec::new();
    let mut skipped = 0;
    for (index, (line, ending)) in lines.iter().enumerate() {
        let number = index as u32 + 1;
        if !wanted(number) {
            skipped += 1;
            continue;
        }
        if skipped > 0 {
            out.push(ExcerptLine::Gap(skipped));
            skipped = 0;
        }
        out.push(ExcerptLine::Line(
            number,
            printable(line, ending),
            marked.contains(&number),
        ));
    }
    if skipped > 0 && total > 0 {
        out.push(ExcerptLine::Gap(skipped));
    }
    out
}

/// The lines of `body` as the matcher numbers them (ending at CR, LF or
/// CRLF), each with how its ending is shown; a final line without an ending
/// counts only when it is not empty.
pub fn split_lines(body: &[u8]) -> Vec<(&[u8], &'static str)> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < body.len() {
        match body[at] {
            b'\n' => {
                lines.push((&body[start..at], ""));
                at += 1;
                start = at;
            }
            b'\r' => {
                let crlf = body.get(at + 1) == Some(&b'\n');
                lines.push((&body[start..at], if crlf { "\\r" } else { "\\r (CR alone)" }));
                at += if crlf { 2 } else { 1 };
                start = at;
            }
            _ => at += 1,
        }
    }
    if start < body.len() {
        lines.push((&body[start..], "(no line end)"));
    }
    lines
}

fn printable(line: &[u8], ending: &str) -> String {
    let mut text = String::new();
    let mut shown = 0;
    for chunk in line.utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown < WIDTH {
                match control_escape(c) {
                    Some(escaped) => text.push_str(&escaped),
                    None => text.push(c),
                }
            }
            shown += 1;
        }
        for &byte in chunk.invalid() {
            if shown < WIDTH {
                text.push_str(&invalid_byte_escape(byte));
            }
            shown += 1;
        }
    }
    if shown > WIDTH {
        text.push_str(&format!("… (+{} more characters)", shown - WIDTH));
    }
    if !ending.is_empty() {
        text.push_str(if ending.starts_with('(') { " " } else { "" });
        text.push_str(ending);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_context_around_marked_lines() {
        let body = b"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";
        let lines = excerpt(body, &[8]);
        assert_eq!(lines.first(), Some(&ExcerptLine::Gap(5)));
        assert_eq!(lines[1], ExcerptLine::Line(6, "6".into(), false));
        assert_eq!(lines[3], ExcerptLine::Line(8, "8".into(), true));
        assert_eq!(lines.len(), 6);
    }

    #[test]
    fn makes_bytes_visible() {
        let lines = excerpt(b"a\tb\x00\xff\r\nc\rd", &[]);
        assert_eq!(lines[0], ExcerptLine::Line(1, "a\\tb\\x00\\xFF\\r".into(), false));
        assert_eq!(lines[1], ExcerptLine::Line(2, "c\\r (CR alone)".into(), false));
        assert_eq!(lines[2], ExcerptLine::Line(3, "d (no line end)".into(), false));
    }
}
