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
const HOW_TO_READ: [&str; 12] = [
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
     network error) after that many redirects, served as `content_type` when that is not null. When \
     `cached_age_hours` is a number the crawler also holds a copy of robots.txt from a successful fetch that \
     many hours ago, served then with the Cache-Control header `cache_control` (null: none). The copy's body \
     is `cached_body` (a key of `bodies`) when that is not null, and the check's `body` is then the final \
     response's; when `cached_body` is null the check's one `body` is the final response's for a success and \
     the copy's otherwise. A parser that does not model fetching cannot answer it.",
    "In a fetch check, `robots_url` (when not null) is the robots.txt URL the crawler asked for first: the file \
     governs only URLs with that scheme, host and port (RFC 9309 §2.3), so a check on another authority is \
     `allowed` as far as this file goes. `redirect_hops` lists where each redirect led when the case names them \
     (empty when it gives only the count); the rules found at the end apply to `robots_url`'s authority, not the \
     last hop's (§2.3.1.2). `failing_hours` is how long requests for the file have been failing the way this \
     one did, the clock of RFC 9309's 30 days and of Google's 12 hours and 30 days; it is separate from \
     `cached_age_hours`, which is at least as long.",
    "`basis` says what the rfc expectation rests on: an RFC 9309 section (`clause`) and how strongly the RFC \
     states it (`level`), and/or a `reading` (an id in cases/readings.yaml) that settles a contested point; \
     each is null when the case does not state it.",
    "`id` (`<case>/<name>`, `name` unique in its case) is stable: adding a check renames no other; changing a \
     check's expectation or id raises the major `suite_version` (cases/CHANGES.md), new checks raise the minor \
     one, so a list of expected failures by id stays valid within a major version. Suite 3.x numbered checks \
     (`<case>#<n>`); `reptest baseline --upgrade FILE` rewrites a list of those ids.",
    "`tags` says what a parser's API must express to be asked the check (multi-agent, fetch, cached-copy, \
     non-utf8-body, bare-path) or what else makes it demanding (non-ascii-url, long-line, large-body, \
     pathological-pattern): skip a check with a tag your parser cannot take, and report it as not applicable.",
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
    bodies: BTreeMap<String, Vec<Part>>,
}

/// One check with everything needed to run it and to explain a miss.
#[derive(Serialize)]
struct ExportedCheck<'a> {
    id: String,
    case: &'a str,
    name: &'a str,
    tags: Vec<&'static str>,
    file: &'a str,
    line: usize,
    why: &'a str,
    agents: &'a [String],
    url: &'a str,
    expect: Expectations,
    basis: ExportedBasis<'a>,
    response: Option<ExportedResponse<'a>>,
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
struct ExportedResponse<'a> {
    robots_url: Option<&'a str>,
    status: HttpStatus,
    redirects: u32,
    redirect_hops: &'a [String],
    failing_hours: u32,
    content_type: Option<&'a str>,
    cached_age_hours: Option<u32>,
    cached_body: Option<&'a str>,
    cache_control: Option<&'a str>,
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
    // Each distinct body under the id of the first case that has it (a
    // cached copy's own body under that id and `/cached-copy`).
    let mut keys: HashMap<&[u8], String> = HashMap::new();
    let mut bodies: BTreeMap<String, Vec<Part>> = BTreeMap::new();
    let mut keep = |body, key: String| {
        keys.entry(body).or_insert_with(|| {
            bodies.insert(key.clone(), parts(body));
            key
        });
    };
    for (case, _) in &cases {
        keep(&case.body, case.id.clone());
        if let Some(copy) = cached_body(case) {
            keep(copy, format!("{}/cached-copy", case.id));
        }
    }
    let checks: Vec<ExportedCheck> = cases
        .iter()
        .flat_map(|(case, file)| {
            let body = keys[case.body.as_slice()].as_str();
            let cached = cached_body(case).map(|copy| keys[copy].as_str());
            case.checks
                .iter()
                .enumerate()
                .map(move |(index, check)| exported_check(case, index, check, file, (body, cached)))
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
    // One entry per line keeps the committed file's diffs readable; a
    // one-space indent keeps it small enough to vendor (a check's `why` is
    // repeated per check, and 4.0's names and tags took two-space
    // indentation past 1 MB).
    let mut out = Vec::new();
    let mut writer =
        serde_json::Serializer::with_formatter(&mut out, serde_json::ser::PrettyFormatter::with_indent(b" "));
    document
        .serialize(&mut writer)
        .expect("the document holds only strings, numbers and lists");
    let mut json = String::from_utf8(out).expect("serde_json writes UTF-8");
    json.push('\n');
    json
}

/// The body of the copy a fetch case's crawler kept, when it has one of its own.
fn cached_body(case: &Case) -> Option<&[u8]> {
    case.response.as_ref()?.cached.as_ref()?.body.as_deref()
}

/// `bodies` is the keys of the check's body and of its cached copy's own body.
fn exported_check<'a>(
    case: &'a Case,
    index: usize,
    check: &'a Check,
    file: &'a str,
    (body, cached_body): (&'a str, Option<&'a str>),
) -> ExportedCheck<'a> {
    ExportedCheck {
        id: case.check_id(index),
        case: &case.id,
        name: &check.name,
        tags: check.tags.iter().map(|tag| tag.name()).collect(),
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
        response: case
            .response
            .as_ref()
            .map(|response| exported_response(response, cached_body)),
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

fn exported_response<'a>(response: &'a ResponseSpec, cached_body: Option<&'a str>) -> ExportedResponse<'a> {
    ExportedResponse {
        robots_url: response.url.as_deref(),
        status: match response.status {
            Some(code) => HttpStatus::Code(code),
            None => HttpStatus::Failure("network-error"),
        },
        redirects: response.redirects,
        redirect_hops: &response.hops,
        failing_hours: response.failing_hours(),
        content_type: response.content_type.as_deref(),
        cached_age_hours: response.cached_age_hours(),
        cached_body,
        cache_control: response
            .cached
            .as_ref()
            .and_then(|cached| cached.cache_control.as_deref()),
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

#[cfg(test)]
mod tests;
