//! The differential engine: compare two implementations on generated
//! inputs, classify disagreements, minimise them and write them as cases.
//!
//! Pairs: `rep-google` vs `google` (the default: any difference in the
//! decision or the deciding line is a bug in `rep`), and `rep-rfc` vs
//! `rep-google` (differences are expected but must be explained by the
//! switches that differ between the profiles; see [`rep::explain`]).
//! [`investigate`] and [`replay`] are the whole pipeline; the other items
//! are its parts, public for tests and other tools.

mod compare;
mod finding;
mod minimise;
pub mod partial;
mod pipeline;
mod run;
pub mod shard;
mod summary;

pub use compare::{Differ, Disagreement, Probe};
pub use finding::{finding_id, promote, Finding, WHY_PLACEHOLDER};
pub use minimise::{canonical, minimise, shrink, MAX_TRIES, SMALL_BYTES, SMALL_LINES};
pub use pipeline::{investigate, replay, write_findings, FindingsPlan, Investigation, Replay, ReplayedCheck, Written};
pub use run::{corpus_inputs, input, run, Budget, Config, QUERIES_PER_BODY};
pub use summary::{Counts, Observed, Summary};
