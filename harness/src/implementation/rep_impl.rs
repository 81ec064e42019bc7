//! The project matcher, `rep`, under one of its two profiles.

use super::{Answer, Detail, Fixed, Implementation, Loaded, Outcome};
use crate::case::{ProfileId, ResponseSpec};
use rep::fetch::{decide, FetchDecision, FetchPolicy, Response};
use rep::{Profile, Robots};

/// `rep-rfc` or `rep-google`: the matcher with a profile and the matching
/// fetch policy.
pub struct RepImpl {
    name: &'static str,
    profile: Profile,
    policy: FetchPolicy,
    claims: ProfileId,
}

impl RepImpl {
    /// `rep-rfc`: RFC 9309 as written.
    pub fn rfc() -> RepImpl {
        RepImpl {
            name: "rep-rfc",
            profile: Profile::RFC9309,
            policy: FetchPolicy::Rfc9309,
            claims: ProfileId::Rfc,
        }
    }

    /// `rep-google`: Google's parser and crawler.
    pub fn google() -> RepImpl {
        RepImpl {
            name: "rep-google",
            profile: Profile::GOOGLE,
            policy: FetchPolicy::GoogleCrawler,
            claims: ProfileId::Google,
        }
    }
}

struct Parsed(Robots);

impl Loaded for Parsed {
    fn check(&self, agents: &[&str], url: &str) -> Answer {
        let agents: Vec<&[u8]> = agents.iter().map(|agent| agent.as_bytes()).collect();
        let verdict = self.0.check_bytes(&agents, url.as_bytes());
        Ok(Outcome {
            allowed: verdict.allowed,
            line: verdict.line(),
            detail: Some(Detail::Verdict(verdict)),
        })
    }
}

impl Implementation for RepImpl {
    fn name(&self) -> &str {
        self.name
    }

    fn claims(&self) -> ProfileId {
        self.claims
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(Parsed(Robots::parse(robots, self.profile)))
    }

    fn load_response(&self, response: &ResponseSpec, body: &[u8]) -> Option<Box<dyn Loaded + '_>> {
        let response = Response {
            status: response.status,
            redirects: response.redirects,
            body,
        };
        let fixed = |allowed: bool, why: &str| -> Box<dyn Loaded> {
            Box::new(Fixed(Outcome {
                allowed,
                line: None,
                detail: Some(Detail::Text(format!(
                    "{}: {why}",
                    if allowed { "allowed" } else { "disallowed" }
                ))),
            }))
        };
        Some(match decide(self.policy, &response) {
            FetchDecision::Parse(kept) => self.load(kept),
            FetchDecision::AllowAll => fixed(true, "robots.txt is unavailable, so every URL may be fetched"),
            FetchDecision::DisallowAll => fixed(false, "robots.txt is unreachable, so no URL may be fetched"),
        })
    }
}
