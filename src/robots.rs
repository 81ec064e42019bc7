//! The parsed file and the check entry points.

use crate::{Diagnostic, Profile, RuleKind, Verdict};

/// A parsed robots.txt body: groups, rules and diagnostics, ready to check
/// any number of URLs.
#[derive(Clone, Debug)]
pub struct Robots {
    profile: Profile,
    diagnostics: Vec<Diagnostic>,
}

/// One allow or disallow rule as the file wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleView<'a> {
    /// 1-based line number.
    pub line: u32,
    /// Allow or disallow.
    pub kind: RuleKind,
    /// The pattern as written (raw bytes of the value).
    pub pattern: &'a [u8],
}

impl Robots {
    /// Parses `body` under `profile`. Never fails.
    pub fn parse(body: &[u8], profile: Profile) -> Robots {
        let _ = body;
        Robots {
            profile,
            diagnostics: Vec::new(),
        }
    }

    /// Checks one agent (a product token such as `FooBot`) against `url`
    /// (absolute, or a path with optional query).
    pub fn check(&self, agent: &str, url: &str) -> Verdict {
        self.check_bytes(&[agent.as_bytes()], url.as_bytes())
    }

    /// Checks several agents at once: the rules of every group that names any
    /// of them combine (Google's `AllowedByRobots` semantics).
    pub fn check_agents<A: AsRef<str>>(&self, agents: &[A], url: &str) -> Verdict {
        let agents: Vec<&[u8]> = agents.iter().map(|agent| agent.as_ref().as_bytes()).collect();
        self.check_bytes(&agents, url.as_bytes())
    }

    /// [`check_agents`](Robots::check_agents) on raw bytes, for callers whose
    /// agents or URLs are not UTF-8.
    pub fn check_bytes(&self, agents: &[&[u8]], url: &[u8]) -> Verdict {
        let _ = (agents, url);
        todo!()
    }

    /// What the parser noticed, in line order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The profile this body was parsed under.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Every product token named by a user-agent line (as used for matching),
    /// in file order; `*` for global lines.
    pub fn user_agents(&self) -> impl Iterator<Item = &[u8]> + '_ {
        std::iter::empty()
    }

    /// Every allow and disallow rule inside a group, in file order.
    pub fn rules(&self) -> impl Iterator<Item = RuleView<'_>> + '_ {
        std::iter::empty()
    }

    /// The values of `Sitemap` lines, in file order.
    pub fn sitemaps(&self) -> impl Iterator<Item = &[u8]> + '_ {
        std::iter::empty()
    }
}
