//! What a crawler does with the response to its robots.txt request
//! (RFC 9309 §2.3), kept apart from parsing: a status, a redirect count, a
//! body, the copy the crawler kept from an earlier fetch and how long the
//! file has been failing go in; "parse these bytes", "allow everything" or
//! "disallow everything" comes out. Which URLs the outcome governs is
//! [`governs`]: only those on the authority first asked for.
//!
//! ```
//! use rep::fetch::{decide, governs, FetchPolicy, FetchDecision, Response};
//! let gone = Response { status: Some(404), redirects: 0, body: b"", cached: None, failing_hours: 0 };
//! assert_eq!(decide(FetchPolicy::Rfc9309, &gone), FetchDecision::AllowAll);
//! let throttled = Response { status: Some(429), ..gone };
//! assert_eq!(decide(FetchPolicy::GoogleCrawler, &throttled), FetchDecision::DisallowAll);
//! let copy: &[u8] = b"User-agent: *\nDisallow: /x\n";
//! let down_for_a_day = Response { status: Some(503), cached: Some(copy), failing_hours: 24, ..gone };
//! assert_eq!(decide(FetchPolicy::Rfc9309, &down_for_a_day), FetchDecision::DisallowAll);
//! assert_eq!(decide(FetchPolicy::GoogleCrawler, &down_for_a_day), FetchDecision::Parse(copy));
//! assert!(governs(b"https://example.com/robots.txt", b"https://EXAMPLE.com:443/x"));
//! assert!(!governs(b"https://example.com/robots.txt", b"http://example.com/x"));
//! ```

use crate::profile::RFC_MIN_SIZE_LIMIT;

/// Redirects a crawler follows before it may give up (§2.3.1.2).
pub const MAX_REDIRECTS: u32 = 5;

/// How long a file must have been unreachable before the RFC lets a crawler
/// stop assuming complete disallow: the 30 days §2.3.1.4 gives as its
/// example of a reasonably long time. Google's crawler documents the same
/// 30 days as how long it keeps using its last good copy.
pub const UNREACHABLE_GRACE_HOURS: u32 = 30 * 24;

/// How long Google's crawler documents that it stops crawling a site whose
/// robots.txt fails with a server error, before it turns to its last good
/// copy.
pub const GOOGLE_STOP_HOURS: u32 = 12;

/// The size past which Google's crawler documents that it ignores a
/// robots.txt file: 500 KiB, the same number as RFC 9309 §2.5's floor.
pub const GOOGLE_CRAWLER_PARSE_LIMIT: usize = 500 * 1024;

/// A named crawler policy for responses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FetchPolicy {
    /// RFC 9309 §2.3.1: 2xx parse (cut by the parser at its §2.5 limit, whole
    /// lines only); 4xx allow all; 5xx and network failure disallow all
    /// until the file has failed for more than [`UNREACHABLE_GRACE_HOURS`],
    /// then the cached copy (if any), else allow all (unavailable); more than
    /// five redirects is "unavailable" (allow all).
    Rfc9309,
    /// Google's crawler as documented: as the RFC for successes, redirects
    /// and client errors, but 429 counts as a server error; a failing file
    /// disallows all for the first [`GOOGLE_STOP_HOURS`], then the last good
    /// copy applies for [`UNREACHABLE_GRACE_HOURS`] more, then the file is
    /// treated as absent (allow all); bytes past
    /// [`GOOGLE_CRAWLER_PARSE_LIMIT`] are ignored.
    GoogleCrawler,
}

impl FetchPolicy {
    /// The policy called `rfc` or `google-crawler`.
    pub fn from_name(name: &str) -> Option<FetchPolicy> {
        match name {
            "rfc" | "rfc9309" => Some(FetchPolicy::Rfc9309),
            "google-crawler" => Some(FetchPolicy::GoogleCrawler),
            _ => None,
        }
    }
}

/// The outcome of fetching `/robots.txt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Response<'a> {
    /// The final HTTP status, or `None` for a network failure (DNS, refused
    /// connection, timeout).
    pub status: Option<u16>,
    /// How many redirects were followed to get it.
    pub redirects: u32,
    /// The body of the final response.
    pub body: &'a [u8],
    /// The body of robots.txt the crawler kept from its last successful
    /// fetch, if it kept one (§2.4).
    pub cached: Option<&'a [u8]>,
    /// For a failure, how many hours requests for the file have been failing
    /// this way (0: this is the first failure). The clock of §2.3.1.4's
    /// "reasonably long period" and of Google's 12 hours and 30 days; it is
    /// not the cached copy's age, which is at least as long.
    pub failing_hours: u32,
}

/// What to do with the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FetchDecision<'a> {
    /// Parse these bytes (possibly a cut prefix of the body) and follow them.
    Parse(&'a [u8]),
    /// The file is unavailable: every URL may be fetched (§2.3.1.3).
    AllowAll,
    /// The file is unreachable: no URL may be fetched (§2.3.1.4).
    DisallowAll,
}

/// Decides what a crawler under `policy` does with `response`.
pub fn decide<'a>(policy: FetchPolicy, response: &Response<'a>) -> FetchDecision<'a> {
    if response.redirects > MAX_REDIRECTS {
        return FetchDecision::AllowAll;
    }
    match response.status {
        Some(200..=299) => parse(policy, response.body),
        Some(429) if policy == FetchPolicy::GoogleCrawler => failing(policy, response),
        // A final 3xx is a redirect that was not followed: the file was not
        // obtained, which §2.3.1.2 lets a crawler treat as unavailable.
        Some(300..=499) => FetchDecision::AllowAll,
        // 5xx, network failures, and statuses outside HTTP's classes are
        // treated as the server failing: the conservative reading of §2.3.1.4.
        None | Some(_) => failing(policy, response),
    }
}

/// The bytes of a successfully fetched `body` that `policy` parses. The
/// RFC policy hands over the whole body: the parser under
/// `Profile::RFC9309` stops at its own §2.5 limit, after the last whole
/// line, so no rule is read cut in half. Google's crawler cuts at the byte.
fn parse(policy: FetchPolicy, body: &[u8]) -> FetchDecision<'_> {
    match policy {
        FetchPolicy::Rfc9309 => FetchDecision::Parse(body),
        FetchPolicy::GoogleCrawler => FetchDecision::Parse(&body[..body.len().min(GOOGLE_CRAWLER_PARSE_LIMIT)]),
    }
}

/// A file that fails with a server or network error (and, for Google, 429),
/// by how long it has been failing.
fn failing<'a>(policy: FetchPolicy, response: &Response<'a>) -> FetchDecision<'a> {
    let hours = response.failing_hours;
    match policy {
        // §2.3.1.4: complete disallow; after a reasonably long time the
        // crawler may keep using a cached copy or treat the file as
        // unavailable. The copy keeps the site's last known wishes.
        FetchPolicy::Rfc9309 if hours <= UNREACHABLE_GRACE_HOURS => FetchDecision::DisallowAll,
        FetchPolicy::Rfc9309 => response
            .cached
            .map_or(FetchDecision::AllowAll, |copy| parse(policy, copy)),
        FetchPolicy::GoogleCrawler if hours < GOOGLE_STOP_HOURS => FetchDecision::DisallowAll,
        // The documents name the last good copy and say nothing of a crawler
        // that has none: it stays stopped until the 30 days are over.
        FetchPolicy::GoogleCrawler if hours <= GOOGLE_STOP_HOURS + UNREACHABLE_GRACE_HOURS => response
            .cached
            .map_or(FetchDecision::DisallowAll, |copy| parse(policy, copy)),
        // After that Google behaves as if there were no file (when the rest of
        // the site answers; when it does not, no URL can be fetched anyway).
        FetchPolicy::GoogleCrawler => FetchDecision::AllowAll,
    }
}

/// Whether the robots.txt file at `robots_url` governs `url` (§2.3): only
/// URLs with the same scheme, host and port do, ports compared after filling
/// in the scheme's default (http 80, https 443, ftp 21) and scheme and host
/// compared without regard to ASCII case. After redirects, pass the URL
/// first asked for: §2.3.1.2 applies the rules found at the end of the chain
/// to the initial authority, not to the one that served them. A `url`
/// without an authority (a bare path) is taken to be on the file's own.
pub fn governs(robots_url: &[u8], url: &[u8]) -> bool {
    match Authority::of(url) {
        None => true,
        Some(authority) => Authority::of(robots_url) == Some(authority),
    }
}

/// The scheme, host and port of an absolute URL: scheme and host
/// lowercased, the port as written without leading zeros, or the scheme's
/// default when the URL gives none. A port is compared as text, so one that
/// is not a number still tells two authorities apart.
#[derive(Debug, PartialEq, Eq)]
struct Authority<'a> {
    scheme: Vec<u8>,
    host: Vec<u8>,
    port: &'a [u8],
}

impl Authority<'_> {
    /// The authority of `url`, or `None` when it has no `scheme://` prefix.
    fn of(url: &[u8]) -> Option<Authority<'_>> {
        let colon = url.iter().position(|&b| b == b':')?;
        let (scheme, rest) = (&url[..colon], &url[colon + 1..]);
        let scheme_is_valid = scheme.first().is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        let rest = rest.strip_prefix(b"//").filter(|_| scheme_is_valid)?;
        let end = rest
            .iter()
            .position(|b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(rest.len());
        let authority = &rest[..end];
        let host_and_port = match authority.iter().rposition(|&b| b == b'@') {
            Some(at) => &authority[at + 1..],
            None => authority,
        };
        // The port follows the last colon, unless that colon is inside an
        // IPv6 literal (`[::1]`).
        let port_colon = host_and_port
            .iter()
            .rposition(|&b| b == b':')
            .filter(|&colon| !host_and_port[colon..].contains(&b']'));
        let (host, port) = match port_colon {
            Some(colon) => (&host_and_port[..colon], &host_and_port[colon + 1..]),
            None => (host_and_port, &b""[..]),
        };
        let scheme = scheme.to_ascii_lowercase();
        let significant = port
            .iter()
            .position(|&b| b != b'0')
            .map_or(port, |first| &port[first..]);
        let port = if port.is_empty() {
            default_port(&scheme)
        } else {
            significant
        };
        Some(Authority {
            host: host.to_ascii_lowercase(),
            scheme,
            port,
        })
    }
}

/// The port a scheme uses when a URL names none, for the schemes a
/// robots.txt is commonly fetched over.
fn default_port(scheme: &[u8]) -> &'static [u8] {
    match scheme {
        b"http" => b"80",
        b"https" => b"443",
        b"ftp" => b"21",
        _ => b"",
    }
}

// RFC 9309's floor and Google's documented limit are the same number; the
// two constants stay apart because they come from different documents.
const _: () = assert!(GOOGLE_CRAWLER_PARSE_LIMIT == RFC_MIN_SIZE_LIMIT);
