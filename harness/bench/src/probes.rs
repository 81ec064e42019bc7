//! The real-world corpus turned into probes: a body, an agent and URLs
//! taken from the body's own rules, so that checks exercise the rules rather
//! than miss them all.

use rep::{Profile, Robots};
use rep_core::corpus;

/// The scheme and host of every probe URL; what follows is the path.
pub const ORIGIN: &str = "https://example.com";

/// Agent used when a file names no agent of its own (only `*` groups).
const FALLBACK_AGENT: &[u8] = b"ExampleBot";

/// Appended to a rule-derived path, in turn, so that the URLs checked against
/// one file differ even when it has few rules: exact, deeper, with a query,
/// with a file name.
const SUFFIXES: [&[u8]; 4] = [b"", b"/deeper/page", b"?id=42&sort=asc", b"/index.html"];

/// One file of the corpus ready to be checked.
pub struct Probe {
    /// The robots.txt body.
    pub body: Vec<u8>,
    /// The first agent the file names, or [`FALLBACK_AGENT`].
    pub agent: Vec<u8>,
    /// Absolute URLs derived from the file's rules, first rule first.
    pub urls: Vec<Vec<u8>>,
}

/// The whole real-world corpus (4,231 files, sorted by name), fetched into the
/// cache on first use. Panics with the fetch error: a benchmark without its
/// corpus has nothing to measure.
pub fn corpus_probes(urls_per_file: usize) -> Vec<Probe> {
    let files = corpus::fetch().unwrap_or_else(|error| panic!("benchmark corpus unavailable: {error}"));
    assert_eq!(files.len(), corpus::EXPECTED_FILES, "unexpected corpus size");
    files.into_iter().map(|file| probe(file.body, urls_per_file)).collect()
}

/// Builds a probe with `count` URLs: rule `i % rules` of the file (its
/// `*` made concrete, its `$` dropped) plus suffix `i / rules`. The rules and
/// agents are read with `rep` itself; this is setup, not measured, and both
/// parsers are then given the same bytes.
pub fn probe(body: Vec<u8>, count: usize) -> Probe {
    let robots = Robots::parse(&body, Profile::GOOGLE);
    let agent = robots
        .user_agents()
        .find(|agent| *agent != b"*" && !agent.is_empty())
        .unwrap_or(FALLBACK_AGENT)
        .to_vec();
    let patterns: Vec<&[u8]> = robots.rules().map(|rule| rule.pattern).collect();
    let urls = (0..count)
        .map(|i| match patterns.len() {
            0 => format!("{ORIGIN}/page{i}").into_bytes(),
            n => url_from_pattern(patterns[i % n], SUFFIXES[(i / n) % SUFFIXES.len()]),
        })
        .collect();
    Probe { body, agent, urls }
}

/// [`ORIGIN`] + the pattern with each `*` replaced by `x` and a
/// final `$` removed + `suffix`.
fn url_from_pattern(pattern: &[u8], suffix: &[u8]) -> Vec<u8> {
    let pattern = pattern.strip_suffix(b"$").unwrap_or(pattern);
    let mut url = ORIGIN.as_bytes().to_vec();
    if pattern.first() != Some(&b'/') {
        url.push(b'/');
    }
    url.extend(pattern.iter().map(|&b| if b == b'*' { b'x' } else { b }));
    url.extend_from_slice(suffix);
    url
}
