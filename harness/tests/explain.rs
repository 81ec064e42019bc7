//! Failures that explain themselves, through the `reptest` binary: JUnit
//! and JSON written beside the table in one run and agreeing with it; the
//! ids a failure prints work in `--filter` and `reptest show`; `show`'s
//! `reptest check` line reproduces the verdict through a shell; an unknown
//! id names the nearest ones; a suite 3.x id is mapped to its 4.0 id.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A check whose body, agents and URL hold what a shell or a terminal
/// would act on.
const AWKWARD: &str = r#"source: explain test
cases:
  - name: awkward
    why: Quoting and escapes must carry every byte (RFC 9309 section 2.2.2).
    robots_escaped: 'User-agent: *\r\nDisallow: /it''s\r# \x00\xFF\x1B[2J\nAllow: /\n'
    checks:
      - { name: quoted, agents: ["Foo Bot", "Bar\tBot"], url: "https://example.com/it's?q=$HOME", expect: disallowed }
      - { name: other, agent: "-FooBot", url: "https://example.com/other", expect: allowed }
"#;

fn reptest(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .output()
        .expect("reptest runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
        .display()
        .to_string()
}

/// A scratch directory of the test's own, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("reptest-explain-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The numbers of the table's line for `implementation` under its claimed
/// profile: pass, fail, should, may, error.
fn claimed_tally(table: &str, implementation: &str) -> Vec<usize> {
    let line = table
        .lines()
        .find(|line| line.starts_with(implementation) && line.contains('*'))
        .unwrap_or_else(|| panic!("no claimed line for {implementation}: {table}"));
    line.split_whitespace()
        .skip(3)
        .take(5)
        .map(|number| number.parse().unwrap())
        .collect()
}

#[test]
fn junit_and_json_are_written_in_the_same_run_and_agree_with_the_table() {
    let scratch = Scratch::new("files");
    let (junit, json) = (scratch.path("out/results.xml"), scratch.path("results.json"));
    let out = reptest(&[
        "run",
        "--cases",
        &fixture("valid/basic.yaml"),
        "--command",
        "true",
        "--name",
        "yes-man",
        "--junit",
        &junit,
        "--json",
        &json,
    ]);
    let table = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{table}{}", text(&out.stderr));
    let tally = claimed_tally(&table, "yes-man");
    assert!(tally[1] > 0, "the command allows everything, so it misses: {table}");

    let xml = std::fs::read_to_string(&junit).unwrap();
    let document = roxmltree::Document::parse(&xml).expect("the JUnit file is XML");
    let suite = document
        .descendants()
        .find(|node| node.has_tag_name("testsuite"))
        .expect("a testsuite");
    let failures = suite.descendants().filter(|node| node.has_tag_name("failure")).count();
    let testcases = suite.descendants().filter(|node| node.has_tag_name("testcase")).count();
    assert_eq!(failures, tally[1], "{xml}");
    assert_eq!(suite.attribute("failures"), Some(tally[1].to_string().as_str()));
    // Each failing testcase names its check id, which --filter takes.
    for testcase in suite.descendants().filter(|node| node.has_tag_name("testcase")) {
        let failure = testcase.children().find(|node| node.has_tag_name("failure"));
        let (Some(failure), Some(case), Some(name)) =
            (failure, testcase.attribute("classname"), testcase.attribute("name"))
        else {
            continue;
        };
        let id = format!("{case}/{}", name.split(' ').next().unwrap());
        assert!(failure.text().unwrap_or("").starts_with(&format!("{id}\n")), "{xml}");
        assert!(table.contains(&format!("MISS {id} against")), "{id}: {table}");
    }
    assert_eq!(
        testcases,
        tally.iter().sum::<usize>() + count_after(&table, "yes-man"),
        "{xml}"
    );

    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let rfc = &report["implementations"][0]["profiles"]["rfc"];
    assert_eq!(rfc["pass"], tally[0]);
    assert_eq!(rfc["fail"], tally[1]);
    assert_eq!(report["passed"], false);
    let new_misses = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|check| check["class"] == "new-miss")
        .count();
    assert_eq!(new_misses, table.matches("\nMISS ").count(), "{table}");
    for check in report["checks"].as_array().unwrap() {
        let id = check["id"].as_str().unwrap();
        let (reproduce, place) = (
            check["reproduce"].as_str().unwrap(),
            check["case_file"].as_str().unwrap(),
        );
        assert!(
            reproduce.starts_with(&format!("reptest show {id} --cases ")),
            "{reproduce}"
        );
        assert!(place.contains("basic.yaml:"), "{place}");
    }
}

/// The table's n/a, reading and implementation-defined counts of
/// `implementation` under its claimed profile: checks JUnit has too.
fn count_after(table: &str, implementation: &str) -> usize {
    let line = table
        .lines()
        .find(|line| line.starts_with(implementation) && line.contains('*'))
        .unwrap();
    line.split_whitespace()
        .skip(8)
        .take(3)
        .map(|number| number.parse::<usize>().unwrap())
        .sum()
}

#[test]
fn an_output_path_that_cannot_be_written_stops_the_run_before_it_starts() {
    let scratch = Scratch::new("bad-path");
    std::fs::write(scratch.path("file"), "").unwrap();
    for (flag, path) in [
        ("--junit", scratch.path("file/results.xml")),
        ("--json", scratch.0.display().to_string()),
    ] {
        let out = reptest(&["run", "--cases", &fixture("valid/basic.yaml"), flag, &path]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("{flag} {path}: cannot write there")),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "nothing ran: {}", text(&out.stdout));
    }
    let same = scratch.path("same");
    let out = reptest(&[
        "run",
        "--cases",
        &fixture("valid/basic.yaml"),
        "--junit",
        &same,
        "--json",
        &same,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("give each its own file"));
}

#[test]
fn every_id_a_failure_prints_works_in_filter_and_show() {
    let case = "rfc9309/2.2.2-matching/pattern-is-a-prefix-match";
    let failing = ["run", "--filter", case, "--command", "true", "--name", "yes-man"];
    let out = reptest(&failing);
    let table = text(&out.stdout);
    let printed: Vec<&str> = table
        .lines()
        .filter_map(|line| line.strip_prefix("  reproduce: reptest show "))
        .collect();
    assert_eq!(printed.len(), table.matches("\nMISS ").count(), "{table}");
    assert!(printed.len() >= 3, "{table}");
    for id in printed {
        let mut alone = failing.to_vec();
        alone[2] = id;
        let out = reptest(&alone);
        let stdout = text(&out.stdout);
        assert!(stdout.starts_with("reptest: 1 checks in 1 cases"), "{id}: {stdout}");
        assert!(stdout.contains(&format!("\nMISS {id} against")), "{id}: {stdout}");
        let shown = reptest(&["show", id]);
        assert_eq!(shown.status.code(), Some(0), "{id}: {}", text(&shown.stderr));
        assert!(text(&shown.stdout).starts_with(&format!("check     {id}\n")));
    }
}

#[test]
fn a_suite_3x_id_is_taken_and_said_what_it_became() {
    let old = "rfc9309/2.2.2-matching/longest-match-wins-allow-before#1";
    let new = "rfc9309/2.2.2-matching/longest-match-wins-allow-before/archive-public-2020-html";
    let out = reptest(&["run", "--filter", old, "--impl", "rep-rfc"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.starts_with("reptest: 1 checks in 1 cases"), "{stdout}");
    assert!(stderr.contains(&format!(
        "--filter {old}: a suite 3.1.0 id; suite 4.0 names that check {new}"
    )));
    let shown = reptest(&["show", old]);
    assert_eq!(shown.status.code(), Some(0));
    assert!(text(&shown.stdout).starts_with(&format!("check     {new}\n")));
    let nothing = reptest(&["show", "rfc9309/2.2.2-matching/longest-match-wins-allow-before#99"]);
    assert_eq!(nothing.status.code(), Some(2));
    assert!(text(&nothing.stderr).contains("suite 3.1.0 had no such check"));
}

#[test]
fn an_unknown_id_names_the_nearest_ones() {
    let out = reptest(&["show", "rfc9309/2.2.2-matching/pattern-is-a-prefix-match/fsh"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr.contains("is called rfc9309/2.2.2-matching/pattern-is-a-prefix-match/fsh; the nearest ids:\n  rfc9309/2.2.2-matching/pattern-is-a-prefix-match/fish\n"),
        "{stderr}"
    );
    let case = reptest(&["show", "rfc9309/2.2.2-matching/pattern-is-a-prefix-match"]);
    assert_eq!(case.status.code(), Some(2));
    assert!(text(&case.stderr)
        .contains("not a check; its checks:\n  rfc9309/2.2.2-matching/pattern-is-a-prefix-match/fish\n"));
    let filter = reptest(&[
        "run",
        "--filter",
        "rfc9309/2.2.2-matching/pattern-is-a-prefix-match/fsh",
    ]);
    assert_eq!(filter.status.code(), Some(2));
    assert!(
        text(&filter.stderr).contains("the nearest ids: rfc9309/2.2.2-matching/pattern-is-a-prefix-match/fish"),
        "{}",
        text(&filter.stderr)
    );
}

#[test]
fn the_check_line_of_show_reproduces_the_verdict_through_a_shell() {
    let scratch = Scratch::new("reproduce");
    let cases = scratch.path("cases");
    std::fs::create_dir(&cases).unwrap();
    std::fs::write(scratch.path("cases/explain.yaml"), AWKWARD).unwrap();
    let suite = reptest(&["run", "--cases", &cases, "--impl", "rep-rfc"]);
    assert_eq!(suite.status.code(), Some(0), "{}", text(&suite.stdout));
    // A miss of a suite given with --cases is shown again from that suite.
    // `false` disallows everything: it misses `other` (a command template
    // cannot take the two agents of `quoted`).
    let missed = reptest(&["run", "--cases", &cases, "--command", "false"]);
    let table = text(&missed.stdout);
    let again = table
        .lines()
        .find_map(|line| line.strip_prefix("  reproduce: "))
        .unwrap_or_else(|| panic!("no reproduce line: {table}"));
    assert!(again.contains(" --cases "), "{again}");
    let shown = bash(again);
    assert_eq!(shown.status.code(), Some(0), "{again}: {}", text(&shown.stderr));
    assert!(text(&shown.stdout).starts_with("check     explain/awkward/other\n"));
    for (id, verdict) in [
        ("explain/awkward/quoted", ": disallowed"),
        ("explain/awkward/other", ": allowed"),
    ] {
        let shown = reptest(&["show", "--cases", &cases, id]);
        let stdout = text(&shown.stdout);
        let line = stdout
            .lines()
            .find_map(|line| line.strip_prefix("  reptest check "))
            .unwrap_or_else(|| panic!("no check line: {stdout}"));
        let out = bash(&format!("reptest check {line}"));
        let answer = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{line}: {answer}{}", text(&out.stderr));
        assert!(answer.contains(verdict), "{line}: {answer}");
        let body = reptest(&["show", "--cases", &cases, id, "--body"]);
        assert_eq!(
            body.stdout,
            b"User-agent: *\r\nDisallow: /it's\r# \x00\xFF\x1B[2J\nAllow: /\n"
        );
    }
}

/// `command` run by bash, `reptest` in it being the binary under test.
fn bash(command: &str) -> Output {
    Command::new("bash")
        .args(["-c", &format!("reptest() {{ \"$REPTEST\" \"$@\"; }}; {command}")])
        .env("REPTEST", env!("CARGO_BIN_EXE_reptest"))
        .output()
        .expect("bash runs")
}
