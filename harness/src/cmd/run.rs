//! `reptest run`: load cases, run them against implementations, report.

use crate::cli::progress::Progress;
use crate::cli::{ImplChoice, Selection};
use rep_core::baseline::{judge, ExpectedFailures};
use rep_core::format::{render_with, summary, Baseline, Format, View};
use rep_core::runner;
use std::io::Write;
use std::path::PathBuf;

const AFTER_HELP: &str = "\
By default the built-ins rep-rfc, rep-google and google run; choosing any implementation
replaces that default. Each implementation is scored under both profiles and claims one
(rep-rfc: rfc, rep-google and google: google, external: --profile).

Under rfc a check the RFC decides is graded at the level of its clause: a MUST missed is a
fail; a SHOULD or MAY not followed is a departure, counted apart, a lesser mark that lowers
the score but does not fail the run. An open check that names a reading shows the option the
implementation takes and is never a miss. Every miss and departure names its clause and level.

By default the report shows each new miss, departure and stale entry in full, the expected
misses as one count (--verbose: in full), one line per implementation given up on, and ends
with one summary line. --format junit marks a listed miss or departure as skipped
(`expected failure: <why>`), a departure with no list as skipped (`SHOULD departure, not a
failure`), and a stale entry or a new miss as a failure; json gives each check's class.

--junit FILE and --json FILE write those formats too, from the same run, beside what --format
puts on stdout. New misses are grouped by the statement of RFC 9309 they test (the case, for a
check that names none), the biggest group first; each ends with `reptest show <check id>`,
which prints the check in full with a command that reproduces it anywhere.

Exit status: 0 when every implementation meets every MUST of the profile it claims and errs
on no check (with --expected-failures: when the misses and departures are exactly the listed
ones), 1 otherwise (the summary line says why; also when a --junit or --json file could not be
written), 2 for a usage error, a malformed case file, an output file that cannot be written or
an implementation that cannot start (nothing runs).";

/// The flags of `reptest run`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    #[command(flatten)]
    selection: Selection,
    /// How to show the results
    #[arg(long, value_name = "FORMAT", default_value = "table", help_heading = "Output",
          value_parser = format_name())]
    format: Format,
    /// Checks listed in FILE (one id per line, as `reptest baseline` writes) may miss or depart from
    /// a SHOULD or MAY; one not listed fails the run, and so does a listed check that passes again
    /// (remove it from FILE then)
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    expected_failures: Option<PathBuf>,
    /// Also write the results as JUnit XML to FILE, in the same run (written whole; a path that cannot
    /// be written stops the run before it starts)
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    junit: Option<PathBuf>,
    /// Also write the results as JSON to FILE, in the same run (written whole, checked first like --junit)
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    json: Option<PathBuf>,
    /// Show every miss in full, the expected ones too (by default they are one count)
    #[arg(short, long, help_heading = "Output")]
    verbose: bool,
    /// Run on N threads [default: one per core]; the results never depend on it
    #[arg(long, value_name = "N", help_heading = "Cases", value_parser = crate::cli::values::threads)]
    jobs: Option<usize>,
    #[command(flatten)]
    impls: ImplChoice,
}

/// `--format`'s value.
fn format_name() -> impl clap::builder::TypedValueParser<Value = Format> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["table", "json", "junit", "markdown"])
        .map(|name| Format::from_name(&name).expect("every possible value is a format"))
}

/// Runs `reptest run`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    let expected = match &options.expected_failures {
        None => None,
        Some(path) => match read_list(path) {
            Ok(list) => Some((path.display().to_string(), list)),
            Err(why) => {
                eprintln!("reptest run: --expected-failures {}: {why}", path.display());
                return 2;
            }
        },
    };
    let files = output_files(&options);
    if let Err(status) = check_outputs(&files) {
        return status;
    }
    let ready = match options.selection.ready("run", &options.impls) {
        Ok(ready) => ready,
        Err(status) => return status,
    };
    let progress = Progress::new("run", "case runs");
    let threads = options.jobs.unwrap_or_else(rep_core::pool::cores);
    let matrix = runner::run_on(&ready.files, &ready.impls, threads, |done, total| {
        progress.count(done as u64, Some(total as u64), "")
    });
    progress.finish();
    let judgement = expected
        .as_ref()
        .map(|(_, list)| judge(&matrix, list, &ready.suite_ids));
    let statements = rep_core::case::embedded::statements().and_then(Result::ok);
    let view = View {
        baseline: expected
            .as_ref()
            .zip(judgement.as_ref())
            .map(|((file, list), judgement)| Baseline { file, list, judgement }),
        verbose: options.verbose,
        built_in: ready.built_in.as_deref(),
        statements: statements.as_ref(),
        cases: options.selection.cases(),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(render_with(&matrix, options.format, &view).as_bytes());
    let _ = stdout.flush();
    let mut written = true;
    for (flag, format, path) in &files {
        let text = render_with(&matrix, *format, &view);
        if let Err(error) = rep_core::atomic::write_atomically(path, text.as_bytes()) {
            eprintln!("reptest run: {flag} {}: cannot write it: {error}", path.display());
            written = false;
        }
    }
    let (passed, line) = summary(&matrix, &view);
    // The table and Markdown end on this line; JSON and JUnit are for
    // machines, so a person reading the log finds it on stderr.
    if matches!(options.format, Format::Json | Format::Junit) {
        eprintln!("reptest run: {}", rep_core::format::escape::visible(&line));
    }
    u8::from(!passed || !written)
}

/// The files `--junit` and `--json` ask for: (flag, format, path).
fn output_files(options: &Args) -> Vec<(&'static str, Format, PathBuf)> {
    let junit = options
        .junit
        .iter()
        .map(|path| ("--junit", Format::Junit, path.clone()));
    let json = options.json.iter().map(|path| ("--json", Format::Json, path.clone()));
    junit.chain(json).collect()
}

/// Whether every output file can be written, tried before the run (a
/// mistyped path must not cost a whole run); on a problem, says which file
/// and why, and gives exit status 2.
fn check_outputs(files: &[(&str, Format, PathBuf)]) -> Result<(), u8> {
    if let [(_, _, junit), (_, _, json)] = files {
        if junit == json {
            eprintln!(
                "reptest run: --junit and --json both name {}; give each its own file",
                junit.display()
            );
            return Err(2);
        }
    }
    for (flag, _, path) in files {
        if let Err(error) = rep_core::atomic::check_writable(path) {
            eprintln!(
                "reptest run: {flag} {}: cannot write there: {error}; nothing was run",
                path.display()
            );
            return Err(2);
        }
    }
    Ok(())
}

/// The expected-failures list in `path`.
fn read_list(path: &std::path::Path) -> Result<ExpectedFailures, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    ExpectedFailures::parse(&text)
}
