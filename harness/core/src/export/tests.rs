//! Tests of `export`.
use super::*;
use crate::case::{CachedSpec, Tag};
use serde_json::Value;

fn file_with(cases: Vec<Case>) -> CaseFile {
    CaseFile {
        path: "x.yaml".into(),
        id: "x".into(),
        source: "s".into(),
        cases,
    }
}

fn exported(cases: Vec<Case>) -> Value {
    serde_json::from_str(&export(&[file_with(cases)], "1.2.3", Path::new("."))).unwrap()
}

/// The bytes `parts` stand for, and whether each is text.
fn rebuilt(parts: &[Part]) -> (Vec<u8>, Vec<bool>) {
    let mut bytes = Vec::new();
    for part in parts {
        let piece = match (&part.text, &part.base64) {
            (Some(text), None) => text.as_bytes().to_vec(),
            (None, Some(encoded)) => base64::engine::general_purpose::STANDARD.decode(encoded).unwrap(),
            _ => panic!("a part has exactly one of text and base64: {part:?}"),
        };
        assert!(part.times >= 1);
        bytes.extend(piece.repeat(part.times));
    }
    (bytes, parts.iter().map(|part| part.text.is_some()).collect())
}

#[test]
fn a_body_becomes_its_lines_with_runs_counted_and_rebuilds_exactly() {
    let filler = "#---- filler ----\n".repeat(5000);
    let body = format!("User-agent: *\nDisallow: /a\n{filler}Disallow: /late\nAllow: /x");
    let found = parts(body.as_bytes());
    let shown: Vec<(Option<&str>, usize)> = found.iter().map(|part| (part.text.as_deref(), part.times)).collect();
    assert_eq!(
        shown,
        [
            (Some("User-agent: *\nDisallow: /a\n"), 1),
            (Some("#---- filler ----\n"), 5000),
            (Some("Disallow: /late\nAllow: /x"), 1),
        ]
    );
    assert_eq!(rebuilt(&found).0, body.as_bytes());
    assert!(parts(b"").is_empty());
    let blank_lines = parts(b"\n\n\n");
    assert_eq!((blank_lines[0].text.as_deref(), blank_lines[0].times), (Some("\n"), 3));
    // Every byte value, CRs, a BOM and a body without a line end.
    let mut odd: Vec<u8> = (0..=255u8).collect();
    odd.extend_from_slice(b"\r\r\n\xEF\xBB\xBFUser-agent: *\r\n\r\n\xff\n\xff\n");
    assert_eq!(rebuilt(&parts(&odd)).0, odd);
}

#[test]
fn a_body_that_is_not_utf8_has_base64_only_for_the_lines_that_are_not() {
    let mut case = Case::sample(Expect::Allowed, Expect::Disallowed);
    case.body = b"User-agent: *\nAllow: /a\nDisallow: /\xff\n# end\n".to_vec();
    let document = exported(vec![case.clone()]);
    let check = &document["checks"][0];
    assert_eq!(check["body"], case.id.as_str());
    assert_eq!(check["expect"]["rfc"], "allowed");
    assert_eq!(check["expect"]["google"], "disallowed");
    assert_eq!(
        document["bodies"][case.id.as_str()],
        serde_json::json!([
            {"text": "User-agent: *\nAllow: /a\n"},
            {"base64": "RGlzYWxsb3c6IC//Cg=="},
            {"text": "# end\n"}
        ])
    );
    let (bytes, text) = rebuilt(&parts(&case.body));
    assert_eq!((bytes, text), (case.body, vec![true, false, true]));
}

#[test]
fn each_distinct_body_is_stored_once_under_the_first_case_that_has_it() {
    let mut first = Case::sample(Expect::Allowed, Expect::Allowed);
    first.id = "x/b".into();
    let mut same = first.clone();
    same.id = "x/c".into();
    let mut earlier = first.clone();
    earlier.id = "x/a".into();
    earlier.body = b"User-agent: *\nDisallow: /other\n".to_vec();
    let document = exported(vec![same, first, earlier]);
    let keys: Vec<&str> = document["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["body"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["x/a", "x/b", "x/b"]);
    let stored: Vec<&String> = document["bodies"].as_object().unwrap().keys().collect();
    assert_eq!(stored, ["x/a", "x/b"]);
    assert_eq!(document["body_count"], 2);
}

#[test]
fn checks_are_sorted_by_case_id_then_in_file_order() {
    let mut later = Case::sample(Expect::Allowed, Expect::Allowed);
    later.id = "x/b".into();
    let mut earlier = later.clone();
    earlier.id = "x/a".into();
    earlier.checks = (1..=10)
        .map(|number| Check {
            name: format!("c{number}"),
            ..earlier.checks[0].clone()
        })
        .collect();
    let document = exported(vec![later, earlier]);
    let ids: Vec<&str> = document["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["id"].as_str().unwrap())
        .collect();
    // File order, not the order of the names (`c10` sorts before `c2`).
    assert_eq!(ids[..3], ["x/a/c1", "x/a/c2", "x/a/c3"]);
    assert_eq!(ids[9..], ["x/a/c10", "x/b/z"]);
    assert_eq!(document["check_count"], 11);
}

#[test]
fn each_check_carries_its_name_and_tags() {
    let mut case = Case::sample(Expect::Allowed, Expect::Allowed);
    case.checks[0].tags = [Tag::PathologicalPattern, Tag::MultiAgent].into();
    let document = exported(vec![case]);
    let check = &document["checks"][0];
    assert_eq!(check["name"], "z");
    assert_eq!(check["case"], "x/y");
    assert_eq!(check["id"], "x/y/z");
    assert_eq!(
        check["tags"],
        serde_json::json!(["multi-agent", "pathological-pattern"])
    );
}

#[test]
fn a_network_error_and_a_basis_are_written_as_the_case_files_name_them() {
    let mut case = Case::sample(Expect::Disallowed, Expect::Disallowed);
    case.response = Some(ResponseSpec {
        url: None,
        status: None,
        redirects: 2,
        hops: Vec::new(),
        failing_for_hours: None,
        content_type: None,
        cached: Some(CachedSpec {
            age_hours: 800,
            body: None,
            cache_control: None,
        }),
    });
    case.checks[0].basis = Basis {
        clause: Some("2.3.1.4".into()),
        level: Some(crate::case::Level::Must),
        reading: None,
        statements: Vec::new(),
    };
    let check = &exported(vec![case])["checks"][0];
    assert_eq!(check["response"]["status"], "network-error");
    assert_eq!(check["response"]["redirects"], 2);
    assert_eq!(check["response"]["cached_age_hours"], 800);
    assert_eq!(
        check["response"]["failing_hours"], 800,
        "no clock of its own: failing since the copy was fetched"
    );
    assert_eq!(check["response"]["robots_url"], Value::Null);
    assert_eq!(check["response"]["redirect_hops"], serde_json::json!([]));
    assert_eq!(
        check["response"]["cached_body"],
        Value::Null,
        "the copy is the check's body"
    );
    assert_eq!(check["basis"]["clause"], "2.3.1.4");
    assert_eq!(check["basis"]["level"], "MUST");
    assert_eq!(check["basis"]["reading"], Value::Null);
}

#[test]
fn a_cached_copy_with_a_body_of_its_own_is_a_body_of_the_document() {
    let mut case = Case::sample(Expect::Allowed, Expect::Allowed);
    case.id = "fetch/caching/x".into();
    case.response = Some(ResponseSpec {
        url: None,
        status: Some(200),
        redirects: 0,
        hops: Vec::new(),
        failing_for_hours: None,
        content_type: Some("text/plain".into()),
        cached: Some(CachedSpec {
            age_hours: 30,
            body: Some(b"User-agent: *\nDisallow: /\n".to_vec()),
            cache_control: Some("max-age=172800".into()),
        }),
    });
    let document = exported(vec![case]);
    let response = &document["checks"][0]["response"];
    assert_eq!(response["content_type"], "text/plain");
    assert_eq!(response["cache_control"], "max-age=172800");
    assert_eq!(response["cached_body"], "fetch/caching/x/cached-copy");
    assert_eq!(document["checks"][0]["body"], "fetch/caching/x");
    assert_eq!(document["body_count"], 2);
    assert_eq!(
        document["bodies"]["fetch/caching/x/cached-copy"],
        serde_json::json!([{"text": "User-agent: *\nDisallow: /\n"}])
    );
}

#[test]
fn the_first_url_the_hops_and_the_clock_are_written_apart_from_the_copy() {
    let mut case = Case::sample(Expect::Allowed, Expect::Allowed);
    case.response = Some(ResponseSpec {
        url: Some("https://example.com/robots.txt".into()),
        status: Some(503),
        redirects: 1,
        hops: vec!["https://cdn.example.net/robots.txt".into()],
        failing_for_hours: Some(12),
        content_type: None,
        cached: Some(CachedSpec {
            age_hours: 48,
            body: None,
            cache_control: None,
        }),
    });
    let response = &exported(vec![case])["checks"][0]["response"];
    assert_eq!(response["robots_url"], "https://example.com/robots.txt");
    assert_eq!(
        response["redirect_hops"],
        serde_json::json!(["https://cdn.example.net/robots.txt"])
    );
    assert_eq!(response["failing_hours"], 12);
    assert_eq!(response["cached_age_hours"], 48);
}
