//! What a crawler does with the response to its robots.txt request
//! (RFC 9309 §2.3), kept apart from parsing: a status, a redirect count and
//! a body go in; "parse these bytes", "allow everything" or "disallow
//! everything" comes out.
//!
//! ```
//! use rep::fetch::{decide, FetchPolicy, FetchDecision, Response};
//! let gone = Response { status: Some(404), redirects: 0, body: b"" };
//! assert_eq!(decide(FetchPolicy::Rfc9309, &gone), FetchDecision::AllowAll);
//! let throttled = Response { status: Some(429), redirects: 0, body: b"" };
//! assert_eq!(decide(FetchPolicy::GoogleCrawler, &throttled), FetchDecision::DisallowAll);
//! ```

use crate::profile::RFC_MIN_SIZE_LIMIT;

/// Redirects a crawler follows before it may give up (§2.3.1.2).
pub const MAX_REDIRECTS: u32 = 5;

/// A named crawler policy for responses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FetchPolicy {
    /// RFC 9309 §2.3.1: 2xx parse; 4xx allow all; 5xx and network failure
    /// disallow all; more than five redirects is "unavailable" (allow all).
    Rfc9309,
    /// Google's crawler as documented: as the RFC, but 429 disallows all and
    /// content past 500 KiB is ignored.
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
        None => FetchDecision::DisallowAll,
        Some(200..=299) => match policy {
            FetchPolicy::Rfc9309 => FetchDecision::Parse(response.body),
            FetchPolicy::GoogleCrawler => {
                FetchDecision::Parse(&response.body[..response.body.len().min(RFC_MIN_SIZE_LIMIT)])
            }
        },
        Some(429) if policy == FetchPolicy::GoogleCrawler => FetchDecision::DisallowAll,
        // A final 3xx is a redirect that was not followed: the file was not
        // obtained, which §2.3.1.2 lets a crawler treat as unavailable.
        Some(300..=499) => FetchDecision::AllowAll,
        // 5xx, and statuses outside HTTP's classes, are treated as the
        // server failing: the conservative reading of §2.3.1.4.
        Some(_) => FetchDecision::DisallowAll,
    }
}
