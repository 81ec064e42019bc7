//! Splitting one raw fuzz input into body, agent and URL, for the byte-level
//! fuzz targets (`diff_bytes`, `no_panic`).

/// The separator: a byte that never occurs in UTF-8 text, so the split
/// points are unambiguous in text-like inputs and easy for a fuzzer to learn.
pub const RAW_SEPARATOR: u8 = 0xFE;

/// Splits `data` as `BODY 0xFE AGENT 0xFE URL` at its last two separators.
/// With fewer separators the missing parts default to agent `FooBot` and URL
/// `/`, so every input is usable.
pub fn split_raw(data: &[u8]) -> (&[u8], &[u8], &[u8]) {
    let mut parts = data.rsplitn(3, |&b| b == RAW_SEPARATOR);
    let last = parts.next().unwrap_or_default();
    match (parts.next(), parts.next()) {
        (Some(agent), Some(body)) => (body, agent, last),
        (Some(body), None) => (body, last, b"/"),
        _ => (last, b"FooBot", b"/"),
    }
}

#[cfg(test)]
mod tests {
    use super::split_raw;

    #[test]
    fn splits_at_the_last_two_separators() {
        assert_eq!(split_raw(b"a\xfeb\xfec\xfed"), (&b"a\xfeb"[..], &b"c"[..], &b"d"[..]));
        assert_eq!(split_raw(b"body\xfeAgent"), (&b"body"[..], &b"Agent"[..], &b"/"[..]));
        assert_eq!(split_raw(b"body"), (&b"body"[..], &b"FooBot"[..], &b"/"[..]));
    }
}
