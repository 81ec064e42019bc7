//! Fetch policies (RFC 9309 §2.3.1 and Google's documented crawler policy).

use rep::fetch::{decide, FetchDecision, FetchPolicy, Response};

fn outcome(policy: FetchPolicy, status: Option<u16>, redirects: u32) -> FetchDecision<'static> {
    decide(
        policy,
        &Response {
            status,
            redirects,
            body: b"User-agent: *\nDisallow: /\n",
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
