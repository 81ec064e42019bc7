//! One module per `reptest` subcommand: each parses its arguments, makes
//! one call into rep-core or rep-matrix, prints, and picks the exit status.

pub mod adapters;
pub mod baseline;
pub mod check;
pub mod diff;
pub mod export;
pub mod import;
pub mod measure;
pub mod merge;
pub mod promote;
pub mod report;
pub mod run;
