//! The workspace a subcommand works in: its root, the default directories
//! under it, and loading its cases (from the workspace, or the suite built
//! into the binary when there is no workspace around).

use crate::case::{embedded, load_paths, CaseFile};
use crate::problem::Problems;
use std::path::{Path, PathBuf};

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

/// The workspace root: [`find_root`], else the root next to the harness
/// crate as it was built (for the commands that write into a checkout:
/// report, diff, promote, export). Loading cases never falls back to it.
pub fn root() -> PathBuf {
    find_root().unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
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

/// `cases/`: the suite.
pub fn cases_dir() -> PathBuf {
    root().join("cases")
}

/// `cases/regressions/`: where promoted findings go.
pub fn regressions_dir() -> PathBuf {
    cases_dir().join("regressions")
}

/// `reports/findings/`: where `reptest diff` writes findings.
pub fn findings_dir() -> PathBuf {
    root().join("reports").join("findings")
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
