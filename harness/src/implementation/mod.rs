//! The implementations under test: one trait, the three built-ins and two
//! kinds of external program.
//!
//! An implementation [`load`](Implementation::load)s a body once and then
//! answers any number of checks against it, so the project matcher parses
//! each body once per profile. Implementations that model fetching also load
//! a simulated response ([`load_response`](Implementation::load_response));
//! the others answer "n/a" for fetch cases.

mod adapter;
mod argv;
mod command;
mod reference;
mod rep_impl;

pub use adapter::Adapter;
pub use argv::split_command;
pub use command::CommandTemplate;
pub use reference::GoogleReference;
pub use rep_impl::RepImpl;

use crate::case::{ProfileId, ResponseSpec};
use std::fmt;
use std::time::Duration;

/// The names of the built-in implementations, in report order.
pub const BUILT_IN: [&str; 3] = ["rep-rfc", "rep-google", "google"];

/// How long an external implementation may take for one check by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// What an implementation decided for one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `true` when the URL may be fetched.
    pub allowed: bool,
    /// The deciding line, if the implementation reports one.
    pub line: Option<u32>,
    /// Why, when the implementation can say.
    pub detail: Option<Detail>,
}

/// An implementation's explanation of an [`Outcome`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The project matcher's full verdict.
    Verdict(rep::Verdict),
    /// Free text (fetch decisions, external programs).
    Text(String),
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::Verdict(verdict) => write!(f, "{verdict}"),
            Detail::Text(text) => f.write_str(text),
        }
    }
}

impl Outcome {
    /// `allowed` or `disallowed`, with the deciding line when there is one.
    pub fn short(&self) -> String {
        let verdict = if self.allowed { "allowed" } else { "disallowed" };
        match self.line {
            Some(line) => format!("{verdict} (line {line})"),
            None => verdict.to_string(),
        }
    }

    /// The explanation, or [`short`](Outcome::short) when there is none.
    pub fn explanation(&self) -> String {
        match &self.detail {
            Some(detail) => detail.to_string(),
            None => self.short(),
        }
    }
}

/// Why an implementation gave no verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImplError {
    /// The implementation cannot answer this kind of check (a fetch case, or
    /// several agents for a one-agent command): reported as "n/a".
    Unsupported(String),
    /// It crashed, hung, threw or answered garbage: reported as an error.
    Failed(String),
}

impl fmt::Display for ImplError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImplError::Unsupported(why) => write!(f, "n/a: {why}"),
            ImplError::Failed(why) => f.write_str(why),
        }
    }
}

/// The answer to one check.
pub type Answer = Result<Outcome, ImplError>;

/// A body an implementation has taken in, ready for checks.
pub trait Loaded {
    /// May any of `agents` fetch `url`?
    fn check(&self, agents: &[&str], url: &str) -> Answer;
}

/// A robots.txt implementation under test.
pub trait Implementation: Send + Sync {
    /// The name used on the command line and in reports.
    fn name(&self) -> &str;

    /// The profile whose expectations it must meet.
    fn claims(&self) -> ProfileId;

    /// Takes in a robots.txt body (parsing it, where the implementation can).
    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_>;

    /// Takes in a simulated fetch of robots.txt: the response and its body.
    /// `None` when the implementation does not model fetching.
    fn load_response(&self, response: &ResponseSpec, body: &[u8]) -> Option<Box<dyn Loaded + '_>> {
        let _ = (response, body);
        None
    }

    /// One check on its own: load `robots`, then check.
    fn check(&self, robots: &[u8], agents: &[&str], url: &str) -> Answer {
        self.load(robots).check(agents, url)
    }
}

/// The built-in implementation called `name`, if there is one.
pub fn built_in(name: &str) -> Option<Box<dyn Implementation>> {
    Some(match name {
        "rep-rfc" => Box::new(RepImpl::rfc()),
        "rep-google" => Box::new(RepImpl::google()),
        "google" => Box::new(GoogleReference),
        _ => return None,
    })
}

/// An answer that is the same for every check (fetch decisions that allow or
/// disallow everything).
struct Fixed(Outcome);

impl Loaded for Fixed {
    fn check(&self, _agents: &[&str], _url: &str) -> Answer {
        Ok(self.0.clone())
    }
}
