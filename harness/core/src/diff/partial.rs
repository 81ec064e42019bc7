//! A shard's differential run written to a file, and shards merged back
//! into the run they split: what lets `reptest diff --corpus` over a
//! crawl-scale corpus spread over machines.

use serde::{Deserialize, Serialize};

use super::compare::{Differ, Probe};
use super::summary::{Counts, Observed, Summary};
use crate::diff::shard::{check_complete, Shard};

/// The format tag of a partial differential run.
pub const FORMAT: &str = "reptest-diff/1";

/// One shard's run, as a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partial {
    /// [`FORMAT`].
    pub format: String,
    /// The implementation flags of the pair, to rebuild it when merging.
    pub impl_flags: String,
    /// The seed of the mutations.
    pub seed: u64,
    /// The corpus, in words.
    pub corpus: String,
    /// Mutations per corpus file.
    pub mutations: u32,
    /// Which shard of the corpus.
    pub shard: Shard,
    /// What was counted.
    #[serde(flatten)]
    pub counts: Counts,
    /// The examples kept, to be judged again and minimised after merging.
    pub examples: Vec<PartialExample>,
}

/// An example of a partial run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialExample {
    /// Its place in the run's order.
    pub order: String,
    /// Where it came from, for people.
    pub origin: String,
    /// The input.
    pub probe: Probe,
}

/// What a partial run is of: everything but the counts.
pub struct Header {
    /// The implementation flags of the pair.
    pub impl_flags: String,
    /// The seed.
    pub seed: u64,
    /// The corpus, in words.
    pub corpus: String,
    /// Mutations per corpus file.
    pub mutations: u32,
    /// The shard.
    pub shard: Shard,
}

impl Partial {
    /// The file for `summary`, a run of `header`.
    pub fn of(header: Header, summary: &Summary) -> Partial {
        Partial {
            format: FORMAT.to_string(),
            impl_flags: header.impl_flags,
            seed: header.seed,
            corpus: header.corpus,
            mutations: header.mutations,
            shard: header.shard,
            counts: summary.counts.clone(),
            examples: summary
                .examples
                .iter()
                .map(|observed| PartialExample {
                    order: observed.order.clone(),
                    origin: observed.origin.clone(),
                    probe: observed.probe.clone(),
                })
                .collect(),
        }
    }

    /// The summary again, each example judged anew by `differ` (the same
    /// implementations give the same disagreement).
    pub fn summary(&self, differ: &Differ) -> Summary {
        let mut summary = Summary {
            counts: self.counts.clone(),
            ..Summary::default()
        };
        summary.examples = self
            .examples
            .iter()
            .filter_map(|example| {
                Some(Observed {
                    disagreement: differ.judge_probe(&example.probe)?,
                    probe: example.probe.clone(),
                    origin: example.origin.clone(),
                    order: example.order.clone(),
                })
            })
            .collect();
        summary
    }
}

/// The run the shards in `parts` split, or why they do not belong together.
pub fn merge(parts: Vec<Partial>, differ: &Differ) -> Result<(Partial, Summary), String> {
    let Some(first) = parts.first().cloned() else {
        return Err("nothing to merge".into());
    };
    check_complete(
        &parts,
        |part| part.shard,
        |part| {
            (
                part.format.clone(),
                part.impl_flags.clone(),
                part.seed,
                part.corpus.clone(),
                part.mutations,
            )
        },
    )?;
    let mut summary = Summary::default();
    for part in parts {
        summary.merge(part.summary(differ));
    }
    let header = Header {
        impl_flags: first.impl_flags,
        seed: first.seed,
        corpus: first.corpus,
        mutations: first.mutations,
        shard: Shard::WHOLE,
    };
    Ok((Partial::of(header, &summary), summary))
}
