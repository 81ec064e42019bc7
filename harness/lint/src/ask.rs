//! The parsers a lint asks, and asking them: every parser takes the body in
//! once and answers all the checks, the parsers side by side (most of the
//! wait is interpreters starting and answering through their pipes).

use rep_core::implementation::{check_once, Answer, Implementation};
use rep_matrix::lineup::{ask_side_by_side, Lineup, Question};
use std::time::Duration;

use crate::model::ParserRun;

/// A parser that can be asked: a runnable member of the lineup.
pub use rep_matrix::lineup::Ready as Parser;

/// The lineup of `reptest check --all`: the built-ins of this build, every
/// installed bundled parser when `bundled` (each check given `timeout`), then
/// `yours`; and those that cannot run here, with why.
pub fn lineup(bundled: bool, yours: Vec<Box<dyn Implementation>>, timeout: Duration) -> (Vec<Parser>, Vec<ParserRun>) {
    let (ready, not_ready) = Lineup::built_ins()
        .with_bundled(|_| bundled, timeout)
        .with_yours(yours)
        .split_ready();
    let not_run = not_ready
        .into_iter()
        .map(|member| ParserRun {
            name: member.name,
            version: member.version,
            not_run: Some(member.why),
            errors: 0,
            first_error: None,
        })
        .collect();
    (ready, not_run)
}

/// One check: one agent, one URL.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Check {
    /// The agent.
    pub agent: String,
    /// The URL.
    pub url: String,
}

/// Starts every parser and asks each all `checks` of `body`, side by side;
/// the answers come back per parser, in check order. A parser that cannot
/// start answers every check with the reason.
pub fn ask_all(parsers: &[Parser], body: &[u8], checks: &[Check]) -> Vec<Vec<Answer>> {
    let agents: Vec<[&[u8]; 1]> = checks.iter().map(|check| [check.agent.as_bytes()]).collect();
    let questions: Vec<Question<'_>> = checks
        .iter()
        .zip(&agents)
        .map(|(check, agent)| (agent.as_slice(), check.url.as_bytes()))
        .collect();
    ask_side_by_side(parsers, body, &questions)
}

/// Every parser's verdict on one check of `body` (`None`: no verdict), side by side.
pub fn verdicts(parsers: &[Parser], body: &[u8], check: &Check) -> Vec<Option<bool>> {
    std::thread::scope(|scope| {
        let running: Vec<_> = parsers
            .iter()
            .map(|parser| scope.spawn(move || verdict(parser.implementation.as_ref(), body, check)))
            .collect();
        running.into_iter().map(|thread| thread.join().ok().flatten()).collect()
    })
}

/// One parser's verdict on one check of `body`; `None` when it gave none.
pub fn verdict(implementation: &dyn Implementation, body: &[u8], check: &Check) -> Option<bool> {
    check_once(implementation, body, &[check.agent.as_bytes()], check.url.as_bytes())
        .ok()
        .map(|outcome| outcome.allowed)
}
