//! What a crawler does with the response to its robots.txt request
//! (RFC 9309 §2.3), kept apart from parsing: a status, a redirect count, a
//! body and the copy the crawler kept from an earlier fetch go in; "parse
//! these bytes", "allow everything" or "disallow everything" comes out.
//!
//! ```
//! use rep::fetch::{decide, CachedCopy, FetchPolicy, FetchDecision, Response};
//! let gone = Response { status: Some(404), redirects: 0, body: b"", cached: None };
//! assert_eq!(decide(FetchPolicy::Rfc9309, &gone), FetchDecision::AllowAll);
//! let throttled = Response { status: Some(429), redirects: 0, body: b"", cached: None };
//! assert_eq!(decide(FetchPolicy::GoogleCrawler, &throttled), FetchDecision::DisallowAll);
//! let old = CachedCopy { age_hours: 31 * 24, body: b"User-agent: *\nDisallow: /x\n" };
//! let down_for_a_month = Response { status: Some(503), redirects: 0, body: b"", cached: Some(old) };
//! assert_eq!(decide(FetchPolicy::Rfc9309, &down_for_a_month), FetchDecision::Parse(old.body));
//! ```

use crate::profile::RFC_MIN_SIZE_LIMIT;

/// Redirects a crawler follows before it may give up (§2.3.1.2).
pub const MAX_REDIRECTS: u32 = 5;

/// How long an unreachable robots.txt is a complete disallow before a
/// crawler may fall back to its cached copy: the 30 days §2.3.1.4 gives as
/// its example of a reasonably long time, which Google's crawler documents
/// too.
pub const UNREACHABLE_GRACE_HOURS: u32 = 30 * 24;

/// A named crawler policy for responses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FetchPolicy {
    /// RFC 9309 §2.3.1: 2xx parse; 4xx allow all; 5xx and network failure
    /// disallow all, until the file has been unreachable for more than
    /// [`UNREACHABLE_GRACE_HOURS`], when the cached copy (if any) is used;
    /// more than five redirects is "unavailable" (allow all).
    Rfc9309,
    /// Google's crawler as documented: as the RFC, but 429 counts as a
    /// server error and content past 500 KiB is ignored.
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
    /// The copy of robots.txt the crawler kept from its last successful
    /// fetch, if it kept one (§2.4).
    pub cached: Option<CachedCopy<'a>>,
}

/// A robots.txt body a crawler cached from an earlier successful fetch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachedCopy<'a> {
    /// Hours since that fetch. Every request since is taken to have failed
    /// the way the current one did, so for a server or network failure this
    /// is also how long the file has been unreachable.
    pub age_hours: u32,
    /// The cached body.
    pub body: &'a [u8],
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
        Some(429) if policy == FetchPolicy::GoogleCrawler => unreachable(policy, response),
        // A final 3xx is a redirect that was not followed: the file was not
        // obtained, which §2.3.1.2 lets a crawler treat as unavailable.
        Some(300..=499) => FetchDecision::AllowAll,
        // 5xx, network failures, and statuses outside HTTP's classes are
        // treated as the server failing: the conservative reading of §2.3.1.4.
        None | Some(_) => unreachable(policy, response),
    }
}

/// The bytes of a successfully fetched `body` that `policy` parses.
fn parse(policy: FetchPolicy, body: &[u8]) -> FetchDecision<'_> {
    match policy {
        FetchPolicy::Rfc9309 => FetchDecision::Parse(body),
        FetchPolicy::GoogleCrawler => FetchDecision::Parse(&body[..body.len().min(RFC_MIN_SIZE_LIMIT)]),
    }
}

/// §2.3.1.4: an unreachable file means complete disallow. Once it has been
/// unreachable for longer than [`UNREACHABLE_GRACE_HOURS`], the crawler may
/// instead treat it as unavailable or keep using a cached copy; both
/// policies keep using the copy when they have one (the site's last known
/// wishes), and otherwise go on disallowing, since without a copy they
/// cannot tell how long the file has been unreachable.
fn unreachable<'a>(policy: FetchPolicy, response: &Response<'a>) -> FetchDecision<'a> {
    match response.cached {
        Some(copy) if copy.age_hours > UNREACHABLE_GRACE_HOURS => parse(policy, copy.body),
        _ => FetchDecision::DisallowAll,
    }
}
