//! Causes on the library's side. When no switch of `rep` answers as a
//! parser does, the cause is in what the library does, and the library can
//! be asked: each behaviour of [`catalogue::all`] comes with small
//! questions that confirm or rule it out ([`diagnose`]), and with an edit
//! that takes its construct out of a case. A confirmed behaviour explains a
//! difference when, with its construct taken out of the minimal case, the
//! library answers as the reference does ([`explain`]).

pub mod catalogue;
mod edit;

use serde::{Deserialize, Serialize};

use catalogue::{Behaviour, Question};
use rep_core::diff::Probe;
use rep_core::implementation::{check_once, Implementation};

/// One question asked of a library, and its answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// The body, agents and URL asked.
    pub probe: Probe,
    /// The library's answer (`true`: allowed); `None` when it gave none.
    pub library: Option<bool>,
    /// What RFC 9309 and Google answer, or the reference the difference
    /// departs from, for a varied case.
    pub reference: Option<bool>,
}

/// A behaviour as asked of one library.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// The behaviour's id ([`Behaviour::id`]).
    pub id: String,
    /// What the library does, after "the library".
    pub title: String,
    /// Whether every answer was the behaviour's.
    pub confirmed: bool,
    /// Its questions and the library's answers.
    pub evidence: Vec<Exchange>,
}

/// What one library was found to do: every behaviour, confirmed or not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnosis {
    /// Every behaviour of the catalogue, in its order.
    pub findings: Vec<Finding>,
}

impl Finding {
    /// Who gives the conforming answers to its questions, as the subject of
    /// a sentence.
    pub fn reference_words(&self) -> &'static str {
        // A cause of two behaviours ([`explain`]) is named `first+second`;
        // a single reference of either names the pair's.
        let references: Vec<catalogue::Reference> = self
            .id
            .split('+')
            .filter_map(|id| catalogue::behaviour(id).map(|behaviour| behaviour.reference))
            .collect();
        [catalogue::Reference::Google, catalogue::Reference::Rfc]
            .into_iter()
            .find(|single| references.contains(single))
            .unwrap_or(catalogue::Reference::Both)
            .words()
    }
}

impl Diagnosis {
    /// The behaviours confirmed.
    pub fn confirmed(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|finding| finding.confirmed)
    }
}

/// A difference's cause in the library: the behaviour, and the minimal case
/// varied so that its construct is gone and the library then answers as the
/// reference does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LibraryCause {
    /// The behaviour, with the questions that confirmed it.
    pub behaviour: Finding,
    /// The minimal case without the construct, and both answers (equal).
    pub varied: Exchange,
}

fn probe_of(question: &Question) -> Probe {
    Probe {
        body: question.body.as_bytes().to_vec(),
        agents: vec![question.agent.to_string()],
        url: question.url.to_string(),
    }
}

/// The answer of `implementation` to `probe`: allowed or not, `None` for an error.
pub(crate) fn answer(implementation: &dyn Implementation, probe: &Probe) -> Option<bool> {
    check_once(implementation, &probe.body, &probe.agent_bytes(), probe.url.as_bytes())
        .ok()
        .map(|outcome| outcome.allowed)
}

fn finding(behaviour: &Behaviour, parser: &dyn Implementation) -> Finding {
    let evidence: Vec<(Exchange, bool)> = behaviour
        .questions
        .iter()
        .map(|question| {
            let probe = probe_of(question);
            let library = answer(parser, &probe);
            (
                Exchange {
                    probe,
                    library,
                    reference: Some(question.conforming),
                },
                library == Some(question.shown),
            )
        })
        .collect();
    Finding {
        id: behaviour.id.to_string(),
        title: behaviour.title.to_string(),
        confirmed: evidence.iter().all(|(_, shown)| *shown),
        evidence: evidence.into_iter().map(|(exchange, _)| exchange).collect(),
    }
}

/// Asks `parser` every behaviour's questions.
pub fn diagnose(parser: &dyn Implementation) -> Diagnosis {
    Diagnosis {
        findings: catalogue::all().map(|behaviour| finding(behaviour, parser)).collect(),
    }
}

/// The first confirmed behaviour of `diagnosis` whose construct, taken out
/// of `minimal`, leaves the library answering as the reference; `ask` gives
/// the library's answer and the reference's to a varied case. A case that is
/// not whole readable lines has more than one oddity, and an edit may move
/// the reference to the library's answer by another of them: there the
/// library must come round to the reference's answer on `minimal`
/// (`reference`), which the edit must leave as it was. Where no single
/// behaviour does, two together may: a library that obeys only the first
/// `*` group and the first matching rule needs both constructs out of a
/// case that has both; the cause then names both behaviours.
pub fn explain(
    diagnosis: &Diagnosis,
    minimal: &Probe,
    reference: Option<bool>,
    ask: impl Fn(&Probe) -> (Option<bool>, Option<bool>),
) -> Option<LibraryCause> {
    let confirmed: Vec<(&Finding, &Behaviour)> = diagnosis
        .confirmed()
        .filter_map(|finding| Some((finding, catalogue::behaviour(&finding.id)?)))
        .collect();
    let strict = |ids: &[&str]| ids.iter().all(|id| !readable(minimal, Some(id)));
    let agreeing = |varied: Probe, strict: bool| {
        let (library, varied_reference) = ask(&varied);
        let agrees = library.is_some() && library == varied_reference;
        (agrees && (!strict || varied_reference == reference)).then_some(Exchange {
            probe: varied,
            library,
            reference: varied_reference,
        })
    };
    let single = confirmed.iter().find_map(|(finding, behaviour)| {
        let varied = agreeing((behaviour.vary)(minimal)?, strict(&[&finding.id]))?;
        Some(LibraryCause {
            behaviour: (*finding).clone(),
            varied,
        })
    });
    single.or_else(|| {
        confirmed.iter().enumerate().find_map(|(at, (first, first_behaviour))| {
            let once = (first_behaviour.vary)(minimal)?;
            confirmed[at + 1..].iter().find_map(|(second, second_behaviour)| {
                let varied = agreeing((second_behaviour.vary)(&once)?, strict(&[&first.id, &second.id]))?;
                Some(LibraryCause {
                    behaviour: both(first, second),
                    varied,
                })
            })
        })
    })
}

/// Two behaviours named together as one cause.
fn both(first: &Finding, second: &Finding) -> Finding {
    Finding {
        id: format!("{}+{}", first.id, second.id),
        title: format!("{}; and {}", first.title, second.title),
        confirmed: true,
        evidence: first.evidence.iter().chain(&second.evidence).cloned().collect(),
    }
}

/// A case in whole readable lines: UTF-8 text with no control characters
/// but the line ends (and the one the behaviour is about), every line blank
/// or a key spelt as people write it, and agents that are plain words.
pub fn readable(probe: &Probe, behaviour: Option<&str>) -> bool {
    const KEYS: [&str; 5] = ["User-agent", "Allow", "Disallow", "Sitemap", "Crawl-delay"];
    let allowed_control = |c: char| match behaviour {
        Some("lf-only" | "crlf-kept") => c == '\r',
        _ => false,
    };
    let Ok(body) = std::str::from_utf8(&probe.body) else {
        return false;
    };
    let clean = |text: &str| !text.chars().any(|c| c.is_control() && c != '\n' && !allowed_control(c));
    // The mark a behaviour is about does not make its first line unreadable.
    let text = match behaviour {
        Some("bom-kept") => body.strip_prefix('\u{feff}').unwrap_or(body),
        _ => body,
    };
    let lines_ok = text.split(['\n', '\r']).all(|line| {
        line.is_empty()
            || KEYS.iter().any(|key| {
                line.strip_prefix(key)
                    .is_some_and(|rest| rest.starts_with(": ") || rest == ":")
            })
    });
    clean(body)
        && lines_ok
        && !text.starts_with('\u{feff}')
        && probe
            .agents
            .iter()
            .all(|agent| !agent.trim().is_empty() && clean(agent))
}

/// A clean case that shows `cause`'s behaviour in the direction the parser
/// departs (`parser_allows`), from the behaviour's own questions.
pub fn clean_case(cause: &LibraryCause, parser_allows: bool) -> Option<&Exchange> {
    let showing = |exchange: &&Exchange| exchange.library.is_some() && exchange.library != exchange.reference;
    let evidence = &cause.behaviour.evidence;
    evidence
        .iter()
        .filter(showing)
        .find(|exchange| exchange.library == Some(parser_allows))
        .or_else(|| evidence.iter().find(showing))
}

#[cfg(test)]
mod tests;
