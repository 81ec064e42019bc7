//! Giving an adapter up is deterministic and fair: an error the library
//! raises on a whole case is an answer (it never makes the runner give up),
//! transport faults are counted in check order, so the same command gives
//! the same baseline and the same run result every time, on any number of
//! threads (`--jobs 1`, `2` and `4` in turn, beside the built-in rep-rfc so
//! the other threads have work).

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

/// The thread counts the runs take in turn.
const JOBS: [&str; 3] = ["1", "2", "4"];

/// `reptest <command>` with the adapter in `mode` beside rep-rfc, on the
/// checks of a few RFC cases (RFC 9309's examples among them), with
/// `--jobs JOBS[run % 3]`.
fn with_adapter(command: &str, mode: &str, run: usize, extra: &[&str]) -> Output {
    let adapter = adapter(mode);
    let jobs = JOBS[run % JOBS.len()];
    let flags = [
        command,
        "--impl",
        "rep-rfc",
        "--adapter",
        &adapter,
        "--name",
        mode,
        "--filter",
        "rfc9309/5",
        "--filter",
        "rfc9309/2.1",
        "--max-errors",
        "3",
        "--jobs",
        jobs,
        "--quiet",
    ];
    reptest(&[&flags[..], extra].concat())
}

/// Writes the baseline of `mode` `runs` times; every one must be the same
/// bytes with the same exit status. Gives the baseline and the stderr of
/// the first run.
fn baselines(mode: &str, runs: usize) -> (String, String) {
    let mut first: Option<(String, Option<i32>, String)> = None;
    for run in 0..runs {
        let out = with_adapter("baseline", mode, run, &[]);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        match &first {
            None => first = Some((text, out.status.code(), stderr)),
            Some((expected, status, _)) => {
                let jobs = JOBS[run % JOBS.len()];
                assert_eq!(
                    &text, expected,
                    "run {run} (--jobs {jobs}) of {mode} wrote another baseline\n{stderr}"
                );
                assert_eq!(
                    &out.status.code(),
                    status,
                    "run {run} (--jobs {jobs}) of {mode} ended otherwise\n{stderr}"
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
        baseline.contains("rfc9309/5.1-example/simple-example/otherbot-root"),
        "the raised errors are recorded as misses:\n{baseline}\n{stderr}"
    );
    assert!(
        !baseline.contains("given up"),
        "a library's own errors never make the runner give up:\n{baseline}"
    );
}

#[test]
fn a_run_held_to_that_baseline_passes_every_time() {
    let list = std::env::temp_dir().join(format!("reptest-patience-{}.txt", std::process::id()));
    let written = with_adapter("baseline", "raises", 0, &[]);
    assert_eq!(written.status.code(), Some(0));
    std::fs::write(&list, &written.stdout).unwrap();
    let list_flag = ["--expected-failures", list.to_str().unwrap()];
    for run in 0..20 {
        let out = with_adapter("run", "raises", run, &list_flag);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let verdict = stdout.trim_end().lines().last().unwrap_or("").to_string();
        assert_eq!(
            out.status.code(),
            Some(0),
            "run {run} (--jobs {}): {verdict}",
            JOBS[run % 3]
        );
        assert!(verdict.starts_with("OK: "), "run {run}: {verdict}");
    }
    let _ = std::fs::remove_file(&list);
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
    // --allow-errors records them, each under its message.
    let allowed = with_adapter("baseline", "faults", 1, &["--allow-errors"]);
    assert_eq!(allowed.status.code(), Some(0));
    let text = String::from_utf8_lossy(&allowed.stdout);
    assert!(
        text.contains("# a transport fault, recorded with --allow-errors: unreadable answer")
            && text.contains("rfc9309/5.1-example/simple-example/otherbot-root\n"),
        "{text}"
    );
}
