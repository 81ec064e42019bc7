//! `reptest baseline`: the expected-failures file for the chosen
//! implementations, on stdout.

use crate::cli::progress::Progress;
use crate::cli::{ImplChoice, Selection};
use rep_core::baseline::write;
use rep_core::runner;
use std::io::Write;

const AFTER_HELP: &str = "\
Runs the cases like `reptest run` (same options) and lists every check an implementation
misses under the profile it claims: sorted ids, one per line, each under a comment with its
case's rule. Running it again on an unchanged parser gives the same bytes. Hold a run to it
with `reptest run --expected-failures FILE`.

Exit status: 0 when the file was written, 2 for a usage error, a malformed case file or an
implementation that cannot start.";

/// The flags of `reptest baseline`.
#[derive(clap::Args)]
#[command(override_usage = "reptest baseline [OPTIONS] > expected-failures.txt", after_help = AFTER_HELP)]
pub(crate) struct Args {
    #[command(flatten)]
    selection: Selection,
    #[command(flatten)]
    impls: ImplChoice,
}

/// Runs `reptest baseline`; returns the exit status.
pub(crate) fn main(Args { selection, impls }: Args) -> u8 {
    let ready = match selection.ready("baseline", &impls) {
        Ok(ready) => ready,
        Err(status) => return status,
    };
    let progress = Progress::new("baseline", "case runs");
    let matrix = runner::run(&ready.files, &ready.impls, |done, total| {
        progress.count(done as u64, Some(total as u64), "")
    });
    progress.finish();
    let text = match write(&matrix, false) {
        Ok(text) => text,
        Err(refused) => {
            eprint!("reptest baseline: {refused}");
            return 1;
        }
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
    0
}
