//! The suite crate as a parser's test uses it: the embedded suite, and runs
//! that pass or fail with a report, on a small suite written here.

use rep_suite::{Answer, Check, Expect, Profile, Suite, Wrong};
use serde_json::{json, Value};

/// A suite of four checks: `t/a/one` allowed under both profiles, `t/a/two`
/// disallowed under rfc and allowed under google, `t/b/one` implementation-defined
/// under rfc, and `t/c/one` a fetch check (disallowed: 503).
fn small_suite() -> Suite {
    let check = |id: &str, rfc: &str, google: &str, response: Value| {
        json!({
            "id": id, "case": id.rsplit_once('/').unwrap().0, "name": id.rsplit_once('/').unwrap().1,
            "tags": if response.is_null() { json!([]) } else { json!(["fetch"]) },
            "file": "cases/t.yaml", "line": 1,
            "why": "A rule, explained.", "agents": ["FooBot"], "url": "https://example.com/x",
            "expect": {"rfc": rfc, "google": google},
            "basis": {"clause": null, "level": null, "reading": null},
            "response": response, "body": "t/a"
        })
    };
    let document = json!({
        "format": "rep-suite", "format_version": 2, "suite_version": "9.8.7", "rfc": "RFC 9309",
        "how_to_read": ["-"], "check_count": 4, "body_count": 1,
        "bodies": {"t/a": [{"text": "User-agent: *\nDisallow: /x\n"}]},
        "checks": [
            check("t/a/one", "allowed", "allowed", Value::Null),
            check("t/a/two", "disallowed", "allowed", Value::Null),
            check("t/b/one", "implementation-defined", "allowed", Value::Null),
            check("t/c/one", "disallowed", "disallowed", json!({"status": 503, "redirects": 0})),
        ]
    });
    Suite::from_json(&document.to_string()).unwrap()
}

/// Answers `t/a/one` allowed and everything else disallowed, fetch checks unsupported.
fn strict_parser(check: &Check) -> Answer {
    if check.response.is_some() {
        return Answer::Unsupported("no fetching".into());
    }
    (check.id == "t/a/one").into()
}

#[test]
fn the_embedded_suite_holds_every_check_of_the_committed_export() {
    let export: Value = serde_json::from_str(include_str!("../rep-suite.json")).expect("the export is JSON");
    let suite = Suite::load();
    assert_eq!(suite.version(), export["suite_version"]);
    let ids: Vec<&str> = suite.checks().map(|check| check.id.as_str()).collect();
    let exported: Vec<&str> = export["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, exported);
    let not_utf8 = suite.checks().filter(|check| check.body_text().is_none()).count();
    let bodies = export["bodies"].as_object().unwrap();
    let base64 = export["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|check| {
            let parts = bodies[check["body"].as_str().unwrap()].as_array().unwrap();
            parts.iter().any(|part| part.get("base64").is_some())
        })
        .count();
    assert_eq!(
        not_utf8, base64,
        "a body is UTF-8 exactly when none of its parts is base64"
    );
    assert!(base64 > 0, "the suite has bodies that are not UTF-8");
}

#[test]
fn a_parser_that_meets_every_expectation_passes_and_implementation_defined_verdicts_are_not_scored() {
    let mut asked = 0;
    let summary = Suite::load().profile(Profile::Google).run(|check| {
        asked += 1;
        match check.google {
            Expect::Allowed => Answer::Allowed,
            Expect::Disallowed => Answer::Disallowed,
            // Either verdict would do: it is not scored.
            Expect::ImplementationDefined => (check.id.len() % 2 == 0).into(),
        }
    });
    assert_eq!(asked, Suite::load().checks().count(), "every check is asked");
    assert_eq!(summary.passed + summary.not_scored, asked);
    assert_eq!((summary.expected_failures, summary.unsupported), (0, 0));
    let rfc = Suite::load().profile(Profile::Rfc).run(|check| match check.rfc {
        Expect::Allowed => Answer::Allowed,
        Expect::Disallowed => Answer::Disallowed,
        Expect::ImplementationDefined => Answer::Disallowed,
    });
    assert!(rfc.not_scored > 0, "the rfc profile leaves some checks open");
}

/// The rule `reptest` follows: on an implementation-defined check a verdict
/// is never a miss, but an error (here a panic) is, so one expected-failures
/// list serves `reptest run --expected-failures` and this crate alike.
#[test]
fn a_panic_on_an_implementation_defined_check_is_a_miss_and_can_be_listed() {
    let panics_on_b = |check: &Check| {
        if check.id == "t/b/one" {
            panic!("cannot decide");
        }
        strict_parser(check)
    };
    let report = small_suite()
        .profile(Profile::Rfc)
        .expected_failures("t/a/two\n")
        .try_run(panics_on_b)
        .unwrap_err();
    assert_eq!(report.new_misses.len(), 1, "{report}");
    let miss = &report.new_misses[0];
    assert_eq!(miss.check.id, "t/b/one");
    assert_eq!(
        (miss.expected, &miss.got),
        (Expect::ImplementationDefined, &Wrong::Panicked("cannot decide".into()))
    );
    // Listed, the same panic is an expected failure.
    let summary = small_suite()
        .profile(Profile::Rfc)
        .expected_failures("t/b/one\n")
        .run(panics_on_b);
    assert_eq!((summary.expected_failures, summary.not_scored), (1, 0));
}

#[test]
fn listed_misses_pass_and_the_summary_counts_each_kind() {
    let summary = small_suite()
        .profile(Profile::Google)
        .expected_failures("# strict parser\nt/a/two\n  # google allows it\nt/b/one\n")
        .run(strict_parser);
    assert_eq!(summary.checks, 4);
    assert_eq!(summary.passed, 1);
    assert_eq!(summary.expected_failures, 2, "t/a/two and t/b/one are listed or missed");
    assert_eq!(summary.unsupported, 1);
    assert_eq!(summary.not_scored, 0);
    assert!(summary
        .to_string()
        .starts_with("rep-suite 9.8.7 (google profile): 4 checks: 1 passed"));
}

#[test]
fn a_new_miss_fails_with_its_check_and_the_line_to_add() {
    let report = small_suite()
        .profile(Profile::Google)
        .expected_failures("t/a/two\n")
        .try_run(strict_parser)
        .unwrap_err();
    assert_eq!(report.new_misses.len(), 1);
    let miss = &report.new_misses[0];
    assert_eq!(miss.check.id, "t/b/one");
    assert_eq!(
        (miss.expected, &miss.got),
        (Expect::Allowed, &Wrong::Answered(Answer::Disallowed))
    );
    let text = report.to_string();
    assert!(text.contains("t/b/one: expected allowed, got disallowed"), "{text}");
    assert!(text.contains("held to:   Google's parser (google profile)\n"), "{text}");
    assert!(
        text.contains("body:\n         1 | User-agent: *\n         2 | Disallow: /x\n      case:"),
        "{text}"
    );
    assert!(
        text.contains("case:      cases/t.yaml:1 — A rule, explained."),
        "{text}"
    );
    assert!(text.contains("reproduce: reptest show t/b/one\n"), "{text}");
    assert!(
        text.contains("add these lines to the list:\n# expected allowed, got disallowed\nt/b/one\n"),
        "{text}"
    );
}

#[test]
fn a_listed_check_that_no_longer_misses_is_stale_with_its_line() {
    let listed = "t/a/one\nt/b/one\nt/c/one\nt/a/two\n";
    let report = small_suite()
        .profile(Profile::Rfc)
        .expected_failures(listed)
        .try_run(strict_parser)
        .unwrap_err();
    let stale: Vec<(usize, &str)> = report.stale.iter().map(|s| (s.line, s.id.as_str())).collect();
    assert_eq!(stale, [(1, "t/a/one"), (4, "t/a/two"), (2, "t/b/one"), (3, "t/c/one")]);
    assert_eq!(report.stale[0].reason, "passes now");
    assert!(report.stale[2]
        .reason
        .contains("implementation-defined under the rfc profile"));
    assert!(report.stale[3].reason.contains("answered unsupported (no fetching)"));
    assert!(report.new_misses.is_empty());
    assert!(report.to_string().contains("no longer miss; remove their lines"));
}

#[test]
fn a_panicking_parser_is_a_miss_of_that_check_not_of_the_run() {
    let report = small_suite()
        .profile(Profile::Rfc)
        .try_run(|check| {
            if check.id == "t/a/two" {
                panic!("index out of range");
            }
            strict_parser(check)
        })
        .unwrap_err();
    assert_eq!(report.new_misses.len(), 1);
    assert_eq!(report.new_misses[0].got, Wrong::Panicked("index out of range".into()));
    assert_eq!(report.summary.passed, 1);
}

#[test]
fn unknown_ids_and_empty_selections_are_reported_not_ignored() {
    let report = small_suite()
        .with_id_prefix("t/a/")
        .with_id_prefix("t/zz")
        .profile(Profile::Google)
        .expected_failures("t/a/two\nt/b/one\nt/gone/one\nt/a/two t/a/one\n")
        .try_run(strict_parser)
        .unwrap_err();
    assert_eq!(report.summary.checks, 2, "only t/a is selected");
    assert!(report.new_misses.is_empty() && report.stale.is_empty(), "{report}");
    assert_eq!(
        report.problems,
        [
            "line 4: `t/a/two t/a/one` is not a check id (`<case id>/<check name>`, one per line; a line starting \
             with # is a comment; a numbered id of suite 3.x is upgraded by `reptest baseline --upgrade FILE`)",
            "no check id starts with `t/zz`",
            "line 3: `t/gone/one` is not a check of suite 9.8.7: renamed or removed (see the suite's CHANGES.md)?",
        ]
    );
}

#[test]
#[should_panic(expected = "1 new miss(es), 0 stale expected failure(s), 0 problem(s)")]
fn run_panics_with_the_report() {
    small_suite()
        .profile(Profile::Google)
        .expected_failures("t/a/two\n")
        .run(strict_parser);
}

#[test]
fn a_run_where_the_parser_answers_nothing_fails() {
    let report = small_suite()
        .profile(Profile::Rfc)
        .try_run(|_| Answer::Unsupported("not wired up yet".into()))
        .unwrap_err();
    assert_eq!(
        report.summary.unsupported, 4,
        "implementation-defined checks are asked too"
    );
    assert_eq!(
        report.problems,
        ["the parser answered none of the 4 checks (each was unsupported or not scored): such a run tests nothing"]
    );
}

/// Two rfc checks both answered "disallowed" by [`strict_parser`] where the
/// suite expects "allowed": `t/s/one` rests on a SHOULD, `t/m/one` on a MUST.
fn suite_with_a_should_and_a_must() -> Suite {
    let basis = |level: &str| json!({"clause": "2.2.2", "level": level, "reading": null});
    suite_of_bases(
        "User-agent: *\nDisallow: /x\n",
        &[("t/s/one", basis("SHOULD")), ("t/m/one", basis("MUST"))],
    )
}

/// A suite whose checks ask the same question of `body` (expected allowed
/// under both profiles) and differ only in id and basis.
fn suite_of_bases(body: &str, checks: &[(&str, Value)]) -> Suite {
    let checks: Vec<Value> = checks
        .iter()
        .map(|(id, basis)| {
            json!({
                "id": id, "case": id.rsplit_once('/').unwrap().0, "name": id.rsplit_once('/').unwrap().1,
                "tags": [], "file": "cases/t.yaml", "line": 1,
                "why": "A rule, explained.", "agents": ["FooBot"], "url": "https://example.com/x",
                "expect": {"rfc": "allowed", "google": "allowed"},
                "basis": basis, "response": null, "body": "t/a"
            })
        })
        .collect();
    let document = json!({
        "format": "rep-suite", "format_version": 2, "suite_version": "9.8.7", "rfc": "RFC 9309",
        "how_to_read": ["-"], "check_count": checks.len(), "body_count": 1,
        "bodies": {"t/a": [{"text": body}]},
        "checks": checks
    });
    Suite::from_json(&document.to_string()).unwrap()
}

#[test]
fn a_should_departure_is_counted_apart_and_fails_only_once_a_list_is_given() {
    let unlisted = suite_with_a_should_and_a_must()
        .profile(Profile::Rfc)
        .try_run(strict_parser)
        .unwrap_err();
    assert_eq!(unlisted.summary.departures, 1, "t/s/one is a departure, not a miss");
    let missed: Vec<&str> = unlisted.new_misses.iter().map(|miss| miss.check.id.as_str()).collect();
    assert_eq!(missed, ["t/m/one"], "the MUST miss still fails");
    assert!(unlisted
        .summary
        .to_string()
        .ends_with("1 departures from a SHOULD or MAY (not failures)"));

    let must_listed = suite_with_a_should_and_a_must()
        .profile(Profile::Rfc)
        .expected_failures("t/m/one\n")
        .try_run(strict_parser)
        .unwrap_err();
    assert_eq!(must_listed.summary.departures, 0);
    let text = must_listed.to_string();
    assert!(
        text.contains("t/s/one: expected allowed, got disallowed (a departure from a SHOULD)"),
        "{text}"
    );

    let both_listed = suite_with_a_should_and_a_must()
        .profile(Profile::Rfc)
        .expected_failures("t/m/one\nt/s/one\n")
        .run(strict_parser);
    assert_eq!((both_listed.expected_failures, both_listed.departures), (2, 0));

    let google = suite_with_a_should_and_a_must()
        .profile(Profile::Google)
        .try_run(strict_parser);
    assert_eq!(
        google.unwrap_err().new_misses.len(),
        2,
        "levels are RFC 9309's: the google profile has none"
    );
}

/// The closure of the crate documentation and harness/suite/README.md, as
/// written there: it must compile against `&Check` (`response` is not `Copy`).
#[test]
fn the_documented_closure_compiles_and_leaves_fetch_checks_out() {
    let summary = small_suite()
        .profile(Profile::Google)
        .expected_failures("t/a/two\nt/b/one\n")
        .run(|check| {
            if let Some(tag) = check.needs_any(&["multi-agent", "fetch", "non-utf8-body"]) {
                return Answer::Unsupported(format!("my parser cannot take {tag}"));
            }
            let (Some(_body), Some(_agent)) = (check.body_text(), check.single_agent()) else {
                return Answer::Unsupported("not UTF-8, or several agents".into());
            };
            (check.id == "t/a/one").into()
        });
    assert_eq!(summary.unsupported, 1, "the fetch check");
}

#[test]
fn new_misses_are_grouped_by_what_they_break_the_biggest_group_first() {
    let must = |clause: &str, reading: Value| json!({"clause": clause, "level": "MUST", "reading": reading});
    let report = suite_of_bases(
        "User-agent: *\r\nDisallow: /x\u{1b}[2J\r",
        &[
            ("t/x/one", must("2.2.1", json!("a-reading"))),
            ("t/y/one", must("2.2.2", Value::Null)),
            ("t/y/two", must("2.2.2", Value::Null)),
        ],
    )
    .profile(Profile::Rfc)
    .try_run(strict_parser)
    .unwrap_err();
    let groups: Vec<(&str, Vec<&str>)> = report
        .misses_by_what_they_break()
        .into_iter()
        .map(|(held_to, misses)| (held_to, misses.iter().map(|miss| miss.check.id.as_str()).collect()))
        .collect();
    assert_eq!(
        groups,
        [
            ("RFC 9309 §2.2.2 MUST", vec!["t/y/one", "t/y/two"]),
            ("RFC 9309 §2.2.1 MUST, reading `a-reading`", vec!["t/x/one"]),
        ]
    );
    let text = report.to_string();
    let first = text.find("\nRFC 9309 §2.2.2 MUST: 2 new miss(es)\n").expect(&text);
    let second = text
        .find("\nRFC 9309 §2.2.1 MUST, reading `a-reading`: 1 new miss(es)\n")
        .expect(&text);
    assert!(first < second, "{text}");
    assert!(text.contains("held to:   RFC 9309 §2.2.2 MUST\n"), "{text}");
    // CR LF and a CR alone end lines; the escape character is shown, never sent.
    assert!(
        text.contains("         1 | User-agent: *\n         2 | Disallow: /x\\u{1b}[2J\n      case:"),
        "{text}"
    );
    assert!(text.contains("reproduce: reptest show t/y/two\n"), "{text}");
}

#[test]
fn the_crate_version_is_the_suite_version_it_carries() {
    assert_eq!(Suite::load().version(), env!("CARGO_PKG_VERSION"));
}
