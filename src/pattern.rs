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

/// Whether `pattern` (already normalised) matches `path`.
pub(crate) fn matches(path: &[u8], pattern: &[u8]) -> bool {
    match pattern.split_last() {
        Some((b'$', body)) => matches_parts(path, body, true),
        _ => matches_parts(path, pattern, false),
    }
}

/// Whether `body` (a pattern without its final `$`) matches `path`, with the
/// end of the path anchored when `anchored`.
pub(crate) fn matches_parts(path: &[u8], body: &[u8], anchored: bool) -> bool {
    // The literal start, found and compared whole (`memchr`, `memcmp`):
    // the callers have already ruled out most patterns that fail within
    // their first bytes, so what reaches here tends to share a long start
    // with the path.
    let Some(mut pos) = memchr::memchr(b'*', body) else {
        return path.starts_with(body) && (!anchored || body.len() == path.len());
    };
    if !path.starts_with(&body[..pos]) {
        return false;
    }
    // `body[pos]` is the first `*`; the literal pieces between stars follow.
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

    #[test]
    fn literal_prefix_and_anchor() {
        assert!(matches(b"/fish.html", b"/fish"));
        assert!(!matches(b"/Fish", b"/fish"));
        assert!(matches(b"/fish", b"/fish$"));
        assert!(!matches(b"/fish/", b"/fish$"));
        assert!(!matches(b"/", b"$"));
        assert!(matches(b"/anything", b""));
    }

    #[test]
    fn wildcards() {
        assert!(matches(b"/a/b/c.php", b"/*.php"));
        assert!(matches(b"/a.php?x", b"/*.php"));
        assert!(!matches(b"/a.php?x", b"/*.php$"));
        assert!(matches(b"/a.php.php", b"/*.php$"));
        assert!(matches(b"/x", b"*"));
        assert!(matches(b"/abcabd", b"/*ab*d$"));
        assert!(!matches(b"/ab", b"/*ab*ab"));
        assert!(matches(b"/abab", b"/*ab*ab"));
        assert!(matches(b"/aXbXc", b"/a*b*c$"));
        assert!(!matches(b"/aXbXcX", b"/a*b*c$"));
        assert!(matches(b"/ab", b"/a**b$"));
        // `$` before the end is literal.
        assert!(matches(b"/a$b", b"/a$b"));
        assert!(!matches(b"/ab", b"/a$b"));
    }

    #[test]
    fn anchored_last_piece_may_not_overlap_earlier_piece() {
        assert!(!matches(b"/ab", b"/ab*b$"));
        assert!(matches(b"/abb", b"/ab*b$"));
    }
}
