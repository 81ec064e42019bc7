//! `reports/readings.md`: every contested point of RFC 9309 the suite
//! decides by a reading — the question, the options, what the text supports,
//! `rep-rfc`'s choice — and what every implementation in the matrix answers
//! on the checks that reading decides: the ecosystem's de facto consensus,
//! point by point.

use std::fmt::Write;

use super::options::{taken, Taken};
use rep_core::case::statements::{CoverageKind, Statements};
use rep_core::case::{clause, Case, Reading, Readings};
use rep_core::format::escape::{authored_cell, cell_code_span, code_span, text};
use rep_core::implementation::ImplError;
use rep_core::runner::{Matrix, Row};

/// One letter per answer: `A` allowed, `D` disallowed, `E` error, `·` n/a.
fn letter(row: &Row<'_>, column: usize) -> char {
    match &row.answers[column] {
        Ok(outcome) if outcome.allowed => 'A',
        Ok(_) => 'D',
        Err(ImplError::Failed(_)) => 'E',
        Err(ImplError::Unsupported(_)) => '·',
    }
}

/// Coverage per normative statement of RFC 9309 (`cases/statements.yaml`):
/// for each, its definite checks, its reading-dependent checks and the checks
/// it leaves to the implementation, counted apart; a statement with no
/// definite check is flagged with what the statements file says of it.
fn coverage(out: &mut String, matrix: &Matrix<'_>, statements: &Statements, readings: &Readings) {
    let mut cases: Vec<&Case> = Vec::new();
    for row in &matrix.rows {
        if cases.last().is_none_or(|case| case.id != row.case.id) {
            cases.push(row.case);
        }
    }
    out.push_str(
        "## Coverage per statement\n\nEach normative statement of RFC 9309 (`cases/statements.yaml`: every MUST, \
         SHOULD and MAY, the plain statements graded as MUST, and each example of §5), with the checks that rest \
         on it: *definite* (the RFC decides the verdict, at the statement's section and level), *reading* (the \
         options of a reading part there; reported as the option taken) and *open* (left to the implementation). \
         Only definite checks count as coverage. ⚠ marks a statement with no definite check; the last column \
         says why.\n\n| statement | section | level | says | definite | reading | open | note |\n\
         |---|---|---|---|---:|---:|---:|---|\n",
    );
    let mut flagged = 0;
    for statement in &statements.statements {
        let covered = statement.covered(cases.iter().copied(), readings);
        let section = &statement.section;
        let note = match statement.coverage {
            CoverageKind::Checked => statement.note.clone().unwrap_or_default(),
            CoverageKind::Implementation => format!(
                "left to the implementation{}",
                statement
                    .note
                    .as_deref()
                    .map_or(String::new(), |note| format!(": {}", note.trim()))
            ),
            CoverageKind::Outside => format!(
                "not a parser's verdict: {}",
                statement.note.as_deref().unwrap_or("").trim()
            ),
            CoverageKind::Gap => format!("no check yet: {}", statement.note.as_deref().unwrap_or("").trim()),
        };
        let flag = if covered.definite.is_empty() {
            flagged += 1;
            "⚠ "
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "| {flag}{} | [§{section}]({}) | {} | {} | {} | {} | {} | {} |",
            cell_code_span(&statement.id),
            clause::link(section),
            statement.level.name(),
            authored_cell(statement.says.trim()),
            covered.definite.len(),
            covered.reading.len(),
            covered.open.len(),
            authored_cell(note.trim())
        );
    }
    let _ = writeln!(
        out,
        "\n{flagged} of {} statements have no definite check.\n",
        statements.statements.len()
    );
}

/// Every implementation's answers on `rows` (the checks of `reading`), how
/// many match `rep-rfc`'s, and the option that makes.
fn answers_table(out: &mut String, reading: &Reading, rows: &[&Row<'_>], matrix: &Matrix<'_>, choice_column: usize) {
    out.push_str("| implementation | answers | as `rep-rfc` chooses | option taken |\n|---|---|---:|---|\n");
    let mut consensus = 0;
    for (column, info) in matrix.impls.iter().enumerate() {
        let answers: String = rows.iter().map(|row| letter(row, column)).collect();
        let comparable: Vec<&&Row<'_>> = rows.iter().filter(|row| !matches!(letter(row, column), '·')).collect();
        let same = comparable
            .iter()
            .filter(|row| letter(row, column) == letter(row, choice_column))
            .count();
        if !comparable.is_empty() && same == comparable.len() {
            consensus += 1;
        }
        let option = match taken(reading, matrix, column, choice_column) {
            Taken::NotAnswered => "– (no open check answered)".to_string(),
            other => other.label(),
        };
        let _ = writeln!(
            out,
            "| {} | `{answers}` | {same}/{} | {option} |",
            text(&info.name),
            comparable.len()
        );
    }
    let _ = writeln!(
        out,
        "\n{consensus} of {} implementations answer every check they can as `rep-rfc` chooses.\n",
        matrix.impls.len()
    );
}

/// The page for `readings`, with the answers in `matrix`; `choice_column`
/// is `rep-rfc`'s column, whose answers are the readings' choices; with
/// `statements`, the coverage of each normative statement follows.
pub fn markdown(
    readings: &Readings,
    matrix: &Matrix<'_>,
    choice_column: usize,
    statements: Option<&Statements>,
) -> String {
    let mut out = String::from("# Readings: the points RFC 9309 leaves open\n\n");
    out.push_str(
        "Each reading is a question the RFC's text does not settle, decided once in `cases/readings.yaml`. \
         The checks that rest on it carry `reading: <id>`; where the RFC allows either answer their rfc \
         expectation is implementation-defined, so no parser fails for choosing differently. Below, every \
         implementation's answers on those checks (`A` allowed, `D` disallowed, `E` error, `·` n/a), and how \
         often they match `rep-rfc`'s choice. Generated by `reptest report`; do not edit by hand.\n\n",
    );
    for reading in &readings.readings {
        let rows: Vec<&Row<'_>> = matrix
            .rows
            .iter()
            .filter(|row| row.check().basis.reading.as_deref() == Some(reading.id.as_str()))
            .collect();
        let _ = writeln!(out, "## `{}`\n\n**{}**\n", reading.id, reading.question.trim());
        let sections: Vec<String> = reading
            .clauses
            .iter()
            .map(|section| format!("[§{section}]({})", clause::link(section)))
            .collect();
        let _ = writeln!(out, "RFC 9309 {}: {}\n", sections.join(", "), reading.supports.trim());
        for option in &reading.options {
            let chosen = if option.id == reading.choice {
                " — `rep-rfc`'s choice"
            } else {
                ""
            };
            let _ = writeln!(out, "- `{}`{chosen}: {}", option.id, option.says.trim());
        }
        let _ = writeln!(out, "\nWhy: {}\n", reading.why.trim());
        if rows.is_empty() {
            out.push_str("No check of this run rests on it.\n\n");
            continue;
        }
        let mut cases: Vec<(&str, usize)> = Vec::new();
        for row in &rows {
            match cases.last_mut() {
                Some((id, count)) if *id == row.case.id => *count += 1,
                _ => cases.push((&row.case.id, 1)),
            }
        }
        let cases: Vec<String> = cases
            .iter()
            .map(|(id, count)| format!("{} ({count})", code_span(id)))
            .collect();
        let _ = writeln!(out, "Checks, by case: {}\n", cases.join(", "));
        answers_table(&mut out, reading, &rows, matrix, choice_column);
    }
    if let Some(statements) = statements {
        coverage(&mut out, matrix, statements, readings);
    }
    out
}
