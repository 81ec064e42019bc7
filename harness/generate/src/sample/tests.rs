//! Tests of `sample`.
use super::*;

const BODY: &[u8] = b"User-agent: MJ12bot/v1.4\nDisallow: /a*b$\nUser-agent: *\nAllow: /caf\xc3\xa9/\nDisallow: /%7e\n";

#[test]
fn crawler_checks_are_absolute_plain_and_whole() {
    let queries = crawler_sample(BODY, 40);
    assert!(queries.len() > 8, "{queries:?}");
    for query in &queries {
        assert!(query.url.starts_with("https://example.com/"), "{query:?}");
        let path = &query.url["https://example.com".len()..];
        assert!(path.bytes().all(|b| !escaped_by_crawlers(b, false)), "{query:?}");
        assert!(!path.contains('*') && !path.contains('$'), "{query:?}");
        assert!(!path.contains("%7e"), "lower-case escape in {query:?}");
    }
    let urls: Vec<&str> = queries.iter().map(|q| q.url.as_str()).collect();
    for expected in [
        "https://example.com/axb",
        "https://example.com/caf%C3%A9/",
        "https://example.com/caf%C3%A9/page.html",
        "https://example.com/%7E",
        "https://example.com/",
    ] {
        assert!(urls.contains(&expected), "{expected} missing from {urls:?}");
    }
    assert!(urls.iter().any(|url| url.contains('?')), "no query in {urls:?}");
    let agents: Vec<&str> = queries.iter().map(|q| q.agents[0].as_str()).collect();
    assert!(agents.contains(&"MJ12bot"), "{agents:?}");
    assert!(agents.contains(&UNNAMED_AGENT), "{agents:?}");
    assert!(agents.iter().any(|a| WELL_KNOWN_CRAWLERS.contains(a)), "{agents:?}");
    assert!(!agents.contains(&"MJ"), "an agent cut short: {agents:?}");
    assert_eq!(crawler_sample(BODY, 40), queries, "the same file gives the same checks");
}

#[test]
fn budgets_hold_and_spread() {
    let small = crawler_sample(BODY, 4);
    assert_eq!(small.len(), 4);
    assert_eq!(small.last().unwrap().url, "https://example.com/");
    let kinds: Vec<&str> = small.iter().map(|q| q.agents[0].as_str()).collect();
    assert_eq!(kinds[0], "MJ12bot");
    assert!(WELL_KNOWN_CRAWLERS.contains(&kinds[1]));
    assert_eq!(kinds[2], UNNAMED_AGENT);
    assert_eq!(crawler_sample(b"", 0).len(), 1);
    assert_eq!(crawler_sample(b"User-agent: *\nDisallow:\n", 9).len(), 1);
    assert_eq!(edge_sample(b"", 4).len(), 1);
}

#[test]
fn bodies_that_are_not_text_are_edge_only() {
    let latin1 = b"User-agent: *\nDisallow: /caf\xe9\n";
    assert!(crawler_sample(latin1, 8).is_empty());
    let edge = edge_sample(latin1, 8);
    assert!(edge.iter().any(|q| q.url == "https://example.com/caf%E9"), "{edge:?}");
}

#[test]
fn edge_checks_carry_the_edge_forms() {
    let queries = edge_sample(BODY, 40);
    let urls: Vec<&str> = queries.iter().map(|q| q.url.as_str()).collect();
    for expected in [
        "https://example.com/%61%78%62",
        "/axb",
        "https://example.com/caf%c3%a9/",
        "https://example.com/%7e",
        "https://example.com/a*b$",
        "/%63%61%66%c3%a9/",
    ] {
        assert!(urls.contains(&expected), "{expected} missing from {urls:?}");
    }
    assert!(
        urls.iter().all(|url| !url.starts_with("https://example.com/axb")),
        "{urls:?}"
    );
}

#[test]
fn generated_bodies_of_every_kind_give_crawler_like_checks_and_never_panic() {
    let mut letters_escaped_seen = false;
    for index in 0..1500 {
        let generated = crate::Generated::from_seed(7, index, 4);
        let body = &generated.body;
        let crawler = crawler_sample(body, 12);
        let edge = edge_sample(body, 12);
        assert!(!edge.is_empty() && edge.len() <= 12, "input {index}");
        if std::str::from_utf8(body).is_err() {
            assert!(
                crawler.is_empty(),
                "input {index}: a body that is not text has crawler checks"
            );
            continue;
        }
        assert!(!crawler.is_empty() && crawler.len() <= 12, "input {index}");
        let products = harvest(body).products;
        for query in &crawler {
            let path = query
                .url
                .strip_prefix(ORIGIN)
                .unwrap_or_else(|| panic!("input {index}: not absolute: {query:?}"));
            assert!(path.starts_with('/'), "input {index}: {query:?}");
            let (before, query_part) = path.split_once('?').unwrap_or((path, ""));
            assert!(
                before.bytes().all(|b| !escaped_by_crawlers(b, false))
                    && query_part.bytes().all(|b| !escaped_by_crawlers(b, true)),
                "input {index}: a byte crawlers escape in {query:?}"
            );
            assert!(!path.contains(['*', '$']), "input {index}: {query:?}");
            let escapes = path
                .match_indices('%')
                .filter(|(at, _)| escape_at(path.as_bytes(), *at));
            for (at, _) in escapes {
                let hex = &path[at + 1..at + 3];
                assert_eq!(hex, hex.to_ascii_uppercase(), "input {index}: {query:?}");
            }
            let agent = query.agents[0].as_str();
            assert!(
                agent == UNNAMED_AGENT
                    || WELL_KNOWN_CRAWLERS.contains(&agent)
                    || products.iter().any(|product| product == agent),
                "input {index}: agent {agent:?} is none of the three kinds"
            );
        }
        letters_escaped_seen |= edge.iter().any(|q| q.url.contains("%6") || q.url.contains("%7"));
    }
    assert!(letters_escaped_seen, "the edge sample never escaped a letter");
}

#[test]
fn neighbours_of_a_path() {
    assert_eq!(beside("/a%C3%A9"), Some("/a%C3".to_owned()));
    assert_eq!(beside("/ab"), Some("/a".to_owned()));
    assert_eq!(beside("/"), None);
    assert_eq!(below("/a?b"), None);
    assert_eq!(below("/a/").as_deref(), Some("/a/page.html"));
    assert_eq!(with_query("/a?b="), "/a?b=1");
    assert_eq!(with_query("/a?b"), "/a?b&q=1");
    assert_eq!(plain(b"/a b%zz%2f|{'\\?'{"), "/a%20b%zz%2F|%7B'%5C?%27{");
}
