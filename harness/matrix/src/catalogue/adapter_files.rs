//! The files the bundled parsers' adapters run from, built into the binary
//! (see `build.rs`) and written into the cache on first use, so an installed
//! `reptest` needs no checkout to run them. Their directory is named by a
//! hash of every file's path and bytes: a binary with other adapter files
//! uses another directory, so it never runs stale copies, and one left
//! edited by hand is put back before it runs.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/adapter_files.rs"));

/// The adapter files of this binary: (path under `harness/adapters/`, bytes).
pub(crate) fn files() -> &'static [(&'static str, &'static [u8])] {
    FILES
}

/// The directory under the cache holding this binary's adapter files,
/// written there the first time a process asks; why not, when the cache is
/// unknown or cannot be written.
pub fn dir() -> Result<PathBuf, String> {
    static WRITTEN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    WRITTEN
        .get_or_init(|| {
            let cache = rep_core::sdist::cache_dir()?;
            let dir = cache.join("adapter-files").join(content_hash());
            write_into(&dir)?;
            Ok(dir)
        })
        .clone()
}

/// The first 16 hex digits of the SHA-256 of every file's path and bytes.
fn content_hash() -> String {
    let mut digest = Sha256::new();
    for (path, bytes) in FILES {
        digest.update((path.len() as u64).to_le_bytes());
        digest.update(path.as_bytes());
        digest.update((bytes.len() as u64).to_le_bytes());
        digest.update(bytes);
    }
    digest.finalize()[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Writes every file under `dir` whose copy there is missing or differs
/// (each whole or not at all); what else is there (a build's lock file) is
/// left alone.
fn write_into(dir: &Path) -> Result<(), String> {
    for (relative, bytes) in FILES {
        let path = dir.join(relative);
        if std::fs::read(&path).is_ok_and(|there| there == *bytes) {
            continue;
        }
        rep_core::atomic::write_atomically(&path, bytes)
            .map_err(|error| format!("cannot write the adapter file {}: {error}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_are_written_whole_and_a_changed_copy_is_put_back() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        write_into(dir.path()).expect("written");
        for (relative, bytes) in FILES {
            assert_eq!(
                std::fs::read(dir.path().join(relative)).expect("written"),
                *bytes,
                "{relative}"
            );
        }
        let script = dir.path().join("python_protego.py");
        std::fs::write(&script, "edited").expect("edit");
        write_into(dir.path()).expect("written again");
        assert_ne!(std::fs::read(&script).expect("there"), b"edited");
    }

    #[test]
    fn the_scripts_shared_modules_self_test_expectations_and_rust_crate_are_built_in() {
        let names: Vec<&str> = FILES.iter().map(|(name, _)| *name).collect();
        for wanted in [
            "rep_adapter.py",
            "rep_adapter.js",
            "python_robotparser.py",
            "node_robots_parser.js",
            "perl_www_robotrules.pl",
            "ruby_webrobots.rb",
            "self-test.yaml",
            "expected/protego.txt",
            "rust-robotstxt/Cargo.toml",
            "rust-robotstxt/build.rs",
            "rust-robotstxt/src/lib.rs",
            "rust-robotstxt/src/bin/robotstxt.rs",
        ] {
            assert!(names.contains(&wanted), "{wanted} is not built in: {names:?}");
        }
        assert!(
            !names
                .iter()
                .any(|name| name.ends_with("README.md") || name.contains("/tests/")),
            "{names:?}"
        );
    }

    #[test]
    fn the_rust_crate_is_built_in_without_the_dev_dependency_on_this_workspace() {
        let manifest = FILES
            .iter()
            .find(|(name, _)| *name == "rust-robotstxt/Cargo.toml")
            .map(|(_, bytes)| String::from_utf8_lossy(bytes))
            .expect("built in");
        assert!(
            !manifest.contains("[dev-dependencies]") && !manifest.contains("rep-suite"),
            "{manifest}"
        );
        for kept in [
            "[package]",
            "[dependencies]",
            "robotstxt = \"=0.3.0\"",
            "name = \"robots-txt-adapter\"",
        ] {
            assert!(manifest.contains(kept), "{kept} is missing from {manifest}");
        }
    }
}
