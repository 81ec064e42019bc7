//! From a URL to the part robots.txt rules are matched against: path,
//! params and query, always starting with `/` (Google's
//! `GetPathParamsQuery`, used by both profiles so that the profiles differ
//! only by their switches).

use std::borrow::Cow;

/// The first `/`, `?` or `;` at or after `from`.
fn find_path_start(text: &[u8], from: usize) -> Option<usize> {
    memchr::memchr3(b'/', b'?', b';', text.get(from..)?).map(|i| i + from)
}

/// The first `://` at or after `from`.
fn find_scheme_separator(text: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        at += memchr::memchr(b':', text.get(at..)?)?;
        if text[at..].starts_with(b"://") {
            return Some(at);
        }
        at += 1;
    }
}

/// Where the `://` that ends the scheme starts, if there is one: a `/`, `?`
/// or `;` before `://` means the `://` is not a scheme separator.
fn scheme_end(url: &[u8], search_start: usize) -> Option<usize> {
    // The usual URL (`https://…`) shows its separator at its first `:`,
    // before any `/`, `?` or `;`: one short walk instead of two searches.
    let rest = &url[search_start..];
    let first = rest.iter().position(|&b| matches!(b, b'/' | b'?' | b';' | b':'));
    match first {
        None => None,
        Some(at) if rest[at] != b':' => None,
        Some(at) if rest[at..].starts_with(b"://") => Some(at + search_start),
        Some(_) => {
            let protocol = find_scheme_separator(url, search_start)?;
            let early_path = find_path_start(url, search_start);
            early_path.map_or(true, |path| path > protocol).then_some(protocol)
        }
    }
}

/// Strips scheme, authority and fragment from `url`; a result that does not
/// start with `/` gets one, and no path at all gives `/`. Accepts an
/// absolute URL, a scheme-relative one (`//host/p`), or a bare path. Borrows
/// from `url` unless a `/` has to be prepended.
pub(crate) fn path_params_query(url: &[u8]) -> Cow<'_, [u8]> {
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };
    let authority_start = match scheme_end(url, search_start) {
        Some(end) => end + 3,
        None => search_start,
    };
    let Some(path_start) = find_path_start(url, authority_start) else {
        return Cow::Borrowed(b"/");
    };
    let hash = memchr::memchr(b'#', &url[search_start..]).map(|i| i + search_start);
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

    #[test]
    fn a_colon_before_the_scheme_separator_is_searched_past() {
        assert_eq!(path("a:b://c/d"), "/d");
        assert_eq!(path("a:b/c://d/e"), "/c://d/e");
        assert_eq!(path("a:b?c://d/e"), "/?c://d/e");
        assert_eq!(path("mailto:x@y"), "/");
    }
}
