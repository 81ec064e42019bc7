//! `reptest export`: the whole suite as one JSON file, for parsers in any
//! language (see `export` for the document and `cases/export/` for the
//! committed copy and its schema).

use crate::cli::load_cases_or_exit;
use rep_core::export::export;
use rep_core::workspace::{absolute_root, suite_version};
use std::io::Write;
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Every check of every case under the workspace's cases/ becomes one entry: its id, case, name,
capability tags, file and line, why, body (text, or base64 when it is not UTF-8), agents, URL, the rfc and google
expectations, what the rfc expectation rests on, and the response of a fetch check. The suite
version is the top `## x.y.z` heading of cases/CHANGES.md. The output has no timestamp and is
sorted, so exporting unchanged cases gives the same bytes. The committed copy is
cases/export/rep-suite.json, described by cases/export/rep-suite.schema.json.

Exit status: 0 when written, 1 when the file cannot be written, 2 for a usage error, a malformed
case file or a change log without a version (nothing is written).";

/// The flags of `reptest export`.
#[derive(clap::Args)]
#[command(override_usage = "reptest export [--out FILE]", after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// Write the file there instead of to stdout
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    out: Option<PathBuf>,
}

/// Runs `reptest export`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    let version = match suite_version() {
        Ok(version) => version,
        Err(problem) => {
            eprintln!("reptest export: {problem}");
            return 2;
        }
    };
    let files = match load_cases_or_exit("export", &[]) {
        Ok(files) => files,
        Err(status) => return status,
    };
    let document = export(&files, &version, &absolute_root());
    match options.out {
        Some(path) => match rep_core::atomic::write_atomically(&path, document.as_bytes()) {
            Ok(()) => {
                let checks = files.iter().flat_map(|file| &file.cases).map(|case| case.checks.len());
                eprintln!(
                    "reptest export: wrote {} (suite {version}, {} checks, {} bytes)",
                    path.display(),
                    checks.sum::<usize>(),
                    document.len()
                );
                0
            }
            Err(error) => {
                eprintln!("reptest export: cannot write {}: {error}", path.display());
                1
            }
        },
        None => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(document.as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => 0,
                Err(error) => {
                    eprintln!("reptest export: cannot write to stdout: {error}");
                    1
                }
            }
        }
    }
}
