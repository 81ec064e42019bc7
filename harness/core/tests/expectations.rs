//! The suite's own guarantees:
//! (a) every check's expectation for a profile holds on the project matcher
//!     under that profile;
//! (b) every non-fetch `google` expectation is what Google's C++ parser
//!     decides (so a wrong expectation cannot be committed);
//! (c) the loader rejects each malformed fixture with the right place and
//!     message, and lists the problems of every file;
//! (d) JUnit output is well-formed XML with one test case per check.

use rep_core::case::{load_paths, CaseFile, Expect, ProfileId};
use rep_core::format::{render, Format};
use rep_core::implementation::{built_in, Answer, DecidingLine, ImplError, Implementation, Loaded, Outcome, BUILT_IN};
use rep_core::runner::{run, Status};
use std::path::PathBuf;

fn harness_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn suite() -> Vec<CaseFile> {
    let files = load_paths(&[harness_dir().join("../cases")]).unwrap_or_else(|errors| panic!("{errors}"));
    assert!(!files.is_empty(), "cases/ holds no case files");
    files
}

fn fixtures(dir: &str) -> PathBuf {
    harness_dir().join("tests/fixtures").join(dir)
}

/// (a) and (b): each implementation meets every expectation of the profile it
/// claims; `google` is n/a only on fetch cases.
#[test]
fn every_expectation_holds_on_the_implementation_claiming_its_profile() {
    let files = suite();
    let impls: Vec<Box<dyn Implementation>> = BUILT_IN.iter().filter_map(|name| built_in(name)).collect();
    let matrix = run(&files, &impls, |_, _| {});
    let mut problems = Vec::new();
    for row in &matrix.rows {
        for (index, info) in matrix.impls.iter().enumerate() {
            let status = row.status(index, info.claims);
            let fetch = row.case.response.is_some();
            let acceptable = match status {
                Status::Pass | Status::ImplementationDefined | Status::Reading => true,
                // Google's parser does not model fetching; nothing else may be n/a.
                Status::NotApplicable => fetch && info.name == "google",
                // A departure from a SHOULD or MAY is a lesser mark for a
                // third-party parser; the reference implementations make none.
                Status::Fail | Status::Departure(_) | Status::Error => false,
            };
            if !acceptable {
                problems.push(format!(
                    "{} ({}:{}): {} says {:?}, expected {} for {}",
                    row.id(),
                    row.case.file.display(),
                    row.case.line,
                    info.name,
                    row.answers[index],
                    row.check().expect(info.claims),
                    info.claims
                ));
            }
        }
    }
    assert!(matrix.rows.len() >= 300, "only {} checks in cases/", matrix.rows.len());
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// (b), stated directly against the reference: for every non-fetch check with
/// a definite google expectation, Google's parser decides exactly that.
#[test]
fn google_expectations_are_what_googles_parser_decides() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in suite() {
        for case in file.cases.iter().filter(|case| case.response.is_none()) {
            for (index, check) in case.checks.iter().enumerate() {
                let Some(expected) = check.google.allowed() else {
                    continue;
                };
                let verdict = rep_reference::check_bytes(&case.body, &check.agent_bytes(), check.url.as_bytes())
                    .unwrap_or_else(|e| panic!("{}#{}: {e}", case.id, index + 1));
                checked += 1;
                if verdict.allowed != expected {
                    wrong.push(format!(
                        "{}#{}: google expects {}, Google's parser says allowed={}",
                        case.id,
                        index + 1,
                        check.google,
                        verdict.allowed
                    ));
                }
            }
        }
    }
    assert!(checked > 0);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// (c) Each malformed fixture, where its problem is and what the message says.
#[test]
fn malformed_fixtures_are_rejected_with_file_line_and_column() {
    let expected: &[(&str, usize, usize, &str)] = &[
        ("agent-and-agents.yaml", 9, 17, "check 1 has both `agent` and `agents`"),
        ("bad-base64.yaml", 5, 20, "robots_base64: invalid base64 at character 8"),
        ("bad-escape.yaml", 10, 21, "`\\q` is not an escape"),
        (
            "bad-status.yaml",
            6,
            15,
            "expected an HTTP status from 100 to 599, or network-error",
        ),
        ("bad-value.yaml", 10, 17, "unknown variant `maybe`"),
        ("double-quoted-escape.yaml", 5, 21, "Write the value in single quotes"),
        ("empty-agent.yaml", 8, 16, "check 1: agent 1 is empty"),
        ("empty-url.yaml", 9, 14, "check 1: the url is empty"),
        (
            "duplicate-name.yaml",
            8,
            11,
            "duplicate case name `same-name` (first used on line 3)",
        ),
        (
            "missing-expectation.yaml",
            11,
            7,
            "check 2 has no expectation for the google profile",
        ),
        (
            "two-bodies.yaml",
            6,
            20,
            "has 2 body forms (robots, robots_base64): keep exactly one",
        ),
        (
            "unicode-escape-in-double-quotes.yaml",
            5,
            37,
            "write robots_escaped and escaped values in single quotes",
        ),
        ("unknown-field.yaml", 10, 9, "unknown field `expcet`"),
        (
            "missing-check-name.yaml",
            8,
            7,
            "check 2 of case `missing-check-name/unnamed` has no `name`",
        ),
        (
            "duplicate-check-name.yaml",
            8,
            11,
            "check 2: name `same` is already check 1's in case `duplicate-check-name/twice`",
        ),
        ("bad-check-name.yaml", 7, 15, "check 1: name `Root_Page` is not a slug"),
        (
            "derived-tag-written.yaml",
            6,
            11,
            "tag `fetch` follows from the content (a simulated HTTP response to the request for /robots.txt), so it is never written",
        ),
        ("unknown-tag.yaml", 7, 58, "`slow` is not a tag; the tags are multi-agent, fetch"),
        ("unwritten-why.yaml", 4, 10, "still has a placeholder `why`"),
        ("yaml-syntax.yaml", 8, 1, "did not find expected ',' or '}'"),
    ];
    for &(file, line, column, message) in expected {
        let path = fixtures("malformed").join(file);
        let errors = load_paths(std::slice::from_ref(&path)).expect_err(file).0;
        assert_eq!(errors.len(), 1, "{file}: {errors:?}");
        let text = errors[0].to_string();
        let place = format!("{}:{line}:{column}: ", path.display());
        assert!(text.starts_with(&place), "{file}: wanted `{place}…`, got `{text}`");
        assert!(text.contains(message), "{file}: wanted `{message}` in `{text}`");
    }
    // The whole directory: every file's problem, not just the first.
    let all = load_paths(&[fixtures("malformed")]).expect_err("malformed directory").0;
    assert_eq!(all.len(), expected.len(), "{all:?}");
    // A malformed file among good ones still stops the load.
    assert!(load_paths(&[fixtures("valid"), fixtures("malformed/bad-value.yaml")]).is_err());
}

/// (c) In a suite with a readings file, every definite rfc expectation rests
/// on a known RFC 9309 section with its level, or on a known reading.
#[test]
fn a_traced_suite_refuses_rfc_verdicts_that_rest_on_nothing() {
    let grounded = load_paths(&[fixtures("traced/traced.yaml")]).unwrap_or_else(|errors| panic!("{errors}"));
    let checks = &grounded[0].cases[0].checks;
    assert_eq!(checks[0].basis.clause.as_deref(), Some("2.2.2"));
    assert_eq!(checks[1].basis.level, Some(rep_core::case::Level::Should));
    assert_eq!(checks[2].basis.reading.as_deref(), Some("several-agents"));
    // Statements and source: the check's own, else its case's.
    assert_eq!(checks[0].basis.statements, ["most-octets-wins"]);
    assert_eq!(checks[1].basis.statements, ["allow-wins-a-tie"]);
    let source = |index: usize| checks[index].source.as_ref().map(|source| source.section.as_str());
    assert_eq!((source(0), source(1)), (Some("Matching"), Some("Ties")));
    assert_eq!(checks[1].source.as_ref().map(|source| source.date.as_str()), Some("r2"));
    let expected: &[(&str, usize, usize, &str)] = &[
        (
            "rests-on-nothing.yaml",
            8,
            7,
            "check 2: its rfc expectation (disallowed) rests on nothing",
        ),
        (
            "unknown-section.yaml",
            11,
            17,
            "check 1: RFC 9309 has no section `2.2.5`",
        ),
        (
            "unknown-reading.yaml",
            5,
            14,
            "check 1: there is no reading `several-crawlers`",
        ),
        (
            "clause-without-level.yaml",
            5,
            13,
            "check 1: clause 2.2.1 needs a level",
        ),
        (
            "empty-source-field.yaml",
            8,
            13,
            "check 1: the source's `section` is empty",
        ),
        (
            "statement-not-an-id.yaml",
            9,
            85,
            "check 1: statement `Most octets wins` is not a statement id",
        ),
    ];
    for &(file, line, column, message) in expected {
        let path = fixtures("traced").join(file);
        let errors = load_paths(std::slice::from_ref(&path)).expect_err(file).0;
        assert_eq!(errors.len(), 1, "{file}: {errors:?}");
        let text = errors[0].to_string();
        let place = format!("{}:{line}:{column}: ", path.display());
        assert!(text.starts_with(&place), "{file}: wanted `{place}…`, got `{text}`");
        assert!(text.contains(message), "{file}: wanted `{message}` in `{text}`");
    }
    // Outside a traced suite the same file loads: the fixtures elsewhere, and
    // imported cases, carry no readings file.
    let copy = std::env::temp_dir().join(format!("reptest-untraced-{}.yaml", std::process::id()));
    std::fs::copy(fixtures("traced/rests-on-nothing.yaml"), &copy).unwrap();
    load_paths(std::slice::from_ref(&copy)).unwrap_or_else(|errors| panic!("{errors}"));
    let _ = std::fs::remove_file(&copy);
}

#[test]
fn the_valid_fixture_loads_byte_exact_bodies_and_expectations() {
    let files = load_paths(&[fixtures("valid/basic.yaml")]).unwrap_or_else(|e| panic!("{e}"));
    let cases = &files[0].cases;
    let by_name = |name: &str| cases.iter().find(|case| case.name == name).expect(name);
    assert_eq!(files[0].id, "basic");
    assert_eq!(by_name("longest-match-wins").id, "basic/longest-match-wins");
    assert_eq!(
        by_name("longest-match-wins").body,
        b"User-agent: *\nDisallow: /archive\nAllow: /archive/public\n"
    );
    assert_eq!(
        by_name("escaped-crlf-body").body,
        b"User-agent: *\r\nDisallow: /a\xFF\r\n"
    );
    assert_eq!(by_name("escaped-crlf-body").checks[0].agents, ["FooBot", "BarBot"]);
    assert_eq!(by_name("base64-body").body, b"User-agent: *\nDisallow: /\n");
    assert_eq!(
        by_name("parts-body").body,
        b"User-agent: *\n# filler\n# filler\n# filler\nDisallow: /after\nAllow: /after/ok\n"
    );
    let fetch = by_name("fetch-network-error-with-body");
    assert_eq!(
        fetch
            .response
            .as_ref()
            .map(|r| (r.status, r.redirects, r.cached_age_hours())),
        Some((None, 2, None))
    );
    let cached = &by_name("fetch-server-error-with-cached-copy").response;
    assert_eq!(cached.as_ref().and_then(|r| r.cached_age_hours()), Some(2));
    let beside = by_name("fetch-success-beside-an-older-copy")
        .response
        .clone()
        .expect("a response");
    assert_eq!(beside.content_type.as_deref(), Some("text/plain; charset=utf-8"));
    let copy = beside.cached.expect("a cached copy");
    assert_eq!(copy.age_hours, 30);
    assert_eq!(copy.body.as_deref(), Some(&b"User-agent: *\nDisallow: /\n"[..]));
    assert_eq!(copy.cache_control.as_deref(), Some("max-age=172800"));
    assert_eq!(by_name("fetch-server-error").body, b"");
    let check = &by_name("escaped-crlf-body").checks[0];
    assert_eq!((check.rfc, check.google), (Expect::Disallowed, Expect::Disallowed));
    assert_eq!(by_name("longest-match-wins").line, 3);
}

/// Answers allowed for everything, except an error for one URL and n/a for
/// another: exercises every JUnit element.
struct Stub;

struct StubLoaded;

impl Loaded for StubLoaded {
    fn check(&self, _agents: &[&[u8]], url: &[u8]) -> Answer {
        match url {
            b"/x" => Err(ImplError::Failed("boom <\u{1}>".into())),
            b"/after/ok" => Err(ImplError::Unsupported("not today".into())),
            _ => Ok(Outcome {
                allowed: true,
                line: DecidingLine::At(1),
                detail: None,
            }),
        }
    }
}

impl Implementation for Stub {
    fn name(&self) -> &str {
        "stub & <friends>"
    }
    fn claims(&self) -> ProfileId {
        ProfileId::Rfc
    }
    fn load(&self, _robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(StubLoaded)
    }
}

fn junit_testcases(xml: &str) -> Vec<(String, usize, Vec<String>)> {
    let document = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("invalid XML: {e}\n{xml}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    root.children()
        .filter(|node| node.is_element())
        .map(|suite| {
            assert_eq!(suite.tag_name().name(), "testsuite");
            let cases: Vec<_> = suite.children().filter(|n| n.has_tag_name("testcase")).collect();
            let outcomes = cases
                .iter()
                .filter_map(|case| {
                    case.children()
                        .find(|n| n.is_element())
                        .map(|n| n.tag_name().name().to_string())
                })
                .collect();
            (
                suite.attribute("name").unwrap_or_default().to_string(),
                cases.len(),
                outcomes,
            )
        })
        .collect()
}

/// (d) JUnit: valid XML, one suite per implementation, one test case per
/// check, failures, errors and skips where they belong — even with markup and
/// control characters in names and bodies.
#[test]
fn junit_is_valid_xml_with_one_testcase_per_check() {
    let files = load_paths(&[fixtures("valid")]).unwrap_or_else(|e| panic!("{e}"));
    let impls: Vec<Box<dyn Implementation>> = vec![
        built_in("rep-rfc").unwrap(),
        built_in("google").unwrap(),
        Box::new(Stub),
    ];
    let matrix = run(&files, &impls, |_, _| {});
    let checks = matrix.rows.len();
    let suites = junit_testcases(&render(&matrix, Format::Junit));
    assert_eq!(suites.len(), 3);
    assert_eq!(suites[2].0, "stub & <friends> (claims rfc)");
    for (name, count, _) in &suites {
        assert_eq!(*count, checks, "{name}");
    }
    // rep-rfc: only the implementation-defined check is skipped.
    assert_eq!(suites[0].2, ["skipped"]);
    // google: the four fetch checks are n/a, plus the implementation-defined one.
    assert_eq!(suites[1].2.iter().filter(|o| *o == "skipped").count(), 5);
    // The stub errs on /x, is n/a on /after/ok, and wrongly allows every disallowed check.
    let stub = &suites[2].2;
    assert_eq!(stub.iter().filter(|o| *o == "error").count(), 1);
    let disallowed = matrix
        .rows
        .iter()
        .filter(|row| row.check().rfc == Expect::Disallowed && row.check().url != "/x" && row.case.response.is_none())
        .count();
    assert_eq!(stub.iter().filter(|o| *o == "failure").count(), disallowed);
    assert!(matrix.any_claimed_miss());

    // The whole suite as well.
    let suite_files = suite();
    let impls: Vec<Box<dyn Implementation>> = BUILT_IN.iter().filter_map(|name| built_in(name)).collect();
    let matrix = run(&suite_files, &impls, |_, _| {});
    for (name, count, _) in junit_testcases(&render(&matrix, Format::Junit)) {
        assert_eq!(count, matrix.rows.len(), "{name}");
    }
}

#[test]
fn json_report_lists_every_answer() {
    let files = load_paths(&[fixtures("valid")]).unwrap_or_else(|e| panic!("{e}"));
    let impls: Vec<Box<dyn Implementation>> = vec![built_in("rep-google").unwrap(), Box::new(Stub)];
    let matrix = run(&files, &impls, |_, _| {});
    let report: serde_json::Value = serde_json::from_str(&render(&matrix, Format::Json)).unwrap();
    let checks = report["checks"].as_array().unwrap();
    assert_eq!(checks.len(), matrix.rows.len());
    let x = checks.iter().find(|c| c["url"] == "/x").unwrap();
    assert_eq!(x["results"][0]["allowed"], false);
    assert_eq!(x["results"][0]["rfc_status"], "pass");
    assert_eq!(x["results"][1]["error"], "boom <\u{1}>");
    assert_eq!(report["implementations"][1]["claims"], "rfc");
    assert_eq!(report["claimed_profile_missed"], true);
}

#[test]
fn markdown_and_table_show_misses_with_the_deciding_line() {
    let files = load_paths(&[fixtures("valid/basic.yaml")]).unwrap_or_else(|e| panic!("{e}"));
    let impls: Vec<Box<dyn Implementation>> = vec![built_in("rep-rfc").unwrap(), Box::new(Stub)];
    let matrix = run(&files, &impls, |_, _| {});
    let table = render(&matrix, Format::Table);
    assert!(
        table.contains("MISS basic/longest-match-wins/archive-x against RFC 9309  ("),
        "{table}"
    );
    assert!(table.contains(">    2 | Disallow: /archive"), "{table}");
    assert!(table.contains("FAILED:"), "{table}");
    let markdown = render(&matrix, Format::Markdown);
    // The name is text, not HTML: a page shows `stub & <friends>`.
    assert!(
        markdown.contains("| stub &amp; &lt;friends&gt; | **rfc** |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("#### MISS `basic/longest-match-wins/archive-x` against RFC 9309\n"),
        "{markdown}"
    );
}

/// A missed SHOULD is a departure: shown with its clause and level, counted
/// apart, and the run still passes.
#[test]
fn a_should_departure_is_shown_but_does_not_fail_the_run() {
    let mut case = rep_core::case::Case::sample(Expect::Disallowed, Expect::Disallowed);
    case.checks[0].basis = rep_core::case::Basis {
        clause: Some("2.2.2".into()),
        level: Some(rep_core::case::Level::Should),
        reading: None,
        statements: Vec::new(),
    };
    let files = vec![CaseFile {
        path: "x.yaml".into(),
        id: "x".into(),
        source: String::new(),
        cases: vec![case],
    }];
    let impls: Vec<Box<dyn Implementation>> = vec![Box::new(Stub)];
    let matrix = run(&files, &impls, |_, _| {});
    assert!(!matrix.any_claimed_miss());
    let tally = matrix.tally(0, ProfileId::Rfc);
    assert_eq!((tally.fail, tally.should), (0, 1));
    let table = render(&matrix, Format::Table);
    assert!(
        table.contains("SHOULD DEPARTURE x/y/z against RFC 9309 §2.2.2 SHOULD"),
        "{table}"
    );
    assert!(
        table.contains("OK: every implementation meets every expectation"),
        "{table}"
    );
    let junit = render(&matrix, Format::Junit);
    assert!(
        junit.contains("SHOULD departure, not a failure: RFC 9309 §2.2.2 SHOULD"),
        "{junit}"
    );
    let markdown = render(&matrix, Format::Markdown);
    assert!(
        markdown.contains("#### SHOULD DEPARTURE `x/y/z` against RFC 9309 §2.2.2 SHOULD"),
        "{markdown}"
    );
    let json: serde_json::Value = serde_json::from_str(&render(&matrix, Format::Json)).unwrap();
    assert_eq!(json["implementations"][0]["profiles"]["rfc"]["should_departures"], 1);
    assert_eq!(json["checks"][0]["rfc_basis"]["level"], "SHOULD");
}
