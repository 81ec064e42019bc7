//! `rep-core`: the robots.txt conformance suite as a library. No argument
//! reading, no printing, no third-party catalogue: those are `reptest`'s
//! (the `rep-harness` crate) and the parser matrix's (`rep-matrix`).
//!
//! Layers, each importing only from the ones above it in this list (see
//! `harness/README.md`):
//!
//! 1. The model: [`case`] (the case files and their loader), [`protocol`]
//!    (the JSON-lines protocol), [`corpus`] (real-world robots.txt files),
//!    [`workspace`] (where the suite's directories are), [`sdist`] (the
//!    built-in fetch script that knows the cache directory), [`pool`] (work
//!    spread over the cores, results in input order), [`atomic`] (files
//!    written whole or not at all), [`suggest`] (the ids nearest one that
//!    names nothing, for messages).
//! 2. The implementations under test: [`implementation`].
//! 3. The engines: [`runner`] (cases × implementations into a decision
//!    matrix), [`baseline`] (expected failures), [`format`] (a matrix as a
//!    table, JSON, JUnit or Markdown), [`diff`] (the differential kernel:
//!    probe, minimise, shard, findings), [`jsonl`] (the batch service),
//!    [`export`] (the suite as one JSON document) and [`import`] (another
//!    suite's cases as case files).

pub mod atomic;
pub mod baseline;
pub mod case;
pub mod corpus;
pub mod diff;
pub mod export;
pub mod format;
pub mod id_map;
pub mod implementation;
pub mod import;
pub mod jsonl;
pub mod pool;
pub mod problem;
pub mod protocol;
pub mod runner;
pub mod sdist;
pub mod suggest;
pub mod workspace;
