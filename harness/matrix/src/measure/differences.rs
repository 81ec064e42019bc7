//! From thousands of disagreeing checks to a handful of differences: each
//! group of one signature becomes one difference with a minimal case a
//! maintainer can paste into an upstream issue, the checks it explains, the
//! clause of RFC 9309 it departs from, and whether it is a miss of the
//! profile the parser claims.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::time::{Duration, Instant};

use rep::{check_once, Profile};

use super::cause::Cause;
use super::collect::{Collected, Example, Group, References, Source};
use super::found::{Difference, Found, Standing};
use super::signature::{Relation, Signature};
use rep_core::case::ProfileId;
use rep_core::diff::{minimise, Probe};
use rep_core::implementation::{check_once as ask, Answer, ImplError, Implementation, NO_ANSWER, SLOW_ANSWER};

/// A group seen only in generated inputs is listed when at least this many
/// distinct inputs show it; rarer ones are counted as a tail. Counting inputs,
/// not checks, keeps one odd input asked many checks from listing a cause,
/// and the floor keeps chance encounters, which another seed would not meet,
/// off the list.
pub(crate) const FUZZ_MIN_INPUTS: u64 = 5;

/// Questions the minimiser may ask a third-party parser per difference: it
/// goes through an external process, so shrinking is kept to seconds.
const MINIMISE_TRIES: usize = 400;

/// Body bytes the minimiser may send a third-party parser per difference.
/// Tries alone do not bound the work: a difference that lives in a body's
/// size (the 500 KiB parse limit) cannot shrink, and 400 asks of half a
/// megabyte each keep a slow parser busy for minutes. Halving a big body
/// that can shrink costs about twice its size, so this leaves room for a
/// large real-world file and stops the hopeless case after a few asks.
/// Counting bytes rather than seconds keeps where a parser that is merely a
/// little slow stops the same from run to run.
const MINIMISE_BYTES: usize = 4 << 20;

/// An ask slower than this ends the minimising of a difference (the smallest
/// example found so far is shown). The candidates that follow are much like
/// it, and some parsers spend seconds on one (a backtracking regex for a
/// pattern of thousands of `*`), so 400 of them would take most of an hour.
/// Ordinary asks take milliseconds and the slow ones seconds; a remembered
/// slow answer is given back as slowly (`Remembered`), so where minimising
/// stops is the same from run to run.
const SLOW_ASK: Duration = SLOW_ANSWER;

/// Answers to probes already asked, for one parser: the minimiser meets the
/// same candidate again (the smallest bodies and URLs that differences of
/// one parser shrink towards are much alike), and each ask of a third-party
/// parser goes through another process. The references are kept with the
/// parser's answer: they are in-process but parse whole real-world files.
#[derive(Default)]
struct Asked(RefCell<HashMap<Probe, (Answer, References)>>);

impl Asked {
    /// The parser's answer and the references' on `probe`, and whether the
    /// parser was asked now (a remembered answer took no time).
    fn ask(
        &self,
        parser: &dyn Implementation,
        probe: &Probe,
        google: &dyn Implementation,
        rfc: &dyn Implementation,
    ) -> (Answer, References, bool) {
        if let Some((answer, refs)) = self.0.borrow().get(probe) {
            return (answer.clone(), *refs, false);
        }
        let answer = ask(parser, &probe.body, &probe.agent_bytes(), probe.url.as_bytes());
        let refs = references(probe, google, rfc);
        self.0.borrow_mut().insert(probe.clone(), (answer.clone(), refs));
        (answer, refs, true)
    }
}

/// The distinct differences of `parser` (stating `claims`, or nothing) in
/// `collected`. A group met in the real-world sample is shown by its first
/// real-world input, which `measured` (the real-world and generated
/// measurements alone) holds: the suite's case, which comes first in
/// `collected`, need not have what real files meet.
pub fn differences(
    parser: &dyn Implementation,
    claims: Option<ProfileId>,
    collected: &Collected,
    measured: Option<&Collected>,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
) -> Found {
    let asked = Asked::default();
    let behaviours = super::behaviour::diagnose(parser);
    let explain = |difference: &Difference| {
        let departed_from_google = difference.signature.relation == Relation::DepartsFromGoogle;
        let reference = if departed_from_google {
            difference.references.google
        } else {
            difference.references.rfc
        };
        super::behaviour::explain(&behaviours, &difference.minimal, reference, |varied| {
            let (answer, refs, _) = asked.ask(parser, varied, google, rfc);
            let reference = if departed_from_google { refs.google } else { refs.rfc };
            (answer.ok().map(|outcome| outcome.allowed), reference)
        })
    };
    let build = |keep: fn(&Group) -> bool| {
        let found: Vec<Difference> = collected
            .groups
            .iter()
            .filter(|group| keep(group))
            .map(|group| {
                difference(
                    parser,
                    claims,
                    group,
                    real_world_example(measured, group),
                    &asked,
                    google,
                    rfc,
                )
            })
            .map(|difference| tidied(difference, parser, &asked, google, rfc))
            .collect();
        let mut found: Vec<Difference> = super::merge::merge(found, explain)
            .into_iter()
            .map(with_clean_case)
            .collect();
        found.sort_by(|a, b| {
            a.standing
                .cmp(&b.standing)
                .then(b.total().cmp(&a.total()))
                .then_with(|| a.signature.cmp(&b.signature))
        });
        found
    };
    Found {
        listed: build(listed),
        explored: build(explored),
        rare: collected
            .groups
            .iter()
            .filter(|group| !listed(group) && !explored(group))
            .map(Group::total)
            .sum(),
        behaviours,
    }
}

/// `difference` with its minimal case tidied into whole readable lines
/// ([`super::tidy`]), where the parser and both references answer the
/// tidied case as they answer the case found and no switch of `rep` names
/// the cause of either (a switch's construct may be what looks like debris).
fn tidied(
    difference: Difference,
    parser: &dyn Implementation,
    asked: &Asked,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
) -> Difference {
    let signature = &difference.signature;
    if signature.failure.is_some() || super::behaviour::readable(&difference.minimal, None) {
        return difference;
    }
    let unnamed = |probe: &Probe| !Cause::of(probe, signature.relation, signature.parser_allows).named_by_a_switch();
    let answers = |probe: &Probe| {
        let (answer, refs, _) = asked.ask(parser, probe, google, rfc);
        (answer.ok().map(|outcome| outcome.allowed), refs)
    };
    if !unnamed(&difference.minimal) {
        return difference;
    }
    let found = answers(&difference.minimal);
    let minimal = super::tidy::tidy(&difference.minimal, |candidate| {
        answers(candidate) == found && unnamed(candidate)
    });
    if minimal == difference.minimal {
        return difference;
    }
    let (expected_because, google_because) = reasons(&minimal, difference.references.google);
    Difference {
        minimal,
        expected_because,
        google_because,
        ..difference
    }
}

/// `difference` with its minimal case replaced by the clean question of its
/// library behaviour, when the case found is fuzzer debris
/// ([`super::merge::clean_case`]).
fn with_clean_case(difference: Difference) -> Difference {
    let Some(clean) = super::merge::clean_case(&difference).cloned() else {
        return difference;
    };
    let (expected_because, google_because) = reasons(&clean.probe, clean.reference);
    Difference {
        parser_says: if clean.library == Some(true) {
            "allowed"
        } else {
            "disallowed"
        }
        .to_string(),
        references: References {
            google: clean.reference,
            rfc: clean.reference,
        },
        expected_because,
        google_because,
        minimal: clean.probe,
        ..difference
    }
}

/// Why each reference decides as it does on `probe`, in `rep`'s words: RFC
/// 9309's, and Google's where `rep`'s Google profile answers `google` as
/// Google's parser does.
fn reasons(probe: &Probe, google: Option<bool>) -> (String, Option<String>) {
    let verdict = |profile| check_once(&probe.body, profile, &probe.agent_bytes(), probe.url.as_bytes());
    let google_verdict = verdict(Profile::GOOGLE);
    (
        verdict(Profile::RFC9309).to_string(),
        (google == Some(google_verdict.allowed)).then(|| google_verdict.to_string()),
    )
}

/// Whether a group is listed: anything seen in the suite, the real-world
/// sample or the edge forms, or met in enough inputs of the reference generated stream — all
/// fixed inputs, so the list does not depend on any seed.
pub fn listed(group: &Group) -> bool {
    let inputs = |source| group.inputs.get(&source).copied().unwrap_or(0);
    inputs(Source::Suite) > 0
        || inputs(Source::RealWorld) > 0
        || inputs(Source::Edge) > 0
        || inputs(Source::Fuzz) >= FUZZ_MIN_INPUTS
}

/// Whether a group not listed was met in enough inputs of the explored
/// stream to be worth showing apart.
pub fn explored(group: &Group) -> bool {
    !listed(group) && group.inputs.get(&Source::Explore).copied().unwrap_or(0) >= FUZZ_MIN_INPUTS
}

/// The references' answers to `probe`.
fn references(probe: &Probe, google: &dyn Implementation, rfc: &dyn Implementation) -> References {
    let answer = |implementation: &dyn Implementation| {
        ask(implementation, &probe.body, &probe.agent_bytes(), probe.url.as_bytes())
            .ok()
            .map(|outcome| outcome.allowed)
    };
    References {
        google: answer(google),
        rfc: answer(rfc),
    }
}

/// The signature an answer of the parser shows on `probe`, if it disagrees.
fn signature_of(answer: Answer, probe: &Probe, refs: References) -> Option<Signature> {
    let allowed = match answer {
        Ok(outcome) => outcome.allowed,
        Err(ImplError::Failed(message)) => return Some(Signature::failure(probe, &message)),
        Err(ImplError::Unsupported(_)) => return None,
    };
    let relation = match (refs.google.map(|g| g == allowed), refs.rfc.map(|r| r == allowed)) {
        (Some(false), Some(false)) => Relation::DepartsFromBoth,
        (Some(false), _) => Relation::DepartsFromGoogle,
        (_, Some(false)) => Relation::DepartsFromRfc,
        _ => return None,
    };
    Some(Signature::of(probe, relation, allowed))
}

/// The sample `example` came from: its order starts with the sample's
/// place in [`Source::ALL`] ([`Collected::record`]).
fn source_of(example: &Example) -> Source {
    let place = example
        .order
        .split(':')
        .next()
        .and_then(|place| place.parse::<usize>().ok());
    place
        .and_then(|place| Source::ALL.get(place).copied())
        .unwrap_or(Source::Suite)
}

/// The first real-world input of `group`'s signature in `measured`, when
/// the group has real-world checks.
fn real_world_example<'m>(measured: Option<&'m Collected>, group: &Group) -> Option<&'m Example> {
    let real_world = |group: &Group| group.counts.get(&Source::RealWorld).copied().unwrap_or(0) > 0;
    if !real_world(group) {
        return None;
    }
    // Real-world inputs come first in a measurement's order: a group that
    // has any is shown by one.
    measured?
        .groups
        .iter()
        .find(|known| known.signature == group.signature && real_world(known))
        .map(|known| &known.example)
}

fn difference(
    parser: &dyn Implementation,
    claims: Option<ProfileId>,
    group: &Group,
    real_world: Option<&Example>,
    asked: &Asked,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
) -> Difference {
    let sent = Cell::new(0usize);
    let slow = Cell::new(false);
    let keep = |candidate: &Probe| {
        if slow.get() || candidate.agents.iter().any(String::is_empty) {
            return false;
        }
        sent.set(sent.get() + candidate.body.len());
        if sent.get() > MINIMISE_BYTES {
            return false;
        }
        let started = Instant::now();
        let (answer, refs, now) = asked.ask(parser, candidate, google, rfc);
        slow.set(now && started.elapsed() > SLOW_ASK);
        signature_of(answer, candidate, refs).as_ref() == Some(&group.signature)
    };
    let shown = real_world.unwrap_or(&group.example);
    let example = &shown.probe;
    // Examples from the suite are held to its expectations, which the live
    // references may not share (implementation-defined points): those stay
    // as they are. A hang is shown as found: asking again only waits again.
    let minimal = if !group.signature.is_hang() && keep(example) {
        minimise(example.clone(), MINIMISE_TRIES, keep)
    } else {
        example.clone()
    };
    let refs = references(&minimal, google, rfc);
    let parser_says = if group.signature.is_hang() {
        format!("error: {NO_ANSWER} the timeout when measured (not asked again)")
    } else {
        match asked.ask(parser, &minimal, google, rfc).0 {
            Ok(outcome) if outcome.allowed => "allowed".to_string(),
            Ok(_) => "disallowed".to_string(),
            Err(error) => format!("error: {error}"),
        }
    };
    let (expected_because, google_because) = reasons(&minimal, refs.google);
    Difference {
        signature: group.signature.clone(),
        counts: group.counts.clone(),
        origin: shown.origin.clone(),
        original: shown.probe.clone(),
        original_source: if real_world.is_some() {
            Source::RealWorld
        } else {
            source_of(&group.example)
        },
        original_checks: group.counts.get(&Source::RealWorld).copied().unwrap_or(0),
        minimal,
        parser_says,
        references: refs,
        expected_because,
        google_because,
        clause: clause(&group.signature),
        standing: Standing::of(group.signature.relation, claims),
        cause: None,
        merged: 0,
        other_way: 0,
    }
}

/// The section of RFC 9309 a difference rests on, from how the reference
/// decided and which switch reproduces the parser.
pub fn clause(signature: &Signature) -> &'static str {
    let switch_clause = signature.switches.iter().find_map(|switch| {
        Some(match switch.as_str() {
            "accept-typos"
            | "key-prefix"
            | "missing-colon"
            | "ascii-whitespace-trim"
            | "nul-ends-text"
            | "partial-bom" => "2.2",
            "product-token-prefix" | "star-with-trailing-text" => "2.2.1",
            "no-size-limit" | "line-length-cut" => "2.5",
            "index-html" | "no-percent-normalisation" | "robots-txt-not-special" => "2.2.2",
            _ => return None,
        })
    });
    if let Some(clause) = switch_clause {
        return clause;
    }
    let Some(decision) = &signature.decision else {
        return "2.2.2";
    };
    let rule_has = |feature: &str| decision.rule.iter().any(|f| f == feature);
    if decision.reason == "robots-txt" {
        "2.2.2"
    } else if rule_has("wildcard") || rule_has("end-anchor") {
        "2.2.3"
    } else if matches!(decision.reason.as_str(), "no-group" | "no-rules") || decision.group == "specific" {
        "2.2.1"
    } else {
        "2.2.2"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standing_follows_the_claimed_profile() {
        let (rfc, google) = (Some(ProfileId::Rfc), Some(ProfileId::Google));
        assert_eq!(Standing::of(Relation::DepartsFromBoth, rfc), Standing::Miss);
        assert_eq!(
            Standing::of(Relation::DepartsFromRfc, rfc),
            Standing::FollowsOtherProfile
        );
        assert_eq!(
            Standing::of(Relation::DepartsFromGoogle, rfc),
            Standing::FollowsClaimedProfile
        );
        assert_eq!(
            Standing::of(Relation::DepartsFromGoogle, google),
            Standing::FollowsOtherProfile
        );
        assert_eq!(Standing::of(Relation::Fails, google), Standing::Failure);
        assert_eq!(Standing::of(Relation::DepartsFromRfc, None), Standing::DiffersFromOne);
        assert_eq!(Standing::of(Relation::DepartsFromBoth, None), Standing::Miss);
    }
}
