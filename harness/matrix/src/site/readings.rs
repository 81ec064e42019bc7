//! `readings.html`: the points RFC 9309 leaves open, their options, and
//! which implementations answer as `rep-rfc`'s choice — one table to scan.

use super::html::{case_file, esc, frame, verdict_letter, Depth};
use super::{Column, Site};
use rep_core::case::{clause, Reading};
use rep_core::runner::Row;
use std::fmt::Write;

/// The readings' text, whose code spans are written in Markdown.
fn md(text: &str) -> String {
    super::markdown::inline(text, &|_| None)
}

/// How an implementation stands on one reading: every comparable answer as
/// `rep-rfc` chooses, every one otherwise, some of each, or nothing to compare.
fn stance(rows: &[&Row<'_>], column: usize, choice: usize) -> (&'static str, String) {
    let comparable: Vec<_> = rows.iter().filter(|row| verdict_letter(row, column) != '·').collect();
    let same = comparable
        .iter()
        .filter(|row| verdict_letter(row, column) == verdict_letter(row, choice))
        .count();
    let counts = format!("{same} of {} checks as rep-rfc's choice", comparable.len());
    let class = if comparable.is_empty() {
        "n"
    } else if same == comparable.len() {
        "m"
    } else if same == 0 {
        "x"
    } else {
        "i"
    };
    (class, counts)
}

/// One reading's row: the question, the options, each implementation's stance.
fn row(site: &Site<'_, '_, '_>, columns: &[Column<'_>], reading: &Reading, choice: usize, body: &mut String) {
    let matrix = site.report.matrix;
    let rows: Vec<&Row<'_>> = matrix
        .rows
        .iter()
        .filter(|row| row.check().basis.reading.as_deref() == Some(reading.id.as_str()))
        .collect();
    let sections: Vec<String> = reading
        .clauses
        .iter()
        .map(|s| format!("<a href=\"{}\">§{}</a>", esc(&clause::link(s)), esc(s)))
        .collect();
    let mut cases: Vec<&str> = rows.iter().map(|row| row.case.id.as_str()).collect();
    cases.dedup();
    let links: Vec<String> = cases
        .iter()
        .map(|id| format!("<a href=\"case/{}\">{}</a>", case_file(id), esc(id)))
        .collect();
    let _ = write!(
        body,
        "<tr id=\"{0}\"><td class=\"question\"><b>{0}</b> ({1})<br>{2}<details><summary>why, and {3} checks</summary>\
         <p>{4}</p><p>{5}</p><p>{6}</p></details></td><td><ul class=\"options\">",
        esc(&reading.id),
        sections.join(", "),
        md(reading.question.trim()),
        rows.len(),
        md(reading.supports.trim()),
        md(reading.why.trim()),
        links.join(", ")
    );
    for option in &reading.options {
        let chosen = if option.id == reading.choice {
            " <span class=\"badge\">rep-rfc's choice</span>"
        } else {
            ""
        };
        let _ = write!(
            body,
            "<li><code>{}</code>{chosen}: {}</li>",
            esc(&option.id),
            md(option.says.trim())
        );
    }
    body.push_str("</ul></td>");
    for column in columns {
        if rows.is_empty() {
            body.push_str("<td class=\"n\" title=\"no check of this run\">–</td>");
            continue;
        }
        let (class, counts) = stance(&rows, column.index, choice);
        let letters: String = rows.iter().map(|row| verdict_letter(row, column.index)).collect();
        let _ = write!(
            body,
            "<td class=\"{class}\" title=\"{}: {counts}\">{}</td>",
            esc(&column.entry.name),
            esc(&letters)
        );
    }
    body.push_str("</tr>\n");
}

/// The readings page.
pub fn page(site: &Site<'_, '_, '_>) -> String {
    let mut body = String::from("<h1>Readings: the points RFC 9309 leaves open</h1>\n");
    let Some(readings) = site.readings else {
        body.push_str("<p>This report does not cover the suite's readings.</p>\n");
        return frame("Readings", Depth::Root, &body, "");
    };
    let matrix = site.report.matrix;
    let columns = site.columns();
    let choice = matrix.impls.iter().position(|info| info.name == "rep-rfc").unwrap_or(0);
    body.push_str(
        "<p class=\"lead\">Each row is a question the RFC's text does not settle; the checks resting on it are \
         implementation-defined under the rfc profile. A cell says whether the implementation answers those \
         checks as <code>rep-rfc</code>'s choice (green: all, red: none, amber: some; hover for the counts).</p>\n\
         <div class=\"wide\"><table class=\"readings\" id=\"readings\"><thead><tr><th>reading</th><th>options</th>",
    );
    for column in &columns {
        let _ = write!(body, "<th class=\"rot\"><span>{}</span></th>", esc(&column.entry.name));
    }
    body.push_str("</tr></thead>\n<tbody>\n");
    for reading in &readings.readings {
        row(site, &columns, reading, choice, &mut body);
    }
    body.push_str("</tbody></table></div>\n");
    frame("Readings", Depth::Root, &body, "")
}
