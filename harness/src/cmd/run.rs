//! `reptest run`: load cases, run them against implementations, report.

use crate::cli::progress::Progress;
use crate::cli::{ImplChoice, Selection};
use rep_core::baseline::{judge, ExpectedFailures};
use rep_core::format::{render, Format};
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
implementation takes and is never a miss.

Exit status: 0 when every implementation meets every MUST of the profile it claims and errs
on no check (with --expected-failures: when the misses and departures are exactly the listed
ones), 1 otherwise (a fail or an error), 2 for a usage error, a malformed case file or an
implementation that cannot start (nothing runs).";

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
    /// Checks listed in FILE (one id per line, as `reptest baseline` writes) may miss; a miss not
    /// listed fails the run, and so does a listed check that passes again (remove it from FILE then)
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    expected_failures: Option<PathBuf>,
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
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| ExpectedFailures::parse(&text))
        {
            Ok(list) => Some((path.display().to_string(), list)),
            Err(why) => {
                eprintln!("reptest run: --expected-failures {}: {why}", path.display());
                return 2;
            }
        },
    };
    let ready = match options.selection.ready("run", &options.impls) {
        Ok(ready) => ready,
        Err(status) => return status,
    };
    let progress = Progress::new("run", "case runs");
    let matrix = runner::run(&ready.files, &ready.impls, |done, total| {
        progress.count(done as u64, Some(total as u64), "")
    });
    progress.finish();
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(render(&matrix, options.format).as_bytes());
    let _ = stdout.flush();
    match expected {
        None => u8::from(matrix.any_claimed_miss()),
        Some((file, list)) => {
            let judgement = judge(&matrix, &list, &ready.suite_ids);
            eprint!("reptest run: {}", judgement.explain(&file));
            u8::from(!judgement.passed())
        }
    }
}
