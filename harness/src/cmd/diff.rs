//! `reptest diff`: compare two implementations on generated inputs (or
//! replay one fuzz input) and write the minimised disagreements as findings.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::cli::print::{print_summary, print_written};
use crate::cli::progress::Progress;
use crate::cli::{options_or_exit, start_all, Args, ImplChoice, UsageError, IMPL_HELP};
use rep_core::corpus::{load_corpus, CorpusFile};
use rep_core::diff::partial::{self, Partial};
use rep_core::diff::shard::Shard;
use rep_core::diff::{investigate, replay, run, Budget, Config, Differ, FindingsPlan, Written};
use rep_core::implementation::Implementation;
use rep_core::pool;
use rep_core::workspace::findings_dir;

/// The pair compared when none is given.
const DEFAULT_PAIR: [&str; 2] = ["rep-google", "google"];

/// Checks run when neither `--iterations` nor `--seconds` is given.
const DEFAULT_CHECKS: u64 = 100_000;

const HELP: &str = "\
reptest diff — compare two implementations on generated inputs and write each disagreement
as a minimal case

Usage: reptest diff [--impl A --impl B] [--iterations N | --seconds S] [--seed N]
                    [--threads N] [--findings DIR] [--max-findings N]
       reptest diff [--impl A --impl B] --corpus WHAT [--mutations N] [--shard K/N [--partial FILE]]
       reptest diff [--impl A --impl B] --replay TARGET FILE [--findings DIR]

  --iterations N       checks to run (default 100000); --seconds S: run for this long instead
  --seed N             names the generated stream (default 0); the same seed replays the same inputs
  --corpus WHAT        mutate these robots.txt files instead of generating bodies, every file
                       --mutations times: a directory, `real-world` (the pinned protego 0.7.0
                       corpus, fetched into the cache) or `cases` (the suite's case bodies)
  --mutations N        mutations checked per corpus file (default 8)
  --shard K/N          check only shard K of N of the corpus (a stable split by file name)
  --partial FILE       write this shard's counts and examples to FILE instead of findings;
                       `reptest merge` combines the N files into the whole run's result
  --threads N          worker threads (default: every core)
  --findings DIR       where minimised disagreements go (default: the workspace's reports/findings)
  --max-findings N     most findings to minimise and write per run (default 10)
  --replay TARGET FILE check the input a fuzz target (diff_google, diff_bytes, profiles_explained,
                       no_panic) saw in FILE, e.g. a libFuzzer crash artifact, and write its findings

The pair (default: --impl rep-google --impl google) is any two of the implementations below;
external ones are listed after the built-ins. Deciding lines are compared only when both sides
report them.
";

const HELP_TAIL: &str = "
Exit status: 0 when no disagreement is a failure, 1 otherwise, 2 on bad usage.
rep-rfc vs rep-google differences are failures only when no differing switch explains them.
";

struct Options {
    impls: Vec<Box<dyn Implementation>>,
    budget: Budget,
    seed: u64,
    corpus: Option<String>,
    mutations: u32,
    shard: Shard,
    partial: Option<PathBuf>,
    threads: usize,
    plan: FindingsPlan,
    replay: Option<(String, PathBuf)>,
}

/// Mutations per corpus file when `--mutations` is not given.
const DEFAULT_MUTATIONS: u32 = 8;

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, UsageError> {
    text.replace('_', "")
        .parse()
        .map_err(|_| UsageError(format!("{flag} takes a number, not `{text}`")))
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut budget = None;
    let mut options = Options {
        impls: Vec::new(),
        budget: Budget::Checks(DEFAULT_CHECKS),
        seed: 0,
        corpus: None,
        mutations: DEFAULT_MUTATIONS,
        shard: Shard::WHOLE,
        partial: None,
        threads: pool::cores(),
        plan: FindingsPlan {
            dir: findings_dir(),
            max: 10,
            impl_flags: String::new(),
        },
        replay: None,
    };
    let mut impls = ImplChoice::default();
    let mut args = Args::new(args);
    while let Some(flag) = args.next_arg() {
        let flag = flag.as_str();
        match flag {
            "-h" | "--help" => return Ok(None),
            "--iterations" | "--seconds" => {
                if budget.is_some() {
                    return Err(UsageError("give one of --iterations and --seconds, once".into()));
                }
                let text = args.value(flag)?;
                budget = Some(if flag == "--iterations" {
                    Budget::Checks(number(&text, flag)?)
                } else {
                    let seconds: f64 = number(&text, flag)?;
                    if !(seconds.is_finite() && seconds > 0.0) {
                        return Err(UsageError(format!("--seconds takes a positive number, not `{text}`")));
                    }
                    Budget::Time(Duration::from_secs_f64(seconds))
                });
            }
            "--seed" => options.seed = number(&args.value(flag)?, flag)?,
            "--corpus" => options.corpus = Some(args.value(flag)?),
            "--mutations" => options.mutations = number::<u32>(&args.value(flag)?, flag)?.max(1),
            "--shard" => options.shard = args.value(flag)?.parse().map_err(UsageError)?,
            "--partial" => options.partial = Some(PathBuf::from(args.value(flag)?)),
            "--threads" => options.threads = number::<usize>(&args.value(flag)?, flag)?.max(1),
            "--findings" => options.plan.dir = PathBuf::from(args.value(flag)?),
            "--max-findings" => options.plan.max = number(&args.value(flag)?, flag)?,
            "--replay" => {
                let target = args.value(flag)?;
                let file = PathBuf::from(args.value("--replay TARGET")?);
                options.replay = Some((target, file));
            }
            flag if impls.accept(flag, &mut args)? => {}
            other => return Err(UsageError(format!("unknown argument `{other}`"))),
        }
    }
    match (&options.corpus, budget) {
        (Some(_), Some(_)) => {
            return Err(UsageError(
                "--corpus checks every file's mutations: drop --iterations/--seconds (use --mutations)".into(),
            ))
        }
        (Some(_), None) => options.budget = Budget::Corpus,
        (None, budget) => {
            if options.shard != Shard::WHOLE || options.partial.is_some() {
                return Err(UsageError("--shard and --partial split a corpus: give --corpus".into()));
            }
            options.budget = budget.unwrap_or(options.budget);
        }
    }
    options.impls = impls.build(&DEFAULT_PAIR);
    options.plan.impl_flags = impls.flags(&DEFAULT_PAIR);
    if options.impls.len() != 2 {
        return Err(UsageError(format!(
            "give exactly two implementations (or none for the default), not {}",
            options.impls.len()
        )));
    }
    Ok(Some(options))
}

/// Runs `reptest diff` with the arguments after `diff`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let mut options = match options_or_exit("diff", parse(args), &[HELP, IMPL_HELP, HELP_TAIL]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    if let Err(status) = start_all("diff", &options.impls) {
        return status;
    }
    let b: Arc<dyn Implementation> = Arc::from(options.impls.pop().expect("two implementations"));
    let a: Arc<dyn Implementation> = Arc::from(options.impls.pop().expect("two implementations"));
    let differ = Differ::new(a, b);
    // Panics inside the implementations are caught and reported as
    // disagreements; the default hook would print each one as well.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let status = match &options.replay {
        Some((target, file)) => replay_main(&differ, target, file, &options.plan),
        None => run_main(differ, &options),
    };
    std::panic::set_hook(default_hook);
    status
}

fn run_main(differ: Differ, options: &Options) -> u8 {
    let corpus = match options
        .corpus
        .as_deref()
        .map_or(Ok(Vec::new()), |what| load_corpus(what).map(|(files, _)| files))
    {
        Ok(corpus) => corpus,
        Err(message) => {
            eprintln!("reptest diff: {message}");
            return 2;
        }
    };
    let corpus: Vec<CorpusFile> = corpus
        .into_iter()
        .filter(|file| options.shard.contains(&file.name))
        .collect();
    let config = Config {
        differ,
        budget: options.budget,
        seed: options.seed,
        corpus: &corpus,
        mutations: options.mutations,
        threads: options.threads,
    };
    let header = header(&config, options);
    let progress = Progress::new();
    let show = |checks, failures| progress.show(&format!("reptest diff: {checks} checks, {failures} disagreements"));
    let Some(path) = &options.partial else {
        let investigation = investigate(&config, &options.plan, show);
        progress.finish();
        print_summary(&header, &investigation.summary, &investigation.written);
        return u8::from(investigation.summary.counts.failures > 0);
    };
    let summary = run(&config, show);
    progress.finish();
    let partial = Partial::of(
        partial::Header {
            impl_flags: options.plan.impl_flags.clone(),
            seed: options.seed,
            corpus: options.corpus.clone().unwrap_or_default(),
            mutations: options.mutations,
            shard: options.shard,
        },
        &summary,
    );
    let json = serde_json::to_string(&partial).expect("a partial run always serialises");
    if let Err(error) = std::fs::write(path, json + "\n") {
        eprintln!("reptest diff: cannot write {}: {error}", path.display());
        return 2;
    }
    print_summary(&header, &summary, &Written::default());
    println!(
        "partial result written: {} (merge the shards with `reptest merge`)",
        path.display()
    );
    u8::from(summary.counts.failures > 0)
}

/// The first line of a run's summary: the pair, the seed, what was checked.
fn header(config: &Config, options: &Options) -> String {
    let what = match &options.corpus {
        None => String::new(),
        Some(corpus) => format!(
            ", {} files of corpus {corpus}{} mutated {} times each",
            config.corpus.len(),
            if options.shard == Shard::WHOLE {
                String::new()
            } else {
                format!(" (shard {})", options.shard)
            },
            options.mutations
        ),
    };
    format!(
        "reptest diff: {} vs {}, seed {}, {} thread(s){what}",
        config.differ.a.name(),
        config.differ.b.name(),
        config.seed,
        config.threads
    )
}

/// `reptest diff --replay TARGET FILE`: the checks of one fuzz input.
fn replay_main(differ: &Differ, target: &str, file: &Path, plan: &FindingsPlan) -> u8 {
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("reptest diff: cannot read {}: {error}", file.display());
            return 2;
        }
    };
    let Some(replayed) = replay(differ, target, &bytes, file, plan) else {
        eprintln!(
            "reptest diff: --replay takes diff_google, diff_bytes, profiles_explained or no_panic, not `{target}`"
        );
        return 2;
    };
    for (number, check) in replayed.checks.iter().enumerate() {
        println!(
            "check {number}: agents {:?}, url {:?}: {}",
            check.query.agents,
            check.query.url,
            check.disagreement.as_ref().map_or("agree".to_owned(), |d| d.summary())
        );
    }
    print_written(&replayed.written);
    u8::from(replayed.failed())
}
