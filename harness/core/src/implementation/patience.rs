//! Giving up on an external implementation that keeps failing: after a run
//! of consecutive errors its remaining checks are reported as not run, so a
//! hung parser costs a few timeouts, not one timeout per check.

use super::{Answer, ImplError, Implementation, Loaded};
use crate::case::{ProfileId, ResponseSpec};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Consecutive errors after which an external implementation is given up on,
/// unless `--max-errors` says otherwise.
pub const DEFAULT_MAX_ERRORS: usize = 10;

/// `inner`, given up on after `limit` consecutive errors (never when `limit`
/// is 0). A verdict or an "n/a" resets the count.
pub struct Patience {
    inner: Box<dyn Implementation>,
    limit: usize,
    consecutive: AtomicUsize,
}

impl Patience {
    /// Wraps `inner`.
    pub fn new(inner: Box<dyn Implementation>, limit: usize) -> Patience {
        Patience {
            inner,
            limit,
            consecutive: AtomicUsize::new(0),
        }
    }

    fn given_up(&self) -> bool {
        self.limit > 0 && self.consecutive.load(Ordering::Relaxed) >= self.limit
    }

    fn record(&self, answer: Answer) -> Answer {
        match &answer {
            Err(ImplError::Failed(_)) => {
                self.consecutive.fetch_add(1, Ordering::Relaxed);
            }
            _ => self.consecutive.store(0, Ordering::Relaxed),
        }
        answer
    }

    fn not_run(&self) -> ImplError {
        ImplError::Failed(format!(
            "not run: {} was given up on after {} consecutive errors",
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

    fn start(&self) -> Result<(), String> {
        self.inner.start()
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
}
