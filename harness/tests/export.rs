//! `reptest export` and the committed export under `cases/export/`:
//! (a) the committed file is what the command writes now, byte for byte;
//! (b) it validates against the hand-written schema beside it, and the
//!     schema rejects what it should;
//! (c) its suite version is the top heading of `cases/CHANGES.md`;
//! (d) it carries every check of the loaded suite unchanged, each distinct
//!     body once, and stays under 1 MB;
//! (e) the command's usage and write errors.

use base64::Engine as _;
use rep_core::case::{load_paths, Expect};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const REGENERATE: &str = "cargo reptest export --out cases/export/rep-suite.json";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|error| panic!("cannot read {path}: {error}"))
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|error| panic!("{path} is not JSON: {error}"))
}

fn reptest(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("reptest starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// (a), like the snapshots: a change to the cases fails here until the export is regenerated.
#[test]
fn the_committed_export_is_what_reptest_export_writes_now() {
    let out = reptest(&["export"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let now = text(&out.stdout);
    let committed = read("cases/export/rep-suite.json");
    if now != committed {
        let line = now
            .lines()
            .zip(committed.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| "the end".to_string(), |index| format!("line {}", index + 1));
        panic!(
            "cases/export/rep-suite.json is not what `reptest export` writes now (they first differ at {line}). \
             Regenerate it with `{REGENERATE}`, read the diff, and commit it; a changed expectation or a renamed \
             check is a major version in cases/CHANGES.md, new checks a minor one."
        );
    }
    let again = reptest(&["export"]);
    assert!(again.stdout == out.stdout, "two exports of the same cases differ");
}

fn validator() -> jsonschema::Validator {
    let schema = json("cases/export/rep-suite.schema.json");
    jsonschema::draft202012::new(&schema)
        .unwrap_or_else(|error| panic!("the schema is not a valid draft 2020-12 schema: {error}"))
}

fn problems(validator: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|error| format!("{}: {error}", error.instance_path()))
        .collect()
}

/// (b)
#[test]
fn the_export_validates_against_its_schema() {
    let export = json("cases/export/rep-suite.json");
    let found = problems(&validator(), &export);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// What a schema test changes in a valid check, and how.
type Breakage = (&'static str, fn(&mut Value));

/// (b): the schema is not vacuous; each of these breaks one rule a reader relies on.
#[test]
fn the_schema_rejects_a_check_a_reader_could_not_use() {
    let validator = validator();
    let export = json("cases/export/rep-suite.json");
    let breakages: [Breakage; 11] = [
        ("no expect", |check| {
            check.as_object_mut().unwrap().remove("expect");
        }),
        ("unknown expectation", |check| check["expect"]["rfc"] = "maybe".into()),
        ("a body given inline, as format 1 did", |check| {
            check["body"] = "User-agent: *\nDisallow: /\n".into()
        }),
        ("no body", |check| {
            check.as_object_mut().unwrap().remove("body");
        }),
        ("a case id for an id", |check| check["id"] = "rfc9309/x".into()),
        ("a numbered id of suite 3.x", |check| {
            check["id"] = "rfc9309/x/y#1".into()
        }),
        ("no name", |check| {
            check.as_object_mut().unwrap().remove("name");
        }),
        ("an unknown tag", |check| {
            check["tags"] = serde_json::json!(["fetching"])
        }),
        ("no agent", |check| check["agents"] = Value::Array(Vec::new())),
        ("the old body_encoding field", |check| {
            check["body_encoding"] = "text".into()
        }),
        ("an unknown field", |check| check["bodyy"] = "x".into()),
    ];
    for (what, breakage) in breakages {
        let mut broken = export.clone();
        breakage(&mut broken["checks"][0]);
        assert!(
            !problems(&validator, &broken).is_empty(),
            "the schema accepts a check with {what}"
        );
    }
    // A body with parts to break (a fetch check's body may be empty).
    let key = export["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["body"].as_str().unwrap())
        .find(|key| export["bodies"][*key].as_array().is_some_and(|parts| !parts.is_empty()))
        .unwrap()
        .to_string();
    let part_breakages: [Breakage; 5] = [
        ("base64 that is not base64", |part| {
            *part = serde_json::json!({"base64": "not base64!"})
        }),
        ("both text and base64", |part| {
            *part = serde_json::json!({"text": "User-agent: *\n", "base64": "VQ=="})
        }),
        ("neither text nor base64", |part| {
            *part = serde_json::json!({"times": 2})
        }),
        ("a count of zero", |part| {
            *part = serde_json::json!({"text": "x\n", "times": 0})
        }),
        ("an empty text", |part| *part = serde_json::json!({"text": ""})),
    ];
    for (what, breakage) in part_breakages {
        let mut broken = export.clone();
        breakage(&mut broken["bodies"][key.as_str()][0]);
        assert!(
            !problems(&validator, &broken).is_empty(),
            "the schema accepts a body part with {what}"
        );
    }
    let mut renamed = export.clone();
    let body = renamed["bodies"].as_object_mut().unwrap().remove(&key).unwrap();
    renamed["bodies"]["not a case id"] = body;
    assert!(
        !problems(&validator, &renamed).is_empty(),
        "the schema accepts a body key that is not a case id"
    );
}

/// (c)
#[test]
fn the_export_carries_the_version_at_the_top_of_the_change_log() {
    let changes = read("cases/CHANGES.md");
    let heading = changes
        .lines()
        .find(|line| line.starts_with("## "))
        .expect("cases/CHANGES.md has a `## x.y.z` heading");
    let top = heading[3..].split_whitespace().next().unwrap().trim_matches(['[', ']']);
    let export = json("cases/export/rep-suite.json");
    assert_eq!(
        export["suite_version"], top,
        "the export's suite_version is not the top version of cases/CHANGES.md: regenerate it with `{REGENERATE}`"
    );
}

/// The bytes of the body `key` names in the export's `bodies`: its parts,
/// each repeated `times` (1 when absent).
fn body_bytes(export: &Value, key: &str) -> Vec<u8> {
    let parts = export["bodies"][key]
        .as_array()
        .unwrap_or_else(|| panic!("no body `{key}` in the export's bodies"));
    let mut bytes = Vec::new();
    for part in parts {
        let piece = match (part["text"].as_str(), part["base64"].as_str()) {
            (Some(text), None) => text.as_bytes().to_vec(),
            (None, Some(encoded)) => base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .unwrap_or_else(|error| panic!("body `{key}`: bad base64 ({error})")),
            _ => panic!("body `{key}`: a part with neither or both of text and base64: {part}"),
        };
        let times = part.get("times").map_or(1, |times| times.as_u64().unwrap() as usize);
        bytes.extend(piece.repeat(times));
    }
    bytes
}

/// (d): every check of the loaded suite, once, with its bytes, agents, URL and expectations.
#[test]
fn the_export_carries_every_check_of_the_suite_unchanged() {
    let files = load_paths(&[root().join("cases")]).unwrap_or_else(|errors| panic!("{errors}"));
    let export = json("cases/export/rep-suite.json");
    let exported: std::collections::HashMap<&str, &Value> = export["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| (check["id"].as_str().unwrap(), check))
        .collect();
    let expect_name = |expect: Expect| expect.name().to_string();
    let mut count = 0;
    let mut used = std::collections::BTreeSet::new();
    for case in files.iter().flat_map(|file| &file.cases) {
        for (index, check) in case.checks.iter().enumerate() {
            count += 1;
            let id = case.check_id(index);
            let entry = exported
                .get(id.as_str())
                .unwrap_or_else(|| panic!("{id} is not in the export"));
            let key = entry["body"].as_str().unwrap();
            used.insert(key.to_string());
            assert!(
                body_bytes(&export, key) == case.body,
                "{id}: the exported body `{key}` differs from the case's"
            );
            assert_eq!(entry["name"], check.name.as_str(), "{id}");
            assert_eq!(entry["case"], case.id.as_str(), "{id}");
            let tags: Vec<&str> = check.tags.iter().map(|tag| tag.name()).collect();
            assert_eq!(entry["tags"], serde_json::json!(tags), "{id}");
            assert_eq!(entry["url"], check.url.as_str(), "{id}");
            assert_eq!(entry["agents"], serde_json::json!(check.agents), "{id}");
            assert_eq!(entry["expect"]["rfc"], expect_name(check.rfc), "{id}");
            assert_eq!(entry["expect"]["google"], expect_name(check.google), "{id}");
            assert_eq!(entry["response"].is_null(), case.response.is_none(), "{id}");
            let copy = case.response.as_ref().and_then(|response| response.cached.as_ref());
            match (
                copy.and_then(|copy| copy.body.as_deref()),
                entry["response"]["cached_body"].as_str(),
            ) {
                (Some(own), Some(key)) => {
                    used.insert(key.to_string());
                    assert!(
                        body_bytes(&export, key) == own,
                        "{id}: the cached copy's body `{key}` differs"
                    );
                }
                (None, None) => {}
                (own, key) => panic!(
                    "{id}: the case's cached copy has a body of its own: {}, the export names {key:?}",
                    own.is_some()
                ),
            }
            assert_eq!(entry["line"], case.line, "{id}");
            let file = entry["file"].as_str().unwrap();
            assert!(
                root().join(file).canonicalize().unwrap() == case.file.canonicalize().unwrap(),
                "{id}: file {file} is not {}",
                case.file.display()
            );
        }
    }
    assert_eq!(count, exported.len(), "the export has checks the suite does not");
    assert_eq!(export["check_count"], count);
    // Each body is used, stored once, and named by a case that has it.
    let bodies = export["bodies"].as_object().unwrap();
    let stored: std::collections::BTreeSet<String> = bodies.keys().cloned().collect();
    assert_eq!(stored, used, "bodies no check names, or checks naming a missing body");
    assert_eq!(export["body_count"], bodies.len());
    let mut distinct = std::collections::HashMap::new();
    for key in bodies.keys() {
        if let Some(other) = distinct.insert(body_bytes(&export, key), key) {
            panic!("bodies `{other}` and `{key}` are the same bytes: each body is stored once");
        }
        let (id, copy) = match key.strip_suffix("/cached-copy") {
            Some(id) => (id, true),
            None => (key.as_str(), false),
        };
        let case = files
            .iter()
            .flat_map(|file| &file.cases)
            .find(|case| case.id == id)
            .unwrap_or_else(|| panic!("body key `{key}` is not a case id (or one and `/cached-copy`)"));
        let own = if copy {
            case.response
                .as_ref()
                .and_then(|response| response.cached.as_ref()?.body.as_deref())
        } else {
            Some(case.body.as_slice())
        };
        assert!(
            own == Some(body_bytes(&export, key).as_slice()),
            "body `{key}` is not its case's body (or its cached copy's)"
        );
    }
}

/// (d): the committed data stays small enough to vendor (issue 19: it was
/// 13.7 MB when every check repeated its body).
#[test]
fn the_export_directory_is_under_one_megabyte() {
    let dir = root().join("cases/export");
    let mut total = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        total += entry.unwrap().metadata().unwrap().len();
    }
    assert!(
        total < 1_000_000,
        "cases/export/ holds {total} bytes: keep it under 1 MB (bodies once each, repeated lines as parts)"
    );
}

/// (e)
#[test]
fn export_writes_to_a_file_and_reports_what_it_cannot_do() {
    let dir = std::env::temp_dir().join(format!("rep-export-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("suite.json");
    let out = reptest(&["export", "--out", target.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("checks"), "{}", text(&out.stderr));
    let stdout = reptest(&["export"]).stdout;
    assert!(
        std::fs::read(&target).unwrap() == stdout,
        "--out wrote other bytes than stdout got"
    );

    let into_a_directory = reptest(&["export", "--out", dir.to_str().unwrap()]);
    assert_eq!(into_a_directory.status.code(), Some(1));
    let stderr = text(&into_a_directory.stderr);
    assert!(
        stderr.contains("cannot write") && stderr.contains(dir.to_str().unwrap()),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let unknown = reptest(&["export", "--format", "yaml"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("unexpected argument `--format`"));
    let help = reptest(&["export", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("Usage: reptest export [--out FILE]"));
}

/// The documents that state numbers about the exported suite. Left out on
/// purpose: `cases/CHANGES.md` (history: each version's own numbers),
/// `reports/` (written by `reptest report`) and `fuzz/README.md` (its checks
/// are generated ones).
const DOCUMENTS: [&str; 6] = [
    "README.md",
    "cases/README.md",
    "harness/README.md",
    "harness/adapters/README.md",
    "harness/consumers/README.md",
    "harness/suite/README.md",
];

/// Every number written right before `word` in `text` (`1,234 checks`),
/// with the line it is on.
fn numbers_before(text: &str, word: &str) -> Vec<(usize, u64)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        for pair in tokens.windows(2) {
            let next = pair[1].trim_end_matches(|c: char| !c.is_alphanumeric());
            let number = pair[0].trim_start_matches(['(', '`', '*']).replace(',', "");
            if next == word && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
                found.push((index + 1, number.parse().unwrap()));
            }
        }
    }
    found
}

/// Every `x.y.z` written right after `word` (`rep-suite 3.0.0`), with its line.
fn versions_after(text: &str, word: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        for pair in tokens.windows(2) {
            let version = pair[1].trim_end_matches(|c: char| !c.is_ascii_digit());
            let is_version = version.split('.').count() == 3
                && version
                    .split('.')
                    .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
            if pair[0].trim_start_matches(['(', '`']) == word && is_version {
                found.push((index + 1, version.to_string()));
            }
        }
    }
    found
}

/// Issue 19 found the consumers' README saying 606 checks and suite 1.0.0
/// when the export held 769 and 2.0.0: a README may state a count of checks
/// or cases, a suite version or a format version only as the export has it.
#[test]
fn no_readme_states_a_count_or_version_that_the_export_contradicts() {
    let export = json("cases/export/rep-suite.json");
    let checks = export["check_count"].as_u64().unwrap();
    let cases: std::collections::BTreeSet<&str> = export["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["case"].as_str().unwrap())
        .collect();
    let suite_version = export["suite_version"].as_str().unwrap();
    let format_version = export["format_version"].as_u64().unwrap();
    let mut wrong = Vec::new();
    for document in DOCUMENTS {
        let text = read(document);
        for (line, number) in numbers_before(&text, "checks") {
            if number != checks {
                wrong.push(format!("{document}:{line}: {number} checks (the export has {checks})"));
            }
        }
        for (line, number) in numbers_before(&text, "cases") {
            if number != cases.len() as u64 {
                wrong.push(format!(
                    "{document}:{line}: {number} cases (the export has {})",
                    cases.len()
                ));
            }
        }
        for word in ["suite", "rep-suite"] {
            for (line, version) in versions_after(&text, word) {
                if version != suite_version {
                    wrong.push(format!(
                        "{document}:{line}: {word} {version} (the export is {suite_version})"
                    ));
                }
            }
        }
        for (index, text_line) in text.lines().enumerate() {
            if let Some(rest) = text_line.split("format_version ").nth(1) {
                let number: String = rest.chars().take_while(char::is_ascii_digit).collect();
                if !number.is_empty() && number != format_version.to_string() {
                    wrong.push(format!(
                        "{document}:{}: format_version {number} (the export has {format_version})",
                        index + 1
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "these statements contradict cases/export/rep-suite.json; correct them:\n{}",
        wrong.join("\n")
    );
}

/// The helpers above find what they are meant to, so the test above cannot
/// pass by reading nothing.
#[test]
fn the_readme_statements_are_found_where_written() {
    let text = "Here the 606 checks (of 1,234 checks) and (769 checks).\nNot 12 generated checks? 5 cases, `rep-suite 1.0.0`; suite 2.0.0.\n";
    assert_eq!(numbers_before(text, "checks"), [(1, 606), (1, 1234), (1, 769)]);
    assert_eq!(numbers_before(text, "cases"), [(2, 5)]);
    assert_eq!(versions_after(text, "rep-suite"), [(2, "1.0.0".to_string())]);
    assert_eq!(versions_after(text, "suite"), [(2, "2.0.0".to_string())]);
}

/// The consumers' README names the versions `harness/consumers/run` pins and
/// the expected-failures lists were written for.
#[test]
fn the_consumers_readme_names_the_pinned_versions_and_the_lists_suite() {
    let readme = read("harness/consumers/README.md");
    let run = read("harness/consumers/run");
    for (variable, name) in [("PYTEST_VERSION", "pytest"), ("ROBOTS_PARSER_VERSION", "robots-parser")] {
        let pinned = run
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{variable}=")))
            .unwrap_or_else(|| panic!("harness/consumers/run sets no {variable}"));
        assert!(
            readme.contains(&format!("{name} ({pinned})")) || readme.contains(&format!("{name} {pinned}")),
            "harness/consumers/README.md does not name {name} {pinned}, the version run pins"
        );
    }
    let suite_version = json("cases/export/rep-suite.json")["suite_version"]
        .as_str()
        .unwrap()
        .to_string();
    for list in [
        "harness/consumers/python/expected-failures.txt",
        "harness/consumers/node/expected-failures.txt",
    ] {
        let header = read(list).lines().next().unwrap_or_default().to_string();
        assert!(
            header.contains(&format!("rep-suite {suite_version},")),
            "{list} was written for another suite than {suite_version} ({header}): rewrite it with \
             REP_UPDATE_EXPECTED_FAILURES=1 (harness/consumers/README.md)"
        );
    }
}

/// Every tag a check's content shows is in the export, read back from the
/// exported data alone (not from the code that derives them): several
/// agents, a response, a cached copy, a body that is not UTF-8, a URL with
/// non-ASCII characters or without a scheme, a line over 16 KiB, a body
/// over 500 KiB. Only `pathological-pattern` is written by hand.
#[test]
fn every_tag_the_content_shows_is_exported() {
    let export = json("cases/export/rep-suite.json");
    let mut seen = std::collections::BTreeSet::new();
    for check in export["checks"].as_array().unwrap() {
        let id = check["id"].as_str().unwrap();
        let mut bodies = vec![body_bytes(&export, check["body"].as_str().unwrap())];
        if let Some(key) = check["response"]["cached_body"].as_str() {
            bodies.push(body_bytes(&export, key));
        }
        let url = check["url"].as_str().unwrap();
        let shown = [
            ("multi-agent", check["agents"].as_array().unwrap().len() > 1),
            ("fetch", !check["response"].is_null()),
            ("cached-copy", check["response"]["cached_age_hours"].is_number()),
            (
                "non-utf8-body",
                bodies.iter().any(|body| std::str::from_utf8(body).is_err()),
            ),
            ("non-ascii-url", !url.is_ascii()),
            ("bare-path", !url.starts_with("http://") && !url.starts_with("https://")),
            (
                "long-line",
                bodies.iter().any(|body| {
                    body.split(|&b| b == b'\n' || b == b'\r')
                        .any(|line| line.len() > 16 * 1024)
                }),
            ),
            ("large-body", bodies.iter().any(|body| body.len() > 512_000)),
        ];
        let tags: Vec<&str> = check["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|tag| tag.as_str().unwrap())
            .filter(|tag| *tag != "pathological-pattern")
            .collect();
        let wanted: Vec<&str> = shown.iter().filter(|(_, has)| *has).map(|(tag, _)| *tag).collect();
        assert_eq!(tags, wanted, "{id}");
        seen.extend(wanted);
    }
    // The suite has a check with each of them but bare-path (every URL is absolute).
    assert_eq!(seen.len(), 7, "{seen:?}");
}
