//! Finding case files and naming them: the files under a path, the id
//! prefix each case's id starts with, and the readings file that governs
//! them.

use std::path::{Path, PathBuf};

/// The name of the readings file (see `readings`): never a case file.
pub const READINGS_FILE: &str = "readings.yaml";

/// The name of the statements file (see `statements`): never a case file.
pub const STATEMENTS_FILE: &str = "statements.yaml";

/// The name of the map from suite 3.x's check ids to 4.0's (see
/// `crate::id_map`): never a case file.
pub const ID_MAP_FILE: &str = "ids-from-3.x.yaml";

/// Whether a file called `name` in a suite's directory is data about the
/// suite (readings, statements, the id map) rather than a case file.
pub fn is_suite_data(name: &std::ffi::OsStr) -> bool {
    name == READINGS_FILE || name == STATEMENTS_FILE || name == ID_MAP_FILE
}

/// The case files at `path` with the directory their ids are relative to.
pub(super) fn collect(path: &Path) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    let metadata = std::fs::metadata(path).map_err(|error| format!("cannot read: {error}"))?;
    if metadata.is_file() {
        let root = path.parent().unwrap_or(Path::new("")).to_path_buf();
        return Ok(vec![(path.to_path_buf(), root)]);
    }
    let found = files_under(path, &["yaml", "yml"]).map_err(|error| format!("cannot list: {error}"))?;
    Ok(found
        .into_iter()
        .filter(|file| file.file_name().is_some_and(|name| !is_suite_data(name)))
        .map(|file| (file, path.to_path_buf()))
        .collect())
}

/// Every file under `dir`, at any depth, whose extension is one of
/// `extensions`, sorted.
pub fn files_under(dir: &Path, extensions: &[&str]) -> std::io::Result<Vec<PathBuf>> {
    fn walk(dir: &Path, extensions: &[&str], found: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, extensions, found)?;
            } else if path
                .extension()
                .and_then(|extension| extension.to_str())
                .is_some_and(|extension| extensions.contains(&extension))
            {
                found.push(path);
            }
        }
        Ok(())
    }
    let mut found = Vec::new();
    walk(dir, extensions, &mut found)?;
    found.sort();
    Ok(found)
}

/// The directory a case file belongs to as part of a suite: the nearest
/// enclosing directory called `cases`, or else `root` (where it was found).
/// Ids are relative to it, and its `readings.yaml` governs the file.
pub(super) fn suite_dir(file: &Path, root: &Path) -> PathBuf {
    let absolute = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    absolute
        .ancestors()
        .skip(1)
        .find(|dir| dir.file_name().is_some_and(|name| name == "cases"))
        .map(Path::to_path_buf)
        .or_else(|| std::fs::canonicalize(root).ok())
        .unwrap_or_else(|| root.to_path_buf())
}

/// The id prefix of `file`: its path without extension under its
/// [`suite_dir`].
pub(super) fn id_prefix(file: &Path, root: &Path) -> String {
    let absolute = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    let base = suite_dir(file, root);
    let relative = absolute.strip_prefix(&base).unwrap_or(&absolute).with_extension("");
    relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
