//! `rep-harness`: the conformance suite runner behind `reptest`.
//!
//! Four layers, each importing only from the layers above it in this list
//! (see `harness/README.md` for the picture and the path of one check):
//!
//! 1. The model: [`case`] (the case files and their loader), [`protocol`]
//!    (the JSON-lines protocol), [`corpus`] (the real-world corpus),
//!    [`side_by_side`] (work spread over the cores, results in order).
//! 2. The implementations under test: [`implementation`].
//! 3. The engines: [`runner`] (cases × implementations into a decision
//!    matrix), [`baseline`] (expected failures), [`report`] (the matrix as a table, JSON, JUnit, Markdown and
//!    the conformance report), [`diff`] (the differential pipeline),
//!    [`measure`] (third-party parsers measured three ways, their
//!    differences), [`jsonl`] (the batch service), [`export`] (the suite
//!    as one JSON document) and [`import`] (another suite's cases as case
//!    files).
//! 4. The commands: [`cli`] (what they share) and the `cmd_*` modules, one per
//!    `reptest` subcommand: the only code that reads arguments, prints, and
//!    decides exit statuses.
//!
//! The input generator is its own crate, `rep-generate`, shared with the fuzz
//! targets.

pub mod baseline;
pub mod case;
pub mod cli;
pub mod cmd_adapters;
pub mod cmd_baseline;
pub mod cmd_check;
pub mod cmd_diff;
pub mod cmd_export;
pub mod cmd_import;
pub mod cmd_measure;
pub mod cmd_merge;
pub mod cmd_promote;
pub mod cmd_report;
pub mod cmd_run;
pub mod corpus;
pub mod diff;
pub mod export;
pub mod implementation;
pub mod import;
pub mod jsonl;
pub mod measure;
pub mod protocol;
pub mod report;
pub mod runner;
pub mod side_by_side;
