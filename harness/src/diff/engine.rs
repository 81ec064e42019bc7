//! The implementations the differential engine compares, behind one small
//! interface that separates parsing (once per body) from checking (many
//! times), so the project matcher is not charged Google's reparse cost.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use rep::{Profile, Robots};

use crate::implementation::{ImplError, Implementation, Loaded};

/// What one implementation answered for one check.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// A decision and its deciding line.
    Decided {
        /// `true` when the URL may be fetched.
        allowed: bool,
        /// The deciding line, 0 when no rule decided (Google's convention);
        /// `None` when the implementation does not report lines.
        line: Option<u32>,
    },
    /// The implementation panicked or raised an error; the message.
    Failed(String),
    /// The implementation cannot answer this kind of check (a one-agent
    /// command asked about several agents); such checks are skipped.
    Unsupported(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Decided { allowed, line } => {
                f.write_str(if *allowed { "allowed" } else { "disallowed" })?;
                match line {
                    None => f.write_str(", deciding line not reported"),
                    Some(0) => f.write_str(", no deciding line"),
                    Some(line) => write!(f, ", deciding line {line}"),
                }
            }
            Answer::Failed(message) => write!(f, "failed: {message}"),
            Answer::Unsupported(why) => write!(f, "n/a: {why}"),
        }
    }
}

impl Answer {
    /// Whether two answers agree: the same decision and, when both report
    /// one, the same deciding line. An unsupported check agrees with anything.
    pub fn agrees_with(&self, other: &Answer) -> bool {
        match (self, other) {
            (Answer::Unsupported(_), _) | (_, Answer::Unsupported(_)) => true,
            (Answer::Decided { allowed: a, line: la }, Answer::Decided { allowed: b, line: lb }) => {
                a == b && (la.is_none() || lb.is_none() || la == lb)
            }
            _ => self == other,
        }
    }
}

/// An implementation the differential engine can drive.
#[derive(Clone)]
pub enum Engine {
    /// The project matcher under a profile (`rep-google`, `rep-rfc`, or a
    /// preset with switches flipped, used to explain profile differences).
    Rep(Profile),
    /// Google's C++ parser, in process (`google`).
    Google,
    /// Any other implementation of the suite (`--adapter`, `--command`).
    External(Arc<dyn Implementation>),
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Engine {
    /// The names accepted by `--impl`.
    pub const NAMES: [&'static str; 3] = ["rep-google", "rep-rfc", "google"];

    /// The engine called `name`, if any.
    pub fn from_name(name: &str) -> Option<Engine> {
        match name {
            "rep-google" => Some(Engine::Rep(Profile::GOOGLE)),
            "rep-rfc" => Some(Engine::Rep(Profile::RFC9309)),
            "google" => Some(Engine::Google),
            _ => None,
        }
    }

    /// The name used in reports (`rep-custom` for a non-preset profile).
    pub fn name(&self) -> &str {
        match self {
            Engine::Rep(profile) if *profile == Profile::GOOGLE => "rep-google",
            Engine::Rep(profile) if *profile == Profile::RFC9309 => "rep-rfc",
            Engine::Rep(_) => "rep-custom",
            Engine::Google => "google",
            Engine::External(implementation) => implementation.name(),
        }
    }

    /// Gets `body` ready for checks: parsed once for `rep`, kept as bytes
    /// for Google (which parses on every check).
    pub fn prepare<'b>(&'b self, body: &'b [u8]) -> Prepared<'b> {
        match self {
            Engine::Rep(profile) => {
                Prepared::Rep(catch_unwind(|| Robots::parse(body, *profile)).map_err(|panic| panicked(&*panic)))
            }
            Engine::Google => Prepared::Google(body),
            Engine::External(implementation) => Prepared::External(implementation.load(body)),
        }
    }

    /// Parses and checks in one go (for the minimiser and one-off checks).
    pub fn check_once(&self, body: &[u8], agents: &[&[u8]], url: &[u8]) -> Answer {
        self.prepare(body).check(agents, url)
    }
}

/// A body made ready by [`Engine::prepare`].
pub enum Prepared<'b> {
    /// Parsed by `rep`, or the panic message of the parse.
    Rep(Result<Robots, String>),
    /// Google's input, parsed at each check.
    Google(&'b [u8]),
    /// Loaded by an external implementation.
    External(Box<dyn Loaded + 'b>),
}

impl Prepared<'_> {
    /// Checks `agents` against `url`.
    pub fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        match self {
            Prepared::Rep(Err(message)) => Answer::Failed(format!("parse panicked: {message}")),
            Prepared::Rep(Ok(robots)) => match catch_unwind(AssertUnwindSafe(|| robots.check_bytes(agents, url))) {
                Ok(verdict) => Answer::Decided {
                    allowed: verdict.allowed,
                    line: Some(verdict.line().unwrap_or(0)),
                },
                Err(panic) => Answer::Failed(format!("check panicked: {}", panicked(&*panic))),
            },
            Prepared::Google(body) => match rep_reference::check_bytes(body, agents, url) {
                Ok(verdict) => Answer::Decided {
                    allowed: verdict.allowed,
                    line: Some(verdict.matching_line),
                },
                Err(error) => Answer::Failed(error.to_string()),
            },
            Prepared::External(loaded) => {
                let agents: Vec<String> = agents.iter().map(|a| String::from_utf8_lossy(a).into_owned()).collect();
                let agents: Vec<&str> = agents.iter().map(String::as_str).collect();
                match loaded.check(&agents, &String::from_utf8_lossy(url)) {
                    Ok(outcome) => Answer::Decided {
                        allowed: outcome.allowed,
                        line: outcome.line,
                    },
                    Err(ImplError::Unsupported(why)) => Answer::Unsupported(why),
                    Err(ImplError::Failed(why)) => Answer::Failed(why),
                }
            }
        }
    }
}

fn panicked(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_owned())
}
