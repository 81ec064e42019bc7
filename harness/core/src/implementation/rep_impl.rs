//! The project matcher, `rep`, under any profile: `rep-rfc` and `rep-google`
//! are the presets; the differential explainer also runs profiles with
//! single switches flipped.

use super::{Answer, DecidingLine, Detail, Fixed, Implementation, Loaded, Outcome};
use crate::case::{ProfileId, ResponseSpec};
use rep::fetch::{decide, governs, FetchDecision, FetchPolicy, Response};
use rep::{Profile, Robots};

/// The matcher with a profile, and the fetch policy that goes with it.
pub struct RepImpl {
    profile: Profile,
}

impl RepImpl {
    /// The matcher under `profile`.
    pub fn new(profile: Profile) -> RepImpl {
        RepImpl { profile }
    }

    /// Google's crawler policy for the google preset, the RFC's otherwise.
    fn policy(&self) -> FetchPolicy {
        if self.profile == Profile::GOOGLE {
            FetchPolicy::GoogleCrawler
        } else {
            FetchPolicy::Rfc9309
        }
    }
}

struct Parsed(Robots);

impl Loaded for Parsed {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        let verdict = self.0.check_bytes(agents, url);
        Ok(Outcome {
            allowed: verdict.allowed,
            line: verdict.line().map_or(DecidingLine::NoRule, DecidingLine::At),
            detail: Some(Detail::Verdict(verdict)),
        })
    }
}

impl Implementation for RepImpl {
    /// `rep-rfc`, `rep-google`, or `rep-custom` for any other profile.
    fn name(&self) -> &str {
        match self.profile {
            profile if profile == Profile::RFC9309 => "rep-rfc",
            profile if profile == Profile::GOOGLE => "rep-google",
            _ => "rep-custom",
        }
    }

    fn claims(&self) -> ProfileId {
        if self.profile == Profile::GOOGLE {
            ProfileId::Google
        } else {
            ProfileId::Rfc
        }
    }

    fn rep_profile(&self) -> Option<Profile> {
        Some(self.profile)
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(Parsed(Robots::parse(robots, self.profile)))
    }

    fn load_response(&self, response: &ResponseSpec, body: &[u8]) -> Option<Box<dyn Loaded + '_>> {
        let fetched = Response {
            status: response.status,
            redirects: response.redirects,
            body,
            // Without a body of its own the copy is the case's one body,
            // which then stands for whichever of the two the status uses.
            cached: response
                .cached
                .as_ref()
                .map(|cached| cached.body.as_deref().unwrap_or(body)),
            failing_hours: response.failing_hours(),
        };
        let decided: Box<dyn Loaded> = match decide(self.policy(), &fetched) {
            FetchDecision::Parse(kept) => self.load(kept),
            FetchDecision::AllowAll => fixed(true, "robots.txt is unavailable, so every URL may be fetched"),
            FetchDecision::DisallowAll => fixed(false, "robots.txt is unreachable, so no URL may be fetched"),
        };
        Some(match &response.url {
            None => decided,
            Some(robots_url) => Box::new(Scoped {
                robots_url: robots_url.clone(),
                decided,
            }),
        })
    }
}

/// An answer that is the same for every URL the file governs.
fn fixed(allowed: bool, why: &str) -> Box<dyn Loaded> {
    Box::new(Fixed(Outcome {
        allowed,
        line: DecidingLine::NoRule,
        detail: Some(Detail::Text(format!(
            "{}: {why}",
            if allowed { "allowed" } else { "disallowed" }
        ))),
    }))
}

/// A fetch decision for the robots.txt at `robots_url`, which governs only
/// URLs on that authority (RFC 9309 §2.3): any other URL is not restricted
/// by it.
struct Scoped<'a> {
    robots_url: String,
    decided: Box<dyn Loaded + 'a>,
}

impl Loaded for Scoped<'_> {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        if governs(self.robots_url.as_bytes(), url) {
            return self.decided.check(agents, url);
        }
        Ok(Outcome {
            allowed: true,
            line: DecidingLine::NoRule,
            detail: Some(Detail::Text(format!(
                "allowed: {} governs only its own scheme, host and port, and this URL is elsewhere",
                self.robots_url
            ))),
        })
    }
}
