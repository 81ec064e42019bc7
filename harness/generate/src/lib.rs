//! The input generator shared by `reptest diff` and the fuzz targets.
//!
//! Everything is driven by [`arbitrary::Unstructured`]: libFuzzer hands it
//! mutated bytes, `reptest diff` hands it bytes from a seeded
//! [`SplitMix64`]. One [`Generated`] value is a robots.txt body plus many
//! checks (agents, URL) aimed at that body's own names and rule boundaries,
//! so a caller parses once and checks many times.
//!
//! The body carries the oddities of Google's parser (`cases/google/`, pinned
//! by `reference/tests/google_behaviour/`):
//! several user-agent lines per group, misspelled and prefixed keys, missing
//! colons, LF/CR/CRLF/mixed line ends, full and partial BOMs, escapes of
//! every kind, non-ASCII and NUL bytes, `*` and `$` anywhere, empty values,
//! lines around the 16,663-byte cut.

mod agents;
mod body;
mod harvest;
mod mutate;
mod prng;
mod raw;
mod sample;
mod urls;
mod vocab;

use arbitrary::{Arbitrary, Result, Unstructured};

pub use harvest::{harvest, Harvest};
pub use mutate::split_lines;
pub use prng::SplitMix64;
pub use raw::{split_raw, RAW_SEPARATOR};
pub use sample::{
    crawler_probes, crawler_sample, edge_sample, named_agents, probes_for_agents, seeded_choice, sibling, KindedQuery,
    ProbeKind, ORIGIN, UNNAMED_AGENT, UNRELATED_PATH, WELL_KNOWN_CRAWLERS,
};
pub use urls::{authority_len, made_absolute, variants};

/// Bytes of PRNG output behind one seeded input: enough for a body and a few
/// dozen checks, after which `Unstructured` would only yield defaults.
const SEED_BYTES: usize = 4096;

/// Bodies longer than this (the rare long-line ones) get few checks: each
/// check costs both matchers a long match.
const LARGE_BODY: usize = 8192;

/// One check: the agents to ask about (any of them may match a group) and the URL.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Query {
    /// One or more agents.
    pub agents: Vec<String>,
    /// An absolute URL or a path.
    pub url: String,
}

/// A body and the checks to run against it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Generated {
    /// The robots.txt bytes.
    pub body: Vec<u8>,
    /// At least one check.
    pub queries: Vec<Query>,
}

impl Generated {
    /// A generated body with up to `max_queries` (at least one) checks.
    pub fn build(u: &mut Unstructured, max_queries: usize) -> Result<Generated> {
        let mut generated = Generated::default();
        generated.rebuild(u, max_queries)?;
        Ok(generated)
    }

    /// [`build`](Generated::build) written over `self`, reusing its buffers.
    fn rebuild(&mut self, u: &mut Unstructured, max_queries: usize) -> Result<()> {
        let built = body::build(u, std::mem::take(&mut self.body))?;
        self.body = built.body;
        let max_queries = if self.body.len() > LARGE_BODY {
            max_queries.min(4)
        } else {
            max_queries
        };
        fill_queries(u, &built.names, &built.patterns, max_queries, &mut self.queries)
    }

    /// A mutation of an existing file (seed mode), with checks aimed at the
    /// names and patterns that file contains.
    pub fn from_seed_file(u: &mut Unstructured, file: &[u8], max_queries: usize) -> Result<Generated> {
        let mut generated = Generated::default();
        generated.rebuild_from_file(u, file, max_queries)?;
        Ok(generated)
    }

    /// [`from_seed_file`](Generated::from_seed_file) written over `self`,
    /// reusing its query buffers.
    fn rebuild_from_file(&mut self, u: &mut Unstructured, file: &[u8], max_queries: usize) -> Result<()> {
        self.body = mutate::mutate(u, file)?;
        let found = harvest(&self.body);
        fill_queries(u, &found.agents, &found.patterns, max_queries, &mut self.queries)
    }

    /// Item `index` of the reproducible stream named by `seed`.
    pub fn from_seed(seed: u64, index: u64, max_queries: usize) -> Generated {
        let mut generated = Generated::default();
        generated.refill_from_seed(seed, index, max_queries);
        generated
    }

    /// [`from_seed`](Generated::from_seed) written over `self`: a loop that
    /// refills one value reuses the body's and the queries' buffers, so it
    /// allocates only where an input outgrows the ones before it.
    pub fn refill_from_seed(&mut self, seed: u64, index: u64, max_queries: usize) {
        with_seed_bytes(seed, index, |u| self.rebuild(u, max_queries));
    }

    /// Item `index` of the stream named by `seed`, mutating `file`.
    pub fn from_seed_and_file(seed: u64, index: u64, file: &[u8], max_queries: usize) -> Generated {
        let mut generated = Generated::default();
        generated.refill_from_seed_and_file(seed, index, file, max_queries);
        generated
    }

    /// [`from_seed_and_file`](Generated::from_seed_and_file) written over `self`.
    pub fn refill_from_seed_and_file(&mut self, seed: u64, index: u64, file: &[u8], max_queries: usize) {
        with_seed_bytes(seed, index, |u| self.rebuild_from_file(u, file, max_queries));
    }
}

/// Runs `build` on the bytes of item `index` of the stream named by `seed`.
fn with_seed_bytes(seed: u64, index: u64, build: impl FnOnce(&mut Unstructured) -> Result<()>) {
    // On the stack: one heap allocation fewer per input.
    let mut bytes = [0u8; SEED_BYTES];
    SplitMix64::for_item(seed, index).fill(&mut bytes);
    build(&mut Unstructured::new(&bytes)).expect("building never fails: exhausted input yields defaults");
}

impl Generated {
    /// The input a fuzz target saw in `bytes` (a libFuzzer artifact or
    /// corpus entry): `diff_google` and `profiles_explained` decode it with
    /// this type's `Arbitrary` implementation, as `fuzz_target!` does;
    /// `diff_bytes` and `no_panic` split it with [`split_raw`] (agent and URL
    /// decoded lossily as UTF-8). `None` for an unknown target.
    pub fn from_fuzz_input(target: &str, bytes: &[u8]) -> Option<Generated> {
        match target {
            "diff_google" | "profiles_explained" => Some(
                Generated::arbitrary_take_rest(Unstructured::new(bytes)).unwrap_or_else(|_| Generated {
                    body: Vec::new(),
                    queries: Vec::new(),
                }),
            ),
            "diff_bytes" | "no_panic" => {
                let (body, agent, url) = split_raw(bytes);
                Some(Generated {
                    body: body.to_vec(),
                    queries: vec![Query {
                        agents: vec![String::from_utf8_lossy(agent).into_owned()],
                        url: String::from_utf8_lossy(url).into_owned(),
                    }],
                })
            }
            _ => None,
        }
    }
}

impl<'a> Arbitrary<'a> for Generated {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Generated> {
        Generated::build(u, 8)
    }
}

/// True one time in `n`; false when the input is exhausted, so that short
/// fuzz inputs give small, plain bodies (`Unstructured::ratio` answers true
/// on exhausted input, which would switch on every rare feature at once).
pub(crate) fn one_in(u: &mut Unstructured, n: u16) -> Result<bool> {
    Ok(u.int_in_range(1..=n)? == n)
}

/// Writes up to `max` checks (at least one) over `queries`, reusing the
/// buffers of the queries already there.
fn fill_queries(
    u: &mut Unstructured,
    names: &[String],
    patterns: &[Vec<u8>],
    max: usize,
    queries: &mut Vec<Query>,
) -> Result<()> {
    let count = u.int_in_range(1..=max.max(1))?;
    queries.truncate(count);
    queries.resize_with(count, Query::default);
    for query in queries {
        agents::choose(u, names, &mut query.agents)?;
        urls::derive(u, patterns, &mut query.url)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_inputs_are_reproducible() {
        assert_eq!(Generated::from_seed(3, 9, 16), Generated::from_seed(3, 9, 16));
        assert_ne!(Generated::from_seed(3, 9, 16), Generated::from_seed(3, 10, 16));
    }

    #[test]
    fn a_refilled_input_is_the_input_built_afresh() {
        // One value refilled over a stretch of the stream, as the
        // differential run does, must hold exactly what a fresh build holds,
        // whatever the previous input left in its buffers.
        let mut refilled = Generated::default();
        let file = b"User-agent: FooBot\nDisallow: /private\nAllow: /private/open*\n";
        for index in 0..2000 {
            refilled.refill_from_seed(7, index, 48);
            assert_eq!(refilled, Generated::from_seed(7, index, 48), "input {index}");
            refilled.refill_from_seed_and_file(7, index, file, 16);
            assert_eq!(
                refilled,
                Generated::from_seed_and_file(7, index, file, 16),
                "mutation {index}"
            );
        }
    }

    #[test]
    fn the_oddities_all_show_up() {
        let mut seen = [false; 8];
        for index in 0..3000 {
            let g = Generated::from_seed(0, index, 16);
            let b = &g.body;
            seen[0] |= b.starts_with(b"\xef");
            seen[1] |= b.contains(&b'\r');
            seen[2] |= b.contains(&0);
            seen[3] |= b.windows(8).any(|w| w.eq_ignore_ascii_case(b"disalow:"));
            seen[4] |= b.windows(3).any(|w| w == b"%62");
            seen[5] |= b.len() > 16_000;
            seen[6] |= g.queries.iter().any(|q| q.agents.len() > 1);
            seen[7] |= g.queries.iter().any(|q| q.url.starts_with("https://"));
        }
        assert_eq!(seen, [true; 8]);
    }

    /// Whether `body` holds `key` (any case) with one of `breakers` put
    /// inside it or in place of one of its bytes but the first and the last
    /// (a line end before or after a key is only a line end).
    fn holds_broken_key(body: &[u8], key: &[u8], breakers: &[u8]) -> bool {
        (1..key.len()).any(|at| {
            breakers.iter().any(|&breaker| {
                let mut broken = vec![key.to_vec()];
                broken[0].insert(at, breaker);
                if at + 1 < key.len() {
                    let mut replaced = key.to_vec();
                    replaced[at] = breaker;
                    broken.push(replaced);
                }
                broken
                    .iter()
                    .any(|broken| body.windows(broken.len()).any(|w| w.eq_ignore_ascii_case(broken)))
            })
        })
    }

    #[test]
    fn keys_are_broken_and_cut_short() {
        // The shapes behind issue 27's panic: CR, LF, tab and NUL inside
        // keys, and a file that ends inside a key.
        let keys: [&[u8]; 3] = [b"user-agent", b"disallow", b"allow"];
        let mut broken_by = [false; 4];
        let mut cut_short = [false; 3];
        for index in 0..3000 {
            let body = Generated::from_seed(0, index, 1).body;
            for (seen, breaker) in broken_by.iter_mut().zip(b"\r\n\t\0") {
                *seen = *seen || keys.iter().any(|key| holds_broken_key(&body, key, &[*breaker]));
            }
            let last_line = body.rsplit(|&b| b == b'\n' || b == b'\r').next().unwrap_or_default();
            let last_line = last_line.trim_ascii_start();
            for (seen, key) in cut_short.iter_mut().zip(keys) {
                *seen |= last_line.len() >= 3
                    && last_line.len() < key.len()
                    && key.starts_with(&last_line.to_ascii_lowercase());
            }
        }
        assert_eq!(broken_by, [true; 4], "keys broken by CR, LF, tab, NUL");
        assert_eq!(cut_short, [true; 3], "user-agent, disallow, allow cut short at the end");
    }
}
