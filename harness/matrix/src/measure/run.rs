//! Asking third-party parsers the same questions three ways — the suite's
//! checks, a fixed real-world sample, a seeded generated stream — and
//! recording every answer against the references.
//!
//! The references (Google's parser and `rep-rfc`) are asked once per check
//! and shared by every parser. Parsers run side by side on every core; each
//! one's own checks go through it in a fixed order, so the same inputs give
//! the same collection.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rep_generate::{crawler_probes, edge_sample, made_absolute, Generated, ProbeKind, Query};

use super::collect::{Collected, Example, References, Source};
use rep_core::case::ProfileId;
use rep_core::corpus::CorpusFile;
use rep_core::diff::shard::Shard;
use rep_core::diff::{Probe, QUERIES_PER_BODY};
use rep_core::implementation::{Implementation, Prepared};
use rep_core::pool;
use rep_core::runner::Matrix;

/// One check with what the references answer.
#[derive(Clone, Debug)]
pub struct Asked {
    /// Where it came from, in a fixed order.
    pub order: String,
    /// Where it came from, for people.
    pub origin: String,
    /// The check.
    pub probe: Probe,
    /// Its kind, for a real-world check.
    pub kind: Option<ProbeKind>,
    /// The references' answers.
    pub references: References,
}

/// Checks sharing one body, asked of a parser after one load.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The body.
    pub body: Vec<u8>,
    /// Its checks.
    pub checks: Vec<Asked>,
}

/// Real-world checks of each kind per file at most: a file that offers
/// more (many rules, many named agents) gets this many of each kind, chosen
/// by a shuffle seeded with the file's bytes ([`crawler_probes`]). One, so
/// that within a kind every file weighs the same: with four, large files of
/// many groups outweighed small ones, and a parser's figure leaned on how it
/// reads files few sites have (cpython-robotparser read 3.6 points below an
/// independent sampler); it also keeps a full report within CI's time.
pub const REAL_WORLD_CHECKS_PER_KIND: usize = 1;

/// The references' answer to each check of `batches`, from Google's parser
/// and `rep-rfc`, computed once for every parser.
fn with_references(mut batches: Vec<Batch>, google: &dyn Implementation, rfc: &dyn Implementation) -> Vec<Batch> {
    for batch in &mut batches {
        let google = Prepared::body_for_many_checks(google, &batch.body);
        let rfc = Prepared::body_for_many_checks(rfc, &batch.body);
        for check in &mut batch.checks {
            let agents = check.probe.agent_bytes();
            let url = check.probe.url.as_bytes();
            check.references = References {
                google: google.check(&agents, url).ok().map(|outcome| outcome.allowed),
                rfc: rfc.check(&agents, url).ok().map(|outcome| outcome.allowed),
            };
        }
    }
    batches
}

/// How long a parser may take for one check when it is measured (the
/// report's limit: measurements are merged into reports); a check without
/// an answer in that time is asked once more with a longer one
/// ([`rep_core::implementation::Program::patiently`]).
pub const MEASURE_TIMEOUT: Duration = Duration::from_secs(30);

/// Edge checks per file: the forms are few and the sample is a side
/// measurement, so it costs half the real-world one.
pub const EDGE_CHECKS_PER_FILE: usize = 2;

/// The real-world sample: every file of `files` in `shard`, asked every
/// rule of every group that applies to each agent asked, in each kind of
/// check ([`ProbeKind`]), at most [`REAL_WORLD_CHECKS_PER_KIND`] of each kind
/// per file, answered by the references.
pub fn real_world_sample(
    files: &[CorpusFile],
    shard: Shard,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
) -> Vec<Batch> {
    corpus_sample(files, shard, google, rfc, |body| {
        crawler_probes(body, REAL_WORLD_CHECKS_PER_KIND)
            .into_iter()
            .map(|probe| (Some(probe.kind), probe.query))
            .collect()
    })
}

/// The edge sample: the same files asked [`EDGE_CHECKS_PER_FILE`] checks in
/// the forms crawlers do not send ([`edge_sample`]).
pub fn edge_forms_sample(
    files: &[CorpusFile],
    shard: Shard,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
) -> Vec<Batch> {
    corpus_sample(files, shard, google, rfc, |body| {
        edge_sample(body, EDGE_CHECKS_PER_FILE)
            .into_iter()
            .map(|query| (None, query))
            .collect()
    })
}

/// How often the two references themselves part on `batches`: checks with
/// both answers, and of those the ones where they differ. A parser cannot be
/// judged on the latter.
pub fn references_part(batches: &[Batch]) -> (u64, u64) {
    let answered = batches
        .iter()
        .flat_map(|batch| &batch.checks)
        .filter_map(|check| Some((check.references.google?, check.references.rfc?)));
    answered.fold((0, 0), |(checks, differ), (google, rfc)| {
        (checks + 1, differ + u64::from(google != rfc))
    })
}

fn corpus_sample(
    files: &[CorpusFile],
    shard: Shard,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
    sample: impl Fn(&[u8]) -> Vec<(Option<ProbeKind>, Query)>,
) -> Vec<Batch> {
    let batches = files
        .iter()
        .filter(|file| shard.contains(&file.name))
        .map(|file| Batch {
            body: file.body.clone(),
            checks: sample(&file.body)
                .into_iter()
                .enumerate()
                .map(|(index, (kind, query))| Asked {
                    order: format!("{}#{index:02}", file.name),
                    origin: format!("{}#{}", file.name, index + 1),
                    probe: Probe {
                        body: file.body.clone(),
                        agents: query.agents,
                        url: query.url,
                    },
                    kind,
                    references: References::default(),
                })
                .collect(),
        })
        .collect();
    with_references(batches, google, rfc)
}

/// The part in `shard` of the generated stream named by `seed` (input *i*
/// belongs to shard *i* mod N + 1), the whole stream being at least `checks`
/// checks long, answered by the references.
pub(crate) fn fuzz_sample(
    seed: u64,
    checks: u64,
    shard: Shard,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
) -> Vec<Batch> {
    let mut batches = Vec::new();
    let mut count = 0;
    let mut index = 0u64;
    while count < checks {
        let generated = Generated::from_seed(seed, index, QUERIES_PER_BODY);
        count += generated.queries.len() as u64;
        if index % u64::from(shard.count) != u64::from(shard.index - 1) {
            index += 1;
            continue;
        }
        let body = generated.body;
        batches.push(Batch {
            checks: generated
                .queries
                .into_iter()
                .enumerate()
                .map(|(number, mut query)| Asked {
                    order: format!("{index:010}#{number:03}"),
                    origin: format!("seed {seed}, input {index}, check {number}"),
                    // One agent per check: most parsers have no multi-agent
                    // question, and n/a answers would waste the stream. The
                    // URL absolute, as a crawler holds it: the stream's bare
                    // and empty URLs would measure how each adapter derives
                    // what its library takes, not the library (bare paths
                    // are the edge measurement's).
                    probe: Probe {
                        body: body.clone(),
                        agents: vec![query.agents.swap_remove(0)],
                        url: made_absolute(&query.url),
                    },
                    kind: None,
                    references: References::default(),
                })
                .collect(),
            body,
        });
        index += 1;
    }
    with_references(batches, google, rfc)
}

/// The suite's checks for implementation `column` of `matrix`: answered
/// already by the runner, measured against the cases' expectations (fetch
/// cases left out: they concern crawlers, not parsers).
pub fn suite(matrix: &Matrix<'_>, column: usize) -> Collected {
    let mut collected = Collected::default();
    for row in matrix.rows.iter().filter(|row| row.case.response.is_none()) {
        let check = row.check();
        let example = Example {
            order: row.id(),
            origin: row.id(),
            probe: Probe {
                body: row.case.body.clone(),
                agents: check.agents.clone(),
                url: check.url.clone(),
            },
        };
        let references = References {
            google: check.expect(ProfileId::Google).allowed(),
            rfc: check.expect(ProfileId::Rfc).allowed(),
        };
        collected.record(Source::Suite, example, &row.answers[column], references);
    }
    collected.sort();
    collected
}

/// Asks `parser` every check of `batches` (one load per batch) and records
/// the answers as `source`.
pub fn measure(parser: &dyn Implementation, source: Source, batches: &[Batch], collected: &mut Collected) {
    for batch in batches {
        let prepared = Prepared::body(parser, &batch.body);
        for check in &batch.checks {
            let answer = prepared.check(&check.probe.agent_bytes(), check.probe.url.as_bytes());
            if let Some(kind) = check.kind {
                collected.record_kind(kind, &answer, check.references);
            }
            let example = Example {
                order: check.order.clone(),
                origin: check.origin.clone(),
                probe: check.probe.clone(),
            };
            collected.record(source, example, &answer, check.references);
        }
    }
    collected.sort();
}

/// Measures every parser on every sample (each tagged with its source), the
/// parsers side by side on `threads` threads; `progress(parser, done,
/// elapsed)` is called as each finishes, with the time its checks took.
pub(crate) fn measure_all(
    parsers: &[&dyn Implementation],
    samples: &[(Source, &[Batch])],
    threads: usize,
    progress: impl Fn(&str, usize, Duration) + Sync,
) -> BTreeMap<String, Collected> {
    let done = AtomicUsize::new(0);
    let collected = pool::each(parsers, threads, |parser| {
        let started = Instant::now();
        let mut collected = Collected::default();
        for (source, batches) in samples {
            measure(*parser, *source, batches, &mut collected);
        }
        progress(
            parser.name(),
            done.fetch_add(1, Ordering::Relaxed) + 1,
            started.elapsed(),
        );
        collected
    });
    parsers
        .iter()
        .map(|parser| parser.name().to_string())
        .zip(collected)
        .collect()
}
