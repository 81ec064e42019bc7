//! The suite built into the binary: the case files, `readings.yaml`,
//! `statements.yaml` and `CHANGES.md` of the workspace's `cases/` as they
//! were when it was compiled (see `build.rs`), so an installed `reptest`
//! runs anywhere. `statements.yaml` is data about the suite, never read as
//! a case file (as `discover` skips it on disk).
//! Loading them goes through the same reading and validation as files on
//! disk; messages name them `cases/<path>` as in the repository.

use super::discover::{is_suite_data, READINGS_FILE};
use super::load::parse_file;
use super::page_name::page_name_clashes;
use super::readings::parse_readings;
use super::CaseFile;
use crate::problem::Problems;
use std::path::PathBuf;

mod data {
    include!(concat!(env!("OUT_DIR"), "/embedded_cases.rs"));
}

/// `cases/CHANGES.md` as built in.
pub const CHANGES: &str = data::CHANGES;

/// The built-in map from suite 3.x's check ids to 4.0's
/// (`cases/ids-from-3.x.yaml`), when the suite has one.
pub fn id_map_text() -> Option<&'static str> {
    built_in_data(super::ID_MAP_FILE)
}

/// The built-in statements (`cases/statements.yaml`), when the suite has them.
pub fn statements() -> Option<Result<super::statements::Statements, Problems>> {
    built_in_data(super::STATEMENTS_FILE)
        .map(|text| super::statements::parse_statements(&shown(super::STATEMENTS_FILE), text).map_err(Problems))
}

/// The built-in readings (`cases/readings.yaml`), when the suite has them.
pub fn readings() -> Option<Result<super::Readings, Problems>> {
    built_in_data(READINGS_FILE).map(|text| parse_readings(&shown(READINGS_FILE), text).map_err(Problems))
}

/// The text of the built-in file `path` (under `cases/`).
fn built_in_data(path: &str) -> Option<&'static str> {
    data::FILES
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, text)| *text)
}

/// How many case files are built in.
pub fn file_count() -> usize {
    data::FILES.iter().filter(|(path, _)| is_case_file(path)).count()
}

fn is_readings(path: &str) -> bool {
    path == READINGS_FILE
}

/// Whether the built-in file at `path` (under `cases/`) is a case file: not
/// `readings.yaml`, `statements.yaml` or another file of data about the suite.
fn is_case_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    !is_suite_data(std::ffi::OsStr::new(name))
}

/// The suite version built in: the top heading of its `CHANGES.md`.
pub fn version() -> Result<String, String> {
    super::changes::suite_version(CHANGES)
}

/// Loads the built-in case files, governed by the built-in readings.
pub fn load() -> Result<Vec<CaseFile>, Problems> {
    let mut errors = Vec::new();
    let readings = data::FILES
        .iter()
        .find(|(path, _)| is_readings(path))
        .and_then(|(path, text)| {
            parse_readings(&shown(path), text)
                .map_err(|mut problems| errors.append(&mut problems))
                .ok()
        });
    let mut loaded = Vec::new();
    for (path, text) in data::FILES.iter().filter(|(path, _)| is_case_file(path)) {
        let id = path.rsplit_once('.').map_or(*path, |(stem, _)| stem);
        match parse_file(&shown(path), text, id, readings.as_ref()) {
            Ok(file) => loaded.push(file),
            Err(mut problems) => errors.append(&mut problems),
        }
    }
    errors.extend(page_name_clashes(&loaded));
    if errors.is_empty() {
        Ok(loaded)
    } else {
        Err(Problems(errors))
    }
}

/// The name a built-in file goes by: `cases/<path>`.
fn shown(path: &str) -> PathBuf {
    PathBuf::from("cases").join(path)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_suite_matches_the_cases_on_disk() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cases");
        let on_disk = crate::case::load_paths(&[root]).expect("the suite loads");
        let built_in = super::load().expect("the built-in suite loads");
        assert_eq!(built_in.len(), super::file_count());
        let ids = |files: &[crate::case::CaseFile]| -> Vec<String> {
            files
                .iter()
                .flat_map(|file| &file.cases)
                .map(|case| case.id.clone())
                .collect()
        };
        assert_eq!(ids(&built_in), ids(&on_disk));
        assert!(built_in.iter().all(|file| file.path.starts_with("cases")));
        assert!(super::version().is_ok());
    }

    #[test]
    fn the_built_in_statements_and_readings_load() {
        let statements = super::statements().expect("built in").expect("valid");
        assert!(statements.get("most-octets-wins").is_some());
        assert!(statements.path.ends_with("cases/statements.yaml"));
        let readings = super::readings().expect("built in").expect("valid");
        assert!(readings.get("strict-keys").is_some());
    }
}
