//! Building a [`Robots`] from the reader's events.

use crate::evaluate::{index_html_slash, normalise_pattern};
use crate::reader::{Agent, Handler};
use crate::verdict::RuleKind;
use crate::word::first_word;

use super::rule::{literal_start, required_second_byte, Rule};
use super::{AgentLine, Group, Robots};

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
        // The reader starts a group before telling its first agent.
        let Some(group) = self.groups.len().checked_sub(1) else {
            return;
        };
        let group = group as u32;
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
            head: first_word(literal, 0),
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
