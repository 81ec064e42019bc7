//! The implementations under test, behind one trait: the built-ins (the
//! project matcher under any profile, Google's parser) and external programs
//! (a persistent adapter, a per-check command, the bundled third-party
//! parsers).
//!
//! An implementation [`load`](Implementation::load)s a body once and then
//! answers any number of checks against it, so the project matcher parses
//! each body once, while Google's parser keeps its own reparse-per-check
//! model, except where a run asks many checks per body
//! ([`load_for_many_checks`](Implementation::load_for_many_checks)). Implementations that model fetching also load a simulated response
//! ([`load_response`](Implementation::load_response)); the others answer
//! "n/a" for fetch cases.
//!
//! Callers never use a [`Loaded`] directly: [`Prepared`] wraps it and is the
//! one place where a panic inside an implementation becomes an error answer,
//! so the runner, `reptest diff`, `reptest check` and the reports all see the
//! same thing when an implementation misbehaves.

mod adapter;
mod answer;
mod argv;
mod command;
mod patience;
mod prepared;
pub mod process;
mod program;
#[cfg(feature = "google")]
mod reference;
mod remembered;
mod rep_impl;

pub use adapter::Adapter;
pub use answer::{agree, describe, Answer, DecidingLine, Detail, ImplError, Outcome, NO_ANSWER, RAISED_BY_LIBRARY};
pub use argv::{join_command, split_command};
pub use command::{CommandTemplate, ExitCodes};
pub use patience::{Patience, DEFAULT_MAX_ERRORS, NOT_RUN};
pub use prepared::{check_once, guard, Prepared};
pub use program::{External, Program, ASKED_AGAIN, PATIENT_FACTOR};
#[cfg(feature = "google")]
pub use reference::GoogleReference;
pub use remembered::{Remembered, SLOW_ANSWER};
pub use rep_impl::RepImpl;

use crate::case::{ProfileId, ResponseSpec, Tag};
use std::time::Duration;

/// The names of the built-in implementations, in report order.
pub const BUILT_IN: [&str; 3] = ["rep-rfc", "rep-google", "google"];

/// How long an external implementation may take for one check by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// A body an implementation has taken in, ready for checks. Reached through
/// [`Prepared`], which catches panics.
pub trait Loaded {
    /// May any of `agents` fetch `url`? Both as bytes, exactly as the check
    /// gives them.
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer;
}

/// A robots.txt implementation under test.
pub trait Implementation: Send + Sync {
    /// The name used on the command line and in reports.
    fn name(&self) -> &str;

    /// The profile whose expectations it must meet.
    fn claims(&self) -> ProfileId;

    /// The project matcher's profile, for `rep` under any profile: a
    /// difference between two of them can be explained by the switches that
    /// differ (see [`rep::explain`]). `None` for every other implementation.
    fn rep_profile(&self) -> Option<rep::Profile> {
        None
    }

    /// Whether its checks must be asked one at a time in the suite's order:
    /// an implementation whose answers depend on the answers before them
    /// ([`Patience`]) then gives the same results however many threads run.
    fn in_check_order(&self) -> bool {
        false
    }

    /// Gets ready to answer, failing when the implementation cannot run at
    /// all (an external program that cannot start or answer the plainest
    /// check), so a run can stop before it begins.
    fn start(&self) -> Result<(), String> {
        Ok(())
    }

    /// Takes in a robots.txt body (parsing it, where the implementation can).
    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_>;

    /// Takes in a body that will be asked many checks (`reptest diff`, the
    /// report's generated stream): the answers of [`load`](Implementation::load),
    /// by a faster way where the implementation has one. Google's parser
    /// parses such a body once and replays the parse for every check; loaded
    /// as its users call it (`load`), it parses the body again for every check,
    /// which is what the suite, `reptest check` and the benchmarks time.
    fn load_for_many_checks(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        self.load(robots)
    }

    /// Whether it can be asked a check with capability tag `tag`
    /// ([`Tag::is_capability`]); a check with a tag it lacks is n/a without
    /// being asked. Every tag by default: an implementation that cannot
    /// answer a check may still say so itself.
    fn supports(&self, tag: Tag) -> bool {
        let _ = tag;
        true
    }

    /// Takes in a simulated fetch of robots.txt: the response and its body.
    /// `None` when the implementation does not model fetching.
    fn load_response(&self, response: &ResponseSpec, body: &[u8]) -> Option<Box<dyn Loaded + '_>> {
        let _ = (response, body);
        None
    }
}

/// The built-in implementation called `name`, if there is one and this
/// build has it (see [`missing_built_in`]).
pub fn built_in(name: &str) -> Option<Box<dyn Implementation>> {
    Some(match name {
        "rep-rfc" => Box::new(RepImpl::new(rep::Profile::RFC9309)),
        "rep-google" => Box::new(RepImpl::new(rep::Profile::GOOGLE)),
        #[cfg(feature = "google")]
        "google" => Box::new(GoogleReference),
        _ => return None,
    })
}

/// Why the built-in `name` is not in this build, and how to get it; `None`
/// when it is (or when no built-in has that name).
pub fn missing_built_in(name: &str) -> Option<&'static str> {
    match name {
        "google" if cfg!(not(feature = "google")) => Some(
            "this reptest was built without Google's parser (the cargo feature `google` is off); \
             rebuild with it: `cargo install --path harness` from a checkout, which needs a C++17 compiler, \
             abseil, pkg-config and python3 (Debian/Ubuntu: apt-get install g++ libabsl-dev pkg-config python3)",
        ),
        _ => None,
    }
}

/// The `name-version` directory Google's source was unpacked from, when the
/// build used the pinned sdist (an override directory may have no version).
#[cfg(feature = "google")]
pub fn google_version() -> Option<String> {
    std::path::Path::new(rep_reference::SOURCE_DIR)
        .components()
        .rev()
        .filter_map(|part| part.as_os_str().to_str())
        .find(|part| {
            part.rsplit_once('-')
                .is_some_and(|(_, v)| v.starts_with(|c: char| c.is_ascii_digit()))
        })
        .map(str::to_string)
}

/// Google's parser is not in this build: no version.
#[cfg(not(feature = "google"))]
pub fn google_version() -> Option<String> {
    None
}

/// The plainest check there is, which any working parser answers: used to
/// see that an external implementation can run at all.
fn smoke_check(implementation: &dyn Implementation) -> Result<(), String> {
    match check_once(
        implementation,
        b"User-agent: *\nDisallow: /private\n",
        &[b"FooBot"],
        b"https://example.com/",
    ) {
        Err(ImplError::Failed(why)) => Err(why),
        _ => Ok(()),
    }
}

/// An answer that is the same for every check (fetch decisions that allow or
/// disallow everything).
struct Fixed(Outcome);

impl Loaded for Fixed {
    fn check(&self, _agents: &[&[u8]], _url: &[u8]) -> Answer {
        Ok(self.0.clone())
    }
}
