//! `readings.html`: the points RFC 9309 leaves open, their options, and
//! which implementations answer as `rep-rfc`'s choice — one table to scan.

use maud::{html, Markup};

use super::frame::{case_file, frame, prose, shown, Depth};
use crate::model::readings::{Reading, ReadingAnswers};
use crate::model::Report;

/// How an implementation stands on one reading: every comparable answer as
/// `rep-rfc` chooses, every one otherwise, some of each, or nothing to compare.
fn stance(answers: &ReadingAnswers) -> &'static str {
    if answers.comparable == 0 {
        "n"
    } else if answers.as_choice == answers.comparable {
        "m"
    } else if answers.as_choice == 0 {
        "x"
    } else {
        "i"
    }
}

fn row(reading: &Reading) -> Markup {
    let mut cases: Vec<&str> = reading
        .checks
        .iter()
        .map(|check| check.rsplit_once('#').map_or(check.as_str(), |(case, _)| case))
        .collect();
    cases.dedup();
    html! {
        tr id=(reading.id) {
            td.question {
                b { (reading.id) } " ("
                @for (index, clause) in reading.clauses.iter().enumerate() {
                    @if index > 0 { ", " }
                    a href=(clause.link) { "§" (clause.section) }
                }
                ")" br; (prose(&reading.question))
                details {
                    summary { "why, and " (reading.checks.len()) " checks" }
                    p { (prose(&reading.supports)) }
                    p { (prose(&reading.why)) }
                    p { @for (index, case) in cases.iter().enumerate() {
                        @if index > 0 { ", " }
                        a href={ "case/" (case_file(case)) } { (shown(case)) }
                    } }
                }
            }
            td { ul.options { @for option in &reading.options {
                li {
                    code { (option.id) }
                    @if option.id == reading.choice { " " span.badge { "rep-rfc's choice" } }
                    ": " (prose(&option.says))
                }
            } } }
            @for answers in &reading.answers {
                @if reading.checks.is_empty() {
                    td.n title="no check of this run" { "–" }
                } @else {
                    td class=(stance(answers))
                        title={ (shown(&answers.implementation)) ": " (answers.as_choice) " of " (answers.comparable)
                            " checks as rep-rfc's choice" } { (answers.letters) }
                }
            }
        }
    }
}

/// The readings page.
pub(super) fn page(report: &Report) -> String {
    let Some(readings) = &report.readings else {
        let body = html! {
            h1 { "Readings: the points RFC 9309 leaves open" }
            p { "This report does not cover the suite's readings." }
        };
        return frame(report, "Readings", Depth::Root, body, "");
    };
    let body = html! {
        h1 { "Readings: the points RFC 9309 leaves open" }
        p.lead {
            "Each row is a question the RFC's text does not settle; the checks resting on it are \
            implementation-defined under the rfc profile. A cell says whether the implementation answers those \
            checks as " code { "rep-rfc" } "'s choice (green: all, red: none, amber: some; hover for the counts)."
        }
        div.wide { table.readings #readings {
            thead { tr {
                th { "reading" } th { "options" }
                @for name in &report.suite.columns { th.rot { span { (shown(name)) } } }
            } }
            tbody { @for reading in &readings.readings { (row(reading)) } }
        } }
    };
    frame(report, "Readings", Depth::Root, body, "")
}
