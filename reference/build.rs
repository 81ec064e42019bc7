//! Builds Google's robots.txt parser (`robots.cc`) and our C shim with `cc`.
//!
//! Where the C++ source comes from, in order:
//! 1. `REP_GOOGLE_SRC=<dir>`: a directory holding `robots.cc` and `robots.h`
//!    (an upstream checkout, a fork, an offline copy);
//! 2. otherwise the pinned sdist `jwm-robotstxt==1.0.8`, fetched once by
//!    `tools/fetch_sdist.py` into the project's cache outside the work tree
//!    (the script alone decides where: `REP_CACHE_DIR`, else
//!    `$XDG_CACHE_HOME/rep`, else `~/.cache/rep`) and verified by sha256 on
//!    every build.
//!
//! Abseil comes from the system through pkg-config. Every failure stops the
//! build with one message that says what is missing and how to get it.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};

const SDIST_PROJECT: &str = "jwm-robotstxt";
const SDIST_FILENAME: &str = "jwm_robotstxt-1.0.8.tar.gz";
const SDIST_SHA256: &str = "e0042e368bfab415e70ce393bd449959d534c343cdb0568c32efd84de6aac94d";
const SDIST_SOURCE_SUBDIR: &str = "jwm_robotstxt-1.0.8/robotstxt";
const ABSEIL_PACKAGE: &str = "absl_strings";

fn stop(message: &str) -> ! {
    eprintln!("\nerror: rep-reference cannot be built: {message}\n");
    exit(1);
}

fn check_source_dir(dir: &Path, origin: &str) {
    let missing: Vec<&str> = ["robots.cc", "robots.h"]
        .into_iter()
        .filter(|name| !dir.join(name).is_file())
        .collect();
    if !missing.is_empty() {
        stop(&format!(
            "{origin} {} lacks {}; it must hold Google's robots.cc and robots.h",
            dir.display(),
            missing.join(" and ")
        ));
    }
}

fn fetch_pinned_sdist(manifest_dir: &Path) -> PathBuf {
    // A symbolic link to tools/fetch_sdist.py, stored as the file in the packaged crate.
    let script = manifest_dir.join("fetch_sdist.py");
    println!("cargo:rerun-if-changed={}", script.display());
    let python = env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let output = Command::new(&python)
        .arg(&script)
        .args(["--project", SDIST_PROJECT, "--filename", SDIST_FILENAME])
        .args(["--sha256", SDIST_SHA256, "--member", "robotstxt/"])
        .arg("--member")
        .arg("LICENSE")
        .output()
        .unwrap_or_else(|error| {
            stop(&format!(
                "cannot run `{python}` to fetch Google's source ({error}); install Python 3, \
                 or set REP_GOOGLE_SRC to a directory holding robots.cc and robots.h"
            ))
        });
    if !output.status.success() {
        stop(&format!(
            "fetching {SDIST_FILENAME} (sha256 {SDIST_SHA256}) failed:\n{}\n\
             Set REP_GOOGLE_SRC to a directory holding robots.cc and robots.h to build offline.",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let unpacked = PathBuf::from(stdout.lines().last().unwrap_or_default().trim());
    unpacked.join(SDIST_SOURCE_SUBDIR)
}

fn pkg_config(args: &[&str]) -> String {
    let output = Command::new("pkg-config").args(args).arg(ABSEIL_PACKAGE).output();
    match output {
        Err(_) => stop(
            "`pkg-config` is not installed. Debian/Ubuntu: `apt-get install pkg-config libabsl-dev`; \
             macOS: `brew install pkg-config abseil`",
        ),
        Ok(out) if !out.status.success() => stop(&format!(
            "abseil was not found by pkg-config (package `{ABSEIL_PACKAGE}`). \
             Debian/Ubuntu: `apt-get install libabsl-dev`; macOS: `brew install abseil`. \
             pkg-config said: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned(),
    }
}

/// Under cargo-fuzz, which builds with `--cfg fuzzing` (and
/// `-Zsanitizer=address` unless `--sanitizer none`), cargo tells build
/// scripts through `CARGO_CFG_FUZZING` and `CARGO_CFG_SANITIZE`. Google's
/// code is then compiled by clang with libFuzzer's coverage instrumentation
/// and the same sanitizer, so coverage and sanitizers see both sides of the
/// differential targets. `REP_REFERENCE_FUZZ=0` leaves the C++ plain (to
/// measure coverage without it); `$CXX` still chooses the compiler.
fn instrument_for_fuzzing(build: &mut cc::Build) {
    println!("cargo:rerun-if-env-changed=REP_REFERENCE_FUZZ");
    let fuzzing = env::var_os("CARGO_CFG_FUZZING").is_some();
    if !fuzzing || env::var("REP_REFERENCE_FUZZ").as_deref() == Ok("0") {
        return;
    }
    if env::var_os("CXX").is_none() {
        build.compiler("clang++");
    }
    build.flag("-fsanitize=fuzzer-no-link");
    let sanitizers = env::var("CARGO_CFG_SANITIZE").unwrap_or_default();
    if sanitizers.split(',').any(|sanitizer| sanitizer == "address") {
        build.flag("-fsanitize=address");
    }
}

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    for var in [
        "REP_GOOGLE_SRC",
        "REP_CACHE_DIR",
        "XDG_CACHE_HOME",
        "PIP_INDEX_URL",
        "PYTHON",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=shim/shim.cc");

    let source_dir = match env::var_os("REP_GOOGLE_SRC") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            check_source_dir(&dir, "REP_GOOGLE_SRC");
            println!("cargo:rerun-if-changed={}", dir.join("robots.cc").display());
            println!("cargo:rerun-if-changed={}", dir.join("robots.h").display());
            dir
        }
        None => {
            let dir = fetch_pinned_sdist(&manifest_dir);
            check_source_dir(&dir, "the unpacked sdist directory");
            dir
        }
    };

    let cflags = pkg_config(&["--cflags"]);
    let libs = pkg_config(&["--libs"]);

    let mut build = cc::Build::new();
    build
        .cpp(true)
        .std("c++17")
        .warnings(false)
        .include(&source_dir)
        .file(source_dir.join("robots.cc"))
        .file(manifest_dir.join("shim/shim.cc"));
    for flag in cflags.split_whitespace() {
        build.flag(flag);
    }
    instrument_for_fuzzing(&mut build);
    build.compile("robotstxt_google");

    for flag in libs.split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = flag.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={lib}");
        } else {
            println!("cargo:rustc-link-arg={flag}");
        }
    }
    println!("cargo:rustc-env=REP_GOOGLE_SOURCE_DIR={}", source_dir.display());
    println!("cargo:source_dir={}", source_dir.display());
}
