//! The distinct differences of a parser are a property of the parser, not
//! of a seed: runs that explore different seeds list the same differences
//! (fixed inputs decide the list) and show what only their seed met apart.
//! The parser here is `rep` with one switch turned off (it decodes
//! percent-escapes as RFC 9309 asks, but is Google-like otherwise), run
//! in-process.

use std::collections::BTreeSet;

use rep::{Profile, Switch};
use rep_core::diff::shard::Shard;
use rep_core::implementation::{built_in, Implementation, RepImpl};
use rep_matrix::measure::collect::Group;
use rep_matrix::measure::differences::{explored, listed};
use rep_matrix::measure::signature::{Relation, Signature};
use rep_matrix::measure::{measure_parsers, Plan};

const CHECKS: u64 = 50_000;

/// The listed and the explored-only signatures of a run exploring `seed`.
fn signatures(seed: u64) -> (BTreeSet<Signature>, BTreeSet<Signature>) {
    let parser = RepImpl::new(Profile::GOOGLE.with(Switch::NoPercentNormalisation, false));
    let google = built_in("google").expect("google is built in");
    let rfc = built_in("rep-rfc").expect("rep-rfc is built in");
    let plan = Plan {
        files: &[],
        corpus: "none".into(),
        shard: Shard::WHOLE,
        explore_seed: Some(seed),
        fuzz_checks: CHECKS,
        threads: 1,
    };
    let measured = measure_parsers(
        &plan,
        &[(&parser as &dyn Implementation, "rep-decoding".into())],
        google.as_ref(),
        rfc.as_ref(),
        |_| {},
    );
    let collected = &measured.parsers["rep-custom"].collected;
    let pick = |keep: fn(&Group) -> bool| {
        collected
            .groups
            .iter()
            .filter(|group| keep(group))
            .map(|group| group.signature.clone())
            .collect()
    };
    (pick(listed), pick(explored))
}

#[test]
fn two_seeds_give_the_same_list_of_differences() {
    let (first, explored_first) = signatures(11);
    let (second, explored_second) = signatures(12);
    // Against Google it differs only where it decodes an escape, and the
    // switch names that cause.
    let from_google: Vec<&Signature> = first
        .iter()
        .filter(|s| s.relation == Relation::DepartsFromGoogle)
        .collect();
    assert!(!from_google.is_empty());
    assert!(
        from_google.iter().all(|s| s.switches == ["no-percent-normalisation"]),
        "{from_google:#?}"
    );
    assert_eq!(
        first.symmetric_difference(&second).collect::<Vec<_>>(),
        Vec::<&Signature>::new(),
        "seeds 11 and 12 list different differences"
    );
    // What each explored stream met is reported apart, under its seed;
    // nothing the list names is repeated there.
    for explored in [&explored_first, &explored_second] {
        assert!(explored.iter().all(|signature| !first.contains(signature)));
    }
}
