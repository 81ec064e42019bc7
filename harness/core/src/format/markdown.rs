//! The Markdown report: the summary as a table, then each miss with its
//! body excerpt in a code block.

use super::view::only_not_run;
use super::{
    agents_text, answer_text, basis_text, cell, code_span, excerpt_text, expected_text, given_up, summary, View,
};
use crate::baseline::Class;
use crate::case::ProfileId;
use crate::runner::{Matrix, Row};
use std::fmt::Write;

/// The Markdown report.
pub fn render(matrix: &Matrix<'_>, view: &View<'_>) -> String {
    let mut out = String::from("## reptest results\n\n");
    let _ = writeln!(
        out,
        "{} checks, {} implementation(s). **Bold** is the profile each implementation claims.\n",
        matrix.rows.len(),
        matrix.impls.len()
    );
    out.push_str("| implementation | profile | pass | fail | error | n/a | impl-defined | score |\n");
    out.push_str("|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (index, info) in matrix.impls.iter().enumerate() {
        for profile in ProfileId::ALL {
            let tally = matrix.tally(index, profile);
            let name = if profile == info.claims {
                format!("**{profile}**")
            } else {
                profile.to_string()
            };
            let score = tally.score().map_or("–".to_string(), |score| format!("{score:.1}%"));
            let _ = writeln!(
                out,
                "| {} | {name} | {} | {} | {} | {} | {} | {score} |",
                cell(&info.name),
                tally.pass,
                tally.fail,
                tally.error,
                tally.not_applicable,
                tally.implementation_defined
            );
        }
    }
    let sections = [
        (
            Class::NewMiss,
            if view.baseline.is_some() {
                "New misses"
            } else {
                "Misses"
            },
        ),
        (Class::Stale, "Stale entries (pass now; remove them from the list)"),
        (Class::ExpectedMiss, "Expected misses"),
    ];
    for (class, title) in sections {
        let rows: Vec<&Row<'_>> = matrix
            .rows
            .iter()
            .filter(|row| view.class(matrix, row) == class && !only_not_run(matrix, row))
            .collect();
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n### {title} ({})\n", rows.len());
        if class == Class::ExpectedMiss && !view.verbose {
            let file = view.baseline.map_or("", |baseline| baseline.file);
            let _ = writeln!(out, "Listed in `{file}`; `--verbose` shows each.");
            continue;
        }
        for row in rows {
            block(&mut out, matrix, row);
        }
    }
    for gone in given_up(matrix) {
        let name = cell(&matrix.impls[gone.index].name);
        let _ = writeln!(
            out,
            "\n**{name} was given up on**: {} check(s) not run; {}",
            gone.not_run, gone.reason
        );
    }
    for id in view.unknown() {
        let _ = writeln!(out, "\n**Unknown id** `{id}`: no such check in the suite.");
    }
    let _ = writeln!(out, "\n{}", summary(matrix, view).1);
    out
}

/// One check in full: rule, question, answers, body.
fn block(out: &mut String, matrix: &Matrix<'_>, row: &Row<'_>) {
    let check = row.check();
    let _ = writeln!(out, "#### `{}`\n", row.id());
    let _ = writeln!(out, "`{}:{}`\n", row.case.file.display(), row.case.line);
    let _ = writeln!(
        out,
        "{}\n",
        row.case.why.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    let _ = writeln!(out, "- agent: {}", code_span(&agents_text(check)));
    let _ = writeln!(out, "- url: {}", code_span(&check.url));
    if let Some(response) = &row.case.response {
        let _ = writeln!(out, "- response: {response}");
    }
    let _ = writeln!(out, "- expected: {}", expected_text(check));
    if let Some(basis) = basis_text(check) {
        let _ = writeln!(out, "- rfc rests on: {basis}");
    }
    for (index, info) in matrix.impls.iter().enumerate() {
        let mark = if row.status(index, info.claims).is_miss() {
            " ✗"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "- {} (claims {}): {}{mark}",
            info.name,
            info.claims,
            answer_text(&row.answers[index])
        );
    }
    out.push_str("\n````text\n");
    for line in excerpt_text(row) {
        let _ = writeln!(out, "{line}");
    }
    out.push_str("````\n\n");
}
