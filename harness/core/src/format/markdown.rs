//! The Markdown report: the summary as a table, then one section per class
//! (misses, grouped by the statement they test; departures from a SHOULD or
//! MAY, stale entries, expected misses), each check under the clause and
//! level it is held to with its body excerpt in a code block and the
//! command that shows it again, and the verdict. Whatever came from
//! outside (names, agents, URLs, answers and errors, bodies) goes through
//! [`escape`](super::escape), so it shows as text and never as markup.

use super::escape::{code_span, fenced, text};
use super::groups::{groups, statements_named, statements_said, GroupKey};
use super::reproduce::show_command;
use super::view::only_not_run;
use super::{
    agents_text, answer_text, basis_text, case_place, excerpt_text, expected_text, given_up, held_to, miss_word,
    summary, worst, View,
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
    tallies(&mut out, matrix);
    let sections = [
        (
            Class::NewMiss,
            if view.baseline.is_some() {
                "New misses"
            } else {
                "Misses"
            },
        ),
        (
            Class::Departure,
            "Departures from a SHOULD or MAY (they do not fail the run)",
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
            let _ = writeln!(out, "Listed in {}; `--verbose` shows each.", code_span(file));
            continue;
        }
        if class == Class::NewMiss {
            grouped(&mut out, matrix, view, rows);
            continue;
        }
        for row in rows {
            let word = if class == Class::Stale {
                "STALE"
            } else {
                miss_word(worst(matrix, row).0)
            };
            block(&mut out, matrix, view, row, "####", word);
        }
    }
    for gone in given_up(matrix) {
        let name = text(&matrix.impls[gone.index].name);
        let _ = writeln!(
            out,
            "\n**{name} was given up on**: {} check(s) not run; {}",
            gone.not_run,
            text(&gone.reason)
        );
    }
    for id in view.unknown() {
        let _ = writeln!(out, "\n**Unknown id** {}: no such check in the suite.", code_span(id));
    }
    let _ = writeln!(out, "\n{}", text(&summary(matrix, view).1));
    out
}

/// The summary table, one row per implementation and profile, and what its
/// rfc columns mean.
fn tallies(out: &mut String, matrix: &Matrix<'_>) {
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
                text(&info.name),
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
}

/// New misses grouped by what they test, the biggest group first, each
/// group under a heading that names its statements (clause, level, id and
/// what each says) or its case.
fn grouped(out: &mut String, matrix: &Matrix<'_>, view: &View<'_>, rows: Vec<&Row<'_>>) {
    for group in groups(rows.into_iter().map(|row| (row, ())).collect()) {
        let count = group.rows.len();
        let _ = match &group.key {
            GroupKey::Case(id) => writeln!(out, "#### {count} in case {} (it names no statement)\n", code_span(id)),
            GroupKey::Statements(ids) => {
                let named = statements_named(view, ids, code_span);
                let said: String = statements_said(view, ids)
                    .iter()
                    .map(|line| format!("- {}\n", text(line)))
                    .collect();
                writeln!(out, "#### {count} of {named}\n\n{said}")
            }
        };
        for (row, ()) in group.rows {
            block(out, matrix, view, row, "#####", miss_word(worst(matrix, row).0));
        }
    }
}

/// One check in full under `word` (`MISS`, `SHOULD DEPARTURE`, `STALE` …)
/// and the clause and level it is held to, as a `heading` (`####`, …):
/// rule, question, answers, body, reproduce line.
fn block(out: &mut String, matrix: &Matrix<'_>, view: &View<'_>, row: &Row<'_>, heading: &str, word: &str) {
    let check = row.check();
    let _ = writeln!(
        out,
        "{heading} {word} {} against {}\n",
        code_span(&row.id()),
        held_to(check, worst(matrix, row).1)
    );
    let _ = writeln!(out, "{}\n", code_span(&case_place(row.case, view.built_in)));
    let _ = writeln!(
        out,
        "{}\n",
        // A promoted finding's why quotes the rule that decided, from the
        // file it was found in: text from outside like the rest.
        text(&row.case.why.split_whitespace().collect::<Vec<_>>().join(" "))
    );
    let _ = writeln!(out, "- agent: {}", code_span(&agents_text(check)));
    let _ = writeln!(out, "- url: {}", code_span(&check.url));
    if let Some(response) = &row.case.response {
        let _ = writeln!(out, "- response: {}", text(&response.to_string()));
    }
    let _ = writeln!(out, "- expected: {}", expected_text(check));
    if let Some(basis) = basis_text(check) {
        let _ = writeln!(out, "- rfc rests on: {basis}");
    }
    for (index, info) in matrix.impls.iter().enumerate() {
        let status = row.status(index, info.claims);
        let mark = if status.is_miss() || status.is_departure() {
            " ✗"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "- {} (claims {}): {}{mark}",
            text(&info.name),
            info.claims,
            text(&answer_text(&row.answers[index]))
        );
    }
    let excerpt: String = excerpt_text(row).iter().map(|line| format!("{line}\n")).collect();
    let _ = writeln!(out, "\n{}", fenced("text", &excerpt));
    let _ = writeln!(out, "Reproduce: {}\n", code_span(&show_command(&row.id(), view.cases)));
}
