//! Deciding whether two answers disagree, and how to classify it.
//!
//! For the project matcher against Google, any difference in `allowed` or
//! in the deciding line is a failure. For two `rep` profiles (normally
//! `rep-rfc` against `rep-google`) a difference is expected, but it must be
//! *explained* by the switches that differ between the profiles (see
//! [`explain`]). A difference that no switch accounts for means behaviour
//! leaked outside the switches (a size limit, state kept between checks).

use rep::{Profile, Switch};

use super::engine::{Answer, Engine};

/// One self-contained check: a body, the agents and the URL.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The robots.txt bytes.
    pub body: Vec<u8>,
    /// One or more agents.
    pub agents: Vec<String>,
    /// The URL.
    pub url: String,
}

impl Probe {
    /// The agents as byte slices, the form both implementations take.
    pub fn agent_bytes(&self) -> Vec<&[u8]> {
        self.agents.iter().map(|agent| agent.as_bytes()).collect()
    }
}

/// Two answers that differ, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// `allowed`, `line`, `failed`, `explained by a switch`, `explained by a combination`,
    /// `unexplained allowed`, `unexplained line`.
    pub class: String,
    /// For profile pairs: the switches credited with the difference.
    pub switches: Vec<Switch>,
    /// Whether this disagreement is a bug (everything but an explained profile difference).
    pub failure: bool,
    /// The first implementation's answer.
    pub a: Answer,
    /// The second implementation's answer.
    pub b: Answer,
}

/// A pair of implementations to compare.
#[derive(Clone, Debug)]
pub struct Differ {
    /// The first implementation.
    pub a: Engine,
    /// The second implementation.
    pub b: Engine,
}

impl Differ {
    /// Compares `a` with `b`.
    pub fn new(a: Engine, b: Engine) -> Differ {
        Differ { a, b }
    }

    /// Checks `probe` on both sides from scratch and classifies any difference.
    pub fn judge_probe(&self, probe: &Probe) -> Option<Disagreement> {
        let agents = probe.agent_bytes();
        let url = probe.url.as_bytes();
        let a = self.a.check_once(&probe.body, &agents, url);
        let b = self.b.check_once(&probe.body, &agents, url);
        self.judge(&probe.body, &agents, url, a, b)
    }

    /// Classifies answers already obtained for (body, agents, url); `None`
    /// when they agree.
    pub fn judge(&self, body: &[u8], agents: &[&[u8]], url: &[u8], a: Answer, b: Answer) -> Option<Disagreement> {
        if a.agrees_with(&b) {
            return None;
        }
        let mut switches = Vec::new();
        let (class, failure) = match (&a, &b, &self.a, &self.b) {
            // Unreachable (an unsupported answer agrees with anything), but
            // spelled out so that the match stays exhaustive.
            (Answer::Unsupported(_), _, _, _) | (_, Answer::Unsupported(_), _, _) => return None,
            (Answer::Failed(_), _, _, _) | (_, Answer::Failed(_), _, _) => ("failed".to_owned(), true),
            (
                Answer::Decided { allowed: x, .. },
                Answer::Decided { allowed: y, .. },
                Engine::Rep(pa),
                Engine::Rep(pb),
            ) => match explain(*pa, *pb, body, agents, url, &a, &b) {
                Explanation::Single(credited) => {
                    switches = credited;
                    ("explained by a switch".to_owned(), false)
                }
                Explanation::Combination(credited) => {
                    switches = credited;
                    ("explained by a combination".to_owned(), false)
                }
                Explanation::None => {
                    let what = if x != y { "allowed" } else { "line" };
                    (format!("unexplained {what}"), true)
                }
            },
            (Answer::Decided { allowed: x, .. }, Answer::Decided { allowed: y, .. }, _, _) => {
                ((if x != y { "allowed" } else { "line" }).to_owned(), true)
            }
        };
        Some(Disagreement {
            class,
            switches,
            failure,
            a,
            b,
        })
    }
}

/// How a difference between two profiles is accounted for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// Flipping any one of these switches alone, on one side or the other,
    /// moves that side's answer.
    Single(Vec<Switch>),
    /// No single flip moves either side (the switches interact, e.g. a line
    /// needs both `missing-colon` and `ascii-whitespace-trim`), but walking
    /// from one profile to the other one switch at a time reaches the other
    /// answer; these are the steps that changed it.
    Combination(Vec<Switch>),
    /// Nothing accounts for it.
    None,
}

/// Accounts for profiles `a` and `b` answering `answer_a` and `answer_b` on
/// (body, agents, url) with the switches that differ between them: first
/// each switch flipped alone on either side, then, if none moves an answer,
/// the switches turned from `a`'s setting to `b`'s one after another.
pub fn explain(
    a: Profile,
    b: Profile,
    body: &[u8],
    agents: &[&[u8]],
    url: &[u8],
    answer_a: &Answer,
    answer_b: &Answer,
) -> Explanation {
    let differing = a.differing_switches(&b);
    let answer = |profile: Profile| Engine::Rep(profile).check_once(body, agents, url);
    let single: Vec<Switch> = differing
        .iter()
        .copied()
        .filter(|&switch| {
            answer(a.with(switch, b.is_on(switch))) != *answer_a || answer(b.with(switch, a.is_on(switch))) != *answer_b
        })
        .collect();
    if !single.is_empty() {
        return Explanation::Single(single);
    }
    let mut profile = a;
    let mut current = answer_a.clone();
    let mut steps = Vec::new();
    for switch in differing {
        profile = profile.with(switch, b.is_on(switch));
        let next = answer(profile);
        if next != current {
            steps.push(switch);
            current = next;
        }
    }
    if current == *answer_b && !steps.is_empty() {
        Explanation::Combination(steps)
    } else {
        Explanation::None
    }
}
