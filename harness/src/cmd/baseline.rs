//! `reptest baseline`: the expected-failures file for the chosen
//! implementations, on stdout or written whole to `--out`.

use crate::cli::progress::Progress;
use crate::cli::{ImplChoice, Selection};
use rep_core::baseline::write;
use rep_core::runner;
use std::io::Write;
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Runs the cases like `reptest run` (same options) and lists every check an implementation
misses under the profile it claims: sorted ids, one per line, each under a comment with its
case's rule. Running it again on an unchanged parser gives the same bytes. Hold a run to it
with `reptest run --expected-failures FILE`.

A check that ended in a transport fault (no answer in time, an unreadable answer, a crash, a
wrong id) or was not run says nothing about the parser: then nothing is written, unless
--allow-errors records them, each under its message.

Exit status: 0 when the file was written, 1 when transport faults kept it from being written
(or --out cannot be written),
2 for a usage error, a malformed case file or an implementation that cannot start.";

/// The flags of `reptest baseline`.
#[derive(clap::Args)]
#[command(override_usage = "reptest baseline [OPTIONS] [--out expected-failures.txt]", after_help = AFTER_HELP)]
pub(crate) struct Args {
    #[command(flatten)]
    selection: Selection,
    /// Run on N threads [default: one per core]; the file never depends on it
    #[arg(long, value_name = "N", help_heading = "Cases", value_parser = crate::cli::values::threads)]
    jobs: Option<usize>,
    /// Record checks that ended in a transport fault or were not run too, each under its message
    /// (by default they make baseline write nothing and exit 1)
    #[arg(long)]
    allow_errors: bool,
    /// Write the file there (whole: an interrupted run leaves the old file) instead of to stdout
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    out: Option<PathBuf>,
    #[command(flatten)]
    impls: ImplChoice,
}

/// Runs `reptest baseline`; returns the exit status.
pub(crate) fn main(
    Args {
        selection,
        jobs,
        allow_errors,
        out,
        impls,
    }: Args,
) -> u8 {
    let ready = match selection.ready("baseline", &impls) {
        Ok(ready) => ready,
        Err(status) => return status,
    };
    let progress = Progress::new("baseline", "case runs");
    let threads = jobs.unwrap_or_else(rep_core::pool::cores);
    let matrix = runner::run_on(&ready.files, &ready.impls, threads, |done, total| {
        progress.count(done as u64, Some(total as u64), "")
    });
    progress.finish();
    let text = match write(&matrix, allow_errors) {
        Ok(text) => text,
        Err(refused) => {
            eprint!("reptest baseline: {refused}");
            return 1;
        }
    };
    let Some(path) = out else {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(text.as_bytes());
        let _ = stdout.flush();
        return 0;
    };
    match rep_core::atomic::write_atomically(&path, text.as_bytes()) {
        Ok(()) => {
            eprintln!("reptest baseline: wrote {}", path.display());
            0
        }
        Err(error) => {
            eprintln!("reptest baseline: cannot write {}: {error}", path.display());
            1
        }
    }
}
