//! Giving up on an external implementation that keeps failing: after a run
//! of consecutive transport faults its remaining checks are reported as not
//! run, so a hung parser costs a few timeouts, not one timeout per check.
//!
//! Only faults of the transport count (no answer in time, an unreadable
//! answer, an exit or a crash, a wrong id): an error the library itself
//! raised and the adapter reported is an answer. The checks are asked in
//! the suite's order ([`Implementation::in_check_order`]), so where the
//! count runs out never depends on threads.

use super::{Answer, ImplError, Implementation, Loaded, RAISED_BY_LIBRARY};
use crate::case::{ProfileId, ResponseSpec};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How the answer to a check that was not run starts.
pub const NOT_RUN: &str = "not run: ";

/// Consecutive errors after which an external implementation is given up on,
/// unless `--max-errors` says otherwise.
pub const DEFAULT_MAX_ERRORS: usize = 10;

/// `inner`, given up on after `limit` consecutive transport faults (never
/// when `limit` is 0). Any other answer — a verdict, "n/a", an error the
/// library raised — resets the count.
pub struct Patience {
    inner: Box<dyn Implementation>,
    limit: usize,
    consecutive: AtomicUsize,
    /// The last transport fault: the reason given with "not run".
    last_fault: Mutex<String>,
}

impl Patience {
    /// Wraps `inner`.
    pub fn new(inner: Box<dyn Implementation>, limit: usize) -> Patience {
        Patience {
            inner,
            limit,
            consecutive: AtomicUsize::new(0),
            last_fault: Mutex::new(String::new()),
        }
    }

    fn given_up(&self) -> bool {
        self.limit > 0 && self.consecutive.load(Ordering::Relaxed) >= self.limit
    }

    fn record(&self, answer: Answer) -> Answer {
        match &answer {
            Err(ImplError::Failed(why)) if !why.starts_with(RAISED_BY_LIBRARY) => {
                self.consecutive.fetch_add(1, Ordering::Relaxed);
                *self.last_fault.lock().unwrap_or_else(|p| p.into_inner()) = why.clone();
            }
            _ => self.consecutive.store(0, Ordering::Relaxed),
        }
        answer
    }

    fn not_run(&self) -> ImplError {
        let last = self.last_fault.lock().unwrap_or_else(|p| p.into_inner()).clone();
        ImplError::Failed(format!(
            "{NOT_RUN}{} was given up on after {} consecutive transport faults (the last: {last})",
            self.inner.name(),
            self.limit
        ))
    }
}

struct Watched<'a> {
    patience: &'a Patience,
    inner: Box<dyn Loaded + 'a>,
}

impl Loaded for Watched<'_> {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        if self.patience.given_up() {
            return Err(self.patience.not_run());
        }
        self.patience.record(self.inner.check(agents, url))
    }
}

impl Implementation for Patience {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn claims(&self) -> ProfileId {
        self.inner.claims()
    }

    fn in_check_order(&self) -> bool {
        true
    }

    fn start(&self) -> Result<(), String> {
        self.inner.start()
    }

    fn supports(&self, tag: crate::case::Tag) -> bool {
        self.inner.supports(tag)
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(Watched {
            patience: self,
            inner: self.inner.load(robots),
        })
    }

    fn load_response(&self, response: &ResponseSpec, body: &[u8]) -> Option<Box<dyn Loaded + '_>> {
        let inner = self.inner.load_response(response, body)?;
        Some(Box::new(Watched { patience: self, inner }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::check_once;

    struct AlwaysFails;

    impl Loaded for AlwaysFails {
        fn check(&self, _agents: &[&[u8]], url: &[u8]) -> Answer {
            match url {
                b"/ok" => Err(ImplError::Unsupported("not this one".into())),
                b"/raised" => Err(ImplError::Failed(format!("{RAISED_BY_LIBRARY}ValueError"))),
                _ => Err(ImplError::Failed("boom".into())),
            }
        }
    }

    impl Implementation for AlwaysFails {
        fn name(&self) -> &str {
            "fails"
        }

        fn claims(&self) -> ProfileId {
            ProfileId::Rfc
        }

        fn load(&self, _robots: &[u8]) -> Box<dyn Loaded + '_> {
            Box::new(AlwaysFails)
        }
    }

    #[test]
    fn gives_up_after_the_limit_and_only_on_consecutive_errors() {
        let patient = Patience::new(Box::new(AlwaysFails), 3);
        let ask = |url: &[u8]| check_once(&patient, b"", &[b"A"], url);
        assert_eq!(ask(b"/x"), Err(ImplError::Failed("boom".into())));
        assert_eq!(ask(b"/x"), Err(ImplError::Failed("boom".into())));
        assert!(matches!(ask(b"/ok"), Err(ImplError::Unsupported(_))));
        assert_eq!(ask(b"/x"), Err(ImplError::Failed("boom".into())));
        assert_eq!(ask(b"/x"), Err(ImplError::Failed("boom".into())));
        assert_eq!(ask(b"/x"), Err(ImplError::Failed("boom".into())));
        assert!(matches!(ask(b"/x"), Err(ImplError::Failed(why)) if why.starts_with("not run: fails was given up")));
    }

    #[test]
    fn errors_the_library_raised_are_answers_and_never_count() {
        let patient = Patience::new(Box::new(AlwaysFails), 2);
        let ask = |url: &[u8]| check_once(&patient, b"", &[b"A"], url);
        for _ in 0..5 {
            assert!(matches!(ask(b"/raised"), Err(ImplError::Failed(why)) if why.contains("ValueError")));
        }
        assert_eq!(ask(b"/x"), Err(ImplError::Failed("boom".into())));
        assert!(matches!(ask(b"/raised"), Err(ImplError::Failed(why)) if why.contains("ValueError")));
        assert_eq!(
            ask(b"/x"),
            Err(ImplError::Failed("boom".into())),
            "the raised error reset the count"
        );
        assert!(
            patient.in_check_order(),
            "its answers depend on the order of the checks"
        );
    }
}
