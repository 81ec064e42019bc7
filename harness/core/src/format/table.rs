//! The plain-text report: a summary per implementation and profile, then
//! every miss with what is needed to understand it.

use super::{
    agents_text, answer_text, basis_text, excerpt_text, expected_text, held_to, miss_kinds, miss_word, misses, worst,
};
use crate::case::ProfileId;
use crate::runner::{Matrix, Row, Status};
use std::fmt::Write;

/// The table report.
pub fn render(matrix: &Matrix<'_>) -> String {
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
        .map(|info| info.name.len())
        .max()
        .unwrap_or(0)
        .max("implementation".len());
    summary(&mut out, matrix, width);
    let missed = misses(matrix);
    for (row, missing) in &missed {
        miss_entry(&mut out, matrix, row, missing, width);
    }
    let _ = writeln!(out);
    let (outright, departures) = miss_kinds(matrix, &missed);
    if outright == 0 {
        let _ = writeln!(
            out,
            "OK: every implementation meets every expectation of the profile it claims{}.",
            if departures == 0 {
                String::new()
            } else {
                format!(" but {departures} SHOULD or MAY departure(s) listed above, which do not fail the run")
            }
        );
    } else {
        let per_impl: Vec<String> = matrix
            .impls
            .iter()
            .enumerate()
            .filter_map(|(index, info)| {
                let count = missed.iter().filter(|(_, missing)| missing.contains(&index)).count();
                (count > 0).then(|| format!("{} {count}", info.name))
            })
            .collect();
        let _ = writeln!(
            out,
            "FAILED: {outright} check(s) missed by an implementation's claimed profile, \
             {departures} more only departing from a SHOULD or MAY ({}).",
            per_impl.join(", ")
        );
    }
    out
}

/// The summary table: one line per implementation and profile.
fn summary(out: &mut String, matrix: &Matrix<'_>, width: usize) {
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
                info.name,
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

/// One missed (or departed-from) check: what it is, what each
/// implementation answered, and the body around the deciding lines.
fn miss_entry(out: &mut String, matrix: &Matrix<'_>, row: &Row<'_>, missing: &[usize], width: usize) {
    let check = row.check();
    let (worst, first) = worst(matrix, row, missing);
    let _ = writeln!(
        out,
        "\n{} {} against {}  ({}:{})",
        miss_word(worst),
        row.id(),
        held_to(check, first),
        row.case.file.display(),
        row.case.line
    );
    let _ = writeln!(
        out,
        "  why:   {}",
        row.case.why.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    let _ = writeln!(out, "  agent: {}", agents_text(check));
    let _ = writeln!(out, "  url:   {}", check.url);
    if let Some(response) = &row.case.response {
        let _ = writeln!(out, "  response: {response}");
    }
    let _ = writeln!(out, "  expected: {}", expected_text(check));
    if let Some(basis) = basis_text(check) {
        let _ = writeln!(out, "  rfc rests on: {basis}");
    }
    for (index, info) in matrix.impls.iter().enumerate() {
        let status = row.status(index, info.claims);
        let mark = match status {
            _ if missing.contains(&index) => format!("✗ {} (claims {})", status.name(), info.claims),
            Status::Pass => "✓".to_string(),
            other => other.name().to_string(),
        };
        let _ = writeln!(
            out,
            "  {:<width$}  {:<40} {mark}",
            info.name,
            answer_text(&row.answers[index])
        );
    }
    let _ = writeln!(out, "  body:");
    let lines = excerpt_text(row);
    if lines.is_empty() {
        let _ = writeln!(out, "    (empty)");
    }
    for line in lines {
        let _ = writeln!(out, "  {line}");
    }
}
