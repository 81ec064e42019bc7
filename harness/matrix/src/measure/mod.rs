//! Measuring third-party parsers three ways — the suite, a fixed sample of
//! the real-world corpus, a seeded generated stream — and reducing their
//! disagreements with Google's parser and RFC 9309 to distinct differences.
//!
//! - [`signature`]: what makes two disagreements the same difference.
//! - [`collect`]: what measuring one parser collects; collections merge.
//! - [`by_kind`]: the real-world figures per kind of check, and the headline.
//! - [`run`]: the samples, their references, and asking the parsers.
//! - [`shard`]: a stable split of the corpus for spreading the work.
//! - [`differences`]: the distinct differences, each with a minimal case.
//!
//! [`Measurements`] is the file `reptest measure` writes and `reptest merge`
//! combines: the real-world and generated measurements of every parser, for
//! one shard of the corpus and of the generated stream.
//!
//! The generated stream that decides which differences are listed is the
//! reference one, of [`REFERENCE_SEED`]: the list of a parser's differences is
//! a property of the parser version, so it must not change with a seed. A
//! stream of another seed can be added to explore; what only it shows is
//! reported apart.

pub mod behaviour;
pub mod by_kind;
pub mod cause;
pub mod collect;
mod constructs;
pub mod differences;
mod file;
pub mod found;
pub(crate) mod merge;
pub mod promote;
pub mod run;
pub mod self_test;
pub mod signature;
mod switch_words;
mod tidy;

pub use file::{read_measurements, read_part, Part};

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use collect::{Collected, Source};
use rep_core::corpus::CorpusFile;
use rep_core::diff::shard::{check_complete, Shard};
use rep_core::implementation::Implementation;

/// The seed of the reference generated stream.
pub(crate) const REFERENCE_SEED: u64 = 1;

/// The generated stream's default length: the floor per parser.
pub const DEFAULT_FUZZ_CHECKS: u64 = 50_000;

/// The format tag of a measurements file.
pub const FORMAT: &str = "reptest-measurements/3";

/// What was measured, and how, for one shard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measurements {
    /// [`FORMAT`].
    pub format: String,
    /// The corpus, in words (e.g. `protego 0.7.0 test data, 4231 files`).
    pub corpus: String,
    /// Which shard of the corpus files and of the generated stream.
    pub shard: Shard,
    /// The seed of an extra stream explored beside the reference one.
    pub explore_seed: Option<u64>,
    /// Each generated stream's length in checks (all shards together).
    pub fuzz_checks: u64,
    /// Per sample: checks both references answered, and how many of them
    /// they answer differently (a parser cannot be judged on those).
    #[serde(default)]
    pub references: BTreeMap<Source, (u64, u64)>,
    /// Per parser: its version and what was collected.
    pub parsers: BTreeMap<String, Measured>,
}

/// One parser's measurements.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measured {
    /// The library and version it reported.
    pub version: String,
    /// Real-world and generated checks.
    pub collected: Collected,
}

/// Merges the measurements of every shard of one run into the measurements
/// of the whole run; refuses parts that do not belong together.
pub fn merge(parts: Vec<Measurements>) -> Result<Measurements, String> {
    let Some(first) = parts.first() else {
        return Err("nothing to merge".into());
    };
    if let Some(other) = parts.iter().find(|part| part.format != FORMAT) {
        return Err(format!(
            "`{}` is not a measurements file of this reptest ({FORMAT})",
            other.format
        ));
    }
    check_complete(
        &parts,
        |part| part.shard,
        |part| (part.corpus.clone(), part.explore_seed, part.fuzz_checks),
    )?;
    let mut whole = Measurements {
        shard: Shard::WHOLE,
        parsers: BTreeMap::new(),
        references: BTreeMap::new(),
        ..first.clone()
    };
    for part in parts {
        for (source, (checks, differ)) in part.references {
            let known = whole.references.entry(source).or_default();
            *known = (known.0 + checks, known.1 + differ);
        }
        for (name, measured) in part.parsers {
            match whole.parsers.get_mut(&name) {
                Some(known) => known.collected.merge(measured.collected),
                None => {
                    whole.parsers.insert(name, measured);
                }
            }
        }
    }
    Ok(whole)
}

/// What a measurement run covers.
#[derive(Clone, Debug)]
pub struct Plan<'a> {
    /// The corpus files (all of them: the shard picks its own).
    pub files: &'a [CorpusFile],
    /// The corpus, in words.
    pub corpus: String,
    /// Which shard to measure.
    pub shard: Shard,
    /// The seed of an extra stream to explore, if any.
    pub explore_seed: Option<u64>,
    /// Each generated stream's length in checks (all shards together).
    pub fuzz_checks: u64,
    /// Parsers measured side by side.
    pub threads: usize,
}

/// Measures every parser of `parsers` (each with its version) under `plan`,
/// against Google's parser and `rep-rfc`; `progress(what)` reports each
/// step.
pub fn measure_parsers(
    plan: &Plan<'_>,
    parsers: &[(&dyn Implementation, String)],
    google: &dyn Implementation,
    rfc: &dyn Implementation,
    progress: impl Fn(&str) + Sync,
) -> Measurements {
    progress("asking the references the real-world sample");
    let real_world = run::real_world_sample(plan.files, plan.shard, google, rfc);
    progress("asking the references the edge forms");
    let edge = run::edge_forms_sample(plan.files, plan.shard, google, rfc);
    progress("asking the references the generated checks");
    let fuzz = run::fuzz_sample(REFERENCE_SEED, plan.fuzz_checks, plan.shard, google, rfc);
    let explore = plan
        .explore_seed
        .map(|seed| run::fuzz_sample(seed, plan.fuzz_checks, plan.shard, google, rfc))
        .unwrap_or_default();
    let references = [
        (Source::RealWorld, &real_world),
        (Source::Edge, &edge),
        (Source::Fuzz, &fuzz),
        (Source::Explore, &explore),
    ]
    .into_iter()
    .filter(|(_, batches)| !batches.is_empty())
    .map(|(source, batches)| (source, run::references_part(batches)))
    .collect();
    let implementations: Vec<&dyn Implementation> = parsers.iter().map(|(parser, _)| *parser).collect();
    let samples = [
        (Source::RealWorld, real_world.as_slice()),
        (Source::Edge, edge.as_slice()),
        (Source::Fuzz, fuzz.as_slice()),
        (Source::Explore, explore.as_slice()),
    ];
    let mut collected = run::measure_all(&implementations, &samples, plan.threads, |name, done, took| {
        progress(&format!(
            "{name} measured in {:.1} s ({done}/{})",
            took.as_secs_f64(),
            parsers.len()
        ))
    });
    let measured = parsers
        .iter()
        .map(|(parser, version)| {
            let name = parser.name().to_string();
            let collected = collected.remove(&name).unwrap_or_default();
            (
                name,
                Measured {
                    version: version.clone(),
                    collected,
                },
            )
        })
        .collect();
    Measurements {
        format: FORMAT.to_string(),
        corpus: plan.corpus.clone(),
        shard: plan.shard,
        explore_seed: plan.explore_seed,
        fuzz_checks: plan.fuzz_checks,
        references,
        parsers: measured,
    }
}

/// Everything known about one third-party parser for the reports: its
/// measurements with the suite's checks (column `column` of `matrix`) added,
/// and its distinct differences, judged against the profile it states.
pub fn analyse(
    parser: &dyn Implementation,
    measured: Option<&Measured>,
    matrix: &rep_core::runner::Matrix<'_>,
    column: usize,
    google: &dyn Implementation,
    rfc: &dyn Implementation,
    stated: Option<rep_core::case::ProfileId>,
) -> (Collected, found::Found) {
    let mut collected = run::suite(matrix, column);
    if let Some(measured) = measured {
        collected.merge(measured.collected.clone());
    }
    let measured = measured.map(|measured| &measured.collected);
    let found = differences::differences(parser, stated, &collected, measured, google, rfc);
    (collected, found)
}
