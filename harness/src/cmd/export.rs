//! `reptest export`: the whole suite as one JSON file, for parsers in any
//! language (see `export` for the document and `cases/export/` for the
//! committed copy and its schema).

use crate::cli::load_cases_or_exit;
use crate::cli::{options_or_exit, Args, UsageError};
use rep_core::export::{export, suite_version};
use rep_core::workspace::{absolute_root, cases_dir};
use std::io::Write;
use std::path::PathBuf;

const HELP: &str = "\
reptest export — write the whole suite as one JSON file, for parsers in any language

Usage: reptest export [--out FILE]

  --out FILE   write the file there instead of to stdout

Every check of every case under the workspace's cases/ becomes one entry: its id, case, file and
line, why, body (text, or base64 when it is not UTF-8), agents, URL, the rfc and google
expectations, what the rfc expectation rests on, and the response of a fetch check. The suite
version is the top `## x.y.z` heading of cases/CHANGES.md. The output has no timestamp and is
sorted, so exporting unchanged cases gives the same bytes. The committed copy is
cases/export/rep-suite.json, described by cases/export/rep-suite.schema.json.

Exit status: 0 when written, 1 when the file cannot be written, 2 for a usage error, a malformed
case file or a change log without a version (nothing is written).
";

struct Options {
    out: Option<PathBuf>,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut options = Options { out: None };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--out" => options.out = Some(PathBuf::from(args.value("--out")?)),
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    Ok(Some(options))
}

/// Runs `reptest export` with the arguments after `export`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("export", parse(args), &[HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    let changes = cases_dir().join("CHANGES.md");
    let version = match std::fs::read_to_string(&changes)
        .map_err(|error| format!("cannot read it: {error}"))
        .and_then(|text| suite_version(&text))
    {
        Ok(version) => version,
        Err(problem) => {
            eprintln!("reptest export: {}: {problem}", changes.display());
            return 2;
        }
    };
    let files = match load_cases_or_exit("export", &[]) {
        Ok(files) => files,
        Err(status) => return status,
    };
    let document = export(&files, &version, &absolute_root());
    match options.out {
        Some(path) => match std::fs::write(&path, &document) {
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
