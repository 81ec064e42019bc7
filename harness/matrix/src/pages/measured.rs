//! The third-party parsers in the conformance report, measured four ways:
//! a table of their agreement and errors on the real-world sample, the edge
//! forms and the generated stream (text and bytes apart), how often the two
//! references themselves part on each, and where each parser differs, in a
//! few lines with a link to its own page.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::{json, Value};

use crate::measure::cause::headline;
use crate::measure::collect::{Source, Tally};
use crate::measure::differences::Found;
use crate::report::Subject;
use rep_core::case::ProfileId;
use rep_core::format::escape::text;

/// One third-party parser's measurements, as the conformance report shows them.
#[derive(Clone, Debug)]
pub struct MeasuredParser {
    /// Its name (its matrix column).
    pub name: String,
    /// The language it is written in.
    pub language: String,
    /// The profile its own documentation states, if any.
    pub stated: Option<ProfileId>,
    /// Its tallies per source, on UTF-8 bodies.
    pub tallies: Vec<(Source, Tally)>,
    /// Its tallies per source, on bodies that are not UTF-8.
    pub non_utf8: Vec<(Source, Tally)>,
    /// How many distinct differences are listed.
    pub listed: usize,
    /// Of those, misses of its stated profile (failures included).
    pub misses: usize,
    /// Its biggest misses: headline and checks.
    pub top: Vec<(String, u64)>,
    /// Its page, relative to the report.
    pub page: String,
}

impl MeasuredParser {
    /// The summary of `found` for `subject`.
    pub fn of(subject: &Subject, tallies: Vec<(Source, Tally)>, non_utf8: Vec<(Source, Tally)>, found: &Found) -> Self {
        let misses: Vec<_> = found.listed.iter().filter(|d| d.standing.is_miss()).collect();
        MeasuredParser {
            name: subject.name.clone(),
            language: subject.language.clone(),
            stated: subject.stated_profile(),
            tallies,
            non_utf8,
            listed: found.listed.len(),
            misses: misses.len(),
            top: misses.iter().take(3).map(|d| (headline(d), d.total())).collect(),
            page: format!("parsers/{}.md", subject.name),
        }
    }

    fn tally(&self, source: Source, text: bool) -> Tally {
        let list = if text { &self.tallies } else { &self.non_utf8 };
        list.iter()
            .find(|(s, _)| *s == source)
            .map(|(_, tally)| *tally)
            .unwrap_or_default()
    }

    /// Errors over every measurement, suite included.
    fn errors(&self) -> u64 {
        self.tallies
            .iter()
            .chain(&self.non_utf8)
            .map(|(_, tally)| tally.errors)
            .sum()
    }
}

/// A percentage, `–` when nothing was compared, `n/a` when every check was.
pub fn score(tally: &Tally, value: Option<f64>) -> String {
    if tally.all_not_applicable() {
        return "n/a".into();
    }
    value.map_or("–".to_string(), |p| format!("{p:.1}%"))
}

/// The two lines saying what each measurement is and is not.
pub const WHAT_THEY_ARE: &str = "\
- **Real world**: the corpus files as they are, asked what a crawler asks — absolute plain URLs built from each rule's \
own path, the file's own agents whole, well-known crawler tokens and one unnamed token. It is not a sample of \
crawl traffic, and it does not exercise escapes, bare paths or odd bytes.
- **Edge forms**: the same files asked in forms crawlers do not send — letters percent-encoded, lower-case escapes, \
bare paths, patterns as written, bodies that are not UTF-8. It measures corner handling, not everyday agreement.
- **Generated**: a fixed seeded stream of synthetic files and checks on absolute URLs, text and non-UTF-8 bodies \
counted apart. It finds rare causes; its percentages weigh odd inputs far above their share on the web.
";

/// How often the references part on each sample, in one sentence, and
/// which implementation was the Google reference when it was not Google's
/// parser (`google`: its name).
pub fn references_sentence(references: &BTreeMap<Source, (u64, u64)>, google: &str) -> String {
    let stand_in = if google == "google" {
        String::new()
    } else {
        format!(
            "**The Google reference here is `{google}`**: Google's parser is not in this build, and every \
             \"Google\" figure below compares with `{google}` instead.\n\n"
        )
    };
    let parts: Vec<String> = references
        .iter()
        .filter(|(source, _)| **source != Source::Explore)
        .map(|(source, (checks, differ))| {
            let share = if *checks == 0 {
                0.0
            } else {
                100.0 * *differ as f64 / *checks as f64
            };
            format!("{} {differ} of {checks} checks ({share:.2}%)", source.name())
        })
        .collect();
    if parts.is_empty() {
        return stand_in;
    }
    format!(
        "{stand_in}Google's parser and `rep-rfc` themselves answer differently on: {}. On those checks a parser agrees with \
         one reference at most, so neither score can be 100%.\n\n",
        parts.join("; ")
    )
}

/// The Markdown sections: the measurements table and where each parser differs.
pub fn markdown(
    parsers: &[MeasuredParser],
    corpus: &str,
    references: &BTreeMap<Source, (u64, u64)>,
    google: &str,
) -> String {
    if parsers.is_empty() {
        return String::new();
    }
    let mut out = String::from("## Third-party parsers, measured four ways\n\n");
    let _ = writeln!(
        out,
        "Agreement with Google's parser and with RFC 9309 (`rep-rfc`) on {corpus}, with the errors beside it; the \
         suite's scores are in the summary above. **Bold**: the profile the parser's own documentation states; a \
         parser that states none has neither score in bold. A distinct difference is one cause behind many \
         disagreeing checks; misses count those against the stated profile (or, with none stated, the ones that \
         depart from both references), failures included.\n\n{WHAT_THEY_ARE}"
    );
    out.push_str(&references_sentence(references, google));
    out.push_str(
        "| parser | language | states | real world: Google | real world: RFC | real-world errors | edge: Google | \
         edge: RFC | generated text: Google | generated text: RFC | generated non-UTF-8: Google | generated \
         non-UTF-8: RFC | errors, all measurements | distinct differences (misses) |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for parser in parsers {
        let stated = parser
            .stated
            .map_or("no stated profile".to_string(), |p| p.name().to_string());
        let pair = |tally: Tally| {
            let (google, rfc) = (
                score(&tally, tally.google_percent()),
                score(&tally, tally.rfc_percent()),
            );
            let bold = |text: String| if text == "n/a" { text } else { format!("**{text}**") };
            match parser.stated {
                Some(ProfileId::Google) => format!("{} | {rfc}", bold(google)),
                Some(ProfileId::Rfc) => format!("{google} | {}", bold(rfc)),
                None => format!("{google} | {rfc}"),
            }
        };
        let real = parser.tally(Source::RealWorld, true);
        let _ = writeln!(
            out,
            "| [{}]({}) | {} | {stated} | {} | {} of {} | {} | {} | {} | {} | {} ({}) |",
            text(&parser.name),
            parser.page,
            text(&parser.language),
            pair(real),
            real.errors,
            real.checks,
            pair(parser.tally(Source::Edge, true)),
            pair(parser.tally(Source::Fuzz, true)),
            pair(parser.tally(Source::Fuzz, false)),
            parser.errors(),
            parser.listed,
            parser.misses
        );
    }
    out.push_str(
        "\nThe edge columns count UTF-8 bodies; the edge forms' bodies that are not UTF-8 are on each parser's page. \
         n/a: the library takes text only, so those checks were not asked.\n\n## Where each parser differs\n\n\
         Its biggest misses; every difference, with a minimal case and a program that reproduces it by calling the \
         library directly, is on its page.\n\n",
    );
    for parser in parsers {
        let _ = writeln!(out, "- **[{}]({})**", text(&parser.name), parser.page);
        if parser.top.is_empty() {
            out.push_str("  - no miss\n");
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
    let tallies = |list: &[(Source, Tally)]| -> serde_json::Map<String, Value> {
        list.iter()
            .map(|(source, tally)| (source.name().to_string(), json!(tally)))
            .collect()
    };
    parsers
        .iter()
        .map(|parser| {
            (
                parser.name.clone(),
                json!({
                    "language": parser.language,
                    "stated": parser.stated.map(ProfileId::name),
                    "tallies": tallies(&parser.tallies),
                    "tallies_not_utf8": tallies(&parser.non_utf8),
                    "errors": parser.errors(),
                    "distinct_differences": parser.listed,
                    "misses": parser.misses,
                    "page": parser.page,
                }),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}
