//! `google`: Google's C++ parser, called in-process through `rep-reference`.

use rep_reference::{GoogleParserError, GoogleVerdict, ParsedBody};

use super::{Answer, DecidingLine, ImplError, Implementation, Loaded, Outcome};
use crate::case::ProfileId;

/// Google's open-source parser. Loaded as its users call it
/// ([`load`](Implementation::load)), every check is one `AllowedByRobots`,
/// which parses the body again. Loaded for many checks
/// ([`load_for_many_checks`](Implementation::load_for_many_checks)), the body
/// goes through Google's `ParseRobotsTxt` once and each check replays that
/// parse into Google's matcher ([`ParsedBody`]): the same verdicts, held to
/// each other by `harness/core/tests/google_replay.rs`. It does not model
/// fetching.
pub struct GoogleReference;

/// A body asked with Google's one-call API.
struct OneCall(Vec<u8>);

/// Google's parse of one body, or the exception its parser threw (then
/// every check of that body answers with it).
struct ParsedOnce(Result<ParsedBody, GoogleParserError>);

fn answer(verdict: Result<GoogleVerdict, GoogleParserError>) -> Answer {
    let verdict = verdict.map_err(|error| ImplError::Failed(error.to_string()))?;
    Ok(Outcome::new(
        verdict.allowed,
        DecidingLine::from_google(verdict.matching_line),
    ))
}

impl Loaded for OneCall {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        answer(rep_reference::check_bytes(&self.0, agents, url))
    }
}

impl Loaded for ParsedOnce {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        match &self.0 {
            Ok(parsed) => answer(parsed.check_bytes(agents, url)),
            Err(error) => answer(Err(error.clone())),
        }
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
        Box::new(OneCall(robots.to_vec()))
    }

    fn load_for_many_checks(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(ParsedOnce(ParsedBody::parse(robots)))
    }
}
