//! One self-contained HTML page in the site's style: the site's style sheet
//! inline, no script, no external asset. maud escapes every text it writes;
//! control characters are shown as escapes as on the site's case pages.

use maud::{html, Markup, PreEscaped, DOCTYPE};
use rep_core::format::escape::visible;
use rep_matrix::site::CSS;

use super::verdict;
use crate::model::{Finding, LintReport};

/// Styles of this page only, on top of the site's.
const PAGE_CSS: &str = "
.finding { border: 1px solid var(--line); border-radius: 4px; padding: .4em .9em; margin: .8em 0; background: #fff; }
.finding h3 { margin: .3em 0; font-size: 1.05em; }
.sev-error { color: #a4161a; } .sev-warning { color: #9a6700; } .sev-note { color: var(--accent); }
.finding pre { background: #f3f5f7; padding: .3em .6em; overflow-x: auto; }
.finding code.cmd { font-size: 13px; }
";

/// The report as one HTML page.
pub fn html(report: &LintReport) -> String {
    let title = format!("robots.txt lint: {}", visible(&report.source));
    let summary = &report.summary;
    let asked = report.parsers.iter().filter(|p| p.not_run.is_none()).count();
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(CSS)) (PreEscaped(PAGE_CSS)) }
            }
            body {
                nav { span.brand { "reptest lint" } }
                main {
                    h1 { (title) }
                    p {
                        (summary.errors) " errors, " (summary.warnings) " warnings, " (summary.notes) " notes. "
                        (report.bytes) " bytes, " (report.lines) " lines; " (asked) " parsers each asked "
                        (report.checks) " checks for " (report.agents.len()) " agents; they disagreed on "
                        (report.disagreeing_checks) "."
                    }
                    @if let Some(fetch) = &report.fetch {
                        h2 { "Fetch" }
                        ul {
                            @for hop in &fetch.hops { li { (hop.status) " " code { (visible(&hop.url)) } } }
                            @if let Some(why) = &fetch.failure { li { "no response: " (visible(why)) } }
                        }
                    }
                    h2 { "Findings" }
                    @if report.findings.is_empty() { p { "None: every parser read every check alike." } }
                    @for finding in &report.findings { (finding_html(finding)) }
                    h2 { "Parsers" }
                    table {
                        thead { tr { th { "parser" } th { "version" } th { "errors" } th { "not run because" } } }
                        tbody {
                            @for parser in &report.parsers {
                                tr {
                                    td { (visible(&parser.name)) }
                                    td { (visible(&parser.version)) }
                                    td { (parser.errors) }
                                    td { (visible(parser.not_run.as_deref().unwrap_or(""))) }
                                }
                            }
                        }
                    }
                }
                footer { "Written by " code { "reptest lint" } " " (env!("CARGO_PKG_VERSION")) "." }
            }
        }
    }
    .into_string()
}

fn finding_html(finding: &Finding) -> Markup {
    let severity = finding.severity.name();
    html! {
        section.finding {
            h3 {
                span class={ "sev-" (severity) } { (severity) } " " code { (finding.rule) }
                @if let Some(clause) = &finding.clause { " (RFC 9309 §" (clause) ")" }
            }
            p { (visible(&finding.message)) }
            @if !finding.lines.is_empty() {
                pre { @for line in &finding.lines { (line.number) ": " (visible(&line.text)) "\n" } }
            }
            @if !finding.crawlers.is_empty() {
                ul { @for crawler in &finding.crawlers {
                    li { (crawler.crawler) ": " (crawler.does)
                        @if let Some(case) = &crawler.case { " (case " code { (case) } ")" } }
                } }
            }
            @if let Some(disagreement) = &finding.disagreement {
                dl.stamp {
                    dt { "RFC 9309" } dd { (visible(&disagreement.rfc)) }
                    dt { "Google" } dd { (visible(&disagreement.google)) }
                }
                ul {
                    li { (verdict(disagreement.majority.allowed)) " by " (visible(&disagreement.majority.parsers.join(", "))) }
                    @for reading in &disagreement.readings {
                        li {
                            (verdict(reading.allowed)) " by " (visible(&reading.parsers.join(", ")))
                            @if let Some(because) = &reading.because { ": " (because.title) }
                            "; e.g. agent " code { (visible(&reading.example.agent)) } " on " code { (visible(&reading.example.url)) }
                            br; code.cmd { (visible(&reading.example.recheck)) }
                        }
                    }
                }
                @if let Some(fix) = &disagreement.fix {
                    p { "Fix: " (fix.how) }
                    pre { @for edit in &fix.edits {
                        (edit.line) ": " (visible(&edit.from)) " → " (edit.to.as_deref().map_or_else(|| "(remove)".into(), visible)) "\n"
                    } }
                }
                p { (disagreement.checks) " checks of the run decided differently because of this." }
            }
        }
    }
}
