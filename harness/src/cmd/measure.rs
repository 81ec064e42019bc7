//! `reptest measure`: third-party parsers on the real-world sample and the
//! generated stream, for one shard, written as a measurements file that
//! `reptest merge` combines and `reptest report --measurements` reads.

use std::path::PathBuf;

use crate::cli::progress::Progress;
use crate::cli::values::{number, shard};
use rep_core::corpus::load_corpus;
use rep_core::diff::shard::Shard;
use rep_core::implementation::{built_in, Implementation};
use rep_core::pool;
use rep_matrix::catalogue::third_party::ThirdParty;
use rep_matrix::lineup::Lineup;
use rep_matrix::measure::run::MEASURE_TIMEOUT;
use rep_matrix::measure::DEFAULT_FUZZ_CHECKS;
use rep_matrix::measure::{measure_parsers, Plan};

const AFTER_HELP: &str = "\
Exit status: 0 when written, 1 when an installable parser could not be measured (one whose
pinned version cannot be had, such as reppy, is only mentioned), 2 for a usage error or when
the corpus or Google's parser is not available.";

/// The flags of `reptest measure`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// Where to write the measurements (JSON)
    #[arg(long, value_name = "FILE", required = true, help_heading = "Output")]
    out: PathBuf,
    /// real-world (the pinned protego 0.7.0 corpus) or a directory of robots.txt files (a crawl
    /// of your own)
    #[arg(long, value_name = "WHAT", default_value = "real-world", help_heading = "Inputs")]
    corpus: String,
    /// Measure only shard K of N: corpus files split by a hash of their name, generated inputs by
    /// their index; merge the N files with `reptest merge`
    #[arg(long = "shard", value_name = "K/N", default_value = "1/1", value_parser = shard,
          help_heading = "Inputs")]
    shard: Shard,
    /// Each generated stream's length in checks
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FUZZ_CHECKS, value_parser = number::<u64>,
          help_heading = "Inputs")]
    fuzz_checks: u64,
    /// Also run the generated stream of seed N (the reference stream, whose seed is fixed, decides
    /// the list of differences; what only seed N shows is reported apart)
    #[arg(long, value_name = "N", value_parser = number::<u64>, help_heading = "Inputs")]
    explore_seed: Option<u64>,
    /// Measure only this parser (repeatable)
    #[arg(long, value_name = "NAME", help_heading = "Parsers")]
    only: Vec<String>,
    /// Parsers measured side by side [default: every core]
    #[arg(long, value_name = "N", value_parser = number::<usize>, help_heading = "Parsers")]
    threads: Option<usize>,
}

/// Runs `reptest measure`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    let (Some(google), Some(rfc)) = (built_in("google"), built_in("rep-rfc")) else {
        eprintln!("reptest measure: Google's parser is not in this build; it is one of the two references");
        return 2;
    };
    let (files, corpus) = match load_corpus(&options.corpus) {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("reptest measure: {message}");
            return 2;
        }
    };
    let wanted = |party: &ThirdParty| options.only.is_empty() || options.only.contains(&party.name);
    let lineup = Lineup::default().with_bundled(wanted, MEASURE_TIMEOUT);
    for member in &lineup.members {
        if let Err(why) = &member.ready {
            eprintln!("reptest measure: {} is not measured: {why}", member.name);
        }
    }
    // One whose pinned version cannot be had is never measured: that is
    // known, not a failure of this run.
    let status = u8::from(!lineup.missing().is_empty());
    let parsers: Vec<(&dyn Implementation, String)> = lineup
        .members
        .iter()
        .filter_map(|member| Some((member.ready.as_ref().ok()?.as_ref(), member.version.clone()?)))
        .collect();
    let plan = Plan {
        files: &files,
        corpus,
        shard: options.shard,
        explore_seed: options.explore_seed,
        fuzz_checks: options.fuzz_checks,
        threads: options.threads.unwrap_or_else(pool::cores).max(1),
    };
    // Each step on its own line: how long each parser took is worth keeping.
    let progress = Progress::new("measure", "");
    let measurements = measure_parsers(&plan, &parsers, google.as_ref(), rfc.as_ref(), |step| {
        progress.step(step);
    });
    progress.finish();
    let json = serde_json::to_string(&measurements).expect("measurements always serialise");
    if let Err(error) = rep_core::atomic::write_atomically(&options.out, (json + "\n").as_bytes()) {
        eprintln!("reptest measure: cannot write {}: {error}", options.out.display());
        return 2;
    }
    eprintln!(
        "reptest measure: wrote {} ({} parser(s), shard {})",
        options.out.display(),
        measurements.parsers.len(),
        options.shard
    );
    status
}
