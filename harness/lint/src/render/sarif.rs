//! SARIF 2.1.0, for code scanning: one rule per kind of finding (id, help
//! text, clause), one result per finding located at its first line in the
//! linted file. The log is written as JSON and read back into
//! `serde_sarif`'s types (generated from the OASIS schema) before it is
//! serialised, so a field the format does not have cannot slip in.

use serde_json::{json, Value};
use serde_sarif::sarif::{Sarif, SCHEMA_URL};

use super::verdict;
use crate::model::{Finding, LintReport, Severity};
use crate::rules::RULES;

/// The report as a SARIF 2.1.0 log; `artifact` is the file's path as the
/// repository names it (the URI results point at).
pub fn sarif(report: &LintReport, artifact: &str) -> String {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|rule| {
            let clause = rule
                .clause
                .map(|clause| format!(" (RFC 9309 §{clause})"))
                .unwrap_or_default();
            json!({
                "id": rule.id,
                "name": rule.id,
                "shortDescription": { "text": rule.name },
                "fullDescription": { "text": format!("{}{clause}", rule.help) },
                "help": { "text": format!("{}{clause}", rule.help) },
                "properties": { "tags": ["robots.txt"], "clause": rule.clause },
            })
        })
        .collect();
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|finding| result(finding, artifact))
        .collect();
    let log = json!({
        "$schema": SCHEMA_URL,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "reptest lint",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "artifacts": [{ "location": { "uri": artifact } }],
            "results": results,
        }],
    });
    let typed: Sarif = serde_json::from_value(log).expect("the log has SARIF's shape");
    format!(
        "{}\n",
        serde_json::to_string_pretty(&typed).expect("a SARIF log serialises")
    )
}

fn result(finding: &Finding, artifact: &str) -> Value {
    let level = match finding.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let mut location = json!({ "physicalLocation": { "artifactLocation": { "uri": artifact } } });
    if let Some(first) = finding.lines.first() {
        location["physicalLocation"]["region"] = json!({ "startLine": first.number });
    }
    let rule_index = RULES.iter().position(|rule| rule.id == finding.rule);
    json!({
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": level,
        "message": { "text": message(finding) },
        "locations": [location],
    })
}

/// The finding in a few sentences: what, who reads it how, the fix.
fn message(finding: &Finding) -> String {
    let mut text = finding.message.clone();
    if let Some(disagreement) = &finding.disagreement {
        text.push_str(&format!(
            ". RFC 9309: {}. Google: {}.",
            disagreement.rfc, disagreement.google
        ));
        for reading in &disagreement.readings {
            let because = reading
                .because
                .as_ref()
                .map(|because| format!(" ({})", because.title))
                .unwrap_or_default();
            text.push_str(&format!(
                " {}: {}{because}; re-check: {}.",
                verdict(reading.allowed),
                reading.parsers.join(", "),
                reading.example.recheck
            ));
        }
        if let Some(fix) = &disagreement.fix {
            let edits: Vec<String> = fix
                .edits
                .iter()
                .map(|edit| format!("line {}: {}", edit.line, edit.to.as_deref().unwrap_or("(remove)")))
                .collect();
            text.push_str(&format!(" Fix ({}): {}.", fix.how, edits.join("; ")));
        }
    }
    for crawler in &finding.crawlers {
        text.push_str(&format!(" {}: {}.", crawler.crawler, crawler.does));
    }
    text
}
