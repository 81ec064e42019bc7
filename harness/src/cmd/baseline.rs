//! `reptest baseline`: the expected-failures file for the chosen
//! implementations, on stdout.

use crate::cli::progress::Progress;
use crate::cli::{options_or_exit, Args, Selection, UsageError, IMPL_HELP, SELECTION_HELP};
use rep_core::baseline::write;
use rep_core::runner;
use std::io::Write;

const HELP: &str = "\
reptest baseline — write the expected-failures file for implementations, to stdout

Usage: reptest baseline [OPTIONS] > expected-failures.txt

Runs the cases like `reptest run` (same options) and lists every check an implementation
misses under the profile it claims: sorted ids, one per line, each under a comment with its
case's rule. Running it again on an unchanged parser gives the same bytes. Hold a run to it
with `reptest run --expected-failures FILE`.

";

const HELP_TAIL: &str = "
Exit status: 0 when the file was written, 2 for a usage error, a malformed case file or an
implementation that cannot start.
";

fn parse(args: Vec<String>) -> Result<Option<Selection>, UsageError> {
    let mut args = Args::new(args);
    let mut selection = Selection::default();
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            flag if selection.accept(flag, &mut args)? => {}
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    Ok(Some(selection))
}

/// Runs `reptest baseline` with the arguments after `baseline`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let selection = match options_or_exit("baseline", parse(args), &[HELP, SELECTION_HELP, IMPL_HELP, HELP_TAIL]) {
        Ok(selection) => selection,
        Err(status) => return status,
    };
    let ready = match selection.ready("baseline") {
        Ok(ready) => ready,
        Err(status) => return status,
    };
    let progress = Progress::new();
    let matrix = runner::run(&ready.files, &ready.impls, |done, total| {
        progress.show(&format!("reptest baseline: {done}/{total} case runs"))
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
