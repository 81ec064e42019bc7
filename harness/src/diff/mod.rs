//! The differential engine: compare two implementations on generated
//! inputs, classify disagreements, minimise them and write them as cases.
//!
//! Pairs: `rep-google` vs `google` (the default: any difference in the
//! decision or the deciding line is a bug in `rep`), and `rep-rfc` vs
//! `rep-google` (differences are expected but must be explained by the
//! switches that differ between the profiles; see [`explain`]).

mod cli;
mod compare;
mod engine;
mod finding;
mod minimise;
mod run;

pub use cli::{diff_main, promote_main};
pub use compare::{explain, Differ, Disagreement, Explanation, Probe};
pub use engine::{Answer, Engine, Prepared};
pub use finding::{finding_id, promote, Finding, TODO_MARKER, WHY_PLACEHOLDER};
pub use minimise::minimise;
pub use run::{input, run, Budget, Config, Observed, Summary, QUERIES_PER_BODY};
