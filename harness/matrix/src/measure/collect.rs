//! What measuring one parser collects, in a form that merges: tallies per
//! source, every disagreement counted under its signature with one example
//! (the first in a fixed order, so shards merged pick the same one as an
//! unsharded run), and the real-world files it disagrees on most.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::signature::{Relation, Signature};
use rep_core::diff::Probe;
use rep_core::implementation::{Answer, ImplError};
use rep_generate::ProbeKind;

/// Where a check came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The suite's cases.
    Suite,
    /// The real-world corpus sample: what crawlers ask (absolute plain URLs,
    /// whole product tokens) of the files as they are.
    RealWorld,
    /// The same files asked in the forms crawlers do not send (escaped
    /// letters, lower-case escapes, bare paths, patterns as written, bodies
    /// that are not UTF-8).
    Edge,
    /// The reference generated stream (a fixed seed).
    Fuzz,
    /// A generated stream of another seed, exploring beyond the reference one.
    Explore,
}

impl Source {
    /// Every source, in report order.
    pub const ALL: [Source; 5] = [
        Source::Suite,
        Source::RealWorld,
        Source::Edge,
        Source::Fuzz,
        Source::Explore,
    ];

    /// `suite`, `real-world`, `edge`, `fuzz` or `explore`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Suite => "suite",
            Source::RealWorld => "real-world",
            Source::Edge => "edge",
            Source::Fuzz => "fuzz",
            Source::Explore => "explore",
        }
    }
}

/// What the references say a check's verdict is (`Some(true)`: allowed);
/// `None` where a reference has no definite answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct References {
    /// Google's parser (or the suite's google expectation).
    pub google: Option<bool>,
    /// RFC 9309 (the suite's rfc expectation, or `rep-rfc`).
    pub rfc: Option<bool>,
}

/// Counts of one parser's answers from one source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Checks asked.
    pub checks: u64,
    /// Checks it cannot answer (n/a): left out of the agreement.
    pub not_applicable: u64,
    /// Checks it failed on (counted as disagreeing with both).
    pub errors: u64,
    /// Checks with a definite Google answer that it answered or failed.
    pub compared_google: u64,
    /// Of those, the ones where it gave Google's answer.
    pub agree_google: u64,
    /// Checks with a definite RFC answer that it answered or failed.
    pub compared_rfc: u64,
    /// Of those, the ones where it gave the RFC's answer.
    pub agree_rfc: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.checks += other.checks;
        self.not_applicable += other.not_applicable;
        self.errors += other.errors;
        self.compared_google += other.compared_google;
        self.agree_google += other.agree_google;
        self.compared_rfc += other.compared_rfc;
        self.agree_rfc += other.agree_rfc;
    }

    /// Counts `parser`'s answer to one check against `references`; `None`
    /// for an n/a answer, which is counted as such and compared with nothing.
    fn count(&mut self, parser: &Answer, references: References) -> Option<Counted> {
        self.checks += 1;
        let allowed = match parser {
            Err(ImplError::Unsupported(_)) => {
                self.not_applicable += 1;
                return None;
            }
            Err(ImplError::Failed(_)) => {
                self.errors += 1;
                None
            }
            Ok(outcome) => Some(outcome.allowed),
        };
        let agrees = |reference: Option<bool>, compared: &mut u64, agreed: &mut u64| {
            reference.map(|reference| {
                *compared += 1;
                let same = allowed == Some(reference);
                *agreed += u64::from(same);
                same
            })
        };
        let google = agrees(references.google, &mut self.compared_google, &mut self.agree_google);
        let rfc = agrees(references.rfc, &mut self.compared_rfc, &mut self.agree_rfc);
        Some(Counted { allowed, google, rfc })
    }

    /// Errors in percent of the checks, when any were asked.
    pub fn error_percent(&self) -> Option<f64> {
        percent(self.errors, self.checks)
    }

    /// Whether every check was n/a (a text-only library on bytes).
    pub fn all_not_applicable(&self) -> bool {
        self.checks > 0 && self.not_applicable == self.checks
    }

    /// Agreement with Google in percent, when anything was compared.
    pub fn google_percent(&self) -> Option<f64> {
        percent(self.agree_google, self.compared_google)
    }

    /// Agreement with the RFC in percent, when anything was compared.
    pub fn rfc_percent(&self) -> Option<f64> {
        percent(self.agree_rfc, self.compared_rfc)
    }
}

/// One answer as counted: its verdict (`None`: an error) and whether it
/// agreed with each reference (`None`: that reference has no answer).
struct Counted {
    allowed: Option<bool>,
    google: Option<bool>,
    rfc: Option<bool>,
}

fn percent(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| 100.0 * part as f64 / whole as f64)
}

/// One input that showed a difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Example {
    /// Its place in a fixed order (the first example of a group wins).
    pub order: String,
    /// Where it came from, for people (a case id, a file name, a seed).
    pub origin: String,
    /// The check.
    pub probe: Probe,
}

impl Example {
    /// The input it belongs to: its order without the check's own number
    /// (`<input>#<n>` → `<input>`).
    pub fn input(&self) -> &str {
        self.order
            .rsplit_once('#')
            .map_or(self.order.as_str(), |(input, _)| input)
    }
}

/// All disagreements with one signature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// The signature.
    pub signature: Signature,
    /// How many checks of each source it explains.
    pub counts: BTreeMap<Source, u64>,
    /// How many distinct inputs (case, file, generated body) of each source
    /// show it: the measure of how often a cause is met, as one odd input
    /// asked many checks would inflate the check count.
    pub inputs: BTreeMap<Source, u64>,
    /// The first example.
    pub example: Example,
    /// The input of the last check recorded into this group while measuring
    /// (checks of one input arrive together), so each input counts once.
    #[serde(skip)]
    last_input: Option<String>,
}

impl Group {
    /// Checks it explains, all sources together.
    pub fn total(&self) -> u64 {
        self.counts.values().sum()
    }
}

/// Everything measured about one parser. Merging the collections of the
/// shards of a run gives the collection of the whole run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Collected {
    /// Tallies per source, of the checks on UTF-8 bodies.
    pub tallies: BTreeMap<Source, Tally>,
    /// Tallies per source, of the checks on bodies that are not UTF-8: a
    /// separate denominator, as text-only libraries answer them n/a.
    #[serde(default)]
    pub non_utf8: BTreeMap<Source, Tally>,
    /// Disagreements by signature (a list, as JSON keys are strings).
    pub groups: Vec<Group>,
    /// Disagreeing real-world checks per corpus file (files without any left out).
    pub files: BTreeMap<String, u64>,
    /// Tallies of the real-world checks per kind of check (by
    /// [`ProbeKind::name`]): the same checks as the real-world tally, split.
    #[serde(default)]
    pub kinds: BTreeMap<String, Tally>,
}

impl Collected {
    /// Records `parser`'s answer to `probe` from `source` against `references`.
    pub fn record(&mut self, source: Source, mut example: Example, parser: &Answer, references: References) {
        // The example a group shows is its first: the suite's, then a real
        // file's, then an edge form's, then a generated one — what a person
        // wrote before what a generator made.
        example.order = format!("{}:{}", source as u8, example.order);
        let tallies = if std::str::from_utf8(&example.probe.body).is_ok() {
            &mut self.tallies
        } else {
            &mut self.non_utf8
        };
        let Some(Counted { allowed, google, rfc }) = tallies.entry(source).or_default().count(parser, references)
        else {
            return;
        };
        let relation = match (allowed, google, rfc) {
            (None, _, _) => Relation::Fails,
            (Some(_), Some(false), Some(false)) => Relation::DepartsFromBoth,
            (Some(_), Some(false), _) => Relation::DepartsFromGoogle,
            (Some(_), _, Some(false)) => Relation::DepartsFromRfc,
            _ => return,
        };
        if relation == Relation::Fails && google.is_none() && rfc.is_none() {
            return;
        }
        let signature = match (parser, allowed) {
            (Err(error), _) => Signature::failure(&example.probe, &error.to_string()),
            (_, Some(allowed)) => Signature::of(&example.probe, relation, allowed),
            _ => return,
        };
        if matches!(source, Source::RealWorld | Source::Edge) {
            let file = example.origin.split('#').next().unwrap_or(&example.origin).to_string();
            *self.files.entry(file).or_default() += 1;
        }
        let input = example.input().to_string();
        self.add_group(Group {
            signature,
            counts: BTreeMap::from([(source, 1)]),
            inputs: BTreeMap::from([(source, 1)]),
            example,
            last_input: Some(input),
        });
    }

    /// Counts `parser`'s answer to a real-world check of `kind` in that
    /// kind's tally (besides [`Collected::record`], which counts it in the
    /// real-world tally and keeps it if it disagrees).
    pub fn record_kind(&mut self, kind: ProbeKind, parser: &Answer, references: References) {
        self.kinds
            .entry(kind.name().to_string())
            .or_default()
            .count(parser, references);
    }

    fn add_group(&mut self, group: Group) {
        match self.groups.iter_mut().find(|known| known.signature == group.signature) {
            Some(known) => {
                for (source, count) in group.counts {
                    *known.counts.entry(source).or_default() += count;
                }
                let same_input = group.last_input.is_some() && group.last_input == known.last_input;
                if !same_input {
                    for (source, count) in group.inputs {
                        *known.inputs.entry(source).or_default() += count;
                    }
                }
                known.last_input = group.last_input;
                if group.example.order < known.example.order {
                    known.example = group.example;
                }
            }
            None => self.groups.push(group),
        }
    }

    /// Adds `other` (another shard of the same run) to this collection.
    pub fn merge(&mut self, other: Collected) {
        for (source, tally) in other.tallies {
            self.tallies.entry(source).or_default().add(&tally);
        }
        for (source, tally) in other.non_utf8 {
            self.non_utf8.entry(source).or_default().add(&tally);
        }
        for group in other.groups {
            self.add_group(group);
        }
        for (file, count) in other.files {
            *self.files.entry(file).or_default() += count;
        }
        for (kind, tally) in other.kinds {
            self.kinds.entry(kind).or_default().add(&tally);
        }
        self.sort();
    }

    /// Puts the groups in a fixed order: most checks first, then by signature.
    pub fn sort(&mut self) {
        self.groups
            .sort_by(|a, b| b.total().cmp(&a.total()).then_with(|| a.signature.cmp(&b.signature)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rep_core::implementation::{DecidingLine, Outcome};

    fn example(order: &str, url: &str) -> Example {
        Example {
            order: order.into(),
            origin: format!("file-{order}#1"),
            probe: Probe {
                body: b"User-agent: *\nDisallow: /a*b\n".to_vec(),
                agents: vec!["FooBot".into()],
                url: url.into(),
            },
        }
    }

    fn allows() -> Answer {
        Ok(Outcome::new(true, DecidingLine::NotReported))
    }

    #[test]
    fn shards_merge_into_the_whole() {
        let both = References {
            google: Some(false),
            rfc: Some(false),
        };
        let mut whole = Collected::default();
        let mut first = Collected::default();
        let mut second = Collected::default();
        for (order, url) in [("1", "/aXb"), ("2", "/aYYb"), ("3", "/ab")] {
            whole.record(Source::RealWorld, example(order, url), &allows(), both);
            let shard = if order == "2" { &mut first } else { &mut second };
            shard.record(Source::RealWorld, example(order, url), &allows(), both);
        }
        whole.sort();
        first.merge(second);
        assert_eq!(first, whole);
        assert_eq!(whole.groups.len(), 1, "one cause, one group");
        assert_eq!(whole.groups[0].total(), 3);
        assert_eq!(whole.groups[0].example.order, "1:1", "the source ranks the order");
        let tally = whole.tallies[&Source::RealWorld];
        assert_eq!((tally.compared_google, tally.agree_google), (3, 0));
    }

    #[test]
    fn n_a_is_left_out_and_errors_count_against() {
        let mut collected = Collected::default();
        let refs = References {
            google: Some(true),
            rfc: Some(true),
        };
        collected.record(
            Source::Fuzz,
            example("1", "/x"),
            &Err(ImplError::Unsupported("no".into())),
            refs,
        );
        collected.record(
            Source::Fuzz,
            example("2", "/x"),
            &Err(ImplError::Failed("boom 7".into())),
            refs,
        );
        collected.record(Source::Fuzz, example("3", "/x"), &allows(), refs);
        let tally = collected.tallies[&Source::Fuzz];
        assert_eq!((tally.checks, tally.not_applicable, tally.errors), (3, 1, 1));
        assert_eq!(tally.google_percent(), Some(50.0));
        assert_eq!(collected.groups.len(), 1);
        assert_eq!(collected.groups[0].signature.relation, Relation::Fails);
    }
}
