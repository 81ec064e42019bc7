//! `index.html`: who scores what (sortable bars) and where (a heat map of
//! implementations × sections of RFC 9309 and the other case directories).

use super::html::{esc, frame, parser_file, section, section_order, Depth};
use super::scores::{self, HEADINGS};
use super::{Column, Site};
use rep_core::case::ProfileId;
use rep_core::runner::Status;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Sorts a `table.sortable` by the clicked heading: numbers by `data-v`, text otherwise.
pub const SORT_SCRIPT: &str = r#"document.querySelectorAll('table.sortable th').forEach(function (th) {
  th.addEventListener('click', function () {
    var table = th.closest('table'), body = table.tBodies[0], index = th.cellIndex;
    var down = th.getAttribute('aria-sort') !== 'descending';
    table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', down ? 'descending' : 'ascending');
    var key = function (row) {
      var cell = row.cells[index], v = cell.getAttribute('data-v');
      return v === null ? cell.textContent.trim().toLowerCase() : parseFloat(v);
    };
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a), y = key(b), c = x < y ? -1 : x > y ? 1 : 0;
      return down ? -c : c;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  });
});"#;

/// The overview page.
pub fn page(site: &Site<'_, '_, '_>) -> String {
    let columns = site.columns();
    let matrix = site.report.matrix;
    let mut body = String::from("<h1>robots.txt parsers against RFC 9309 and Google</h1>\n");
    let _ = writeln!(
        body,
        "<p class=\"lead\">{} checks in {} cases, run against {} implementations. A suite score is the share of \
         checks with a definite expectation that the implementation meets (errors count as misses); the \
         outlined bar is the profile it claims (for a third-party parser, the one its own documentation states; \
         \"none stated\" outlines neither). Click a heading to sort; hover a bar for the counts.</p>",
        matrix.rows.len(),
        site.cases().len(),
        columns.len()
    );
    body.push_str("<table class=\"sortable scores\" id=\"scores\">\n<thead><tr><th>implementation</th><th>language</th><th>claims</th>");
    for heading in HEADINGS {
        let _ = write!(body, "<th class=\"num\">{}</th>", esc(heading));
    }
    body.push_str("</tr></thead>\n<tbody>\n");
    for column in &columns {
        let entry = column.entry;
        let name = if site.has_page(&entry.name) {
            format!(
                "<a href=\"parser/{}\">{}</a>",
                parser_file(&entry.name),
                esc(&entry.name)
            )
        } else {
            esc(&entry.name)
        };
        let version = entry
            .version
            .as_deref()
            .map(|v| format!(" <small>{}</small>", esc(v)))
            .unwrap_or_default();
        // A measured third-party parser claims what its documentation states, if anything.
        let claims = match site.report.measured.iter().find(|parser| parser.name == entry.name) {
            Some(parser) => parser.stated,
            None => Some(entry.claims),
        };
        let _ = write!(
            body,
            "<tr data-impl=\"{}\"><td>{name}{version}</td><td>{}</td><td>{}</td>",
            esc(&entry.name),
            esc(&column.language),
            claims.map_or("none stated".to_string(), |profile| profile.to_string())
        );
        for (index, score) in scores::scores(site, column).iter().enumerate() {
            let claimed = matches!(
                (index, claims),
                (0, Some(ProfileId::Rfc)) | (1, Some(ProfileId::Google))
            );
            body.push_str(&scores::cell(score, claimed));
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</tbody>\n</table>\n");
    let not_run: Vec<_> = site.report.entries.iter().filter(|e| e.not_run.is_some()).collect();
    if !not_run.is_empty() {
        body.push_str("<details class=\"notrun\"><summary>Not run here</summary><ul>\n");
        for entry in not_run {
            let _ = writeln!(
                body,
                "<li><b>{}</b>: {}</li>",
                esc(&entry.name),
                esc(entry.not_run.as_deref().unwrap_or(""))
            );
        }
        body.push_str("</ul></details>\n");
    }
    heat_map(site, &columns, &mut body);
    frame("Overview", Depth::Root, &body, SORT_SCRIPT)
}

/// Per implementation and section: (met, scored) under its claimed profile.
fn shares(site: &Site<'_, '_, '_>, columns: &[Column<'_>]) -> BTreeMap<(usize, String), (usize, usize)> {
    let mut shares = BTreeMap::new();
    for row in &site.report.matrix.rows {
        let section = section(row.case);
        for (position, column) in columns.iter().enumerate() {
            let entry: &mut (usize, usize) = shares.entry((position, section.clone())).or_default();
            match row.status(column.index, column.entry.claims) {
                Status::Pass => *entry = (entry.0 + 1, entry.1 + 1),
                Status::Fail | Status::Departure(_) | Status::Error => entry.1 += 1,
                Status::Reading | Status::ImplementationDefined | Status::NotApplicable => {}
            }
        }
    }
    shares
}

fn heat_map(site: &Site<'_, '_, '_>, columns: &[Column<'_>], body: &mut String) {
    let shares = shares(site, columns);
    let mut sections: Vec<String> = site.report.matrix.rows.iter().map(|row| section(row.case)).collect();
    sections.sort_by(|a, b| section_order(a, b));
    sections.dedup();
    body.push_str(
        "<h2>Where they miss: sections × implementations</h2>\n<p>Each cell is the share of the section's checks \
         the implementation meets under the profile it claims; hover for the counts, click a section to see \
         its checks in the matrix. Empty: nothing scored there.</p>\n<div class=\"wide\"><table class=\"heat\">\n\
         <thead><tr><th>implementation</th>",
    );
    for section in &sections {
        let _ = write!(
            body,
            "<th><a href=\"matrix.html?section={}\">{}</a></th>",
            esc(&url_encode(section)),
            esc(section)
        );
    }
    body.push_str("</tr></thead>\n<tbody>\n");
    for (position, column) in columns.iter().enumerate() {
        let _ = write!(body, "<tr><th>{}</th>", esc(&column.entry.name));
        for section in &sections {
            let (met, scored) = shares.get(&(position, section.clone())).copied().unwrap_or_default();
            if scored == 0 {
                let _ = write!(
                    body,
                    "<td class=\"none\" title=\"{}: nothing scored\"></td>",
                    esc(section)
                );
                continue;
            }
            let share = met as f64 / scored as f64;
            let _ = write!(
                body,
                "<td style=\"background:{}\" title=\"{} in {}: {met} of {scored} met\">{:.0}</td>",
                heat_colour(share),
                esc(&column.entry.name),
                esc(section),
                100.0 * share
            );
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</tbody></table></div>\n");
}

/// Green for a section met in full; anything missed is yellow (a little)
/// through orange to red (60% or less), so every miss stands out from 100.
fn heat_colour(share: f64) -> String {
    if share >= 1.0 {
        return "hsl(130,55%,70%)".to_string();
    }
    let hue = ((share - 0.6) / 0.4).clamp(0.0, 1.0) * 55.0;
    format!("hsl({hue:.0},85%,72%)")
}

/// `text` with the characters a query value cannot hold escaped.
pub fn url_encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~/".contains(&byte) {
            out.push(byte as char);
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}
