//! Coverage per statement of RFC 9309 (`cases/statements.yaml`): every
//! statement a verdict can show keeps at least one definite check, and the
//! file's claims about the others hold.

use rep_core::case::statements::{glob_matches, load_statements, CoverageKind};
use rep_core::case::{load_paths, load_readings, CaseFile, Readings};
use std::path::PathBuf;

fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cases")
}

fn readings() -> Readings {
    load_readings(&cases_dir().join("readings.yaml")).unwrap_or_else(|_| panic!("cases/readings.yaml loads"))
}

fn suite() -> Vec<CaseFile> {
    load_paths(&[cases_dir()]).unwrap_or_else(|errors| panic!("{errors}"))
}

#[test]
fn every_checked_statement_keeps_a_definite_check() {
    let files = suite();
    let statements = load_statements(&cases_dir().join("statements.yaml")).unwrap_or_else(|problems| {
        panic!(
            "{}",
            problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
        )
    });
    let readings = readings();
    let mut problems = Vec::new();
    for statement in &statements.statements {
        let covered = statement.covered(files.iter().flat_map(|file| &file.cases), &readings);
        let id = format!("§{} {} `{}`", statement.section, statement.level.name(), statement.id);
        match statement.coverage {
            CoverageKind::Checked if covered.definite.is_empty() => problems.push(format!(
                "{id} has lost its last definite check: add one, or say in statements.yaml why it cannot have one"
            )),
            CoverageKind::Gap | CoverageKind::Implementation if !covered.definite.is_empty() => problems.push(format!(
                "{id} is marked {:?} but {} rest(s) on it definitely ({}): mark it checked, or fix the check",
                statement.coverage,
                covered.definite.len(),
                covered.definite[0]
            )),
            _ => {}
        }
    }
    assert!(
        statements.statements.len() >= 40,
        "only {} statements",
        statements.statements.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_case_pattern_of_a_statement_picks_a_case() {
    let files = suite();
    let ids: Vec<&str> = files
        .iter()
        .flat_map(|file| &file.cases)
        .map(|case| case.id.as_str())
        .collect();
    let statements = load_statements(&cases_dir().join("statements.yaml")).unwrap_or_else(|_| panic!("loads"));
    let stale: Vec<String> = statements
        .statements
        .iter()
        .flat_map(|statement| statement.cases.iter().map(move |pattern| (statement, pattern)))
        .filter(|(_, pattern)| !ids.iter().any(|id| glob_matches(pattern, id)))
        .map(|(statement, pattern)| format!("`{}`: `{pattern}` picks no case", statement.id))
        .collect();
    assert!(stale.is_empty(), "{}", stale.join("\n"));
}
