//! What the two kinds of external implementation share — a program, its
//! name, the profile it claims and how long one check may take — and the
//! one `Implementation` they both are: they differ only in how a body is
//! loaded (a persistent adapter, or a file handed to a command per check).

use super::{smoke_check, Answer, ImplError, Implementation, Loaded, NO_ANSWER};
use crate::case::{ProfileId, Tag};
use std::time::Duration;

/// How an adapter's transport fault's message ends during a run: the next
/// check starts a fresh process. Start-up failures leave it out (nothing
/// runs on).
pub(super) const RESTARTS: &str = "; it restarts for the next check";

/// How many times its timeout a check that found no answer in time gets
/// when it is asked again.
pub const PATIENT_FACTOR: u32 = 4;

/// What the message of a check that found no answer in time, twice, says
/// of the second time (after [`NO_ANSWER`] and both limits).
pub const ASKED_AGAIN: &str = "when asked again";

/// An external program under test.
pub struct Program {
    /// The name used on the command line and in reports.
    pub name: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The profile it claims.
    pub claims: ProfileId,
    /// How long one check may take.
    pub timeout: Duration,
}

impl Program {
    /// Asks `ask` within the timeout, and once more within
    /// [`PATIENT_FACTOR`] times it when the first time found no answer: a
    /// parse slower than the limit on a busy machine (a large file, other
    /// parsers measured side by side) is not a hang, and whether a check is
    /// recorded as an error must not depend on the machine's load. A check
    /// that finds no answer twice is an error whose message names both limits.
    pub fn patiently(&self, ask: impl Fn(Duration) -> Answer) -> Answer {
        let first = ask(self.timeout);
        if !matches!(&first, Err(ImplError::Failed(message)) if message.starts_with(NO_ANSWER)) {
            return first;
        }
        let longer = self.timeout * PATIENT_FACTOR;
        match ask(longer) {
            Err(ImplError::Failed(message)) if message.starts_with(NO_ANSWER) => {
                let rest = message
                    .strip_prefix(&format!("{NO_ANSWER} {longer:?}"))
                    .unwrap_or_default();
                Err(ImplError::Failed(format!(
                    "{NO_ANSWER} {:?}, nor within {longer:?} {ASKED_AGAIN}{rest}",
                    self.timeout
                )))
            }
            answer => answer,
        }
    }
}

/// An external implementation: a [`Program`] and how it takes in a body.
pub trait External: Send + Sync {
    /// The program.
    fn program(&self) -> &Program;

    /// Takes in a robots.txt body for the checks that follow.
    fn load_body(&self, robots: &[u8]) -> Box<dyn Loaded + '_>;

    /// Whether it can be asked checks with capability tag `tag`
    /// ([`Implementation::supports`]).
    fn supports_tag(&self, tag: Tag) -> bool {
        let _ = tag;
        true
    }
}

impl<T: External> Implementation for T {
    fn name(&self) -> &str {
        &self.program().name
    }

    fn claims(&self) -> ProfileId {
        self.program().claims
    }

    fn supports(&self, tag: Tag) -> bool {
        self.supports_tag(tag)
    }

    /// Fails unless the program answers the plainest check.
    fn start(&self) -> Result<(), String> {
        smoke_check(self).map_err(|why| {
            let why = why.strip_suffix(RESTARTS).unwrap_or(&why);
            format!("`{}` cannot answer a plain check: {why}", self.program().argv.join(" "))
        })
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        self.load_body(robots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::{DecidingLine, Outcome};
    use std::cell::RefCell;

    fn program(timeout: Duration) -> Program {
        Program {
            name: "fake".into(),
            argv: vec!["fake".into()],
            claims: ProfileId::Rfc,
            timeout,
        }
    }

    /// A fake implementation that needs `needs` to answer: asked within a
    /// shorter limit, it gives up as an adapter does; every limit it is
    /// given is noted.
    fn slow(needs: Duration, limits: &RefCell<Vec<Duration>>) -> impl Fn(Duration) -> Answer + '_ {
        move |limit| {
            limits.borrow_mut().push(limit);
            if limit >= needs {
                Ok(Outcome::new(true, DecidingLine::NotReported))
            } else {
                Err(ImplError::Failed(format!(
                    "{NO_ANSWER} {limit:?}; the adapter was stopped"
                )))
            }
        }
    }

    #[test]
    fn a_check_slower_than_the_limit_is_asked_again_with_a_longer_one() {
        let limits = RefCell::new(Vec::new());
        let answer = program(Duration::from_secs(30)).patiently(slow(Duration::from_millis(31_500), &limits));
        assert_eq!(answer.map(|outcome| outcome.allowed), Ok(true));
        assert_eq!(*limits.borrow(), [Duration::from_secs(30), Duration::from_secs(120)]);
    }

    #[test]
    fn a_check_without_an_answer_twice_names_both_limits() {
        let limits = RefCell::new(Vec::new());
        let answer = program(Duration::from_secs(5)).patiently(slow(Duration::from_secs(3600), &limits));
        assert_eq!(
            answer,
            Err(ImplError::Failed(
                "no answer within 5s, nor within 20s when asked again; the adapter was stopped".into()
            ))
        );
        assert_eq!(limits.borrow().len(), 2, "asked twice, no more");
    }

    #[test]
    fn answers_and_other_errors_are_asked_once() {
        let asked = RefCell::new(0);
        let ask = |answer: Answer| {
            program(Duration::from_secs(5)).patiently(|_| {
                *asked.borrow_mut() += 1;
                answer.clone()
            })
        };
        let crash = Err(ImplError::Failed("the adapter exited (signal 11)".into()));
        assert_eq!(ask(crash.clone()), crash);
        let fast = Ok(Outcome::new(false, DecidingLine::NoRule));
        assert_eq!(ask(fast.clone()), fast);
        assert_eq!(*asked.borrow(), 2);
    }
}
