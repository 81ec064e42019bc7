//! The runner carries its suite: started in a directory outside any
//! checkout, `reptest` runs the cases built into it (the same checks as the
//! workspace's `cases/`), holds an adapter to a baseline there, and names a
//! `--cases` directory as the one given.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh directory under the system's temporary directory, which must not
/// lie inside a checkout (else the test would prove nothing).
fn outside(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reptest-installed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let dir = dir.canonicalize().unwrap();
    let inside = dir
        .ancestors()
        .find(|up| up.join("cases/CHANGES.md").is_file() && up.join("harness").is_dir());
    assert!(
        inside.is_none(),
        "{} lies inside the checkout {inside:?}",
        dir.display()
    );
    dir
}

fn reptest(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("reptest starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The number of checks a JSON report ran.
fn checks(output: &Output) -> u64 {
    let report: serde_json::Value = serde_json::from_str(&text(&output.stdout)).expect("a JSON report");
    report["checks_total"].as_u64().unwrap()
}

#[test]
fn outside_a_checkout_the_built_in_suite_runs() {
    let dir = outside("suite");
    let built_in = reptest(&dir, &["run", "--impl", "rep-rfc", "--format", "json", "--quiet"]);
    assert_eq!(built_in.status.code(), Some(0), "{}", text(&built_in.stderr));
    let workspace_cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let from_disk = reptest(
        &dir,
        &[
            "run",
            "--impl",
            "rep-rfc",
            "--format",
            "json",
            "--quiet",
            "--cases",
            workspace_cases.to_str().unwrap(),
        ],
    );
    assert_eq!(from_disk.status.code(), Some(0), "{}", text(&from_disk.stderr));
    assert!(checks(&built_in) > 700, "{}", checks(&built_in));
    assert_eq!(checks(&built_in), checks(&from_disk));
    let version = text(&reptest(&dir, &["--version"]).stdout);
    assert!(version.contains("suite "), "{version}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn outside_a_checkout_an_adapter_goes_green_with_its_baseline() {
    let dir = outside("adapter");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/raising_adapter.py");
    let adapter = format!("python3 {} raises", script.display());
    let flags = ["--adapter", adapter.as_str(), "--filter", "rfc9309/5", "--quiet"];
    let written = reptest(&dir, &[&["baseline"][..], &flags].concat());
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    std::fs::write(dir.join("expected.txt"), &written.stdout).unwrap();
    let run = reptest(
        &dir,
        &[&["run", "--verbose", "--expected-failures", "expected.txt"][..], &flags].concat(),
    );
    let report = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{report}{}", text(&run.stderr));
    // No such file exists here: the place is named as the compiled-in suite's,
    // and the check can be shown from there.
    assert!(
        report.contains(", cases/rfc9309/5.1-example.yaml:") && report.contains("(compiled-in suite "),
        "{report}"
    );
    assert!(
        report.contains("  reproduce: reptest show rfc9309/5.1-example/simple-example/"),
        "{report}"
    );
    let id = "rfc9309/5.1-example/simple-example/otherbot-root";
    let shown = reptest(&dir, &["show", id]);
    assert_eq!(shown.status.code(), Some(0), "{}", text(&shown.stderr));
    assert!(text(&shown.stdout).contains("case file compiled-in suite "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cases_directory_is_named_as_given() {
    let dir = outside("named");
    let missing = reptest(&dir, &["run", "--impl", "rep-rfc", "--cases", "my-cases"]);
    assert_eq!(missing.status.code(), Some(2));
    let stderr = text(&missing.stderr);
    assert!(stderr.contains("my-cases: cannot read"), "{stderr}");
    assert!(
        stderr.contains("in the cases given with --cases (my-cases)"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
