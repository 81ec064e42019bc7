//! Checking URLs against a parsed file: the groups that apply, then the
//! rules of each that can match the path.

use crate::evaluate::{
    comparable_path, index_html_slash, is_robots_txt, robots_txt_verdict, score, ComparablePath, Tally,
};
use crate::verdict::{GroupChoice, Verdict};
use crate::word::first_word;

use super::Robots;

impl Robots {
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
        // The groups naming an agent, found among the lines whose token is
        // as long as the agent. The tally keeps the earliest of equal
        // matches whatever order rules come in, and offering a group twice
        // (two of its lines name the agents) changes nothing; a group just
        // offered is not offered again.
        let mut tally = Tally::EMPTY;
        let (mut agent_named, mut groups_have_rules) = (false, false);
        let mut last_group = None;
        for agent in agents {
            let start = self
                .named
                .partition_point(|named| (named.token.len as usize) < agent.len());
            let same_length = self.named[start..]
                .iter()
                .take_while(|named| named.token.len as usize == agent.len());
            for named in same_length {
                if last_group == Some(named.group) || !agent.eq_ignore_ascii_case(self.bytes(named.token)) {
                    continue;
                }
                last_group = Some(named.group);
                agent_named = true;
                groups_have_rules |= self.tally_group(named.group, &path, &mut tally);
            }
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
                let start = keyed.partition_point(|rule| rule.key_byte() < byte);
                let end = start + keyed[start..].partition_point(|rule| rule.key_byte() == byte);
                always + start..always + end
            }
            None => always..always,
        };
        let path_head = first_word(path, 0);
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
}
