//! The suite as data: every check of every case flattened into one
//! language-neutral JSON document, so that a parser in any language can run
//! the suite with its own test framework and no Rust (`reptest export`). The
//! document's shape is fixed by the hand-written JSON Schema committed beside
//! the export (`cases/export/rep-suite.schema.json`).
//!
//! The output depends only on the cases and the suite version: checks are
//! sorted by id and nothing of the moment (time, machine, directory) is
//! written, so exporting unchanged cases gives the same bytes.

use crate::case::{Basis, Case, CaseFile, Check, Expect, ResponseSpec};
use base64::Engine as _;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The value of the document's `format` field.
pub const FORMAT: &str = "rep-suite";

/// The version of the document's shape, raised when a field changes meaning
/// or disappears (adding a field does not raise it).
pub const FORMAT_VERSION: u32 = 1;

/// What the document says about reading it, one sentence per entry.
const HOW_TO_READ: [&str; 9] = [
    "Each entry of `checks` asks one question: given the robots.txt `body`, may a crawler that identifies \
     itself with the product token(s) in `agents` fetch `url`?",
    "`body` is the exact content of the robots.txt file: the string itself when `body_encoding` is `text` \
     (the bytes were UTF-8), or the standard base64 of the bytes, with padding, when it is `base64`.",
    "`expect.rfc` is the answer under RFC 9309 as written; `expect.google` is what Google's open-source \
     parser decides (for a fetch check, what Google's crawler documents). Score a parser against the one it \
     follows.",
    "An expectation of `implementation-defined` is left open by the RFC: a parser may answer either way, so it \
     never counts as a pass or a failure.",
    "With several `agents`, the rules of every group that names any of them apply together (Google's \
     multi-agent question); a parser that checks one agent at a time cannot answer such a check.",
    "A check with a `response` is a fetch check: the crawler asked for /robots.txt and got that status (or a \
     network error) after that many redirects, and `body` is the final response's body, or, when \
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
    checks: Vec<ExportedCheck<'a>>,
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
    body_encoding: &'static str,
    body: &'a str,
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

/// A case's body as the document carries it: its text, or its base64.
struct EncodedBody<'a> {
    encoding: &'static str,
    text: std::borrow::Cow<'a, str>,
}

impl<'a> EncodedBody<'a> {
    fn of(body: &'a [u8]) -> EncodedBody<'a> {
        match std::str::from_utf8(body) {
            Ok(text) => EncodedBody {
                encoding: "text",
                text: text.into(),
            },
            Err(_) => EncodedBody {
                encoding: "base64",
                text: base64::engine::general_purpose::STANDARD.encode(body).into(),
            },
        }
    }
}

/// The document for the cases in `files` at `suite_version`, as pretty JSON
/// ending in a newline. `root` is the repository root: each case's file is
/// written relative to it (as given when it lies elsewhere).
pub fn export(files: &[CaseFile], suite_version: &str, root: &Path) -> String {
    let mut cases: Vec<(&Case, String, EncodedBody)> = files
        .iter()
        .flat_map(|file| &file.cases)
        .map(|case| (case, repository_path(&case.file, root), EncodedBody::of(&case.body)))
        .collect();
    cases.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    let checks: Vec<ExportedCheck> = cases
        .iter()
        .flat_map(|(case, file, body)| {
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
        checks,
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
    body: &'a EncodedBody,
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
        body_encoding: body.encoding,
        body: &body.text,
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

    #[test]
    fn a_body_that_is_not_utf8_is_carried_as_base64() {
        let mut case = Case::sample(Expect::Allowed, Expect::Disallowed);
        case.body = b"User-agent: *\nDisallow: /\xff\n".to_vec();
        let check = &exported(vec![case])["checks"][0];
        assert_eq!(check["body_encoding"], "base64");
        assert_eq!(check["body"], "VXNlci1hZ2VudDogKgpEaXNhbGxvdzogL/8K");
        assert_eq!(check["expect"]["rfc"], "allowed");
        assert_eq!(check["expect"]["google"], "disallowed");
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
