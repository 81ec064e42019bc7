//! Matching a normalised pattern against a path: `*` matches any run of
//! bytes, a final `$` anchors the end, everything else is literal, and the
//! pattern is anchored at the start of the path.
//!
//! The pattern is split at `*` into literal pieces. The first piece must be
//! a prefix; each later piece is found at its leftmost position after the
//! previous one, which is never worse than any other placement because a
//! `*` can absorb whatever lies between. With an end anchor the last piece
//! must instead be a suffix that starts after the previous piece. Each
//! search is a naive scan, so the worst case is O(path × pattern) and there
//! is no backtracking.

/// What a caller already knows about a pattern's literal start (the bytes
/// before its first `*`, without a final `$`): its length, and how many of
/// its first bytes are known to equal the path's.
#[derive(Clone, Copy)]
pub(crate) struct LiteralStart {
    pub len: usize,
    pub known_equal: usize,
}

/// Whether `pattern` (already normalised) matches `path`.
pub(crate) fn matches(path: &[u8], pattern: &[u8], start: Option<LiteralStart>) -> bool {
    match pattern.split_last() {
        Some((b'$', body)) => matches_parts(path, body, true, start),
        _ => matches_parts(path, pattern, false, start),
    }
}

/// Whether `body` (a pattern without its final `$`) matches `path`, with the
/// end of the path anchored when `anchored`. Without `start`, the literal
/// start is found with `memchr`.
pub(crate) fn matches_parts(path: &[u8], body: &[u8], anchored: bool, start: Option<LiteralStart>) -> bool {
    let LiteralStart { len, known_equal } = start.unwrap_or_else(|| LiteralStart {
        len: memchr::memchr(b'*', body).unwrap_or(body.len()),
        known_equal: 0,
    });
    // Most literal starts fit in what the caller compared already: no call
    // to compare nothing.
    if path.len() < len || (known_equal < len && path[known_equal..len] != body[known_equal..len]) {
        return false;
    }
    if len == body.len() {
        return !anchored || len == path.len();
    }
    // `body[len]` is the first `*`; the literal pieces between stars follow.
    let mut pos = len;
    let mut pieces = body[pos + 1..].split(|&b| b == b'*');
    let mut last = pieces.next().unwrap_or_default();
    for piece in pieces {
        match find(&path[pos..], last) {
            Some(at) => pos += at + last.len(),
            None => return false,
        }
        last = piece;
    }
    if anchored {
        path.len() - pos >= last.len() && path.ends_with(last)
    } else {
        find(&path[pos..], last).is_some()
    }
}

/// The leftmost position of `needle` in `haystack`: `memchr` for its first
/// byte, then a comparison of the rest. Pieces are short (often one byte),
/// too short to repay building a substring searcher for each; and a piece
/// often starts right where the search does, which is tried before paying
/// for a `memchr` call.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let Some((&head, tail)) = needle.split_first() else {
        return Some(0);
    };
    let last_start = haystack.len().checked_sub(needle.len())?;
    let mut from = 0;
    while from <= last_start {
        let at = if haystack[from] == head {
            from
        } else {
            from + memchr::memchr(head, &haystack[from..=last_start])?
        };
        if haystack[at + 1..at + needle.len()] == *tail {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::matches;

    fn matches_alone(path: &[u8], pattern: &[u8]) -> bool {
        matches(path, pattern, None)
    }

    #[test]
    fn literal_prefix_and_anchor() {
        assert!(matches_alone(b"/fish.html", b"/fish"));
        assert!(!matches_alone(b"/Fish", b"/fish"));
        assert!(matches_alone(b"/fish", b"/fish$"));
        assert!(!matches_alone(b"/fish/", b"/fish$"));
        assert!(!matches_alone(b"/", b"$"));
        assert!(matches_alone(b"/anything", b""));
    }

    #[test]
    fn wildcards() {
        assert!(matches_alone(b"/a/b/c.php", b"/*.php"));
        assert!(matches_alone(b"/a.php?x", b"/*.php"));
        assert!(!matches_alone(b"/a.php?x", b"/*.php$"));
        assert!(matches_alone(b"/a.php.php", b"/*.php$"));
        assert!(matches_alone(b"/x", b"*"));
        assert!(matches_alone(b"/abcabd", b"/*ab*d$"));
        assert!(!matches_alone(b"/ab", b"/*ab*ab"));
        assert!(matches_alone(b"/abab", b"/*ab*ab"));
        assert!(matches_alone(b"/aXbXc", b"/a*b*c$"));
        assert!(!matches_alone(b"/aXbXcX", b"/a*b*c$"));
        assert!(matches_alone(b"/ab", b"/a**b$"));
        // `$` before the end is literal.
        assert!(matches_alone(b"/a$b", b"/a$b"));
        assert!(!matches_alone(b"/ab", b"/a$b"));
    }

    #[test]
    fn anchored_last_piece_may_not_overlap_earlier_piece() {
        assert!(!matches_alone(b"/ab", b"/ab*b$"));
        assert!(matches_alone(b"/abb", b"/ab*b$"));
    }
}

#[cfg(test)]
mod known_start_tests {
    use super::{matches, LiteralStart};

    #[test]
    fn a_known_literal_start_gives_the_same_answers() {
        let cases: &[(&[u8], &[u8])] = &[
            (b"/fish.html", b"/fish"),
            (b"/fish/", b"/fish$"),
            (b"/fish", b"/fish$"),
            (b"/a/b/c.php", b"/a/*.php"),
            (b"/a/b/c.php?x", b"/a/*.php$"),
            (b"/abcdefghij/x", b"/abcdefghij*x"),
            (b"/abcdefghiJ/x", b"/abcdefghij*x"),
        ];
        for &(path, pattern) in cases {
            let body = pattern.strip_suffix(b"$").unwrap_or(pattern);
            let len = body.iter().position(|&b| b == b'*').unwrap_or(body.len());
            let known_equal = path.iter().zip(&body[..len]).take_while(|(a, b)| a == b).count().min(8);
            let start = LiteralStart { len, known_equal };
            assert_eq!(
                matches(path, pattern, Some(start)),
                matches(path, pattern, None),
                "{:?} {:?}",
                String::from_utf8_lossy(path),
                String::from_utf8_lossy(pattern)
            );
        }
    }
}
