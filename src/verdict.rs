//! What a check decided, and why.

use std::fmt;

/// Whether a rule allows or disallows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An `Allow` line.
    Allow,
    /// A `Disallow` line.
    Disallow,
}

impl fmt::Display for RuleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleKind::Allow => "allow",
            RuleKind::Disallow => "disallow",
        })
    }
}

/// The rule a verdict rests on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DecidingRule {
    /// 1-based line number in the body (CR, LF and CRLF each end a line).
    pub line: u32,
    /// Allow or disallow.
    pub kind: RuleKind,
    /// The pattern as written in the file (lossily decoded if not UTF-8).
    pub pattern: String,
    /// The pattern's priority: its length in octets after normalisation.
    pub priority: usize,
    /// True when the rule matched only through Google's `index.htm`
    /// directory rule ([`Switch::IndexHtml`](crate::Switch::IndexHtml)).
    pub via_index_html: bool,
}

/// Which group the verdict was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupChoice {
    /// One or more groups that name the agent (combined).
    Specific,
    /// The `*` group(s), because no group names the agent.
    Global,
    /// No group applies: no group names the agent and there is no `*` group.
    None,
}

/// Why a verdict came out as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A rule with a non-empty pattern matched and won.
    RuleMatched,
    /// Only rules with an empty pattern matched; they restrict nothing.
    EmptyRuleMatched,
    /// The applicable groups have rules but none matches the path.
    NoRuleMatched,
    /// The applicable groups have no rules at all.
    GroupHasNoRules,
    /// No group applies to the agent.
    NoGroup,
    /// `/robots.txt` is always allowed (RFC 9309 §2.2.2).
    RobotsTxtAlwaysAllowed,
}

/// The answer to one check.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// `true` when the URL may be fetched.
    pub allowed: bool,
    /// The rule that decided, if any. Under the `google` profile its line is
    /// exactly Google's `matching_line()`, which also names an empty rule
    /// that matched with priority 0.
    pub rule: Option<DecidingRule>,
    /// Where the rules came from.
    pub group: GroupChoice,
    /// Why.
    pub reason: Reason,
    /// Some group names one of the agents (Google's `ever_seen_specific_agent`).
    pub agent_named: bool,
}

impl Verdict {
    /// The deciding line, or `None` (Google reports 0 for none).
    pub fn line(&self) -> Option<u32> {
        self.rule.as_ref().map(|rule| rule.line)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.allowed { "allowed" } else { "disallowed" })?;
        let group = match self.group {
            GroupChoice::Specific => "the agent's group",
            GroupChoice::Global => "the * group",
            GroupChoice::None => "no group",
        };
        match (&self.reason, &self.rule) {
            (Reason::RuleMatched, Some(rule)) => write!(
                f,
                ": line {} `{}: {}` in {group} is the longest match ({} octets)",
                rule.line,
                if rule.kind == RuleKind::Allow {
                    "Allow"
                } else {
                    "Disallow"
                },
                rule.pattern,
                rule.priority
            )?,
            (Reason::EmptyRuleMatched, Some(rule)) => write!(
                f,
                ": only the empty rule on line {} in {group} matches, and it restricts nothing",
                rule.line
            )?,
            (Reason::NoRuleMatched, _) => write!(f, ": no rule in {group} matches")?,
            (Reason::GroupHasNoRules, _) => write!(f, ": {group} has no rules")?,
            (Reason::NoGroup, _) => f.write_str(": no group names the agent and there is no * group")?,
            (Reason::RobotsTxtAlwaysAllowed, _) => f.write_str(": /robots.txt is always allowed (RFC 9309 §2.2.2)")?,
            (_, None) => {}
        }
        Ok(())
    }
}
