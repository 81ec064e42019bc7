//! Fetch policies (RFC 9309 §2.3.1 and Google's documented crawler policy).

use rep::fetch::{decide, CachedCopy, FetchDecision, FetchPolicy, Response, UNREACHABLE_GRACE_HOURS};

fn outcome(policy: FetchPolicy, status: Option<u16>, redirects: u32) -> FetchDecision<'static> {
    decide(
        policy,
        &Response {
            status,
            redirects,
            body: b"User-agent: *\nDisallow: /\n",
            cached: None,
        },
    )
}

#[test]
fn success_parses_the_body() {
    for policy in [FetchPolicy::Rfc9309, FetchPolicy::GoogleCrawler] {
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
fn client_errors_allow_and_server_errors_disallow() {
    for policy in [FetchPolicy::Rfc9309, FetchPolicy::GoogleCrawler] {
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
fn google_crawler_ignores_content_past_500_kib() {
    let body = vec![b'#'; 600_000];
    let response = Response {
        status: Some(200),
        redirects: 0,
        body: &body,
        cached: None,
    };
    assert_eq!(
        decide(FetchPolicy::GoogleCrawler, &response),
        FetchDecision::Parse(&body[..512_000])
    );
    assert_eq!(decide(FetchPolicy::Rfc9309, &response), FetchDecision::Parse(&body[..]));
    assert_eq!(
        FetchPolicy::from_name("google-crawler"),
        Some(FetchPolicy::GoogleCrawler)
    );
}

const CACHED_BODY: &[u8] = b"User-agent: *\nDisallow: /private\n";

fn with_cached_copy(policy: FetchPolicy, status: Option<u16>, age_hours: u32) -> FetchDecision<'static> {
    decide(
        policy,
        &Response {
            status,
            redirects: 0,
            body: b"User-agent: *\nDisallow: /fresh\n",
            cached: Some(CachedCopy {
                age_hours,
                body: CACHED_BODY,
            }),
        },
    )
}

#[test]
fn an_unreachable_file_disallows_everything_for_30_days_then_the_cached_copy_applies() {
    // §2.3.1.4: complete disallow while unreachable; after a reasonably long
    // time (30 days) a crawler may keep using its cached copy instead.
    for policy in [FetchPolicy::Rfc9309, FetchPolicy::GoogleCrawler] {
        for status in [Some(500), Some(503), None] {
            assert_eq!(with_cached_copy(policy, status, 2), FetchDecision::DisallowAll);
            assert_eq!(
                with_cached_copy(policy, status, UNREACHABLE_GRACE_HOURS),
                FetchDecision::DisallowAll
            );
            assert_eq!(
                with_cached_copy(policy, status, UNREACHABLE_GRACE_HOURS + 1),
                FetchDecision::Parse(CACHED_BODY)
            );
        }
    }
}

#[test]
fn a_cached_copy_does_not_override_a_fresh_answer() {
    for policy in [FetchPolicy::Rfc9309, FetchPolicy::GoogleCrawler] {
        let fresh = with_cached_copy(policy, Some(200), 2);
        assert_eq!(fresh, FetchDecision::Parse(b"User-agent: *\nDisallow: /fresh\n"));
        assert_eq!(with_cached_copy(policy, Some(404), 2), FetchDecision::AllowAll);
        assert_eq!(with_cached_copy(policy, Some(404), 10_000), FetchDecision::AllowAll);
    }
}

#[test]
fn google_treats_429_as_unreachable_cached_copy_included() {
    assert_eq!(
        with_cached_copy(FetchPolicy::Rfc9309, Some(429), 10_000),
        FetchDecision::AllowAll
    );
    assert_eq!(
        with_cached_copy(FetchPolicy::GoogleCrawler, Some(429), 10_000),
        FetchDecision::Parse(CACHED_BODY)
    );
    assert_eq!(
        with_cached_copy(FetchPolicy::GoogleCrawler, Some(429), 2),
        FetchDecision::DisallowAll
    );
}

#[test]
fn a_redirect_without_a_target_and_unusual_statuses() {
    for policy in [FetchPolicy::Rfc9309, FetchPolicy::GoogleCrawler] {
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
