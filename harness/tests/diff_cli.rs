//! `reptest diff` end to end, as CI runs it: a bounded differential run of
//! `rep-google` against Google's parser (fixed seed, 200,000 checks) must
//! find no disagreement; a pair that differs by design must exit 1 and leave
//! findings that load as cases; a bad flag exits 2.

use std::path::PathBuf;
use std::process::Command;

use rep_core::case::load_paths;

fn reptest(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .output()
        .expect("reptest runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reptest-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn bounded_ci_run_finds_no_disagreement_between_rep_google_and_google() {
    let findings = scratch("ci");
    let dir = findings.to_str().expect("temp dir is UTF-8");
    let (status, stdout, stderr) = reptest(&["diff", "--iterations", "200000", "--seed", "0", "--findings", dir]);
    assert_eq!(status, 0, "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("rep-google vs google, seed 0"), "{stdout}");
    assert!(stdout.contains("disagreements: none"), "{stdout}");
    let checks: u64 = stdout
        .split_once("checks: ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no check count in {stdout}"));
    assert!(checks >= 200_000, "{stdout}");
    assert!(!findings.exists(), "no finding may be written");
}

#[test]
fn a_pair_that_differs_by_design_exits_1_with_loadable_findings() {
    let findings = scratch("design");
    let dir = findings.to_str().expect("temp dir is UTF-8");
    let (status, stdout, stderr) = reptest(&[
        "diff",
        "--impl",
        "rep-rfc",
        "--impl",
        "google",
        "--iterations",
        "3000",
        "--max-findings",
        "2",
        "--findings",
        dir,
    ]);
    assert_eq!(status, 1, "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("disagreements by class"), "{stdout}");
    let files = load_paths(std::slice::from_ref(&findings)).unwrap_or_else(|errors| panic!("{errors}"));
    assert!(!files.is_empty() && files.len() <= 2, "{} findings", files.len());
    let _ = std::fs::remove_dir_all(&findings);
}

#[test]
fn a_bad_flag_exits_2_with_usage() {
    let (status, _, stderr) = reptest(&["diff", "--iterations", "many"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("--iterations takes a number, not `many`"), "{stderr}");
    assert!(stderr.contains("usage: reptest diff"), "{stderr}");
}
