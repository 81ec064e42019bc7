//! A body taken in by an implementation, ready for checks, with panics
//! turned into error answers: the only place they are caught.

use super::{Answer, ImplError, Implementation, Loaded};
use crate::case::ResponseSpec;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `work`, turning a panic into [`ImplError::Failed`] with its message.
/// Panics in implementations are bugs to report, not reasons to lose a run.
pub fn guard<T>(work: impl FnOnce() -> T) -> Result<T, ImplError> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        ImplError::Failed(format!("the implementation panicked: {message}"))
    })
}

/// A body (or simulated response) an implementation has taken in. Checks on
/// it never panic: a panic while loading or checking is an error answer.
pub struct Prepared<'a> {
    loaded: Result<Box<dyn Loaded + 'a>, ImplError>,
}

impl<'a> Prepared<'a> {
    /// `implementation` takes in `robots`.
    pub fn body(implementation: &'a dyn Implementation, robots: &[u8]) -> Prepared<'a> {
        Prepared {
            loaded: guard(|| implementation.load(robots)),
        }
    }

    /// `implementation` takes in `robots`, to be asked many checks
    /// ([`Implementation::load_for_many_checks`]).
    pub fn body_for_many_checks(implementation: &'a dyn Implementation, robots: &[u8]) -> Prepared<'a> {
        Prepared {
            loaded: guard(|| implementation.load_for_many_checks(robots)),
        }
    }

    /// `implementation` takes in a simulated response, or the body alone when
    /// there is none; "n/a" for an implementation that does not model
    /// fetching.
    pub fn case(implementation: &'a dyn Implementation, response: Option<&ResponseSpec>, body: &[u8]) -> Prepared<'a> {
        let Some(response) = response else {
            return Prepared::body(implementation, body);
        };
        let loaded = guard(|| implementation.load_response(response, body))
            .and_then(|loaded| loaded.ok_or_else(|| ImplError::Unsupported("does not model fetching".into())));
        Prepared { loaded }
    }

    /// May any of `agents` fetch `url`?
    pub fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        match &self.loaded {
            Ok(loaded) => guard(|| loaded.check(agents, url)).and_then(|answer| answer),
            Err(error) => Err(error.clone()),
        }
    }
}

/// One check on its own: `implementation` takes in `robots`, then answers.
pub fn check_once(implementation: &dyn Implementation, robots: &[u8], agents: &[&[u8]], url: &[u8]) -> Answer {
    Prepared::body(implementation, robots).check(agents, url)
}
