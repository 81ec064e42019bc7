//! Hostile adapters and `--command` programs: every fault is bounded. Each
//! misbehaviour costs its own check, as a fault (never a verdict), within
//! the timeout and the longer one a check without an answer is asked again
//! with (plus one timeout of slack), and leaves no process behind: every hostile program
//! carries a marker in its environment, inherited by whatever it starts,
//! and no live process may carry it once the check (or the run) is over.
//!
//! The programs are small scripts written by each test into a directory of
//! its own (sh and python3).

#![cfg(target_os = "linux")]

use rep_core::case::ProfileId;
use rep_core::implementation::{
    check_once, split_command, Adapter, Answer, CommandTemplate, ImplError, PATIENT_FACTOR,
};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The per-check timeout of every test here.
const TIMEOUT: Duration = Duration::from_secs(2);

/// The environment variable carrying a test's marker.
const MARKER: &str = "REPTEST_HOSTILE_MARKER";

/// A JSON-lines adapter whose URL's last path segment says how to misbehave;
/// any other URL is answered "allowed".
const ADAPTER: &str = r#"
import json, os, resource, signal, subprocess, sys, time

out = sys.stdout.buffer

def send(line):
    out.write(line + b"\n")
    out.flush()

def answer(id):
    send(json.dumps({"id": id, "allowed": True, "line": None}).encode())

for line in sys.stdin.buffer:
    request = json.loads(line)
    id, what = request["id"], request["url"].rsplit("/", 1)[-1]
    if what == "garbage":
        send(b"this is not an answer")
    elif what == "wrong-id":
        answer(id + 1)
    elif what == "double":
        answer(id)
        answer(id)
    elif what == "reversed":
        answer(id + 1)
        answer(id)
    elif what == "silent":
        time.sleep(1000)
    elif what == "slow":
        time.sleep(3)
        answer(id)
    elif what == "exit":
        sys.stderr.write("hostile adapter: the real failure\n")
        sys.stderr.flush()
        sys.exit(3)
    elif what == "segv":
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        out.write(b'{"id": %d, "allowed": tr' % id)
        out.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    elif what == "deaf":
        answer(id)
        time.sleep(1000)
    elif what == "fork":
        subprocess.Popen(["sleep", "1000"])
        answer(id)
    elif what == "fork-and-hang":
        subprocess.Popen(["sleep", "1000"])
        time.sleep(1000)
    elif what == "huge":
        out.write(b"x" * ((64 << 20) + 1))
        out.flush()
        time.sleep(1000)
    elif what == "not-utf8":
        sys.stderr.buffer.write(b"\xff\xfe not UTF-8\n")
        sys.stderr.flush()
        time.sleep(0.3)
        sys.stderr.write("still talking\n")
        sys.stderr.flush()
        answer(id)
    else:
        answer(id)
"#;

/// One test's directory and marker.
struct Scene {
    dir: PathBuf,
    marker: String,
}

impl Scene {
    fn new(test: &str) -> Scene {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let marker = format!(
            "reptest-hostile-{test}-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let dir = std::env::temp_dir().join(&marker);
        std::fs::create_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        Scene { dir, marker }
    }

    fn env(&self) -> Vec<(String, String)> {
        vec![(MARKER.to_string(), self.marker.clone())]
    }

    /// The hostile adapter, started with the marker.
    fn adapter(&self) -> Adapter {
        let script = self.dir.join("adapter.py");
        std::fs::write(&script, ADAPTER).unwrap();
        Adapter::new(
            "hostile".into(),
            vec!["python3".into(), script.display().to_string()],
            ProfileId::Rfc,
            TIMEOUT,
        )
        .with_env(self.env())
    }

    /// A command template, run with the marker.
    fn command(&self, template: &str) -> CommandTemplate {
        CommandTemplate::new(
            "hostile".into(),
            split_command(template).unwrap(),
            ProfileId::Rfc,
            TIMEOUT,
        )
        .with_env(self.env())
    }

    /// Fails when a live process carries the marker, after giving killed
    /// ones a moment to go.
    fn assert_nothing_left(&self) {
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let left = carrying(&self.marker);
            if left.is_empty() {
                return;
            }
            assert!(Instant::now() < deadline, "processes outlived their check: {left:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Scene {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The live processes whose command line or environment holds `marker`.
fn carrying(marker: &str) -> Vec<String> {
    let marker = marker.as_bytes();
    let holds = |bytes: &[u8]| bytes.windows(marker.len()).any(|window| window == marker);
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let proc = entry.path();
        let Ok(stat) = std::fs::read_to_string(proc.join("stat")) else {
            continue;
        };
        // A zombie is gone but for its exit status.
        if stat.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('Z')) {
            continue;
        }
        let cmdline = std::fs::read(proc.join("cmdline")).unwrap_or_default();
        let environ = std::fs::read(proc.join("environ")).unwrap_or_default();
        if holds(&cmdline) || holds(&environ) {
            found.push(format!(
                "{}: {}",
                entry.file_name().to_string_lossy(),
                String::from_utf8_lossy(&cmdline).replace('\0', " ")
            ));
        }
    }
    found
}

/// The most one check may cost: the timeout, the longer one it is asked
/// again with when the first found no answer, and one timeout of slack.
fn bound(timeout: Duration) -> Duration {
    (2 + PATIENT_FACTOR) * timeout
}

/// Asks `check`, failing unless it took at most [`bound`] of [`TIMEOUT`].
fn within_the_bound(check: impl FnOnce() -> Answer) -> Answer {
    let started = Instant::now();
    let answer = check();
    let took = started.elapsed();
    let bound = bound(TIMEOUT);
    assert!(took <= bound, "took {took:?}, over {bound:?}: {answer:?}");
    answer
}

/// The message of a fault; fails on anything else (a verdict above all).
fn fault(answer: Answer) -> String {
    match answer {
        Err(ImplError::Failed(why)) => why,
        other => panic!("expected a fault, got {other:?}"),
    }
}

const BODY: &[u8] = b"User-agent: *\nDisallow: /private\n";

fn ask(adapter: &Adapter, what: &str) -> Answer {
    check_once(
        adapter,
        BODY,
        &[b"FooBot"],
        format!("https://example.com/{what}").as_bytes(),
    )
}

/// The first answer of an adapter may take a start-up grace; the hostile
/// check comes after it, on the plain timeout.
fn warmed_up(scene: &Scene) -> Adapter {
    let adapter = scene.adapter();
    assert_eq!(ask(&adapter, "fine").map(|o| o.allowed), Ok(true));
    adapter
}

/// Asks `what` of a warmed-up adapter: a fault, within the bound,
/// after which the restarted adapter answers again; then, the adapter
/// dropped, nothing of it is left. Gives the fault's message.
fn adapter_fault(test: &str, what: &str) -> String {
    let scene = Scene::new(test);
    let adapter = warmed_up(&scene);
    let why = fault(within_the_bound(|| ask(&adapter, what)));
    assert!(why.contains("restarts for the next check"), "{why}");
    assert_eq!(ask(&adapter, "fine").map(|o| o.allowed), Ok(true), "after {what}");
    drop(adapter);
    scene.assert_nothing_left();
    why
}

#[test]
fn garbage_is_a_fault() {
    let why = adapter_fault("garbage", "garbage");
    assert!(
        why.contains("unreadable answer") && why.contains("this is not an answer"),
        "{why}"
    );
}

#[test]
fn an_answer_with_another_checks_id_is_a_fault() {
    let why = adapter_fault("wrong-id", "wrong-id");
    assert!(why.contains("but answers check"), "{why}");
}

#[test]
fn a_double_answer_is_never_taken_for_the_next_check() {
    let scene = Scene::new("double");
    let adapter = warmed_up(&scene);
    assert_eq!(ask(&adapter, "double").map(|o| o.allowed), Ok(true));
    let why = fault(within_the_bound(|| ask(&adapter, "fine")));
    assert!(why.contains("but answers check"), "{why}");
    assert_eq!(ask(&adapter, "fine").map(|o| o.allowed), Ok(true));
    drop(adapter);
    scene.assert_nothing_left();
}

#[test]
fn answers_out_of_order_are_faults() {
    let why = adapter_fault("reversed", "reversed");
    assert!(why.contains("out of order"), "{why}");
}

#[test]
fn a_silent_adapter_costs_the_timeout_and_one_longer_try() {
    let why = adapter_fault("silent", "silent");
    assert!(
        why.starts_with("no answer within 2s, nor within 8s when asked again; the adapter was stopped"),
        "{why}"
    );
}

#[test]
fn a_late_answer_is_asked_again_and_never_reaches_the_next_check() {
    let scene = Scene::new("slow");
    let adapter = warmed_up(&scene);
    // 3 s against a 2 s limit: the adapter is stopped, a fresh one asked
    // again within 8 s answers, and its late first answer is gone with it.
    let answer = within_the_bound(|| ask(&adapter, "slow"));
    assert_eq!(answer.map(|o| o.allowed), Ok(true));
    assert_eq!(ask(&adapter, "fine").map(|o| o.allowed), Ok(true));
    drop(adapter);
    scene.assert_nothing_left();
}

#[test]
fn an_adapter_that_exits_is_a_fault_with_its_last_words() {
    let why = adapter_fault("exit", "exit");
    assert!(why.contains("the adapter exited (exit status: 3"), "{why}");
    assert!(why.contains("hostile adapter: the real failure"), "{why}");
}

#[test]
fn an_adapter_killed_by_a_signal_is_a_fault_naming_it() {
    let why = adapter_fault("segv", "segv");
    assert!(why.contains("SIGSEGV"), "{why}");
}

#[test]
fn an_adapter_that_stops_reading_its_stdin_is_replaced_within_the_bound() {
    let scene = Scene::new("deaf");
    let adapter = warmed_up(&scene);
    // Far more than a pipe holds: writing it blocks until the adapter reads.
    let big = format!("User-agent: *\n{}", "Disallow: /padding\n".repeat(60_000));
    let url = |what: &str| format!("https://example.com/{what}");
    let ask_big = |what: &str| check_once(&adapter, big.as_bytes(), &[b"FooBot"], url(what).as_bytes());
    assert_eq!(ask_big("deaf").map(|o| o.allowed), Ok(true));
    // The deaf process cannot take the next request in time; the fresh one
    // it is asked again through reads it and answers.
    let answer = within_the_bound(|| ask_big("fine"));
    assert_eq!(answer.map(|o| o.allowed), Ok(true));
    assert_eq!(ask_big("fine").map(|o| o.allowed), Ok(true));
    drop(adapter);
    scene.assert_nothing_left();
}

#[test]
fn an_answer_line_over_the_cap_is_a_fault_naming_it() {
    let why = adapter_fault("huge", "huge");
    assert!(why.contains("longer than 64 MiB"), "{why}");
}

#[test]
fn stderr_that_is_not_utf8_does_not_hide_the_real_failure() {
    let scene = Scene::new("not-utf8");
    let adapter = warmed_up(&scene);
    assert_eq!(ask(&adapter, "not-utf8").map(|o| o.allowed), Ok(true));
    let why = fault(within_the_bound(|| ask(&adapter, "exit")));
    assert!(why.contains("exit status: 3"), "{why}");
    assert!(why.contains("hostile adapter: the real failure"), "{why}");
    drop(adapter);
    scene.assert_nothing_left();
}

#[test]
fn an_adapters_children_go_with_it() {
    let scene = Scene::new("fork");
    let adapter = warmed_up(&scene);
    // Killed with the adapter when its check times out...
    let why = fault(within_the_bound(|| ask(&adapter, "fork-and-hang")));
    assert!(why.starts_with("no answer within"), "{why}");
    scene.assert_nothing_left();
    // ...and when the run ends.
    assert_eq!(ask(&adapter, "fork").map(|o| o.allowed), Ok(true));
    assert!(!carrying(&scene.marker).is_empty(), "the adapter and its child run");
    drop(adapter);
    scene.assert_nothing_left();
}

fn run_command(scene: &Scene, template: &str) -> Answer {
    check_once(&scene.command(template), BODY, &[b"FooBot"], b"https://example.com/")
}

#[test]
fn a_command_whose_child_holds_its_stdout_costs_the_bound_at_most() {
    let scene = Scene::new("held-stdout");
    let why = fault(within_the_bound(|| {
        run_command(&scene, "sh -c 'sleep 1000 & echo allowed'")
    }));
    assert!(
        why.starts_with("no answer within 2s, nor within 8s when asked again: the command exited"),
        "{why}"
    );
    scene.assert_nothing_left();
}

#[test]
fn a_commands_background_children_end_with_its_check() {
    let scene = Scene::new("background");
    let answer = within_the_bound(|| run_command(&scene, "sh -c 'sleep 1000 >/dev/null 2>&1 & echo allowed'"));
    // Its output is complete: the answer stands.
    assert_eq!(answer.map(|o| o.allowed), Ok(true));
    scene.assert_nothing_left();
}

#[test]
fn a_hung_command_is_killed_with_its_children_at_the_timeout() {
    let scene = Scene::new("hung-command");
    let why = fault(within_the_bound(|| {
        run_command(&scene, "sh -c 'sleep 1000 & sleep 1000 & wait'")
    }));
    assert!(
        why.starts_with("no answer within 2s, nor within 8s when asked again; the command"),
        "{why}"
    );
    scene.assert_nothing_left();
}

#[test]
fn a_command_that_dies_of_a_signal_gives_no_verdict_whatever_it_printed() {
    let scene = Scene::new("signal");
    for (template, signal) in [
        ("sh -c 'ulimit -c 0; echo disallowed; kill -SEGV $$'", "SIGSEGV"),
        ("sh -c 'echo allowed; kill -KILL $$'", "SIGKILL"),
        // Without a printed word, the exit code would decide.
        ("sh -c 'ulimit -c 0; kill -ABRT $$'", "SIGABRT"),
    ] {
        let why = fault(within_the_bound(|| run_command(&scene, template)));
        assert!(
            why.contains("the command died") && why.contains(signal),
            "{template}: {why}"
        );
    }
    scene.assert_nothing_left();
}

#[test]
fn placeholders_are_substituted_in_one_pass() {
    let scene = Scene::new("placeholders");
    let seen = scene.dir.join("seen");
    // The script holds no placeholder: it writes what it was given.
    let template = scene.command(&format!(
        "sh -c 'printf \"%s\\n%s\" \"$0\" \"$1\" > {}' %url% %user-agent%",
        seen.display()
    ));
    let url = "https://example.com/%user-agent%/%robots%";
    let answer = check_once(&template, BODY, &[b"Foo%url%Bot"], url.as_bytes());
    assert_eq!(answer.map(|o| o.allowed), Ok(true));
    let given = std::fs::read_to_string(&seen).unwrap();
    assert_eq!(given, format!("{url}\nFoo%url%Bot"));
    scene.assert_nothing_left();
}

#[test]
fn a_command_flooding_its_stdout_is_a_fault_naming_the_cap() {
    let scene = Scene::new("flood");
    let why = fault(within_the_bound(|| run_command(&scene, "yes allowed")));
    assert!(why.contains("more than 64 MiB to its stdout"), "{why}");
    scene.assert_nothing_left();
}

#[test]
fn the_body_file_has_an_unpredictable_name_and_goes_after_the_check() {
    let scene = Scene::new("body-file");
    let seen = scene.dir.join("seen");
    let template = format!(
        "sh -c 'grep -q \"^Disallow: /private$\" \"$0\" && printf %s \"$0\" > {}' %robots%",
        seen.display()
    );
    assert_eq!(run_command(&scene, &template).map(|o| o.allowed), Ok(true));
    let path = PathBuf::from(std::fs::read_to_string(&seen).unwrap());
    assert_eq!(path.parent(), Some(std::env::temp_dir().as_path()));
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    assert!(name.starts_with("reptest-") && name.ends_with("-robots.txt"), "{name}");
    // Not `reptest-<pid>-<n>-robots.txt`, which anyone could plant ahead.
    assert!(!name.starts_with(&format!("reptest-{}-", std::process::id())), "{name}");
    assert!(!path.exists(), "{} was left behind", path.display());
}

/// `reptest` with `args`, the marker in its environment (so in every
/// program it starts).
fn reptest(scene: &Scene, args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .env(MARKER, &scene.marker)
        .output()
        .expect("reptest starts");
    (output, started.elapsed())
}

/// A body of about 1.2 MB, far more than a pipe holds, as a case's YAML.
const BIG_BODY: &str = "    robots_parts:\n      - text: \"User-agent: *\\n\"\n      - text: \"Disallow: /padding\\n\"\n        times: 60000\n";

/// A small body that allows everything, as a case's YAML.
const SMALL_BODY: &str = "    robots: \"User-agent: *\\nAllow: /\\n\"\n";

/// How long a check may take in the runs of `reptest` here.
const RUN_TIMEOUT: Duration = Duration::from_secs(3);

/// Writes a case file of checks at `/{what}` for each of `whats`, on `body`
/// (the YAML of its body field).
fn case_file(scene: &Scene, body: &str, whats: &[&str]) -> PathBuf {
    let checks: String = whats
        .iter()
        .enumerate()
        .map(|(index, what)| {
            format!(
                "      - {{ name: c{index}, agent: FooBot, url: \"https://example.com/{what}\", expect: allowed }}\n"
            )
        })
        .collect();
    let yaml = format!(
        "source: \"hostile adapter tests\"\ncases:\n  - name: hostile\n    why: RFC 9309 §2.2.2.\n{body}    checks:\n{checks}"
    );
    let path = scene.dir.join("hostile.yaml");
    std::fs::write(&path, yaml).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn adapter_command(scene: &Scene) -> String {
    let script = scene.dir.join("adapter.py");
    std::fs::write(&script, ADAPTER).unwrap();
    format!("python3 {}", script.display())
}

#[test]
fn a_run_against_an_adapter_that_stops_reading_finishes_within_the_bound() {
    let scene = Scene::new("cli-deaf");
    // The adapter answers the plain check before the run and the first
    // check, then reads no more: the second cannot be written.
    let cases = case_file(&scene, BIG_BODY, &["deaf", "fine"]);
    let adapter = adapter_command(&scene);
    let timeout = RUN_TIMEOUT.as_secs().to_string();
    let (out, took) = reptest(
        &scene,
        &[
            "run",
            "--cases",
            path(&cases),
            "--adapter",
            &adapter,
            "--timeout",
            &timeout,
            "--format",
            "json",
        ],
    );
    let stdout = text(&out.stdout);
    assert!(
        took <= bound(RUN_TIMEOUT),
        "took {took:?}, over {:?}\n{stdout}",
        bound(RUN_TIMEOUT)
    );
    // The second check is asked again through a fresh adapter, which reads it.
    assert!(
        !stdout.contains("the adapter did not read the whole request"),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    scene.assert_nothing_left();
}

fn path(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A command that answers "allowed", except at `/crash`, where it prints
/// `disallowed` and dies of SIGSEGV, leaving a child behind.
const CRASHING_COMMAND: &str = "sh -c 'case \"$0\" in */crash) sleep 1000 >/dev/null 2>&1 & ulimit -c 0; echo disallowed; kill -SEGV $$;; esac; echo allowed' %url%";

#[test]
fn run_reports_a_crash_as_an_error_and_goes_on() {
    let scene = Scene::new("cli-run-crash");
    let cases = case_file(&scene, SMALL_BODY, &["crash", "fine"]);
    let (out, _) = reptest(
        &scene,
        &[
            "run",
            "--cases",
            path(&cases),
            "--command",
            CRASHING_COMMAND,
            "--format",
            "json",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    let results = report.to_string();
    assert!(
        results.contains("the command died") && results.contains("SIGSEGV"),
        "{stdout}"
    );
    assert!(
        !results.contains("\"disallowed\""),
        "the crash was taken for a verdict: {stdout}"
    );
    assert!(results.contains("hostile/hostile/c1"), "the run went on: {stdout}");
    scene.assert_nothing_left();
}

#[test]
fn baseline_refuses_a_crash() {
    let scene = Scene::new("cli-baseline-crash");
    let cases = case_file(&scene, SMALL_BODY, &["crash", "fine"]);
    let (out, _) = reptest(
        &scene,
        &["baseline", "--cases", path(&cases), "--command", CRASHING_COMMAND],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert!(stderr.contains("SIGSEGV"), "{stderr}");
    scene.assert_nothing_left();
}

#[test]
fn nothing_an_adapter_started_outlives_the_run() {
    let scene = Scene::new("cli-fork");
    let cases = case_file(&scene, SMALL_BODY, &["fork", "fork", "fine"]);
    let adapter = adapter_command(&scene);
    let (out, _) = reptest(&scene, &["run", "--cases", path(&cases), "--adapter", &adapter]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    scene.assert_nothing_left();
}
