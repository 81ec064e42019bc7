//! `reptest run`: load cases, run them against implementations, report.

use crate::case::CaseFile;
use crate::cli::progress::Progress;
use crate::cli::workspace::load_cases_or_exit;
use crate::cli::{options_or_exit, Args, ImplChoice, UsageError, IMPL_HELP};
use crate::implementation::BUILT_IN;
use crate::report::{render, Format};
use crate::runner;
use std::io::Write;
use std::path::PathBuf;

const HELP: &str = "\
reptest run — run the conformance cases against robots.txt implementations

Usage: reptest run [OPTIONS]

  --cases PATH         a case file or a directory of them (repeatable; default: the workspace's cases/)
  --filter TEXT        only cases whose id contains TEXT (repeatable: any of them)
  --format FORMAT      table (default), json, junit or markdown
";

const HELP_TAIL: &str = "
By default the built-ins rep-rfc, rep-google and google run; choosing any implementation
replaces that default. Each implementation is scored under both profiles and claims one
(rep-rfc: rfc, rep-google and google: google, external: --profile).

Exit status: 0 when every implementation meets every expectation of the profile it claims,
1 when one misses (fails or errors), 2 for a usage error or a malformed case file (nothing runs).
";

struct Options {
    cases: Vec<PathBuf>,
    filters: Vec<String>,
    format: Format,
    impls: ImplChoice,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut options = Options {
        cases: Vec::new(),
        filters: Vec::new(),
        format: Format::Table,
        impls: ImplChoice::default(),
    };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--cases" => options.cases.push(PathBuf::from(args.value("--cases")?)),
            "--filter" => options.filters.push(args.value("--filter")?),
            "--format" => {
                let name = args.value("--format")?;
                options.format = Format::from_name(&name).ok_or_else(|| {
                    UsageError(format!("--format must be table, json, junit or markdown, not `{name}`"))
                })?;
            }
            flag if options.impls.accept(flag, &mut args)? => {}
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    Ok(Some(options))
}

/// Runs `reptest run` with the arguments after `run`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("run", parse(args), &[HELP, IMPL_HELP, HELP_TAIL]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    let files = match load_cases_or_exit("run", &options.cases) {
        Ok(files) => files,
        Err(status) => return status,
    };
    let files = filter(files, &options.filters);
    if files.iter().all(|file| file.cases.is_empty()) {
        eprintln!("reptest run: no case matches --filter {}", options.filters.join(", "));
        return 2;
    }
    let impls = options.impls.build(&BUILT_IN);
    let progress = Progress::new();
    let matrix = runner::run(&files, &impls, |done, total| {
        progress.show(&format!("reptest: {done}/{total} case runs"))
    });
    progress.finish();
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(render(&matrix, options.format).as_bytes());
    let _ = stdout.flush();
    u8::from(matrix.any_claimed_miss())
}

/// Keeps the cases whose id contains any of `filters` (all when empty).
fn filter(mut files: Vec<CaseFile>, filters: &[String]) -> Vec<CaseFile> {
    if !filters.is_empty() {
        for file in &mut files {
            file.cases
                .retain(|case| filters.iter().any(|filter| case.id.contains(filter.as_str())));
        }
    }
    files
}
