//! What `rep::diagnose` notices, as findings with their clause. The body is
//! read under both profiles: a line RFC 9309 ignores as an unknown key but
//! Google reads as a misspelt directive is reported once, as the latter.

use rep::{diagnose, Diagnostic, DiagnosticKind, Profile};
use std::collections::BTreeMap;

use crate::lines::shown;
use crate::model::{Finding, Severity};
use crate::rules::rule_named;

/// At most this many findings of one kind are listed one by one; the last
/// one listed names the lines of the rest (a page of HTML served as
/// robots.txt would otherwise give one finding per line).
const PER_RULE: usize = 5;

/// The diagnostics of `body` (split into `lines`) as findings, in line order.
pub fn notes(body: &[u8], lines: &[&[u8]]) -> Vec<Finding> {
    let google = diagnose(body, Profile::GOOGLE);
    let read_by_google: Vec<u32> = google
        .iter()
        .filter(|found| rule_of(&found.kind).0 == "misspelled-key" || accepted_colon(&found.kind))
        .map(|found| found.line)
        .collect();
    let rfc = diagnose(body, Profile::RFC9309);
    // Each (line, kind) once, with the profiles that noticed it.
    let mut by_line: BTreeMap<(u32, &'static str), (&Diagnostic, Vec<&str>)> = BTreeMap::new();
    for (found, profile) in google
        .iter()
        .map(|d| (d, "Google"))
        .chain(rfc.iter().map(|d| (d, "RFC 9309")))
    {
        let superseded = profile == "RFC 9309"
            && read_by_google.contains(&found.line)
            && matches!(
                found.kind,
                DiagnosticKind::UnknownKey { .. } | DiagnosticKind::MissingColon { .. }
            );
        if !superseded {
            by_line
                .entry((found.line, rule_of(&found.kind).0))
                .or_insert((found, Vec::new()))
                .1
                .push(profile);
        }
    }
    let mut findings: Vec<Finding> = Vec::new();
    let mut more: BTreeMap<&'static str, Vec<u32>> = BTreeMap::new();
    for ((line, rule), (found, profiles)) in by_line {
        let listed = findings.iter().filter(|finding| finding.rule == rule).count();
        if listed < PER_RULE {
            findings.push(finding(found, &profiles, lines));
        } else {
            more.entry(rule).or_default().push(line);
        }
    }
    for (rule, rest) in more {
        let last = findings
            .iter_mut()
            .rev()
            .find(|finding| finding.rule == rule)
            .expect("listed first");
        let numbers: Vec<String> = rest.iter().map(u32::to_string).collect();
        last.message.push_str(&format!(
            "; {} more lines like this: {}",
            rest.len(),
            numbers.join(", ")
        ));
    }
    findings
}

fn accepted_colon(kind: &DiagnosticKind) -> bool {
    matches!(kind, DiagnosticKind::MissingColon { accepted: true })
}

fn finding(found: &Diagnostic, profiles: &[&str], lines: &[&[u8]]) -> Finding {
    let (rule, severity) = rule_of(&found.kind);
    let said = found.to_string();
    let what = said.split_once(": ").map_or(said.as_str(), |(_, what)| what);
    let message = match &found.kind {
        DiagnosticKind::AcceptedMisspelling { .. }
        | DiagnosticKind::AcceptedKeyPrefix { .. }
        | DiagnosticKind::MissingColon { accepted: true } => {
            format!("{what} by Google's parser; RFC 9309 and most libraries ignore the line")
        }
        _ if profiles.len() == 1 => format!("{what} ({} only)", profiles[0]),
        _ => what.to_string(),
    };
    Finding {
        rule: rule.to_string(),
        severity,
        lines: vec![shown(lines, found.line.max(1))],
        message,
        clause: rule_named(rule).and_then(|rule| rule.clause).map(str::to_string),
        disagreement: None,
        crawlers: Vec::new(),
    }
}

/// The kind of finding a diagnostic is, and how serious.
fn rule_of(kind: &DiagnosticKind) -> (&'static str, Severity) {
    match kind {
        DiagnosticKind::UnknownKey { .. } => ("unknown-key", Severity::Note),
        DiagnosticKind::AcceptedMisspelling { .. } | DiagnosticKind::AcceptedKeyPrefix { .. } => {
            ("misspelled-key", Severity::Warning)
        }
        DiagnosticKind::MissingColon { .. } => ("missing-colon", Severity::Warning),
        DiagnosticKind::Unparsable => ("unparsable-line", Severity::Warning),
        DiagnosticKind::RuleOutsideGroup => ("rule-outside-group", Severity::Error),
        DiagnosticKind::InvalidProductToken { .. } => ("invalid-product-token", Severity::Warning),
        DiagnosticKind::PatternCannotMatch { .. } => ("pattern-cannot-match", Severity::Error),
        DiagnosticKind::LineTooLong { .. } => ("line-too-long", Severity::Warning),
        DiagnosticKind::InvalidUtf8 => ("not-utf8", Severity::Warning),
        DiagnosticKind::NulByte => ("nul-byte", Severity::Warning),
        DiagnosticKind::ByteOrderMark { .. } => ("byte-order-mark", Severity::Warning),
        DiagnosticKind::PastSizeLimit { .. } => ("past-size-limit", Severity::Error),
        _ => ("unparsable-line", Severity::Warning),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::with_ends;

    #[test]
    fn a_misspelling_google_reads_is_one_warning_and_an_orphan_rule_an_error() {
        let body = b"Disallow: /x\nUser-agent: *\nDisalow: /a\nFoo: bar\n";
        let found = notes(body, &with_ends(body));
        let rules: Vec<(&str, u32)> = found.iter().map(|f| (f.rule.as_str(), f.lines[0].number)).collect();
        assert_eq!(
            rules,
            [("rule-outside-group", 1), ("misspelled-key", 3), ("unknown-key", 4)],
            "{found:#?}"
        );
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(found[0].clause.as_deref(), Some("2.1"));
        assert!(found[1].message.contains("Google"), "{}", found[1].message);
    }

    #[test]
    fn a_page_of_html_gives_a_few_findings_of_each_kind_and_names_the_other_lines() {
        let body = "<p>\n".repeat(12);
        let found = notes(body.as_bytes(), &with_ends(body.as_bytes()));
        assert_eq!(found.len(), PER_RULE, "{found:#?}");
        assert!(
            found[PER_RULE - 1]
                .message
                .ends_with("7 more lines like this: 6, 7, 8, 9, 10, 11, 12"),
            "{}",
            found[PER_RULE - 1].message
        );
    }
}
