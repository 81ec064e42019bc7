//! The differential run: generate bodies from a seed (or mutate corpus
//! files), check many (agents, URL) pairs per body on both implementations,
//! on every core, and tally the disagreements.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rep_generate::{Generated, SplitMix64};

use crate::corpus::CorpusFile;
use crate::implementation::{agree, Prepared};

use super::compare::{Differ, Disagreement, Probe};

/// Checks generated per body: Google reparses the body for every check, so
/// many checks per body keep generation and `rep`'s parse cheap in comparison.
pub const QUERIES_PER_BODY: usize = 48;

/// Disagreements kept per class for minimising and writing.
const EXAMPLES_PER_CLASS: usize = 3;

/// When to stop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// After at least this many checks.
    Checks(u64),
    /// After this much time.
    Time(Duration),
}

/// What to run.
pub struct Config<'a> {
    /// The pair to compare.
    pub differ: Differ,
    /// When to stop.
    pub budget: Budget,
    /// Names the stream of generated inputs.
    pub seed: u64,
    /// Files to mutate for half of the inputs (seed mode); empty for none.
    pub corpus: &'a [CorpusFile],
    /// Worker threads.
    pub threads: usize,
}

/// A disagreement as observed, before minimising.
#[derive(Clone, Debug)]
pub struct Observed {
    /// The full input.
    pub probe: Probe,
    /// What differed.
    pub disagreement: Disagreement,
    /// Where it came from in the seeded stream.
    pub origin: String,
}

/// The outcome of a run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Checks run (each on both implementations).
    pub checks: u64,
    /// Bodies generated.
    pub bodies: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Disagreements per class, failures and explained differences alike.
    pub by_class: BTreeMap<String, u64>,
    /// For profile pairs: how often each switch was credited with an
    /// explained difference (one difference may credit several).
    pub by_switch: BTreeMap<&'static str, u64>,
    /// Disagreements that are bugs.
    pub failures: u64,
    /// A few failing disagreements per class, for minimising.
    pub examples: Vec<Observed>,
}

/// One input of the stream: generated, or (every other one, when a corpus
/// is given) a mutated corpus file.
pub fn input(config: &Config, index: u64) -> (Generated, String) {
    if !config.corpus.is_empty() && index % 2 == 1 {
        let pick = SplitMix64::for_item(config.seed ^ 0xC0_4B05, index).next_u64();
        let file = &config.corpus[(pick % config.corpus.len() as u64) as usize];
        let generated = Generated::from_seed_and_file(config.seed, index, &file.body, QUERIES_PER_BODY);
        (generated, format!("input {index} (mutated corpus file {})", file.name))
    } else {
        (
            Generated::from_seed(config.seed, index, QUERIES_PER_BODY),
            format!("input {index}"),
        )
    }
}

/// Runs until the budget is spent, calling `progress(checks, failures)`
/// about four times a second from the calling thread.
pub fn run(config: &Config, progress: impl Fn(u64, u64)) -> Summary {
    let start = Instant::now();
    let next_body = AtomicU64::new(0);
    let checks = AtomicU64::new(0);
    let failures = AtomicU64::new(0);
    let shared = Mutex::new(Summary::default());
    let spent = || match config.budget {
        Budget::Checks(limit) => checks.load(Ordering::Relaxed) >= limit,
        Budget::Time(limit) => start.elapsed() >= limit,
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..config.threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    while !spent() {
                        let index = next_body.fetch_add(1, Ordering::Relaxed);
                        let found = check_input(config, index);
                        checks.fetch_add(found.checks, Ordering::Relaxed);
                        if found.observed.is_empty() {
                            continue;
                        }
                        let mut summary = shared.lock().unwrap_or_else(|poison| poison.into_inner());
                        for observed in found.observed {
                            let class = observed.disagreement.class.clone();
                            let count = summary.by_class.entry(class.clone()).or_default();
                            *count += 1;
                            for switch in &observed.disagreement.switches {
                                *summary.by_switch.entry(switch.name()).or_default() += 1;
                            }
                            if observed.disagreement.failure {
                                failures.fetch_add(1, Ordering::Relaxed);
                                let kept = summary
                                    .examples
                                    .iter()
                                    .filter(|e| e.disagreement.class == class)
                                    .count();
                                if kept < EXAMPLES_PER_CLASS {
                                    summary.examples.push(observed);
                                }
                            }
                        }
                    }
                })
            })
            .collect();
        while workers.iter().any(|worker| !worker.is_finished()) {
            std::thread::sleep(Duration::from_millis(250));
            progress(checks.load(Ordering::Relaxed), failures.load(Ordering::Relaxed));
        }
    });
    let mut summary = shared.into_inner().unwrap_or_else(|poison| poison.into_inner());
    summary.checks = checks.into_inner();
    summary.bodies = next_body.into_inner();
    summary.failures = failures.into_inner();
    summary.elapsed = start.elapsed();
    summary
}

struct InputResult {
    checks: u64,
    observed: Vec<Observed>,
}

/// Checks every query of input `index` on both sides.
fn check_input(config: &Config, index: u64) -> InputResult {
    let (generated, origin) = input(config, index);
    let differ = &config.differ;
    let a = Prepared::body(differ.a.as_ref(), &generated.body);
    let b = Prepared::body(differ.b.as_ref(), &generated.body);
    let mut observed = Vec::new();
    for (number, query) in generated.queries.iter().enumerate() {
        let agents: Vec<&[u8]> = query.agents.iter().map(|agent| agent.as_bytes()).collect();
        let url = query.url.as_bytes();
        let answer_a = a.check(&agents, url);
        let answer_b = b.check(&agents, url);
        if agree(&answer_a, &answer_b) {
            continue;
        }
        if let Some(disagreement) = differ.judge(&generated.body, &agents, url, answer_a, answer_b) {
            observed.push(Observed {
                probe: Probe {
                    body: generated.body.clone(),
                    agents: query.agents.clone(),
                    url: query.url.clone(),
                },
                disagreement,
                origin: format!("seed {}, {origin}, check {number}", config.seed),
            });
        }
    }
    InputResult {
        checks: generated.queries.len() as u64,
        observed,
    }
}
