//! The differential run: generate bodies from a seed (or mutate corpus
//! files), check many (agents, URL) pairs per body on both implementations,
//! on every core, and tally the disagreements.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rep_generate::Generated;

use crate::corpus::CorpusFile;
use crate::implementation::{agree, Prepared};

use super::compare::{Differ, Probe};
use super::summary::{Observed, Summary};

/// Checks generated per body: each side parses a body once, so many checks
/// per body keep generation and the two parses cheap in comparison.
pub const QUERIES_PER_BODY: usize = 48;

/// When to stop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// After at least this many checks.
    Checks(u64),
    /// After this much time.
    Time(Duration),
    /// When every input of the corpus (each file's mutations) is checked.
    Corpus,
}

/// What to run.
pub struct Config<'a> {
    /// The pair to compare.
    pub differ: Differ,
    /// When to stop.
    pub budget: Budget,
    /// Names the stream of generated inputs (and the mutations of corpus files).
    pub seed: u64,
    /// Files to mutate instead of generating bodies; empty for generated inputs.
    pub corpus: &'a [CorpusFile],
    /// Mutations checked per corpus file.
    pub mutations: u32,
    /// Worker threads.
    pub threads: usize,
    /// Set (by a signal handler, say) to end the run early: the inputs
    /// checked so far are summarised as for a run that spent its budget.
    pub stop: &'a AtomicBool,
}

/// The number of inputs a corpus run checks.
pub fn corpus_inputs(config: &Config) -> u64 {
    config.corpus.len() as u64 * u64::from(config.mutations.max(1))
}

/// One input of the run, written over `generated` (its buffers reused), and
/// its place in the run's order: generated input `index`, or (with a corpus)
/// mutation `index mod M` of file `index / M`. A mutation depends on the
/// file's name, not its place in the list, so a shard of the corpus checks
/// exactly the inputs the whole run would. Returns (origin, order).
pub fn input(config: &Config, index: u64, generated: &mut Generated) -> (String, String) {
    if config.corpus.is_empty() {
        generated.refill_from_seed(config.seed, index, QUERIES_PER_BODY);
        return (format!("input {index}"), format!("{index:012}"));
    }
    let mutations = u64::from(config.mutations.max(1));
    let file = &config.corpus[(index / mutations) as usize];
    let mutation = index % mutations;
    let item = name_hash(&file.name).wrapping_add(mutation);
    generated.refill_from_seed_and_file(config.seed, item, &file.body, QUERIES_PER_BODY);
    (
        format!("mutation {mutation} of corpus file {}", file.name),
        format!("{}#{mutation:04}", file.name),
    )
}

/// FNV-1a of a file name.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Runs until the budget is spent or `config.stop` is set, calling
/// `progress(checks, failures)` about four times a second from the calling
/// thread.
pub fn run(config: &Config, progress: impl Fn(u64, u64)) -> Summary {
    let start = Instant::now();
    let next_body = AtomicU64::new(0);
    let bodies = AtomicU64::new(0);
    let checks = AtomicU64::new(0);
    let failures = AtomicU64::new(0);
    let shared = Mutex::new(Summary::default());
    let spent = || {
        config.stop.load(Ordering::Relaxed)
            || match config.budget {
                Budget::Checks(limit) => checks.load(Ordering::Relaxed) >= limit,
                Budget::Time(limit) => start.elapsed() >= limit,
                Budget::Corpus => false,
            }
    };
    let inputs = match config.budget {
        Budget::Corpus => corpus_inputs(config),
        _ => u64::MAX,
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..config.threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    // One input's buffers, refilled for every input this worker checks.
                    let mut generated = Generated::default();
                    while !spent() {
                        let index = next_body.fetch_add(1, Ordering::Relaxed);
                        if index >= inputs {
                            break;
                        }
                        let found = check_input(config, index, &mut generated);
                        bodies.fetch_add(1, Ordering::Relaxed);
                        checks.fetch_add(found.checks, Ordering::Relaxed);
                        if found.observed.is_empty() {
                            continue;
                        }
                        let failing = found.observed.iter().filter(|o| o.disagreement.failure).count();
                        failures.fetch_add(failing as u64, Ordering::Relaxed);
                        let mut summary = shared.lock().unwrap_or_else(|poison| poison.into_inner());
                        for observed in found.observed {
                            summary.add(observed);
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
    summary.counts.checks = checks.into_inner();
    summary.counts.bodies = bodies.into_inner();
    summary.elapsed = start.elapsed();
    summary
}

struct InputResult {
    checks: u64,
    observed: Vec<Observed>,
}

/// Checks every query of input `index` on both sides.
fn check_input(config: &Config, index: u64, generated: &mut Generated) -> InputResult {
    let (origin, order) = input(config, index, generated);
    let differ = &config.differ;
    let a = Prepared::body_for_many_checks(differ.a.as_ref(), &generated.body);
    let b = Prepared::body_for_many_checks(differ.b.as_ref(), &generated.body);
    let mut observed = Vec::new();
    let mut agents: Vec<&[u8]> = Vec::with_capacity(4);
    for (number, query) in generated.queries.iter().enumerate() {
        agents.clear();
        agents.extend(query.agents.iter().map(|agent| agent.as_bytes()));
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
                order: format!("{order}#{number:03}"),
            });
        }
    }
    InputResult {
        checks: generated.queries.len() as u64,
        observed,
    }
}
