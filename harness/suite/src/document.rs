//! Reading the export (`reptest export`, schema in
//! `cases/export/rep-suite.schema.json`) into [`Check`]s.

use crate::check::{Basis, CachedCopy, Check, Expect, Level, Response};
use base64::Engine as _;
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;

/// The `format` this crate reads.
const FORMAT: &str = "rep-suite";

/// The `format_version` this crate reads (2: bodies stored once, as parts).
const FORMAT_VERSION: u32 = 2;

/// Why a suite file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError(pub String);

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read the suite: {}", self.0)
    }
}

impl std::error::Error for LoadError {}

/// The suite version and its checks, in the file's order.
pub(crate) struct Contents {
    pub(crate) version: String,
    pub(crate) checks: Vec<Check>,
}

#[derive(Deserialize)]
struct Header {
    format: String,
    format_version: u32,
}

#[derive(Deserialize)]
struct Document {
    suite_version: String,
    checks: Vec<RawCheck>,
    bodies: HashMap<String, Vec<RawPart>>,
}

/// A piece of a body: exactly one of `text` and `base64`, repeated `times`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPart {
    text: Option<String>,
    base64: Option<String>,
    times: Option<usize>,
}

#[derive(Deserialize)]
struct RawCheck {
    id: String,
    case: String,
    name: String,
    tags: Vec<String>,
    file: String,
    line: u32,
    why: String,
    agents: Vec<String>,
    url: String,
    expect: RawExpectations,
    basis: RawBasis,
    response: Option<RawResponse>,
    body: String,
}

#[derive(Deserialize)]
struct RawExpectations {
    rfc: RawExpect,
    google: RawExpect,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum RawExpect {
    Allowed,
    Disallowed,
    ImplementationDefined,
}

#[derive(Deserialize)]
struct RawBasis {
    clause: Option<String>,
    level: Option<RawLevel>,
    reading: Option<String>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
enum RawLevel {
    Must,
    Should,
    May,
}

#[derive(Deserialize)]
struct RawResponse {
    // Fields added after format_version 2 was first written default, so an
    // older file still reads.
    #[serde(default)]
    robots_url: Option<String>,
    status: RawStatus,
    redirects: u32,
    #[serde(default)]
    redirect_hops: Vec<String>,
    #[serde(default)]
    failing_hours: u32,
    content_type: Option<String>,
    cached_age_hours: Option<u32>,
    cached_body: Option<String>,
    cache_control: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawStatus {
    Code(u16),
    Word(String),
}

/// Reads a suite file: its header first, so that a file of another format
/// or a newer version says so instead of failing on some field.
pub(crate) fn read(json: &str) -> Result<Contents, LoadError> {
    let header: Header =
        serde_json::from_str(json).map_err(|error| LoadError(format!("not a rep-suite file ({error})")))?;
    if header.format != FORMAT {
        return Err(LoadError(format!("its format is `{}`, not `{FORMAT}`", header.format)));
    }
    if header.format_version != FORMAT_VERSION {
        return Err(LoadError(format!(
            "it has format_version {}, and this rep-suite reads {FORMAT_VERSION}: use the rep-suite of the same release as the file",
            header.format_version
        )));
    }
    let document: Document = serde_json::from_str(json).map_err(|error| LoadError(error.to_string()))?;
    let mut bodies = HashMap::with_capacity(document.bodies.len());
    for (key, parts) in &document.bodies {
        bodies.insert(key.as_str(), body(key, parts)?);
    }
    let checks = document
        .checks
        .into_iter()
        .map(|raw| check(raw, &bodies))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Contents {
        version: document.suite_version,
        checks,
    })
}

/// The bytes of body `key`: its parts in order, each repeated `times`.
fn body(key: &str, parts: &[RawPart]) -> Result<Vec<u8>, LoadError> {
    let mut bytes = Vec::new();
    for (index, part) in parts.iter().enumerate() {
        let problem = |what: &str| LoadError(format!("body `{key}`, part {}: {what}", index + 1));
        let piece = match (&part.text, &part.base64) {
            (Some(text), None) => text.clone().into_bytes(),
            (None, Some(encoded)) => base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .map_err(|error| problem(&format!("not valid base64 ({error})")))?,
            _ => return Err(problem("it needs exactly one of `text` and `base64`")),
        };
        match part.times {
            None => bytes.extend_from_slice(&piece),
            Some(0) => return Err(problem("`times` is 0")),
            Some(times) => bytes.extend(piece.repeat(times)),
        }
    }
    Ok(bytes)
}

fn check(raw: RawCheck, bodies: &HashMap<&str, Vec<u8>>) -> Result<Check, LoadError> {
    let problem = |what: String| LoadError(format!("check `{}`: {what}", raw.id));
    let known_body = |key: &str| {
        bodies
            .get(key)
            .ok_or_else(|| problem(format!("its body `{key}` is not in `bodies`")))
    };
    let body = known_body(&raw.body)?.clone();
    let response = match raw.response {
        None => None,
        Some(response) => Some(Response {
            robots_url: response.robots_url,
            status: match response.status {
                RawStatus::Code(code) => Some(code),
                RawStatus::Word(word) if word == "network-error" => None,
                RawStatus::Word(word) => {
                    return Err(problem(format!(
                        "its response status `{word}` is neither a code nor `network-error`"
                    )))
                }
            },
            redirects: response.redirects,
            redirect_hops: response.redirect_hops,
            failing_hours: response.failing_hours,
            content_type: response.content_type,
            cached: match response.cached_age_hours {
                None => None,
                Some(age_hours) => Some(CachedCopy {
                    age_hours,
                    body: match &response.cached_body {
                        Some(key) => known_body(key)?.clone(),
                        None => body.clone(),
                    },
                    cache_control: response.cache_control,
                }),
            },
        }),
    };
    if raw.agents.is_empty() {
        return Err(problem("it names no agent".into()));
    }
    Ok(Check {
        id: raw.id,
        case: raw.case,
        name: raw.name,
        tags: raw.tags,
        file: raw.file,
        line: raw.line,
        why: raw.why,
        body,
        agents: raw.agents,
        url: raw.url,
        rfc: expect(raw.expect.rfc),
        google: expect(raw.expect.google),
        basis: Basis {
            clause: raw.basis.clause,
            level: raw.basis.level.map(level),
            reading: raw.basis.reading,
        },
        response,
    })
}

fn expect(raw: RawExpect) -> Expect {
    match raw {
        RawExpect::Allowed => Expect::Allowed,
        RawExpect::Disallowed => Expect::Disallowed,
        RawExpect::ImplementationDefined => Expect::ImplementationDefined,
    }
}

fn level(raw: RawLevel) -> Level {
    match raw {
        RawLevel::Must => Level::Must,
        RawLevel::Should => Level::Should,
        RawLevel::May => Level::May,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_check(fields: &str, bodies: &str) -> String {
        format!(
            r#"{{"format": "rep-suite", "format_version": 2, "suite_version": "1.0.0", "checks": [{{
                "id": "a/b/c", "case": "a/b", "name": "c", "tags": [], "file": "cases/a.yaml", "line": 3, "why": "w",
                "agents": ["FooBot"], "url": "https://example.com/x",
                "expect": {{"rfc": "allowed", "google": "implementation-defined"}},
                "basis": {{"clause": "2.2.2", "level": "SHOULD", "reading": null}}, {fields} }}],
                "bodies": {bodies} }}"#
        )
    }

    #[test]
    fn a_check_is_read_with_its_bytes_and_response() {
        let json = one_check(
            r#""response": {"status": "network-error", "redirects": 1}, "body": "a/b""#,
            r#"{"a/b": [{"text": "x\n", "times": 2}, {"base64": "/w=="}, {"text": "y"}]}"#,
        );
        let contents = read(&json).unwrap();
        assert_eq!(contents.version, "1.0.0");
        let check = &contents.checks[0];
        assert_eq!(check.body, b"x\nx\n\xffy");
        assert_eq!(check.body_text(), None);
        assert_eq!(check.google, Expect::ImplementationDefined);
        assert_eq!(check.basis.level, Some(Level::Should));
        assert_eq!(
            check.response,
            Some(Response {
                robots_url: None,
                status: None,
                redirects: 1,
                redirect_hops: Vec::new(),
                failing_hours: 0,
                content_type: None,
                cached: None,
            }),
            "a file written before the first URL, the hops and the clock still reads"
        );
        let scoped = one_check(
            r#""response": {"robots_url": "https://example.com/robots.txt", "status": 503, "redirects": 1,
                "redirect_hops": ["https://cdn.example.net/robots.txt"], "failing_hours": 12}, "body": "a/b""#,
            r#"{"a/b": []}"#,
        );
        let response = read(&scoped).unwrap().checks[0].response.clone().unwrap();
        assert_eq!(response.robots_url.as_deref(), Some("https://example.com/robots.txt"));
        assert_eq!(response.redirect_hops, ["https://cdn.example.net/robots.txt"]);
        assert_eq!(response.failing_hours, 12);
        let cached = one_check(
            r#""response": {"status": 200, "redirects": 0, "content_type": "text/html", "cached_age_hours": 30,
                "cached_body": "a/c", "cache_control": "max-age=0"}, "body": "a/b""#,
            r#"{"a/b": [{"text": "live"}], "a/c": [{"text": "kept"}]}"#,
        );
        let response = read(&cached).unwrap().checks[0].response.clone().unwrap();
        assert_eq!(response.content_type.as_deref(), Some("text/html"));
        let copy = response.cached.unwrap();
        assert_eq!((copy.age_hours, copy.body.as_slice()), (30, &b"kept"[..]));
        assert_eq!(copy.cache_control.as_deref(), Some("max-age=0"));
        let unknown = one_check(
            r#""response": {"status": 200, "redirects": 0, "cached_age_hours": 3, "cached_body": "a/z"}, "body": "a/b""#,
            r#"{"a/b": []}"#,
        );
        assert!(read(&unknown)
            .err()
            .unwrap()
            .to_string()
            .contains("its body `a/z` is not in `bodies`"));
        let empty = one_check(r#""response": null, "body": "a/b""#, r#"{"a/b": []}"#);
        assert_eq!(read(&empty).unwrap().checks[0].body_text(), Some(""));
    }

    #[test]
    fn bad_fields_are_named_with_the_check_or_the_body() {
        let error = |fields: &str, bodies: &str| read(&one_check(fields, bodies)).err().unwrap().to_string();
        let plain = r#""response": null, "body": "a/b""#;
        let bad_base64 = error(plain, r#"{"a/b": [{"text": "x"}, {"base64": "%%"}]}"#);
        assert!(
            bad_base64.contains("body `a/b`, part 2: not valid base64"),
            "{bad_base64}"
        );
        let both = error(plain, r#"{"a/b": [{"text": "x", "base64": "eA=="}]}"#);
        assert!(
            both.contains("part 1: it needs exactly one of `text` and `base64`"),
            "{both}"
        );
        let zero = error(plain, r#"{"a/b": [{"text": "x", "times": 0}]}"#);
        assert!(zero.contains("part 1: `times` is 0"), "{zero}");
        let missing = error(plain, r#"{"c/d": []}"#);
        assert!(
            missing.contains("check `a/b/c`: its body `a/b` is not in `bodies`"),
            "{missing}"
        );
        let bad_status = error(
            r#""response": {"status": "gone", "redirects": 0}, "body": "a/b""#,
            r#"{"a/b": []}"#,
        );
        assert!(
            bad_status.contains("`gone` is neither a code nor `network-error`"),
            "{bad_status}"
        );
    }

    #[test]
    fn another_format_or_version_is_refused_by_name() {
        let other = r#"{"format": "toml-test", "format_version": 2}"#;
        assert!(read(other).err().unwrap().0.contains("format is `toml-test`"));
        let older = r#"{"format": "rep-suite", "format_version": 1}"#;
        assert!(read(older).err().unwrap().0.contains("format_version 1"));
        let newer = r#"{"format": "rep-suite", "format_version": 3}"#;
        assert!(read(newer).err().unwrap().0.contains("format_version 3"));
        assert!(read("[1, 2]").err().unwrap().0.starts_with("not a rep-suite file"));
    }
}
