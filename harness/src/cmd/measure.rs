//! `reptest measure`: third-party parsers on the real-world sample and the
//! generated stream, for one shard, written as a measurements file that
//! `reptest merge` combines and `reptest report --measurements` reads.

use std::path::PathBuf;

use crate::cli::{options_or_exit, Args, UsageError};
use rep_core::corpus::load_corpus;
use rep_core::diff::shard::Shard;
use rep_core::implementation::{built_in, Implementation};
use rep_core::pool;
use rep_core::workspace::absolute_root;
use rep_matrix::catalogue::third_party;
use rep_matrix::measure::DEFAULT_FUZZ_CHECKS;
use rep_matrix::measure::{measure_parsers, Plan};

const HELP: &str = "\
reptest measure — measure the installed third-party parsers on the real-world corpus and on
generated inputs, against Google's parser and rep-rfc, and write the measurements as JSON

Usage: reptest measure --out FILE [OPTIONS]

  --out FILE         where to write the measurements (JSON)
  --corpus WHAT      real-world (default: the pinned protego 0.7.0 corpus) or a directory of
                     robots.txt files (a crawl of your own)
  --shard K/N        measure only shard K of N: corpus files split by a hash of their name,
                     generated inputs by their index; merge the N files with `reptest merge`
  --fuzz-checks N    each generated stream's length in checks (default 50000)
  --explore-seed N   also run the generated stream of seed N (the reference stream, whose seed is
                     fixed, decides the list of differences; what only seed N shows is reported apart)
  --only NAME        measure only this parser (repeatable)
  --threads N        parsers measured side by side (default: every core)

Exit status: 0 when written, 1 when an installable parser could not be measured (one whose
pinned version cannot be had, such as reppy, is only mentioned), 2 for a usage error or when
the corpus or Google's parser is not available.
";

struct Options {
    out: PathBuf,
    corpus: String,
    shard: Shard,
    explore_seed: Option<u64>,
    fuzz_checks: u64,
    only: Vec<String>,
    threads: usize,
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, UsageError> {
    text.replace('_', "")
        .parse()
        .map_err(|_| UsageError(format!("{flag} takes a number, not `{text}`")))
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut out = None;
    let mut options = Options {
        out: PathBuf::new(),
        corpus: "real-world".into(),
        shard: Shard::WHOLE,
        explore_seed: None,
        fuzz_checks: DEFAULT_FUZZ_CHECKS,
        only: Vec::new(),
        threads: pool::cores(),
    };
    while let Some(arg) = args.next_arg() {
        let flag = arg.as_str();
        match flag {
            "-h" | "--help" => return Ok(None),
            "--out" => out = Some(PathBuf::from(args.value(flag)?)),
            "--corpus" => options.corpus = args.value(flag)?,
            "--shard" => options.shard = args.value(flag)?.parse().map_err(UsageError)?,
            "--explore-seed" => options.explore_seed = Some(number(flag, &args.value(flag)?)?),
            "--fuzz-checks" => options.fuzz_checks = number(flag, &args.value(flag)?)?,
            "--only" => options.only.push(args.value(flag)?),
            "--threads" => options.threads = number::<usize>(flag, &args.value(flag)?)?.max(1),
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    options.out = out.ok_or_else(|| UsageError("say where the measurements go: --out FILE".into()))?;
    Ok(Some(options))
}

/// Runs `reptest measure` with the arguments after `measure`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("measure", parse(args), &[HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
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
    let root = absolute_root();
    let mut parsers: Vec<(Box<dyn Implementation>, String)> = Vec::new();
    let mut status = 0;
    for party in third_party::bundled()
        .iter()
        .filter(|party| options.only.is_empty() || options.only.contains(&party.name))
    {
        match party.probe(&root) {
            Ok(version) => parsers.push((Box::new(party.adapter(&root)), version)),
            Err(why) => {
                eprintln!("reptest measure: {} is not measured: {why}", party.name);
                // One whose pinned version cannot be had is never measured:
                // that is known, not a failure of this run.
                if party.is_available() {
                    status = 1;
                }
            }
        }
    }
    let plan = Plan {
        files: &files,
        corpus,
        shard: options.shard,
        explore_seed: options.explore_seed,
        fuzz_checks: options.fuzz_checks,
        threads: options.threads,
    };
    let borrowed: Vec<(&dyn Implementation, String)> = parsers
        .iter()
        .map(|(parser, version)| (parser.as_ref(), version.clone()))
        .collect();
    // Each step on its own line: how long each parser took is worth keeping.
    let measurements = measure_parsers(&plan, &borrowed, google.as_ref(), rfc.as_ref(), |step| {
        eprintln!("reptest measure: {step}");
    });
    let json = serde_json::to_string(&measurements).expect("measurements always serialise");
    if let Err(error) = std::fs::write(&options.out, json + "\n") {
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
