//! `google`: Google's C++ parser, called in-process through `rep-reference`.

use super::{Answer, DecidingLine, ImplError, Implementation, Loaded, Outcome};
use crate::case::ProfileId;

/// Google's open-source parser. It parses the body on every check (its own
/// usage model) and does not model fetching.
pub struct GoogleReference;

struct Body(Vec<u8>);

impl Loaded for Body {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        let verdict = rep_reference::check_bytes(&self.0, agents, url).map_err(|e| ImplError::Failed(e.to_string()))?;
        Ok(Outcome::new(
            verdict.allowed,
            DecidingLine::from_google(verdict.matching_line),
        ))
    }
}

impl Implementation for GoogleReference {
    fn name(&self) -> &str {
        "google"
    }

    fn claims(&self) -> ProfileId {
        ProfileId::Google
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(Body(robots.to_vec()))
    }
}
