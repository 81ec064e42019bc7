//! From a URL to the part robots.txt rules are matched against: path,
//! params and query, always starting with `/` (Google's
//! `GetPathParamsQuery`, used by both profiles so that the profiles differ
//! only by their switches).

use std::borrow::Cow;

/// The first `/`, `?` or `;` at or after `from`.
fn find_path_start(text: &[u8], from: usize) -> Option<usize> {
    text.get(from..)?
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b';'))
        .map(|i| i + from)
}

/// The first `://` at or after `from`.
fn find_scheme_separator(text: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        at += text.get(at..)?.iter().position(|&b| b == b':')?;
        if text[at..].starts_with(b"://") {
            return Some(at);
        }
        at += 1;
    }
}

/// Strips scheme, authority and fragment from `url`; a result that does not
/// start with `/` gets one, and no path at all gives `/`. Accepts an
/// absolute URL, a scheme-relative one (`//host/p`), or a bare path. Borrows
/// from `url` unless a `/` has to be prepended.
pub(crate) fn path_params_query(url: &[u8]) -> Cow<'_, [u8]> {
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };
    let early_path = find_path_start(url, search_start);
    let mut protocol_end = find_scheme_separator(url, search_start);
    // A `/`, `?` or `;` before `://` means the `://` is not a scheme separator.
    if let (Some(path), Some(protocol)) = (early_path, protocol_end) {
        if path < protocol {
            protocol_end = None;
        }
    }
    let authority_start = protocol_end.map_or(search_start, |end| end + 3);
    let Some(path_start) = find_path_start(url, authority_start) else {
        return Cow::Borrowed(b"/");
    };
    let hash = url
        .get(search_start..)
        .and_then(|rest| rest.iter().position(|&b| b == b'#'))
        .map(|i| i + search_start);
    if hash.is_some_and(|hash| hash < path_start) {
        return Cow::Borrowed(b"/");
    }
    let path = &url[path_start..hash.unwrap_or(url.len())];
    if path[0] == b'/' {
        Cow::Borrowed(path)
    } else {
        Cow::Owned([b"/", path].concat())
    }
}

#[cfg(test)]
mod tests {
    use super::path_params_query;

    fn path(url: &str) -> String {
        String::from_utf8(path_params_query(url.as_bytes()).into_owned()).unwrap()
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
