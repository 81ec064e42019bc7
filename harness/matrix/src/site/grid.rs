//! `matrix.html`: every check × every implementation, each cell the verdict
//! coloured by how it stands against a profile. Pruned at first to the checks
//! on which implementations differ; filters narrow it further.

use super::html::{case_file, esc, frame, parser_file, section, section_order, status_class, verdict_letter, Depth};
use super::Site;
use crate::pages::mark::Mark;
use rep_core::case::Expect;
use std::fmt::Write;

const SCRIPT: &str = r#"(function () {
  var table = document.getElementById('grid');
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells, 1);
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var get = function (id) { return document.getElementById(id); };
  var query = new URLSearchParams(location.search);
  if (query.get('section')) { get('section').value = query.get('section'); }
  if (query.get('differs')) { get('differs').value = query.get('differs'); }
  if (query.get('all')) { get('all').checked = true; }
  var status = function (letter, expect) {
    if (letter === 'E') { return 'e'; }
    if (letter === '·') { return 'n'; }
    if (expect === 'I') { return 'i'; }
    return letter === expect ? 'm' : 'x';
  };
  var apply = function () {
    var all = get('all').checked, sec = get('section').value, profile = get('profile').value;
    var lang = get('language').value, who = get('differs').value, shown = 0;
    var whoAt = -1;
    heads.forEach(function (h, i) {
      h.hidden = lang !== '' && h.getAttribute('data-lang') !== lang;
      if (h.getAttribute('data-impl') === who) { whoAt = i; }
    });
    rows.forEach(function (row) {
      var cells = Array.prototype.slice.call(row.cells, 1);
      var keep = (all || row.getAttribute('data-d') === '1') && (sec === '' || row.getAttribute('data-sec') === sec);
      if (keep && whoAt >= 0) {
        var counts = {}, best = '', most = 0;
        cells.forEach(function (c, i) { if (i !== whoAt) { counts[c.textContent] = (counts[c.textContent] || 0) + 1; } });
        Object.keys(counts).sort().forEach(function (k) { if (counts[k] > most) { most = counts[k]; best = k; } });
        keep = cells[whoAt].textContent !== best;
      }
      row.hidden = !keep;
      if (!keep) { return; }
      shown += 1;
      var expect = row.getAttribute('data-e');
      cells.forEach(function (c, i) {
        c.hidden = heads[i].hidden;
        var p = profile === 'claimed' ? heads[i].getAttribute('data-claims') : profile;
        c.className = status(c.textContent, expect.charAt(p === 'rfc' ? 0 : 1));
      });
    });
    get('shown').textContent = shown + ' of ' + rows.length + ' checks shown';
  };
  ['all', 'section', 'profile', 'language', 'differs'].forEach(function (id) { get(id).addEventListener('change', apply); });
  apply();
})();"#;

fn expect_letter(expect: Expect) -> char {
    match expect {
        Expect::Allowed => 'A',
        Expect::Disallowed => 'D',
        Expect::ImplementationDefined => 'I',
    }
}

fn options(values: &[String], all: &str) -> String {
    let mut out = format!("<option value=\"\">{}</option>", esc(all));
    for value in values {
        let _ = write!(out, "<option value=\"{0}\">{0}</option>", esc(value));
    }
    out
}

/// The lead paragraph and the filters' form.
fn filters(site: &Site<'_, '_, '_>, body: &mut String) {
    let columns = site.columns();
    let matrix = site.report.matrix;
    let mut sections: Vec<String> = matrix.rows.iter().map(|row| section(row.case)).collect();
    sections.sort_by(|a, b| section_order(a, b));
    sections.dedup();
    let mut languages: Vec<String> = columns.iter().map(|c| c.language.clone()).collect();
    languages.sort();
    languages.dedup();
    let names: Vec<String> = columns.iter().map(|c| c.entry.name.clone()).collect();
    body.push_str(
        "<p class=\"lead\">Each cell is the verdict (<b>A</b> allowed, <b>D</b> disallowed, <b>E</b> error, \
         <b>·</b> n/a), coloured by how it stands against the chosen profile's expectation. At first only the \
         checks on which the marks of the implementations that can answer differ are shown (n/a differs from \
         nothing).</p>\n<form class=\"filters\" id=\"filters\">",
    );
    let _ = writeln!(
        body,
        "<label><input type=\"checkbox\" id=\"all\"> all checks</label>\
         <label>section <select id=\"section\">{}</select></label>\
         <label>profile <select id=\"profile\"><option value=\"claimed\">each one's claimed</option>\
         <option value=\"rfc\">rfc</option><option value=\"google\">google</option></select></label>\
         <label>language <select id=\"language\">{}</select></label>\
         <label>where <select id=\"differs\">{}</select> answers unlike most others</label>\
         <output id=\"shown\"></output></form>",
        options(&sections, "all"),
        options(&languages, "all"),
        options(&names, "any parser")
    );
}

/// The matrix page.
pub fn page(site: &Site<'_, '_, '_>) -> String {
    let columns = site.columns();
    let matrix = site.report.matrix;
    let mut body = String::from("<h1>The matrix: every check × every implementation</h1>\n");
    filters(site, &mut body);
    body.push_str(
        "<p class=\"legend\"><span class=\"m\">met</span><span class=\"x\">missed</span>\
         <span class=\"d\">departs from a SHOULD or MAY</span><span class=\"e\">error</span>\
         <span class=\"r\">a reading's option</span><span class=\"i\">implementation-defined</span><span class=\"n\">n/a</span></p>\n",
    );
    body.push_str(
        "<div class=\"wide grid-wrap\"><table class=\"grid\" id=\"grid\">\n<thead><tr><th class=\"corner\">check</th>",
    );
    for column in &columns {
        let name = esc(&column.entry.name);
        let label = if site.has_page(&column.entry.name) {
            format!("<a href=\"parser/{}\">{name}</a>", parser_file(&column.entry.name))
        } else {
            name.clone()
        };
        let _ = write!(
            body,
            "<th data-impl=\"{name}\" data-lang=\"{}\" data-claims=\"{}\" title=\"{name} ({}, claims {})\"><span>{label}</span></th>",
            esc(&column.language),
            column.entry.claims,
            esc(&column.language),
            column.entry.claims
        );
    }
    body.push_str("</tr></thead>\n<tbody>\n");
    for row in &matrix.rows {
        let check = row.check();
        let marks: Vec<Mark> = columns.iter().map(|c| Mark::of(row, c.index)).collect();
        let differs = Mark::differ(marks.iter().copied());
        let _ = write!(
            body,
            "<tr data-sec=\"{}\" data-d=\"{}\" data-e=\"{}{}\"{}><th><a href=\"case/{}#check-{}\" title=\"{}\">{}</a></th>",
            esc(&section(row.case)),
            u8::from(differs),
            expect_letter(check.rfc),
            expect_letter(check.google),
            if differs { "" } else { " hidden" },
            case_file(&row.case.id),
            row.index + 1,
            esc(&format!("{} {}", check.agents.join(", "), check.url)),
            esc(&row.id())
        );
        for column in &columns {
            let _ = write!(
                body,
                "<td class=\"{}\">{}</td>",
                status_class(row, column.index, column.entry.claims),
                verdict_letter(row, column.index)
            );
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</tbody>\n</table></div>\n");
    frame("Matrix", Depth::Root, &body, SCRIPT)
}
