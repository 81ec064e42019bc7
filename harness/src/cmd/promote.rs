//! `reptest promote`: move a finding into the suite's regressions, with a
//! `why` placeholder the loader rejects until a person writes the real one.

use std::path::PathBuf;

use crate::cli::{options_or_exit, Args, UsageError};
use rep_core::diff::promote;
use rep_core::workspace::{findings_dir, regressions_dir};

const HELP: &str = "\
reptest promote — move a finding from reports/findings/ into cases/regressions/

Usage: reptest promote <id> [--findings DIR] [--cases DIR]

  --findings DIR   where the finding is (default: the workspace's reports/findings)
  --cases DIR      where it goes (default: the workspace's cases/regressions)

The promoted case carries a `why` placeholder that the case loader rejects until a person
replaces it with the rule the case pins (and confirms its rfc expectation).

Exit status: 0 when promoted, 1 when the finding cannot be moved, 2 for a usage error.
";

struct Options {
    id: String,
    findings: PathBuf,
    cases: PathBuf,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut id = None;
    let mut findings = findings_dir();
    let mut cases = regressions_dir();
    let mut args = Args::new(args);
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--findings" => findings = PathBuf::from(args.value("--findings")?),
            "--cases" => cases = PathBuf::from(args.value("--cases")?),
            _ if id.is_none() && !arg.starts_with('-') => id = Some(arg),
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    let id = id.ok_or_else(|| UsageError("which finding? give its id".into()))?;
    Ok(Some(Options { id, findings, cases }))
}

/// Runs `reptest promote` with the arguments after `promote`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("promote", parse(args), &[HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    match promote(&options.id, &options.findings, &options.cases) {
        Ok(path) => {
            println!(
                "promoted to {}: now replace its `why` (and confirm its expectations); the loader rejects it until then",
                path.display()
            );
            0
        }
        Err(message) => {
            eprintln!("reptest promote: {message}");
            1
        }
    }
}
