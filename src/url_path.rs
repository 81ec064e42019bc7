//! From a URL to the part robots.txt rules are matched against: path,
//! params and query, always starting with `/` (Google's
//! `GetPathParamsQuery`, used by both profiles so that the profiles differ
//! only by their switches).

fn find_first_of(text: &[u8], set: &[u8], from: usize) -> Option<usize> {
    text.get(from..)?.iter().position(|b| set.contains(b)).map(|i| i + from)
}

fn find(text: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    text.get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|i| i + from)
}

/// Strips scheme, authority and fragment from `url`; a result that does not
/// start with `/` gets one, and no path at all gives `/`. Accepts an
/// absolute URL, a scheme-relative one (`//host/p`), or a bare path.
pub(crate) fn path_params_query(url: &[u8], out: &mut Vec<u8>) {
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };
    let early_path = find_first_of(url, b"/?;", search_start);
    let mut protocol_end = find(url, b"://", search_start);
    // A `/`, `?` or `;` before `://` means the `://` is not a scheme separator.
    if let (Some(path), Some(protocol)) = (early_path, protocol_end) {
        if path < protocol {
            protocol_end = None;
        }
    }
    let authority_start = protocol_end.map_or(search_start, |end| end + 3);
    let Some(path_start) = find_first_of(url, b"/?;", authority_start) else {
        out.push(b'/');
        return;
    };
    let hash = find(url, b"#", search_start);
    if hash.is_some_and(|hash| hash < path_start) {
        out.push(b'/');
        return;
    }
    if url[path_start] != b'/' {
        out.push(b'/');
    }
    out.extend_from_slice(&url[path_start..hash.unwrap_or(url.len())]);
}

#[cfg(test)]
mod tests {
    use super::path_params_query;

    fn path(url: &str) -> String {
        let mut out = Vec::new();
        path_params_query(url.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn extracts_path_params_and_query() {
        // Expected values follow the examples in Google's robots_test.cc
        // description of GetPathParamsQuery, re-derived from its rules.
        assert_eq!(path(""), "/");
        assert_eq!(path("http://www.example.com"), "/");
        assert_eq!(path("http://www.example.com/"), "/");
        assert_eq!(path("http://www.example.com/a"), "/a");
        assert_eq!(path("http://www.example.com/a/"), "/a/");
        assert_eq!(path("http://www.example.com/a/b?c=http://d.e/"), "/a/b?c=http://d.e/");
        assert_eq!(path("http://www.example.com/a/b?c=d&e=f#fragment"), "/a/b?c=d&e=f");
        assert_eq!(path("example.com"), "/");
        assert_eq!(path("example.com/"), "/");
        assert_eq!(path("example.com/a"), "/a");
        assert_eq!(path("example.com/a/b?c=d&e=f#fragment"), "/a/b?c=d&e=f");
        assert_eq!(path("a"), "/");
        assert_eq!(path("a/"), "/");
        assert_eq!(path("/a"), "/a");
        assert_eq!(path("a/b"), "/b");
        assert_eq!(path("example.com?a"), "/?a");
        assert_eq!(path("example.com/a;b#c"), "/a;b");
        assert_eq!(path("//a/b/c"), "/b/c");
    }
}
