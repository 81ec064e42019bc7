//! The suite as data: every check of every case flattened into one
//! language-neutral JSON document, so that a parser in any language can run
//! the suite with its own test framework and no Rust (`reptest export`). The
//! document's shape is fixed by the hand-written JSON Schema committed beside
//! the export (`cases/export/rep-suite.schema.json`).
//!
//! Bodies are stored once each, apart from the checks: a check names its
//! body by key, the id of the first case (in id order) whose body it is, so
//! adding a case moves no other key. A body is written as parts, its lines
//! with runs of equal lines given once with a count (`times`), so the
//! half-megabyte bodies of the size-limit cases take a few lines.
//!
//! The output depends only on the cases and the suite version: checks are
//! sorted by id, bodies by key, and nothing of the moment (time, machine,
//! directory) is written, so exporting unchanged cases gives the same bytes.

use crate::case::{Basis, Case, CaseFile, Check, Expect, ResponseSpec};
use base64::Engine as _;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The value of the document's `format` field.
pub const FORMAT: &str = "rep-suite";

/// The version of the document's shape, raised when a field changes meaning
/// or disappears (adding a field does not raise it). 2: bodies stored once,
/// as parts, and named by each check (1 repeated the body in every check).
pub const FORMAT_VERSION: u32 = 2;

/// What the document says about reading it, one sentence per entry.
const HOW_TO_READ: [&str; 10] = [
    "Each entry of `checks` asks one question: given the robots.txt body named by `body`, may a crawler that \
     identifies itself with the product token(s) in `agents` fetch `url`?",
    "A check's `body` is a key of `bodies` (the id of the first case, in id order, whose body it is): several \
     checks, and several cases, share one body.",
    "Each entry of `bodies` is a list of parts; the body is the parts in order, each repeated `times` times \
     (1 when absent). A part has `text` (UTF-8 text, taken as its UTF-8 bytes) or `base64` (the standard \
     base64 of its bytes, with padding); parts end at line ends, so a body is UTF-8 exactly when every part is \
     `text`.",
    "`expect.rfc` is the answer under RFC 9309 as written; `expect.google` is what Google's open-source \
     parser decides (for a fetch check, what Google's crawler documents). Score a parser against the one it \
     follows.",
    "An expectation of `implementation-defined` is left open by the RFC: a parser may answer either way, so \
     its verdict never counts as a pass or a failure; a parser that crashes or raises an error there still \
     misses the check, as anywhere else.",
    "With several `agents`, the rules of every group that names any of them apply together (Google's \
     multi-agent question); a parser that checks one agent at a time cannot answer such a check.",
    "A check with a `response` is a fetch check: the crawler asked for /robots.txt and got that status (or a \
     network error) after that many redirects, and the body is the final response's body, or, when \
     `cached_age_hours` is a number, the copy of robots.txt the crawler kept from its last successful fetch, \
     that many hours ago. A parser that does not model fetching cannot answer it.",
    "`basis` says what the rfc expectation rests on: an RFC 9309 section (`clause`) and how strongly the RFC \
     states it (`level`), and/or a `reading` (an id in cases/readings.yaml) that settles a contested point; \
     each is null when the case does not state it.",
    "`id` (`<case>#<n>`) is stable: changing a check's expectation or id raises the major `suite_version` \
     (cases/CHANGES.md), new checks raise the minor one, so a list of expected failures by id stays valid \
     within a major version.",
    "`file` and `line` locate the case in the rep repository, and `why` explains the rule it tests.",
];

/// The whole document.
#[derive(Serialize)]
struct Document<'a> {
    format: &'static str,
    format_version: u32,
    suite_version: &'a str,
    rfc: &'static str,
    how_to_read: &'static [&'static str],
    check_count: usize,
    body_count: usize,
    checks: Vec<ExportedCheck<'a>>,
    bodies: BTreeMap<&'a str, Vec<Part>>,
}

/// One check with everything needed to run it and to explain a miss.
#[derive(Serialize)]
struct ExportedCheck<'a> {
    id: String,
    case: &'a str,
    file: &'a str,
    line: usize,
    why: &'a str,
    agents: &'a [String],
    url: &'a str,
    expect: Expectations,
    basis: ExportedBasis<'a>,
    response: Option<ExportedResponse>,
    body: &'a str,
}

/// A piece of a body: text or base64, repeated `times` (absent when 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct Part {
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base64: Option<String>,
    #[serde(skip_serializing_if = "is_one")]
    times: usize,
}

fn is_one(times: &usize) -> bool {
    *times == 1
}

impl Part {
    fn of(bytes: &[u8], times: usize) -> Part {
        match std::str::from_utf8(bytes) {
            Ok(text) => Part {
                text: Some(text.to_string()),
                base64: None,
                times,
            },
            Err(_) => Part {
                text: None,
                base64: Some(base64::engine::general_purpose::STANDARD.encode(bytes)),
                times,
            },
        }
    }
}

/// `body` as parts: its lines (each with its `\n`; the last may have none),
/// a run of equal lines as one part with its count, and neighbouring lines
/// that are not repeated joined into one part as long as they are all UTF-8
/// or all not. Lines end at `\n`, which is never inside a UTF-8 sequence, so
/// every part of a UTF-8 body is text, and a body that is not UTF-8 has a
/// base64 part only for lines that are not. An empty body is no parts.
fn parts(body: &[u8]) -> Vec<Part> {
    let mut runs: Vec<(&[u8], usize)> = Vec::new();
    for line in body.split_inclusive(|&byte| byte == b'\n') {
        match runs.last_mut() {
            Some((last, count)) if *last == line => *count += 1,
            _ => runs.push((line, 1)),
        }
    }
    // (bytes, times, whether UTF-8)
    let mut joined: Vec<(Vec<u8>, usize, bool)> = Vec::new();
    for (line, times) in runs {
        let utf8 = std::str::from_utf8(line).is_ok();
        match joined.last_mut() {
            Some((bytes, 1, kind)) if times == 1 && *kind == utf8 => bytes.extend_from_slice(line),
            _ => joined.push((line.to_vec(), times, utf8)),
        }
    }
    joined
        .into_iter()
        .map(|(bytes, times, _)| Part::of(&bytes, times))
        .collect()
}

#[derive(Serialize)]
struct Expectations {
    rfc: Expect,
    google: Expect,
}

#[derive(Serialize)]
struct ExportedBasis<'a> {
    clause: Option<&'a str>,
    level: Option<&'static str>,
    reading: Option<&'a str>,
}

#[derive(Serialize)]
struct ExportedResponse {
    status: HttpStatus,
    redirects: u32,
    cached_age_hours: Option<u32>,
}

/// A status code, or the string `network-error`, as the case files write it.
#[derive(Serialize)]
#[serde(untagged)]
enum HttpStatus {
    Code(u16),
    Failure(&'static str),
}

/// The document for the cases in `files` at `suite_version`, as pretty JSON
/// ending in a newline. `root` is the repository root: each case's file is
/// written relative to it (as given when it lies elsewhere).
pub fn export(files: &[CaseFile], suite_version: &str, root: &Path) -> String {
    let mut cases: Vec<(&Case, String)> = files
        .iter()
        .flat_map(|file| &file.cases)
        .map(|case| (case, repository_path(&case.file, root)))
        .collect();
    cases.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    // Each distinct body under the id of the first case that has it.
    let mut keys: HashMap<&[u8], &str> = HashMap::new();
    let mut bodies: BTreeMap<&str, Vec<Part>> = BTreeMap::new();
    for (case, _) in &cases {
        keys.entry(case.body.as_slice()).or_insert_with(|| {
            bodies.insert(&case.id, parts(&case.body));
            &case.id
        });
    }
    let checks: Vec<ExportedCheck> = cases
        .iter()
        .flat_map(|(case, file)| {
            let body = keys[case.body.as_slice()];
            case.checks
                .iter()
                .enumerate()
                .map(move |(index, check)| exported_check(case, index, check, file, body))
        })
        .collect();
    let document = Document {
        format: FORMAT,
        format_version: FORMAT_VERSION,
        suite_version,
        rfc: "RFC 9309",
        how_to_read: &HOW_TO_READ,
        check_count: checks.len(),
        body_count: bodies.len(),
        checks,
        bodies,
    };
    let mut json = serde_json::to_string_pretty(&document).expect("the document holds only strings, numbers and lists");
    json.push('\n');
    json
}

fn exported_check<'a>(
    case: &'a Case,
    index: usize,
    check: &'a Check,
    file: &'a str,
    body: &'a str,
) -> ExportedCheck<'a> {
    ExportedCheck {
        id: case.check_id(index),
        case: &case.id,
        file,
        line: case.line,
        why: case.why.trim_end(),
        agents: &check.agents,
        url: &check.url,
        expect: Expectations {
            rfc: check.rfc,
            google: check.google,
        },
        basis: exported_basis(&check.basis),
        response: case.response.map(exported_response),
        body,
    }
}

fn exported_basis(basis: &Basis) -> ExportedBasis<'_> {
    ExportedBasis {
        clause: basis.clause.as_deref(),
        level: basis.level.map(|level| level.name()),
        reading: basis.reading.as_deref(),
    }
}

fn exported_response(response: ResponseSpec) -> ExportedResponse {
    ExportedResponse {
        status: match response.status {
            Some(code) => HttpStatus::Code(code),
            None => HttpStatus::Failure("network-error"),
        },
        redirects: response.redirects,
        cached_age_hours: response.cached_age_hours,
    }
}

/// `file` relative to `root` with `/` separators (`cases/google/keys.yaml`);
/// `file` as given when it is not under `root` or either cannot be resolved.
fn repository_path(file: &Path, root: &Path) -> String {
    let resolved = |path: &Path| std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let file = resolved(file);
    let relative: PathBuf = file.strip_prefix(resolved(root)).map(Path::to_path_buf).unwrap_or(file);
    relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The suite version: the top `## x.y.z` heading of the suite's change log
/// (`cases/CHANGES.md`, given as `changes`). The heading may bracket the
/// version or prefix a `v`, and may go on after it (`## [1.2.0] - 2025-01-31`).
pub fn suite_version(changes: &str) -> Result<String, String> {
    let (number, heading) = changes
        .lines()
        .enumerate()
        .find(|(_, line)| line.starts_with("## "))
        .ok_or("it has no `## x.y.z` heading: the top one names the suite version")?;
    let word = heading[3..].split_whitespace().next().unwrap_or("");
    let version = word
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim_start_matches('v');
    let is_semver = version.split('.').count() == 3
        && version
            .split('.')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    if is_semver {
        Ok(version.to_string())
    } else {
        Err(format!(
            "line {}: the top heading `{heading}` does not start with a version x.y.z",
            number + 1
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn the_top_heading_names_the_version() {
        let changes = "# Changes\n\ntext\n\n## 2.1.0\n\n- new cases\n\n## 2.0.0\n";
        assert_eq!(suite_version(changes).unwrap(), "2.1.0");
        assert_eq!(suite_version("## [1.4.2] - 2025-01-31\n").unwrap(), "1.4.2");
        assert_eq!(suite_version("## v3.0.0\n").unwrap(), "3.0.0");
    }

    #[test]
    fn a_change_log_without_a_versioned_heading_is_refused_with_its_line() {
        assert!(suite_version("# Changes\n")
            .unwrap_err()
            .contains("no `## x.y.z` heading"));
        let error = suite_version("# Changes\n## Unreleased\n## 1.0.0\n").unwrap_err();
        assert!(error.starts_with("line 2:"), "{error}");
        assert!(suite_version("## 1.0\n").is_err());
        assert!(suite_version("## 1.0.x\n").is_err());
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
    fn checks_are_sorted_by_case_id_then_number() {
        let mut later = Case::sample(Expect::Allowed, Expect::Allowed);
        later.id = "x/b".into();
        let mut earlier = later.clone();
        earlier.id = "x/a".into();
        earlier.checks = vec![earlier.checks[0].clone(); 10];
        let document = exported(vec![later, earlier]);
        let ids: Vec<&str> = document["checks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|check| check["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids[..3], ["x/a#1", "x/a#2", "x/a#3"]);
        assert_eq!(ids[9..], ["x/a#10", "x/b#1"]);
        assert_eq!(document["check_count"], 11);
    }

    #[test]
    fn a_network_error_and_a_basis_are_written_as_the_case_files_name_them() {
        let mut case = Case::sample(Expect::Disallowed, Expect::Disallowed);
        case.response = Some(ResponseSpec {
            status: None,
            redirects: 2,
            cached_age_hours: Some(800),
        });
        case.checks[0].basis = Basis {
            clause: Some("2.3.1.4".into()),
            level: Some(crate::case::Level::Must),
            reading: None,
        };
        let check = &exported(vec![case])["checks"][0];
        assert_eq!(check["response"]["status"], "network-error");
        assert_eq!(check["response"]["redirects"], 2);
        assert_eq!(check["response"]["cached_age_hours"], 800);
        assert_eq!(check["basis"]["clause"], "2.3.1.4");
        assert_eq!(check["basis"]["level"], "MUST");
        assert_eq!(check["basis"]["reading"], Value::Null);
    }
}
