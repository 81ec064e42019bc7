//! `reptest report`: run the whole suite against the built-ins and every
//! third-party parser whose adapter can start here, and write the report
//! under `reports/`: `report.json` (the model, beside its schema) and the
//! Markdown pages rendered from it. `reptest site` renders the static site
//! from `report.json`.

pub(crate) mod site;
mod stamp;

use crate::cli::progress::Progress;
use crate::cli::values::number;
use crate::cli::{load_cases_or_exit, start_all, usage_error, ImplChoice};
use rep_core::case::{load_readings, Readings};
use rep_core::implementation::Implementation;
use rep_core::workspace::{absolute_root, cases_dir, find_root};
use rep_matrix::catalogue::adapter_files;
use rep_matrix::catalogue::third_party::ThirdParty;
use rep_matrix::lineup::Lineup;
use rep_matrix::measure::DEFAULT_FUZZ_CHECKS;
use rep_matrix::report::{self, Plan};
use std::path::PathBuf;
use std::time::Duration;

const AFTER_HELP: &str = "\
Third-party parsers run through the adapters in harness/adapters/; each needs its library
installed (the message for a missing one says how). Your own parser joins the matrix with
the implementation flags above (--adapter or --command, with --name and --profile); the
built-ins always run, so --impl is not taken here.

The report is stamped with the time it is made; SOURCE_DATE_EPOCH (seconds since 1970) stands for
that time when set, so two runs on the same versions write the same bytes.

Exit status: 0 when the report was written, 1 when a third-party dependency is missing
(without --skip-missing), 2 for a usage error, a malformed case file or a parser of yours
that cannot start.";

/// The flags of `reptest report`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// A case file or a directory of them (repeatable) [default: the workspace's cases/]
    #[arg(long, value_name = "PATH", help_heading = "Cases")]
    cases: Vec<PathBuf>,
    /// List a third-party parser whose dependency is missing as "not run" instead of failing
    #[arg(long, help_heading = "Parsers")]
    skip_missing: bool,
    /// Ask every bundled parser afresh, instead of taking the answers this version of it gave
    /// the same questions in earlier runs (kept under the cache directory's answers/)
    #[arg(long, help_heading = "Parsers")]
    fresh: bool,
    /// Run only the built-ins (rep-rfc, rep-google, google)
    #[arg(long, help_heading = "Parsers")]
    built_in_only: bool,
    /// Of the bundled third-party parsers, run only this one (repeatable); in a checkout it needs
    /// --out, so the committed report stays whole
    #[arg(long, value_name = "NAME", help_heading = "Parsers")]
    only: Vec<String>,
    /// Run the suite only: no real-world or generated measurements, no parser pages
    #[arg(long, help_heading = "Measurements")]
    suite_only: bool,
    /// Take the third-party measurements from FILE (`reptest measure`, or shards combined by
    /// `reptest merge`) instead of measuring here
    #[arg(long, value_name = "FILE", help_heading = "Measurements")]
    measurements: Option<PathBuf>,
    /// The real-world corpus to measure on: real-world (the pinned protego 0.7.0 files) or a
    /// directory of robots.txt files
    #[arg(
        long,
        value_name = "WHAT",
        default_value = "real-world",
        help_heading = "Measurements"
    )]
    corpus: String,
    /// The reference generated stream's length
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FUZZ_CHECKS, value_parser = number::<u64>,
          help_heading = "Measurements")]
    fuzz_checks: u64,
    /// Where to write report.json and the pages [default: the workspace's reports/, or reports/
    /// under the current directory outside a checkout]
    #[arg(long, value_name = "DIR", help_heading = "Output")]
    out: Option<PathBuf>,
    #[command(flatten)]
    yours: ImplChoice,
}

/// How long a bundled parser may take for one check here: the measurement's
/// limit (measurements are merged into reports, so both keep one), longer
/// than the runner's default so a busy machine does not turn a slow answer
/// into an error and the report stays the same from run to run.
const REPORT_TIMEOUT: Duration = rep_matrix::measure::run::MEASURE_TIMEOUT;

/// Runs `reptest report`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    if options.yours.names_a_built_in() {
        return usage_error(
            "report",
            "the built-ins always run in a report; add your parser with --adapter or --command",
        );
    }
    // Outside a checkout there is no committed report to keep whole.
    if !options.only.is_empty() && options.out.is_none() && find_root().is_some() {
        return usage_error(
            "report",
            "--only writes a partial matrix: give it a directory with --out, so the committed report is not overwritten",
        );
    }
    // Absolute, so adapters start from any directory and links can be worked out.
    let root = absolute_root();
    let files = match load_cases_or_exit("report", &options.cases) {
        Ok(files) => files,
        Err(status) => return status,
    };
    let yours = options.yours.build(&[]);
    if let Err(status) = start_all("report", &yours) {
        return status;
    }
    let lineup = match lineup(&options, yours) {
        Ok(lineup) => lineup,
        Err(status) => return status,
    };
    // The gate before measuring: every parser answers the self-test first
    // (built in, with the adapters; without them no bundled parser runs).
    let self_test = match adapter_files::dir() {
        Ok(dir) => match load_cases_or_exit("report", &[dir.join("self-test.yaml")]) {
            Ok(files) => Some(files),
            Err(status) => return status,
        },
        Err(_) => None,
    };
    let out = options.out.clone().unwrap_or_else(|| root.join("reports"));
    let plan = Plan {
        files: &files,
        committed: find_root().is_some() && out == root.join("reports"),
        out,
        measurements: options.measurements.clone(),
        corpus: options.corpus.clone(),
        fuzz_checks: options.fuzz_checks,
        suite_only: options.suite_only,
        readings: readings(&options.cases),
        reproduce: reproduce_commands(options.built_in_only),
        self_test,
        stamp: stamp::now(&root),
    };
    let started = std::time::Instant::now();
    let progress = Progress::new("report", "case runs");
    let written = report::write(&plan, lineup, |step| match step {
        report::Progress::Cases(done, total) => progress.count(done as u64, Some(total as u64), ""),
        report::Progress::Step(step) => progress.step(step),
    });
    progress.finish();
    match written {
        Ok(written) => {
            for file in &written.files {
                eprintln!("reptest report: wrote {}", file.display());
            }
            eprintln!(
                "reptest report: {}",
                summary(&written, &plan.out, started.elapsed(), options.fresh)
            );
            0
        }
        Err(message) => {
            eprintln!("reptest report: {message}");
            2
        }
    }
}

/// The built-ins, the bundled parsers `--only` leaves in (none with
/// `--built-in-only`) and yours; exit status 1 when a bundled parser could
/// be installed here and is not (unless `--skip-missing`).
fn lineup(options: &Args, yours: Vec<Box<dyn Implementation>>) -> Result<Lineup, u8> {
    let mut lineup = Lineup::built_ins();
    if !options.built_in_only {
        let wanted = |party: &ThirdParty| options.only.is_empty() || options.only.contains(&party.name);
        lineup = lineup.with_bundled(wanted, REPORT_TIMEOUT);
    }
    let mut lineup = lineup.with_yours(yours);
    if !options.fresh {
        let (remembering, not) = lineup.remember_answers();
        lineup = remembering;
        if let Some(why) = not {
            eprintln!("reptest report: every parser is asked afresh: {why}");
        }
    }
    let missing = lineup.missing();
    if !missing.is_empty() && !options.skip_missing {
        for why in &missing {
            eprintln!("reptest report: {why}");
        }
        eprintln!(
            "reptest report: nothing was written; install the above, or pass --skip-missing to list them as not run."
        );
        return Err(1);
    }
    Ok(lineup)
}

/// The closing paragraph: what was written, what was left out and why.
fn summary(written: &report::Written, out: &std::path::Path, took: Duration, fresh: bool) -> String {
    let left_out = if written.left_out.is_empty() {
        "Nothing was left out.".to_string()
    } else {
        format!("Left out: {}.", written.left_out.join("; "))
    };
    let asked = if fresh {
        "Every parser was asked afresh (--fresh)."
    } else {
        "A bundled parser was asked only what its installed version had not answered in an earlier run \
         (answers kept in the cache directory's answers/; --fresh asks everything again)."
    };
    format!(
        "{} checks × {} implementations in {:.0} s. Written under {}: {} file(s); `reptest site` renders the \
         static site from its report.json. {asked} {left_out}",
        written.checks,
        written.ran,
        took.as_secs_f64(),
        out.display(),
        written.files.len()
    )
}

/// The suite's readings, when the report covers the workspace's own cases
/// (none outside a checkout); a problem with the file was reported by the
/// loader already.
fn readings(cases: &[PathBuf]) -> Option<Readings> {
    if !cases.is_empty() {
        return None;
    }
    load_readings(&cases_dir()?.join("readings.yaml")).ok()
}

/// The commands that regenerate the report, install steps first.
fn reproduce_commands(built_in_only: bool) -> Vec<String> {
    let mut commands = Vec::new();
    if !built_in_only {
        commands.push("cargo reptest adapters install".to_string());
    }
    let flags = if built_in_only { " --built-in-only" } else { "" };
    commands.push(format!("cargo reptest report{flags}"));
    commands
}
