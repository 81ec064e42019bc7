//! `readings.md`: every contested point of RFC 9309 the suite decides by a
//! reading — the question, the options, what the text supports, `rep-rfc`'s
//! choice — what every implementation answers on the checks that reading
//! decides, and the coverage of each normative statement.

use std::fmt::Write;

use super::conformance::taken_label;
use super::{prose, stamp};
use crate::model::readings::{Reading, ReadingsReport, Statement, Taken};
use crate::model::Report;
use rep_core::format::escape::{cell_code_span, code_span, text};

/// The page.
pub(super) fn markdown(report: &Report, readings: &ReadingsReport) -> String {
    let mut out = String::from("# Readings: the points RFC 9309 leaves open\n\n");
    out.push_str(
        "Each reading is a question the RFC's text does not settle, decided once in `cases/readings.yaml`. \
         The checks that rest on it carry `reading: <id>`; where the RFC allows either answer their rfc \
         expectation is implementation-defined, so no parser fails for choosing differently. Below, every \
         implementation's answers on those checks (`A` allowed, `D` disallowed, `E` error, `·` n/a), and how \
         often they match `rep-rfc`'s choice.\n\n",
    );
    for reading in &readings.readings {
        reading_section(reading, &mut out);
    }
    if let Some(statements) = &readings.statements {
        coverage(statements, &mut out);
    }
    stamp(report, &mut out);
    out
}

fn reading_section(reading: &Reading, out: &mut String) {
    let _ = writeln!(
        out,
        "## {}\n\n**{}**\n",
        code_span(&reading.id),
        prose(&reading.question)
    );
    let sections: Vec<String> = reading
        .clauses
        .iter()
        .map(|clause| format!("[§{}]({})", clause.section, clause.link))
        .collect();
    let _ = writeln!(out, "RFC 9309 {}: {}\n", sections.join(", "), prose(&reading.supports));
    for option in &reading.options {
        let chosen = if option.id == reading.choice {
            " — `rep-rfc`'s choice"
        } else {
            ""
        };
        let _ = writeln!(out, "- {}{chosen}: {}", code_span(&option.id), prose(&option.says));
    }
    let _ = writeln!(out, "\nWhy: {}\n", prose(&reading.why));
    if reading.checks.is_empty() {
        out.push_str("No check of this run rests on it.\n\n");
        return;
    }
    let mut cases: Vec<(&str, usize)> = Vec::new();
    for check in &reading.checks {
        let case = check.rsplit_once('#').map_or(check.as_str(), |(case, _)| case);
        match cases.last_mut() {
            Some((id, count)) if *id == case => *count += 1,
            _ => cases.push((case, 1)),
        }
    }
    let cases: Vec<String> = cases
        .iter()
        .map(|(id, count)| format!("{} ({count})", code_span(id)))
        .collect();
    let _ = writeln!(out, "Checks, by case: {}\n", cases.join(", "));
    out.push_str("| implementation | answers | as `rep-rfc` chooses | option taken |\n|---|---|---:|---|\n");
    let mut consensus = 0;
    for answers in &reading.answers {
        if answers.comparable > 0 && answers.as_choice == answers.comparable {
            consensus += 1;
        }
        let option = match &answers.taken {
            Taken::NotAnswered => "– (no open check answered)".to_string(),
            other => taken_label(other),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {}/{} | {option} |",
            text(&answers.implementation),
            cell_code_span(&answers.letters),
            answers.as_choice,
            answers.comparable
        );
    }
    let _ = writeln!(
        out,
        "\n{consensus} of {} implementations answer every check they can as `rep-rfc` chooses.\n",
        reading.answers.len()
    );
}

/// Coverage per normative statement.
fn coverage(statements: &[Statement], out: &mut String) {
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
    for statement in statements {
        let flag = if statement.definite == 0 {
            flagged += 1;
            "⚠ "
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "| {flag}{} | [§{}]({}) | {} | {} | {} | {} | {} | {} |",
            cell_code_span(&statement.id),
            statement.clause.section,
            statement.clause.link,
            statement.level,
            prose(&statement.says).replace('|', "\\|"),
            statement.definite,
            statement.reading,
            statement.open,
            prose(&statement.note).replace('|', "\\|")
        );
    }
    let _ = writeln!(
        out,
        "\n{flagged} of {} statements have no definite check.\n",
        statements.len()
    );
}
