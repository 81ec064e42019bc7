//! The rep conformance suite for robots.txt (RFC 9309), embedded, so that a
//! Rust parser runs it in its own `cargo test` with one call: no C++, no
//! network, no YAML.
//!
//! The suite is `cases/export/rep-suite.json` of the rep repository (written
//! by `reptest export`), compiled in with `include_str!`. Every check asks:
//! given a robots.txt body, may a crawler with these agents fetch this URL?
//! Your closure answers with your parser; the run scores the answers under
//! one profile (`rfc`: RFC 9309 as written, or `google`: Google's parser)
//! against your list of expected failures, and fails the test on a new miss
//! and on a listed check that no longer misses.
//!
//! ```no_run
//! use rep_suite::{Answer, Profile, Suite};
//!
//! # fn my_parser_allows(_body: &str, _agent: &str, _url: &str) -> bool { true }
//! # macro_rules! include_str { ($file:expr) => { "" } }
//! #[test]
//! fn rep_suite() {
//!     let summary = Suite::load()
//!         .profile(Profile::Rfc)
//!         .expected_failures(include_str!("expected-failures.txt"))
//!         .run(|check| {
//!             // What this parser's API cannot take: such checks are n/a.
//!             if let Some(tag) = check.needs_any(&["multi-agent", "fetch", "non-utf8-body"]) {
//!                 return Answer::Unsupported(format!("my parser cannot take {tag}"));
//!             }
//!             let (Some(body), Some(agent)) = (check.body_text(), check.single_agent()) else {
//!                 return Answer::Unsupported("not UTF-8, or several agents".into());
//!             };
//!             my_parser_allows(body, agent, &check.url).into()
//!         });
//!     println!("{summary}");
//! }
//! ```
//!
//! On a failure the test panics with a report that groups the new misses by
//! what they break ([`Check::held_to`]: `RFC 9309 §2.2.2 MUST`), the biggest
//! group first, and gives for each the check id, what was expected and what
//! came, the agents, URL, the body with numbered lines, the case's file, line
//! and rule and `reptest show <id>` ([`Check::reproduce`]), then the stale
//! entries with their lines, then the ids to add to the list to accept the
//! misses as known. A first run with an empty list therefore prints the list to start
//! from.
//!
//! A selection and the checks themselves:
//!
//! ```
//! use rep_suite::{Expect, Profile, Suite};
//!
//! let matching = Suite::load().with_id_prefix("rfc9309/2.2.2-matching/");
//! assert!(matching.checks().count() > 0);
//! for check in matching.checks() {
//!     assert!(check.id.starts_with("rfc9309/2.2.2-matching/"));
//!     assert_eq!(check.file, "cases/rfc9309/2.2.2-matching.yaml");
//! }
//! let open = matching.checks().filter(|check| check.expect(Profile::Rfc) == Expect::ImplementationDefined);
//! println!("{} of them are left open by the RFC", open.count());
//! ```

mod check;
mod document;
mod expected;
mod run;

pub use check::{Answer, Basis, CachedCopy, Check, Expect, Level, Profile, Response};
pub use document::LoadError;
pub use run::{Miss, Report, Run, Stale, Summary, Wrong};

/// The export this crate was built with.
// A symbolic link to cases/export/rep-suite.json: `cargo package` stores the file itself,
// so the published crate carries the export.
const EMBEDDED: &str = include_str!("../rep-suite.json");

/// The suite, or a selection of it.
#[derive(Clone, Debug)]
pub struct Suite {
    version: String,
    checks: Vec<Check>,
    prefixes: Vec<String>,
}

impl Suite {
    /// The suite embedded in this crate.
    ///
    /// # Panics
    ///
    /// Only when the embedded file cannot be read, which this crate's own
    /// tests rule out for every release.
    pub fn load() -> Suite {
        Suite::from_json(EMBEDDED).unwrap_or_else(|error| panic!("rep-suite's embedded suite: {error}"))
    }

    /// A suite read from the text of another export (`reptest export` of a
    /// different release or of your own cases).
    pub fn from_json(json: &str) -> Result<Suite, LoadError> {
        let contents = document::read(json)?;
        Ok(Suite {
            version: contents.version,
            checks: contents.checks,
            prefixes: Vec::new(),
        })
    }

    /// The suite version (semver: a changed expectation or id is a major
    /// bump, new checks a minor one).
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Keeps the checks whose id starts with `prefix`; called again, keeps
    /// those matching any of the prefixes. A run fails when a prefix selects
    /// nothing, so a typo cannot pass silently.
    pub fn with_id_prefix(mut self, prefix: &str) -> Suite {
        self.prefixes.push(prefix.to_string());
        self
    }

    /// The selected checks, in the export's order (by case id, then as the case lists them).
    pub fn checks(&self) -> impl Iterator<Item = &Check> + '_ {
        self.checks.iter().filter(|check| self.selects(check))
    }

    /// Runs the selection scored under `profile`; see [`Run`].
    pub fn profile(self, profile: Profile) -> Run {
        Run::new(self, profile)
    }

    /// Every check, selected or not (an expected failure outside the
    /// selection is not an unknown id).
    fn all_checks(&self) -> &[Check] {
        &self.checks
    }

    fn selects(&self, check: &Check) -> bool {
        self.prefixes.is_empty() || self.prefixes.iter().any(|prefix| check.id.starts_with(prefix.as_str()))
    }

    fn unmatched_prefixes(&self) -> impl Iterator<Item = &str> + '_ {
        self.prefixes
            .iter()
            .filter(|prefix| !self.checks.iter().any(|check| check.id.starts_with(prefix.as_str())))
            .map(String::as_str)
    }
}
