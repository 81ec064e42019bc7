//! The report as one value: everything `reptest report` found, as plain
//! data with serde and a JSON Schema (schemars). `reports/report.json` is
//! this value; the Markdown pages ([`crate::pages`]) and the static site
//! ([`crate::site`]) are renderings of it and read nothing else, and
//! `reptest adapters verify` takes its programs from it. Every figure is
//! here once: a rendering formats it, never works it out again.
//!
//! - [`suite`]: the implementations, their scores and the matrix of answers.
//! - [`parsers`]: the third-party parsers measured, with their differences.
//! - [`readings`]: the points RFC 9309 leaves open and the statements' coverage.
//! - [`prose`]: text with code spans, the one markup the model holds.

pub mod parsers;
pub mod prose;
pub mod readings;
pub mod suite;
mod words;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use parsers::{Measured, Parser};
pub use prose::{Prose, Span};
pub use readings::ReadingsReport;
pub use suite::Suite;
pub use words::SAMPLES;

/// The format tag of `report.json`.
pub const FORMAT: &str = "reptest-report/1";

/// Everything one run of `reptest report` found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// [`FORMAT`].
    pub format: String,
    /// When, from what and with what it was made.
    pub stamp: Stamp,
    /// The suite run against every implementation.
    pub suite: Suite,
    /// The third-party parsers measured beyond the suite (absent with `--suite-only`).
    pub measured: Option<Measured>,
    /// The points RFC 9309 leaves open, when the report covers the suite's readings.
    pub readings: Option<ReadingsReport>,
    /// The shell commands that regenerate the report, in order.
    pub reproduce: Vec<String>,
}

/// When the report was made, from which suite and commit, with which tools
/// and on which corpus: what every page shows at its foot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stamp {
    /// When it was made: UTC, RFC 3339 to the second.
    pub made: String,
    /// The suite's version (`cases/CHANGES.md`), when known.
    pub suite_version: Option<String>,
    /// The commit of the checkout it was made from, when known.
    pub commit: Option<String>,
    /// The tools that ran (rustc, python, node), each with its version or
    /// why it is not known. Each library's version is its implementation's.
    pub tools: Vec<Tool>,
    /// The real-world corpus, when parsers were measured.
    pub corpus: Option<Corpus>,
}

/// One tool and its version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tool {
    /// Its name (`rustc`, `python3`, `node`).
    pub name: String,
    /// What it says its version is, or `not found`.
    pub version: String,
}

/// The real-world corpus the parsers were measured on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Corpus {
    /// What it is, in words (`the protego 0.7.0 test data, 4231 files`).
    pub described: String,
    /// When its files were collected, as far as known (`2020-02`).
    pub collected: Option<String>,
}

/// One of the two profiles a check is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// RFC 9309 (`rep-rfc`'s reading where it is open).
    Rfc,
    /// Google's parser.
    Google,
}

impl Profile {
    /// Both, in report order.
    pub const ALL: [Profile; 2] = [Profile::Rfc, Profile::Google];

    /// `rfc` or `google`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Rfc => "rfc",
            Profile::Google => "google",
        }
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<rep_core::case::ProfileId> for Profile {
    fn from(profile: rep_core::case::ProfileId) -> Profile {
        match profile {
            rep_core::case::ProfileId::Rfc => Profile::Rfc,
            rep_core::case::ProfileId::Google => Profile::Google,
        }
    }
}

/// A body of bytes: text when it is UTF-8, else hexadecimal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Body {
    /// A UTF-8 body, as text.
    Text(String),
    /// A body that is not UTF-8, two hexadecimal digits a byte.
    Hex(String),
}

impl Body {
    /// `bytes` as a body.
    pub fn of(bytes: &[u8]) -> Body {
        match std::str::from_utf8(bytes) {
            Ok(text) => Body::Text(text.to_string()),
            Err(_) => Body::Hex(bytes.iter().map(|byte| format!("{byte:02x}")).collect()),
        }
    }

    /// The bytes (hexadecimal that is not two digits a byte gives what it can).
    pub fn bytes(&self) -> Vec<u8> {
        match self {
            Body::Text(text) => text.as_bytes().to_vec(),
            Body::Hex(hex) => hex
                .as_bytes()
                .chunks(2)
                .filter_map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
                .collect(),
        }
    }
}

/// The JSON Schema of [`Report`], pretty-printed.
pub fn schema() -> String {
    let schema = schemars::schema_for!(Report);
    serde_json::to_string_pretty(&schema).expect("a schema always serialises") + "\n"
}

/// `report` as pretty-printed JSON.
pub fn to_json(report: &Report) -> String {
    serde_json::to_string_pretty(report).expect("a report always serialises") + "\n"
}

/// The report in `json`, or what is wrong with it, naming where.
pub fn from_json(json: &str) -> Result<Report, String> {
    let report: Report = serde_json::from_str(json).map_err(|error| format!("not a report: {error}"))?;
    if report.format != FORMAT {
        return Err(format!(
            "`{}` is not a report of this reptest ({FORMAT}): regenerate it with `reptest report`",
            report.format
        ));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_keep_every_byte() {
        for bytes in [&b"User-agent: *\n"[..], b"a\xff\x00b", b""] {
            assert_eq!(Body::of(bytes).bytes(), bytes);
        }
        assert_eq!(Body::of(b"\xff"), Body::Hex("ff".into()));
    }
}
