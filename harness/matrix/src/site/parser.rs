//! `parser/<name>.html`: one measured parser, from the same model as
//! `parsers/<name>.md` — its measurements, each distinct difference with
//! its minimal case and program — and the suite's checks it misses, linked
//! to their case pages.

use maud::{html, Markup};

use super::frame::{case_file, frame, prose, shown, url_encode, Depth};
use crate::model::parsers::{Agreement, Difference, Excerpt, Parser, Program, Standing};
use crate::model::readings::Taken;
use crate::model::suite::Status;
use crate::model::{Report, SAMPLES};

fn agreement_row(what: &str, agreement: &Agreement) -> Markup {
    html! {
        tr {
            td { (shown(what)) }
            td.num { (agreement.checks) }
            td.num { (agreement.score_text(true)) }
            td.num { (agreement.score_text(false)) }
            td.num { (agreement.errors) }
            td.num { (agreement.not_applicable) }
        }
    }
}

fn measurements(report: &Report, parser: &Parser) -> Markup {
    html! {
        table.measurements {
            thead { tr { th { "measurement" } th { "checks" } th { "agrees with Google" } th { "agrees with RFC 9309" }
                th { "errors" } th { "n/a" } } }
            tbody { @for measurement in &parser.measurements {
                @let what = report.measured.as_ref().map_or_else(
                    || measurement.source.described().to_string(),
                    |measured| measured.measurement_label(measurement, report));
                (agreement_row(&what, &measurement.text))
                @if let Some(bytes) = &measurement.not_utf8 { (agreement_row(&format!("{what} — bodies not UTF-8"), bytes)) }
            } }
        }
        @if !parser.real_world.kinds.is_empty() {
            h3 { "Real world, by kind of probe" }
            @if let Some(headline) = &parser.real_world.headline { p { (prose(headline)) } }
            table.kinds {
                thead { tr { th { "kind" } th { "asks" } th { "checks" } th { "agrees with Google" }
                    th { "agrees with RFC 9309" } th { "errors" } } }
                tbody { @for kind in &parser.real_world.kinds {
                    tr {
                        td { code { (kind.kind) } } td { (shown(&kind.asks)) } td.num { (kind.agreement.checks) }
                        td.num { (kind.agreement.score_text(true)) } td.num { (kind.agreement.score_text(false)) }
                        td.num { (kind.agreement.errors) }
                    }
                } }
            }
        }
        @if !parser.errors.over.is_empty() {
            p.errors {
                b { "Errors above 1%" } ": "
                @for (index, share) in parser.errors.over.iter().enumerate() {
                    @if index > 0 { "; " }
                    (share.source.name()) " " (share.errors) " of " (share.checks) " checks ("
                    (format!("{:.1}", 100.0 * share.errors as f64 / share.checks.max(1) as f64)) "%)"
                }
                ". Its most frequent error messages:"
            }
            ul { @for message in &parser.errors.messages {
                li { code { (shown(&message.message)) } " (" (message.checks) " checks)" }
            } }
        }
    }
}

fn excerpt(excerpt: &Excerpt, intro: &str) -> Markup {
    html! {
        p {
            (intro) " " code { (shown(&excerpt.file)) } " (asked agent "
            @for (index, agent) in excerpt.agents.iter().enumerate() { @if index > 0 { ", " } code { (shown(agent)) } }
            " and URL " code { (shown(&excerpt.url)) }
            @if let Some(checks) = excerpt.checks { ", standing for " (checks) " checks" }
            "); the lines the case keeps, as the file has them:"
        }
        pre { @for line in &excerpt.lines { (format!("{:>5}  ", line.number)) (shown(&line.text)) "\n" } }
    }
}

fn difference(report: &Report, parser: &Parser, difference: &Difference) -> Markup {
    let first_seen = difference
        .first_seen_check
        .as_ref()
        .and_then(|id| report.suite.check(id))
        .map(|(case, check)| format!("../case/{}#check-{}", case_file(&case.id), check.number));
    html! {
        section.difference id={ "difference-" (difference.number) } {
            h4 { (difference.number) ". " (shown(&parser.name)) " " (prose(&difference.headline)) }
            p {
                (difference.extent()) "; RFC 9309 " a href=(difference.clause.link) { "§" (difference.clause.section) }
                ". First seen: "
                @if let Some(href) = &first_seen { a href=(href) { (shown(&difference.first_seen)) } }
                @else { (shown(&difference.first_seen)) }
                "."
            }
            @if let Some(cause) = &difference.cause {
                p.cause { "What the library does: " (prose(&cause.title)) "." }
                @if !cause.evidence.is_empty() { ul { @for evidence in &cause.evidence { li { (prose(evidence)) } } } }
            }
            @if let Some(switch) = &difference.rep_switch { p { "Cause, on the minimal case: " (prose(switch)) "." } }
            @if let Some(original) = &difference.original { (excerpt(original, "From the real-world file")) }
            pre.minimal { @if difference.minimal.shown.is_empty() { "(empty file)\n" }
                @for line in &difference.minimal.shown { (shown(line)) "\n" } }
            ul {
                li { "agent: " @for (index, agent) in difference.minimal.agents.iter().enumerate() {
                    @if index > 0 { ", " } code { (shown(agent)) } } }
                li { "URL: " code { (shown(&difference.minimal.url)) } }
                li.expected { "expected: " (prose(&difference.references.rfc.sentence("RFC 9309"))) ", "
                    (prose(&difference.references.google.sentence("Google's parser"))) }
                li { "actual (" (shown(&parser.version)) "): " (shown(&difference.parser_says)) }
            }
            @if let Some(note) = &difference.size_note { p { (note) } }
            @if let Some(biggest) = &difference.biggest { (excerpt(biggest, "Its biggest real-world example is")) }
            @match &difference.program {
                Some(Program::Runs { fence, code, prints }) => {
                    p { "Run it (the library called directly, no adapter); it prints "
                        @match prints { Some(word) => code { (word) }, None => "no verdict (it raises, or prints neither allowed nor disallowed)" }
                        ":" }
                    pre { code class={ "language-" (fence) } { (shown(code)) } }
                }
                Some(Program::None { why }) => p { "No program: " (shown(why)) "." },
                None => {}
            }
        }
    }
}

/// The suite's checks `parser` misses under the profile it is judged by, errors included.
fn suite_misses(report: &Report, parser: &Parser) -> Markup {
    let suite = &report.suite;
    let Some(column) = suite.columns.iter().position(|name| *name == parser.name) else {
        return html! {};
    };
    let Some(implementation) = suite.implementation(&parser.name) else {
        return html! {};
    };
    let profile = implementation.judged_by;
    let missed: Vec<_> = suite
        .checks()
        .filter(|(_, check)| matches!(check.answers[column].status(profile), Status::Missed | Status::Error))
        .collect();
    html! {
        h2 #suite-misses { "Suite checks it misses" }
        p {
            (missed.len()) " checks of the suite where it misses the " b { (profile.name()) } " profile it is judged by \
            (errors included); see also " a href={ "../matrix.html?differs=" (url_encode(&parser.name)) } {
                "the matrix where it answers unlike most others" } "."
        }
        ul.misses { @for (case, check) in &missed {
            li {
                a href={ "../case/" (case_file(&case.id)) "#check-" (check.number) } { (shown(&check.id)) }
                " — answers " (check.answers[column].verdict.letter()) " where " (profile.name()) " expects "
                (check.expect(profile).name())
            }
        } }
    }
}

/// The page of `parser`.
pub(super) fn page(report: &Report, parser: &Parser) -> String {
    let explained: u64 = parser.differences.iter().map(Difference::total).sum();
    let measured = report.measured.as_ref();
    let options: Vec<(&str, &Taken, usize)> = report
        .readings
        .iter()
        .flat_map(|readings| &readings.readings)
        .filter_map(|reading| {
            let answers = reading.answers.iter().find(|a| a.implementation == parser.name)?;
            (answers.taken != Taken::NotAnswered).then_some((reading.id.as_str(), &answers.taken, reading.open_checks))
        })
        .collect();
    let body = html! {
        h1 { (shown(&parser.name)) }
        p { (shown(&parser.version)) " (" (parser.language) "): " (prose(&parser.about)) ". Called as "
            code { (shown(&parser.adapter)) } "; the head of its adapter says how agents, URLs and bodies that are not \
            UTF-8 are passed to the library." }
        @if let Some(implementation) = report.suite.implementation(&parser.name) {
            p.stated { (prose(&implementation.stated.sentence())) }
        }
        h2 { "Measurements" }
        ul { @for (name, what) in SAMPLES { li { b { (name) } ": " (what) } } }
        @if let Some(measured) = measured { p { (prose(&measured.references_sentence())) } }
        (measurements(report, parser))
        h2 { "Distinct differences" }
        p { (parser.differences.len()) " distinct differences explain " (explained) " disagreeing checks"
            @if parser.rare > 0 { "; " (parser.rare) " generated checks in differences met in fewer than "
                (measured.map_or(0, |m| m.fuzz_min_inputs)) " inputs are not listed" }
            "." }
        @for standing in Standing::ALL {
            @let group: Vec<&Difference> = parser.differences.iter().filter(|d| d.standing == standing).collect();
            @if !group.is_empty() {
                h3 { (standing.heading()) }
                @for d in group { (difference(report, parser, d)) }
            }
        }
        @if !parser.explored.is_empty() {
            h3 { "Seen only in the explored stream" }
            p { "Not part of the list above, which fixed inputs decide: the stream of seed "
                (measured.and_then(|m| m.explore_seed).unwrap_or_default()) " met these often enough to name." }
            @for d in &parser.explored { (difference(report, parser, d)) }
        }
        @if !parser.files.is_empty() {
            h2 { "Real-world files it disagrees on most" }
            table { thead { tr { th { "file" } th { "disagreeing checks" } } }
                tbody { @for file in &parser.files { tr { td { (shown(&file.file)) } td.num { (file.checks) } } } } }
        }
        @if !options.is_empty() {
            h2 { "Readings" }
            p { "Where RFC 9309 can be read more than one way, the option this parser takes (from its answers on the \
                reading's open checks; never a miss). The readings are explained on " a href="../readings.html" { "their page" } "." }
            table { thead { tr { th { "reading" } th { "option" } th { "open checks" } } }
                tbody { @for (id, taken, open) in &options { tr {
                    td { a href={ "../readings.html#" (id) } { code { (id) } } }
                    td { (taken_words(taken)) }
                    td.num { (open) }
                } } } }
        }
        (suite_misses(report, parser))
    };
    frame(report, &parser.name, Depth::Sub, body, "")
}

/// An option taken, in a few words.
fn taken_words(taken: &Taken) -> Markup {
    match taken {
        Taken::Choice(id) => html! { code { (id) } " (as rep-rfc)" },
        Taken::Other(id) => html! { code { (id) } },
        Taken::AsGoogle => html! { "as Google" },
        Taken::Mixed { as_choice: 0, of } => html! { "another option (0/" (of) " as rep-rfc)" },
        Taken::Mixed { as_choice, of } => html! { "mixed (" (as_choice) "/" (of) " as rep-rfc)" },
        Taken::NotAnswered => html! { "–" },
    }
}
