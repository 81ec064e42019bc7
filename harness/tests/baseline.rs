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
      - { name: a, agent: FooBot, url: "https://example.com/a", expect: disallowed }
      - { name: b, agent: FooBot, url: "https://example.com/b", expect: allowed }
      - { name: c, agent: FooBot, url: "https://example.com/c", expect: disallowed }
"#;

struct Scratch(PathBuf);

impl Scratch {
    /// A scratch directory of its own for the test called `test`.
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("reptest-baseline-{}-{test}", std::process::id()));
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
    let scratch = Scratch::new("ways");
    // The parser allows everything: it misses /a and /c.
    scratch.answers("{}");
    let written = scratch.reptest("baseline", &[]);
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    let baseline = text(&written.stdout);
    let ids: Vec<&str> = baseline
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .collect();
    assert_eq!(ids, ["paths/three-paths/a", "paths/three-paths/c"], "{baseline}");
    assert!(baseline.contains("# Disallow /a and /c; /b has no rule."), "{baseline}");
    // The same parser gives the same file, byte for byte.
    assert_eq!(scratch.reptest("baseline", &[]).stdout, written.stdout);
    std::fs::write(scratch.path("expected.txt"), &written.stdout).unwrap();
    let list = scratch.path("expected.txt").display().to_string();

    // Without the baseline the run fails; with it, it passes.
    assert_eq!(scratch.reptest("run", &[]).status.code(), Some(1));
    let green = scratch.reptest("run", &["--expected-failures", &list]);
    assert_eq!(green.status.code(), Some(0), "{}", text(&green.stderr));
    // Expected misses are one count; the report ends on the verdict.
    let report = text(&green.stdout);
    assert!(
        report
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("OK: 2 expected failure(s) still fail"),
        "{report}"
    );
    assert!(report.contains("2 expected miss(es) listed in"), "{report}");
    assert!(!report.contains("MISS paths/"), "{report}");
    let verbose = text(
        &scratch
            .reptest("run", &["--expected-failures", &list, "--verbose"])
            .stdout,
    );
    assert!(verbose.contains("EXPECTED MISS (listed in"), "{verbose}");

    // A new miss fails the run and is named.
    scratch.answers(r#"{"/b": "disallowed"}"#);
    let new_miss = scratch.reptest("run", &["--expected-failures", &list]);
    assert_eq!(new_miss.status.code(), Some(1));
    let report = text(&new_miss.stdout);
    assert!(
        report.contains(&format!("NEW MISS (not in {list}) paths/three-paths/b")),
        "{report}"
    );
    assert!(
        report
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("FAILED: 2 expected"),
        "{report}"
    );

    // A listed miss that is fixed makes the baseline stale: the run fails
    // and says which id to remove.
    scratch.answers(r#"{"/a": "disallowed"}"#);
    let stale = scratch.reptest("run", &["--expected-failures", &list]);
    assert_eq!(stale.status.code(), Some(1));
    assert!(
        text(&stale.stdout).contains(&format!(
            "STALE (passes now; remove it from {list}) paths/three-paths/a"
        )),
        "{}",
        text(&stale.stdout)
    );
}

#[test]
fn unknown_ids_fail_and_excluded_ones_are_neither_stale_nor_unknown() {
    let scratch = Scratch::new("ids");
    scratch.answers("{}");
    let written = scratch.reptest("baseline", &[]);
    std::fs::write(scratch.path("expected.txt"), &written.stdout).unwrap();
    let list = scratch.path("expected.txt").display().to_string();
    // An id that names no check is an error too (a typo or a renamed id).
    std::fs::write(
        scratch.path("typo.txt"),
        "paths/three-paths/a\npaths/three-paths/c\npaths/nope/a\n",
    )
    .unwrap();
    let typo = scratch.reptest(
        "run",
        &["--expected-failures", &scratch.path("typo.txt").display().to_string()],
    );
    assert_eq!(typo.status.code(), Some(1));
    assert!(
        text(&typo.stdout).contains("UNKNOWN paths/nope/a"),
        "{}",
        text(&typo.stdout)
    );
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

/// The `<testsuites …>` line's count of `attribute`.
fn junit_total(xml: &str, attribute: &str) -> usize {
    let line = xml
        .lines()
        .find(|line| line.starts_with("<testsuites"))
        .expect("a testsuites element");
    let start = line.find(&format!(" {attribute}=\"")).expect("the attribute") + attribute.len() + 3;
    line[start..].split('"').next().unwrap().parse().unwrap()
}

#[test]
fn every_format_honours_the_expected_failures() {
    let scratch = Scratch::new("formats");
    scratch.answers("{}");
    let written = scratch.reptest("baseline", &[]);
    std::fs::write(scratch.path("expected.txt"), &written.stdout).unwrap();
    let list = scratch.path("expected.txt").display().to_string();
    let run = |format: &str| scratch.reptest("run", &["--expected-failures", &list, "--format", format]);

    // A passing run: JUnit shows the listed misses as skipped, with the rule.
    let green = run("junit");
    assert_eq!(green.status.code(), Some(0), "{}", text(&green.stderr));
    let xml = text(&green.stdout);
    assert_eq!(
        (junit_total(&xml, "failures"), junit_total(&xml, "errors")),
        (0, 0),
        "{xml}"
    );
    assert_eq!(
        xml.matches("<skipped message=\"expected failure: Disallow /a and /c; /b has no rule.")
            .count(),
        2,
        "{xml}"
    );
    assert!(text(&green.stderr).contains("OK: 2 expected failure(s) still fail"));
    let json: serde_json::Value = serde_json::from_str(&text(&run("json").stdout)).unwrap();
    let classes: Vec<&str> = json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["class"].as_str().unwrap())
        .collect();
    assert_eq!(classes, ["expected-miss", "met", "expected-miss"]);
    assert_eq!(json["passed"], true);
    let markdown = text(&run("markdown").stdout);
    assert!(markdown.contains("### Expected misses (2)"), "{markdown}");
    assert!(
        markdown.trim_end().ends_with(&format!("unknown entr(ies) in {list}")),
        "{markdown}"
    );

    // A new miss is a failure (and the other two stay skipped).
    scratch.answers(r#"{"/b": "disallowed"}"#);
    let red = run("junit");
    assert_eq!(red.status.code(), Some(1));
    let xml = text(&red.stdout);
    assert_eq!(
        (junit_total(&xml, "failures"), junit_total(&xml, "errors")),
        (1, 0),
        "{xml}"
    );
    let json: serde_json::Value = serde_json::from_str(&text(&run("json").stdout)).unwrap();
    assert_eq!(json["checks"][1]["class"], "new-miss");
    assert_eq!(json["passed"], false);
    assert!(text(&run("markdown").stdout).contains("### New misses (1)"));

    // A listed check that passes again is a failure too.
    scratch.answers(r#"{"/a": "disallowed"}"#);
    let stale = run("junit");
    assert_eq!(stale.status.code(), Some(1));
    let xml = text(&stale.stdout);
    assert_eq!(junit_total(&xml, "failures"), 1, "{xml}");
    assert!(xml.contains("type=\"stale\""), "{xml}");
    let json: serde_json::Value = serde_json::from_str(&text(&run("json").stdout)).unwrap();
    assert_eq!(json["checks"][0]["class"], "stale");
    assert_eq!(json["expected_failures"]["stale"][0], "paths/three-paths/a");
}

/// The consumers' lists as suite 3.1.0 had them (`<case id>#<n>`), upgraded
/// by `reptest baseline --upgrade`: every id becomes a check of the suite
/// built in, none is lost, and every comment stays where it was.
#[test]
fn the_consumers_3x_lists_upgrade_cleanly() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suite-3.x");
    let suite = rep_core::case::embedded::load().expect("the built-in suite loads");
    let suite_ids: std::collections::BTreeSet<String> = suite
        .iter()
        .flat_map(|file| &file.cases)
        .flat_map(|case| (0..case.checks.len()).map(move |index| case.check_id(index)))
        .collect();
    for name in ["python-expected-failures.txt", "node-expected-failures.txt"] {
        let old = std::fs::read_to_string(fixtures.join(name)).unwrap();
        assert!(
            rep_core::baseline::ExpectedFailures::parse(&old).is_err(),
            "{name}: a 3.x list is refused as it is"
        );
        let scratch = Scratch::new(&format!("upgrade-{name}"));
        let list = scratch.path(name);
        std::fs::write(&list, &old).unwrap();
        let upgraded = Command::new(env!("CARGO_BIN_EXE_reptest"))
            .args(["baseline", "--upgrade", &list.display().to_string()])
            .output()
            .unwrap();
        assert_eq!(upgraded.status.code(), Some(0), "{}", text(&upgraded.stderr));
        let old_ids = old
            .lines()
            .filter(|line| !line.starts_with('#') && !line.is_empty())
            .count();
        assert!(
            text(&upgraded.stderr).contains(&format!("{old_ids} id(s) renamed to suite 4.0's, 0 removed, 0 unknown")),
            "{}",
            text(&upgraded.stderr)
        );
        let new = std::fs::read_to_string(&list).unwrap();
        let parsed = rep_core::baseline::ExpectedFailures::parse(&new).unwrap_or_else(|why| panic!("{name}: {why}"));
        assert_eq!(parsed.len(), old_ids, "{name}: one 4.0 id for each 3.x id");
        let ids: Vec<&str> = new
            .lines()
            .filter(|line| !line.starts_with('#') && !line.is_empty())
            .collect();
        for id in &ids {
            assert!(suite_ids.contains(*id), "{name}: {id} is not a check of the suite");
        }
        // Comments and blank lines are kept, line for line.
        let comments = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|line| line.starts_with('#') || line.is_empty())
                .map(str::to_string)
                .collect()
        };
        assert_eq!(comments(&new), comments(&old), "{name}");
        // Upgrading again changes nothing.
        let again = Command::new(env!("CARGO_BIN_EXE_reptest"))
            .args(["baseline", "--upgrade", &list.display().to_string()])
            .output()
            .unwrap();
        assert_eq!(again.status.code(), Some(0));
        assert_eq!(std::fs::read_to_string(&list).unwrap(), new, "{name}");
    }
}

/// A list naming a 3.x id is refused with the way to upgrade it, and an
/// upgrade says which listed checks it could not carry over.
#[test]
fn a_3x_id_is_refused_and_an_unknown_one_is_reported_on_upgrade() {
    let scratch = Scratch::new("old-ids");
    scratch.answers("{}");
    std::fs::write(scratch.path("old.txt"), "# old list\npaths/three-paths#1\n").unwrap();
    let refused = scratch.reptest(
        "run",
        &["--expected-failures", &scratch.path("old.txt").display().to_string()],
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("line 2: `paths/three-paths#1` is a suite 3.x id")
            && text(&refused.stderr).contains("reptest baseline --upgrade FILE"),
        "{}",
        text(&refused.stderr)
    );
    let upgraded = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(["baseline", "--upgrade", &scratch.path("old.txt").display().to_string()])
        .output()
        .unwrap();
    assert_eq!(upgraded.status.code(), Some(0));
    let said = text(&upgraded.stderr);
    assert!(
        said.contains("old.txt:2: paths/three-paths#1 is no check of suite 3.x") && said.contains("1 unknown"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(scratch.path("old.txt")).unwrap(),
        "# old list\n# not a check of suite 3.1.0: paths/three-paths#1\n"
    );
}
