//! One module per `reptest` subcommand: each parses its arguments, makes
//! one call into rep-core or rep-matrix, prints, and picks the exit status.

pub(crate) mod adapters;
pub(crate) mod baseline;
pub(crate) mod check;
pub(crate) mod diff;
pub(crate) mod export;
pub(crate) mod import;
pub(crate) mod lint;
pub(crate) mod measure;
pub(crate) mod merge;
pub(crate) mod promote;
pub(crate) mod report;
pub(crate) mod run;
pub(crate) mod show;
