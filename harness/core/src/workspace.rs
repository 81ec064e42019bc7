//! The workspace a subcommand works in: its root, the default directories
//! under it, and loading its cases.

use crate::case::{load_paths, CaseFile};
use crate::problem::Problems;
use std::path::{Path, PathBuf};

/// The workspace root (the directory holding `cases/` and `harness/`): found
/// by walking up from the current directory and given relative to it, so
/// messages show short paths (empty when the current directory is the root);
/// else the root next to the harness crate as it was built.
pub fn root() -> PathBuf {
    if let Ok(cwd) = std::env::current_dir() {
        let mut relative = PathBuf::new();
        for dir in cwd.ancestors() {
            if dir.join("cases").is_dir() && dir.join("harness").is_dir() {
                return relative;
            }
            relative.push("..");
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
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

/// Loads the case files at `paths` (the workspace's `cases/` when empty).
pub fn load_cases(paths: &[PathBuf]) -> Result<Vec<CaseFile>, Problems> {
    if paths.is_empty() {
        return load_paths(&[cases_dir()]);
    }
    load_paths(paths)
}
