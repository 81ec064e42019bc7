//! The workspace a subcommand works in: its root, the default directories
//! under it, and loading its cases (from the workspace, or the suite built
//! into the binary when there is no workspace around).
//!
//! Outside a checkout the current directory stands in for the workspace:
//! the suite built in, the current directory (or the output a command is
//! given) and the cache directory are all a command reads or writes. The
//! tree the binary was built from is never one of them.

use crate::case::{embedded, load_paths, CaseFile};
use crate::problem::Problems;
use std::path::PathBuf;

/// The workspace around the current directory (the nearest directory up
/// from it holding `cases/CHANGES.md` and `harness/`), relative to it, so
/// messages show short paths (empty when the current directory is the root).
pub fn find_root() -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    let mut relative = PathBuf::new();
    for dir in cwd.ancestors() {
        if dir.join("cases").join("CHANGES.md").is_file() && dir.join("harness").is_dir() {
            return Some(relative);
        }
        relative.push("..");
    }
    None
}

/// The workspace root: [`find_root`], else the current directory (the empty
/// path), under which the commands that write by default (report, diff,
/// promote) make their `reports/` and `cases/regressions/`.
pub fn root() -> PathBuf {
    find_root().unwrap_or_default()
}

/// The root as an absolute path, for programs started elsewhere and links.
pub fn absolute_root() -> PathBuf {
    let root = root();
    let root = if root.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        root
    };
    std::fs::canonicalize(&root).unwrap_or(root)
}

/// `cases/` of the checkout around the current directory: the suite on
/// disk; none outside a checkout, where the suite is the one built in.
pub fn cases_dir() -> Option<PathBuf> {
    find_root().map(|root| root.join("cases"))
}

/// `cases/regressions/` under [`root`]: where promoted findings go.
pub fn regressions_dir() -> PathBuf {
    root().join("cases").join("regressions")
}

/// `reports/findings/` under [`root`]: where `reptest diff` writes findings.
pub fn findings_dir() -> PathBuf {
    root().join("reports").join("findings")
}

/// The suite version: the top heading of the checkout's `cases/CHANGES.md`,
/// or of the one built in outside a checkout; a problem names the file.
pub fn suite_version() -> Result<String, String> {
    let Some(dir) = cases_dir() else {
        return embedded::version().map_err(|problem| format!("cases/CHANGES.md (built in): {problem}"));
    };
    let path = dir.join("CHANGES.md");
    std::fs::read_to_string(&path)
        .map_err(|error| format!("cannot read it: {error}"))
        .and_then(|text| crate::case::changes::suite_version(&text))
        .map_err(|problem| format!("{}: {problem}", path.display()))
}

/// Where the cases of a command come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CasesSource {
    /// The paths given.
    Given(Vec<PathBuf>),
    /// The `cases/` directory of the workspace around the current directory.
    Workspace(PathBuf),
    /// No workspace around: the suite built into the binary.
    BuiltIn,
}

/// Where [`load_cases`] takes the cases from for `paths`.
pub fn cases_source(paths: &[PathBuf]) -> CasesSource {
    if !paths.is_empty() {
        return CasesSource::Given(paths.to_vec());
    }
    match find_root() {
        Some(root) => CasesSource::Workspace(root.join("cases")),
        None => CasesSource::BuiltIn,
    }
}

/// Loads the case files at `paths`; when none are given, the workspace's
/// `cases/`, or the suite built into the binary outside a workspace.
pub fn load_cases(paths: &[PathBuf]) -> Result<Vec<CaseFile>, Problems> {
    match cases_source(paths) {
        CasesSource::Given(paths) => load_paths(&paths),
        CasesSource::Workspace(dir) => load_paths(&[dir]),
        CasesSource::BuiltIn => embedded::load(),
    }
}
