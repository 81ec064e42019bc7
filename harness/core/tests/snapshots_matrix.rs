//! One `insta` snapshot per case file under `cases/`: the full decision
//! matrix (case × check, by name and with its tags × built-in implementation → verdict and deciding
//! line), so any behaviour change shows up next to the case it touches.
//!
//! Review changes with `cargo insta review`; CI runs with `INSTA_UPDATE=no`
//! so a changed snapshot fails instead of being written.

use rep_core::case::{is_suite_data, load_paths};
use rep_core::implementation::{built_in, ImplError, Implementation, BUILT_IN};
use rep_core::runner::{run, Matrix};
use std::fmt::Write;

/// The matrix as text: per case its checks, each with the expectations and
/// every implementation's answer; a miss of the claimed profile is marked.
fn matrix_text(matrix: &Matrix<'_>) -> String {
    let mut out = String::new();
    let width = matrix.impls.iter().map(|info| info.name.len()).max().unwrap_or(0);
    let mut last_case = "";
    for row in &matrix.rows {
        if row.case.id != last_case {
            last_case = &row.case.id;
            let _ = writeln!(out, "{}", row.case.name);
            if let Some(response) = &row.case.response {
                let _ = writeln!(out, "  response: {response}");
            }
        }
        let check = row.check();
        let _ = writeln!(out, "  /{} {} {}", check.name, check.agents.join(", "), check.url);
        let _ = writeln!(out, "     expect rfc {}, google {}", check.rfc, check.google);
        if !check.tags.is_empty() {
            let tags: Vec<&str> = check.tags.iter().map(|tag| tag.name()).collect();
            let _ = writeln!(out, "     tags {}", tags.join(", "));
        }
        for (index, info) in matrix.impls.iter().enumerate() {
            let answer = match &row.answers[index] {
                Ok(outcome) => outcome.short(),
                Err(ImplError::Unsupported(_)) => "n/a".to_string(),
                Err(ImplError::Failed(why)) => format!("error: {why}"),
            };
            let miss = if row.status(index, info.claims).is_miss() {
                format!("   ✗ misses {}", info.claims)
            } else {
                String::new()
            };
            let _ = writeln!(out, "     {:<width$}  {answer}{miss}", info.name);
        }
    }
    out
}

#[test]
fn decision_matrix_per_case_file() {
    let impls: Vec<Box<dyn Implementation>> = BUILT_IN.iter().filter_map(|name| built_in(name)).collect();
    assert_eq!(impls.len(), 3);
    insta::glob!("../../../cases", "**/*.yaml", |path| {
        if path.file_name().is_some_and(is_suite_data) {
            return;
        }
        let files = load_paths(&[path.to_path_buf()]).unwrap_or_else(|errors| panic!("{errors}"));
        let matrix = run(&files, &impls, |_, _| {});
        let mut settings = insta::Settings::clone_current();
        settings.set_description(files[0].source.clone());
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!("matrix", matrix_text(&matrix)));
    });
}
