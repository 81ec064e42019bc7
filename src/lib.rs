//! # rep — a robots.txt matcher for RFC 9309, with a Google-exact profile
//!
//! Parse a robots.txt body once into [`Robots`], then check as many URLs as
//! you like. Every [`Verdict`] says which line decided it, and parsing never
//! fails: any bytes give rules, and [`diagnose`] lists what the parser
//! noticed on the way as [`Diagnostic`]s.
//!
//! Two presets of behaviour switches: [`Profile::RFC9309`] (the standard as
//! written) and [`Profile::GOOGLE`] (bit-for-bit what Google's open-source
//! parser decides, oddities included). See [`Switch`] for each difference.
//!
//! A crawler in five lines:
//!
//! ```
//! use rep::{Profile, Robots};
//! let robots = Robots::parse(b"User-agent: *\nDisallow: /private/\n", Profile::RFC9309);
//! for url in ["https://example.com/", "https://example.com/private/x"] {
//!     let verdict = robots.check("MyCrawler", url);
//!     println!("{url}: {verdict}");
//! }
//! # assert!(!robots.check("MyCrawler", "https://example.com/private/x").allowed);
//! ```
//!
//! A crawler that fetches one URL per robots.txt can skip building
//! [`Robots`]: [`check_once`] parses and checks in one pass.
//!
//! Fetching is a separate concern: [`fetch::decide`] turns an HTTP outcome
//! (and how long the file has been failing) into "parse", "allow all" or
//! "disallow all" under a named policy, and [`fetch::governs`] says which
//! URLs the file speaks for: those on its own scheme, host and port.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod diagnose;
mod diagnostic;
mod evaluate;
mod explain;
pub mod fetch;
mod line_end;
mod lines;
mod normalise;
mod once;
mod parse;
mod pattern;
mod profile;
mod reader;
mod robots;
mod url_path;
mod verdict;
mod word;

pub use diagnose::diagnose;
pub use diagnostic::{Diagnostic, DiagnosticKind};
pub use explain::{explain, Explanation};
pub use once::check_once;
pub use profile::{Profile, Switch, GOOGLE_MAX_LINE_BYTES, RFC_MIN_SIZE_LIMIT};
pub use robots::{Robots, RuleView};
pub use verdict::{DecidingRule, GroupChoice, Reason, RuleKind, Verdict};
