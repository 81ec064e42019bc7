//! The project's cache directory, and `tools/fetch_sdist.py` built into the
//! binary: the script that fetches pinned source distributions into that
//! cache. The script is run from the binary's own copy (`python3 -c`), and
//! only when something is to be downloaded, so an installed `reptest` finds
//! the cache and the corpus without a checkout and never reads the tree it
//! was built from.
//!
//! Two places know where the cache is: [`cache_dir`] here and the script's
//! own `cache_dir()` (which `fuzz/` and `.ci/run` ask). They follow one rule,
//! and a test runs the script under every case of it to hold them together.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;

/// The script, as it was when the binary was built.
// A symbolic link to tools/fetch_sdist.py, stored as the file in the packaged crate.
const SCRIPT: &str = include_str!("../fetch_sdist.py");

/// The Python interpreter that runs it: `PYTHON`, else `python3`.
pub fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// A command running the built-in script with `python`; its arguments are
/// to be added.
pub fn command(python: &str) -> Command {
    let mut command = Command::new(python);
    command.arg("-c").arg(SCRIPT);
    command
}

/// How a message shows the command: `<python> tools/fetch_sdist.py (built in) <args>`.
pub fn shown(python: &str, args: &str) -> String {
    format!("{python} tools/fetch_sdist.py (built in) {args}")
}

/// The project's cache directory: `$REP_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/rep`, else `$HOME/.cache/rep` (a variable set to the
/// empty string counts as unset); why not, when none of them is set.
pub fn cache_dir() -> Result<PathBuf, String> {
    cache_dir_in(|name| std::env::var_os(name))
}

/// [`cache_dir`] with the environment read through `var`.
fn cache_dir_in(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, String> {
    let set = |name: &str| var(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    if let Some(dir) = set("REP_CACHE_DIR") {
        return Ok(dir);
    }
    if let Some(dir) = set("XDG_CACHE_HOME") {
        return Ok(dir.join("rep"));
    }
    if let Some(dir) = set("HOME") {
        return Ok(dir.join(".cache").join("rep"));
    }
    Err("neither REP_CACHE_DIR, XDG_CACHE_HOME nor HOME is set; set REP_CACHE_DIR to a writable directory".to_owned())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::ffi::OsString;

    /// What the built-in script prints for `--print-cache-dir` in exactly
    /// the environment `vars` (plus PATH, to find nothing else), run from an
    /// empty directory: the directory, or None when it fails.
    fn script_says(vars: &[(&str, &str)]) -> Option<String> {
        let empty = tempfile::tempdir().expect("a temporary directory");
        let output = super::command("python3")
            .arg("--print-cache-dir")
            .current_dir(empty.path())
            .env_clear()
            .envs(std::env::var_os("PATH").map(|path| ("PATH", path)))
            .envs(vars.iter().copied())
            .output()
            .expect("python3 runs");
        output
            .status
            .success()
            .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
    }

    fn rust_says(vars: &[(&str, &str)]) -> Option<String> {
        let vars: HashMap<&str, OsString> = vars
            .iter()
            .map(|(name, value)| (*name, OsString::from(value)))
            .collect();
        super::cache_dir_in(|name| vars.get(name).cloned())
            .ok()
            .map(|dir| dir.display().to_string())
    }

    #[test]
    fn the_rust_rule_and_the_script_name_the_same_cache_directory() {
        let cases: &[&[(&str, &str)]] = &[
            &[("REP_CACHE_DIR", "/c/rep"), ("XDG_CACHE_HOME", "/x"), ("HOME", "/h")],
            &[("REP_CACHE_DIR", ""), ("XDG_CACHE_HOME", "/x"), ("HOME", "/h")],
            &[("XDG_CACHE_HOME", "/x"), ("HOME", "/h")],
            &[("XDG_CACHE_HOME", ""), ("HOME", "/h")],
            &[("HOME", "/h")],
            &[("HOME", "")],
            &[],
        ];
        for vars in cases {
            assert_eq!(rust_says(vars), script_says(vars), "in the environment {vars:?}");
        }
        // And the rule is the documented one, not merely the same in both.
        assert_eq!(rust_says(cases[0]).as_deref(), Some("/c/rep"));
        assert_eq!(rust_says(cases[1]).as_deref(), Some("/x/rep"));
        assert_eq!(rust_says(cases[3]).as_deref(), Some("/h/.cache/rep"));
        assert_eq!(rust_says(cases[6]), None);
    }
}
