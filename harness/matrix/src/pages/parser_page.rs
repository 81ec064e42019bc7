//! `parsers/<name>.md`: one third-party parser measured three ways, and its
//! distinct differences ranked by impact, each written so it can be pasted
//! into an upstream issue.

use std::fmt::Write;

use super::conformance::{references_paragraph, samples_list, taken_label};
use super::{difference_entry, prose, stamp};
use crate::model::parsers::{Agreement, Parser, Standing};
use crate::model::readings::Taken;
use crate::model::Report;
use rep_core::format::escape::{cell_code_span, code_span, text};

fn tally_row(out: &mut String, what: &str, agreement: &Agreement) {
    let _ = writeln!(
        out,
        "| {what} | {} | {} | {} | {} | {} |",
        agreement.checks,
        agreement.score_text(true),
        agreement.score_text(false),
        agreement.errors,
        agreement.not_applicable
    );
}

/// The page of `parser`.
pub(super) fn markdown(report: &Report, parser: &Parser) -> String {
    let mut out = format!("# {}\n\n", text(&parser.name));
    let stated = report
        .suite
        .implementation(&parser.name)
        .map(|implementation| prose(&implementation.stated.sentence()))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{} ({}): {}. Called as {}; the head of its adapter says how agents, URLs and bodies that are not \
         UTF-8 are passed to the library.\n\n{stated}\n",
        text(&parser.version),
        text(&parser.language),
        prose(&parser.about),
        code_span(&parser.adapter),
    );
    out.push_str("## Measurements\n\n");
    out.push_str(&samples_list());
    out.push('\n');
    if let Some(measured) = &report.measured {
        out.push_str(&references_paragraph(measured));
    }
    measurements(report, parser, &mut out);
    real_world_kinds(parser, &mut out);
    errors(parser, &mut out);
    let explained: u64 = parser.differences.iter().map(|d| d.total()).sum();
    let min_inputs = report.measured.as_ref().map_or(0, |measured| measured.fuzz_min_inputs);
    let _ = writeln!(
        out,
        "## Distinct differences\n\n{} distinct differences explain {explained} disagreeing checks{}.\n",
        parser.differences.len(),
        if parser.rare > 0 {
            format!(
                "; {} generated checks in differences met in fewer than {min_inputs} inputs are not listed",
                parser.rare
            )
        } else {
            String::new()
        }
    );
    for standing in Standing::ALL {
        let mut group = parser.differences.iter().filter(|d| d.standing == standing).peekable();
        if group.peek().is_none() {
            continue;
        }
        let _ = writeln!(out, "### {}\n", standing.heading());
        for difference in group {
            difference_entry::write(&mut out, parser, difference);
        }
    }
    if !parser.explored.is_empty() {
        let seed = report
            .measured
            .as_ref()
            .and_then(|m| m.explore_seed)
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "### Seen only in the explored stream\n\nNot part of the list above, which fixed inputs decide: the \
             stream of seed {seed} met these often enough to name.\n"
        );
        for difference in &parser.explored {
            difference_entry::write(&mut out, parser, difference);
        }
    }
    files(parser, &mut out);
    reading_options(report, parser, &mut out);
    stamp(report, &mut out);
    out
}

/// The measurements table: one row per measurement, its non-UTF-8 bodies in a row of their own.
fn measurements(report: &Report, parser: &Parser, out: &mut String) {
    out.push_str("| measurement | checks | agrees with Google | agrees with RFC 9309 | errors | n/a |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|\n");
    for measurement in &parser.measurements {
        let what = report.measured.as_ref().map_or_else(
            || measurement.source.described().to_string(),
            |m| m.measurement_label(measurement, report),
        );
        tally_row(out, &text(&what), &measurement.text);
        if let Some(bytes) = &measurement.not_utf8 {
            tally_row(out, &format!("{} — bodies not UTF-8", text(&what)), bytes);
        }
    }
    out.push_str(
        "\nErrors count as disagreeing; n/a checks (several agents at once, a body that is not UTF-8 for a \
         text-only library: n/a in the agreement columns) are left out. Real-world, edge and generated checks \
         are compared with Google's parser and with `rep-rfc`.\n\n",
    );
}

/// Real-world agreement per kind of probe, when measured apart.
fn real_world_kinds(parser: &Parser, out: &mut String) {
    let real_world = &parser.real_world;
    if real_world.kinds.is_empty() {
        return;
    }
    out.push_str("### Real world, by kind of probe\n\n");
    if let Some(headline) = &real_world.headline {
        let _ = writeln!(out, "{}\n", prose(headline));
    }
    out.push_str("| kind | asks | checks | agrees with Google | agrees with RFC 9309 | errors |\n|---|---|---:|---:|---:|---:|\n");
    for kind in &real_world.kinds {
        let agreement = &kind.agreement;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            cell_code_span(&kind.kind),
            text(&kind.asks),
            agreement.checks,
            agreement.score_text(true),
            agreement.score_text(false),
            agreement.errors
        );
    }
    out.push('\n');
}

/// The flag for a measurement whose errors exceed 1% of its checks, with the most frequent messages.
fn errors(parser: &Parser, out: &mut String) {
    if parser.errors.over.is_empty() {
        return;
    }
    let over: Vec<String> = parser
        .errors
        .over
        .iter()
        .map(|share| {
            format!(
                "{} {} of {} checks ({:.1}%)",
                share.source.name(),
                share.errors,
                share.checks,
                100.0 * share.errors as f64 / share.checks.max(1) as f64
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "**Errors above 1%**: {}. Its most frequent error messages:\n",
        over.join("; ")
    );
    for message in &parser.errors.messages {
        let _ = writeln!(out, "- {} ({} checks)", code_span(&message.message), message.checks);
    }
    out.push_str("\nEach message is one distinct difference below, with a program that shows whether the library itself raises it.\n\n");
}

fn files(parser: &Parser, out: &mut String) {
    if parser.files.is_empty() {
        return;
    }
    out.push_str("## Real-world files it disagrees on most\n\n| file | disagreeing checks |\n|---|---:|\n");
    for file in &parser.files {
        let _ = writeln!(out, "| {} | {} |", text(&file.file), file.checks);
    }
    out.push('\n');
}

/// Its option on every reading whose open checks it answered.
fn reading_options(report: &Report, parser: &Parser, out: &mut String) {
    let Some(readings) = &report.readings else {
        return;
    };
    let rows: Vec<String> = readings
        .readings
        .iter()
        .filter_map(|reading| {
            let answers = reading.answers.iter().find(|a| a.implementation == parser.name)?;
            if answers.taken == Taken::NotAnswered {
                return None;
            }
            let chosen = if matches!(answers.taken, Taken::Choice(_)) {
                " (as rep-rfc)"
            } else {
                ""
            };
            Some(format!(
                "| {} | {}{chosen} | {} |\n",
                cell_code_span(&reading.id),
                taken_label(&answers.taken),
                reading.open_checks
            ))
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    out.push_str(
        "## Readings\n\nWhere RFC 9309 can be read more than one way, the option this parser takes (from its \
         answers on the reading's open checks; never a miss). The readings are explained in \
         [readings.md](../readings.md).\n\n| reading | option | open checks |\n|---|---|---:|\n",
    );
    out.extend(rows);
    out.push('\n');
}
