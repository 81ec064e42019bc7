//! The implementations the differential engine compares, behind one small
//! interface that separates parsing (once per body) from checking (many
//! times), so the project matcher is not charged Google's reparse cost.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rep::{Profile, Robots};

/// What one implementation answered for one check.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// A decision and its deciding line (0 when no rule decided).
    Decided {
        /// `true` when the URL may be fetched.
        allowed: bool,
        /// The deciding line; 0 when none (Google's convention).
        line: u32,
    },
    /// The implementation panicked or raised an error; the message.
    Failed(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Decided { allowed, line } => {
                f.write_str(if *allowed { "allowed" } else { "disallowed" })?;
                if *line == 0 {
                    f.write_str(", no deciding line")
                } else {
                    write!(f, ", deciding line {line}")
                }
            }
            Answer::Failed(message) => write!(f, "failed: {message}"),
        }
    }
}

/// An implementation the differential engine can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The project matcher under a profile (`rep-google`, `rep-rfc`, or a
    /// preset with switches flipped, used to explain profile differences).
    Rep(Profile),
    /// Google's C++ parser, in process (`google`).
    Google,
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
    pub fn name(&self) -> &'static str {
        match self {
            Engine::Rep(profile) if *profile == Profile::GOOGLE => "rep-google",
            Engine::Rep(profile) if *profile == Profile::RFC9309 => "rep-rfc",
            Engine::Rep(_) => "rep-custom",
            Engine::Google => "google",
        }
    }

    /// Gets `body` ready for checks: parsed once for `rep`, kept as bytes
    /// for Google (which parses on every check).
    pub fn prepare<'b>(&self, body: &'b [u8]) -> Prepared<'b> {
        match self {
            Engine::Rep(profile) => {
                Prepared::Rep(catch_unwind(|| Robots::parse(body, *profile)).map_err(|panic| panicked(&*panic)))
            }
            Engine::Google => Prepared::Google(body),
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
}

impl Prepared<'_> {
    /// Checks `agents` against `url`.
    pub fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        match self {
            Prepared::Rep(Err(message)) => Answer::Failed(format!("parse panicked: {message}")),
            Prepared::Rep(Ok(robots)) => match catch_unwind(AssertUnwindSafe(|| robots.check_bytes(agents, url))) {
                Ok(verdict) => Answer::Decided {
                    allowed: verdict.allowed,
                    line: verdict.line().unwrap_or(0),
                },
                Err(panic) => Answer::Failed(format!("check panicked: {}", panicked(&*panic))),
            },
            Prepared::Google(body) => match rep_reference::check_bytes(body, agents, url) {
                Ok(verdict) => Answer::Decided {
                    allowed: verdict.allowed,
                    line: verdict.matching_line,
                },
                Err(error) => Answer::Failed(error.to_string()),
            },
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
