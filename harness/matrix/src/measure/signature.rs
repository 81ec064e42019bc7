//! What makes two disagreements the same difference: a signature built only
//! from things that do not depend on the particular input — which reference
//! the parser departs from and in which direction, which of `rep`'s switches
//! reproduces the parser's answer, and how the reference reached its verdict
//! (the kind of rule and pattern that decided, the group it came from, the
//! shape of the URL). Inputs from different seeds that hit the same cause
//! get the same signature.

use rep::{check_once, GroupChoice, Profile, Reason, RuleKind, Switch, Verdict};
use serde::{Deserialize, Serialize};

use rep_core::diff::Probe;
use rep_core::format::escape::code_span;
use rep_core::implementation::NO_ANSWER;

/// Which reference a parser's answer departs from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// It differs from both the RFC's answer and Google's (which agree).
    DepartsFromBoth,
    /// It differs from Google's answer; the RFC's answer is the parser's, or
    /// the RFC leaves the point open.
    DepartsFromGoogle,
    /// It differs from the RFC's answer; Google's answer is the parser's (or
    /// there is none to compare).
    DepartsFromRfc,
    /// It fails (crashes, throws, hangs) where both references answer.
    Fails,
}

impl Relation {
    /// A few words for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Relation::DepartsFromBoth => "departs from both RFC 9309 and Google",
            Relation::DepartsFromGoogle => "departs from Google's parser only (RFC 9309 agrees with it or is open)",
            Relation::DepartsFromRfc => "departs from RFC 9309 only (Google's parser agrees with it)",
            Relation::Fails => "fails (error, crash or hang) where both answer",
        }
    }
}

/// How a reference reached its verdict, in terms that do not depend on the
/// names and paths of the input.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Decision {
    /// Which group the rules came from: `specific`, `global` or `none`.
    pub group: String,
    /// Why: `rule`, `empty-rule`, `no-rule-matched`, `no-rules`, `no-group`, `robots-txt`.
    pub reason: String,
    /// The deciding rule's kind and what its pattern holds (`allow`,
    /// `disallow`, plus `wildcard`, `end-anchor`, `escape`, `non-ascii`,
    /// `index-html`), or nothing.
    pub rule: Vec<String>,
    /// What the URL's path holds: `query`, `escape`, `non-ascii`, `star-or-dollar`.
    pub url: Vec<String>,
    /// Whether the check names several agents.
    pub several_agents: bool,
    /// What the input holds that libraries are known to read otherwise
    /// ([`super::constructs`]).
    #[serde(default)]
    pub constructs: Vec<String>,
}

impl Decision {
    /// Describes `verdict`, reached for `probe` under `base`.
    pub fn of(verdict: &Verdict, probe: &Probe, base: Profile) -> Decision {
        let group = match verdict.group {
            GroupChoice::Specific => "specific",
            GroupChoice::Global => "global",
            GroupChoice::None => "none",
        };
        let reason = match verdict.reason {
            Reason::RuleMatched => "rule",
            Reason::EmptyRuleMatched => "empty-rule",
            Reason::NoRuleMatched => "no-rule-matched",
            Reason::GroupHasNoRules => "no-rules",
            Reason::NoGroup => "no-group",
            Reason::RobotsTxtAlwaysAllowed => "robots-txt",
        };
        let rule = verdict
            .rule
            .iter()
            .filter(|_| verdict.reason == Reason::RuleMatched)
            .flat_map(|rule| {
                let kind = match rule.kind {
                    RuleKind::Allow => "allow",
                    RuleKind::Disallow => "disallow",
                };
                let pattern = rule.pattern.as_bytes();
                let mut features = vec![kind.to_string()];
                features.extend(pattern_features(pattern));
                if rule.via_index_html {
                    features.push("index-html".into());
                }
                features
            })
            .collect();
        Decision {
            group: group.into(),
            reason: reason.into(),
            rule,
            url: url_features(path_of(probe.url.as_bytes())),
            several_agents: probe.agents.len() > 1,
            constructs: super::constructs::constructs(probe, verdict, base),
        }
    }

    /// The decision in words: `a disallow rule with wildcard, in the * group`.
    pub fn describe(&self) -> String {
        let group = match self.group.as_str() {
            "specific" => "the agent's own group",
            "global" => "the * group",
            _ => "no group",
        };
        let how = match self.reason.as_str() {
            "rule" => {
                let (kind, features) = self
                    .rule
                    .split_first()
                    .map_or(("rule", &[][..]), |(k, f)| (k.as_str(), f));
                if features.is_empty() {
                    format!("a plain {kind} rule of {group}")
                } else {
                    format!("{kind} rule with {} of {group}", features.join(", "))
                }
            }
            "empty-rule" => format!("only an empty rule of {group} matching"),
            "no-rule-matched" => format!("no rule of {group} matching"),
            "no-rules" => format!("{group}, which has no rules"),
            "no-group" => "no group applying to the agent".into(),
            _ => "/robots.txt being always allowed".into(),
        };
        let mut out = format!("decided by {how}");
        if !self.url.is_empty() {
            out.push_str(&format!("; the URL path has {}", self.url.join(", ")));
        }
        if self.several_agents {
            out.push_str("; several agents asked at once");
        }
        out
    }
}

/// The URL without scheme, authority and fragment.
fn path_of(url: &[u8]) -> &[u8] {
    let after_scheme = match url.windows(3).position(|w| w == b"://") {
        Some(at) => {
            let rest = &url[at + 3..];
            &rest[rest.iter().position(|&b| b == b'/').unwrap_or(rest.len())..]
        }
        None => url,
    };
    match after_scheme.iter().position(|&b| b == b'#') {
        Some(cut) => &after_scheme[..cut],
        None => after_scheme,
    }
}

/// The special characters of RFC 9309 §2.2.3 a pattern uses. Escapes and
/// non-ASCII bytes are left out: how a parser treats them shows as a switch
/// (no-percent-normalisation), and as features they split one cause by the
/// accident of which rule an input happened to hit.
fn pattern_features(pattern: &[u8]) -> Vec<String> {
    let mut features = Vec::new();
    if pattern.contains(&b'*') {
        features.push("wildcard".to_string());
    }
    if pattern.last() == Some(&b'$') {
        features.push("end-anchor".to_string());
    }
    features
}

/// Whether the URL has a query: the one part of a URL parsers are known to
/// drop or treat apart.
fn url_features(path: &[u8]) -> Vec<String> {
    if path.contains(&b'?') {
        vec!["query".to_string()]
    } else {
        Vec::new()
    }
}

/// One kind of difference between a parser and the references.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Signature {
    /// Which reference it departs from.
    pub relation: Relation,
    /// The parser allows where the reference disallows (`true`), or the reverse.
    pub parser_allows: bool,
    /// The first `rep` switch (in [`EXPLANATION_ORDER`]) whose flip alone
    /// makes the departed reference answer as the parser does; empty when
    /// none does. One switch, not all that qualify: an input with several
    /// oddities lets several qualify, and the set would split one cause
    /// into many differences.
    pub switches: Vec<String>,
    /// How the departed reference decided (RFC 9309's view when it departs
    /// from both), when no switch explains the difference: a switch names the
    /// cause better than any description of the input could.
    pub decision: Option<Decision>,
    /// For failures: the start of the error message, with digits blanked.
    pub failure: Option<String>,
}

/// The switches in the order they are tried as an explanation: how a rule
/// matches before how a line is read. When both kinds qualify, flipping a
/// leniency (a misspelt key, a stray NUL) usually just removes the deciding
/// line, which agrees with the parser by accident; a matching switch names
/// what the parser does with the rule it did read.
pub(crate) const EXPLANATION_ORDER: [Switch; 13] = [
    Switch::NoPercentNormalisation,
    Switch::IndexHtml,
    Switch::RobotsTxtNotSpecial,
    Switch::ProductTokenPrefix,
    Switch::StarWithTrailingText,
    Switch::MissingColon,
    Switch::KeyPrefix,
    Switch::AcceptTypos,
    Switch::AsciiWhitespaceTrim,
    Switch::NulEndsText,
    Switch::PartialBom,
    Switch::LineLengthCut,
    Switch::NoSizeLimit,
];

/// The profile behind each reference.
fn profile(relation: Relation) -> Profile {
    match relation {
        Relation::DepartsFromGoogle => Profile::GOOGLE,
        _ => Profile::RFC9309,
    }
}

impl Signature {
    /// The signature of the parser answering `parser_allows` for `probe`
    /// where the references say `relation`.
    pub fn of(probe: &Probe, relation: Relation, parser_allows: bool) -> Signature {
        let base = profile(relation);
        let agents = probe.agent_bytes();
        let url = probe.url.as_bytes();
        let verdict = check_once(&probe.body, base, &agents, url);
        let switches: Vec<String> = EXPLANATION_ORDER
            .iter()
            .find(|&&switch| {
                let flipped = base.with(switch, !base.is_on(switch));
                check_once(&probe.body, flipped, &agents, url).allowed == parser_allows
            })
            .map(|switch| switch.name().to_string())
            .into_iter()
            .collect();
        Signature {
            relation,
            parser_allows,
            decision: switches.is_empty().then(|| Decision::of(&verdict, probe, base)),
            switches,
            failure: None,
        }
    }

    /// The signature of the parser failing with `message` on `probe`.
    pub fn failure(probe: &Probe, message: &str) -> Signature {
        // Messages differ in the input they carry (`non-absolute URI: /a`,
        // `bad URI: "ftp://x%"`) and in numbers, not in their cause: the
        // check's URL is named, the message cut at its first quote and its
        // digits masked.
        // The input usually ends the message, and a short URL such as `/`
        // may also occur in its wording: only the last occurrence is named.
        let message = match message.rfind(probe.url.as_str()) {
            Some(at) if !probe.url.is_empty() => {
                format!("{}<URL>{}", &message[..at], &message[at + probe.url.len()..])
            }
            _ => message.to_string(),
        };
        let quoted = message.find(['"', '\'', '`']).map_or(message.len(), |at| at + 1);
        let start: String = message[..quoted]
            .chars()
            .take(60)
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect();
        Signature {
            relation: Relation::Fails,
            parser_allows: false,
            switches: Vec::new(),
            // The cause of a failure lies in the parser, not in how the
            // reference decided: grouping by the decision too would split
            // one crash into a dozen differences.
            decision: None,
            failure: Some(start),
        }
    }

    /// Whether this is the parser giving no answer within its timeout.
    pub(crate) fn is_hang(&self) -> bool {
        self.failure
            .as_deref()
            .is_some_and(|start| start.starts_with(NO_ANSWER))
    }

    /// The difference in one line, for lists.
    pub(crate) fn headline(&self) -> String {
        let decision = self.decision.as_ref().map(Decision::describe);
        if let Some(failure) = &self.failure {
            return match decision {
                Some(decision) => format!("fails with {}; {decision}", code_span(&format!("{failure}…"))),
                None => format!("fails with {}", code_span(&format!("{failure}…"))),
            };
        }
        let verb = if self.parser_allows {
            "allows where"
        } else {
            "disallows where"
        };
        let reference = match self.relation {
            Relation::DepartsFromGoogle => "Google's parser allows",
            _ => "RFC 9309 allows",
        };
        let reference = if self.parser_allows {
            reference.replace("allows", "disallows")
        } else {
            reference.to_string()
        };
        match decision {
            Some(decision) => format!("{verb} {reference}; {decision}"),
            None => format!(
                "{verb} {reference}, as `rep` does with {} flipped",
                self.switches.join(" or ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(body: &str, url: &str) -> Probe {
        Probe {
            body: body.as_bytes().to_vec(),
            agents: vec!["FooBot".into()],
            url: url.into(),
        }
    }

    #[test]
    fn a_parser_that_decodes_nothing_is_credited_to_that_switch() {
        // RFC 9309 decodes %62 to b, so /baz is disallowed; a parser that
        // allows it behaves like rep with no-percent-normalisation on.
        let signature = Signature::of(
            &probe("User-agent: *\nDisallow: /baz\n", "https://example.com/%62az"),
            Relation::DepartsFromRfc,
            true,
        );
        assert_eq!(signature.switches, ["no-percent-normalisation"]);
        assert_eq!(signature.decision, None, "the switch names the cause");
        assert_eq!(
            signature.headline(),
            "allows where RFC 9309 disallows, as `rep` does with no-percent-normalisation flipped"
        );
    }

    #[test]
    fn the_same_cause_on_different_inputs_has_one_signature() {
        let first = Signature::of(
            &probe("User-agent: *\nDisallow: /a*b\n", "https://example.com/aXb"),
            Relation::DepartsFromBoth,
            true,
        );
        let second = Signature::of(
            &probe(
                "User-agent: *\nAllow: /x\nDisallow: /private/*.pdf\n",
                "https://example.com/private/q.pdf?v=1",
            ),
            Relation::DepartsFromBoth,
            true,
        );
        let (first, second) = (first.decision.unwrap(), second.decision.unwrap());
        assert_eq!(first.rule, ["disallow", "wildcard"]);
        assert_eq!(first.rule, second.rule);
        // Only the URL's query tells them apart.
        assert_eq!(second.url, ["query"]);
    }

    #[test]
    fn failures_are_grouped_by_their_message() {
        let signature = Signature::failure(&probe("User-agent: *\n", "/"), "TypeError at 12: boom");
        assert_eq!(signature.failure.as_deref(), Some("TypeError at ##: boom"));
        assert_eq!(signature.relation, Relation::Fails);
        assert!(!signature.is_hang());
    }

    #[test]
    fn failures_differing_only_in_the_quoted_input_are_one() {
        let body = probe("User-agent: *\n", "/");
        let one = Signature::failure(&body, r#"ArgumentError: bad URI(is not URI?): "ftp://x%""#);
        let other = Signature::failure(&body, r#"ArgumentError: bad URI(is not URI?): "http://a b""#);
        assert_eq!(one, other);
        assert_eq!(
            one.failure.as_deref(),
            Some(r#"ArgumentError: bad URI(is not URI?): ""#)
        );
    }

    #[test]
    fn failures_naming_the_url_are_one_whatever_the_url() {
        let one = Signature::failure(&probe("", "/"), "ArgumentError: non-HTTP/HTTPS or non-absolute URI: /");
        let other = Signature::failure(
            &probe("User-agent: *\n", "/*$"),
            "ArgumentError: non-HTTP/HTTPS or non-absolute URI: /*$",
        );
        assert_eq!(one, other);
        assert_eq!(
            one.failure.as_deref(),
            Some("ArgumentError: non-HTTP/HTTPS or non-absolute URI: <URL>")
        );
    }

    #[test]
    fn a_timeout_is_a_hang() {
        let message = format!("{NO_ANSWER} 30s; the adapter was stopped (signal: 9); it restarts for the next check");
        assert!(Signature::failure(&probe("User-agent: *\n", "/"), &message).is_hang());
    }
}
