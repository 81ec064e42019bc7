//! Loading case files: YAML into the raw structs, then validation into
//! [`CaseFile`]s. Every problem in every file is collected, each with the
//! file, line and column and what to change, so one run shows them all.

use super::bytes::{decode_base64, unescape};
use super::locate::{Item, Locator, Position};
use super::raw::{RawCase, RawCheck, RawFile, RawPart};
use super::{Basis, Case, CaseFile, Check, ResponseSpec};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A `why` that starts with this is a placeholder (as `reptest promote`
/// writes), and the loader refuses it: a case enters the suite only with
/// its rule stated by a person.
pub const UNWRITTEN_WHY_MARKER: &str = "TODO";

/// The largest body a case may build (parts repeated included): large enough
/// for every size-limit case, small enough that a typo in `times` cannot
/// exhaust memory.
const MAX_BODY_BYTES: u64 = 64 << 20;

/// One problem in one case file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line and column, when the problem has a place in the file.
    pub position: Option<(usize, usize)>,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, column)) => write!(f, "{}:{line}:{column}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

/// Every problem found while loading, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for error in &self.0 {
            writeln!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

/// Loads every case file named by `paths`: files as given, directories
/// recursively (`*.yaml` and `*.yml`, in sorted order). A file named twice is
/// loaded once. Fails with every problem of every file when any file has one.
pub fn load_paths(paths: &[PathBuf]) -> Result<Vec<CaseFile>, LoadErrors> {
    let mut errors = Vec::new();
    let mut files = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for path in paths {
        match collect(path) {
            Ok(found) => {
                if found.is_empty() {
                    errors.push(plain_error(path, "no case files (*.yaml) here"));
                }
                for (file, root) in found {
                    if seen.insert(std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone())) {
                        files.push((file, root));
                    }
                }
            }
            Err(message) => errors.push(plain_error(path, &message)),
        }
    }
    let mut loaded = Vec::new();
    for (file, root) in files {
        match load_file(&file, &id_prefix(&file, &root)) {
            Ok(case_file) => loaded.push(case_file),
            Err(mut file_errors) => errors.append(&mut file_errors),
        }
    }
    if errors.is_empty() {
        Ok(loaded)
    } else {
        Err(LoadErrors(errors))
    }
}

fn plain_error(path: &Path, message: &str) -> LoadError {
    LoadError {
        path: path.to_path_buf(),
        position: None,
        message: message.to_string(),
    }
}

/// The case files at `path` with the directory their ids are relative to.
fn collect(path: &Path) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    let metadata = std::fs::metadata(path).map_err(|error| format!("cannot read: {error}"))?;
    if metadata.is_file() {
        let root = path.parent().unwrap_or(Path::new("")).to_path_buf();
        return Ok(vec![(path.to_path_buf(), root)]);
    }
    let mut found = Vec::new();
    walk(path, &mut found).map_err(|error| format!("cannot list: {error}"))?;
    found.sort();
    Ok(found.into_iter().map(|file| (file, path.to_path_buf())).collect())
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, found)?;
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            found.push(path);
        }
    }
    Ok(())
}

/// The id prefix of `file`: its path without extension under the nearest
/// enclosing directory called `cases`, or else under `root`.
fn id_prefix(file: &Path, root: &Path) -> String {
    let absolute = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    let base = absolute
        .ancestors()
        .skip(1)
        .find(|dir| dir.file_name().is_some_and(|name| name == "cases"))
        .map(Path::to_path_buf)
        .or_else(|| std::fs::canonicalize(root).ok())
        .unwrap_or_else(|| root.to_path_buf());
    let relative = absolute.strip_prefix(&base).unwrap_or(&absolute).with_extension("");
    relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn load_file(path: &Path, id: &str) -> Result<CaseFile, Vec<LoadError>> {
    let error = |position: Option<Position>, message: String| LoadError {
        path: path.to_path_buf(),
        position,
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| vec![error(None, format!("cannot read: {e}"))])?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let column = valid.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            let message = "the file is not UTF-8; write raw bytes with robots_escaped (\\xHH) or robots_base64";
            return Err(vec![error(Some((line, column)), message.into())]);
        }
    };
    let raw: RawFile = serde_yaml::from_str(&text).map_err(|e| {
        let position = e.location().map(|at| (at.line(), at.column()));
        let mut message = yaml_message(&e);
        if message.contains("quoted scalar") && (message.contains("escape") || message.contains("hexadecimal")) {
            message.push_str(
                " (YAML decodes escapes inside double quotes itself; write robots_escaped and escaped values in \
                 single quotes so reptest reads \\xHH and \\u{H…})",
            );
        }
        vec![error(position, message)]
    })?;
    let mut validator = Validator {
        locator: Locator::new(&text),
        errors: Vec::new(),
    };
    let case_items = validator.locator.cases();
    let mut names: HashMap<&str, usize> = HashMap::new();
    let mut cases = Vec::new();
    for (index, raw_case) in raw.cases.iter().enumerate() {
        let item = case_items.get(index);
        let line = item.map_or(1, |item| item.position(&validator.locator).0);
        if let Some(first) = names.insert(&raw_case.name, line) {
            let at = validator.at(item, Some("name"));
            validator.report(
                at,
                format!(
                    "duplicate case name `{}` (first used on line {first}): names must be unique within a file",
                    raw_case.name
                ),
            );
        }
        if let Some(mut case) = validator.case(raw_case, item, &format!("{id}/{}", raw_case.name), line) {
            case.file = path.to_path_buf();
            cases.push(case);
        }
    }
    if raw.cases.is_empty() {
        validator.report(
            Some((1, 1)),
            "the file has no cases: `cases:` needs at least one".into(),
        );
    }
    if raw.source.trim().is_empty() {
        validator.report(
            Some((1, 1)),
            "`source:` is empty: say what the cases derive from (e.g. \"RFC 9309 §2.2.2\")".into(),
        );
    }
    if validator.errors.is_empty() {
        Ok(CaseFile {
            path: path.to_path_buf(),
            id: id.to_string(),
            source: raw.source,
            cases,
        })
    } else {
        Err(validator
            .errors
            .into_iter()
            .map(|(position, message)| error(position, message))
            .collect())
    }
}

/// serde_yaml's message without its trailing "at line L column C", which the
/// position already says.
fn yaml_message(error: &serde_yaml::Error) -> String {
    let message = error.to_string();
    match (message.rfind(" at line "), error.location()) {
        (Some(cut), Some(at)) if message.ends_with(&format!("line {} column {}", at.line(), at.column())) => {
            message[..cut].to_string()
        }
        _ => message,
    }
}

struct Validator<'a> {
    locator: Locator<'a>,
    errors: Vec<(Option<Position>, String)>,
}

impl Validator<'_> {
    fn report(&mut self, at: Option<Position>, message: String) {
        self.errors.push((at, message));
    }

    /// Where `key` of `item` is (or the item itself when `key` is `None`).
    fn at(&self, item: Option<&Item>, key: Option<&str>) -> Option<Position> {
        let item = item?;
        Some(match key {
            Some(key) => self.locator.value_of(item, key),
            None => item.position(&self.locator),
        })
    }

    fn case(&mut self, raw: &RawCase, item: Option<&Item>, id: &str, line: usize) -> Option<Case> {
        let errors_before = self.errors.len();
        let name = &raw.name;
        if !is_kebab_case(name) {
            let at = self.at(item, Some("name"));
            self.report(
                at,
                format!("case name `{name}` is not kebab-case: use lowercase letters, digits and single hyphens"),
            );
        }
        if raw.why.trim().is_empty() {
            let at = self.at(item, Some("why"));
            self.report(
                at,
                format!("case `{name}` has an empty `why`: state the rule tested and cite its source"),
            );
        } else if raw.why.trim_start().starts_with(UNWRITTEN_WHY_MARKER) {
            let at = self.at(item, Some("why"));
            self.report(
                at,
                format!(
                    "case `{name}` still has a placeholder `why` (it starts with `{UNWRITTEN_WHY_MARKER}`): \
                     replace it with the rule tested and its citation"
                ),
            );
        }
        let body = self.body(raw, item);
        let response = raw.response.as_ref().map(|response| ResponseSpec {
            status: response.status.0,
            redirects: response.redirects,
        });
        if raw.checks.is_empty() {
            let at = self.at(item, Some("checks"));
            self.report(at, format!("case `{name}` has no checks: add at least one"));
        }
        let check_items = item
            .map(|item| self.locator.sequence(item, "checks"))
            .unwrap_or_default();
        let checks: Vec<Option<Check>> = raw
            .checks
            .iter()
            .enumerate()
            .map(|(index, check)| self.check(raw, check, check_items.get(index).or(item), index + 1))
            .collect();
        if self.errors.len() > errors_before {
            return None;
        }
        Some(Case {
            id: id.to_string(),
            name: name.clone(),
            why: raw.why.clone(),
            body: body?,
            response,
            checks: checks.into_iter().collect::<Option<Vec<_>>>()?,
            file: PathBuf::new(),
            line,
        })
    }

    fn body(&mut self, raw: &RawCase, item: Option<&Item>) -> Option<Vec<u8>> {
        let forms: Vec<&str> = [
            ("robots", raw.robots.is_some()),
            ("robots_escaped", raw.robots_escaped.is_some()),
            ("robots_base64", raw.robots_base64.is_some()),
            ("robots_parts", raw.robots_parts.is_some()),
        ]
        .into_iter()
        .filter_map(|(form, present)| present.then_some(form))
        .collect();
        let fetch = raw.response.is_some();
        match forms.len() {
            0 if fetch => return Some(Vec::new()),
            0 => {
                let at = self.at(item, None);
                self.report(
                    at,
                    format!(
                        "case `{}` has no body: give exactly one of robots, robots_escaped, robots_base64, robots_parts",
                        raw.name
                    ),
                );
                return None;
            }
            1 => {}
            _ => {
                let at = self.at(item, Some(forms[1]));
                self.report(
                    at,
                    format!(
                        "case `{}` has {} body forms ({}): keep exactly one",
                        raw.name,
                        forms.len(),
                        forms.join(", ")
                    ),
                );
                return None;
            }
        }
        if let Some(text) = &raw.robots {
            return Some(text.clone().into_bytes());
        }
        if let Some(text) = &raw.robots_escaped {
            let at = self.at(item, Some("robots_escaped"));
            return self.decode(text, Form::Escaped, at, "robots_escaped");
        }
        if let Some(text) = &raw.robots_base64 {
            let at = self.at(item, Some("robots_base64"));
            return self.decode(text, Form::Base64, at, "robots_base64");
        }
        let parts = raw.robots_parts.as_deref().unwrap_or_default();
        let part_items = item
            .map(|item| self.locator.sequence(item, "robots_parts"))
            .unwrap_or_default();
        self.parts(parts, &part_items, item)
    }

    fn parts(&mut self, parts: &[RawPart], items: &[Item], case: Option<&Item>) -> Option<Vec<u8>> {
        if parts.is_empty() {
            let at = self.at(case, Some("robots_parts"));
            self.report(at, "robots_parts is empty: list at least one part".into());
            return None;
        }
        let mut body = Vec::new();
        let mut ok = true;
        for (index, part) in parts.iter().enumerate() {
            let item = items.get(index).or(case);
            let forms: Vec<(&str, &String, Form)> = [
                ("text", &part.text, Form::Text),
                ("escaped", &part.escaped, Form::Escaped),
                ("base64", &part.base64, Form::Base64),
            ]
            .into_iter()
            .filter_map(|(key, value, form)| value.as_ref().map(|value| (key, value, form)))
            .collect();
            let [(key, value, form)] = forms[..] else {
                let at = self.at(item, None);
                self.report(
                    at,
                    format!(
                        "robots_parts item {} has {} of text/escaped/base64: give exactly one",
                        index + 1,
                        forms.len()
                    ),
                );
                ok = false;
                continue;
            };
            if part.times == 0 {
                let at = self.at(item, Some("times"));
                self.report(at, "times: 0 adds nothing: use 1 or more, or drop the part".into());
                ok = false;
                continue;
            }
            let at = self.at(item, Some(key));
            let Some(bytes) = self.decode(value, form, at, key) else {
                ok = false;
                continue;
            };
            if body.len() as u64 + bytes.len() as u64 * u64::from(part.times) > MAX_BODY_BYTES {
                let at = self.at(item, Some("times"));
                self.report(
                    at,
                    format!("the body would exceed {} MiB: lower times", MAX_BODY_BYTES >> 20),
                );
                return None;
            }
            for _ in 0..part.times {
                body.extend_from_slice(&bytes);
            }
        }
        ok.then_some(body)
    }

    fn decode(&mut self, text: &str, form: Form, at: Option<Position>, key: &str) -> Option<Vec<u8>> {
        let result = match form {
            Form::Text => Ok(text.as_bytes().to_vec()),
            Form::Escaped => {
                if self.double_quoted_latin1(text, at) {
                    self.report(
                        at,
                        format!(
                            "{key} is double-quoted and holds characters U+0080..U+00FF: YAML already turned each \
                             `\\xHH` into a character, not a byte. Write the value in single quotes ('…') so \
                             `\\xHH` means one byte"
                        ),
                    );
                    return None;
                }
                unescape(text)
            }
            Form::Base64 => decode_base64(text),
        };
        match result {
            Ok(bytes) => Some(bytes),
            Err((offset, problem)) => {
                let what = if form == Form::Base64 {
                    "invalid base64"
                } else {
                    "invalid escape"
                };
                self.report(
                    at,
                    format!("{key}: {what} at character {offset} of the value: {problem}"),
                );
                None
            }
        }
    }

    /// Whether the value at `at` is written in double quotes and holds a
    /// character that YAML's own `\xHH` escape would have produced.
    fn double_quoted_latin1(&self, text: &str, at: Option<Position>) -> bool {
        let quoted = at.is_some_and(|(line, column)| self.locator.line(line).chars().nth(column - 1) == Some('"'));
        quoted && text.chars().any(|c| ('\u{80}'..='\u{ff}').contains(&c))
    }

    fn check(&mut self, case: &RawCase, raw: &RawCheck, item: Option<&Item>, number: usize) -> Option<Check> {
        let agents = match (&raw.agent, &raw.agents) {
            (Some(agent), None) => vec![agent.clone()],
            (None, Some(agents)) if !agents.is_empty() => agents.clone(),
            (None, Some(_)) => {
                let at = self.at(item, Some("agents"));
                self.report(
                    at,
                    format!("check {number}: `agents` is empty: list at least one agent"),
                );
                return None;
            }
            (Some(_), Some(_)) => {
                let at = self.at(item, Some("agents"));
                self.report(
                    at,
                    format!("check {number} has both `agent` and `agents`: keep one (`agents` for several)"),
                );
                return None;
            }
            (None, None) => {
                let at = self.at(item, None);
                self.report(
                    at,
                    format!("check {number} names no agent: add `agent: Name` or `agents: [A, B]`"),
                );
                return None;
            }
        };
        let rfc = raw.rfc.or(raw.expect);
        let google = raw.google.or(raw.expect);
        let (Some(rfc), Some(google)) = (rfc, google) else {
            let missing: Vec<&str> = [("rfc", rfc.is_none()), ("google", google.is_none())]
                .into_iter()
                .filter_map(|(profile, missing)| missing.then_some(profile))
                .collect();
            let at = self.at(item, None);
            self.report(
                at,
                format!(
                    "check {number} has no expectation for the {} profile: add `expect:` (both profiles) or `{}:`",
                    missing.join(" and "),
                    missing.join(":` and `")
                ),
            );
            return None;
        };
        let basis = Basis {
            clause: raw.clause.clone().or_else(|| case.clause.clone()),
            level: raw.level.or(case.level),
            reading: raw.reading.clone().or_else(|| case.reading.clone()),
        };
        Some(Check {
            agents,
            url: raw.url.clone(),
            rfc,
            google,
            basis,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Text,
    Escaped,
    Base64,
}

fn is_kebab_case(name: &str) -> bool {
    !name.is_empty()
        && name
            .split('-')
            .all(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}
