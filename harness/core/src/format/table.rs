//! The plain-text report: a summary per implementation and profile, then
//! every new miss (grouped by the statement it tests, the biggest group
//! first), departure and stale entry with what is needed to understand it,
//! the clause and level it is held to and the command that shows it again
//! (expected misses as a count, in full with `verbose`), a line per
//! implementation given up on, and the verdict. Whatever came from outside (names, ids, agents, URLs,
//! answers and errors) is shown with its control characters escaped
//! ([`visible`]), so it cannot act on the terminal or fake a line.

use super::escape::visible;
use super::groups::{groups, statements_named, statements_said, GroupKey};
use super::reproduce::show_command;
use super::view::only_not_run;
use super::{
    agents_text, answer_text, basis_text, case_place, excerpt_text, expected_text, given_up, held_to, miss_word,
    summary, worst, View,
};
use crate::baseline::Class;
use crate::case::ProfileId;
use crate::runner::{Matrix, Row, Status};
use std::fmt::Write;

/// The table report.
pub fn render(matrix: &Matrix<'_>, view: &View<'_>) -> String {
    let mut out = String::new();
    let cases = matrix
        .rows
        .iter()
        .map(|row| &row.case.id)
        .collect::<std::collections::HashSet<_>>()
        .len();
    let _ = writeln!(
        out,
        "reptest: {} checks in {cases} cases, {} implementation(s), {:.2} s\n",
        matrix.rows.len(),
        matrix.impls.len(),
        matrix.elapsed.as_secs_f64()
    );
    let width = matrix
        .impls
        .iter()
        .map(|info| visible(&info.name).chars().count())
        .max()
        .unwrap_or(0)
        .max("implementation".len());
    tallies(&mut out, matrix, width);
    out.push_str(&details(matrix, view));
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", visible(&summary(matrix, view).1));
    out
}

/// The summary table: one line per implementation and profile.
fn tallies(out: &mut String, matrix: &Matrix<'_>, width: usize) {
    let _ = writeln!(
        out,
        "{:<width$}  profile    pass  fail  should  may  error   n/a  reading  impl-defined   score",
        "implementation"
    );
    for (index, info) in matrix.impls.iter().enumerate() {
        for profile in ProfileId::ALL {
            let tally = matrix.tally(index, profile);
            let claimed = if profile == info.claims { "*" } else { " " };
            let score = tally.score().map_or("-".to_string(), |score| format!("{score:.1}%"));
            let _ = writeln!(
                out,
                "{:<width$}  {:<7}{claimed}  {:>4}  {:>4}  {:>6}  {:>3}  {:>5}  {:>4}  {:>7}  {:>12}  {:>6}",
                visible(&info.name),
                profile.name(),
                tally.pass,
                tally.fail,
                tally.should,
                tally.may,
                tally.error,
                tally.not_applicable,
                tally.reading,
                tally.implementation_defined,
                score
            );
        }
    }
    let _ = writeln!(
        out,
        "(* = the profile the implementation claims; only misses there fail the run.\n \
         Under rfc: fail = a MUST missed; should/may = a departure from a SHOULD or MAY, a lesser mark\n \
         that lowers the score but does not fail the run; reading = an open check whose answer shows\n \
         the option taken on a reading (cases/readings.yaml), never a miss.)"
    );
}

/// The checks worth reading in full: new misses first, grouped by what
/// they test ([`groups`]), then departures, stale entries and (with
/// `verbose`) expected misses in suite order; then a line per given-up
/// implementation, per unknown id and for the expected misses not shown.
fn details(matrix: &Matrix<'_>, view: &View<'_>) -> String {
    let mut out = String::new();
    let file = visible(view.baseline.map_or("", |baseline| baseline.file));
    let mut hidden = 0;
    let mut new_misses = Vec::new();
    let mut others = Vec::new();
    for row in &matrix.rows {
        let word = miss_word(worst(matrix, row).0);
        let label = match view.class(matrix, row) {
            Class::Met => continue,
            _ if only_not_run(matrix, row) => continue,
            Class::NewMiss if view.baseline.is_some() => {
                new_misses.push((row, format!("NEW {word} (not in {file})")));
                continue;
            }
            Class::NewMiss => {
                new_misses.push((row, word.to_string()));
                continue;
            }
            Class::Departure => word.to_string(),
            Class::Stale => format!("STALE (passes now; remove it from {file})"),
            Class::ExpectedMiss if view.verbose => format!("EXPECTED {word} (listed in {file})"),
            Class::ExpectedMiss => {
                hidden += 1;
                continue;
            }
        };
        others.push((row, label));
    }
    let missed = if view.baseline.is_some() {
        "new miss(es)"
    } else {
        "miss(es)"
    };
    for group in groups(new_misses) {
        let (what, about) = match &group.key {
            GroupKey::Case(id) => (format!("case {} (it names no statement)", visible(id)), Vec::new()),
            GroupKey::Statements(ids) => {
                let named = statements_named(view, ids, |id| format!("`{}`", visible(id)));
                (named, statements_said(view, ids))
            }
        };
        let _ = writeln!(out, "\n━━ {} {missed} · {what}", group.rows.len());
        for line in about {
            let _ = writeln!(out, "   {}", visible(&line));
        }
        for (row, label) in &group.rows {
            block(&mut out, matrix, view, row, label);
        }
    }
    for (row, label) in &others {
        block(&mut out, matrix, view, row, label);
    }
    for gone in given_up(matrix) {
        let _ = writeln!(
            out,
            "\nGIVEN UP {}: {} check(s) not run; {}",
            visible(&matrix.impls[gone.index].name),
            gone.not_run,
            visible(&gone.reason)
        );
    }
    for id in view.unknown() {
        let _ = writeln!(
            out,
            "\nUNKNOWN {} (no such check in the suite; remove or rename it in {file})",
            visible(id)
        );
    }
    if hidden > 0 {
        let _ = writeln!(
            out,
            "\n{hidden} expected miss(es) listed in {file} still miss (--verbose shows each)"
        );
    }
    out
}

/// One check in full under `label`, with the clause and level it is held
/// to: its rule, question, every answer and the body.
fn block(out: &mut String, matrix: &Matrix<'_>, view: &View<'_>, row: &Row<'_>, label: &str) {
    let check = row.check();
    let _ = writeln!(
        out,
        "\n{label} {} against {}  ({})",
        visible(&row.id()),
        visible(&held_to(check, worst(matrix, row).1)),
        visible(&case_place(row.case, view.built_in)),
    );
    let _ = writeln!(
        out,
        "  why:   {}",
        visible(&row.case.why.split_whitespace().collect::<Vec<_>>().join(" "))
    );
    let _ = writeln!(out, "  agent: {}", visible(&agents_text(check)));
    let _ = writeln!(out, "  url:   {}", visible(&check.url));
    if let Some(response) = &row.case.response {
        let _ = writeln!(out, "  response: {}", visible(&response.to_string()));
    }
    let _ = writeln!(out, "  expected: {}", expected_text(check));
    if let Some(basis) = basis_text(check) {
        let _ = writeln!(out, "  rfc rests on: {}", visible(&basis));
    }
    let width = matrix
        .impls
        .iter()
        .map(|info| visible(&info.name).chars().count())
        .max()
        .unwrap_or(0);
    for (index, info) in matrix.impls.iter().enumerate() {
        let status = row.status(index, info.claims);
        let mark = match status {
            _ if status.is_miss() || status.is_departure() => format!("✗ {} (claims {})", status.name(), info.claims),
            Status::Pass => "✓".to_string(),
            other => other.name().to_string(),
        };
        let name = visible(&info.name);
        let answer = visible(&answer_text(&row.answers[index])).into_owned();
        // A long answer goes on its own line, so the mark never runs into it.
        if answer.chars().count() > 40 {
            let _ = writeln!(out, "  {name:<width$}  {mark}\n  {:<width$}    {answer}", "");
        } else {
            let _ = writeln!(out, "  {name:<width$}  {answer:<40} {mark}");
        }
    }
    let _ = writeln!(out, "  body:");
    let lines = excerpt_text(row);
    if lines.is_empty() {
        let _ = writeln!(out, "    (empty)");
    }
    for line in lines {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(out, "  reproduce: {}", visible(&show_command(&row.id(), view.cases)));
}
