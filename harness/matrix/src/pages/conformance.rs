//! `conformance.md`: every implementation's scores, the option each takes
//! on the readings, the third-party parsers measured four ways, and the
//! matrix of marks (pruned to where implementations differ, then whole).

use std::fmt::Write;

use super::{prose, references_paragraph, samples_list, stamp, taken_label};
use crate::model::parsers::{Measured, Parser, Source};
use crate::model::suite::{Case, Implementation, Mark};
use crate::model::{Profile, Report};
use rep_core::format::escape::{cell_code_span, fenced, link_path, text};

/// The page.
pub(super) fn markdown(report: &Report) -> String {
    let suite = &report.suite;
    let checks: usize = suite.cases.iter().map(|case| case.checks.len()).sum();
    let mut out = String::from("# Conformance matrix\n\n");
    let _ = writeln!(
        out,
        "{} cases ({checks} checks) from `cases/`, run against {} implementation(s). The figures are those of \
         `report.json`, whose stamp ends the page.\n",
        suite.cases.len(),
        suite.columns.len()
    );
    summary(report, &mut out);
    reading_options(report, &mut out);
    if let Some(measured) = &report.measured {
        measured_section(report, measured, &mut out);
    }
    out.push_str("## Legend\n\nOne symbol per check, in the case's order.\n\n| symbol | meaning |\n|:-:|---|\n");
    for mark in Mark::ALL {
        let _ = writeln!(out, "| {} | {} |", mark.symbol(), mark.meaning());
    }
    let disagreeing: Vec<&Case> = suite.cases.iter().filter(|case| !case.all_alike()).collect();
    let alike = suite.cases.len() - disagreeing.len();
    let _ = writeln!(
        out,
        "\n## Pruned matrix: where implementations differ\n\nThe {alike} cases on which every implementation \
         that can answer gives the same marks are left out here ({alike} of {}; n/a differs from nothing); the \
         full matrix follows.",
        suite.cases.len()
    );
    matrix_tables(report, &disagreeing, &mut out);
    out.push_str("\n## Matrix\n");
    matrix_tables(report, &suite.cases.iter().collect::<Vec<_>>(), &mut out);
    out.push_str("\n## How to reproduce\n\nFrom the repository root:\n\n");
    let commands: String = report.reproduce.iter().map(|command| format!("{command}\n")).collect();
    out.push_str(&fenced("sh", &commands));
    out.push_str(
        "\nA missing third-party parser stops the command with the line that installs it; \
         `--skip-missing` lists it as not run instead.\n",
    );
    stamp(report, &mut out);
    out
}

/// A score, bold when it is under the profile the implementation states.
fn score(implementation: &Implementation, profile: Profile, words: String) -> String {
    if implementation.stated.profile == Some(profile) && words != "n/a" {
        format!("**{words}**")
    } else {
        words
    }
}

/// The summary table: every implementation's scores, the rfc score split
/// into MUST misses and SHOULD / MAY departures.
fn summary(report: &Report, out: &mut String) {
    out.push_str(
        "## Summary\n\n| implementation | kind | version | states | rfc score | MUST misses | SHOULD / MAY \
         departures | google score | errors | n/a |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for implementation in &report.suite.implementations {
        let version = implementation.version.as_deref().map_or("–".to_string(), text);
        let (name, kind, states) = (
            text(&implementation.name),
            text(&implementation.kind),
            implementation.stated.label(),
        );
        let Some(scores) = &implementation.scores else {
            let why = implementation.not_run.as_deref().unwrap_or("not run");
            let _ = writeln!(
                out,
                "| {name} | {kind} | {version} | {states} | not run: {} | | | | | |",
                text(why)
            );
            continue;
        };
        let rfc = &scores.rfc;
        let _ = writeln!(
            out,
            "| {name} | {kind} | {version} | {states} | {} | {} | {} / {} | {} | {} | {} |",
            score(implementation, Profile::Rfc, rfc.score_text()),
            rfc.fail,
            rfc.should,
            rfc.may,
            score(implementation, Profile::Google, scores.google.score_text()),
            rfc.error,
            rfc.not_applicable
        );
    }
    out.push_str(
        "\nA score is the share of checks with a definite expectation under that profile that the implementation \
         meets, over every such check: met, missed, departed from and errors (errors count as misses); \
         implementation-defined and n/a checks are left out. Under rfc only what the RFC decides is scored, graded \
         by the level of its clause: *MUST misses* fail the profile, *SHOULD / MAY departures* are lesser marks \
         (they lower the score but do not fail it), and a check that depends on a reading is reported as the \
         option taken (below), never a miss. *States*: the profile the implementation's own documentation \
         states (each parser's page says where); **bold** is the score under it, and a parser that states none \
         has neither score in bold. How each adapter poses a check to its library (agent, URL, bodies that are \
         not UTF-8) is described at the top of its file under `harness/adapters/`.\n\n",
    );
}

/// The option each implementation that ran takes on each reading with open checks.
fn reading_options(report: &Report, out: &mut String) {
    let Some(readings) = &report.readings else {
        return;
    };
    out.push_str(
        "## Reading options\n\nWhere RFC 9309 can be read more than one way (`cases/readings.yaml`, explained \
         in [readings.md](readings.md)), the option each implementation takes, from its answers on the \
         reading's open checks: an option id (`rep-rfc`'s choice, or the other of two), *as Google*, or \
         *mixed* with how many answers follow `rep-rfc`'s choice. None of these is a miss.\n\n| reading |",
    );
    for name in &report.suite.columns {
        let _ = write!(out, " {} |", text(name));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(report.suite.columns.len()));
    out.push('\n');
    for reading in readings.readings.iter().filter(|reading| reading.open_checks > 0) {
        let _ = write!(out, "| {} ({}) |", cell_code_span(&reading.id), reading.open_checks);
        for answers in &reading.answers {
            let _ = write!(out, " {} |", taken_label(&answers.taken));
        }
        out.push('\n');
    }
    out.push('\n');
}

/// The parsers' table, then where each differs.
fn measured_section(report: &Report, measured: &Measured, out: &mut String) {
    if measured.parsers.is_empty() {
        return;
    }
    let corpus = report
        .stamp
        .corpus
        .as_ref()
        .map_or("the real-world corpus".to_string(), |c| c.described.clone());
    out.push_str("## Third-party parsers, measured four ways\n\n");
    let _ = writeln!(
        out,
        "Agreement with Google's parser and with RFC 9309 (`rep-rfc`) on {}, with the errors beside it; the \
         suite's scores are in the summary above. **Bold**: the profile the parser's own documentation states; a \
         parser that states none has neither score in bold. A distinct difference is one cause behind many \
         disagreeing checks; misses count those against the stated profile (or, with none stated, the ones that \
         depart from both references), failures included.\n\n{}",
        text(&corpus),
        samples_list()
    );
    out.push_str(&references_paragraph(measured));
    out.push_str(
        "| parser | language | states | real world: Google | real world: RFC | real-world errors | edge: Google | \
         edge: RFC | generated text: Google | generated text: RFC | generated non-UTF-8: Google | generated \
         non-UTF-8: RFC | errors, all measurements | distinct differences (misses) |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for parser in &measured.parsers {
        let Some(implementation) = report.suite.implementation(&parser.name) else {
            continue;
        };
        let pair = |source: Source, text_bodies: bool| {
            let agreement = parser.agreement(source, text_bodies);
            format!(
                "{} | {}",
                score(implementation, Profile::Google, agreement.score_text(true)),
                score(implementation, Profile::Rfc, agreement.score_text(false))
            )
        };
        let real = parser.agreement(Source::RealWorld, true);
        let _ = writeln!(
            out,
            "| [{}]({}) | {} | {} | {} | {} | {} of {} | {} | {} | {} | {} | {} ({}) |",
            text(&parser.name),
            link_path(&super::page_path(&parser.name).display().to_string()),
            text(&parser.language),
            implementation.stated.label(),
            score(implementation, Profile::Google, parser.real_world_text(true)),
            score(implementation, Profile::Rfc, parser.real_world_text(false)),
            real.errors,
            real.checks,
            pair(Source::Edge, true),
            pair(Source::Fuzz, true),
            pair(Source::Fuzz, false),
            parser.all_errors(),
            parser.differences.len(),
            parser.misses().count()
        );
    }
    out.push_str(
        "\nThe edge columns count UTF-8 bodies; the edge forms' bodies that are not UTF-8 are on each parser's page. \
         n/a: the library takes text only, so those checks were not asked.\n\n## Where each parser differs\n\n\
         Its biggest misses; every difference, with a minimal case and a program that reproduces it by calling the \
         library directly, is on its page.\n\n",
    );
    for parser in &measured.parsers {
        top_misses(parser, out);
    }
    out.push('\n');
}

fn top_misses(parser: &Parser, out: &mut String) {
    let _ = writeln!(
        out,
        "- **[{}]({})**",
        text(&parser.name),
        link_path(&super::page_path(&parser.name).display().to_string())
    );
    let mut misses = parser.misses().take(3).peekable();
    if misses.peek().is_none() {
        out.push_str("  - no miss\n");
    }
    for difference in misses {
        let _ = writeln!(
            out,
            "  - {} ({} checks)",
            prose(&difference.headline),
            difference.total()
        );
    }
}

/// One table of marks per case directory, for `cases`.
fn matrix_tables(report: &Report, cases: &[&Case], out: &mut String) {
    let columns = &report.suite.columns;
    let mut group = None;
    for case in cases {
        let (directory, rest) = case.directory_and_rest();
        if group != Some(directory) {
            group = Some(directory);
            let _ = writeln!(out, "\n### {}\n", text(directory));
            out.push_str("| case |");
            for name in columns {
                let _ = write!(out, " {} |", text(name));
            }
            out.push_str("\n|---|");
            out.push_str(&":-:|".repeat(columns.len()));
            out.push('\n');
        }
        let title = if report.suite.links_to_cases {
            format!("[{}](../{}#L{})", text(rest), link_path(&case.file), case.line)
        } else {
            text(rest)
        };
        let _ = write!(out, "| {title} |");
        for column in 0..columns.len() {
            let symbols: String = case
                .checks
                .iter()
                .map(|check| check.answers[column].mark.symbol())
                .collect();
            let _ = write!(out, " {symbols} |");
        }
        out.push('\n');
    }
}
