//! `tools/fetch_sdist.py` built into the binary: the one script that knows
//! the project's cache directory and fetches pinned source distributions
//! into it. Run from the binary's own copy (`python3 -c`), so an installed
//! `reptest` finds the cache and the corpus without a checkout and never
//! reads the tree it was built from.

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

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_script_names_the_cache_directory_from_any_directory() {
        let empty = tempfile::tempdir().expect("a temporary directory");
        let output = super::command("python3")
            .arg("--print-cache-dir")
            .current_dir(empty.path())
            .env("REP_CACHE_DIR", "/somewhere/cache")
            .output()
            .expect("python3 runs");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "/somewhere/cache");
    }
}
