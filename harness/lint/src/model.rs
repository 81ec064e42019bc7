//! The lint report: one value, built once by [`crate::lint`], rendered as
//! text, Markdown, JSON (with the schema of these types), SARIF and HTML.
//! Everything that came from outside (lines, agents, URLs, parser messages)
//! is kept as it was; each renderer makes it safe for its medium.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What `reptest lint` found in one robots.txt file.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct LintReport {
    /// What was linted: a file path, `-` for stdin, or the URL fetched.
    pub source: String,
    /// For a URL: how the fetch went.
    pub fetch: Option<FetchReport>,
    /// The body's size in bytes.
    pub bytes: usize,
    /// The body's lines, numbered as the matcher numbers them (CR, LF and CRLF end a line).
    pub lines: usize,
    /// The parsers asked, and those that could not be.
    pub parsers: Vec<ParserRun>,
    /// The agents asked, each alone.
    pub agents: Vec<String>,
    /// How many checks (agent and URL) each parser was asked.
    pub checks: usize,
    /// On how many of them the parsers that answered did not all agree.
    pub disagreeing_checks: usize,
    /// Every finding: disagreements by line, then the parser's notes, then the fetch.
    pub findings: Vec<Finding>,
    /// The findings counted by severity.
    pub summary: Summary,
}

/// One parser of the lineup in this run.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct ParserRun {
    /// Its name (the `--impl` value, or yours).
    pub name: String,
    /// The library and version it runs, or `built in` / `yours`.
    pub version: String,
    /// Why it was not asked; `None` when it was.
    pub not_run: Option<String>,
    /// How many checks it answered with an error.
    pub errors: usize,
    /// The first error it gave, if any.
    pub first_error: Option<String>,
}

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing is lost.
    Note,
    /// Some crawlers read the file otherwise than it reads under RFC 9309 or to Google.
    Warning,
    /// A line or response that crawlers cannot follow as written.
    Error,
}

impl Severity {
    /// `note`, `warning` or `error`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One line of the body, as written (lossily UTF-8; renderers escape it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Line {
    /// 1-based, as the matcher numbers lines.
    pub number: u32,
    /// The line without its line end.
    pub text: String,
}

/// One finding: a kind, the lines it is about, what it means.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Finding {
    /// The kind of finding ([`crate::rules::RULES`]): `disagreement`, `unknown-key`, `server-error`, …
    pub rule: String,
    /// How serious it is.
    pub severity: Severity,
    /// The lines responsible (empty for a finding about the response).
    pub lines: Vec<Line>,
    /// One sentence saying what was found.
    pub message: String,
    /// The section of RFC 9309 it rests on (`2.2.2`), when one does.
    pub clause: Option<String>,
    /// For a disagreement between parsers: who reads the lines how.
    pub disagreement: Option<Disagreement>,
    /// For a fetch finding: what each crawler does, as the suite's fetch cases state it.
    pub crawlers: Vec<CrawlerBehaviour>,
}

/// Parsers reading the same lines differently.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Disagreement {
    /// What the lines mean under RFC 9309 on the first example (`rep-rfc`'s explanation).
    pub rfc: String,
    /// What they mean to Google on the first example (`rep-google`'s explanation).
    pub google: String,
    /// The verdict most parsers give on the examples, and who gives it.
    pub majority: Side,
    /// The other readings, one per parser behaviour.
    pub readings: Vec<Reading>,
    /// An edit on which every parser agrees, where one was found.
    pub fix: Option<Fix>,
    /// How many checks of the run these lines decided differently.
    pub checks: usize,
}

/// A verdict and the parsers that give it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Side {
    /// `true`: allowed.
    pub allowed: bool,
    /// The parsers, in lineup order.
    pub parsers: Vec<String>,
}

/// Parsers that read the lines otherwise, for the same reason.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Reading {
    /// The parsers, in lineup order.
    pub parsers: Vec<String>,
    /// Their verdict on the example (`true`: allowed).
    pub allowed: bool,
    /// Why, where known: a library behaviour the matrix names, or the switches of `rep` that differ.
    pub because: Option<Because>,
    /// One check that shows it.
    pub example: Example,
}

/// Why a parser reads a line otherwise.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Because {
    /// The behaviour's id (`agent-substring`) or the switch names of `rep`.
    pub id: String,
    /// What the parser does, in words.
    pub title: String,
}

/// A check: one agent, one URL, and the command that asks it of every parser.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Example {
    /// The agent.
    pub agent: String,
    /// The URL.
    pub url: String,
    /// A `reptest check --all` command line that asks it again.
    pub recheck: String,
}

/// A change of the file on which every parser that answered agrees.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Fix {
    /// What the change does, in words.
    pub how: String,
    /// The lines changed.
    pub edits: Vec<Edit>,
}

/// One line changed by a fix.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Edit {
    /// The line's number in the file.
    pub line: u32,
    /// The line as it is.
    pub from: String,
    /// The line as the fix writes it; `None`: the line goes.
    pub to: Option<String>,
}

/// What a crawler does with a response, as a case of `cases/fetch/` states it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CrawlerBehaviour {
    /// The crawler or policy: `RFC 9309` or `Google's crawler`.
    pub crawler: String,
    /// What it does, in words.
    pub does: String,
    /// The suite's case that states it.
    pub case: Option<String>,
}

/// How fetching the URL went.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct FetchReport {
    /// The URL asked first.
    pub url: String,
    /// Every response on the way, the first one first.
    pub hops: Vec<Hop>,
    /// The final status, `None` for a network failure.
    pub status: Option<u16>,
    /// Why there was no status, for a network failure.
    pub failure: Option<String>,
    /// The final response's `Content-Type`, if it gave one.
    pub content_type: Option<String>,
    /// Whether the body was cut at the size limit.
    pub truncated: bool,
}

/// One response of a redirect chain.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Hop {
    /// The URL asked.
    pub url: String,
    /// Its status.
    pub status: u16,
    /// Where it redirects to, if it does.
    pub location: Option<String>,
}

/// The findings counted by severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Summary {
    /// Findings of severity error.
    pub errors: usize,
    /// Findings of severity warning.
    pub warnings: usize,
    /// Findings of severity note.
    pub notes: usize,
}

impl Summary {
    /// The counts of `findings`.
    pub fn of(findings: &[Finding]) -> Summary {
        let count = |severity| findings.iter().filter(|f| f.severity == severity).count();
        Summary {
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            notes: count(Severity::Note),
        }
    }

    /// Whether any finding is at least as serious as `threshold`.
    pub fn reaches(&self, threshold: Severity) -> bool {
        match threshold {
            Severity::Error => self.errors > 0,
            Severity::Warning => self.errors + self.warnings > 0,
            Severity::Note => self.errors + self.warnings + self.notes > 0,
        }
    }
}

/// The JSON Schema of [`LintReport`], as the JSON output's schema.
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(LintReport)).expect("a schema serialises")
}
