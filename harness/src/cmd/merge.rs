//! `reptest merge`: the results of every shard of one run, combined into the
//! result of the whole run — measurements (`reptest measure --shard`) or a
//! differential run over a corpus (`reptest diff --corpus --shard --partial`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::cli::print::print_summary;
use crate::cli::values::whole;
use crate::cli::{parse_flags, start_all};
use rep_core::diff::partial::{self, Partial};
use rep_core::diff::{write_findings, Differ, FindingsPlan};
use rep_core::implementation::Implementation;
use rep_core::workspace::findings_dir;
use rep_matrix::measure::{self, read_part, Measurements, Part};

const AFTER_HELP: &str = "\
Measurements are what `reptest measure --shard K/N` wrote; the merged file is what one
unsharded run writes, for `reptest report --measurements FILE`. Differential parts are what
`reptest diff --corpus … --shard K/N --partial FILE` wrote; merging them prints the whole run's
summary and minimises and writes its findings, as one unsharded `reptest diff` would. Either
way the parts must be shards 1..N of one run.

Exit status: 0 when merged (for a differential run: and no disagreement is a failure), 1 when
the parts do not belong together or a disagreement is a failure, 2 for a usage error or an
unreadable part.";

/// The flags of `reptest merge`.
#[derive(clap::Args)]
#[command(
    override_usage = "reptest merge --out FILE MEASUREMENTS...\n       \
                      reptest merge [--findings DIR] [--max-findings N] [--out FILE] DIFF-PARTS...",
    after_help = AFTER_HELP
)]
pub(crate) struct Args {
    /// The parts: the files the shards wrote
    #[arg(value_name = "PARTS", required = true)]
    parts: Vec<PathBuf>,
    /// Where the merged result goes (required for measurements)
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    out: Option<PathBuf>,
    /// Where a differential run's minimised disagreements go [default: the workspace's
    /// reports/findings]
    #[arg(long, value_name = "DIR", help_heading = "Output")]
    findings: Option<PathBuf>,
    /// Most findings to minimise and write
    #[arg(long, value_name = "N", default_value = "10", value_parser = whole::<usize>, help_heading = "Output")]
    max_findings: usize,
}

/// Runs `reptest merge`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    let mut measurements = Vec::new();
    let mut diffs = Vec::new();
    for path in &options.parts {
        match read_part(path) {
            Ok(Part::Measurements(part)) => measurements.push(part),
            Ok(Part::Diff(part)) => diffs.push(part),
            Err(message) => {
                eprintln!("reptest merge: {message}");
                return 2;
            }
        }
    }
    match (measurements.is_empty(), diffs.is_empty()) {
        (false, true) => merge_measurements(measurements, &options),
        (true, false) => merge_diffs(diffs, &options),
        _ => {
            eprintln!("reptest merge: the parts mix measurements and differential runs");
            1
        }
    }
}

fn write_json(path: &Path, value: &impl serde::Serialize) -> Result<(), u8> {
    let json = serde_json::to_string(value).expect("merged results always serialise");
    rep_core::atomic::write_atomically(path, (json + "\n").as_bytes()).map_err(|error| {
        eprintln!("reptest merge: cannot write {}: {error}", path.display());
        2
    })
}

fn merge_measurements(parts: Vec<Measurements>, options: &Args) -> u8 {
    let Some(out) = &options.out else {
        eprintln!("reptest merge: say where the merged measurements go: --out FILE");
        return 2;
    };
    let count = parts.len();
    let merged = match measure::merge(parts) {
        Ok(merged) => merged,
        Err(message) => {
            eprintln!("reptest merge: {message}");
            return 1;
        }
    };
    if let Err(status) = write_json(out, &merged) {
        return status;
    }
    eprintln!("reptest merge: wrote {} ({count} parts)", out.display());
    0
}

/// The pair a differential run compared, from its implementation flags.
fn pair(impl_flags: &str) -> Result<Differ, String> {
    let choice = parse_flags(impl_flags).map_err(|why| format!("`{impl_flags}`: {why}"))?;
    let mut impls = choice.build(&[]);
    if impls.len() != 2 {
        return Err(format!("`{impl_flags}` does not name two implementations"));
    }
    start_all("merge", &impls).map_err(|_| format!("the pair `{impl_flags}` cannot start here"))?;
    let b: Arc<dyn Implementation> = Arc::from(impls.pop().expect("two"));
    let a: Arc<dyn Implementation> = Arc::from(impls.pop().expect("two"));
    Ok(Differ::new(a, b))
}

fn merge_diffs(parts: Vec<Partial>, options: &Args) -> u8 {
    let count = parts.len();
    let differ = match pair(&parts[0].impl_flags) {
        Ok(differ) => differ,
        Err(message) => {
            eprintln!("reptest merge: {message}");
            return 2;
        }
    };
    let (merged, summary) = match partial::merge(parts, &differ) {
        Ok(merged) => merged,
        Err(message) => {
            eprintln!("reptest merge: {message}");
            return 1;
        }
    };
    if let Some(out) = &options.out {
        if let Err(status) = write_json(out, &merged) {
            return status;
        }
    }
    let plan = FindingsPlan {
        dir: options.findings.clone().unwrap_or_else(findings_dir),
        max: options.max_findings,
        impl_flags: merged.impl_flags.clone(),
    };
    let how = format!(
        "--corpus {} --mutations {} (merged from {count} shards)",
        merged.corpus, merged.mutations
    );
    let written = write_findings(&differ, &summary.examples, &plan, &how);
    let header = format!(
        "reptest merge: {} vs {}, seed {}, corpus {} mutated {} times per file, {count} shards",
        differ.a.name(),
        differ.b.name(),
        merged.seed,
        merged.corpus,
        merged.mutations
    );
    print_summary(&header, &summary, &written);
    u8::from(summary.counts.failures > 0)
}
