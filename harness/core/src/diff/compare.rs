//! Deciding whether two answers disagree, and how to classify it.
//!
//! For the project matcher against Google, any difference in `allowed` or
//! in the deciding line is a failure. For two `rep` profiles (normally
//! `rep-rfc` against `rep-google`) a difference is expected, but it must be
//! *explained* by the switches that differ between the profiles (see
//! [`rep::explain`]). A difference that no switch accounts for means behaviour
//! leaked outside the switches (a size limit, state kept between checks).

use std::sync::Arc;

use rep::{Explanation, Switch};

use crate::implementation::{agree, check_once, describe, guard, Answer, Implementation};

/// One self-contained check: a body, the agents and the URL.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Probe {
    /// The robots.txt bytes (base64 in JSON).
    #[serde(with = "crate::protocol::base64_bytes")]
    pub body: Vec<u8>,
    /// One or more agents.
    pub agents: Vec<String>,
    /// The URL.
    pub url: String,
}

impl Probe {
    /// The agents as byte slices, the form implementations take.
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

impl Disagreement {
    /// `class: <a's answer> vs <b's answer>`, for one-line reports.
    pub fn summary(&self) -> String {
        format!("{}: {} vs {}", self.class, describe(&self.a), describe(&self.b))
    }
}

/// A pair of implementations to compare.
#[derive(Clone)]
pub struct Differ {
    /// The first implementation.
    pub a: Arc<dyn Implementation>,
    /// The second implementation.
    pub b: Arc<dyn Implementation>,
}

impl Differ {
    /// Compares `a` with `b`.
    pub fn new(a: Arc<dyn Implementation>, b: Arc<dyn Implementation>) -> Differ {
        Differ { a, b }
    }

    /// Checks `probe` on both sides from scratch and classifies any difference.
    pub fn judge_probe(&self, probe: &Probe) -> Option<Disagreement> {
        let agents = probe.agent_bytes();
        let url = probe.url.as_bytes();
        let a = check_once(self.a.as_ref(), &probe.body, &agents, url);
        let b = check_once(self.b.as_ref(), &probe.body, &agents, url);
        self.judge(&probe.body, &agents, url, a, b)
    }

    /// Classifies answers already obtained for (body, agents, url); `None`
    /// when they agree.
    pub fn judge(&self, body: &[u8], agents: &[&[u8]], url: &[u8], a: Answer, b: Answer) -> Option<Disagreement> {
        if agree(&a, &b) {
            return None;
        }
        let mut switches = Vec::new();
        let (class, failure) = match (&a, &b, self.a.rep_profile(), self.b.rep_profile()) {
            (Err(_), _, _, _) | (_, Err(_), _, _) => ("failed".to_owned(), true),
            (Ok(x), Ok(y), Some(pa), Some(pb)) => {
                // A panic while explaining is reported like any other failure.
                match guard(|| rep::explain(pa, pb, body, agents, url)) {
                    Ok(Explanation::Single(credited)) => {
                        switches = credited;
                        ("explained by a switch".to_owned(), false)
                    }
                    Ok(Explanation::Combination(credited)) => {
                        switches = credited;
                        ("explained by a combination".to_owned(), false)
                    }
                    Ok(Explanation::Agree | Explanation::Unexplained) => {
                        let what = if x.allowed != y.allowed { "allowed" } else { "line" };
                        (format!("unexplained {what}"), true)
                    }
                    Err(_) => ("failed".to_owned(), true),
                }
            }
            (Ok(x), Ok(y), _, _) => (
                (if x.allowed != y.allowed { "allowed" } else { "line" }).to_owned(),
                true,
            ),
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
