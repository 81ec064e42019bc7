//! The conformance matrix that `reptest report` commits under `reports/`:
//! every implementation × every case, as Markdown for GitHub and JSON for
//! machines. Both are deterministic (no timings, no dates), so a diff of the
//! committed files shows only changed behaviour.

use crate::case::{Case, ProfileId};
use crate::implementation::ImplError;
use crate::report::cell;
use crate::report::json::tally_json;
use crate::runner::{Matrix, Row, Status, Tally};
use serde_json::{json, Map, Value};
use std::fmt::Write;

/// One implementation as the conformance report lists it, whether it ran or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name: the matrix column of that name holds its answers.
    pub name: String,
    /// What it is, in a few words (`built-in`, `Python adapter`, …).
    pub kind: String,
    /// The library and version it runs, when known.
    pub version: Option<String>,
    /// The profile it claims.
    pub claims: ProfileId,
    /// Why it did not run (a missing dependency and how to install it); `None` when it ran.
    pub not_run: Option<String>,
}

/// Everything the conformance report shows.
pub struct Conformance<'m, 'a> {
    /// The answers of the implementations that ran.
    pub matrix: &'m Matrix<'a>,
    /// Every implementation, ran or not, in report order.
    pub entries: Vec<Entry>,
    /// Prefix that turns `<case file id>.yaml#L<line>` into a link from the
    /// report's directory (`../cases/`), or `None` for no links.
    pub case_link_prefix: Option<String>,
    /// The shell commands that regenerate the report, in order.
    pub reproduce: Vec<String>,
}

/// How one answer compares with both profiles' expectations, as one symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Meets every definite expectation (rfc and google, where not implementation-defined).
    Both,
    /// Meets rfc's expectation, misses google's.
    RfcOnly,
    /// Meets google's expectation, misses rfc's.
    GoogleOnly,
    /// Misses every definite expectation.
    Neither,
    /// Both expectations are implementation-defined: answered, not scored.
    Open,
    /// The implementation crashed, hung or answered garbage.
    Error,
    /// The implementation cannot answer this kind of check.
    NotApplicable,
}

impl Mark {
    /// Every mark, in legend order.
    pub const ALL: [Mark; 7] = [
        Mark::Both,
        Mark::RfcOnly,
        Mark::GoogleOnly,
        Mark::Neither,
        Mark::Open,
        Mark::Error,
        Mark::NotApplicable,
    ];

    /// The mark of implementation `index`'s answer in `row`.
    pub fn of(row: &Row<'_>, index: usize) -> Mark {
        let met = |profile| match row.status(index, profile) {
            Status::Pass => Some(true),
            Status::Fail => Some(false),
            _ => None,
        };
        match &row.answers[index] {
            Err(ImplError::Failed(_)) => return Mark::Error,
            Err(ImplError::Unsupported(_)) => return Mark::NotApplicable,
            Ok(_) => {}
        }
        match (met(ProfileId::Rfc), met(ProfileId::Google)) {
            (None, None) => Mark::Open,
            (Some(true), Some(false)) => Mark::RfcOnly,
            (Some(false), Some(true)) => Mark::GoogleOnly,
            (rfc, google) if rfc != Some(false) && google != Some(false) => Mark::Both,
            _ => Mark::Neither,
        }
    }

    /// The one-character symbol shown in the matrix.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Both => "✓",
            Mark::RfcOnly => "R",
            Mark::GoogleOnly => "G",
            Mark::Neither => "✗",
            Mark::Open => "?",
            Mark::Error => "E",
            Mark::NotApplicable => "·",
        }
    }

    /// A stable lowercase name, for the JSON report.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Both => "both",
            Mark::RfcOnly => "rfc-only",
            Mark::GoogleOnly => "google-only",
            Mark::Neither => "neither",
            Mark::Open => "implementation-defined",
            Mark::Error => "error",
            Mark::NotApplicable => "n/a",
        }
    }

    fn meaning(self) -> &'static str {
        match self {
            Mark::Both => {
                "agrees with the rfc and the google expectation (or with the one that is not implementation-defined)"
            }
            Mark::RfcOnly => "agrees with rfc only (where the two profiles expect different verdicts)",
            Mark::GoogleOnly => "agrees with google only",
            Mark::Neither => "agrees with neither profile",
            Mark::Open => "both expectations are implementation-defined (RFC MAY): answered, not scored",
            Mark::Error => "error: the implementation crashed, hung or answered garbage",
            Mark::NotApplicable => {
                "n/a: the implementation cannot answer this kind of check (fetch cases, several agents at once)"
            }
        }
    }
}

impl Conformance<'_, '_> {
    /// The matrix column of an entry that ran.
    fn column(&self, entry: &Entry) -> Option<usize> {
        if entry.not_run.is_some() {
            return None;
        }
        self.matrix.impls.iter().position(|info| info.name == entry.name)
    }

    /// The entries that ran, with their matrix columns, in report order.
    fn columns(&self) -> Vec<(&Entry, usize)> {
        self.entries
            .iter()
            .filter_map(|entry| Some((entry, self.column(entry)?)))
            .collect()
    }

    /// The rows of the matrix grouped by case, in file order.
    fn cases(&self) -> Vec<(&Case, Vec<&Row<'_>>)> {
        let mut cases: Vec<(&Case, Vec<&Row<'_>>)> = Vec::new();
        for row in &self.matrix.rows {
            match cases.last_mut() {
                Some((case, rows)) if case.id == row.case.id => rows.push(row),
                _ => cases.push((row.case, vec![row])),
            }
        }
        cases
    }

    /// The report as GitHub-flavoured Markdown.
    pub fn markdown(&self) -> String {
        let cases = self.cases();
        let mut out = String::from("# Conformance matrix\n\n");
        let _ = writeln!(
            out,
            "{} cases ({} checks) from `cases/`, run against {} implementation(s). \
             Generated by `reptest report`; do not edit by hand.\n",
            cases.len(),
            self.matrix.rows.len(),
            self.columns().len()
        );
        out.push_str("## Summary\n\n");
        out.push_str("| implementation | kind | version | claims | rfc score | google score | errors | n/a |\n");
        out.push_str("|---|---|---|---|---:|---:|---:|---:|\n");
        for entry in &self.entries {
            let version = entry.version.as_deref().map_or("–".to_string(), cell);
            let Some(column) = self.column(entry) else {
                let why = entry.not_run.as_deref().unwrap_or("not run");
                let _ = writeln!(
                    out,
                    "| {} | {} | {version} | {} | not run: {} | | | |",
                    cell(&entry.name),
                    cell(&entry.kind),
                    entry.claims,
                    cell(why)
                );
                continue;
            };
            let score = |profile: ProfileId| {
                let text = score_text(&self.matrix.tally(column, profile));
                if profile == entry.claims {
                    format!("**{text}**")
                } else {
                    text
                }
            };
            let tally = self.matrix.tally(column, ProfileId::Rfc);
            let _ = writeln!(
                out,
                "| {} | {} | {version} | {} | {} | {} | {} | {} |",
                cell(&entry.name),
                cell(&entry.kind),
                entry.claims,
                score(ProfileId::Rfc),
                score(ProfileId::Google),
                tally.error,
                tally.not_applicable
            );
        }
        out.push_str(
            "\nA score is the share of checks with a definite expectation under that profile that the \
             implementation meets; errors count as misses, implementation-defined and n/a checks are left \
             out. **Bold**: the profile the implementation claims to follow. How each adapter poses a check to its \
             library (agent, URL, bodies that are not UTF-8) is described at the top of its file under \
             `harness/adapters/`.\n\n",
        );
        out.push_str("## Legend\n\nOne symbol per check, in the case's order.\n\n| symbol | meaning |\n|:-:|---|\n");
        for mark in Mark::ALL {
            let _ = writeln!(out, "| {} | {} |", mark.symbol(), mark.meaning());
        }
        out.push_str("\n## Matrix\n");
        let columns = self.columns();
        let mut group = None;
        for (case, rows) in &cases {
            let (directory, rest) = case.id.split_once('/').unwrap_or(("cases", case.id.as_str()));
            if group != Some(directory) {
                group = Some(directory);
                let _ = writeln!(out, "\n### {directory}\n");
                out.push_str("| case |");
                for (entry, _) in &columns {
                    let _ = write!(out, " {} |", cell(&entry.name));
                }
                out.push_str("\n|---|");
                out.push_str(&":-:|".repeat(columns.len()));
                out.push('\n');
            }
            let title = match &self.case_link_prefix {
                Some(prefix) => format!("[{}]({prefix}{}.yaml#L{})", cell(rest), file_id(case), case.line),
                None => cell(rest),
            };
            let _ = write!(out, "| {title} |");
            for (_, column) in &columns {
                let symbols: String = rows.iter().map(|row| Mark::of(row, *column).symbol()).collect();
                let _ = write!(out, " {symbols} |");
            }
            out.push('\n');
        }
        out.push_str("\n## How to reproduce\n\nFrom the repository root:\n\n```sh\n");
        for command in &self.reproduce {
            let _ = writeln!(out, "{command}");
        }
        out.push_str(
            "```\n\nA missing third-party parser stops the command with the line that installs it; \
             `--skip-missing` lists it as not run instead.\n",
        );
        out
    }

    /// The report as pretty-printed JSON with sorted keys.
    pub fn json(&self) -> String {
        let implementations: Vec<Value> = self
            .entries
            .iter()
            .map(|entry| {
                let mut item = json!({
                    "name": entry.name,
                    "kind": entry.kind,
                    "version": entry.version,
                    "claims": entry.claims.name(),
                });
                match self.column(entry) {
                    Some(column) => {
                        let scores: Map<String, Value> = ProfileId::ALL
                            .into_iter()
                            .map(|profile| {
                                (
                                    profile.name().to_string(),
                                    tally_json(&self.matrix.tally(column, profile)),
                                )
                            })
                            .collect();
                        item["ran"] = true.into();
                        item["scores"] = Value::Object(scores);
                    }
                    None => {
                        item["ran"] = false.into();
                        item["not_run"] = entry.not_run.clone().unwrap_or_default().into();
                    }
                }
                item
            })
            .collect();
        let columns = self.columns();
        let cases: Vec<Value> = self
            .cases()
            .iter()
            .map(|(case, rows)| {
                let checks: Vec<Value> = rows
                    .iter()
                    .map(|row| {
                        let check = row.check();
                        let results: Map<String, Value> = columns
                            .iter()
                            .map(|(entry, column)| (entry.name.clone(), result_json(row, *column)))
                            .collect();
                        json!({
                            "agents": check.agents,
                            "url": check.url,
                            "expect": { "rfc": check.rfc.name(), "google": check.google.name() },
                            "results": results,
                        })
                    })
                    .collect();
                json!({
                    "id": case.id,
                    "file": format!("cases/{}.yaml", file_id(case)),
                    "line": case.line,
                    "fetch": case.response.is_some(),
                    "checks": checks,
                })
            })
            .collect();
        let report = json!({
            "generated_by": "reptest report",
            "cases_total": cases.len(),
            "checks_total": self.matrix.rows.len(),
            "legend": Mark::ALL.iter().map(|mark| (mark.name().to_string(), Value::from(mark.symbol()))).collect::<Map<_, _>>(),
            "implementations": implementations,
            "cases": cases,
        });
        serde_json::to_string_pretty(&sort_keys(&report)).expect("a JSON value always serialises") + "\n"
    }
}

/// The id of a case's file: its id without the trailing `/<name>`.
fn file_id(case: &Case) -> &str {
    case.id.strip_suffix(&format!("/{}", case.name)).unwrap_or(&case.id)
}

fn score_text(tally: &Tally) -> String {
    match tally.score() {
        Some(score) => format!("{}/{} ({score:.1}%)", tally.pass, tally.pass + tally.fail + tally.error),
        None => "–".to_string(),
    }
}

fn result_json(row: &Row<'_>, column: usize) -> Value {
    let mut result = Map::new();
    result.insert("mark".into(), Mark::of(row, column).name().into());
    match &row.answers[column] {
        Ok(outcome) => {
            result.insert("allowed".into(), outcome.allowed.into());
            result.insert("line".into(), outcome.line.number().into());
        }
        Err(ImplError::Failed(why)) => {
            result.insert("error".into(), why.clone().into());
        }
        Err(ImplError::Unsupported(why)) => {
            result.insert("not_applicable".into(), why.clone().into());
        }
    }
    Value::Object(result)
}

/// `value` with every object's keys in sorted order, whatever map type
/// serde_json was built with, so the file is stable from run to run.
fn sort_keys(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|key| (key.clone(), sort_keys(&map[key])))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sort_keys).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::{Check, Expect};
    use crate::implementation::{DecidingLine, Outcome};

    fn case(rfc: Expect, google: Expect) -> Case {
        Case {
            id: "x/y".into(),
            name: "y".into(),
            why: "w".into(),
            body: Vec::new(),
            response: None,
            checks: vec![Check {
                agents: vec!["A".into()],
                url: "/".into(),
                rfc,
                google,
                basis: Default::default(),
            }],
            file: "x.yaml".into(),
            line: 1,
        }
    }

    fn mark(rfc: Expect, google: Expect, allowed: bool) -> Mark {
        let case = case(rfc, google);
        let answer = Ok(Outcome::new(allowed, DecidingLine::NotReported));
        Mark::of(
            &Row {
                case: &case,
                index: 0,
                answers: vec![answer],
            },
            0,
        )
    }

    #[test]
    fn marks_combine_both_profiles() {
        use Expect::*;
        assert_eq!(mark(Allowed, Allowed, true), Mark::Both);
        assert_eq!(mark(Allowed, Disallowed, true), Mark::RfcOnly);
        assert_eq!(mark(Allowed, Disallowed, false), Mark::GoogleOnly);
        assert_eq!(mark(Allowed, Allowed, false), Mark::Neither);
        assert_eq!(mark(ImplementationDefined, Disallowed, false), Mark::Both);
        assert_eq!(mark(ImplementationDefined, Disallowed, true), Mark::Neither);
        assert_eq!(mark(ImplementationDefined, ImplementationDefined, true), Mark::Open);
    }

    #[test]
    fn file_ids_drop_the_case_name() {
        assert_eq!(file_id(&case(Expect::Allowed, Expect::Allowed)), "x");
    }
}
