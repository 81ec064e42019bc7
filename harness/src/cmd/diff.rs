//! `reptest diff`: compare two implementations on generated inputs (or
//! replay one fuzz input) and write the minimised disagreements as findings.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::cli::print::{print_summary, print_written};
use crate::cli::progress::Progress;
use crate::cli::values::{number, positive_seconds, shard};
use crate::cli::{start_all, usage_error, ImplChoice};
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

/// The exit status of a run stopped by SIGINT or SIGTERM: 128 + SIGINT, as
/// a shell reports a command it interrupted.
const INTERRUPTED: u8 = 130;

const USAGE: &str = "\
reptest diff [--impl A --impl B] [--iterations N | --seconds S] [--seed N]
                    [--threads N] [--findings DIR] [--max-findings N]
       reptest diff [--impl A --impl B] --corpus WHAT [--mutations N] [--shard K/N [--partial FILE]]
       reptest diff [--impl A --impl B] --replay TARGET FILE [--findings DIR]";

const AFTER_HELP: &str = "\
The pair (default: --impl rep-google --impl google) is any two of the implementations above;
external ones are listed after the built-ins. Deciding lines are compared only when both sides
report them.

SIGINT or SIGTERM (Ctrl-C) ends the run early: the disagreements found so far are minimised and
written as findings (a --partial shard is not written: it would not be the whole shard), and the
exit status is 130. A second one ends it at once.

Exit status: 0 when no disagreement is a failure, 1 otherwise, 2 on bad usage, 130 when
interrupted. rep-rfc vs rep-google differences are failures only when no differing switch
explains them.";

/// The flags of `reptest diff`.
#[derive(clap::Args)]
#[command(override_usage = USAGE, after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// Checks to run [default: 100000]
    #[arg(long, value_name = "N", value_parser = number::<u64>, help_heading = "Inputs")]
    iterations: Option<u64>,
    /// Run for this long instead
    #[arg(long, value_name = "S", value_parser = positive_seconds, conflicts_with = "iterations",
          help_heading = "Inputs")]
    seconds: Option<Duration>,
    /// Names the generated stream; the same seed replays the same inputs
    #[arg(long, value_name = "N", default_value = "0", value_parser = number::<u64>, help_heading = "Inputs")]
    seed: u64,
    /// Mutate these robots.txt files instead of generating bodies, every file --mutations times: a
    /// directory, `real-world` (the pinned protego 0.7.0 corpus, fetched into the cache) or
    /// `cases` (the suite's case bodies)
    #[arg(long, value_name = "WHAT", help_heading = "Inputs")]
    corpus: Option<String>,
    /// Mutations checked per corpus file
    #[arg(long, value_name = "N", default_value = "8", value_parser = number::<u32>, help_heading = "Inputs")]
    mutations: u32,
    /// Check only shard K of N of the corpus (a stable split by file name)
    #[arg(long = "shard", value_name = "K/N", default_value = "1/1", value_parser = shard,
          help_heading = "Inputs")]
    shard: Shard,
    /// Write this shard's counts and examples to FILE instead of findings; `reptest merge`
    /// combines the N files into the whole run's result
    #[arg(long, value_name = "FILE", help_heading = "Inputs")]
    partial: Option<PathBuf>,
    /// Check the input a fuzz target (diff_google, diff_bytes, profiles_explained, no_panic) saw
    /// in FILE, e.g. a libFuzzer crash artifact, and write its findings
    #[arg(long, num_args = 2, value_names = ["TARGET", "FILE"], help_heading = "Inputs")]
    replay: Option<Vec<String>>,
    /// Worker threads [default: every core]
    #[arg(long, value_name = "N", value_parser = number::<usize>, help_heading = "Run")]
    threads: Option<usize>,
    /// Where minimised disagreements go [default: the workspace's reports/findings]
    #[arg(long, value_name = "DIR", help_heading = "Findings")]
    findings: Option<PathBuf>,
    /// Most findings to minimise and write per run
    #[arg(long, value_name = "N", default_value = "10", value_parser = number::<usize>,
          help_heading = "Findings")]
    max_findings: usize,
    #[command(flatten)]
    impls: ImplChoice,
}

/// What a diff runs, made of its flags.
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

/// The flags as a plan, or why they do not make one.
fn options(args: Args) -> Result<Options, String> {
    let budget = match (&args.corpus, args.iterations, args.seconds) {
        (Some(_), None, None) => Budget::Corpus,
        (Some(_), _, _) => {
            return Err("--corpus checks every file's mutations: drop --iterations/--seconds (use --mutations)".into())
        }
        (None, _, _) if args.shard != Shard::WHOLE || args.partial.is_some() => {
            return Err("--shard and --partial split a corpus: give --corpus".into())
        }
        (None, _, Some(seconds)) => Budget::Time(seconds),
        (None, iterations, None) => Budget::Checks(iterations.unwrap_or(DEFAULT_CHECKS)),
    };
    let impls = args.impls.build(&DEFAULT_PAIR);
    if impls.len() != 2 {
        return Err(format!(
            "give exactly two implementations (or none for the default), not {}",
            impls.len()
        ));
    }
    let replay = args.replay.map(|mut pair| {
        let file = PathBuf::from(pair.pop().expect("--replay takes two values"));
        (pair.pop().expect("--replay takes two values"), file)
    });
    Ok(Options {
        impls,
        budget,
        seed: args.seed,
        corpus: args.corpus,
        mutations: args.mutations.max(1),
        shard: args.shard,
        partial: args.partial,
        threads: args.threads.unwrap_or_else(pool::cores).max(1),
        plan: FindingsPlan {
            dir: args.findings.unwrap_or_else(findings_dir),
            max: args.max_findings,
            impl_flags: args.impls.flags(&DEFAULT_PAIR),
        },
        replay,
    })
}

/// Runs `reptest diff`; returns the exit status.
pub(crate) fn main(args: Args) -> u8 {
    let mut options = match options(args) {
        Ok(options) => options,
        Err(message) => return usage_error("diff", &message),
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
    let stop = stop_on_signals();
    let config = Config {
        differ,
        budget: options.budget,
        seed: options.seed,
        corpus: &corpus,
        mutations: options.mutations,
        threads: options.threads,
        stop: &stop,
    };
    let header = header(&config, options);
    let progress = Progress::new("diff", "checks");
    let total = match options.budget {
        Budget::Checks(checks) => Some(checks),
        _ => None,
    };
    let show = |checks, failures| progress.count(checks, total, &format!("{failures} disagreements"));
    let interrupted = || stop.load(Ordering::Relaxed);
    let Some(path) = &options.partial else {
        let investigation = investigate(&config, &options.plan, show);
        progress.finish();
        print_summary(&header, &investigation.summary, &investigation.written);
        if interrupted() {
            eprintln!(
                "reptest diff: interrupted after {} checks; the findings of the disagreements found so far are written",
                investigation.summary.counts.checks
            );
            return INTERRUPTED;
        }
        return u8::from(investigation.summary.counts.failures > 0);
    };
    let summary = run(&config, show);
    progress.finish();
    if interrupted() {
        eprintln!(
            "reptest diff: interrupted after {} checks; {} is not written (the shard was not checked whole)",
            summary.counts.checks,
            path.display()
        );
        return INTERRUPTED;
    }
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
    if let Err(error) = rep_core::atomic::write_atomically(path, (json + "\n").as_bytes()) {
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

/// A flag the first SIGINT or SIGTERM sets, for the run to stop at; a
/// second one ends the process at once, with [`INTERRUPTED`]. When the
/// handlers cannot be installed, signals keep their default effect.
fn stop_on_signals() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // The shutdown handler runs first: it sees the flag only a signal before set.
        let installed = signal_hook::flag::register_conditional_shutdown(signal, INTERRUPTED.into(), Arc::clone(&stop))
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop)));
        if let Err(error) = installed {
            eprintln!("reptest diff: cannot catch signal {signal} ({error}): it will end the run without findings");
        }
    }
    stop
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
