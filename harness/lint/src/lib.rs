//! `reptest lint`: how the parsers crawlers are built on read one
//! robots.txt file. The file is asked what crawlers ask (its own agents and
//! well-known crawler tokens, each rule's path, a page below it, a sibling
//! it does not cover, `/`), every parser of the lineup answers, and where
//! they disagree the responsible lines are found ([`attribute`]); what
//! `rep::diagnose` notices is added with its clause ([`notes`]), and for a
//! URL, how the fetch went under RFC 9309 §2.3 ([`fetch`]). The result is
//! one [`LintReport`], rendered by [`render`].
//!
//! Like the other engines, this crate never prints, reads `argv` or exits.

pub mod ask;
pub mod attribute;
pub mod fetch;
mod lines;
pub mod model;
mod notes;
pub mod render;
pub mod rules;

pub use ask::{lineup, Parser};
pub use attribute::Recheck;
pub use model::{Finding, LintReport, ParserRun, Severity, Summary};

use ask::{ask_all, Check};
use rep_core::implementation::ImplError;
use rep_generate::{named_agents, probes_for_agents, WELL_KNOWN_CRAWLERS};

/// The crawler tokens asked of every file besides the agents it names: the
/// product tokens that robots.txt files most often address (the list the
/// real-world measurement draws from), so that a group meant for one of
/// them, or a `*` group every one of them falls back to, is asked as those
/// crawlers ask it.
pub fn default_crawlers() -> Vec<String> {
    WELL_KNOWN_CRAWLERS.iter().map(|token| token.to_string()).collect()
}

/// The most checks of one kind (a rule's path, a page below it, …) asked of
/// one file (six kinds: at most 600 checks per agent asked), each kind still
/// spread over the whole file by a seeded choice.
pub const PER_KIND: usize = 100;

/// What to ask and how to name it.
#[derive(Clone, Debug)]
pub struct Options {
    /// What is linted, as the report names it (a path, `-`, the URL).
    pub source: String,
    /// The crawler tokens asked besides the file's own agents.
    pub crawlers: Vec<String>,
    /// How an example is asked again.
    pub recheck: Recheck,
}

/// Lints `body` with `parsers` (and `not_run`, those that could not be
/// asked); `fetch` is the fetch report and its findings for a URL.
pub fn lint(
    body: &[u8],
    parsers: &[Parser],
    not_run: Vec<ParserRun>,
    fetched: Option<fetch::Fetched>,
    options: &Options,
) -> LintReport {
    let lines = lines::with_ends(body);
    let agents = agents(body, &options.crawlers);
    let checks: Vec<Check> = probes_for_agents(body, &agents, PER_KIND)
        .into_iter()
        .map(|kinded| Check {
            agent: kinded.query.agents.into_iter().next().unwrap_or_default(),
            url: kinded.query.url,
        })
        .collect();
    let answers = ask_all(parsers, body, &checks);
    let mut runs: Vec<ParserRun> = parsers
        .iter()
        .zip(&answers)
        .map(|(parser, answers)| {
            let errors: Vec<&String> = answers
                .iter()
                .filter_map(|answer| match answer {
                    Err(ImplError::Failed(why)) => Some(why),
                    _ => None,
                })
                .collect();
            ParserRun {
                name: parser.name.clone(),
                version: parser.version.clone(),
                not_run: None,
                errors: errors.len(),
                first_error: errors.first().map(|why| why.to_string()),
            }
        })
        .collect();
    runs.extend(not_run);
    let (mut findings, disagreeing) = attribute::disagreements(parsers, body, &checks, &answers, &options.recheck);
    findings.sort_by_key(|finding| finding.lines.first().map_or(0, |line| line.number));
    findings.extend(notes::notes(body, &lines));
    let fetch = fetched.map(|fetched| {
        findings.extend(fetched.findings);
        fetched.report
    });
    LintReport {
        source: options.source.clone(),
        fetch,
        bytes: body.len(),
        lines: lines.len(),
        parsers: runs,
        agents,
        checks: checks.len(),
        disagreeing_checks: disagreeing,
        summary: Summary::of(&findings),
        findings,
    }
}

/// The agents asked: the file's own product tokens, then those of
/// `crawlers` that a group name relates to (one contains the other, without
/// regard to case: where a library matching by substring or prefix reads
/// the file otherwise), then the first of the others: a token no group name
/// relates to falls back to the `*` groups in every parser we know, so one
/// of them asks what all of them would, for a tenth of the checks.
fn agents(body: &[u8], crawlers: &[String]) -> Vec<String> {
    let named = named_agents(body);
    let lower: Vec<String> = named.iter().map(|name| name.to_ascii_lowercase()).collect();
    let related = |agent: &str| {
        let agent = agent.to_ascii_lowercase();
        lower
            .iter()
            .any(|name| name.contains(&agent) || agent.contains(name.as_str()))
    };
    let unrelated = crawlers.iter().find(|agent| !related(agent)).cloned();
    let mut agents: Vec<String> = Vec::new();
    let chosen = named
        .into_iter()
        .chain(crawlers.iter().filter(|agent| related(agent)).cloned())
        .chain(unrelated);
    for agent in chosen {
        if !agent.is_empty() && !agents.iter().any(|known| known.eq_ignore_ascii_case(&agent)) {
            agents.push(agent);
        }
    }
    agents
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crawlers_a_group_name_relates_to_are_asked_and_of_the_others_only_the_first() {
        let body = b"User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n";
        let crawlers: Vec<String> = ["Bingbot", "Googlebot-Image", "Slurp", "googlebot", "bot"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            agents(body, &crawlers),
            ["Googlebot", "Googlebot-Image", "bot", "Bingbot"]
        );
    }
}
