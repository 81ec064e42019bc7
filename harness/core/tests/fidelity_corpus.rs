//! Fidelity bar (issue 3) on the real-world corpus: every check derived from
//! the 4,231 robots.txt files of the pinned `protego==0.7.0` sdist gives the
//! same `allowed` and deciding line under `rep`'s google profile as under
//! Google's parser.
//!
//! Checks come from each file's own rules and agents, both ways the generator
//! samples a file (`rep_generate::crawler_sample` and `edge_sample`): named
//! agents, well-known crawlers and one the file does not name, against each
//! rule's path made literal and its neighbours, plain and absolute, and in
//! the edge forms (letters escaped, lower-case escapes, bare paths, the
//! pattern as written). Google reparses the whole file for
//! every check, so big files get fewer checks: the budget per file shrinks
//! with its size, with a floor, so that every file is checked.
//!
//! Needs the corpus: fetched once by `tools/fetch_sdist.py` (Python 3 and the
//! package index), then read from the cache.

use rep::{Profile, Robots};
use rep_core::corpus;
use rep_generate::{crawler_sample, edge_sample};

/// Bytes of Google parsing budgeted per file (checks × file size).
const PARSE_BUDGET_PER_FILE: usize = 256 << 10;
/// Checks per file at least (even for the biggest file) and at most.
const MIN_CHECKS_PER_FILE: usize = 4;
const MAX_CHECKS_PER_FILE: usize = 12;
/// The issue asks for at least this many checks over the corpus.
const REQUIRED_CHECKS: usize = 20_000;

/// The file's checks: a budget that shrinks with the file's size, within bounds.
fn probes(body: &[u8]) -> Vec<(String, String)> {
    let budget = (PARSE_BUDGET_PER_FILE / body.len().max(1)).clamp(MIN_CHECKS_PER_FILE, MAX_CHECKS_PER_FILE);
    crawler_sample(body, budget + 1)
        .into_iter()
        .chain(edge_sample(body, budget + 1))
        .map(|query| (query.agents[0].clone(), query.url))
        .collect()
}

#[test]
fn rep_google_agrees_with_google_on_every_corpus_check() {
    let files = corpus::fetch().unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(files.len(), corpus::EXPECTED_FILES, "the pinned corpus changed size");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(threads);
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut checks = 0;
                    let mut failures = Vec::new();
                    for file in part {
                        let robots = Robots::parse(&file.body, Profile::GOOGLE);
                        for (agent, url) in probes(&file.body) {
                            checks += 1;
                            let ours = robots.check(&agent, &url);
                            let theirs = rep_reference::check(&file.body, &[&agent], &url)
                                .unwrap_or_else(|error| panic!("{}: {error}", file.name));
                            let ours = (ours.allowed, ours.line().unwrap_or(0));
                            let theirs = (theirs.allowed, theirs.matching_line);
                            if ours != theirs {
                                failures.push(format!(
                                    "{}: agent {agent:?}, url {url:?}: rep-google (allowed, line) = {ours:?}, \
                                     google = {theirs:?}",
                                    file.name
                                ));
                            }
                        }
                    }
                    (checks, failures)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker panicked"))
            .collect()
    });
    let checks: usize = results.iter().map(|(n, _)| n).sum();
    let failures: Vec<&String> = results.iter().flat_map(|(_, f)| f).collect();
    eprintln!("{checks} checks derived from {} corpus files", files.len());
    assert!(
        checks >= REQUIRED_CHECKS,
        "only {checks} checks derived from the corpus"
    );
    assert!(
        failures.is_empty(),
        "{} of {checks} corpus checks disagree; first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
