//! Google's usage model: parse a body and check one URL in a single pass,
//! keeping nothing but the best matches so far. Patterns of groups that
//! cannot apply to the agents are never normalised or matched.

use crate::evaluate::{
    comparable_path, index_html_applies, index_html_slash, is_robots_txt, normalise_pattern, robots_txt_verdict,
    rules_out, score, ComparablePath, Tally,
};
use crate::reader::{read, Agent, Handler};
use crate::verdict::{GroupChoice, RuleKind, Verdict};
use crate::Profile;

/// A rule as the stream saw it: its line, kind and value as written.
type SeenRule<'a> = (u32, RuleKind, &'a [u8]);

/// Mirrors Google's `RobotsMatcher` state while the body streams past.
struct Evaluator<'a, 'q> {
    profile: Profile,
    agents: &'q [&'q [u8]],
    path: ComparablePath<'q>,
    /// Scratch space for one normalised pattern.
    pattern: Vec<u8>,
    group_names_agent: bool,
    group_is_global: bool,
    agent_named: bool,
    any_global_group: bool,
    specific: Tally<SeenRule<'a>>,
    global: Tally<SeenRule<'a>>,
    specific_rules: bool,
    global_rules: bool,
}

/// Which tally the current group's rules go to.
enum Tallied {
    Specific,
    Global,
}

impl Evaluator<'_, '_> {
    /// Records that the current group has a rule, and says where its rules
    /// go: a group naming the agent takes its rules even when it also names
    /// `*`; a group naming neither keeps none.
    fn rule_seen(&mut self) -> Option<Tallied> {
        if self.group_names_agent {
            self.specific_rules = true;
            Some(Tallied::Specific)
        } else if self.group_is_global {
            self.global_rules = true;
            Some(Tallied::Global)
        } else {
            None
        }
    }
}

impl<'a> Handler<'a> for Evaluator<'a, '_> {
    const WANTS_NOTES: bool = false;
    const WANTS_SITEMAPS: bool = false;

    fn wants_rules(&self) -> bool {
        self.group_names_agent || self.group_is_global
    }

    fn group_start(&mut self) {
        self.group_names_agent = false;
        self.group_is_global = false;
    }

    fn agent(&mut self, _line: u32, agent: Agent<'a>) {
        match agent {
            Agent::Global => {
                self.group_is_global = true;
                self.any_global_group = true;
            }
            Agent::Token(token) => {
                if self.agents.iter().any(|agent| agent.eq_ignore_ascii_case(token)) {
                    self.group_names_agent = true;
                    self.agent_named = true;
                }
            }
        }
    }

    #[inline(always)]
    fn declines_rule(&mut self, kind: RuleKind, head: &[u8]) -> bool {
        match self.rule_seen() {
            Some(_) => {
                let directory_may_match = index_html_applies(&self.profile, kind);
                rules_out(&self.path, head, directory_may_match)
            }
            None => true,
        }
    }

    fn rule(&mut self, line: u32, kind: RuleKind, value: &'a [u8], may_need_escaping: bool) {
        let tally = match self.rule_seen() {
            Some(Tallied::Specific) => &mut self.specific,
            Some(Tallied::Global) => &mut self.global,
            None => return,
        };
        self.pattern.clear();
        let pattern = if normalise_pattern(&self.profile, value, may_need_escaping, &mut self.pattern) {
            &self.pattern
        } else {
            value
        };
        if !tally.could_improve(kind, pattern.len(), line) {
            return;
        }
        if let Some(scored) = score(
            &self.path,
            pattern,
            index_html_slash(&self.profile, kind, pattern),
            None,
        ) {
            tally.offer(kind, scored, line, (line, kind, value));
        }
    }
}

/// Parses `body` and checks whether any of `agents` may fetch `url`, in one
/// pass — Google's usage model, for a crawler that fetches one URL per
/// robots.txt. Gives exactly the verdict of
/// `Robots::parse(body, profile).check_bytes(agents, url)`, without keeping
/// the file.
///
/// ```
/// use rep::{check_once, Profile};
/// let verdict = check_once(b"User-agent: *\nDisallow: /tmp/\n", Profile::GOOGLE, &[b"FooBot"], b"/tmp/x");
/// assert!(!verdict.allowed);
/// ```
pub fn check_once(body: &[u8], profile: Profile, agents: &[&[u8]], url: &[u8]) -> Verdict {
    let mut evaluator = Evaluator {
        profile,
        agents,
        path: comparable_path(&profile, url),
        pattern: Vec::new(),
        group_names_agent: false,
        group_is_global: false,
        agent_named: false,
        any_global_group: false,
        specific: Tally::EMPTY,
        global: Tally::EMPTY,
        specific_rules: false,
        global_rules: false,
    };
    read(body, &profile, &mut evaluator);
    let e = evaluator;
    if is_robots_txt(&profile, &e.path) {
        return robots_txt_verdict(e.agent_named);
    }
    let (tally, choice, have_rules) = if e.agent_named {
        (&e.specific, GroupChoice::Specific, e.specific_rules)
    } else if e.any_global_group {
        (&e.global, GroupChoice::Global, e.global_rules)
    } else {
        (&e.specific, GroupChoice::None, false)
    };
    tally.verdict(choice, have_rules, e.agent_named, |rule| rule)
}
