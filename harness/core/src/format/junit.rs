//! The JUnit XML report: one `<testsuite>` per implementation, one
//! `<testcase>` per check, scored against the profile the implementation
//! claims. Implementation-defined, reading and n/a checks are `<skipped/>`;
//! so is a departure from a SHOULD or MAY, whose message says so (it does
//! not fail the run, and a `<failure>` would turn CI red).

use super::{agents_text, answer_text, basis_text, expected_text, held_to};
use crate::runner::{ImplInfo, Matrix, Row, Status};
use std::fmt::Write;

/// The JUnit report.
pub fn render(matrix: &Matrix<'_>) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let count = |index: usize, wanted: &[Status]| {
        let claims = matrix.impls[index].claims;
        matrix
            .rows
            .iter()
            .filter(|row| wanted.contains(&row.status(index, claims)))
            .count()
    };
    let skipped = [
        Status::NotApplicable,
        Status::ImplementationDefined,
        Status::Reading,
        Status::Departure(crate::case::Level::Should),
        Status::Departure(crate::case::Level::May),
    ];
    let total_failures: usize = (0..matrix.impls.len()).map(|index| count(index, &[Status::Fail])).sum();
    let total_errors: usize = (0..matrix.impls.len())
        .map(|index| count(index, &[Status::Error]))
        .sum();
    let _ = writeln!(
        out,
        "<testsuites name=\"reptest\" tests=\"{}\" failures=\"{total_failures}\" errors=\"{total_errors}\" time=\"{:.3}\">",
        matrix.rows.len() * matrix.impls.len(),
        matrix.elapsed.as_secs_f64()
    );
    for (index, info) in matrix.impls.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            xml(&format!("{} (claims {})", info.name, info.claims)),
            matrix.rows.len(),
            count(index, &[Status::Fail]),
            count(index, &[Status::Error]),
            count(index, &skipped),
        );
        for row in &matrix.rows {
            testcase(&mut out, row, index, info);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// One `<testcase>`: implementation `index` (`info`) on `row`, scored
/// against the profile it claims.
fn testcase(out: &mut String, row: &Row<'_>, index: usize, info: &ImplInfo) {
    let check = row.check();
    let name = format!("#{} {} {}", row.index + 1, agents_text(check), check.url);
    let _ = write!(
        out,
        "    <testcase classname=\"{}\" name=\"{}\"",
        xml(&row.case.id),
        xml(&name)
    );
    let answer = answer_text(&row.answers[index]);
    let expected = check.expect(info.claims);
    let basis = basis_text(check).map_or(String::new(), |basis| format!("\nrfc rests on: {basis}"));
    let detail = format!(
        "{}\nagent: {}\nurl: {}\nexpected: {}{basis}\nactual: {answer}\nwhy: {}",
        row.id(),
        agents_text(check),
        check.url,
        expected_text(check),
        row.case.why.trim()
    );
    match row.status(index, info.claims) {
        Status::Pass => out.push_str("/>\n"),
        Status::Fail => {
            let message = format!("{}: expected {expected}, got {answer}", held_to(check, info.claims));
            let _ = writeln!(
                out,
                ">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>",
                xml(&message),
                info.claims,
                xml(&detail)
            );
        }
        Status::Error => {
            let _ = writeln!(
                out,
                ">\n      <error message=\"{}\">{}</error>\n    </testcase>",
                xml(&answer),
                xml(&detail)
            );
        }
        status => {
            let message = match status {
                Status::ImplementationDefined => format!("implementation-defined; answered {answer}"),
                Status::Reading => format!(
                    "reading `{}` (open under RFC 9309); answered {answer}",
                    check.basis.reading.as_deref().unwrap_or("")
                ),
                Status::Departure(level) => format!(
                    "{} departure, not a failure: {}: expected {expected}, got {answer}",
                    level.name(),
                    held_to(check, info.claims)
                ),
                _ => answer,
            };
            let _ = writeln!(
                out,
                ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                xml(&message)
            );
        }
    }
}

/// `text` as XML 1.0 character data or attribute value: markup escaped, and
/// characters XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF)
/// written as visible `\xHH` / `\u{HHHH}` text.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02X}", c as u32)),
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
        assert_eq!(xml("x\u{0}y\u{1b}\u{FFFF}\tz"), "x\\x00y\\x1B\\u{FFFF}\tz");
    }
}
