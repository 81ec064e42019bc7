//! `rep-harness`: the conformance suite runner behind `reptest`.
//!
//! - [`case`]: the case model and the loader for `cases/**/*.yaml`.
//! - [`implementation`]: the implementations under test (built-in and external).
//! - [`runner`]: runs cases against implementations into a decision matrix.
//! - [`report`]: the matrix as a table, JSON, JUnit XML or Markdown.
//! - [`cmd_run`], [`cmd_check`], [`cmd_report`]: the `reptest` subcommands.
//! - [`generate`]: the input generator shared by `reptest diff` and the fuzz targets.
//! - [`diff`]: the differential engine, minimiser and findings (`reptest diff`, `reptest promote`).
//! - [`corpus`]: the real-world corpus of robots.txt files.

pub mod case;
pub mod cli;
pub mod cmd_check;
pub mod cmd_report;
pub mod cmd_run;
pub mod corpus;
pub mod diff;
pub mod generate;
pub mod implementation;
pub mod jsonl;
pub mod report;
pub mod runner;
