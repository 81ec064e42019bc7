//! Accounting for a disagreement between two profiles with the switches that
//! differ between them.
//!
//! Every way the `google` profile departs from the `rfc` one is a named
//! [`Switch`], so any difference in verdict between two profiles on some
//! input must be caused by one or more of the switches that differ. The
//! differential fuzzer relies on it: a difference that no switch accounts for
//! means behaviour leaked outside the switches (a size limit, state kept
//! between checks), which is a bug.

use crate::{check_once, Profile, Switch};

/// How a difference between two profiles is accounted for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// The two profiles decide the same (verdict and deciding line).
    Agree,
    /// Flipping any one of these switches alone, on one side or the other,
    /// moves that side's decision.
    Single(Vec<Switch>),
    /// No single flip moves either side (the switches interact, e.g. a line
    /// needs both `missing-colon` and `ascii-whitespace-trim`), but walking
    /// from one profile to the other one switch at a time reaches the other
    /// decision; these are the steps that changed it.
    Combination(Vec<Switch>),
    /// Nothing accounts for it.
    Unexplained,
}

/// What a profile decides for one check: the verdict and the deciding line.
fn decide(profile: Profile, body: &[u8], agents: &[&[u8]], url: &[u8]) -> (bool, Option<u32>) {
    let verdict = check_once(body, profile, agents, url);
    (verdict.allowed, verdict.line())
}

/// Accounts for profiles `a` and `b` deciding differently on (body, agents,
/// url): first each differing switch flipped alone on either side, then, if
/// none moves a decision, the switches turned from `a`'s setting to `b`'s one
/// after another.
///
/// ```
/// use rep::{explain, Explanation, Profile, Switch};
/// let body = b"User-agent: *\nDisallow: /baz\n";
/// let url = b"https://example.com/%62az";
/// let explanation = explain(Profile::RFC9309, Profile::GOOGLE, body, &[b"FooBot"], url);
/// assert_eq!(explanation, Explanation::Single(vec![Switch::NoPercentNormalisation]));
/// ```
pub fn explain(a: Profile, b: Profile, body: &[u8], agents: &[&[u8]], url: &[u8]) -> Explanation {
    let decided_a = decide(a, body, agents, url);
    let decided_b = decide(b, body, agents, url);
    if decided_a == decided_b {
        return Explanation::Agree;
    }
    let differing = a.differing_switches(&b);
    let single: Vec<Switch> = differing
        .iter()
        .copied()
        .filter(|&switch| {
            decide(a.with(switch, b.is_on(switch)), body, agents, url) != decided_a
                || decide(b.with(switch, a.is_on(switch)), body, agents, url) != decided_b
        })
        .collect();
    if !single.is_empty() {
        return Explanation::Single(single);
    }
    let mut profile = a;
    let mut current = decided_a;
    let mut steps = Vec::new();
    for switch in differing {
        profile = profile.with(switch, b.is_on(switch));
        let next = decide(profile, body, agents, url);
        if next != current {
            steps.push(switch);
            current = next;
        }
    }
    if current == decided_b && !steps.is_empty() {
        Explanation::Combination(steps)
    } else {
        Explanation::Unexplained
    }
}
