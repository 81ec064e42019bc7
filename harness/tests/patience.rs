//! Giving an adapter up is deterministic and fair: an error the library
//! raises on a whole case is an answer (it never makes the runner give up),
//! transport faults are counted in check order, so the same command gives
//! the same baseline and the same run result every time.

use std::path::Path;
use std::process::{Command, Output};

fn reptest(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .output()
        .expect("reptest starts")
}

fn adapter(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/raising_adapter.py");
    format!("python3 {} {mode}", script.display())
}

/// Writes the baseline of `mode` `runs` times; every one must be the same
/// bytes with the same exit status. Gives the baseline and the stderr of
/// the first run.
fn baselines(mode: &str, runs: usize) -> (String, String) {
    let mut first: Option<(String, Option<i32>, String)> = None;
    for run in 0..runs {
        let flags = ["--filter", "rfc9309/", "--max-errors", "3"];
        let out = reptest(&[&["baseline", "--adapter", &adapter(mode), "--name", mode][..], &flags].concat());
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        match &first {
            None => first = Some((text, out.status.code(), stderr)),
            Some((expected, status, _)) => {
                assert_eq!(&text, expected, "run {run} of {mode} wrote another baseline\n{stderr}");
                assert_eq!(
                    &out.status.code(),
                    status,
                    "run {run} of {mode} ended otherwise\n{stderr}"
                );
            }
        }
    }
    let (text, _, stderr) = first.expect("at least one run");
    (text, stderr)
}

#[test]
fn a_library_that_raises_on_whole_cases_gets_one_baseline_every_time() {
    let (baseline, stderr) = baselines("raises", 20);
    assert!(
        baseline.contains("rfc9309/5.1-example/simple-example#1"),
        "the raised errors are recorded as misses:\n{baseline}\n{stderr}"
    );
    assert!(
        !baseline.contains("given up"),
        "a library's own errors never make the runner give up:\n{baseline}"
    );
}

#[test]
fn transport_faults_give_the_same_outcome_every_time() {
    let (baseline, stderr) = baselines("faults", 20);
    assert!(
        baseline.is_empty(),
        "a baseline of transport faults is refused:\n{baseline}"
    );
    assert!(
        stderr.contains("transport fault") && stderr.contains("simple-example"),
        "the refusal names the faults:\n{stderr}"
    );
}
