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

`reptest baseline --upgrade FILE` runs nothing: it rewrites FILE, a list of suite 3.x, in
place with suite 4.0's ids. Suite 3.x numbered the checks of a case (`<case id>#<n>`); from
4.0 each has a name (`<case id>/<name>`), so adding a check renames no other. The map of every
3.x id is built in (cases/ids-from-3.x.yaml); a listed check that 4.0 removed, or an id no 3.x
check had, becomes a comment and is reported. Comments and 4.0 ids stay as they are.

Exit status: 0 when the file was written, 1 when transport faults kept it from being written
(or --out cannot be written; with --upgrade: when FILE cannot be read or written),
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
    /// Run nothing: rewrite FILE, an expected-failures list of suite 3.x, with suite 4.0's check ids
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "allow_errors", "jobs"])]
    upgrade: Option<PathBuf>,
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
        upgrade,
        impls,
    }: Args,
) -> u8 {
    if let Some(path) = upgrade {
        return upgrade_list(&path);
    }
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

/// `reptest baseline --upgrade FILE`: FILE rewritten in place with suite
/// 4.0's ids; what did not carry over is said on stderr.
fn upgrade_list(path: &std::path::Path) -> u8 {
    let map = match rep_core::id_map::built_in() {
        Ok(map) => map,
        Err(why) => {
            eprintln!("reptest baseline: --upgrade: {why}");
            return 1;
        }
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("reptest baseline: cannot read {}: {error}", path.display());
            return 1;
        }
    };
    let upgraded = rep_core::id_map::upgrade(&text, &map);
    if upgraded.text != text {
        if let Err(error) = rep_core::atomic::write_atomically(path, upgraded.text.as_bytes()) {
            eprintln!("reptest baseline: cannot write {}: {error}", path.display());
            return 1;
        }
    }
    eprint!("{}", upgraded.explain(&path.display().to_string()));
    0
}
