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
    /// The byte every path this rule can match has after its leading `/`,
    /// when the pattern fixes it; see [`Robots::by_second_byte`].
    second_byte: Option<u8>,
}

/// The byte a pattern requires right after the path's leading `/`, if any:
/// its own second byte when that is literal. Not for patterns that can
/// match `/` alone through Google's `index.htm` rule (`/index.html` → `/$`).
fn required_second_byte(pattern: &[u8], index_html_slash: Option<usize>) -> Option<u8> {
    match pattern {
        [b'/', second, rest @ ..] if *second != b'*' && !(*second == b'$' && rest.is_empty()) => {
            (index_html_slash != Some(0)).then_some(*second)
        }
        _ => None,
    }
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
    /// For each group, its rule indices (at the group's own positions)
    /// ordered with the always-tried rules first, then by second byte, so a
    /// check tries only the rules that can match its path.
    by_second_byte: Vec<u32>,
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

    fn wants_rules(&self) -> bool {
        true
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
        let slash = index_html_slash(&self.profile, kind, self.bytes(pattern));
        let second_byte = required_second_byte(self.bytes(pattern), slash);
        let index_html_slash = slash.map(|slash| slash as u32);
        self.rules.push(Rule {
            line,
            kind,
            raw,
            pattern,
            index_html_slash,
            second_byte,
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
            by_second_byte: Vec::new(),
            sitemaps: Vec::new(),
            diagnostics: Vec::new(),
        };
        read(body, &profile, &mut robots);
        robots.by_second_byte = (0..robots.rules.len() as u32).collect();
        for group in &robots.groups {
            let range = group.rules.start as usize..group.rules.end as usize;
            // Ties are decided by file position when checking, so the order
            // within one second byte does not matter.
            robots.by_second_byte[range].sort_unstable_by_key(|&index| robots.rules[index as usize].second_byte);
        }
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
        // The groups naming an agent come first, in file order, straight
        // from the user-agent lines (a group's lines are contiguous).
        let mut tally = Tally::EMPTY;
        let (mut agent_named, mut groups_have_rules) = (false, false);
        let mut last_group = None;
        for line in &self.agent_lines {
            let Some(token) = line.token else { continue };
            if last_group == Some(line.group)
                || !agents.iter().any(|agent| agent.eq_ignore_ascii_case(self.bytes(token)))
            {
                continue;
            }
            last_group = Some(line.group);
            agent_named = true;
            groups_have_rules |= self.tally_group(line.group, &path, &mut tally);
        }
        if is_robots_txt(&self.profile, &path) {
            return robots_txt_verdict(agent_named);
        }
        let choice = if agent_named {
            GroupChoice::Specific
        } else if self.global_groups.is_empty() {
            GroupChoice::None
        } else {
            for &group in &self.global_groups {
                groups_have_rules |= self.tally_group(group, &path, &mut tally);
            }
            GroupChoice::Global
        };
        tally.verdict(choice, groups_have_rules, agent_named, |index| {
            let rule = &self.rules[index as usize];
            (rule.line, rule.kind, self.bytes(rule.raw))
        })
    }

    /// Offers to `tally` the rules of `group` that can match `path`;
    /// returns whether the group has any rules.
    fn tally_group(&self, group: u32, path: &[u8], tally: &mut Tally<u32>) -> bool {
        let rules = self.groups[group as usize].rules.clone();
        let ordered = &self.by_second_byte[rules.start as usize..rules.end as usize];
        let second_byte = |index: &u32| self.rules[*index as usize].second_byte;
        let always = ordered.partition_point(|index| second_byte(index).is_none());
        let keyed = &ordered[always..];
        let candidates = match path.get(1) {
            Some(&byte) => {
                let start = keyed.partition_point(|index| second_byte(index) < Some(byte));
                let end = start + keyed[start..].partition_point(|index| second_byte(index) == Some(byte));
                &keyed[start..end]
            }
            None => &[],
        };
        for &index in ordered[..always].iter().chain(candidates) {
            let rule = &self.rules[index as usize];
            if !tally.could_improve(rule.kind, rule.pattern.len as usize, index) {
                continue;
            }
            let slash = rule.index_html_slash.map(|slash| slash as usize);
            if let Some(scored) = score(path, self.bytes(rule.pattern), slash) {
                tally.offer(rule.kind, scored, index, index);
            }
        }
        !rules.is_empty()
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
