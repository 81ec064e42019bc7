//! The parsed file and the check entry points.

use std::ops::Range;

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::evaluate::{
    comparable_path, index_html_slash, is_robots_txt, normalise_pattern, robots_txt_verdict, score, Tally,
};
use crate::reader::{read, Agent, Handler};
use crate::verdict::{GroupChoice, RuleKind, Verdict};
use crate::Profile;

/// A byte range in [`Robots::arena`].
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u32,
}

#[derive(Clone, Debug)]
struct Rule {
    line: u32,
    kind: RuleKind,
    /// The value as written.
    raw: Span,
    /// The value as compared: normalised per the profile.
    pattern: Span,
    /// Google's `index.htm` rule applies, at this `/` of the pattern.
    index_html_slash: Option<u32>,
}

#[derive(Clone, Debug)]
struct Group {
    /// Named by a `*` line.
    global: bool,
    rules: Range<u32>,
}

/// One user-agent line's contribution: `None` for `*`.
#[derive(Clone, Debug)]
struct AgentLine {
    token: Option<Span>,
    group: u32,
}

/// A parsed robots.txt body: groups, rules and diagnostics, ready to check
/// any number of URLs.
///
/// ```
/// use rep::{Profile, Robots};
/// let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /\nAllow: /public\n", Profile::GOOGLE);
/// let verdict = robots.check("foobot", "/public/page");
/// assert!(verdict.allowed);
/// assert_eq!(verdict.line(), Some(3));
/// ```
#[derive(Clone, Debug)]
pub struct Robots {
    profile: Profile,
    /// Every byte string the file keeps (raw and normalised patterns,
    /// agent tokens, sitemaps), so parsing allocates a handful of vectors
    /// rather than one string per rule.
    arena: Vec<u8>,
    rules: Vec<Rule>,
    groups: Vec<Group>,
    agent_lines: Vec<AgentLine>,
    global_groups: Vec<u32>,
    sitemaps: Vec<Span>,
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

/// Builds a [`Robots`] from the reader's events.
impl<'a> Handler<'a> for Robots {
    const WANTS_NOTES: bool = true;

    fn note(&mut self, line: u32, kind: DiagnosticKind) {
        self.diagnostics.push(Diagnostic { line, kind });
    }

    fn group_start(&mut self) {
        let at = self.rules.len() as u32;
        self.groups.push(Group {
            global: false,
            rules: at..at,
        });
    }

    fn agent(&mut self, _line: u32, agent: Agent<'a>) {
        let group = (self.groups.len() - 1) as u32;
        let token = match agent {
            Agent::Global => {
                if !self.groups[group as usize].global {
                    self.groups[group as usize].global = true;
                    self.global_groups.push(group);
                }
                None
            }
            Agent::Token(token) => Some(self.store(token)),
        };
        self.agent_lines.push(AgentLine { token, group });
    }

    fn rule(&mut self, line: u32, kind: RuleKind, value: &'a [u8], may_need_escaping: bool) {
        let raw = self.store(value);
        let start = self.arena.len();
        let pattern = if normalise_pattern(&self.profile, value, may_need_escaping, &mut self.arena) {
            Span {
                start: start as u32,
                len: (self.arena.len() - start) as u32,
            }
        } else {
            raw
        };
        let index_html_slash = index_html_slash(&self.profile, kind, self.bytes(pattern)).map(|slash| slash as u32);
        self.rules.push(Rule {
            line,
            kind,
            raw,
            pattern,
            index_html_slash,
        });
        if let Some(group) = self.groups.last_mut() {
            group.rules.end += 1;
        }
    }

    fn sitemap(&mut self, value: &'a [u8]) {
        let span = self.store(value);
        self.sitemaps.push(span);
    }
}

impl Robots {
    /// Parses `body` under `profile`. Never fails: whatever cannot be used is
    /// reported in [`diagnostics`](Robots::diagnostics).
    pub fn parse(body: &[u8], profile: Profile) -> Robots {
        let mut robots = Robots {
            profile,
            arena: Vec::with_capacity(body.len() / 2),
            rules: Vec::new(),
            groups: Vec::new(),
            agent_lines: Vec::new(),
            global_groups: Vec::new(),
            sitemaps: Vec::new(),
            diagnostics: Vec::new(),
        };
        read(body, &profile, &mut robots);
        robots
    }

    fn store(&mut self, bytes: &[u8]) -> Span {
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(bytes);
        Span {
            start,
            len: bytes.len() as u32,
        }
    }

    fn bytes(&self, span: Span) -> &[u8] {
        &self.arena[span.start as usize..(span.start + span.len) as usize]
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
        let path = comparable_path(&self.profile, url);
        let specific = self.groups_naming(agents);
        let agent_named = !specific.is_empty();
        if is_robots_txt(&self.profile, &path) {
            return robots_txt_verdict(agent_named);
        }
        let (groups, choice): (&[u32], _) = if agent_named {
            (&specific, GroupChoice::Specific)
        } else if !self.global_groups.is_empty() {
            (&self.global_groups, GroupChoice::Global)
        } else {
            (&[], GroupChoice::None)
        };
        let mut tally = Tally::EMPTY;
        let mut groups_have_rules = false;
        for &group in groups {
            let rules = self.groups[group as usize].rules.clone();
            groups_have_rules |= !rules.is_empty();
            for index in rules {
                let rule = &self.rules[index as usize];
                if let Some(scored) = score(
                    &path,
                    self.bytes(rule.pattern),
                    rule.index_html_slash.map(|s| s as usize),
                ) {
                    tally.offer(rule.kind, scored, index);
                }
            }
        }
        tally.verdict(choice, groups_have_rules, agent_named, |index| {
            let rule = &self.rules[index as usize];
            (rule.line, rule.kind, self.bytes(rule.raw))
        })
    }

    /// Indices of the groups naming any of `agents`, ascending, without
    /// repeats (a group's agent lines are contiguous and in file order).
    fn groups_naming(&self, agents: &[&[u8]]) -> Vec<u32> {
        let mut found: Vec<u32> = Vec::new();
        for line in &self.agent_lines {
            let Some(token) = line.token else { continue };
            if found.last() == Some(&line.group) {
                continue;
            }
            let token = self.bytes(token);
            if agents.iter().any(|agent| agent.eq_ignore_ascii_case(token)) {
                found.push(line.group);
            }
        }
        found
    }

    /// What the parser noticed, in line order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The profile this body was parsed under.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Every agent named by a user-agent line, as used for matching (the
    /// product token), in file order; `*` for the global group.
    pub fn user_agents(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.agent_lines
            .iter()
            .map(|line| line.token.map_or(&b"*"[..], |token| self.bytes(token)))
    }

    /// Every allow and disallow rule inside a group, in file order.
    pub fn rules(&self) -> impl Iterator<Item = RuleView<'_>> + '_ {
        self.rules.iter().map(|rule| RuleView {
            line: rule.line,
            kind: rule.kind,
            pattern: self.bytes(rule.raw),
        })
    }

    /// The values of `Sitemap` lines, in file order.
    pub fn sitemaps(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.sitemaps.iter().map(|&span| self.bytes(span))
    }
}
