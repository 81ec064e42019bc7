//! `reptest run`: load cases, run them against implementations, report.

use crate::cli::progress::Progress;
use crate::cli::{options_or_exit, Args, Selection, UsageError, IMPL_HELP, SELECTION_HELP};
use rep_core::baseline::{judge, ExpectedFailures};
use rep_core::format::{render, Format};
use rep_core::runner;
use std::io::Write;
use std::path::PathBuf;

const HELP: &str = "\
reptest run — run the conformance cases against robots.txt implementations

Usage: reptest run [OPTIONS]

";

const OPTIONS_HELP: &str = "\
  --format FORMAT      table (default), json, junit or markdown
  --expected-failures FILE
                       checks listed in FILE (one id per line, as `reptest baseline` writes)
                       may miss; a miss not listed fails the run, and so does a listed check
                       that passes again (remove it from FILE then)

";

const HELP_TAIL: &str = "
By default the built-ins rep-rfc, rep-google and google run; choosing any implementation
replaces that default. Each implementation is scored under both profiles and claims one
(rep-rfc: rfc, rep-google and google: google, external: --profile).

Exit status: 0 when every implementation meets every expectation of the profile it claims
(with --expected-failures: when the misses are exactly the listed ones), 1 otherwise (a fail
or an error), 2 for a usage error, a malformed case file or an implementation that cannot
start (nothing runs).
";

struct Options {
    selection: Selection,
    format: Format,
    expected_failures: Option<PathBuf>,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut options = Options {
        selection: Selection::default(),
        format: Format::Table,
        expected_failures: None,
    };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--format" => {
                let name = args.value("--format")?;
                options.format = Format::from_name(&name).ok_or_else(|| {
                    UsageError(format!("--format must be table, json, junit or markdown, not `{name}`"))
                })?;
            }
            "--expected-failures" => options.expected_failures = Some(PathBuf::from(args.value(&arg)?)),
            flag if options.selection.accept(flag, &mut args)? => {}
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    Ok(Some(options))
}

/// Runs `reptest run` with the arguments after `run`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let help = [HELP, SELECTION_HELP, OPTIONS_HELP, IMPL_HELP, HELP_TAIL];
    let options = match options_or_exit("run", parse(args), &help) {
        Ok(options) => options,
        Err(status) => return status,
    };
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
    let ready = match options.selection.ready("run") {
        Ok(ready) => ready,
        Err(status) => return status,
    };
    let progress = Progress::new();
    let matrix = runner::run(&ready.files, &ready.impls, |done, total| {
        progress.show(&format!("reptest: {done}/{total} case runs"))
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
