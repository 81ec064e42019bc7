//! Readings: the contested points of RFC 9309, each decided once in a
//! suite's `readings.yaml` (the question, the possible answers, what the text
//! supports, the answer `rep-rfc` gives and why), so a check decided by one
//! names it instead of passing a choice off as the standard.
//!
//! The file sits in the suite's directory (`cases/readings.yaml`). A suite
//! that has one holds every definite `rfc` expectation to a clause or a
//! reading (see `validate`).

use super::clause;
use crate::problem::Problem;
use serde::Deserialize;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One possible answer to a reading's question.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadingOption {
    /// Kebab-case, unique within the reading.
    pub id: String,
    /// What an implementation taking this option does.
    pub says: String,
}

/// One contested point.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// Kebab-case, unique in the file: what checks name in `reading:`.
    pub id: String,
    /// The question the RFC leaves open.
    pub question: String,
    /// The sections of RFC 9309 it concerns.
    pub clauses: Vec<String>,
    /// The answers an implementation may give.
    pub options: Vec<ReadingOption>,
    /// What the RFC's text supports, in the suite's own words.
    pub supports: String,
    /// The option `rep-rfc` takes.
    pub choice: String,
    /// Why.
    pub why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadingsFile {
    readings: Vec<Reading>,
}

/// A suite's readings, as loaded from its `readings.yaml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readings {
    /// The file.
    pub path: PathBuf,
    /// Every reading, in file order.
    pub readings: Vec<Reading>,
}

impl Readings {
    /// The reading called `id`.
    pub fn get(&self, id: &str) -> Option<&Reading> {
        self.readings.iter().find(|reading| reading.id == id)
    }
}

/// Loads and checks the readings file at `path`: every problem is reported
/// with the file and what to change.
pub fn load_readings(path: &Path) -> Result<Readings, Vec<Problem>> {
    parse_readings(path, &super::depth::read_text(path)?)
}

/// Reads and checks the readings file `path` whose text is `text`.
pub fn parse_readings(path: &Path, text: &str) -> Result<Readings, Vec<Problem>> {
    let error = |position: Option<(usize, usize)>, message: String| Problem {
        path: path.to_path_buf(),
        position,
        message,
    };
    let file: ReadingsFile = super::depth::read_yaml(path, text)?;
    let mut problems = Vec::new();
    let mut ids = HashSet::new();
    for reading in &file.readings {
        let id = &reading.id;
        if !is_kebab_case(id) || !ids.insert(id.as_str()) {
            problems.push(format!("reading `{id}`: ids must be kebab-case and unique"));
        }
        for section in &reading.clauses {
            if clause::title(section).is_none() {
                problems.push(format!("reading `{id}`: RFC 9309 has no section {section}"));
            }
        }
        if reading.options.len() < 2 {
            problems.push(format!("reading `{id}`: a contested point has at least two options"));
        }
        if !reading.options.iter().any(|option| option.id == reading.choice) {
            problems.push(format!(
                "reading `{id}`: its choice `{}` is not one of its options",
                reading.choice
            ));
        }
        for (field, text) in [
            ("question", &reading.question),
            ("supports", &reading.supports),
            ("why", &reading.why),
        ] {
            if text.trim().is_empty() {
                problems.push(format!("reading `{id}`: `{field}` is empty"));
            }
        }
    }
    if problems.is_empty() {
        Ok(Readings {
            path: path.to_path_buf(),
            readings: file.readings,
        })
    } else {
        Err(problems.into_iter().map(|message| error(None, message)).collect())
    }
}

/// Lowercase letters and digits in words joined by single hyphens.
pub(super) fn is_kebab_case(name: &str) -> bool {
    !name.is_empty()
        && name
            .split('-')
            .all(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}
