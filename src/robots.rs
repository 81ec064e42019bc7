//! The parsed file and the check entry points.

use std::ops::Range;

use crate::evaluate::{
    comparable_path, index_html_slash, is_robots_txt, normalise_pattern, robots_txt_verdict, score, ComparablePath,
    Tally,
};
use crate::pattern::LiteralStart;
use crate::reader::{read, Agent, Handler};
use crate::verdict::{GroupChoice, RuleKind, Verdict};
use crate::Profile;

/// A byte range in [`Robots::arena`].
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u32,
}

/// One rule, in 32 bytes: parsed files hold many, and their size is most of
/// a parsed file's heap.
#[derive(Clone, Debug)]
struct Rule {
    /// The first (up to eight) bytes of the pattern's literal start, as a
    /// little-endian word: see [`Rule::may_match`].
    head: u64,
    /// The line, which is also the rule's position in the file for ties.
    line: u32,
    /// The value as written.
    raw: Span,
    /// The length of the value as compared (normalised per the profile). It
    /// follows `raw` in the arena when `normalised`, else it is `raw` itself.
    pattern_len: u32,
    /// The length of the pattern's literal start (before its first `*`,
    /// without a final `$`).
    literal_len: u32,
    kind: RuleKind,
    normalised: bool,
    /// Google's `index.htm` rule applies to the pattern (its `/` is found
    /// again when the pattern itself fails, which is rare).
    index_html: bool,
    /// Every path this rule can match has the pattern's second byte (the
    /// second byte of `head`) right after its leading `/`; see
    /// [`Robots::tally_group`].
    keyed: bool,
}

/// The first (up to) eight bytes of `bytes` as a little-endian word, zero
/// padded.
fn head_word(bytes: &[u8]) -> u64 {
    let word: [u8; 8] = match bytes.get(..8).and_then(|first| first.try_into().ok()) {
        Some(first) => first,
        None => {
            let mut word = [0; 8];
            word[..bytes.len()].copy_from_slice(bytes);
            word
        }
    };
    u64::from_le_bytes(word)
}

/// The part of a pattern every match must start with: up to its first `*`,
/// without a final `$` (the end anchor).
fn literal_start(pattern: &[u8]) -> &[u8] {
    let body = pattern.strip_suffix(b"$").unwrap_or(pattern);
    body.split(|&byte| byte == b'*').next().unwrap_or(body)
}

impl Rule {
    fn pattern(&self) -> Span {
        let start = if self.normalised {
            self.raw.start + self.raw.len
        } else {
            self.raw.start
        };
        Span {
            start,
            len: self.pattern_len,
        }
    }

    fn second_byte(&self) -> Option<u8> {
        self.keyed.then_some((self.head >> 8) as u8)
    }

    /// How many bytes of `head` are the pattern's.
    fn head_len(&self) -> usize {
        (self.literal_len as usize).min(8)
    }

    /// Whether the rule may match a path whose first bytes are `path_head`
    /// (see [`head_word`]): one comparison rules out most rules before the
    /// matcher is called. The `index.htm` directory is shorter than the
    /// pattern, so such rules are always left to the matcher.
    fn may_match(&self, path_head: u64, path_len: usize) -> bool {
        if self.index_html {
            return true;
        }
        let length = self.head_len();
        let mask = u64::MAX.checked_shr(64 - 8 * length as u32).unwrap_or(0);
        path_len >= length && (path_head ^ self.head) & mask == 0
    }

    /// What [`Rule::may_match`] has shown of the literal start.
    fn literal_start(&self) -> LiteralStart {
        LiteralStart {
            len: self.literal_len as usize,
            known_equal: if self.index_html { 0 } else { self.head_len() },
        }
    }
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
    /// agent tokens, sitemaps), so parsing
    /// allocates a handful of vectors rather than one string per rule.
    arena: Vec<u8>,
    /// Each group's rules (at the group's own positions) ordered with the
    /// rules that fix no second byte first, then by second byte, so a check
    /// tries only the rules that can match its path; ties between rules are
    /// decided by line, so this order changes no verdict.
    rules: Vec<Rule>,
    groups: Vec<Group>,
    agent_lines: Vec<AgentLine>,
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

/// Builds a [`Robots`] from the reader's events.
impl<'a> Handler<'a> for Robots {
    const WANTS_NOTES: bool = false;
    const WANTS_SITEMAPS: bool = true;

    fn wants_rules(&self) -> bool {
        true
    }

    fn group_start(&mut self) {
        let at = self.rules.len() as u32;
        self.groups.push(Group {
            global: false,
            rules: at..at,
            keyed_start: at,
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
        let mut normalised = normalise_pattern(&self.profile, value, may_need_escaping, &mut self.arena);
        if normalised && self.arena[start..] == *value {
            // The RFC profile normalises every pattern, and most come out
            // as written: keep one copy.
            self.arena.truncate(start);
            normalised = false;
        }
        let pattern = if normalised { &self.arena[start..] } else { value };
        let slash = index_html_slash(&self.profile, kind, pattern);
        let literal = literal_start(pattern);
        let rule = Rule {
            head: head_word(literal),
            line,
            raw,
            pattern_len: pattern.len() as u32,
            literal_len: literal.len() as u32,
            kind,
            normalised,
            index_html: slash.is_some(),
            keyed: required_second_byte(pattern, slash).is_some(),
        };
        self.rules.push(rule);
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
    /// left out, and [`diagnose`](crate::diagnose) says what and why.
    pub fn parse(body: &[u8], profile: Profile) -> Robots {
        let mut robots = Robots {
            profile,
            arena: Vec::with_capacity(body.len() / 2),
            rules: Vec::new(),
            groups: Vec::new(),
            agent_lines: Vec::new(),
            global_groups: Vec::new(),
            sitemaps: Vec::new(),
        };
        read(body, &profile, &mut robots);
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
            // Lengths first: most agent lines name someone else.
            let named =
                |agent: &&[u8]| agent.len() == token.len as usize && agent.eq_ignore_ascii_case(self.bytes(token));
            if last_group == Some(line.group) || !agents.iter().any(named) {
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
    fn tally_group(&self, group: u32, path: &ComparablePath<'_>, tally: &mut Tally<u32>) -> bool {
        let group = &self.groups[group as usize];
        let range = group.rules.clone();
        let ordered = &self.rules[range.start as usize..range.end as usize];
        let always = (group.keyed_start - range.start) as usize;
        let keyed = &ordered[always..];
        let candidates = match path.get(1) {
            Some(&byte) => {
                let start = keyed.partition_point(|rule| rule.second_byte() < Some(byte));
                let end = start + keyed[start..].partition_point(|rule| rule.second_byte() == Some(byte));
                always + start..always + end
            }
            None => always..always,
        };
        let path_head = head_word(path);
        for index in (0..always).chain(candidates) {
            let rule = &ordered[index];
            if !rule.may_match(path_head, path.len())
                || !tally.could_improve(rule.kind, rule.pattern_len as usize, rule.line)
            {
                continue;
            }
            let pattern = self.bytes(rule.pattern());
            let slash = if rule.index_html {
                index_html_slash(&self.profile, rule.kind, pattern)
            } else {
                None
            };
            if let Some(scored) = score(path, pattern, slash, Some(rule.literal_start())) {
                tally.offer(rule.kind, scored, rule.line, range.start + index as u32);
            }
        }
        !range.is_empty()
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
