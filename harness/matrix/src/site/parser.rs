//! `parser/<name>.html`: what `reports/parsers/<name>.md` says (the same
//! text, from the same `ParserPage`), with the suite's checks it misses
//! linked to their case pages.

use super::html::{case_file, esc, frame, status_class, verdict_letter, Depth};
use super::markdown::to_html;
use super::{ParserDoc, Site};
use std::fmt::Write;

/// Where a link of the Markdown page may go on the site: the web and the
/// page's own anchors stay; files of the repository are shown as text.
fn rewrite(target: &str) -> Option<String> {
    (target.starts_with("https://") || target.starts_with("http://") || target.starts_with('#'))
        .then(|| target.to_string())
}

/// `markdown` with each "First seen: <check id>" of a suite check made a
/// link to the check on its case page.
fn link_first_seen(site: &Site<'_, '_, '_>, markdown: &str) -> String {
    const SEEN: &str = "First seen: ";
    let mut out = String::with_capacity(markdown.len());
    for line in markdown.lines() {
        let linked = line.find(SEEN).and_then(|at| {
            let start = at + SEEN.len();
            let id_end = line[start..]
                .find(|c: char| c.is_whitespace())
                .map_or(line.len(), |e| start + e);
            let id = line[start..id_end].trim_end_matches('.');
            let row = site.report.matrix.rows.iter().find(|row| row.id() == id)?;
            let href = format!("../case/{}#check-{}", case_file(&row.case.id), row.index + 1);
            Some(format!("{}[{id}]({href}){}", &line[..start], &line[start + id.len()..]))
        });
        out.push_str(linked.as_deref().unwrap_or(line));
        out.push('\n');
    }
    out
}

/// The page of the parser `doc` describes.
pub fn page(site: &Site<'_, '_, '_>, doc: &ParserDoc) -> String {
    let keep = |target: &str| rewrite(target).or_else(|| target.starts_with("../case/").then(|| target.to_string()));
    let mut body = to_html(&link_first_seen(site, &doc.markdown), &keep);
    if let Some(column) = site.columns().into_iter().find(|c| c.entry.name == doc.name) {
        let missed: Vec<_> = site
            .report
            .matrix
            .rows
            .iter()
            .filter(|row| matches!(status_class(row, column.index, column.entry.claims), "x" | "e"))
            .collect();
        let _ = write!(
            body,
            "<h2 id=\"suite-misses\">Suite checks it misses</h2>\n<p>{} checks of the suite where it misses the \
             <b>{}</b> profile it claims (errors included); see also <a href=\"../matrix.html?differs={}\">the \
             matrix where it answers unlike most others</a>.</p>\n<ul class=\"misses\">\n",
            missed.len(),
            column.entry.claims,
            esc(&super::overview::url_encode(&doc.name))
        );
        for row in missed {
            let check = row.check();
            let _ = writeln!(
                body,
                "<li><a href=\"../case/{}#check-{}\">{}</a> — answers {} where {} expects {}</li>",
                case_file(&row.case.id),
                row.index + 1,
                esc(&row.id()),
                verdict_letter(row, column.index),
                column.entry.claims,
                check.expect(column.entry.claims).name()
            );
        }
        body.push_str("</ul>\n");
    }
    frame(&doc.name, Depth::Sub, &body, "")
}
