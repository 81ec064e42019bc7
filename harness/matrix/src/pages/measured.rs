//! The third-party parsers in the conformance report, measured three ways:
//! a table of their agreement on the suite, the real-world sample and the
//! generated stream, and where each one differs, in a few lines with a link
//! to its own page.

use std::fmt::Write;

use serde_json::{json, Value};

use crate::measure::collect::{Source, Tally};
use crate::measure::differences::{Found, Standing};
use rep_core::case::ProfileId;
use rep_core::format::cell;

/// One third-party parser's measurements, as the conformance report shows them.
#[derive(Clone, Debug)]
pub struct MeasuredParser {
    /// Its name (its matrix column).
    pub name: String,
    /// The language it is written in.
    pub language: String,
    /// The profile it claims.
    pub claims: ProfileId,
    /// Its tallies per source.
    pub tallies: Vec<(Source, Tally)>,
    /// How many distinct differences are listed, and how many of them are
    /// misses of its claimed profile (failures included).
    pub listed: usize,
    /// Of those, misses of its claimed profile.
    pub misses: usize,
    /// Its biggest misses: headline and checks.
    pub top: Vec<(String, u64)>,
    /// Its page, relative to the report.
    pub page: String,
}

impl MeasuredParser {
    /// The summary of `found` for parser `name`.
    pub fn of(name: &str, language: &str, claims: ProfileId, tallies: Vec<(Source, Tally)>, found: &Found) -> Self {
        let misses: Vec<_> = found
            .listed
            .iter()
            .filter(|d| {
                matches!(
                    d.standing,
                    Standing::Miss | Standing::Failure | Standing::FollowsOtherProfile
                )
            })
            .collect();
        MeasuredParser {
            name: name.to_string(),
            language: language.to_string(),
            claims,
            tallies,
            listed: found.listed.len(),
            misses: misses.len(),
            top: misses
                .iter()
                .take(3)
                .map(|d| (d.signature.headline(), d.total()))
                .collect(),
            page: format!("parsers/{name}.md"),
        }
    }

    fn tally(&self, source: Source) -> Tally {
        self.tallies
            .iter()
            .find(|(s, _)| *s == source)
            .map(|(_, tally)| *tally)
            .unwrap_or_default()
    }
}

fn percent(value: Option<f64>) -> String {
    value.map_or("–".to_string(), |p| format!("{p:.1}%"))
}

/// The Markdown sections: the measurements table and where each parser differs.
pub fn markdown(parsers: &[MeasuredParser], corpus: &str) -> String {
    if parsers.is_empty() {
        return String::new();
    }
    let mut out = String::from("## Third-party parsers, measured three ways\n\n");
    let _ = writeln!(
        out,
        "Agreement with Google's parser and with RFC 9309 (`rep-rfc`) on the real-world sample ({corpus}) \
         and on the reference generated stream; the suite's scores are in the summary above. A distinct \
         difference is one cause behind many disagreeing checks; misses count those against the profile the \
         parser claims.\n"
    );
    out.push_str(
        "| parser | language | claims | real world: Google | real world: RFC | generated: Google | generated: RFC | \
         real-world checks | distinct differences (misses) |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for parser in parsers {
        let (real, fuzz) = (parser.tally(Source::RealWorld), parser.tally(Source::Fuzz));
        let _ = writeln!(
            out,
            "| [{}]({}) | {} | {} | {} | {} | {} | {} | {} | {} ({}) |",
            cell(&parser.name),
            parser.page,
            cell(&parser.language),
            parser.claims,
            percent(real.google_percent()),
            percent(real.rfc_percent()),
            percent(fuzz.google_percent()),
            percent(fuzz.rfc_percent()),
            real.checks,
            parser.listed,
            parser.misses
        );
    }
    out.push_str("\n## Where each parser differs\n\nIts biggest misses of the profile it claims; every difference, with a minimal case ready for an upstream issue, is on its page.\n\n");
    for parser in parsers {
        let _ = writeln!(out, "- **[{}]({})**", cell(&parser.name), parser.page);
        if parser.top.is_empty() {
            out.push_str("  - no miss of its claimed profile\n");
        }
        for (headline, total) in &parser.top {
            let _ = writeln!(out, "  - {headline} ({total} checks)");
        }
    }
    out.push('\n');
    out
}

/// The same figures for the JSON report, by parser name.
pub fn json(parsers: &[MeasuredParser]) -> Value {
    parsers
        .iter()
        .map(|parser| {
            let tallies: serde_json::Map<String, Value> = parser
                .tallies
                .iter()
                .map(|(source, tally)| (source.name().to_string(), json!(tally)))
                .collect();
            (
                parser.name.clone(),
                json!({
                    "language": parser.language,
                    "claims": parser.claims.name(),
                    "tallies": tallies,
                    "distinct_differences": parser.listed,
                    "misses": parser.misses,
                    "page": parser.page,
                }),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}
