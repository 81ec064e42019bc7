//! The JUnit XML report: one `<testsuite>` per implementation, one
//! `<testcase>` per check, scored against the profile the implementation
//! claims. Implementation-defined, reading and n/a checks are `<skipped/>`;
//! so is a departure from a SHOULD or MAY, whose message says so (it does
//! not fail the run, and a `<failure>` would turn CI red). Held to an
//! expected-failures list, a listed miss or departure is `<skipped/>` too
//! (`expected failure: <why>`), a stale entry, a new miss and a departure
//! the list does not name are `<failure>`s, and unknown ids fail in a test
//! suite of their own: a run that passes has `failures="0" errors="0"`.
//! Every miss names the clause and level it is held to.

use super::{agents_text, answer_text, basis_text, expected_text, held_to, View};
use crate::baseline::{headline, Class};
use crate::runner::{Matrix, Row, Status};
use std::fmt::Write;

/// What one testcase says.
enum Outcome {
    Pass,
    Failure { message: String, kind: String },
    Error(String),
    Skipped(String),
}

/// The JUnit report.
pub fn render(matrix: &Matrix<'_>, view: &View<'_>) -> String {
    let outcomes: Vec<Vec<Outcome>> = (0..matrix.impls.len())
        .map(|index| {
            matrix
                .rows
                .iter()
                .map(|row| outcome(matrix, view, row, index))
                .collect()
        })
        .collect();
    let count = |outcomes: &[Outcome], wanted: fn(&Outcome) -> bool| outcomes.iter().filter(|o| wanted(o)).count();
    let failure = |o: &Outcome| matches!(o, Outcome::Failure { .. });
    let error = |o: &Outcome| matches!(o, Outcome::Error(_));
    let skipped = |o: &Outcome| matches!(o, Outcome::Skipped(_));
    let unknown = view.unknown();
    let total_failures: usize = outcomes.iter().map(|o| count(o, failure)).sum::<usize>() + unknown.len();
    let total_errors: usize = outcomes.iter().map(|o| count(o, error)).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"reptest\" tests=\"{}\" failures=\"{total_failures}\" errors=\"{total_errors}\" time=\"{:.3}\">",
        matrix.rows.len() * matrix.impls.len() + unknown.len(),
        matrix.elapsed.as_secs_f64()
    );
    for (index, info) in matrix.impls.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            xml(&format!("{} (claims {})", info.name, info.claims)),
            matrix.rows.len(),
            count(&outcomes[index], failure),
            count(&outcomes[index], error),
            count(&outcomes[index], skipped),
        );
        for (row, outcome) in matrix.rows.iter().zip(&outcomes[index]) {
            testcase(&mut out, view, row, index, outcome);
        }
        out.push_str("  </testsuite>\n");
    }
    if let (Some(baseline), false) = (view.baseline, unknown.is_empty()) {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">",
            xml(&format!("expected failures ({})", baseline.file)),
            unknown.len(),
            unknown.len()
        );
        for id in unknown {
            let message = format!(
                "unknown id: no such check in the suite; remove or rename it in {}",
                baseline.file
            );
            let _ = writeln!(
                out,
                "    <testcase classname=\"expected-failures\" name=\"{}\">\n      <failure message=\"{}\" type=\"unknown\"/>\n    </testcase>",
                xml(id),
                xml(&message)
            );
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// How implementation `index`'s answer to `row` is told: a listed miss or
/// departure is skipped with its reason; a stale entry, a miss and (held to
/// a list) a departure it does not name fail; any other departure is
/// skipped as one, since it does not fail the run.
fn outcome(matrix: &Matrix<'_>, view: &View<'_>, row: &Row<'_>, index: usize) -> Outcome {
    let info = &matrix.impls[index];
    let answer = answer_text(&row.answers[index]);
    let status = row.status(index, info.claims);
    let class = view.class(matrix, row);
    let held = held_to(row.check(), info.claims);
    let got = format!("{held}: expected {}, got {answer}", row.check().expect(info.claims));
    match (class, status) {
        (Class::ExpectedMiss, status) if status.is_miss() || status.is_departure() => {
            let departure = match status {
                Status::Departure(level) => format!("{} departure, ", level.name()),
                _ => String::new(),
            };
            Outcome::Skipped(format!(
                "expected failure: {} ({departure}{got})",
                headline(&row.case.why)
            ))
        }
        (Class::Stale, status) if !status.is_miss() && !status.is_departure() => Outcome::Failure {
            message: format!(
                "stale: listed in {} but passes now ({answer}); remove {} from it ({held})",
                view.baseline.map_or("", |baseline| baseline.file),
                row.id()
            ),
            kind: "stale".into(),
        },
        (Class::NewMiss, Status::Departure(level)) if view.baseline.is_some() => Outcome::Failure {
            message: format!(
                "new {} departure, not listed in {}: {got}",
                level.name(),
                view.baseline.map_or("", |baseline| baseline.file)
            ),
            kind: "departure".into(),
        },
        (_, Status::Departure(level)) => Outcome::Skipped(format!("{} departure, not a failure: {got}", level.name())),
        (_, Status::Pass) => Outcome::Pass,
        (_, Status::Fail) => Outcome::Failure {
            message: got,
            kind: info.claims.to_string(),
        },
        (_, Status::Error) => Outcome::Error(answer),
        (_, Status::Reading) => Outcome::Skipped(format!(
            "reading `{}` (open under RFC 9309); answered {answer}",
            row.check().basis.reading.as_deref().unwrap_or("")
        )),
        (_, Status::ImplementationDefined) => Outcome::Skipped(format!("implementation-defined; answered {answer}")),
        (_, Status::NotApplicable) => Outcome::Skipped(answer),
    }
}

/// One `<testcase>`.
fn testcase(out: &mut String, view: &View<'_>, row: &Row<'_>, index: usize, outcome: &Outcome) {
    let check = row.check();
    // `classname/name-up-to-the-space` is the check id, as every report and
    // --filter know it (a number, as suite 3.x had, would name nothing).
    let name = format!("{} {} {}", check.name, agents_text(check), check.url);
    let _ = write!(
        out,
        "    <testcase classname=\"{}\" name=\"{}\"",
        xml(&row.case.id),
        xml(&name)
    );
    let answer = answer_text(&row.answers[index]);
    let mut lines = vec![
        row.id(),
        format!("agent: {}", agents_text(check)),
        format!("url: {}", check.url),
        format!("expected: {}", expected_text(check)),
    ];
    lines.extend(basis_text(check).map(|basis| format!("rfc rests on: {basis}")));
    lines.push(format!("actual: {answer}"));
    lines.push(format!("why: {}", row.case.why.trim()));
    lines.push(format!(
        "reproduce: {}",
        super::reproduce::show_command(&row.id(), view.cases)
    ));
    // Each line escaped on its own: only these line breaks are raw.
    let detail: Vec<String> = lines.iter().map(|line| xml(line)).collect();
    let detail = detail.join("\n");
    let _ = match outcome {
        Outcome::Pass => writeln!(out, "/>"),
        Outcome::Failure { message, kind } => writeln!(
            out,
            ">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>",
            xml(message),
            xml(kind),
            detail
        ),
        Outcome::Error(message) => writeln!(
            out,
            ">\n      <error message=\"{}\">{}</error>\n    </testcase>",
            xml(message),
            detail
        ),
        Outcome::Skipped(message) => writeln!(out, ">\n      <skipped message=\"{}\"/>\n    </testcase>", xml(message)),
    };
}

/// `text` as XML 1.0 character data or attribute value: markup escaped, and
/// characters XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF)
/// or that would not survive as they are (tab and line ends, normalised in
/// attributes; DEL and C1, which act on a terminal) written as visible
/// `\xHH` / `\u{HHHH}` text, as every output shows control characters
/// ([`control_escape`](super::escape::control_escape)).
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if super::escape::control_escape(c).is_some() => {
                out.push_str(&super::escape::control_escape(c).unwrap_or_default())
            }
            '\u{FFFE}' | '\u{FFFF}' => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::xml;

    #[test]
    fn escapes_markup_and_forbidden_characters() {
        assert_eq!(xml("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
        assert_eq!(xml("x\u{0}y\u{1b}\u{FFFF}\tz\r\n"), "x\\x00y\\x1B\\u{FFFF}\\tz\\r\\n");
        assert_eq!(xml("a\u{7f}b\u{9b}c"), "a\\x7Fb\\x9Bc");
    }
}
