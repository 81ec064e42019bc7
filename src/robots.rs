//! The parsed file and the check entry points.

use std::ops::Range;

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::lines::{parsed_region, Lines};
use crate::normalise::{self, Side};
use crate::parse::{parse_line, Key, LineContent};
use crate::pattern::matches;
use crate::url_path::path_params_query;
use crate::verdict::{DecidingRule, GroupChoice, Reason, RuleKind, Verdict};
use crate::{Profile, Switch};

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
    /// Google's `index.htm` rule: the directory, anchored, tried when an
    /// allow pattern does not match.
    index_html: Option<Span>,
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

/// The best match so far for one kind of rule in one kind of group.
#[derive(Clone, Copy)]
struct Best {
    /// -1 when nothing matched; otherwise the matched pattern's length.
    priority: isize,
    rule: Option<(u32, bool)>,
}

impl Best {
    const NONE: Best = Best {
        priority: -1,
        rule: None,
    };
}

fn is_c_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'-' || byte == b'_'
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
        let (start, end) = parsed_region(body, &profile, &mut robots.diagnostics);
        let mut lines = Lines::new(body, start, end, &profile);
        let mut last_line = 0;
        for (line, cut) in &mut lines {
            last_line = line.number;
            if let Some(cut) = cut {
                robots.note(
                    line.number,
                    DiagnosticKind::LineTooLong {
                        length: cut.length,
                        kept: cut.kept,
                    },
                );
            }
            robots.note_encoding(line.number, line.text);
            match parse_line(line.text, &profile) {
                LineContent::Blank => {}
                LineContent::Ignored(kind) => robots.note(line.number, kind),
                LineContent::Directive(directive, note) => {
                    if let Some(kind) = note {
                        robots.note(line.number, kind);
                    }
                    match directive.key {
                        Key::UserAgent => robots.add_agent(line.number, directive.value),
                        Key::Allow => robots.add_rule(line.number, RuleKind::Allow, directive.value),
                        Key::Disallow => robots.add_rule(line.number, RuleKind::Disallow, directive.value),
                        Key::Sitemap => {
                            let span = robots.store(directive.value);
                            robots.sitemaps.push(span);
                        }
                    }
                }
            }
        }
        if end < body.len() {
            let region_ends_a_line = end == start || matches!(body[end - 1], b'\n' | b'\r');
            let first_dropped = if region_ends_a_line { last_line } else { last_line + 1 };
            let limit = profile.size_limit().unwrap_or(end);
            robots.note(first_dropped, DiagnosticKind::PastSizeLimit { limit });
        }
        robots
    }

    fn note(&mut self, line: u32, kind: DiagnosticKind) {
        self.diagnostics.push(Diagnostic { line, kind });
    }

    fn note_encoding(&mut self, line: u32, text: &[u8]) {
        if !text.is_ascii() && std::str::from_utf8(text).is_err() {
            self.note(line, DiagnosticKind::InvalidUtf8);
        }
        if text.contains(&0) {
            self.note(line, DiagnosticKind::NulByte);
        }
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

    fn is_global_value(&self, value: &[u8]) -> bool {
        if self.profile.is_on(Switch::StarWithTrailingText) {
            value.first() == Some(&b'*') && value.get(1).map_or(true, |&b| is_c_space(b))
        } else {
            value == b"*"
        }
    }

    fn add_agent(&mut self, line: u32, value: &[u8]) {
        // A user-agent line after a rule starts a new group; consecutive
        // user-agent lines share one.
        if self.groups.last().map_or(true, |group| !group.rules.is_empty()) {
            let at = self.rules.len() as u32;
            self.groups.push(Group {
                global: false,
                rules: at..at,
            });
        }
        let group = (self.groups.len() - 1) as u32;
        if self.is_global_value(value) {
            if !self.groups[group as usize].global {
                self.global_groups.push(group);
            }
            self.groups[group as usize].global = true;
            self.agent_lines.push(AgentLine { token: None, group });
            return;
        }
        let valid = !value.is_empty() && value.iter().all(|&b| is_token_byte(b));
        let token = if self.profile.is_on(Switch::ProductTokenPrefix) {
            Some(&value[..value.iter().take_while(|&&b| is_token_byte(b)).count()])
        } else {
            valid.then_some(value)
        };
        if !valid {
            let used = token.map(|token| String::from_utf8_lossy(token).into_owned());
            self.note(
                line,
                DiagnosticKind::InvalidProductToken {
                    value: String::from_utf8_lossy(value).into_owned(),
                    used,
                },
            );
        }
        if let Some(token) = token {
            let token = self.store(token);
            self.agent_lines.push(AgentLine {
                token: Some(token),
                group,
            });
        }
    }

    fn add_rule(&mut self, line: u32, kind: RuleKind, value: &[u8]) {
        let Some(group) = self.groups.last() else {
            self.note(line, DiagnosticKind::RuleOutsideGroup);
            return;
        };
        debug_assert_eq!(group.rules.end as usize, self.rules.len());
        if !value.is_empty() && !matches!(value[0], b'/' | b'*') {
            self.note(
                line,
                DiagnosticKind::PatternCannotMatch {
                    pattern: String::from_utf8_lossy(value).into_owned(),
                },
            );
        }
        let raw = self.store(value);
        let start = self.arena.len();
        if self.profile.is_on(Switch::NoPercentNormalisation) {
            normalise::google_pattern(value, &mut self.arena);
        } else {
            normalise::rfc(value, Side::Pattern, &mut self.arena);
        }
        let pattern = Span {
            start: start as u32,
            len: (self.arena.len() - start) as u32,
        };
        let index_html = if kind == RuleKind::Allow && self.profile.is_on(Switch::IndexHtml) {
            self.index_html_fallback(pattern)
        } else {
            None
        };
        self.rules.push(Rule {
            line,
            kind,
            raw,
            pattern,
            index_html,
        });
        if let Some(group) = self.groups.last_mut() {
            group.rules.end += 1;
        }
    }

    /// `/dir/index.htm…` → `/dir/$`, built from the normalised pattern.
    fn index_html_fallback(&mut self, pattern: Span) -> Option<Span> {
        let bytes = self.bytes(pattern);
        let slash = bytes.iter().rposition(|&b| b == b'/')?;
        if !bytes[slash..].starts_with(b"/index.htm") {
            return None;
        }
        let start = self.arena.len();
        self.arena
            .extend_from_within(pattern.start as usize..pattern.start as usize + slash + 1);
        self.arena.push(b'$');
        Some(Span {
            start: start as u32,
            len: (self.arena.len() - start) as u32,
        })
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
        let path = self.comparable_path(url);
        let specific = self.groups_naming(agents);
        let agent_named = !specific.is_empty();
        if !self.profile.is_on(Switch::RobotsTxtNotSpecial) && path.split(|&b| b == b'?').next() == Some(b"/robots.txt")
        {
            return Verdict {
                allowed: true,
                rule: None,
                group: GroupChoice::None,
                reason: Reason::RobotsTxtAlwaysAllowed,
                agent_named,
            };
        }
        let (groups, choice): (&[u32], _) = if agent_named {
            (&specific, GroupChoice::Specific)
        } else if !self.global_groups.is_empty() {
            (&self.global_groups, GroupChoice::Global)
        } else {
            (&[], GroupChoice::None)
        };
        let (mut allow, mut disallow) = (Best::NONE, Best::NONE);
        for &group in groups {
            for index in self.groups[group as usize].rules.clone() {
                self.consider(index, &path, &mut allow, &mut disallow);
            }
        }
        // Google's decision: a disallow wins only with a positive priority
        // strictly above the best allow; the reported line is the
        // disallow's when it wins, the allow's otherwise (ties go to allow).
        let winner = if disallow.priority > allow.priority {
            disallow
        } else {
            allow
        };
        let allowed = !(disallow.priority > allow.priority && disallow.priority > 0);
        let rule = winner
            .rule
            .map(|(index, via_index_html)| self.deciding_rule(index, winner.priority, via_index_html));
        let reason = match winner.priority {
            p if p > 0 => Reason::RuleMatched,
            0 => Reason::EmptyRuleMatched,
            _ if choice == GroupChoice::None => Reason::NoGroup,
            _ if groups.iter().all(|&g| self.groups[g as usize].rules.is_empty()) => Reason::GroupHasNoRules,
            _ => Reason::NoRuleMatched,
        };
        Verdict {
            allowed,
            rule,
            group: choice,
            reason,
            agent_named,
        }
    }

    /// The URL reduced to what rules are compared with, per the profile.
    fn comparable_path(&self, url: &[u8]) -> Vec<u8> {
        let mut path = Vec::with_capacity(url.len() + 1);
        path_params_query(url, &mut path);
        if self.profile.is_on(Switch::NulEndsText) {
            if let Some(nul) = path.iter().position(|&b| b == 0) {
                path.truncate(nul);
            }
        }
        if self.profile.is_on(Switch::NoPercentNormalisation) {
            return path;
        }
        let mut normalised = Vec::with_capacity(path.len() + 8);
        normalise::rfc(&path, Side::Path, &mut normalised);
        normalised
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

    fn consider(&self, index: u32, path: &[u8], allow: &mut Best, disallow: &mut Best) {
        let rule = &self.rules[index as usize];
        let pattern = self.bytes(rule.pattern);
        let (priority, via_index_html) = if matches(path, pattern) {
            (pattern.len() as isize, false)
        } else {
            match rule.index_html.map(|span| self.bytes(span)) {
                Some(fallback) if matches(path, fallback) => (fallback.len() as isize, true),
                _ => return,
            }
        };
        let best = match rule.kind {
            RuleKind::Allow => allow,
            RuleKind::Disallow => disallow,
        };
        // Strictly greater: among equal priorities the first in file order wins.
        if priority > best.priority {
            *best = Best {
                priority,
                rule: Some((index, via_index_html)),
            };
        }
    }

    fn deciding_rule(&self, index: u32, priority: isize, via_index_html: bool) -> DecidingRule {
        let rule = &self.rules[index as usize];
        DecidingRule {
            line: rule.line,
            kind: rule.kind,
            pattern: String::from_utf8_lossy(self.bytes(rule.raw)).into_owned(),
            priority: priority.max(0) as usize,
            via_index_html,
        }
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
