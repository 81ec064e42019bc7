//! The parsed file: what it keeps, how parsing fills it (`build`), how a
//! check reads it (`check`), and one stored rule (`rule`).

use std::ops::Range;

use crate::reader::read;
use crate::verdict::RuleKind;
use crate::Profile;

use rule::Rule;

mod build;
mod check;
mod rule;

/// A byte range in [`Robots::arena`].
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u32,
}

#[derive(Clone, Debug)]
struct Group {
    /// Named by a `*` line.
    global: bool,
    rules: Range<u32>,
    /// Where the group's keyed rules start (see [`Rule::keyed`]): the
    /// rules before are tried for every path.
    keyed_start: u32,
}

/// One user-agent line's contribution: `None` for `*`.
#[derive(Clone, Debug)]
struct AgentLine {
    token: Option<Span>,
    group: u32,
}

/// A user-agent line that names a product token, and its group.
#[derive(Clone, Copy, Debug)]
struct Named {
    token: Span,
    group: u32,
}

/// A parsed robots.txt body: groups, rules and sitemaps, ready to check any
/// number of URLs. What the parser noticed on the way is
/// [`diagnose`](crate::diagnose)'s to say.
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
    /// Each group's rules (at the group's own positions) ordered with the
    /// rules that fix no second byte first, then by second byte, so a check
    /// tries only the rules that can match its path; ties between rules are
    /// decided by line, so this order changes no verdict.
    rules: Vec<Rule>,
    groups: Vec<Group>,
    /// The user-agent lines in file order.
    agent_lines: Vec<AgentLine>,
    /// The lines of `agent_lines` that name a token, ordered by the token's
    /// length (file order within a length), so a check finds the lines
    /// that can name its agent without reading the others.
    named: Vec<Named>,
    global_groups: Vec<u32>,
    sitemaps: Vec<Span>,
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
    /// Parses `body` under `profile`. Never fails: whatever cannot be used is
    /// left out, and [`diagnose`](crate::diagnose) says what and why.
    pub fn parse(body: &[u8], profile: Profile) -> Robots {
        let mut robots = Robots {
            profile,
            arena: Vec::with_capacity(body.len() / 2),
            rules: Vec::new(),
            groups: Vec::new(),
            agent_lines: Vec::new(),
            named: Vec::new(),
            global_groups: Vec::new(),
            sitemaps: Vec::new(),
        };
        read(body, &profile, &mut robots);
        robots.named = robots
            .agent_lines
            .iter()
            .filter_map(|line| {
                line.token.map(|token| Named {
                    token,
                    group: line.group,
                })
            })
            .collect();
        robots.named.sort_by_key(|named| named.token.len);
        for group in &mut robots.groups {
            let rules = &mut robots.rules[group.rules.start as usize..group.rules.end as usize];
            rules.sort_unstable_by_key(Rule::second_byte);
            group.keyed_start = group.rules.start + rules.partition_point(|rule| !rule.keyed) as u32;
        }
        robots.shrink_to_fit();
        robots
    }

    /// Gives back what the vectors reserved while growing: a parsed file
    /// may be kept for long, and the slack is up to half of each vector.
    fn shrink_to_fit(&mut self) {
        self.arena.shrink_to_fit();
        self.rules.shrink_to_fit();
        self.groups.shrink_to_fit();
        self.agent_lines.shrink_to_fit();
        self.named.shrink_to_fit();
        self.global_groups.shrink_to_fit();
        self.sitemaps.shrink_to_fit();
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
        // Within a group the rules are kept in matching order; a rule's
        // line is its place in the file.
        let mut in_file_order: Vec<&Rule> = self.rules.iter().collect();
        in_file_order.sort_unstable_by_key(|rule| rule.line);
        in_file_order.into_iter().map(|rule| RuleView {
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
