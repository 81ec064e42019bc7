//! Differences merged by cause: each difference's cause is named on its
//! minimal case ([`super::cause`]), and those with the same one become one,
//! shown by the minimal case of the group with the most real-world checks.

use std::collections::BTreeMap;

use super::behaviour::{self, LibraryCause};
use super::cause::{Cause, Together};
use super::collect::Source;
use super::found::Difference;
use super::signature::Relation;
use super::switch_words;

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
    // A switch flipped from RFC 9309's side turns it on (Google's way), from
    // Google's side off; the library does what that setting does.
    let does = |switch: &str, on: bool| switch_words::library_does_named(switch, on).unwrap_or_default();
    let why = match (
        cause.from_rfc,
        cause.from_google,
        &cause.library,
        &cause.together,
        &cause.decided_by,
    ) {
        (Some(rfc), Some(google), ..) if rfc == google => {
            format!("the library {} (as `rep` does with `{rfc}` flipped)", does(rfc, true))
        }
        (Some(rfc), Some(google), ..) => format!(
            "the library {} (as `rep` does with `{rfc}` flipped; from Google's side: `{google}`)",
            does(rfc, true)
        ),
        (Some(rfc), None, ..) => format!("the library {} (as `rep` does with `{rfc}` flipped)", does(rfc, true)),
        (None, Some(google), ..) => format!(
            "the library {} (as `rep`'s Google profile does with `{google}` flipped)",
            does(google, false)
        ),
        (None, None, None, Some(together), _) => format!(
            "the library {} (as `rep`{} does with {} flipped together)",
            together.library_does(),
            if together.from_rfc { "" } else { "'s Google profile" },
            together.switch_list()
        ),
        (None, None, Some(library), ..) => format!("the library {}", library.behaviour.title),
        (None, None, None, None, Some(decided)) => {
            format!("cause not found in the library; the reference decides by {decided}")
        }
        (None, None, None, None, None) => String::new(),
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

/// What is known of a cause, as differences are merged by it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Known {
    /// The switches that reproduce it, from each side.
    Switch(Option<&'static str>, Option<&'static str>),
    /// Switches that reproduce it together, from one side.
    SwitchesTogether(Together),
    /// The library behaviour that explains it.
    Library(String),
    /// Only how the reference decided.
    Decided(Option<String>),
}

/// The key differences are merged by: the direction only when neither a
/// switch nor a library behaviour names the cause.
type Key = (Relation, Option<bool>, Option<String>, Known);

/// A switch or a behaviour names a cause whichever way an input tips it: a
/// parser that reads `Disallow /` disallows where a rule is read and allows
/// where the line it ignored was an `Allow`, from the one reading; a library
/// that obeys the first matching rule allows or disallows by which rule
/// comes first. Without a name, the direction is part of what is known of
/// the cause (a rule ignored is not a rule invented), so it stays in the key.
fn key(difference: &Difference) -> Key {
    let signature = &difference.signature;
    let cause = difference.cause.clone().unwrap_or_default();
    let known = match (&cause.library, cause.from_rfc.or(cause.from_google), cause.together) {
        (_, Some(_), _) => Known::Switch(cause.from_rfc, cause.from_google),
        (Some(library), None, _) => Known::Library(library.behaviour.id.clone()),
        (None, None, Some(together)) => Known::SwitchesTogether(together),
        (None, None, None) => Known::Decided(cause.decided_by.clone()),
    };
    let named = !matches!(known, Known::Decided(_));
    (
        signature.relation,
        (!named).then_some(signature.parser_allows),
        signature.failure.clone(),
        known,
    )
}

/// Checks of the real-world sample a difference explains.
fn real_world(difference: &Difference) -> u64 {
    difference.counts.get(&Source::RealWorld).copied().unwrap_or(0)
}

/// Names each difference's cause on its minimal case — a switch of `rep`,
/// else what `explain` finds the library does — and merges those with the
/// same one. The merged difference keeps the case of the one with the most
/// real-world checks (the first of those, in the given order); the counts
/// add up. Failures keep their message as their cause.
pub fn merge(differences: Vec<Difference>, explain: impl Fn(&Difference) -> Option<LibraryCause>) -> Vec<Difference> {
    let mut groups: Vec<Vec<Difference>> = Vec::new();
    let mut index: BTreeMap<Key, usize> = BTreeMap::new();
    for mut difference in differences {
        if difference.signature.failure.is_none() {
            let cause = Cause::of(
                &difference.minimal,
                difference.signature.relation,
                difference.signature.parser_allows,
            );
            let library = if cause.named_by_a_switch() {
                None
            } else {
                explain(&difference)
            };
            let signature = &difference.signature;
            difference.cause = Some(cause.with_library(library).with_switches_together(
                &difference.minimal,
                signature.relation,
                signature.parser_allows,
            ));
        }
        match index.get(&key(&difference)) {
            Some(&at) => groups[at].push(difference),
            None => {
                index.insert(key(&difference), groups.len());
                groups.push(vec![difference]);
            }
        }
    }
    groups.into_iter().map(merge_group).collect()
}

/// One difference for a group of the same cause.
fn merge_group(mut group: Vec<Difference>) -> Difference {
    let chosen = (0..group.len())
        .rev()
        .max_by_key(|&at| (real_world(&group[at]), group[at].total()))
        .unwrap_or(0);
    let mut merged = group.swap_remove(chosen);
    for difference in group {
        if merged.signature.parser_allows != difference.signature.parser_allows {
            merged.other_way += difference.total();
        }
        for (source, count) in difference.counts {
            *merged.counts.entry(source).or_default() += count;
        }
        merged.merged += 1 + difference.merged;
    }
    merged
}

/// The minimal case a library cause's own question stands in for, when the
/// case found is not whole readable lines (fuzzer debris) and a question of
/// the behaviour shows the same direction: the probe confirmed it, so it is a
/// clean case of the same cause.
pub fn clean_case(difference: &Difference) -> Option<&behaviour::Exchange> {
    let library = difference.cause.as_ref()?.library.as_ref()?;
    let both_agree = difference.signature.relation == Relation::DepartsFromBoth;
    let readable = behaviour::readable(&difference.minimal, Some(&library.behaviour.id));
    (!readable && both_agree)
        .then(|| behaviour::clean_case(library, difference.signature.parser_allows))
        .flatten()
        .filter(|exchange| exchange.library == Some(difference.signature.parser_allows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rep_core::diff::Probe;

    fn probe(body: &str, url: &str) -> Probe {
        Probe {
            body: body.as_bytes().to_vec(),
            agents: vec!["FooBot".into()],
            url: url.into(),
        }
    }

    fn difference(body: &str, url: &str, parser_allows: bool, checks: u64) -> Difference {
        use super::super::collect::{References, Source};
        use super::super::found::Standing;
        use super::super::signature::Signature;
        let minimal = probe(body, url);
        Difference {
            signature: Signature::of(&minimal, Relation::DepartsFromRfc, parser_allows),
            counts: BTreeMap::from([(Source::Suite, checks)]),
            origin: url.into(),
            original: minimal.clone(),
            original_source: Source::Suite,
            original_checks: 0,
            minimal,
            parser_says: String::new(),
            references: References::default(),
            expected_because: String::new(),
            google_because: None,
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
        let merged = merge(
            vec![
                difference("User-agent: *\nDisallow /\n", "https://example.com/a", false, 3),
                difference(
                    "User-agent: *\nDisallow: /\nAllow /a\n",
                    "https://example.com/a",
                    true,
                    2,
                ),
            ],
            |_| None,
        );
        assert_eq!(merged.len(), 1, "{merged:?}");
        assert_eq!(merged[0].total(), 5);
        assert_eq!(merged[0].other_way, 2);
        assert!(
            headline(&merged[0]).contains("(and the reverse)"),
            "{}",
            headline(&merged[0])
        );
    }

    fn library_cause(id: &str) -> LibraryCause {
        let exchange = behaviour::Exchange {
            probe: probe("User-agent: *\n", "https://example.com/"),
            library: Some(true),
            reference: Some(true),
        };
        LibraryCause {
            behaviour: behaviour::Finding {
                id: id.into(),
                title: "obeys the first matching rule in the file, not the longest".into(),
                confirmed: true,
                evidence: vec![exchange.clone()],
            },
            varied: exchange,
        }
    }

    #[test]
    fn one_library_behaviour_is_one_difference_shown_by_its_largest_real_world_group() {
        use super::super::collect::Source;
        // Both ways round, and the second has more real-world checks: it
        // gives the case, the first is the reverse.
        let mut suite = difference(
            "User-agent: *\nDisallow: /a\nAllow: /a/b\n",
            "https://example.com/a/b",
            false,
            9,
        );
        suite.counts = BTreeMap::from([(Source::Suite, 9)]);
        let mut real = difference(
            "User-agent: *\nAllow: /\nDisallow: /p\n",
            "https://example.com/p",
            true,
            0,
        );
        real.counts = BTreeMap::from([(Source::RealWorld, 5), (Source::Suite, 1)]);
        let merged = merge(vec![suite, real], |_| Some(library_cause("first-match")));
        assert_eq!(merged.len(), 1, "{merged:?}");
        let merged = &merged[0];
        assert_eq!(merged.minimal.url, "https://example.com/p");
        assert_eq!(merged.total(), 15);
        assert_eq!(merged.other_way, 9);
        assert_eq!(merged.cause.as_ref().and_then(|c| c.decided_by.clone()), None);
        assert!(
            headline(merged).contains("the library obeys the first matching rule"),
            "{}",
            headline(merged)
        );
    }

    #[test]
    fn different_library_behaviours_stay_apart_even_where_the_reference_decided_alike() {
        let merged = merge(
            vec![
                difference("User-agent: *\nDisallow: /a\n", "https://example.com/a", true, 1),
                difference("User-agent: *\nDisallow: /b\n", "https://example.com/b", true, 1),
            ],
            |difference| {
                Some(library_cause(if difference.minimal.url.ends_with('a') {
                    "first-match"
                } else {
                    "case-folds-paths"
                }))
            },
        );
        assert_eq!(merged.len(), 2, "{merged:?}");
    }

    #[test]
    fn without_a_switch_the_direction_stays_part_of_the_cause() {
        // Neither a `rep` switch: a parser ignoring the rule (allows) and one
        // inventing a rule (disallows) are two causes.
        let merged = merge(
            vec![
                difference("User-agent: *\nDisallow: /a\n", "https://example.com/a", true, 1),
                difference("User-agent: *\nAllow: /b\n", "https://example.com/b", false, 1),
            ],
            |_| None,
        );
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
