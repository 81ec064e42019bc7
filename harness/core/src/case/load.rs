//! Loading case files: discovery (see `discover`), YAML into the raw structs,
//! then validation into [`CaseFile`]s (see `validate`). Every problem in
//! every file is collected, each with the file, line and column and what to
//! change, so one run shows them all.

use super::depth::check_depth;
use super::discover::{collect, id_prefix, suite_dir, READINGS_FILE};
use super::locate::Position;
use super::page_name::page_name_clashes;
use super::raw::RawFile;
use super::readings::{load_readings, Readings};
use super::validate::validate_file;
use super::CaseFile;
use crate::problem::{Problem, Problems};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Loads every case file named by `paths`: files as given, directories
/// recursively (`*.yaml` and `*.yml`, in sorted order). A file named twice is
/// loaded once. Fails with every problem of every file when any file has one,
/// and when two files' cases would share a page name (see `page_name`).
pub fn load_paths(paths: &[PathBuf]) -> Result<Vec<CaseFile>, Problems> {
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
    let mut readings: HashMap<PathBuf, Option<Readings>> = HashMap::new();
    for (file, root) in files {
        let readings_path = suite_dir(&file, &root).join(READINGS_FILE);
        let governing = readings.entry(readings_path.clone()).or_insert_with(|| {
            if !readings_path.is_file() {
                return None;
            }
            load_readings(&readings_path)
                .map_err(|mut problems| errors.append(&mut problems))
                .ok()
        });
        match load_file(&file, &id_prefix(&file, &root), governing.as_ref()) {
            Ok(case_file) => loaded.push(case_file),
            Err(mut file_errors) => errors.append(&mut file_errors),
        }
    }
    errors.extend(page_name_clashes(&loaded));
    if errors.is_empty() {
        Ok(loaded)
    } else {
        Err(Problems(errors))
    }
}

fn plain_error(path: &Path, message: &str) -> Problem {
    Problem {
        path: path.to_path_buf(),
        position: None,
        message: message.to_string(),
    }
}

fn load_file(path: &Path, id: &str, readings: Option<&Readings>) -> Result<CaseFile, Vec<Problem>> {
    let error = |position: Option<Position>, message: String| Problem {
        path: path.to_path_buf(),
        position,
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| vec![error(None, format!("cannot read: {e}"))])?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let message = "the file is not UTF-8; write raw bytes with robots_escaped (\\xHH) or robots_base64";
            return Err(vec![error(Some(not_utf8_at(&e)), message.into())]);
        }
    };
    parse_file(path, &text, id, readings)
}

/// Reads the case file `path` whose text is `text` (as loaded, or as
/// embedded in the binary).
pub(super) fn parse_file(
    path: &Path,
    text: &str,
    id: &str,
    readings: Option<&Readings>,
) -> Result<CaseFile, Vec<Problem>> {
    let error = |position: Option<Position>, message: String| Problem {
        path: path.to_path_buf(),
        position,
        message,
    };
    check_depth(text).map_err(|(position, message)| vec![error(Some(position), message)])?;
    let raw: RawFile = serde_yaml::from_str(text).map_err(|e| {
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
    validate_file(raw, text, path, id, readings).map_err(|problems| {
        problems
            .into_iter()
            .map(|(position, message)| error(position, message))
            .collect()
    })
}

/// The 1-based line and column (in characters) of the first byte of a file
/// that is not UTF-8.
pub fn not_utf8_at(error: &std::string::FromUtf8Error) -> (usize, usize) {
    let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
    let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
    (line, column)
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
