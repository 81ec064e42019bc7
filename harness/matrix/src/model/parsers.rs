//! The third-party parsers measured beyond the suite — on real-world files,
//! their edge forms and a generated stream — and their distinct
//! differences, each with a minimal case, what each reference answers and
//! why, and a program that calls the library directly.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::suite::Clause;
use super::{Body, Prose};

/// The measurements of every third-party parser and what they share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// The Google reference: `google`, or the stand-in when Google's parser is not in the build.
    pub google_reference: String,
    /// Per sample: checks both references answered, and how many they part on.
    pub references_part: Vec<ReferencesPart>,
    /// The seed of the reference generated stream.
    pub reference_seed: u64,
    /// The seed of an extra stream explored, if any.
    pub explore_seed: Option<u64>,
    /// A generated group is listed when at least this many inputs show it.
    pub fuzz_min_inputs: u64,
    /// Every parser measured, in the catalogue's order.
    pub parsers: Vec<Parser>,
}

/// Where a check came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The suite's cases.
    Suite,
    /// The real-world sample: what crawlers ask of the files as they are.
    RealWorld,
    /// The same files asked in forms crawlers do not send.
    Edge,
    /// The reference generated stream.
    Fuzz,
    /// A generated stream of another seed.
    Explore,
}

impl Source {
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

/// How often the two references part on one sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReferencesPart {
    /// The sample.
    pub source: Source,
    /// Checks both answered.
    pub checks: u64,
    /// Of those, answered differently.
    pub differ: u64,
}

/// How a parser's answers agree with the references on one sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Agreement {
    /// Checks asked.
    pub checks: u64,
    /// Checks it cannot answer.
    pub not_applicable: u64,
    /// Checks it failed on.
    pub errors: u64,
    /// Checks compared with Google's parser.
    pub compared_google: u64,
    /// Of those, the same answer.
    pub agree_google: u64,
    /// Checks compared with RFC 9309.
    pub compared_rfc: u64,
    /// Of those, the same answer.
    pub agree_rfc: u64,
}

impl Agreement {
    /// Agreement with Google's parser, in percent.
    pub fn google_percent(&self) -> Option<f64> {
        percent(self.agree_google, self.compared_google)
    }

    /// Agreement with RFC 9309, in percent.
    pub fn rfc_percent(&self) -> Option<f64> {
        percent(self.agree_rfc, self.compared_rfc)
    }

    /// Errors, in percent of the checks.
    pub fn error_percent(&self) -> Option<f64> {
        percent(self.errors, self.checks)
    }

    /// Whether every check was n/a (a text-only library asked non-UTF-8 bodies).
    pub fn all_not_applicable(&self) -> bool {
        self.checks > 0 && self.not_applicable == self.checks
    }
}

fn percent(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| 100.0 * part as f64 / whole as f64)
}

/// One measured third-party parser: its page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Parser {
    /// Its name (its suite column; what it states is its implementation's).
    pub name: String,
    /// The language it is written in.
    pub language: String,
    /// The library and version it reported.
    pub version: String,
    /// A few words about it.
    pub about: Prose,
    /// How it is called (the adapter command, from the workspace root).
    pub adapter: String,
    /// Its agreement per sample, UTF-8 bodies.
    pub measurements: Vec<Measurement>,
    /// Real-world agreement by kind of probe, with the headline's combination stated.
    pub real_world: RealWorld,
    /// The samples where its errors pass 1% of the checks, and its most frequent error messages.
    pub errors: Errors,
    /// Its distinct differences, in page order (misses first).
    pub differences: Vec<Difference>,
    /// Generated checks in differences seen too rarely to list.
    pub rare: u64,
    /// Differences only the explored stream showed.
    pub explored: Vec<Difference>,
    /// The real-world files it disagrees on most, with the disagreeing checks.
    pub files: Vec<FileCount>,
}

impl Parser {
    /// Its agreement on `source` (UTF-8 bodies; or bodies that are not, with `text` false).
    pub fn agreement(&self, source: Source, text: bool) -> Agreement {
        self.measurements
            .iter()
            .find(|m| m.source == source)
            .and_then(|m| if text { Some(m.text) } else { m.not_utf8 })
            .unwrap_or_default()
    }

    /// Errors over every measurement, suite included.
    pub fn all_errors(&self) -> u64 {
        self.measurements
            .iter()
            .map(|m| m.text.errors + m.not_utf8.map_or(0, |t| t.errors))
            .sum()
    }

    /// Its listed differences that are misses of its stated profile (failures included).
    pub fn misses(&self) -> impl Iterator<Item = &Difference> {
        self.differences.iter().filter(|d| d.standing.is_miss())
    }
}

/// One sample's agreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Measurement {
    /// The sample.
    pub source: Source,
    /// On UTF-8 bodies.
    pub text: Agreement,
    /// On bodies that are not UTF-8, when any were asked.
    pub not_utf8: Option<Agreement>,
}

/// Real-world agreement per kind of probe.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RealWorld {
    /// How the headline real-world figure combines the kinds, in one sentence; absent when
    /// no kinds are measured apart.
    pub headline: Option<Prose>,
    /// The headline's agreement with Google's parser, in percent (the mean over kinds).
    pub headline_google: Option<f64>,
    /// The headline's agreement with RFC 9309, in percent (the mean over kinds).
    pub headline_rfc: Option<f64>,
    /// One row per kind of probe.
    pub kinds: Vec<KindAgreement>,
}

/// Agreement on one kind of real-world probe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindAgreement {
    /// Its id (`literal`, `below`, `sibling`, `root`, …).
    pub kind: String,
    /// What it asks, in words.
    pub asks: String,
    /// The agreement.
    pub agreement: Agreement,
}

/// Where a parser's errors pass 1%, and what they say.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Errors {
    /// The samples over 1%: errors of checks (bodies of every kind together).
    pub over: Vec<ErrorShare>,
    /// Its most frequent error messages, with the checks each took down.
    pub messages: Vec<Message>,
}

/// Errors on one sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorShare {
    /// The sample.
    pub source: Source,
    /// Errors.
    pub errors: u64,
    /// Checks.
    pub checks: u64,
}

/// An error message and how many checks it took down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Message {
    /// The message (its start).
    pub message: String,
    /// Checks.
    pub checks: u64,
}

/// A real-world file and the checks a parser disagrees on there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileCount {
    /// The file (the site it came from).
    pub file: String,
    /// Disagreeing checks.
    pub checks: u64,
}

/// How a difference stands against the profile the parser states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// It departs from both references, which agree: a miss whatever it states.
    Miss,
    /// It fails where both references answer.
    Failure,
    /// It misses its stated profile by giving the other profile's answer.
    FollowsOtherProfile,
    /// It gives its stated profile's answer where the other differs: not a miss.
    FollowsClaimedProfile,
    /// It states no profile and differs from one reference only.
    DiffersFromOne,
}

impl Standing {
    /// Every standing, in page order.
    pub const ALL: [Standing; 5] = [
        Standing::Miss,
        Standing::Failure,
        Standing::FollowsOtherProfile,
        Standing::FollowsClaimedProfile,
        Standing::DiffersFromOne,
    ];

    /// Whether it counts as a miss.
    pub fn is_miss(self) -> bool {
        matches!(self, Standing::Miss | Standing::Failure | Standing::FollowsOtherProfile)
    }

    /// Its heading on a page.
    pub fn heading(self) -> &'static str {
        match self {
            Standing::Miss => "Misses: it departs from both RFC 9309 and Google, which agree",
            Standing::Failure => "Failures: errors, crashes or hangs where both references answer",
            Standing::FollowsOtherProfile => "Misses of its stated profile where it gives the other profile's answer",
            Standing::FollowsClaimedProfile => "Not misses: it follows its stated profile where the other one differs",
            Standing::DiffersFromOne => {
                "Not ranked: it differs from one reference only, and states no profile to judge it by"
            }
        }
    }
}

/// One distinct difference of a parser, ready to report upstream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Difference {
    /// Its number on the page, from 1.
    pub number: usize,
    /// Miss or not, against the stated profile.
    pub standing: Standing,
    /// The difference in one line.
    pub headline: Prose,
    /// Whether the parser fails (error, crash, hang) rather than answering otherwise.
    pub fails: bool,
    /// Checks it explains, per sample.
    pub counts: Vec<SourceCount>,
    /// Other groups of inputs with the same cause merged in.
    pub merged: usize,
    /// Of its checks, those answered the other way round from the same cause.
    pub other_way: u64,
    /// Whether the parser allows where the reference disallows.
    pub parser_allows: bool,
    /// How it stands against the references, in words.
    pub relation: String,
    /// The section of RFC 9309 the point rests on.
    pub clause: Clause,
    /// Where its first example came from (a check id, or `file#n`).
    pub first_seen: String,
    /// The suite check it was first seen on, when it was (for a link).
    pub first_seen_check: Option<String>,
    /// What the library does, when a probe of the library's behaviour named it.
    pub cause: Option<Cause>,
    /// Which switch of `rep` reproduces it on the minimal case, in words.
    pub rep_switch: Option<Prose>,
    /// The real-world file's lines the minimal case keeps, as the file has them.
    pub original: Option<Excerpt>,
    /// The biggest real-world example of the behaviour, when one is named.
    pub biggest: Option<Excerpt>,
    /// The smallest input found that still shows it.
    pub minimal: Example,
    /// Why the minimal case stays big, when it does.
    pub size_note: Option<String>,
    /// What each reference answers on the minimal case, and why.
    pub references: ReferenceVerdicts,
    /// What the parser answers on the minimal case, in words (`allowed`, `error: …`).
    pub parser_says: String,
    /// A program calling the library directly, or why there is none.
    pub program: Option<Program>,
}

impl Difference {
    /// The checks it explains, all samples together.
    pub fn total(&self) -> u64 {
        self.counts.iter().map(|count| count.checks).sum()
    }
}

/// Checks from one sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SourceCount {
    /// The sample.
    pub source: Source,
    /// Checks.
    pub checks: u64,
}

/// A behaviour of the library that explains a difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cause {
    /// A stable id (`first-match-wins`).
    pub id: String,
    /// What the library does, in words.
    pub title: Prose,
    /// What confirmed it: each probe and its outcome.
    pub evidence: Vec<Prose>,
}

/// Lines of a real-world file, with their numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Excerpt {
    /// The file (the site it came from).
    pub file: String,
    /// The agents asked.
    pub agents: Vec<String>,
    /// The URL asked.
    pub url: String,
    /// The lines shown, each escaped so every byte is visible.
    pub lines: Vec<NumberedLine>,
    /// Checks of the group it stands for, when it is a group's biggest example.
    pub checks: Option<u64>,
}

/// A line of a file and its number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberedLine {
    /// From 1.
    pub number: usize,
    /// The line, control bytes escaped.
    pub text: String,
}

/// A body, agents and URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The robots.txt body.
    pub body: Body,
    /// The body as shown: one line each, every byte that does not print made visible.
    pub shown: Vec<String>,
    /// The agents asked.
    pub agents: Vec<String>,
    /// The URL asked.
    pub url: String,
}

/// What each reference answers on a minimal case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReferenceVerdicts {
    /// RFC 9309 (`rep-rfc`).
    pub rfc: ReferenceVerdict,
    /// Google's parser.
    pub google: ReferenceVerdict,
}

/// One reference's verdict and its own reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReferenceVerdict {
    /// `Some(true)`: allowed; absent: no definite answer.
    pub allowed: Option<bool>,
    /// Why it answers so, when known.
    pub reason: Option<Prose>,
    /// The reading the answer rests on, where RFC 9309 leaves the point open:
    /// the verdict is then `rep-rfc`'s choice, not a requirement.
    pub reading: Option<String>,
}

/// A program that reproduces a difference by calling the library directly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Program {
    /// The program and what it prints.
    Runs {
        /// The fence's language tag (`python`, `rust`, …).
        fence: String,
        /// The program.
        code: String,
        /// `allowed` or `disallowed`; absent when the library gives no verdict (it raises).
        prints: Option<String>,
    },
    /// Why there is none.
    None {
        /// The reason.
        why: String,
    },
}
