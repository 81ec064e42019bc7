//! Files only where told, whole or not at all (issue 27). Run from an empty
//! directory, no writing subcommand touches the tree `reptest` was built
//! from; `--name` is a plain name; two case files with one page name, and
//! YAML nested too deep, are refused at load. The kill test is in
//! `killed_writers.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::SystemTime;

/// The tree this binary was built from (the checkout holding this test).
fn source_tree() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the checkout")
}

/// `reptest args` run in `dir`, the cache directory `cache`.
fn reptest_in(dir: &Path, cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .current_dir(dir)
        .env("REP_CACHE_DIR", cache)
        .output()
        .expect("reptest runs")
}

fn shown(output: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Every file under `dir` with its length and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (u64, SystemTime)> {
    fn walk(dir: &Path, into: &mut BTreeMap<PathBuf, (u64, SystemTime)>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let metadata = entry.metadata().expect("metadata");
            if metadata.is_dir() {
                walk(&path, into);
            } else {
                let modified = metadata.modified().expect("a modification time");
                into.insert(path, (metadata.len(), modified));
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, &mut files);
    files
}

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("reptest-files-{name}-"))
        .tempdir()
        .expect("a temporary directory")
}

#[test]
fn outside_a_checkout_every_writer_writes_into_the_current_directory_and_never_into_the_source_tree() {
    let tree = source_tree();
    let watched = [tree.join("reports"), tree.join("cases")];
    let before: Vec<_> = watched.iter().map(|dir| snapshot(dir)).collect();
    assert!(
        !before[0].is_empty() && !before[1].is_empty(),
        "the checkout has reports/ and cases/"
    );
    let (work, cache) = (scratch("work"), scratch("cache"));
    let (work, cache) = (work.path(), cache.path());
    let spec_tests = tree.join("harness/tests/fixtures/spec-test/valid");
    let spec_tests = spec_tests.to_str().expect("a UTF-8 path");

    let diff = reptest_in(
        work,
        cache,
        &[
            "diff",
            "--impl",
            "rep-rfc",
            "--command",
            "false %robots%",
            "--iterations",
            "100",
            "--threads",
            "1",
            "--max-findings",
            "1",
        ],
    );
    assert_eq!(
        diff.status.code(),
        Some(1),
        "always-disallowed disagrees: {}",
        shown(&diff)
    );
    let findings: Vec<PathBuf> = std::fs::read_dir(work.join("reports/findings"))
        .unwrap_or_else(|error| panic!("findings under ./reports/findings: {error}\n{}", shown(&diff)))
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(findings.len(), 1, "{findings:?}");
    let id = findings[0]
        .file_stem()
        .and_then(|stem| stem.to_str())
        .expect("a finding id");
    let promote = reptest_in(work, cache, &["promote", id]);
    assert_eq!(promote.status.code(), Some(0), "{}", shown(&promote));
    assert!(work.join(format!("cases/regressions/{id}.yaml")).is_file());

    let partial = reptest_in(
        work,
        cache,
        &[
            "diff",
            "--impl",
            "rep-rfc",
            "--impl",
            "rep-google",
            "--corpus",
            "cases",
            "--mutations",
            "1",
            "--shard",
            "1/8",
            "--partial",
            "shard.json",
        ],
    );
    assert!(work.join("shard.json").is_file(), "{}", shown(&partial));

    let report = reptest_in(work, cache, &["report", "--built-in-only", "--suite-only"]);
    assert_eq!(report.status.code(), Some(0), "{}", shown(&report));
    for written in ["conformance.md", "report.json", "report.schema.json"] {
        assert!(
            work.join("reports").join(written).is_file(),
            "{written}: {}",
            shown(&report)
        );
    }

    let export = reptest_in(work, cache, &["export", "--out", "suite.json"]);
    assert_eq!(export.status.code(), Some(0), "{}", shown(&export));
    let import = reptest_in(work, cache, &["import", "spec-test", spec_tests, "--out", "imported"]);
    assert_eq!(import.status.code(), Some(0), "{}", shown(&import));
    let baseline = reptest_in(work, cache, &["baseline", "--impl", "rep-rfc", "--out", "expected.txt"]);
    assert_eq!(baseline.status.code(), Some(0), "{}", shown(&baseline));
    for written in ["suite.json", "expected.txt"] {
        assert!(work.join(written).is_file(), "{written}");
    }
    assert!(work.join("imported").is_dir());

    let after: Vec<_> = watched.iter().map(|dir| snapshot(dir)).collect();
    for ((dir, before), after) in watched.iter().zip(&before).zip(&after) {
        assert!(before == after, "{} changed", dir.display());
    }
}

#[test]
fn a_name_that_is_a_path_is_refused_before_anything_is_written() {
    let (work, cache) = (scratch("name"), scratch("name-cache"));
    let (work, cache) = (work.path(), cache.path());
    let refused = reptest_in(
        work,
        cache,
        &[
            "report",
            "--built-in-only",
            "--suite-only",
            "--out",
            "out",
            "--command",
            "true %robots%",
            "--name",
            "../../escaped",
        ],
    );
    assert_eq!(refused.status.code(), Some(2), "{}", shown(&refused));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("--name") && stderr.contains("`../../escaped`") && stderr.contains("plain name"),
        "{stderr}"
    );
    assert_eq!(snapshot(work).len(), 0, "nothing written");
}

const CASE_FILE: &str = "source: a test of page names
cases:
  - name: root-is-disallowed
    why: Disallow / covers every path.
    robots: \"User-agent: *\\nDisallow: /\\n\"
    checks:
      - { name: x, agent: FooBot, url: \"https://example.com/x\", expect: disallowed }
";

#[test]
fn two_case_files_with_one_page_name_are_refused_both_named() {
    let (suite, cache) = (scratch("pages"), scratch("pages-cache"));
    for name in ["x y.yaml", "x~y.yaml"] {
        std::fs::write(suite.path().join(name), CASE_FILE).expect("written");
    }
    let dir = suite.path().to_str().expect("a UTF-8 path");
    let refused = reptest_in(
        suite.path(),
        cache.path(),
        &["run", "--impl", "rep-rfc", "--cases", dir],
    );
    assert_eq!(refused.status.code(), Some(2), "{}", shown(&refused));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("x y.yaml")
            && stderr.contains("x~y.yaml")
            && stderr.contains("case/x~y~root-is-disallowed.html"),
        "{stderr}"
    );
    std::fs::remove_file(suite.path().join("x y.yaml")).expect("removed");
    let alone = reptest_in(
        suite.path(),
        cache.path(),
        &["run", "--impl", "rep-rfc", "--cases", dir],
    );
    assert_eq!(alone.status.code(), Some(0), "one of them loads: {}", shown(&alone));
}

#[test]
fn yaml_nested_200k_deep_is_refused_naming_the_file_and_the_limit() {
    let (suite, cache) = (scratch("deep"), scratch("deep-cache"));
    let levels = 200_000;
    let deep = format!("source: deep\ncases: {}{}\n", "[".repeat(levels), "]".repeat(levels));
    let file = suite.path().join("deep.yaml");
    std::fs::write(&file, deep).expect("written");
    let path = file.to_str().expect("a UTF-8 path");
    let refused = reptest_in(
        suite.path(),
        cache.path(),
        &["run", "--impl", "rep-rfc", "--cases", path],
    );
    assert_eq!(refused.status.code(), Some(2), "{}", shown(&refused));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains(&format!("{path}:2:")) && stderr.contains("nested more than 64 levels deep"),
        "{stderr}"
    );
}
