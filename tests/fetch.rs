//! Fetch policies (RFC 9309 §2.3 and Google's documented crawler policy).

use rep::fetch::{
    decide, governs, FetchDecision, FetchPolicy, Response, GOOGLE_CRAWLER_PARSE_LIMIT, GOOGLE_STOP_HOURS,
    UNREACHABLE_GRACE_HOURS,
};
use rep::{Profile, Robots};

const BOTH: [FetchPolicy; 2] = [FetchPolicy::Rfc9309, FetchPolicy::GoogleCrawler];

fn response(status: Option<u16>) -> Response<'static> {
    Response {
        status,
        redirects: 0,
        body: b"User-agent: *\nDisallow: /\n",
        cached: None,
        failing_hours: 0,
    }
}

fn outcome(policy: FetchPolicy, status: Option<u16>, redirects: u32) -> FetchDecision<'static> {
    decide(
        policy,
        &Response {
            redirects,
            ..response(status)
        },
    )
}

#[test]
fn success_parses_the_body() {
    for policy in BOTH {
        assert!(matches!(outcome(policy, Some(200), 0), FetchDecision::Parse(_)));
        assert!(
            matches!(outcome(policy, Some(200), 5), FetchDecision::Parse(_)),
            "five redirects are followed"
        );
        assert_eq!(
            outcome(policy, Some(200), 6),
            FetchDecision::AllowAll,
            "more than five: unavailable"
        );
    }
}

#[test]
fn client_errors_allow_and_fresh_server_errors_disallow() {
    for policy in BOTH {
        assert_eq!(outcome(policy, Some(404), 0), FetchDecision::AllowAll);
        assert_eq!(outcome(policy, Some(410), 0), FetchDecision::AllowAll);
        assert_eq!(outcome(policy, Some(500), 0), FetchDecision::DisallowAll);
        assert_eq!(outcome(policy, Some(503), 0), FetchDecision::DisallowAll);
        assert_eq!(outcome(policy, None, 0), FetchDecision::DisallowAll);
    }
}

#[test]
fn too_many_requests_differs_between_policies() {
    assert_eq!(outcome(FetchPolicy::Rfc9309, Some(429), 0), FetchDecision::AllowAll);
    assert_eq!(
        outcome(FetchPolicy::GoogleCrawler, Some(429), 0),
        FetchDecision::DisallowAll
    );
}

#[test]
fn google_crawler_ignores_content_past_500_kib_and_the_rfc_parser_keeps_whole_lines() {
    // A rule line crosses byte 512,000: Google's crawler cuts it at the byte
    // and parses its start, the RFC policy hands the body to the parser,
    // which drops the line it cannot read whole.
    let mut body = b"User-agent: *\n".to_vec();
    body.resize(511_980, b'#');
    body.extend_from_slice(b"\nDisallow: /straddle-and-more\n");
    let fetched = Response {
        body: &body,
        ..response(Some(200))
    };
    assert_eq!(GOOGLE_CRAWLER_PARSE_LIMIT, 512_000);
    assert_eq!(
        decide(FetchPolicy::GoogleCrawler, &fetched),
        FetchDecision::Parse(&body[..512_000])
    );
    assert_eq!(decide(FetchPolicy::Rfc9309, &fetched), FetchDecision::Parse(&body[..]));
    let url = "https://example.com/straddle";
    let google_cut = Robots::parse(&body[..512_000], Profile::GOOGLE);
    assert!(
        !google_cut.check("FooBot", url).allowed,
        "the cut start `/straddle` still blocks"
    );
    assert!(google_cut.check("FooBot", "https://example.com/other").allowed);
    let rfc = Robots::parse(&body, Profile::RFC9309);
    assert!(rfc.check("FooBot", url).allowed, "the crossing line is dropped");
    assert_eq!(
        FetchPolicy::from_name("google-crawler"),
        Some(FetchPolicy::GoogleCrawler)
    );
}

const CACHED_BODY: &[u8] = b"User-agent: *\nDisallow: /private\n";

fn failing_for(policy: FetchPolicy, status: Option<u16>, hours: u32, cached: bool) -> FetchDecision<'static> {
    decide(
        policy,
        &Response {
            body: b"User-agent: *\nDisallow: /fresh\n",
            cached: cached.then_some(CACHED_BODY),
            failing_hours: hours,
            ..response(status)
        },
    )
}

#[test]
fn the_rfc_policy_disallows_for_30_days_then_uses_the_copy_or_allows() {
    // §2.3.1.4: complete disallow while unreachable; after a reasonably long
    // time (30 days) a crawler may keep using its cached copy or treat the
    // file as unavailable.
    for status in [Some(500), Some(503), None] {
        for hours in [0, GOOGLE_STOP_HOURS, 48, UNREACHABLE_GRACE_HOURS] {
            assert_eq!(
                failing_for(FetchPolicy::Rfc9309, status, hours, true),
                FetchDecision::DisallowAll,
                "{hours} h"
            );
        }
        let past = UNREACHABLE_GRACE_HOURS + 1;
        assert_eq!(
            failing_for(FetchPolicy::Rfc9309, status, past, true),
            FetchDecision::Parse(CACHED_BODY)
        );
        assert_eq!(
            failing_for(FetchPolicy::Rfc9309, status, past, false),
            FetchDecision::AllowAll
        );
    }
}

#[test]
fn google_stops_for_12_hours_then_uses_its_last_good_copy_for_30_days_then_allows() {
    let policy = FetchPolicy::GoogleCrawler;
    for status in [Some(500), Some(503), Some(429), None] {
        assert_eq!(failing_for(policy, status, 0, true), FetchDecision::DisallowAll);
        assert_eq!(
            failing_for(policy, status, GOOGLE_STOP_HOURS - 1, true),
            FetchDecision::DisallowAll
        );
        for hours in [GOOGLE_STOP_HOURS, 48, GOOGLE_STOP_HOURS + UNREACHABLE_GRACE_HOURS] {
            assert_eq!(
                failing_for(policy, status, hours, true),
                FetchDecision::Parse(CACHED_BODY),
                "{hours} h"
            );
            assert_eq!(
                failing_for(policy, status, hours, false),
                FetchDecision::DisallowAll,
                "no copy: still stopped at {hours} h"
            );
        }
        let past = GOOGLE_STOP_HOURS + UNREACHABLE_GRACE_HOURS + 1;
        for cached in [true, false] {
            assert_eq!(failing_for(policy, status, past, cached), FetchDecision::AllowAll);
        }
    }
}

#[test]
fn a_cached_copy_does_not_override_a_fresh_answer() {
    for policy in BOTH {
        let fresh = failing_for(policy, Some(200), 0, true);
        assert_eq!(fresh, FetchDecision::Parse(b"User-agent: *\nDisallow: /fresh\n"));
        assert_eq!(failing_for(policy, Some(404), 0, true), FetchDecision::AllowAll);
        assert_eq!(failing_for(policy, Some(404), 10_000, true), FetchDecision::AllowAll);
    }
    assert_eq!(
        failing_for(FetchPolicy::Rfc9309, Some(429), 10_000, true),
        FetchDecision::AllowAll,
        "429 is a 4xx to the RFC, whatever the clock says"
    );
}

#[test]
fn a_cached_copy_past_500_kib_is_cut_like_a_fresh_body() {
    let copy = vec![b'#'; 600_000];
    let failing = Response {
        cached: Some(&copy),
        failing_hours: 48,
        ..response(Some(503))
    };
    assert_eq!(
        decide(FetchPolicy::GoogleCrawler, &failing),
        FetchDecision::Parse(&copy[..GOOGLE_CRAWLER_PARSE_LIMIT])
    );
}

#[test]
fn a_redirect_without_a_target_and_unusual_statuses() {
    for policy in BOTH {
        // A final 3xx: the redirect could not be followed (§2.3.1.2).
        assert_eq!(outcome(policy, Some(301), 0), FetchDecision::AllowAll);
        for status in [204, 206] {
            assert!(matches!(outcome(policy, Some(status), 0), FetchDecision::Parse(_)));
        }
        assert_eq!(outcome(policy, Some(400), 0), FetchDecision::AllowAll);
        assert_eq!(outcome(policy, Some(499), 0), FetchDecision::AllowAll);
        assert_eq!(outcome(policy, Some(599), 0), FetchDecision::DisallowAll);
    }
}

#[test]
fn a_file_governs_its_own_scheme_host_and_port_only() {
    let robots = b"https://example.com/robots.txt";
    for same in [
        &b"https://example.com/x"[..],
        b"https://EXAMPLE.com/x",
        b"HTTPS://example.com:443/x?q",
        b"https://user@example.com/x",
        b"https://example.com",
        b"https://example.com#top",
        b"/x",
    ] {
        assert!(governs(robots, same), "{}", String::from_utf8_lossy(same));
    }
    for other in [
        &b"http://example.com/x"[..],
        b"https://example.com:8443/x",
        b"https://www.example.com/x",
        b"https://example.com.evil.test/x",
        b"https://evil.test/https://example.com/x",
        b"ftp://example.com/x",
    ] {
        assert!(!governs(robots, other), "{}", String::from_utf8_lossy(other));
    }
    assert!(governs(b"http://[::1]:8080/robots.txt", b"http://[::1]:8080/a"));
    assert!(!governs(b"http://[::1]:8080/robots.txt", b"http://[::1]/a"));
    assert!(governs(b"http://example.com:80/robots.txt", b"http://example.com/a"));
}

#[test]
fn governs_answers_for_any_bytes() {
    // Malformed URLs are ordinary input: an unparseable port or a missing
    // scheme gives an answer, never a panic.
    let robots = b"https://example.com/robots.txt";
    for url in [
        &b"https://example.com:99999/x"[..],
        b"https://example.com:x/",
        b"https://",
        b"://x",
        b":",
        b"",
        b"\xFF\xFE://\xC3:/",
        b"1http://example.com/",
    ] {
        let answer = governs(robots, url);
        assert_eq!(answer, governs(robots, url), "{}", String::from_utf8_lossy(url));
        assert!(!governs(url, b"https://example.com/x") || url.starts_with(b"https://example.com"));
    }
    assert!(!governs(robots, b"https://example.com:99999/x"), "no port 99999");
}
