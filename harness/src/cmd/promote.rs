//! `reptest promote`: move a finding into the suite's regressions, with a
//! `why` placeholder the loader rejects until a person writes the real one.

use std::path::PathBuf;

use rep_core::diff::promote;
use rep_core::workspace::{findings_dir, regressions_dir};

const AFTER_HELP: &str = "\
The promoted case carries a `why` placeholder that the case loader rejects until a person
replaces it with the rule the case pins (and confirms its rfc expectation).

Exit status: 0 when promoted, 1 when the finding cannot be moved, 2 for a usage error.";

/// The flags of `reptest promote`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The finding's id (its file name under the findings, without .yaml)
    #[arg(value_name = "ID")]
    id: String,
    /// Where the finding is [default: the workspace's reports/findings]
    #[arg(long, value_name = "DIR", help_heading = "Places")]
    findings: Option<PathBuf>,
    /// Where it goes [default: the workspace's cases/regressions]
    #[arg(long, value_name = "DIR", help_heading = "Places")]
    cases: Option<PathBuf>,
}

/// Runs `reptest promote`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    let findings = options.findings.unwrap_or_else(findings_dir);
    let cases = options.cases.unwrap_or_else(regressions_dir);
    match promote(&options.id, &findings, &cases) {
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
