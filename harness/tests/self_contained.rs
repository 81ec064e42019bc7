//! An installed `reptest` needs nothing of the tree it was built from: run
//! from a fresh directory outside any checkout, with the cache pointed at a
//! fresh directory, `export`, `adapters list`, `check --all`, `run` and
//! `adapters verify` do what they do there, the bundled adapters run from
//! the copies built into the binary, and nothing is written anywhere but the
//! current directory and the cache: not the checkout, not the home cache
//! (`XDG_CACHE_HOME`), not the temporary directory.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::SystemTime;

/// The places one run may and may not write.
struct Sandbox {
    /// The current directory: outside any checkout.
    cwd: tempfile::TempDir,
    /// `REP_CACHE_DIR`.
    cache: tempfile::TempDir,
    /// `XDG_CACHE_HOME`, which `REP_CACHE_DIR` overrides: must stay empty.
    xdg: tempfile::TempDir,
    /// `TMPDIR`: whatever reptest puts there, it removes.
    tmp: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        let sandbox = Sandbox {
            cwd: tempfile::tempdir().expect("a temporary directory"),
            cache: tempfile::tempdir().expect("a temporary directory"),
            xdg: tempfile::tempdir().expect("a temporary directory"),
            tmp: tempfile::tempdir().expect("a temporary directory"),
        };
        let cwd = sandbox.cwd.path().canonicalize().expect("it exists");
        let checkout = cwd
            .ancestors()
            .find(|up| up.join("cases/CHANGES.md").is_file() && up.join("harness").is_dir());
        assert!(
            checkout.is_none(),
            "{} lies inside the checkout {checkout:?}",
            cwd.display()
        );
        sandbox
    }

    fn reptest(&self, args: &[&str]) -> Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_reptest"))
            .current_dir(self.cwd.path())
            .args(args)
            .env("REP_CACHE_DIR", self.cache.path())
            .env("XDG_CACHE_HOME", self.xdg.path())
            .env("TMPDIR", self.tmp.path())
            .output()
            .expect("reptest starts")
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every file under `dir` with its size and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (u64, Option<SystemTime>)> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let Ok(metadata) = entry.metadata() else { continue };
            if metadata.is_dir() {
                pending.push(path);
            } else {
                files.insert(path, (metadata.len(), metadata.modified().ok()));
            }
        }
    }
    files
}

fn names_under(dir: &Path) -> Vec<PathBuf> {
    snapshot(dir).into_keys().collect()
}

#[test]
fn from_an_empty_directory_every_command_runs_on_what_is_built_in_and_writes_only_there_and_to_the_cache() {
    let sandbox = Sandbox::new();
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let watched = ["cases", "reports", "harness/adapters", "tools"].map(|dir| checkout.join(dir));
    let before: Vec<_> = watched.iter().map(|dir| snapshot(dir)).collect();

    let export = sandbox.reptest(&["export", "--out", "suite.json"]);
    assert_eq!(export.status.code(), Some(0), "{}", text(&export.stderr));
    let suite: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sandbox.cwd.path().join("suite.json")).expect("written")).expect("JSON");
    assert!(
        suite["checks"].as_array().is_some_and(|checks| checks.len() > 700),
        "{}",
        text(&export.stderr)
    );

    let list = sandbox.reptest(&["adapters", "list"]);
    let listed = text(&list.stdout);
    assert_eq!(list.status.code(), Some(0), "{listed}{}", text(&list.stderr));
    let robotparser = listed
        .lines()
        .find(|line| line.starts_with("cpython-robotparser "))
        .expect("listed");
    assert!(robotparser.contains("installed: urllib.robotparser"), "{listed}");
    let protego = listed
        .lines()
        .find(|line| line.starts_with("protego "))
        .expect("listed");
    let install_dir = sandbox.cache.path().join("adapters").join("protego");
    assert!(protego.contains(&install_dir.display().to_string()), "{listed}");

    std::fs::write(sandbox.cwd.path().join("robots.txt"), "User-agent: *\nDisallow: /x\n").expect("written");
    let all = sandbox.reptest(&[
        "check",
        "--all",
        "--robots",
        "robots.txt",
        "--agent",
        "FooBot",
        "https://example.com/x",
    ]);
    let table = text(&all.stdout);
    assert_eq!(all.status.code(), Some(0), "{table}{}", text(&all.stderr));
    let row = table
        .lines()
        .find(|line| line.trim_start().starts_with("cpython-robotparser "))
        .unwrap_or_else(|| panic!("the Python standard library's parser answered:\n{table}"));
    assert!(row.contains("disallowed"), "{table}");

    let run = sandbox.reptest(&["run", "--impl", "rep-rfc", "--quiet"]);
    assert_eq!(run.status.code(), Some(0), "{}{}", text(&run.stdout), text(&run.stderr));

    let verify = sandbox.reptest(&["adapters", "verify", "protego"]);
    let said = text(&verify.stderr);
    assert_eq!(verify.status.code(), Some(1), "{said}");
    assert!(
        said.contains("reports/report.json does not exist: write it with `reptest report`"),
        "{said}"
    );

    // Outside a checkout a partial report is the current directory's own.
    let report = sandbox.reptest(&["report", "--only", "cpython-robotparser", "--suite-only", "--quiet"]);
    assert_eq!(report.status.code(), Some(0), "{}", text(&report.stderr));
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sandbox.cwd.path().join("reports/report.json")).expect("written"))
            .expect("JSON");
    assert!(
        written.to_string().contains("cpython-robotparser"),
        "the report names the parser it ran"
    );

    // The adapters ran from the copies built in, written into the cache.
    let copies = names_under(&sandbox.cache.path().join("adapter-files"));
    assert!(
        copies.iter().any(|path| path.ends_with("python_robotparser.py")),
        "{copies:?}"
    );
    // Nothing else was written anywhere.
    assert_eq!(names_under(sandbox.xdg.path()), Vec::<PathBuf>::new());
    assert_eq!(names_under(sandbox.tmp.path()), Vec::<PathBuf>::new());
    let here = names_under(sandbox.cwd.path());
    let expected: Vec<PathBuf> = [
        "reports/conformance.md",
        "reports/report.json",
        "reports/report.schema.json",
        "robots.txt",
        "suite.json",
    ]
    .iter()
    .map(|name| sandbox.cwd.path().join(name))
    .collect();
    assert_eq!(here, expected);
    for (dir, before) in watched.iter().zip(before) {
        assert!(snapshot(dir) == before, "{} changed", dir.display());
    }
}

#[test]
fn in_a_checkout_a_partial_report_needs_a_directory_of_its_own() {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_reptest"))
        .current_dir(&checkout)
        .args(["report", "--only", "protego"])
        .output()
        .expect("reptest starts");
    let said = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{said}");
    assert!(
        said.contains("--only writes a partial matrix: give it a directory with --out"),
        "{said}"
    );
}
