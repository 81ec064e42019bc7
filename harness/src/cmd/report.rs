//! `reptest report`: run the whole suite against the built-ins and every
//! third-party parser whose adapter can start here, and write the
//! conformance matrix (`conformance.md`, `conformance.json`) under `reports/`.

use crate::cli::load_cases_or_exit;
use crate::cli::progress::Progress;
use crate::cli::{options_or_exit, start_all, Args, ImplChoice, UsageError, IMPL_HELP};
use rep_core::case::{load_readings, Readings};
use rep_core::workspace::{absolute_root, cases_dir};
use rep_matrix::catalogue::third_party::ThirdParty;
use rep_matrix::lineup::Lineup;
use rep_matrix::measure::DEFAULT_FUZZ_CHECKS;
use rep_matrix::report::{self, Plan};
use std::path::PathBuf;
use std::time::Duration;

const HELP: &str = "\
reptest report — regenerate the conformance matrix (every implementation × every case)

Usage: reptest report [OPTIONS]

  --out DIR         where to write conformance.md and conformance.json (default: the workspace's reports/)
  --skip-missing    list a third-party parser whose dependency is missing as \"not run\" instead of failing
  --built-in-only   run only the built-ins (rep-rfc, rep-google, google)
  --cases PATH      a case file or a directory of them (repeatable; default: the workspace's cases/)
  --only NAME       of the bundled third-party parsers, run only this one (repeatable)
  --suite-only      run the suite only: no real-world or generated measurements, no parser pages
  --measurements FILE
                    take the third-party measurements from FILE (`reptest measure`, or shards
                    combined by `reptest merge`) instead of measuring here
  --corpus WHAT     the real-world corpus to measure on: real-world (default, the pinned
                    protego 0.7.0 files) or a directory of robots.txt files
  --fuzz-checks N   the reference generated stream's length (default 50000)

Third-party parsers run through the adapters in harness/adapters/; each needs its library
installed (the message for a missing one says how). Your own parser joins the matrix with
the implementation flags below (--adapter or --command, with --name and --profile); the
built-ins always run, so --impl is not taken here.

Exit status: 0 when the report was written, 1 when a third-party dependency is missing
(without --skip-missing), 2 for a usage error, a malformed case file or a parser of yours
that cannot start.
";

struct Options {
    out: Option<PathBuf>,
    cases: Vec<PathBuf>,
    skip_missing: bool,
    built_in_only: bool,
    only: Vec<String>,
    suite_only: bool,
    measurements: Option<PathBuf>,
    corpus: String,
    fuzz_checks: u64,
    yours: ImplChoice,
}

/// How long a bundled parser may take for one check here: longer than the
/// runner's default, so a busy machine does not turn a slow answer into an
/// error and the report stays the same from run to run.
const REPORT_TIMEOUT: Duration = Duration::from_secs(30);

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut options = Options {
        out: None,
        cases: Vec::new(),
        skip_missing: false,
        built_in_only: false,
        only: Vec::new(),
        suite_only: false,
        measurements: None,
        corpus: "real-world".into(),
        fuzz_checks: DEFAULT_FUZZ_CHECKS,
        yours: ImplChoice::default(),
    };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--out" => options.out = Some(PathBuf::from(args.value("--out")?)),
            "--cases" => options.cases.push(PathBuf::from(args.value("--cases")?)),
            "--skip-missing" => options.skip_missing = true,
            "--built-in-only" => options.built_in_only = true,
            "--only" => options.only.push(args.value("--only")?),
            "--suite-only" => options.suite_only = true,
            "--measurements" => options.measurements = Some(PathBuf::from(args.value("--measurements")?)),
            "--corpus" => options.corpus = args.value("--corpus")?,
            "--fuzz-checks" => {
                let value = args.value("--fuzz-checks")?;
                options.fuzz_checks = value
                    .replace('_', "")
                    .parse()
                    .map_err(|_| UsageError(format!("--fuzz-checks takes a number, not `{value}`")))?;
            }
            "--impl" => {
                return Err(UsageError(
                    "the built-ins always run in a report; add your parser with --adapter or --command".into(),
                ))
            }
            flag if options.yours.accept(flag, &mut args)? => {}
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    Ok(Some(options))
}

/// Runs `reptest report` with the arguments after `report`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("report", parse(args), &[HELP, IMPL_HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    if !options.only.is_empty() && options.out.is_none() {
        eprintln!(
            "reptest report: --only writes a partial matrix; give it a directory with --out, so the committed report is not overwritten"
        );
        return 2;
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
    let mut lineup = Lineup::built_ins();
    if !options.built_in_only {
        let wanted = |party: &ThirdParty| options.only.is_empty() || options.only.contains(&party.name);
        lineup = lineup.with_bundled(&root, wanted, REPORT_TIMEOUT);
    }
    let lineup = lineup.with_yours(yours);
    let missing = lineup.missing();
    if !missing.is_empty() && !options.skip_missing {
        for why in &missing {
            eprintln!("reptest report: {why}");
        }
        eprintln!(
            "reptest report: nothing was written; install the above, or pass --skip-missing to list them as not run."
        );
        return 1;
    }
    let out = options.out.clone().unwrap_or_else(|| root.join("reports"));
    let plan = Plan {
        files: &files,
        committed: out == root.join("reports"),
        out,
        measurements: options.measurements.clone(),
        corpus: options.corpus.clone(),
        fuzz_checks: options.fuzz_checks,
        suite_only: options.suite_only,
        readings: readings(&options.cases),
        reproduce: reproduce_commands(options.built_in_only),
    };
    let progress = Progress::new();
    let written = report::write(&plan, lineup, |step| match step {
        report::Progress::Cases(done, total) => progress.show(&format!("reptest report: {done}/{total} case runs")),
        report::Progress::Step(step) => eprintln!("reptest report: {step}"),
    });
    progress.finish();
    match written {
        Ok(written) => {
            for file in &written.files {
                eprintln!("reptest report: wrote {}", file.display());
            }
            for why in &written.left_out {
                eprintln!("reptest report: left out: {why}");
            }
            eprintln!(
                "reptest report: {} checks × {} implementations; {} file(s) written under {}",
                written.checks,
                written.ran,
                written.files.len(),
                plan.out.display()
            );
            0
        }
        Err(message) => {
            eprintln!("reptest report: {message}");
            2
        }
    }
}

/// The suite's readings, when the report covers the workspace's own cases;
/// a problem with the file was reported by the loader already.
fn readings(cases: &[PathBuf]) -> Option<Readings> {
    if !cases.is_empty() {
        return None;
    }
    load_readings(&cases_dir().join("readings.yaml")).ok()
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
