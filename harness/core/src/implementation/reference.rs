//! `google`: Google's C++ parser, called in-process through `rep-reference`.

use rep_reference::{GoogleParserError, ParsedBody};

use super::{Answer, DecidingLine, ImplError, Implementation, Loaded, Outcome};
use crate::case::ProfileId;

/// Google's open-source parser. A loaded body is parsed once by Google's
/// `ParseRobotsTxt` and each check replays that parse into Google's matcher
/// ([`ParsedBody`]), which decides as its one-call `AllowedByRobots` does.
/// It does not model fetching.
pub struct GoogleReference;

/// Google's parse of one body, or the exception its parser threw (then
/// every check of that body answers with it).
struct Body(Result<ParsedBody, GoogleParserError>);

fn failed(error: &GoogleParserError) -> ImplError {
    ImplError::Failed(error.to_string())
}

impl Loaded for Body {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        let parsed = self.0.as_ref().map_err(failed)?;
        let verdict = parsed.check_bytes(agents, url).map_err(|error| failed(&error))?;
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
        Box::new(Body(ParsedBody::parse(robots)))
    }
}
