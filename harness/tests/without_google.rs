//! `reptest` builds with cargo alone when the `google` feature is off: no C++
//! compiler, no abseil, no download. The nested build below makes every C
//! and C++ tool and Google's source unreachable, so it can only succeed if
//! nothing of the reference is compiled; the binary it builds then says how
//! to get Google's parser when asked for it.
//!
//! The nested `cargo build` runs offline in its own target directory (under
//! this workspace's `target/`, so a second run is incremental).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn reptest_builds_and_runs_without_any_cxx() {
    let target = workspace().join("target").join("without-google");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let nowhere = std::env::temp_dir().join("reptest-no-google-source-here");
    let build: Output = Command::new(cargo)
        .current_dir(workspace())
        .args([
            "build",
            "--offline",
            "-p",
            "rep-harness",
            "--no-default-features",
            "--bin",
            "reptest",
        ])
        .env("CARGO_TARGET_DIR", &target)
        .env("CC", "/bin/false")
        .env("CXX", "/bin/false")
        .env("PKG_CONFIG", "/bin/false")
        .env("REP_GOOGLE_SRC", &nowhere)
        .env("PYTHON", "/bin/false")
        .output()
        .expect("cargo runs");
    assert!(
        build.status.success(),
        "the C++-free build failed:\n{}",
        text(&build.stderr)
    );
    assert!(
        !text(&build.stderr).contains("rep-reference"),
        "rep-reference was compiled:\n{}",
        text(&build.stderr)
    );

    let reptest = target.join("debug").join("reptest");
    let version = Command::new(&reptest).arg("--version").output().expect("reptest runs");
    assert!(
        text(&version.stdout).contains("without Google's parser"),
        "{}",
        text(&version.stdout)
    );
    // Asking for Google's parser says how to get it.
    let asked = Command::new(&reptest)
        .args(["run", "--impl", "google"])
        .output()
        .expect("reptest runs");
    assert_eq!(asked.status.code(), Some(2));
    assert!(
        text(&asked.stderr).contains("cargo install --path harness"),
        "{}",
        text(&asked.stderr)
    );
    // The rest works: the matcher's own profiles run the suite.
    let run = Command::new(&reptest)
        .current_dir(workspace())
        .args([
            "run",
            "--impl",
            "rep-rfc",
            "--impl",
            "rep-google",
            "--filter",
            "rfc9309/5.1",
        ])
        .output()
        .expect("reptest runs");
    assert_eq!(run.status.code(), Some(0), "{}{}", text(&run.stdout), text(&run.stderr));
}
