//! The committed pages of `reports/`: the conformance report, the measured
//! third-party parsers, one page per parser and the readings.

pub mod conformance;
pub mod difference_entry;
pub mod mark;
pub mod measured;
pub mod options;
pub(crate) mod parser_page;
pub(crate) mod readings_page;
