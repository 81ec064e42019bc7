//! The report's stamp as this machine tells it: the time now, the suite's
//! version, the checkout's commit and the versions of the tools that ran
//! the parsers. Gathered here, at the command line, so the engine and its
//! tests take a stamp as given.

use rep_matrix::model::{Stamp, Tool};
use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

/// The stamp of a report made now in the checkout at `root` (its corpus
/// is filled in by the report). `SOURCE_DATE_EPOCH` (seconds since 1970, the
/// reproducible-builds convention) stands for now when set, so two runs can
/// write the same bytes.
pub(super) fn now(root: &Path) -> Stamp {
    Stamp {
        made: humantime::format_rfc3339_seconds(made()).to_string(),
        suite_version: rep_core::workspace::suite_version().ok(),
        commit: first_line("git", &["-C", &root.display().to_string(), "rev-parse", "HEAD"]),
        tools: [("rustc", "--version"), ("python3", "--version"), ("node", "--version")]
            .into_iter()
            .map(|(name, flag)| Tool {
                name: name.to_string(),
                version: first_line(name, &[flag]).unwrap_or_else(|| "not found".to_string()),
            })
            .collect(),
        corpus: None,
    }
}

/// The time the report is made: `SOURCE_DATE_EPOCH` when it holds a number of seconds, else now.
fn made() -> SystemTime {
    std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|seconds| seconds.trim().parse::<u64>().ok())
        .map_or_else(SystemTime::now, |seconds| {
            SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(seconds)
        })
}

/// The first line `program args` prints, when it runs and succeeds.
fn first_line(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Python before 3.4 says its version on stderr.
    let line = stdout.lines().chain(stderr.lines()).next()?.trim().to_string();
    (!line.is_empty()).then_some(line)
}
