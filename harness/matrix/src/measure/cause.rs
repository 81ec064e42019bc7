//! One cause, one difference. Signatures are taken on whatever input first
//! showed a disagreement, where several oddities may hide the cause; once
//! each difference has its minimal case, the cause is named again on that
//! case — which of `rep`'s switches, flipped alone, makes each reference
//! answer as the parser does — and differences with the same cause are
//! merged, whatever group, rule kind or URL shape their inputs had, and
//! whichever way the switch tipped the answer.

use std::collections::BTreeMap;

use rep::{check_once, Profile, Reason};

use super::differences::Difference;
use super::signature::{Relation, EXPLANATION_ORDER};
use rep_core::diff::Probe;

/// What makes the parser answer as it does on a minimal case, seen from
/// both references.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cause {
    /// The switch that makes `rep`'s RFC 9309 profile answer as the parser
    /// does, when the parser departs from RFC 9309 and one does.
    pub from_rfc: Option<&'static str>,
    /// The same from Google's side.
    pub from_google: Option<&'static str>,
    /// When no switch does: how the departed reference decided, in terms
    /// that do not name the group, the rule's kind or the URL's shape.
    pub decided_by: Option<String>,
}

impl Cause {
    /// The cause of `parser_allows` on `probe`, where the parser departs
    /// from the references as `relation` says.
    pub fn of(probe: &Probe, relation: Relation, parser_allows: bool) -> Cause {
        let side = |base: Profile, departs: bool| departs.then(|| switch_for(probe, base, parser_allows)).flatten();
        let from_rfc = side(Profile::RFC9309, relation != Relation::DepartsFromGoogle);
        let from_google = side(Profile::GOOGLE, relation != Relation::DepartsFromRfc);
        let decided_by = (from_rfc.is_none() && from_google.is_none()).then(|| {
            let base = if relation == Relation::DepartsFromGoogle {
                Profile::GOOGLE
            } else {
                Profile::RFC9309
            };
            decided(probe, base)
        });
        Cause {
            from_rfc,
            from_google,
            decided_by,
        }
    }

    /// Both sides in words, for a parser's page.
    pub fn describe(&self) -> String {
        let side = |switch: Option<&str>, reference: &str| {
            switch
                .map(|switch| format!("`rep`'s {reference} profile with `{switch}` flipped answers as the parser does"))
        };
        let mut parts: Vec<String> = [side(self.from_rfc, "RFC 9309"), side(self.from_google, "Google")]
            .into_iter()
            .flatten()
            .collect();
        if let Some(decided) = &self.decided_by {
            parts.push(format!(
                "no single switch of `rep` reproduces it; the reference decided by {decided}"
            ));
        }
        parts.join("; ")
    }
}

/// A difference in one line, for lists: the parser's answer against the
/// reference it departs from, and its cause as named on the minimal case.
pub fn headline(difference: &Difference) -> String {
    let signature = &difference.signature;
    let Some(cause) = difference.cause.as_ref().filter(|_| signature.failure.is_none()) else {
        return signature.headline();
    };
    let (verb, reference) = match (signature.parser_allows, signature.relation) {
        (true, Relation::DepartsFromGoogle) => ("allows", "Google's parser disallows"),
        (false, Relation::DepartsFromGoogle) => ("disallows", "Google's parser allows"),
        (true, Relation::DepartsFromBoth) => ("allows", "RFC 9309 and Google's parser disallow"),
        (false, Relation::DepartsFromBoth) => ("disallows", "RFC 9309 and Google's parser allow"),
        (true, _) => ("allows", "RFC 9309 disallows"),
        (false, _) => ("disallows", "RFC 9309 allows"),
    };
    let why = match (cause.from_rfc, cause.from_google, &cause.decided_by) {
        (Some(rfc), Some(google), _) if rfc == google => format!("as `rep` does with `{rfc}` flipped"),
        (Some(rfc), Some(google), _) => format!("as `rep` does with `{rfc}` flipped (from Google's side: `{google}`)"),
        (Some(switch), None, _) | (None, Some(switch), _) => format!("as `rep` does with `{switch}` flipped"),
        (None, None, Some(decided)) => format!("no switch of `rep` reproduces it; the reference decides by {decided}"),
        (None, None, None) => String::new(),
    };
    // One cause met both ways keeps the minimal case of the first.
    let reverse = if difference.other_way > 0 {
        " (and the reverse)"
    } else {
        ""
    };
    format!("{verb} where {reference}{reverse}; {why}")
        .trim_end_matches("; ")
        .to_string()
}

/// The first switch (in [`EXPLANATION_ORDER`]) whose flip alone makes `base`
/// answer `parser_allows` on `probe`.
fn switch_for(probe: &Probe, base: Profile, parser_allows: bool) -> Option<&'static str> {
    let agents = probe.agent_bytes();
    let url = probe.url.as_bytes();
    EXPLANATION_ORDER
        .iter()
        .find(|&&switch| {
            let flipped = base.with(switch, !base.is_on(switch));
            check_once(&probe.body, flipped, &agents, url).allowed == parser_allows
        })
        .map(|switch| switch.name())
}

/// How `base` decided `probe`: the reason, and the special characters of the
/// deciding pattern.
fn decided(probe: &Probe, base: Profile) -> String {
    let verdict = check_once(&probe.body, base, &probe.agent_bytes(), probe.url.as_bytes());
    let pattern = verdict
        .rule
        .as_ref()
        .filter(|_| verdict.reason == Reason::RuleMatched)
        .map(|rule| rule.pattern.as_bytes().to_vec())
        .unwrap_or_default();
    let mut words = match verdict.reason {
        Reason::RuleMatched => "a matching rule".to_string(),
        Reason::EmptyRuleMatched => "an empty rule".to_string(),
        Reason::NoRuleMatched => "no rule matching".to_string(),
        Reason::GroupHasNoRules => "a group without rules".to_string(),
        Reason::NoGroup => "no group applying to the agent".to_string(),
        Reason::RobotsTxtAlwaysAllowed => "/robots.txt being always allowed".to_string(),
    };
    if pattern.contains(&b'*') {
        words.push_str(" with a wildcard");
    }
    if pattern.last() == Some(&b'$') {
        words.push_str(if pattern.contains(&b'*') {
            " and an end anchor"
        } else {
            " with an end anchor"
        });
    }
    words
}

/// The key differences are merged by: the direction only when no switch
/// names the cause.
type Key = (Relation, Option<bool>, Option<String>, Cause);

/// A switch names a cause whichever way an input tips it: a parser that
/// reads `Disallow /` disallows where a rule is read and allows where the
/// line it ignored was an `Allow`, from the one reading. Without a switch,
/// the direction is part of what is known of the cause (a rule ignored is
/// not a rule invented), so it stays in the key.
fn key(difference: &Difference) -> Key {
    let signature = &difference.signature;
    let cause = difference.cause.clone().unwrap_or_default();
    let named_by_switch = cause.from_rfc.is_some() || cause.from_google.is_some();
    (
        signature.relation,
        (!named_by_switch).then_some(signature.parser_allows),
        signature.failure.clone(),
        cause,
    )
}

/// Names each difference's cause on its minimal case and merges those with
/// the same one: the first (in the given order) keeps its case, the counts
/// add up. Failures keep their message as their cause.
pub fn merge(differences: Vec<Difference>) -> Vec<Difference> {
    let mut merged: Vec<Difference> = Vec::new();
    let mut index: BTreeMap<Key, usize> = BTreeMap::new();
    for mut difference in differences {
        if difference.signature.failure.is_none() {
            difference.cause = Some(Cause::of(
                &difference.minimal,
                difference.signature.relation,
                difference.signature.parser_allows,
            ));
        }
        match index.get(&key(&difference)) {
            Some(&at) => {
                let known = &mut merged[at];
                if known.signature.parser_allows != difference.signature.parser_allows {
                    known.other_way += difference.total();
                }
                for (source, count) in difference.counts {
                    *known.counts.entry(source).or_default() += count;
                }
                known.merged += 1 + difference.merged;
            }
            None => {
                index.insert(key(&difference), merged.len());
                merged.push(difference);
            }
        }
    }
    merged
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
    fn a_colonless_rule_is_named_as_such_from_the_rfc_side() {
        // A parser that reads `Disallow /` disallows; RFC 9309 ignores the
        // line, Google's parser reads it.
        let cause = Cause::of(
            &probe("User-agent: *\nDisallow /\n", "https://example.com/a"),
            Relation::DepartsFromRfc,
            false,
        );
        assert_eq!(cause.from_rfc, Some("missing-colon"));
        assert_eq!(cause.from_google, None);
        assert!(
            cause.describe().contains("`missing-colon` flipped"),
            "{}",
            cause.describe()
        );
    }

    fn difference(body: &str, url: &str, parser_allows: bool, checks: u64) -> Difference {
        use super::super::collect::{References, Source};
        use super::super::differences::Standing;
        use super::super::signature::Signature;
        let minimal = probe(body, url);
        Difference {
            signature: Signature::of(&minimal, Relation::DepartsFromRfc, parser_allows),
            counts: BTreeMap::from([(Source::Suite, checks)]),
            origin: url.into(),
            original: minimal.clone(),
            minimal,
            parser_says: String::new(),
            references: References::default(),
            expected_because: String::new(),
            clause: "2.2",
            standing: Standing::FollowsOtherProfile,
            cause: None,
            merged: 0,
            other_way: 0,
        }
    }

    #[test]
    fn one_switch_met_both_ways_is_one_difference_and_says_so() {
        // Reading colonless lines disallows here (a `Disallow /` read) and
        // allows there (an `Allow /a` read): one cause.
        let merged = merge(vec![
            difference("User-agent: *\nDisallow /\n", "https://example.com/a", false, 3),
            difference(
                "User-agent: *\nDisallow: /\nAllow /a\n",
                "https://example.com/a",
                true,
                2,
            ),
        ]);
        assert_eq!(merged.len(), 1, "{merged:?}");
        assert_eq!(merged[0].total(), 5);
        assert_eq!(merged[0].other_way, 2);
        assert!(
            headline(&merged[0]).contains("(and the reverse)"),
            "{}",
            headline(&merged[0])
        );
    }

    #[test]
    fn without_a_switch_the_direction_stays_part_of_the_cause() {
        // Neither a `rep` switch: a parser ignoring the rule (allows) and one
        // inventing a rule (disallows) are two causes.
        let merged = merge(vec![
            difference("User-agent: *\nDisallow: /a\n", "https://example.com/a", true, 1),
            difference("User-agent: *\nAllow: /b\n", "https://example.com/b", false, 1),
        ]);
        assert_eq!(merged.len(), 2, "{merged:?}");
        let decided: Vec<_> = merged
            .iter()
            .map(|d| d.cause.as_ref().and_then(|c| c.decided_by.clone()))
            .collect();
        assert_eq!(decided[0].as_deref(), Some("a matching rule"), "{merged:?}");
        assert_eq!(decided[0], decided[1]);
    }

    #[test]
    fn the_same_cause_in_another_group_or_with_a_query_is_one() {
        let one = Cause::of(
            &probe("User-agent: *\nDisallow: /a*b\n", "https://example.com/aXb"),
            Relation::DepartsFromBoth,
            true,
        );
        let other = Cause::of(
            &probe(
                "User-agent: FooBot\nAllow: /x\nDisallow: /p/*.pdf\n",
                "https://example.com/p/q.pdf?v=1",
            ),
            Relation::DepartsFromBoth,
            true,
        );
        assert_eq!(one, other);
        assert_eq!(one.decided_by.as_deref(), Some("a matching rule with a wildcard"));
    }
}
