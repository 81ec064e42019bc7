//! `index.html`: who scores what (sortable bars) and where (a heat map of
//! implementations × sections of RFC 9309 and the other case directories).

use maud::{html, Markup};

use super::frame::{frame, parser_file, shown, url_encode, Depth};
use crate::model::parsers::Source;
use crate::model::suite::Implementation;
use crate::model::{Profile, Report};

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

/// The score columns' headings.
pub(super) const HEADINGS: [&str; 4] = [
    "RFC 9309 (suite)",
    "Google profile (suite)",
    "real world: agrees with Google",
    "generated: agrees with Google",
];

/// One bar: the share in percent (none: nothing scored), its words and the counts behind it.
struct Bar {
    percent: Option<f64>,
    words: String,
    detail: String,
    stated: bool,
}

/// The bars of one implementation, in [`HEADINGS`] order.
fn bars(report: &Report, implementation: &Implementation) -> Vec<Bar> {
    let mut bars: Vec<Bar> = Profile::ALL
        .iter()
        .map(|&profile| {
            let tally = implementation
                .scores
                .map(|scores| *scores.of(profile))
                .unwrap_or_default();
            Bar {
                percent: tally.percent(),
                words: tally.percent_text(),
                detail: tally.detail(),
                stated: implementation.stated.profile == Some(profile),
            }
        })
        .collect();
    let parser = report
        .measured
        .iter()
        .flat_map(|measured| &measured.parsers)
        .find(|parser| parser.name == implementation.name);
    for source in [Source::RealWorld, Source::Fuzz] {
        bars.push(match parser {
            Some(parser) if source == Source::RealWorld => Bar {
                percent: parser
                    .real_world
                    .headline_google
                    .or(parser.agreement(source, true).google_percent()),
                words: parser.real_world_text(true),
                detail: parser.real_world_detail(),
                stated: false,
            },
            Some(parser) => {
                let agreement = parser.agreement(source, true);
                Bar {
                    percent: agreement.google_percent(),
                    words: agreement.score_text(true),
                    detail: agreement.google_detail(),
                    stated: false,
                }
            }
            None => Bar {
                percent: None,
                words: "–".into(),
                detail: "not measured".into(),
                stated: false,
            },
        });
    }
    bars
}

/// A table cell with the score as a bar; `data-v` is what the column sorts by.
fn cell(bar: &Bar) -> Markup {
    let Some(percent) = bar.percent else {
        return html! { td.score data-v="-1" title=(bar.detail) { (bar.words) } };
    };
    let tone = if percent >= 99.95 {
        "full"
    } else if percent >= 90.0 {
        "high"
    } else if percent >= 70.0 {
        "mid"
    } else {
        "low"
    };
    html! {
        td.score.claimed[bar.stated] data-v=(format!("{percent:.3}")) title=(bar.detail) {
            span class={ "bar " (tone) } style=(format!("width:{percent:.1}%")) {}
            span.num { (bar.words) }
        }
    }
}

/// The overview page.
pub(super) fn page(report: &Report) -> String {
    let suite = &report.suite;
    let checks: usize = suite.cases.iter().map(|case| case.checks.len()).sum();
    let ran = suite.ran();
    let not_run: Vec<&Implementation> = suite.implementations.iter().filter(|i| i.not_run.is_some()).collect();
    let body = html! {
        h1 { "robots.txt parsers against RFC 9309 and Google" }
        p.lead {
            (checks) " checks in " (suite.cases.len()) " cases, run against " (ran.len()) " implementations. A suite \
            score is the share of checks with a definite expectation that the implementation meets, over every such \
            check: met, missed, departed from and errors. The outlined bar is the profile the implementation states \
            (for a third-party parser, its own documentation); \"none stated\" outlines neither. Click a heading to \
            sort; hover a bar for the counts."
        }
        table.sortable.scores #scores {
            thead { tr {
                th { "implementation" } th { "language" } th { "states" }
                @for heading in HEADINGS { th.num { (heading) } }
            } }
            tbody {
                @for implementation in &ran {
                    tr data-impl=(implementation.name) {
                        td {
                            @if implementation.page {
                                a href={ "parser/" (parser_file(&implementation.name)) } { (shown(&implementation.name)) }
                            } @else {
                                (shown(&implementation.name))
                            }
                            @if let Some(version) = &implementation.version { " " small { (shown(version)) } }
                        }
                        td { (implementation.language) }
                        td.states { (implementation.stated.label()) }
                        @for bar in bars(report, implementation) { (cell(&bar)) }
                    }
                }
            }
        }
        @if !not_run.is_empty() {
            details.notrun {
                summary { "Not run here" }
                ul { @for implementation in &not_run {
                    li { b { (shown(&implementation.name)) } ": " (shown(implementation.not_run.as_deref().unwrap_or(""))) }
                } }
            }
        }
        (heat_map(&ran))
    };
    frame(report, "Overview", Depth::Root, body, SORT_SCRIPT)
}

fn heat_map(ran: &[&Implementation]) -> Markup {
    let sections: Vec<&str> = ran
        .first()
        .map(|implementation| implementation.sections.iter().map(|s| s.section.as_str()).collect())
        .unwrap_or_default();
    html! {
        h2 { "Where they miss: sections × implementations" }
        p { "Each cell is the share of the section's checks the implementation meets under the profile it is \
            judged by (the one it states, else rfc); hover for the counts, click a section to see its checks in \
            the matrix. Empty: nothing scored there." }
        div.wide { table.heat {
            thead { tr {
                th { "implementation" }
                @for section in &sections {
                    th { a href={ "matrix.html?section=" (url_encode(section)) } { (section) } }
                }
            } }
            tbody { @for implementation in ran {
                tr {
                    th { (shown(&implementation.name)) }
                    @for score in &implementation.sections {
                        @if score.scored == 0 {
                            td.none title={ (score.section) ": nothing scored" } {}
                        } @else {
                            @let share = score.met as f64 / score.scored as f64;
                            td style={ "background:" (heat_colour(share)) }
                                title={ (shown(&implementation.name)) " in " (score.section) ": " (score.met) " of " (score.scored) " met" } {
                                (format!("{:.0}", 100.0 * share))
                            }
                        }
                    }
                }
            } }
        } }
    }
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
