//! `matrix.html`: every check × every implementation, each cell the verdict
//! coloured by how it stands against a profile. Pruned at first to the checks
//! on which implementations differ; filters narrow it further.

use maud::html;

use super::frame::{case_file, frame, parser_file, shown, Depth};
use crate::model::suite::Expect;
use crate::model::Report;

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
        var p = profile === 'judged' ? heads[i].getAttribute('data-judged') : profile;
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

/// The matrix page.
pub(super) fn page(report: &Report) -> String {
    let suite = &report.suite;
    let ran = suite.ran();
    let mut sections: Vec<&str> = Vec::new();
    for implementation in ran.iter().take(1) {
        sections.extend(implementation.sections.iter().map(|s| s.section.as_str()));
    }
    let mut languages: Vec<&str> = ran.iter().map(|i| i.language.as_str()).collect();
    languages.sort_unstable();
    languages.dedup();
    let body = html! {
        h1 { "The matrix: every check × every implementation" }
        p.lead {
            "Each cell is the verdict (" b { "A" } " allowed, " b { "D" } " disallowed, " b { "E" } " error, "
            b { "·" } " n/a), coloured by how it stands against the chosen profile's expectation. At first only the \
            checks on which the marks of the implementations that can answer differ are shown (n/a differs from \
            nothing)."
        }
        form.filters #filters {
            label { input type="checkbox" #all; " all checks" }
            label { "section " select #section {
                option value="" { "all" }
                @for section in &sections { option value=(section) { (section) } }
            } }
            label { "profile " select #profile {
                option value="judged" { "each one's stated (else rfc)" }
                option value="rfc" { "rfc" }
                option value="google" { "google" }
            } }
            label { "language " select #language {
                option value="" { "all" }
                @for language in &languages { option value=(language) { (language) } }
            } }
            label { "where " select #differs {
                option value="" { "any parser" }
                @for implementation in &ran { option value=(implementation.name) { (shown(&implementation.name)) } }
            } " answers unlike most others" }
            output #shown {}
        }
        p.legend {
            @for status in crate::model::suite::Status::ALL { span class=(status.class()) { (status.words()) } }
        }
        div.wide.grid-wrap { table.grid #grid {
            thead { tr {
                th.corner { "check" }
                @for implementation in &ran {
                    th data-impl=(implementation.name) data-lang=(implementation.language)
                        data-judged=(implementation.judged_by.name())
                        title={ (shown(&implementation.name)) " (" (implementation.language) ", states "
                            (implementation.stated.label()) ")" } {
                        span {
                            @if implementation.page {
                                a href={ "parser/" (parser_file(&implementation.name)) } { (shown(&implementation.name)) }
                            } @else { (shown(&implementation.name)) }
                        }
                    }
                }
            } }
            tbody {
                @for case in &suite.cases { @for check in &case.checks {
                    tr data-sec=(case.section) data-d=(u8::from(check.differs))
                        data-e={ (expect_letter(check.rfc)) (expect_letter(check.google)) } hidden[!check.differs] {
                        th { a href={ "case/" (case_file(&case.id)) "#check-" (check.number) }
                            title={ (shown(&check.agents.join(", "))) " " (shown(&check.url)) } { (shown(&check.id)) } }
                        @for (implementation, answer) in ran.iter().zip(&check.answers) {
                            td class=(answer.status(implementation.judged_by).class()) { (answer.verdict.letter()) }
                        }
                    }
                } }
            }
        } }
    };
    frame(report, "Matrix", Depth::Root, body, SCRIPT)
}
