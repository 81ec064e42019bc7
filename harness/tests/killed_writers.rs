//! Killed at random points (SIGKILL, at delays drawn from a fixed seed),
//! `reptest report`, `site`, `diff` and `baseline` never leave a truncated or
//! half-written file: after every kill each file is the one a complete run
//! writes (or the complete run's before it; runs share a SOURCE_DATE_EPOCH,
//! so their stamps agree), the site is whole or absent,
//! every finding is a whole case file; and the next complete run leaves none of
//! the killed runs' temporary files behind. 20 kills in all;
//! `REP_KILL_SEED=N` draws other delays.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A small deterministic generator (xorshift64*), so a failing draw can be replayed.
struct Delays(u64);

impl Delays {
    fn new() -> Delays {
        let seed = std::env::var("REP_KILL_SEED")
            .ok()
            .and_then(|seed| seed.parse().ok())
            .unwrap_or(27u64);
        Delays(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A delay from zero to `most`.
    fn up_to(&mut self, most: Duration) -> Duration {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let draw = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11;
        most.mul_f64(draw as f64 / (1u64 << 53) as f64)
    }
}

fn reptest(dir: &Path, cache: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_reptest"));
    command
        .args(args)
        .current_dir(dir)
        .env("REP_CACHE_DIR", cache)
        .env("SOURCE_DATE_EPOCH", "1767225600")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Runs to the end; returns how long it took.
fn complete(mut command: Command, status: i32) -> Duration {
    let started = Instant::now();
    let output = command.stderr(Stdio::piped()).output().expect("reptest runs");
    assert_eq!(
        output.status.code(),
        Some(status),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    started.elapsed()
}

/// Waits until `child` starts writing into `dir` (an entry appears, goes or
/// is modified: a temporary file or directory, or a file written in place)
/// or ends, then a few milliseconds more.
fn until_it_writes(child: &mut Child, dir: &Path, delays: &mut Delays) {
    let listing = || -> BTreeMap<std::ffi::OsString, Option<std::time::SystemTime>> {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| (entry.file_name(), entry.metadata().and_then(|m| m.modified()).ok()))
            .collect()
    };
    let before = listing();
    while child.try_wait().expect("waitable").is_none() && listing() == before {
        std::thread::sleep(Duration::from_millis(1));
    }
    std::thread::sleep(delays.up_to(Duration::from_millis(20)));
}

fn kill(mut child: Child) {
    // It may have finished already: then there is nothing to kill.
    let _ = child.kill();
    child.wait().expect("reaped");
}

/// Whether a name is one of `reptest`'s temporary names.
fn temporary(name: &str) -> bool {
    name.starts_with(".reptest-") || name.contains(".partial-")
}

/// Every file under `dir` (relative paths) and its bytes, and the
/// temporary files and directories met (not entered).
fn files(dir: &Path) -> (BTreeMap<PathBuf, Vec<u8>>, Vec<PathBuf>) {
    fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>, temporaries: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let relative = path.strip_prefix(root).expect("under the root").to_path_buf();
            if temporary(&entry.file_name().to_string_lossy()) {
                temporaries.push(relative);
            } else if path.is_dir() {
                walk(root, &path, files, temporaries);
            } else {
                files.insert(relative, std::fs::read(&path).expect("readable"));
            }
        }
    }
    let (mut found, mut temporaries) = (BTreeMap::new(), Vec::new());
    walk(dir, dir, &mut found, &mut temporaries);
    (found, temporaries)
}

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("reptest-killed-{name}-"))
        .tempdir()
        .expect("a temporary directory")
}

const REPORT: [&str; 5] = ["report", "--built-in-only", "--suite-only", "--out", "out"];
const SITE: [&str; 5] = ["site", "--report", "out/report.json", "--out", "out/site"];

#[test]
fn a_killed_report_leaves_the_old_files_or_the_new_ones_and_a_whole_site_or_none() {
    let (work, cache) = (scratch("report"), scratch("report-cache"));
    let (work, cache) = (work.path(), cache.path());
    let out = work.join("out");
    let took = complete(reptest(work, cache, &REPORT), 0);
    let site_took = complete(reptest(work, cache, &SITE), 0);
    let (whole, none) = files(&out);
    assert!(none.is_empty(), "{none:?}");
    let site: Vec<&PathBuf> = whole.keys().filter(|path| path.starts_with("site")).collect();
    assert!(site.len() > 300, "the site has a page per case: {}", site.len());
    let mut delays = Delays::new();
    let (mut kills, mut without_site, mut temporaries_seen) = (0, 0, 0);
    for round in 0..6 {
        let command = if round % 3 == 1 { &SITE } else { &REPORT };
        let mut child = reptest(work, cache, command)
            .stderr(Stdio::piped())
            .spawn()
            .expect("reptest starts");
        match round % 3 {
            // Anywhere in the run.
            0 => std::thread::sleep(delays.up_to(took.mul_f64(1.1))),
            // `reptest site`, anywhere in the run or once it starts writing.
            1 if round < 3 => std::thread::sleep(delays.up_to(site_took.mul_f64(1.1))),
            1 => until_it_writes(&mut child, &out, &mut delays),
            // While it writes its first file.
            _ => until_it_writes(&mut child, &out, &mut delays),
        }
        kill(child);
        kills += 1;
        let (found, temporaries) = files(&out);
        temporaries_seen += temporaries.len();
        for (path, bytes) in &found {
            assert!(
                whole.get(path) == Some(bytes),
                "round {round}: {} is not a complete run's",
                path.display()
            );
        }
        let outside_site = |files: &BTreeMap<PathBuf, Vec<u8>>| files.keys().filter(|p| !p.starts_with("site")).count();
        assert_eq!(
            outside_site(&found),
            outside_site(&whole),
            "round {round}: a report file is missing"
        );
        let site_now = found.keys().filter(|path| path.starts_with("site")).count();
        assert!(
            site_now == site.len() || site_now == 0,
            "round {round}: half a site ({site_now} of {})",
            site.len()
        );
        without_site += usize::from(site_now == 0);
    }
    complete(reptest(work, cache, &REPORT), 0);
    complete(reptest(work, cache, &SITE), 0);
    let (after, left) = files(&out);
    assert!(left.is_empty(), "the killed runs' temporaries are cleaned: {left:?}");
    assert!(after == whole);
    eprintln!(
        "report: {kills} kills, {temporaries_seen} temporaries seen after them, {without_site} without a site, none \
         left after the next run"
    );
}

#[test]
fn a_killed_diff_leaves_only_whole_findings() {
    let (work, cache) = (scratch("diff"), scratch("diff-cache"));
    let (work, cache) = (work.path(), cache.path());
    let findings = work.join("findings");
    let diff = |seed: &str, max: &str| {
        let args = [
            "diff",
            "--impl",
            "rep-rfc",
            "--command",
            "false %robots%",
            "--seconds",
            "60",
            "--threads",
            "1",
            "--seed",
            seed,
            "--findings",
            "findings",
            "--max-findings",
            max,
        ];
        reptest(work, cache, &args)
    };
    let interrupt = |child: &Child| {
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    };
    let mut delays = Delays::new();
    let (mut kills, mut temporaries_seen) = (0, 0);
    for round in 0..7 {
        let child = diff(&round.to_string(), "20").spawn().expect("reptest starts");
        std::thread::sleep(Duration::from_millis(300) + delays.up_to(Duration::from_millis(700)));
        // SIGINT ends the run and starts the writing of findings; SIGKILL lands in it.
        interrupt(&child);
        std::thread::sleep(delays.up_to(Duration::from_millis(1500)));
        kill(child);
        kills += 1;
        let (found, temporaries) = files(&findings);
        temporaries_seen += temporaries.len();
        for (path, bytes) in &found {
            assert!(
                path.extension().is_some_and(|extension| extension == "yaml"),
                "{}",
                path.display()
            );
            assert!(bytes.ends_with(b"\n"), "round {round}: {} is cut short", path.display());
            // A whole finding is a whole case file: its source, down to the last line (`rfc:`).
            let finding: serde_yaml::Value = serde_yaml::from_slice(bytes)
                .unwrap_or_else(|error| panic!("round {round}: {} is not YAML: {error}", path.display()));
            let check = &finding["cases"][0]["checks"][0];
            assert!(
                finding["source"].is_string() && check["url"].is_string() && check["rfc"].is_string(),
                "round {round}: {} is not a whole finding",
                path.display()
            );
        }
    }
    let child = diff("99", "2").spawn().expect("reptest starts");
    std::thread::sleep(Duration::from_millis(500));
    interrupt(&child);
    let status = child.wait_with_output().expect("reaped").status;
    assert_eq!(status.code(), Some(130), "interrupted, the findings so far kept");
    let (found, left) = files(&findings);
    assert!(!found.is_empty());
    assert!(left.is_empty(), "the killed runs' temporaries are cleaned: {left:?}");
    eprintln!(
        "diff: {kills} kills, {temporaries_seen} temporaries seen after them, {} findings, none left",
        found.len()
    );
}

#[test]
fn a_killed_baseline_leaves_the_old_file_whole() {
    let (work, cache) = (scratch("baseline"), scratch("baseline-cache"));
    let (work, cache) = (work.path(), cache.path());
    let args = ["baseline", "--command", "true %robots%", "--out", "expected.txt"];
    let took = complete(reptest(work, cache, &args), 0);
    let whole = std::fs::read(work.join("expected.txt")).expect("written");
    assert!(
        whole.ends_with(b"\n") && whole.len() > 1000,
        "always-allowed misses many checks"
    );
    let mut delays = Delays::new();
    let (mut kills, mut temporaries_seen) = (0, 0);
    for round in 0..7 {
        let mut child = reptest(work, cache, &args).spawn().expect("reptest starts");
        if round % 2 == 0 {
            std::thread::sleep(delays.up_to(took.mul_f64(1.1)));
        } else {
            until_it_writes(&mut child, work, &mut delays);
        }
        kill(child);
        kills += 1;
        let (found, temporaries) = files(work);
        temporaries_seen += temporaries.len();
        assert_eq!(
            found.keys().collect::<Vec<_>>(),
            [Path::new("expected.txt")],
            "round {round}"
        );
        assert!(
            found[Path::new("expected.txt")] == whole,
            "round {round}: expected.txt is not whole"
        );
    }
    complete(reptest(work, cache, &args), 0);
    let (_, left) = files(work);
    assert!(left.is_empty(), "the killed runs' temporaries are cleaned: {left:?}");
    eprintln!("baseline: {kills} kills, {temporaries_seen} temporaries seen after them, none left");
}
