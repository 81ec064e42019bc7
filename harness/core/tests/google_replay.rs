//! `rep_reference::ParsedBody` (Google's parse run once, its callbacks
//! replayed for each check) must decide exactly as Google's one-call
//! `AllowedByRobots` (`rep_reference::check_bytes`): same `allowed`, same
//! deciding line, same `ever_seen_specific_agent`, same error. The
//! differential run (`reptest diff`), the report's measured samples and the
//! `diff_google` fuzz target ask Google through the replay, so this test is
//! what lets their figures stand for Google's parser as its users call it.

use rep_core::corpus;
use rep_generate::{crawler_sample, edge_sample, Generated, Query};
use rep_reference::{check_bytes, ParsedBody};

const SEED: u64 = 20_261_202;
const GENERATED_INPUTS: u64 = 1_000;
const QUERIES_PER_INPUT: usize = 48;
/// Checks per corpus file, each way the generator samples a file.
const CORPUS_QUERIES: usize = 4;

/// Every query of `body` where the replay and the reparse answer differently.
fn differences(origin: &str, body: &[u8], queries: &[Query]) -> Vec<String> {
    let parsed = ParsedBody::parse(body);
    queries
        .iter()
        .filter_map(|query| {
            let agents: Vec<&[u8]> = query.agents.iter().map(|agent| agent.as_bytes()).collect();
            let url = query.url.as_bytes();
            let replayed = parsed
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|parsed| parsed.check_bytes(&agents, url));
            let reparsed = check_bytes(body, &agents, url);
            (replayed != reparsed).then(|| {
                format!(
                    "{origin}: agents {:?}, url {:?}: replayed {replayed:?}, reparsed {reparsed:?}",
                    query.agents, query.url
                )
            })
        })
        .collect()
}

fn assert_none(what: &str, checks: usize, found: &[String]) {
    assert!(
        found.is_empty(),
        "{} of {checks} {what} checks differ between the replay and the reparse; first ones:\n{}",
        found.len(),
        found.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn replay_decides_as_reparse_on_generated_checks() {
    let mut checks = 0;
    let mut found = Vec::new();
    for index in 0..GENERATED_INPUTS {
        let generated = Generated::from_seed(SEED, index, QUERIES_PER_INPUT);
        checks += generated.queries.len();
        found.extend(differences(
            &format!("input {index}"),
            &generated.body,
            &generated.queries,
        ));
    }
    assert!(checks >= 10_000, "only {checks} generated checks");
    assert_none("generated", checks, &found);
}

#[test]
fn replay_decides_as_reparse_on_every_corpus_file() {
    let files = corpus::fetch().unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(files.len(), corpus::EXPECTED_FILES, "the pinned corpus changed size");
    // Google reparses the file for every reference check: split the files
    // over the cores.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .chunks(files.len().div_ceil(threads))
            .map(|part| {
                scope.spawn(move || {
                    let mut checks = 0;
                    let mut found = Vec::new();
                    for file in part {
                        let queries: Vec<Query> = crawler_sample(&file.body, CORPUS_QUERIES)
                            .into_iter()
                            .chain(edge_sample(&file.body, CORPUS_QUERIES))
                            .collect();
                        checks += queries.len();
                        found.extend(differences(&file.name, &file.body, &queries));
                    }
                    (checks, found)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("worker panicked"))
            .collect()
    });
    let checks: usize = results.iter().map(|(checks, _)| checks).sum();
    let found: Vec<String> = results.into_iter().flat_map(|(_, found)| found).collect();
    assert!(checks >= 20_000, "only {checks} corpus checks");
    assert_none("corpus", checks, &found);
}

#[test]
fn replay_keeps_what_only_the_agents_and_url_change() {
    // The same parse asked for different agents and paths: state left by one
    // check must not leak into the next.
    let body = b"User-agent: FooBot\nDisallow: /foo\n\nUser-agent: *\nDisallow: /\nAllow: /open\n";
    let parsed = ParsedBody::parse(body).expect("Google parses it");
    // (agent, URL, allowed, deciding line, a group named the agent)
    type Ask = (&'static [u8], &'static [u8], bool, u32, bool);
    let asks: [Ask; 4] = [
        (b"FooBot", b"https://example.com/foo", false, 2, true),
        (b"BarBot", b"https://example.com/foo", false, 5, false),
        (b"FooBot", b"https://example.com/bar", true, 0, true),
        (b"BarBot", b"https://example.com/open", true, 6, false),
    ];
    for (agent, url, allowed, line, seen) in asks {
        let verdict = parsed.check_bytes(&[agent], url).expect("no exception");
        assert_eq!(
            (verdict.allowed, verdict.matching_line, verdict.ever_seen_specific_agent),
            (allowed, line, seen),
            "agent {:?}, url {:?}",
            String::from_utf8_lossy(agent),
            String::from_utf8_lossy(url)
        );
    }
}
