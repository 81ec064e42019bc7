//! The points RFC 9309 leaves open (`cases/readings.yaml`), what every
//! implementation answers on the checks each one decides, and how the
//! suite covers each normative statement.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::suite::Clause;
use super::Prose;

/// The readings and the statements' coverage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadingsReport {
    /// Every reading, in file order.
    pub readings: Vec<Reading>,
    /// The coverage of each normative statement, when the suite has a statements file.
    pub statements: Option<Vec<Statement>>,
}

/// One point the RFC's text does not settle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// Its id.
    pub id: String,
    /// The question.
    pub question: Prose,
    /// The sections it concerns.
    pub clauses: Vec<Clause>,
    /// What the text supports.
    pub supports: Prose,
    /// Its options.
    pub options: Vec<ReadingOption>,
    /// The option `rep-rfc` takes.
    pub choice: String,
    /// Why that one.
    pub why: Prose,
    /// The checks of this run resting on it, by id, in order.
    pub checks: Vec<String>,
    /// Of those, the open ones (rfc implementation-defined), where its options part.
    pub open_checks: usize,
    /// Every implementation that ran: its answers on those checks and the option taken.
    pub answers: Vec<ReadingAnswers>,
}

/// One option of a reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadingOption {
    /// Its id.
    pub id: String,
    /// What it says.
    pub says: Prose,
}

/// One implementation's answers on a reading's checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadingAnswers {
    /// The implementation.
    pub implementation: String,
    /// One letter per check (`A`, `D`, `E`, `·`), in [`Reading::checks`] order.
    pub letters: String,
    /// Checks it answered (not n/a).
    pub comparable: usize,
    /// Of those, answered as `rep-rfc` chooses.
    pub as_choice: usize,
    /// The option its answers on the open checks make.
    pub taken: Taken,
}

/// What an implementation does on one reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Taken {
    /// The option `rep-rfc` takes (its id).
    Choice(String),
    /// The other option of a two-option reading (its id).
    Other(String),
    /// Google's parser's answers, where they differ from `rep-rfc`'s.
    AsGoogle,
    /// Some answers as `rep-rfc`'s choice, some not.
    Mixed {
        /// Checks answered as `rep-rfc` does.
        as_choice: usize,
        /// Checks both answered.
        of: usize,
    },
    /// It answered none of the open checks, or the run has none.
    NotAnswered,
}

/// One normative statement of RFC 9309 and the checks resting on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Statement {
    /// Its id.
    pub id: String,
    /// Its clause.
    pub clause: Clause,
    /// Its level (`MUST`, `SHOULD`, …).
    pub level: String,
    /// What it says, in the project's words.
    pub says: Prose,
    /// Checks whose verdict the RFC decides there.
    pub definite: usize,
    /// Checks where a reading's options part.
    pub reading: usize,
    /// Checks left to the implementation.
    pub open: usize,
    /// What the statements file says of its coverage.
    pub note: Prose,
}
