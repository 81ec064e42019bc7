//! Expected-failure baselines, end to end through the `reptest` binary: a
//! parser with known misses goes green with its baseline, fails on a new
//! miss, and fails when a listed miss is fixed (a stale entry).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const CASES: &str = r#"source: baseline test
cases:
  - name: three-paths
    why: Disallow /a and /c; /b has no rule. A prefix rule matches its path (RFC 9309 section 2.2.2).
    robots: |
      User-agent: *
      Disallow: /a
      Disallow: /c
    checks:
      - { agent: FooBot, url: "https://example.com/a", expect: disallowed }
      - { agent: FooBot, url: "https://example.com/b", expect: allowed }
      - { agent: FooBot, url: "https://example.com/c", expect: disallowed }
"#;

struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!("reptest-baseline-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("cases")).unwrap();
        std::fs::write(dir.join("cases/paths.yaml"), CASES).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The parser's verdicts for the next run.
    fn answers(&self, verdicts: &str) {
        std::fs::write(self.path("answers.json"), verdicts).unwrap();
    }

    fn reptest(&self, command: &str, extra: &[&str]) -> Output {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scripted_adapter.py");
        let adapter = format!("python3 {} {}", script.display(), self.path("answers.json").display());
        Command::new(env!("CARGO_BIN_EXE_reptest"))
            .arg(command)
            .args(["--cases", &self.path("cases").display().to_string()])
            .args(["--adapter", &adapter, "--name", "scripted"])
            .args(extra)
            .output()
            .expect("reptest runs")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_baseline_lets_known_misses_pass_and_catches_new_and_stale_ones() {
    let scratch = Scratch::new();
    // The parser allows everything: it misses /a and /c.
    scratch.answers("{}");
    let written = scratch.reptest("baseline", &[]);
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    let baseline = text(&written.stdout);
    let ids: Vec<&str> = baseline
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .collect();
    assert_eq!(ids, ["paths/three-paths#1", "paths/three-paths#3"], "{baseline}");
    assert!(baseline.contains("# Disallow /a and /c; /b has no rule."), "{baseline}");
    // The same parser gives the same file, byte for byte.
    assert_eq!(scratch.reptest("baseline", &[]).stdout, written.stdout);
    std::fs::write(scratch.path("expected.txt"), &written.stdout).unwrap();
    let list = scratch.path("expected.txt").display().to_string();

    // Without the baseline the run fails; with it, it passes.
    assert_eq!(scratch.reptest("run", &[]).status.code(), Some(1));
    let green = scratch.reptest("run", &["--expected-failures", &list]);
    assert_eq!(green.status.code(), Some(0), "{}", text(&green.stderr));
    assert!(
        text(&green.stderr).contains("OK: 2 expected failure(s) still fail"),
        "{}",
        text(&green.stderr)
    );

    // A new miss fails the run and is named.
    scratch.answers(r#"{"/b": "disallowed"}"#);
    let new_miss = scratch.reptest("run", &["--expected-failures", &list]);
    assert_eq!(new_miss.status.code(), Some(1));
    assert!(
        text(&new_miss.stderr).contains("new miss (not in"),
        "{}",
        text(&new_miss.stderr)
    );
    assert!(text(&new_miss.stderr).contains("paths/three-paths#2"));

    // A listed miss that is fixed makes the baseline stale: the run fails
    // and says which id to remove.
    scratch.answers(r#"{"/a": "disallowed"}"#);
    let stale = scratch.reptest("run", &["--expected-failures", &list]);
    assert_eq!(stale.status.code(), Some(1));
    assert!(
        text(&stale.stderr).contains("stale (passes now, remove it from") && text(&stale.stderr).contains("#1"),
        "{}",
        text(&stale.stderr)
    );

    // An id that names no check is an error too (a typo or a renamed id).
    std::fs::write(
        scratch.path("typo.txt"),
        "paths/three-paths#1\npaths/three-paths#3\npaths/nope#1\n",
    )
    .unwrap();
    scratch.answers("{}");
    let typo = scratch.reptest(
        "run",
        &["--expected-failures", &scratch.path("typo.txt").display().to_string()],
    );
    assert_eq!(typo.status.code(), Some(1));
    assert!(text(&typo.stderr).contains("unknown id"), "{}", text(&typo.stderr));
    // --exclude leaves checks out of the run: their listed misses are
    // neither stale nor unknown.
    let excluded = scratch.reptest("run", &["--expected-failures", &list, "--exclude", "three-paths"]);
    assert_eq!(
        excluded.status.code(),
        Some(2),
        "everything excluded: {}",
        text(&excluded.stderr)
    );
}
