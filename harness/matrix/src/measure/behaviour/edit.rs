//! Small edits of a robots.txt body, line by line, that take one construct
//! out of a case: what varying a minimal case means. Lines are read the
//! plain way (split at LF, key before the first colon, case ignored), which
//! is enough to find the construct in a case that has been minimised.

/// One line of a body: its bytes without the LF, and how it reads.
pub(crate) struct Line {
    /// The line without its LF.
    pub bytes: Vec<u8>,
}

impl Line {
    /// The key, lower-cased and trimmed, when the line has a colon.
    pub fn key(&self) -> Option<String> {
        let colon = self.bytes.iter().position(|&b| b == b':')?;
        Some(String::from_utf8_lossy(self.bytes[..colon].trim_ascii()).to_ascii_lowercase())
    }

    /// The value after the colon, trimmed, without a comment.
    pub fn value(&self) -> &[u8] {
        let Some(colon) = self.bytes.iter().position(|&b| b == b':') else {
            return &[];
        };
        let rest = &self.bytes[colon + 1..];
        rest[..rest.iter().position(|&b| b == b'#').unwrap_or(rest.len())].trim_ascii()
    }

    /// Whether it is an `allow` or `disallow` line.
    pub fn is_rule(&self) -> bool {
        matches!(self.key().as_deref(), Some("allow" | "disallow"))
    }

    /// Whether it is a `user-agent` line.
    pub fn is_agent(&self) -> bool {
        self.key().as_deref() == Some("user-agent")
    }

    /// Whether it holds nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.bytes.trim_ascii().is_empty()
    }
}

/// The lines of `body`, split at LF.
pub(crate) fn lines(body: &[u8]) -> Vec<Line> {
    let mut lines: Vec<Line> = body
        .split(|&b| b == b'\n')
        .map(|bytes| Line { bytes: bytes.to_vec() })
        .collect();
    // A final LF ends the last line rather than starting an empty one.
    if body.ends_with(b"\n") {
        lines.pop();
    }
    lines
}

/// `lines` joined back into a body, each ended by LF.
pub(crate) fn join(lines: &[Line]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|line| line.bytes.iter().copied().chain([b'\n']))
        .collect()
}

/// `body` without the lines `drop` picks; `None` when it picks none.
pub(crate) fn without_lines(body: &[u8], drop: impl Fn(&Line) -> bool) -> Option<Vec<u8>> {
    let lines = lines(body);
    let kept: Vec<Line> = lines.iter().filter(|line| !drop(line)).map(copy).collect();
    (kept.len() < lines.len()).then(|| join(&kept))
}

/// `body` with the lines `change` rewrites; `None` when it rewrites none.
pub(crate) fn with_lines(body: &[u8], change: impl Fn(&Line) -> Option<Vec<u8>>) -> Option<Vec<u8>> {
    let mut changed = false;
    let lines: Vec<Line> = lines(body)
        .iter()
        .map(|line| match change(line) {
            Some(bytes) if bytes != line.bytes => {
                changed = true;
                Line { bytes }
            }
            _ => copy(line),
        })
        .collect();
    changed.then(|| join(&lines))
}

fn copy(line: &Line) -> Line {
    Line {
        bytes: line.bytes.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_keys_and_values_plainly() {
        let lines = lines(b"User-Agent : FooBot # me\nDisallow:/a\n\nfoo\n");
        assert_eq!(lines.len(), 4);
        assert!(lines[0].is_agent());
        assert_eq!(lines[0].value(), b"FooBot");
        assert!(lines[1].is_rule());
        assert_eq!(lines[1].value(), b"/a");
        assert!(lines[2].is_blank());
        assert_eq!(lines[3].key(), None);
    }

    #[test]
    fn edits_say_when_they_change_nothing() {
        let body = b"User-agent: *\nDisallow: /a\n";
        assert_eq!(without_lines(body, |line| line.is_blank()), None);
        assert_eq!(
            without_lines(body, Line::is_rule).as_deref(),
            Some(&b"User-agent: *\n"[..])
        );
        assert_eq!(with_lines(body, |_| None), None);
    }
}
