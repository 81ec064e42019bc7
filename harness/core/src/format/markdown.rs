//! The Markdown report: the summary as a table, then each miss with its
//! body excerpt in a code block.

use super::{
    agents_text, answer_text, basis_text, cell, code_span, excerpt_text, expected_text, held_to, miss_kinds, miss_word,
    misses, worst,
};
use crate::case::ProfileId;
use crate::runner::{Matrix, Row};
use std::fmt::Write;

/// The Markdown report.
pub fn render(matrix: &Matrix<'_>) -> String {
    let mut out = String::from("## reptest results\n\n");
    let _ = writeln!(
        out,
        "{} checks, {} implementation(s). **Bold** is the profile each implementation claims.\n",
        matrix.rows.len(),
        matrix.impls.len()
    );
    out.push_str(
        "| implementation | profile | pass | fail | SHOULD departures | MAY departures | error | n/a | reading | impl-defined | score |\n",
    );
    out.push_str("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
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
                "| {} | {name} | {} | {} | {} | {} | {} | {} | {} | {} | {score} |",
                cell(&info.name),
                tally.pass,
                tally.fail,
                tally.should,
                tally.may,
                tally.error,
                tally.not_applicable,
                tally.reading,
                tally.implementation_defined
            );
        }
    }
    out.push_str(
        "\nUnder rfc, *fail* is a MUST missed; a SHOULD or MAY departure is a lesser mark that lowers the score \
         but does not fail the run; *reading* counts open checks whose answer shows the option taken on a \
         reading of the RFC, never a miss.\n",
    );
    let missed = misses(matrix);
    if missed.is_empty() {
        out.push_str("\nEvery implementation meets every expectation of the profile it claims.\n");
        return out;
    }
    let (outright, departures) = miss_kinds(matrix, &missed);
    let _ = writeln!(
        out,
        "\n### Misses ({outright}) and departures from a SHOULD or MAY ({departures})\n"
    );
    for (row, missing) in missed {
        miss_entry(&mut out, matrix, row, &missing);
    }
    out
}

/// One missed (or departed-from) check, with every answer and the body.
fn miss_entry(out: &mut String, matrix: &Matrix<'_>, row: &Row<'_>, missing: &[usize]) {
    let check = row.check();
    let (worst, claims) = worst(matrix, row, missing);
    let _ = writeln!(
        out,
        "#### {} `{}` against {}\n",
        miss_word(worst),
        row.id(),
        held_to(check, claims)
    );
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
        let mark = if missing.contains(&index) { " ✗" } else { "" };
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
