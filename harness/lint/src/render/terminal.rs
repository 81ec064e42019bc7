//! The terminal view: a summary line, then the findings grouped by line,
//! then the parsers that could not run. Text from outside shows its control
//! characters as escapes (`visible`), so it cannot move the cursor or fake a
//! line; colour is added only when asked for (stdout is a terminal).

use anstyle::{AnsiColor, Style};
use rep_core::format::escape::visible;
use std::fmt::Write as _;

use super::verdict;
use crate::model::{Finding, LintReport, Severity};

/// The report for a terminal or a pipe.
pub fn terminal(report: &LintReport, colour: bool) -> String {
    let paint = |style: Style, text: &str| {
        if colour {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    };
    let bold = Style::new().bold();
    let dim = Style::new().dimmed();
    let mut out = String::new();
    let asked = report.parsers.iter().filter(|p| p.not_run.is_none()).count();
    let _ = writeln!(
        out,
        "{}: {} bytes, {} lines; {} parsers asked {} checks each ({} agent{}), {} disagreeing",
        paint(bold, &visible(&report.source)),
        report.bytes,
        report.lines,
        asked,
        report.checks,
        report.agents.len(),
        if report.agents.len() == 1 { "" } else { "s" },
        report.disagreeing_checks
    );
    if let Some(fetch) = &report.fetch {
        for hop in &fetch.hops {
            let _ = writeln!(
                out,
                "  {} {}{}",
                hop.status,
                visible(&hop.url),
                hop.location
                    .as_ref()
                    .map(|to| format!(" → {}", visible(to)))
                    .unwrap_or_default()
            );
        }
        if let Some(why) = &fetch.failure {
            let _ = writeln!(out, "  no response: {}", visible(why));
        }
    }
    for finding in &report.findings {
        out.push('\n');
        write_finding(&mut out, finding, &paint, bold, dim);
    }
    let errors: Vec<_> = report.parsers.iter().filter(|p| p.errors > 0).collect();
    for parser in errors {
        let _ = writeln!(
            out,
            "\n{} answered {} check{} with an error, first: {}",
            visible(&parser.name),
            parser.errors,
            if parser.errors == 1 { "" } else { "s" },
            visible(parser.first_error.as_deref().unwrap_or(""))
        );
    }
    let not_run: Vec<_> = report.parsers.iter().filter(|p| p.not_run.is_some()).collect();
    if !not_run.is_empty() {
        let _ = writeln!(out, "\nnot run:");
        for parser in not_run {
            let _ = writeln!(
                out,
                "  {}: {}",
                visible(&parser.name),
                visible(parser.not_run.as_deref().unwrap_or(""))
            );
        }
    }
    let summary = &report.summary;
    let _ = writeln!(
        out,
        "\n{} error{}, {} warning{}, {} note{}",
        summary.errors,
        if summary.errors == 1 { "" } else { "s" },
        summary.warnings,
        if summary.warnings == 1 { "" } else { "s" },
        summary.notes,
        if summary.notes == 1 { "" } else { "s" }
    );
    out
}

fn write_finding(out: &mut String, finding: &Finding, paint: &dyn Fn(Style, &str) -> String, bold: Style, dim: Style) {
    let colour = match finding.severity {
        Severity::Error => AnsiColor::Red,
        Severity::Warning => AnsiColor::Yellow,
        Severity::Note => AnsiColor::Cyan,
    };
    let label = paint(
        Style::new().fg_color(Some(colour.into())).bold(),
        finding.severity.name(),
    );
    let clause = finding
        .clause
        .as_ref()
        .map(|clause| format!(" (RFC 9309 §{clause})"))
        .unwrap_or_default();
    let _ = writeln!(out, "{label}[{}]{clause}: {}", finding.rule, visible(&finding.message));
    for line in &finding.lines {
        let _ = writeln!(out, "  {:>5} | {}", line.number, paint(bold, &visible(&line.text)));
    }
    for crawler in &finding.crawlers {
        let case = crawler
            .case
            .as_ref()
            .map(|case| paint(dim, &format!(" (case {case})")))
            .unwrap_or_default();
        let _ = writeln!(out, "  {}: {}{case}", crawler.crawler, crawler.does);
    }
    let Some(disagreement) = &finding.disagreement else {
        return;
    };
    let _ = writeln!(out, "  RFC 9309: {}", visible(&disagreement.rfc));
    let _ = writeln!(out, "  Google:   {}", visible(&disagreement.google));
    let _ = writeln!(
        out,
        "  {} ({}): {}",
        verdict(disagreement.majority.allowed),
        disagreement.majority.parsers.len(),
        visible(&disagreement.majority.parsers.join(", "))
    );
    for reading in &disagreement.readings {
        let because = reading
            .because
            .as_ref()
            .map(|because| format!(" — {}", because.title))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {} ({}): {}{}",
            verdict(reading.allowed),
            reading.parsers.len(),
            visible(&reading.parsers.join(", ")),
            visible(&because)
        );
        let _ = writeln!(
            out,
            "    e.g. agent {} on {}",
            visible(&reading.example.agent),
            visible(&reading.example.url)
        );
        let _ = writeln!(out, "    {}", paint(dim, &visible(&reading.example.recheck)));
    }
    if let Some(fix) = &disagreement.fix {
        let _ = writeln!(out, "  fix ({}):", fix.how);
        for edit in &fix.edits {
            let _ = writeln!(
                out,
                "    line {}: {} → {}",
                edit.line,
                visible(&edit.from),
                edit.to.as_deref().map_or_else(|| "(remove)".into(), visible)
            );
        }
    }
    let _ = writeln!(
        out,
        "  {} check{} of the run decided differently because of this",
        disagreement.checks,
        if disagreement.checks == 1 { "" } else { "s" }
    );
}
