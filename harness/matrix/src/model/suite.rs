//! The suite run against every implementation: who ran, what each states it
//! follows, its scores, and every check with every answer.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Body, Profile, Prose};

/// The suite's cases × the implementations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Suite {
    /// Every implementation, ran or not, in report order.
    pub implementations: Vec<Implementation>,
    /// The names of the implementations that ran: each check's answers are in this order.
    pub columns: Vec<String>,
    /// The cases, in file order.
    pub cases: Vec<Case>,
    /// Whether case files can be linked (`../cases/…` from `reports/`).
    pub links_to_cases: bool,
}

impl Suite {
    /// The implementations that ran, in column order.
    pub fn ran(&self) -> Vec<&Implementation> {
        self.columns
            .iter()
            .filter_map(|name| self.implementation(name))
            .collect()
    }

    /// The implementation called `name`.
    pub fn implementation(&self, name: &str) -> Option<&Implementation> {
        self.implementations
            .iter()
            .find(|implementation| implementation.name == name)
    }

    /// Every check of every case, in order.
    pub fn checks(&self) -> impl Iterator<Item = (&Case, &Check)> {
        self.cases
            .iter()
            .flat_map(|case| case.checks.iter().map(move |check| (case, check)))
    }

    /// The check whose id is `id`.
    pub fn check(&self, id: &str) -> Option<(&Case, &Check)> {
        self.checks().find(|(_, check)| check.id == id)
    }
}

/// One implementation as the report lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Implementation {
    /// Its name: its column, its `--impl` value.
    pub name: String,
    /// What it is, in a few words (`built-in: this repository's matcher`, `Python adapter`).
    pub kind: String,
    /// The language it is written in.
    pub language: String,
    /// The library and version it runs, when known.
    pub version: Option<String>,
    /// What it states it follows, and where it says so.
    pub stated: Stated,
    /// The profile its suite answers are coloured by on the site's matrix: the
    /// stated one, or rfc when it states none (nothing is bolded for it then).
    pub judged_by: Profile,
    /// Why it did not run (a missing dependency, how to install it); absent when it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_run: Option<String>,
    /// Its scores on the suite, when it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Scores>,
    /// Whether it has a page of its own (a measured third-party parser).
    pub page: bool,
    /// Per section of the suite (`§2.2.2`, `google/`), in order: checks met
    /// and scored under the profile it is judged by (empty when it did not run).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<SectionScore>,
}

/// An implementation's checks met and scored in one section of the suite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SectionScore {
    /// The section (`§2.2.2`, `google/`).
    pub section: String,
    /// Checks met.
    pub met: usize,
    /// Checks scored: met, missed, departed from and errors.
    pub scored: usize,
}

/// The profile an implementation states it follows: one field, with where it says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stated {
    /// The profile it names; absent when it names neither RFC 9309 nor Google's parser.
    pub profile: Option<Profile>,
    /// The document(s) it names, in a few words, when any.
    pub names: Option<String>,
    /// The document and where in it it says so; absent when nothing is known.
    pub source: Option<String>,
    /// What it says, in the project's words.
    pub says: Option<String>,
}

impl Stated {
    /// The profile in the words every rendering uses: `rfc`, `google` or `none stated`.
    pub fn label(&self) -> &'static str {
        match self.profile {
            Some(profile) => profile.name(),
            None => "none stated",
        }
    }
}

/// An implementation's suite scores under both profiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scores {
    /// Under RFC 9309.
    pub rfc: Tally,
    /// Under Google's parser.
    pub google: Tally,
}

impl Scores {
    /// The tally under `profile`.
    pub fn of(&self, profile: Profile) -> &Tally {
        match profile {
            Profile::Rfc => &self.rfc,
            Profile::Google => &self.google,
        }
    }
}

/// How an implementation's answers stand under one profile, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Met.
    pub pass: usize,
    /// Missed (under rfc: MUST misses).
    pub fail: usize,
    /// Under rfc: departures from a SHOULD.
    pub should: usize,
    /// Under rfc: departures from a MAY.
    pub may: usize,
    /// Errors (they count as misses).
    pub error: usize,
    /// Checks it cannot answer.
    pub not_applicable: usize,
    /// Under rfc: open checks naming a reading (the option taken is reported).
    pub reading: usize,
    /// Implementation-defined: answered, not scored.
    pub implementation_defined: usize,
}

impl Tally {
    /// The checks scored: met, missed, departures and errors. The one
    /// denominator every rendering uses.
    pub fn scored(&self) -> usize {
        self.pass + self.fail + self.should + self.may + self.error
    }

    /// The share of scored checks met, in percent; `None` when none was scored.
    pub fn percent(&self) -> Option<f64> {
        let scored = self.scored();
        (scored > 0).then(|| 100.0 * self.pass as f64 / scored as f64)
    }
}

/// One case of the suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Its id (`rfc9309/2.2.2-longest-match/…`).
    pub id: String,
    /// Its file, from the workspace root (`cases/….yaml`).
    pub file: String,
    /// The line of the file it starts on.
    pub line: usize,
    /// The heat map's section: `§2.2.2` for the RFC's own cases, else the directory (`google/`).
    pub section: String,
    /// Why the case exists.
    pub why: Prose,
    /// The fetch response it simulates, in words, when it is a fetch case.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
    /// The robots.txt body, whole up to 16 KiB; a longer one is cut after
    /// the last line end before that, and [`Case::bytes`] says how long it is.
    pub body: Body,
    /// The body's whole length in bytes.
    pub bytes: usize,
    /// Its checks, in order.
    pub checks: Vec<Check>,
}

impl Case {
    /// Whether every implementation that can answer gives every check the same mark.
    pub fn all_alike(&self) -> bool {
        self.checks.iter().all(|check| !check.differs)
    }

    /// The case's id without its directory (`2.2.2-longest-match/…`), and the directory.
    pub fn directory_and_rest(&self) -> (&str, &str) {
        self.id.split_once('/').unwrap_or(("cases", self.id.as_str()))
    }
}

/// One check: an agent and a URL asked of the case's body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// Its id (`<case>/<name>`).
    pub id: String,
    /// Its number in the case, from 1.
    pub number: usize,
    /// The agent(s) asked.
    pub agents: Vec<String>,
    /// The URL asked.
    pub url: String,
    /// What RFC 9309 expects.
    pub rfc: Expect,
    /// What Google's parser expects.
    pub google: Expect,
    /// What the rfc expectation rests on.
    pub basis: Basis,
    /// Whether the marks of the implementations that can answer it differ (n/a differs from nothing).
    pub differs: bool,
    /// Every implementation's answer, in [`Suite::columns`] order.
    pub answers: Vec<Answer>,
}

impl Check {
    /// The expectation under `profile`.
    pub fn expect(&self, profile: Profile) -> Expect {
        match profile {
            Profile::Rfc => self.rfc,
            Profile::Google => self.google,
        }
    }
}

/// What a profile expects of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Expect {
    /// The URL may be crawled.
    Allowed,
    /// The URL may not be crawled.
    Disallowed,
    /// Left to the implementation (under rfc, maybe a reading's open point).
    ImplementationDefined,
}

impl Expect {
    /// `allowed`, `disallowed` or `implementation-defined`.
    pub fn name(self) -> &'static str {
        match self {
            Expect::Allowed => "allowed",
            Expect::Disallowed => "disallowed",
            Expect::ImplementationDefined => "implementation-defined",
        }
    }
}

/// What a check's rfc expectation rests on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Basis {
    /// The clause of RFC 9309.
    pub clause: Option<Clause>,
    /// The requirement level of its statement (`MUST`, `SHOULD`, …).
    pub level: Option<String>,
    /// The reading it rests on, where the RFC's text is open.
    pub reading: Option<String>,
}

/// A section of RFC 9309.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// Its number (`2.2.2`).
    pub section: String,
    /// Its title, when known.
    pub title: Option<String>,
    /// Where it is read.
    pub link: String,
}

/// One implementation's answer to one check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The verdict.
    pub verdict: Verdict,
    /// The line that decided it, when the implementation says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Deciding>,
    /// Why there is no verdict (the error, or why it cannot answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// How it compares with both profiles at once.
    pub mark: Mark,
    /// How it stands under rfc.
    pub rfc: Status,
    /// How it stands under google.
    pub google: Status,
}

impl Answer {
    /// How it stands under `profile`.
    pub fn status(&self, profile: Profile) -> Status {
        match profile {
            Profile::Rfc => self.rfc,
            Profile::Google => self.google,
        }
    }
}

/// An answer's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Allowed.
    Allowed,
    /// Disallowed.
    Disallowed,
    /// It crashed, hung or answered garbage.
    Error,
    /// It cannot answer this kind of check.
    NotApplicable,
}

impl Verdict {
    /// One letter: `A`, `D`, `E`, `·`.
    pub fn letter(self) -> char {
        match self {
            Verdict::Allowed => 'A',
            Verdict::Disallowed => 'D',
            Verdict::Error => 'E',
            Verdict::NotApplicable => '·',
        }
    }

    /// `allowed`, `disallowed`, `error`, `n/a`.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Allowed => "allowed",
            Verdict::Disallowed => "disallowed",
            Verdict::Error => "error",
            Verdict::NotApplicable => "n/a",
        }
    }
}

/// The line that decided a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Deciding {
    /// A rule on this line (from 1).
    Line(u32),
    /// No rule: the default.
    NoRule,
}

/// How an answer stands against one profile's expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The expected verdict.
    Met,
    /// The other verdict (under rfc: a MUST miss).
    Missed,
    /// Under rfc: the other verdict where the expectation rests on a SHOULD or MAY.
    Departs,
    /// An error.
    Error,
    /// Under rfc: an open check naming a reading; the option taken, never a miss.
    Reading,
    /// Implementation-defined: answered, not scored.
    ImplementationDefined,
    /// It cannot answer.
    NotApplicable,
}

impl Status {
    /// The class that colours it on the site: `m`, `x`, `d`, `e`, `r`, `i`, `n`.
    pub fn class(self) -> &'static str {
        match self {
            Status::Met => "m",
            Status::Missed => "x",
            Status::Departs => "d",
            Status::Error => "e",
            Status::Reading => "r",
            Status::ImplementationDefined => "i",
            Status::NotApplicable => "n",
        }
    }

    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::Missed => "missed",
            Status::Departs => "departs from a SHOULD or MAY",
            Status::Error => "error",
            Status::Reading => "a reading's option",
            Status::ImplementationDefined => "implementation-defined",
            Status::NotApplicable => "n/a",
        }
    }

    /// Every status, in legend order.
    pub const ALL: [Status; 7] = [
        Status::Met,
        Status::Missed,
        Status::Departs,
        Status::Error,
        Status::Reading,
        Status::ImplementationDefined,
        Status::NotApplicable,
    ];
}

/// How one answer compares with both profiles' expectations, as one symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// Meets every definite expectation.
    Both,
    /// Meets rfc's expectation, misses google's.
    RfcOnly,
    /// Meets google's expectation, misses rfc's.
    GoogleOnly,
    /// Misses every definite expectation.
    Neither,
    /// Both expectations are implementation-defined: answered, not scored.
    Open,
    /// An error.
    Error,
    /// It cannot answer this kind of check.
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

    /// The one-character symbol of the matrix.
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

    /// What the symbol means, for the legend.
    pub fn meaning(self) -> &'static str {
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

    /// Whether implementations with these marks differ on a check: two of
    /// those that could answer have different marks ("n/a" differs from nothing).
    pub fn differ(marks: impl IntoIterator<Item = Mark>) -> bool {
        let mut answered = marks.into_iter().filter(|mark| *mark != Mark::NotApplicable);
        let first = answered.next();
        answered.any(|mark| Some(mark) != first)
    }
}
