//! The report as Markdown, for a pull request comment: a summary, then one
//! section per finding. Text from outside goes through `rep_core`'s
//! Markdown escaping (inert text, code spans whose fences outgrow any
//! backticks inside), so no line of a robots.txt file can become HTML or a link.

use rep_core::format::escape::{code_span, text};
use std::fmt::Write as _;

use super::verdict;
use crate::model::LintReport;

/// The report as Markdown.
pub fn markdown(report: &LintReport) -> String {
    let mut out = String::new();
    let summary = &report.summary;
    let _ = writeln!(out, "## robots.txt lint: {}\n", code_span(&report.source));
    let asked = report.parsers.iter().filter(|p| p.not_run.is_none()).count();
    let _ = writeln!(
        out,
        "{} error(s), {} warning(s), {} note(s). {} bytes, {} lines; {} parsers each asked {} checks for {} agents; they disagreed on {}.\n",
        summary.errors,
        summary.warnings,
        summary.notes,
        report.bytes,
        report.lines,
        asked,
        report.checks,
        report.agents.len(),
        report.disagreeing_checks
    );
    if let Some(fetch) = &report.fetch {
        for hop in &fetch.hops {
            let _ = writeln!(out, "- {} {}", hop.status, code_span(&hop.url));
        }
        if let Some(why) = &fetch.failure {
            let _ = writeln!(out, "- no response: {}", text(why));
        }
        out.push('\n');
    }
    for finding in &report.findings {
        let clause = finding
            .clause
            .as_ref()
            .map(|clause| format!(" (RFC 9309 §{clause})"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "### {} `{}`{clause}\n\n{}\n",
            finding.severity.name(),
            finding.rule,
            text(&finding.message)
        );
        for line in &finding.lines {
            let _ = writeln!(out, "- line {}: {}", line.number, code_span(&line.text));
        }
        for crawler in &finding.crawlers {
            let case = crawler
                .case
                .as_ref()
                .map(|case| format!(" (case {})", code_span(case)))
                .unwrap_or_default();
            let _ = writeln!(out, "- {}: {}{case}", text(&crawler.crawler), text(&crawler.does));
        }
        if let Some(disagreement) = &finding.disagreement {
            let _ = writeln!(out, "- RFC 9309: {}", text(&disagreement.rfc));
            let _ = writeln!(out, "- Google: {}", text(&disagreement.google));
            let _ = writeln!(
                out,
                "- {} by {}",
                verdict(disagreement.majority.allowed),
                text(&disagreement.majority.parsers.join(", "))
            );
            for reading in &disagreement.readings {
                let because = reading
                    .because
                    .as_ref()
                    .map(|because| format!(": {}", text(&because.title)))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "- {} by {}{because}; e.g. agent {} on {}: {}",
                    verdict(reading.allowed),
                    text(&reading.parsers.join(", ")),
                    code_span(&reading.example.agent),
                    code_span(&reading.example.url),
                    code_span(&reading.example.recheck)
                );
            }
            if let Some(fix) = &disagreement.fix {
                let _ = writeln!(out, "- fix: {}", text(&fix.how));
                for edit in &fix.edits {
                    let to = edit.to.as_deref().map_or_else(|| "(remove)".to_string(), code_span);
                    let _ = writeln!(out, "  - line {}: {} → {to}", edit.line, code_span(&edit.from));
                }
            }
        }
        out.push('\n');
    }
    let not_run: Vec<String> = report
        .parsers
        .iter()
        .filter(|p| p.not_run.is_some())
        .map(|p| text(&p.name))
        .collect();
    if !not_run.is_empty() {
        let _ = writeln!(out, "Not run here: {}.", not_run.join(", "));
    }
    out
}
