//! Spreading work over machines: a corpus split into shards by file name,
//! each shard's result written to a file, and `reptest merge` combining the
//! files into exactly what one unsharded run gives — for the measurements
//! of third-party parsers and for a differential run over a corpus. And what
//! makes merging meaningful: a whole report with a third-party parser
//! (measured, its differences minimised) comes out byte for byte the same
//! from two runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("reptest-shards-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let corpus = dir.join("corpus");
        std::fs::create_dir_all(&corpus).unwrap();
        // A dozen small files with the oddities parsers disagree on.
        let bodies = [
            "User-agent: *\nDisallow: /private\nAllow: /private/public\n",
            "User-agent: FooBot\nDisallow: /*.pdf$\n\nUser-agent: *\nDisallow: /tmp/\n",
            "user-agent: *\ndisalow: /typo\nDisallow: /%62az\n",
            "User-agent: BarBot\r\nDisallow /no-colon\r\nAllow: /index.html\r\n",
            "\u{feff}User-agent: *\nDisallow: /a*b*c\nAllow: /a/b\n",
            "User-agent: *\nDisallow:\n",
            "User-agent: Foo2Bot\nDisallow: /\n",
            "User-agent: *\nDisallow: /robots.txt\nDisallow: /q?x=1\n",
            "Sitemap: https://example.com/s.xml\nUser-agent: *\nAllow: /\nDisallow: /$\n",
            "User-agent: * extra\nDisallow: /star-with-text\n",
            "User-agent: *\nDisallow: /é\nDisallow: /%C3%A9t%C3%A9\n",
            "# only a comment\n",
        ];
        for (n, body) in bodies.iter().enumerate() {
            std::fs::write(corpus.join(format!("site{n:02}.example")), body).unwrap();
        }
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

fn reptest(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .output()
        .expect("reptest runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json(path: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_differential_run_split_in_three_merges_into_the_whole_run() {
    let scratch = Scratch::new("diff");
    let corpus = scratch.path("corpus");
    let run = |shard: &str, out: &str| {
        let done = reptest(&[
            "diff",
            "--impl",
            "rep-rfc",
            "--impl",
            "google",
            "--corpus",
            &corpus,
            "--mutations",
            "3",
            "--shard",
            shard,
            "--partial",
            out,
            "--threads",
            "2",
        ]);
        assert!(matches!(done.status.code(), Some(0 | 1)), "{}", text(&done.stderr));
    };
    run("1/1", &scratch.path("whole.json"));
    for k in 1..=3 {
        run(&format!("{k}/3"), &scratch.path(&format!("part{k}.json")));
    }
    let findings = scratch.path("findings");
    let merged = reptest(&[
        "merge",
        "--out",
        &scratch.path("merged.json"),
        "--findings",
        &findings,
        &scratch.path("part1.json"),
        &scratch.path("part2.json"),
        &scratch.path("part3.json"),
    ]);
    assert!(matches!(merged.status.code(), Some(0 | 1)), "{}", text(&merged.stderr));
    let whole = json(&scratch.path("whole.json"));
    assert!(whole["checks"].as_u64().unwrap() > 100, "{whole}");
    assert!(
        !whole["examples"].as_array().unwrap().is_empty(),
        "rep-rfc and google must disagree somewhere: {whole}"
    );
    assert_eq!(json(&scratch.path("merged.json")), whole);
    assert!(
        text(&merged.stdout).contains("disagreements by class"),
        "{}",
        text(&merged.stdout)
    );
    assert!(
        Path::new(&findings).read_dir().unwrap().next().is_some(),
        "merging wrote findings"
    );
    // Shards that do not make a whole run are refused.
    let incomplete = reptest(&["merge", &scratch.path("part1.json"), &scratch.path("part3.json")]);
    assert_eq!(incomplete.status.code(), Some(1));
    assert!(
        text(&incomplete.stderr).contains("shard 2/3 is missing"),
        "{}",
        text(&incomplete.stderr)
    );
}

#[test]
fn measurements_split_in_two_merge_into_the_whole_run() {
    let scratch = Scratch::new("measure");
    let corpus = scratch.path("corpus");
    let measure = |shard: &str, out: &str| {
        let done = reptest(&[
            "measure",
            "--only",
            "cpython-robotparser",
            "--corpus",
            &corpus,
            "--fuzz-checks",
            "3000",
            "--shard",
            shard,
            "--out",
            out,
        ]);
        assert_eq!(done.status.code(), Some(0), "{}", text(&done.stderr));
    };
    measure("1/1", &scratch.path("whole.json"));
    measure("1/2", &scratch.path("a.json"));
    measure("2/2", &scratch.path("b.json"));
    let merged = reptest(&[
        "merge",
        "--out",
        &scratch.path("merged.json"),
        &scratch.path("a.json"),
        &scratch.path("b.json"),
    ]);
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged.stderr));
    let whole = json(&scratch.path("whole.json"));
    let parser = &whole["parsers"]["cpython-robotparser"]["collected"];
    assert!(
        parser["tallies"]["real-world"]["checks"].as_u64().unwrap() >= 12,
        "{parser}"
    );
    assert!(!parser["groups"].as_array().unwrap().is_empty(), "{parser}");
    assert!(parser["tallies"]["edge"]["checks"].as_u64().unwrap() >= 1, "{parser}");
    assert!(whole["references"]["real-world"].is_array(), "{whole}");
    assert_eq!(json(&scratch.path("merged.json")), whole);
}

#[test]
fn two_reports_with_a_third_party_parser_are_byte_identical() {
    let scratch = Scratch::new("report");
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid");
    let report = |out: &str| {
        let done = reptest(&[
            "report",
            "--only",
            "cpython-robotparser",
            "--cases",
            &cases.display().to_string(),
            "--corpus",
            &scratch.path("corpus"),
            "--fuzz-checks",
            "3000",
            "--out",
            out,
        ]);
        assert_eq!(done.status.code(), Some(0), "{}", text(&done.stderr));
    };
    report(&scratch.path("first"));
    report(&scratch.path("second"));
    for file in ["conformance.md", "report.json", "parsers/cpython-robotparser.md"] {
        // The stamp's time is the one thing two runs may differ in.
        let read = |run: &str| {
            let whole = text(&std::fs::read(Path::new(&scratch.path(run)).join(file)).unwrap());
            let timeless: Vec<&str> = whole
                .lines()
                .filter(|line| !line.contains("\"made\": ") && !line.starts_with("- made: "))
                .collect();
            timeless.join("\n")
        };
        let first = read("first");
        assert!(
            first.contains("cpython-robotparser"),
            "{file} does not mention the parser"
        );
        assert!(first == read("second"), "{file} differs between two runs");
    }
    // The page lists differences, each with its minimised example.
    let page = text(&std::fs::read(Path::new(&scratch.path("first")).join("parsers/cpython-robotparser.md")).unwrap());
    assert!(page.contains("## Distinct differences"), "{page}");
    // Each difference comes with a program calling the library directly, and
    // a library whose documentation names neither profile is judged on none.
    assert!(
        page.contains("Run it (the library called directly, no adapter)"),
        "{page}"
    );
    assert!(page.contains("Stated profile: none stated"), "{page}");
    assert!(page.contains("edge forms of the same files"), "{page}");
    let summary = text(&std::fs::read(Path::new(&scratch.path("first")).join("conformance.md")).unwrap());
    assert!(
        summary.contains("themselves answer differently on: real-world"),
        "{summary}"
    );
}

#[test]
fn your_parser_is_measured_like_a_bundled_one_after_the_self_test() {
    let scratch = Scratch::new("yours");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let cases = root.join("harness/tests/fixtures/valid");
    let mine = format!(
        "python3 {}",
        root.join("harness/adapters/python_robotparser.py").display()
    );
    let allows = format!(
        "python3 {} raises",
        root.join("harness/tests/fixtures/raising_adapter.py").display()
    );
    let out = scratch.path("out");
    let done = reptest(&[
        "report",
        "--built-in-only",
        "--adapter",
        &mine,
        "--name",
        "mine",
        "--adapter",
        &allows,
        "--name",
        "always-allows",
        "--cases",
        &cases.display().to_string(),
        "--corpus",
        &scratch.path("corpus"),
        "--fuzz-checks",
        "300",
        "--out",
        &out,
    ]);
    let stderr = text(&done.stderr);
    assert_eq!(done.status.code(), Some(0), "{stderr}");
    let page = std::fs::read_to_string(Path::new(&out).join("parsers/mine.md")).expect("your parser's page");
    assert!(page.contains("## Distinct differences"), "{page}");
    // An adapter that allows everything fails the self-test's disallowed
    // checks: it is left out of the measurements, with the reason.
    assert!(stderr.contains("always-allows: failed the self-test"), "{stderr}");
    assert!(!Path::new(&out).join("parsers/always-allows.md").exists());
}
