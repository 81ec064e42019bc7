//! From a URL to the part robots.txt rules are matched against: path,
//! params and query, always starting with `/` (Google's
//! `GetPathParamsQuery`, used by both profiles so that the profiles differ
//! only by their switches).

use std::borrow::Cow;

use crate::word::find_any;

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
    let first = find_any(rest, b"/?;:");
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
/// absolute URL, a scheme-relative one (`//host/p`), or a bare path. With
/// `nul_ends`, a NUL ends the path as the fragment does (Google passes C
/// strings), found in the same search. Borrows from `url` unless a `/` has
/// to be prepended. URLs are short: each search is a word-at-a-time walk
/// (see [`crate::word`]), where `memchr`'s setup would cost more.
pub(crate) fn path_params_query(url: &[u8], nul_ends: bool) -> Cow<'_, [u8]> {
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };
    let authority_start = match scheme_end(url, search_start) {
        Some(end) => end + 3,
        None => search_start,
    };
    // One search finds where the path starts, or a fragment that leaves no
    // path; the scheme before the authority may hold a `#` too.
    let path_start = find_any(&url[authority_start..], b"/?;#").map(|at| at + authority_start);
    let Some(path_start) = path_start else {
        return Cow::Borrowed(b"/");
    };
    if url[path_start] == b'#' || find_any(&url[search_start..authority_start], b"#").is_some() {
        return Cow::Borrowed(b"/");
    }
    let rest = &url[path_start..];
    let end = find_any(rest, if nul_ends { b"#\0" } else { b"#" });
    let path = &rest[..end.unwrap_or(rest.len())];
    if path.first() == Some(&b'/') {
        Cow::Borrowed(path)
    } else {
        Cow::Owned([b"/", path].concat())
    }
}

#[cfg(test)]
mod tests {
    use super::path_params_query;

    fn path(url: &str) -> String {
        String::from_utf8(path_params_query(url.as_bytes(), false).into_owned()).unwrap()
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

    #[test]
    fn a_fragment_before_the_path_leaves_none() {
        assert_eq!(path("http://a#b/c"), "/");
        assert_eq!(path("h#x://a/b"), "/");
        assert_eq!(path("a#b"), "/");
    }

    #[test]
    fn a_nul_ends_the_path_only_when_asked() {
        let nul_ended = |url: &[u8]| path_params_query(url, true).into_owned();
        assert_eq!(nul_ended(b"http://a/b\0c#d"), b"/b");
        assert_eq!(nul_ended(b"http://a/b#c\0d"), b"/b");
        assert_eq!(nul_ended(b"a?b\0c"), b"/?b");
        assert_eq!(path("http://a/b\0c"), "/b\0c");
    }
}
