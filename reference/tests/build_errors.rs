//! The build fails loudly, naming what is wrong, when Google's source is bad
//! or missing: a corrupted cached archive (checked by `tools/fetch_sdist.py`
//! and by a real `cargo build`) and a `REP_GOOGLE_SRC` directory without the
//! C++ files.
//!
//! The nested `cargo build` runs offline in its own target directory under the
//! workspace's `target/` (kept between runs so it stays warm) and stops in the build
//! script, before any C++ is compiled, so each one takes about a second.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The pinned archive and its sha256, as `reference/build.rs` pins them.
const SDIST_FILENAME: &str = "jwm_robotstxt-1.0.8.tar.gz";
const SDIST_SHA256: &str = "e0042e368bfab415e70ce393bd449959d534c343cdb0568c32efd84de6aac94d";

/// An address where nothing listens: any attempt to reach the package index
/// fails at once instead of downloading.
const UNREACHABLE_INDEX: &str = "http://127.0.0.1:9/";

/// A scratch directory under the system temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("rep-build-errors-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    /// Writes a file named like the pinned archive that is not that archive.
    fn corrupt_archive(&self, subdir: &str) -> PathBuf {
        let dir = self.0.join(subdir);
        fs::create_dir_all(&dir).expect("create archive dir");
        let archive = dir.join(SDIST_FILENAME);
        fs::write(&archive, b"this is not the pinned gzip archive\n").expect("write corrupt archive");
        archive
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `cargo build -p rep-reference` with `envs` added, offline, in a target dir of its own.
fn cargo_build(envs: &[(&str, &Path)]) -> Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(manifest_dir())
        .args(["build", "--offline", "-p", "rep-reference"])
        // Under this workspace's own target directory: a directory shared
        // with other checkouts could hold a build script from other sources.
        .env("CARGO_TARGET_DIR", manifest_dir().join("../target/build-errors"))
        .env("PIP_INDEX_URL", UNREACHABLE_INDEX)
        .env_remove("REP_GOOGLE_SRC")
        .env_remove("REP_CACHE_DIR");
    for (key, value) in envs {
        command.env(key, value);
    }
    command.output().expect("run cargo")
}

/// Asserts a failed run whose stderr holds every one of `needles`.
#[track_caller]
fn assert_fails_saying(output: &Output, needles: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success(),
        "expected a failure, got success; stderr:\n{stderr}"
    );
    for needle in needles {
        assert!(stderr.contains(needle), "stderr lacks {needle:?}:\n{stderr}");
    }
}

#[test]
fn fetch_script_rejects_a_corrupted_cached_archive() {
    let scratch = Scratch::new("fetch");
    let archive = scratch.corrupt_archive("sdists");
    let python = std::env::var_os("PYTHON").unwrap_or_else(|| "python3".into());
    let output = Command::new(python)
        .arg(manifest_dir().join("../tools/fetch_sdist.py"))
        .args([
            "--project",
            "jwm-robotstxt",
            "--filename",
            SDIST_FILENAME,
            "--sha256",
            SDIST_SHA256,
        ])
        .args(["--member", "robotstxt/", "--dest"])
        .arg(scratch.0.join("sdists"))
        .env("PIP_INDEX_URL", UNREACHABLE_INDEX)
        .output()
        .expect("run python3 tools/fetch_sdist.py");
    assert_eq!(output.status.code(), Some(1));
    assert_fails_saying(
        &output,
        &[&archive.display().to_string(), &format!("expected {SDIST_SHA256}")],
    );
    // Nothing was unpacked from the bad archive.
    assert!(!scratch.0.join("sdists").join(&SDIST_SHA256[..16]).exists());
}

#[test]
fn build_fails_on_a_corrupted_cached_archive() {
    let scratch = Scratch::new("cache");
    let archive = scratch.corrupt_archive("sdists");
    let output = cargo_build(&[("REP_CACHE_DIR", &scratch.0)]);
    assert_fails_saying(
        &output,
        &[
            &archive.display().to_string(),
            &format!("expected {SDIST_SHA256}"),
            "rep-reference cannot be built",
        ],
    );
}

#[test]
fn build_fails_when_google_src_dir_is_empty() {
    let scratch = Scratch::new("empty-src");
    let output = cargo_build(&[("REP_GOOGLE_SRC", &scratch.0)]);
    let dir = scratch.0.display().to_string();
    assert_fails_saying(&output, &["REP_GOOGLE_SRC", &dir, "lacks robots.cc and robots.h"]);
}

#[test]
fn build_names_the_one_missing_file_in_google_src() {
    let scratch = Scratch::new("half-src");
    fs::write(scratch.0.join("robots.h"), "// header only\n").expect("write robots.h");
    let output = cargo_build(&[("REP_GOOGLE_SRC", &scratch.0)]);
    assert_fails_saying(&output, &["REP_GOOGLE_SRC", "lacks robots.cc;"]);
}
