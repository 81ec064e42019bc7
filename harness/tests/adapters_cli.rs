//! `reptest adapters` and `reptest check --all`, without the network: an
//! empty cache directory, and on PATH a `python3` that sees no
//! site-packages and whose pip always fails, and an `npm` that "installs" a
//! stub of robots-parser (which allows everything) and fails for anything
//! else. Both log the arguments they were given.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A scratch directory of its own for one test, removed when done.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("reptest-adapters-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("bin")).expect("scratch directory");
        Scratch(dir)
    }

    fn cache(&self) -> PathBuf {
        self.0.join("cache")
    }

    fn log(&self) -> PathBuf {
        self.0.join("installers.log")
    }

    /// Puts the fake installers into `bin/`.
    fn with_fake_installers(self) -> Scratch {
        let python = real_program("python3");
        write_script(
            &self.0.join("bin/python3"),
            &format!(
                r#"#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  echo "python3 $*" >> "$FAKE_LOG"
  echo "Collecting the package"
  echo "ERROR: No matching distribution found (fake pip)" >&2
  exit 1
fi
# -S: no site-packages, so only what the cache holds is installed.
exec "{}" -S "$@"
"#,
                python.display()
            ),
        );
        write_script(
            &self.0.join("bin/npm"),
            r#"#!/bin/sh
echo "npm $*" >> "$FAKE_LOG"
prefix=""
previous=""
for word in "$@"; do
  [ "$previous" = "--prefix" ] && prefix="$word"
  previous="$word"
done
case "$*" in
  *robots-parser@3.0.1*)
    module="$prefix/node_modules/robots-parser"
    mkdir -p "$module"
    echo '{"name": "robots-parser", "version": "3.0.1", "main": "index.js"}' > "$module/package.json"
    echo 'module.exports = () => ({ isAllowed: () => true, getMatchingLineNumber: () => -1 });' > "$module/index.js"
    echo "added 1 package";;
  *)
    echo "npm ERR! code E404" >&2
    echo "npm ERR! 404 Not Found (fake npm)" >&2
    exit 1;;
esac
"#,
        );
        self
    }

    /// `reptest ARGS` with the fakes first on PATH and the empty cache.
    fn reptest(&self, args: &[&str]) -> Output {
        let path = format!(
            "{}:{}",
            self.0.join("bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Command::new(env!("CARGO_BIN_EXE_reptest"))
            .args(args)
            .env("PATH", path)
            .env("REP_CACHE_DIR", self.cache())
            .env("FAKE_LOG", self.log())
            .env_remove("PYTHON")
            .current_dir(workspace())
            .output()
            .expect("reptest starts")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn workspace() -> PathBuf {
    fs::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR")).join("..")).expect("the workspace root")
}

/// The absolute path of `program` on PATH.
fn real_program(program: &str) -> PathBuf {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("{program} is on PATH (the adapters of Python parsers need it)"))
}

fn write_script(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    fs::write(path, text).expect("script written");
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).expect("script made executable");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `line` with every run of spaces made one (table columns are as wide as
/// their widest cell, which depends on what is installed).
fn words(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The line of `output` that starts with the parser `name` and a space.
fn line_of<'a>(output: &'a str, name: &str) -> &'a str {
    output
        .lines()
        .find(|line| line.trim_start().starts_with(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no line for {name} in:\n{output}"))
}

#[test]
fn list_shows_every_parser_and_how_to_install_the_missing_ones() {
    let scratch = Scratch::new("list").with_fake_installers();
    let out = scratch.reptest(&["adapters", "list"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("name ") && lines[0].ends_with("status"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines.len(),
        1 + 21,
        "a header and one line per bundled parser:\n{stdout}"
    );
    let cache = scratch.cache().display().to_string();
    assert!(
        line_of(&stdout, "cpython-robotparser").contains("installed: urllib.robotparser 3."),
        "{stdout}"
    );
    assert!(
        line_of(&stdout, "protego").ends_with(&format!(
            "not installed; to install: `reptest adapters install protego`, which runs \
             `python3 -m pip install --upgrade --target {cache}/adapters/protego protego==0.7.0`"
        )),
        "{stdout}"
    );
    assert!(
        line_of(&stdout, "robots-txt-guard").contains(&format!(
            "`npm install --prefix {cache}/adapters/robots-txt-guard --no-save --no-package-lock --no-audit \
             --no-fund robots-txt-guard@1.0.2 robots-txt-parse@2.0.1`"
        )),
        "{stdout}"
    );
    // The Rust adapters are built from the crate's copy built into reptest.
    let texting = line_of(&stdout, "texting-robots");
    let (_, manifest) = texting
        .split_once(&format!(
            "`cargo build --release --manifest-path {cache}/adapter-files/"
        ))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        manifest.contains(&format!(
            "/rust-robotstxt/Cargo.toml --target-dir {cache}/adapters/rust`"
        )),
        "{stdout}"
    );
    let reppy = line_of(&stdout, "reppy");
    assert!(
        reppy.contains("reppy  ") && reppy.contains("not available: pip install reppy==0.4.14 fails"),
        "{reppy}"
    );
    assert!(!scratch.log().exists(), "list installs nothing");
}

#[test]
fn install_goes_on_after_a_failure_and_reports_each_parser() {
    let scratch = Scratch::new("install").with_fake_installers();
    let out = scratch.reptest(&["adapters", "install", "robots-parser", "robotspy", "robots-txt-guard"]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "something could not be installed:\n{stdout}{stderr}"
    );
    let cache = scratch.cache().display().to_string();
    // robotspy comes first in the registry and fails; the others still run.
    let robotspy = stdout
        .split("\nrobots-parser ")
        .next()
        .expect("robotspy's part comes first");
    assert!(robotspy.contains("robotspy "), "{stdout}");
    assert!(
        words(robotspy).contains(&format!(
            "FAILED `python3 -m pip install --upgrade --target {cache}/adapters/robotspy robotspy==0.13.0` \
             ended with exit status: 1; its last output:"
        )),
        "{stdout}"
    );
    assert!(
        robotspy.contains("| ERROR: No matching distribution found (fake pip)"),
        "{stdout}"
    );
    assert!(
        words(line_of(&stdout, "robots-parser")) == "robots-parser installed robots-parser 3.0.1",
        "{stdout}"
    );
    assert!(stdout.contains("| npm ERR! 404 Not Found (fake npm)"), "{stdout}");
    let log = fs::read_to_string(scratch.log()).expect("the installers ran");
    assert_eq!(
        log.lines().collect::<Vec<_>>(),
        [
            format!("python3 -m pip install --upgrade --target {cache}/adapters/robotspy robotspy==0.13.0"),
            format!(
                "npm install --prefix {cache}/adapters/robots-parser --no-save --no-package-lock --no-audit \
                 --no-fund robots-parser@3.0.1"
            ),
            format!(
                "npm install --prefix {cache}/adapters/robots-txt-guard --no-save --no-package-lock --no-audit \
                 --no-fund robots-txt-guard@1.0.2 robots-txt-parse@2.0.1"
            ),
        ]
    );
    assert!(
        stderr.contains("3 parser(s) asked for, 0 already there; 3 install step(s) to run"),
        "{stderr}"
    );

    // The second time, what is there is left alone.
    let again = scratch.reptest(&["adapters", "install", "robots-parser"]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert_eq!(
        words(&text(&again.stdout)),
        "robots-parser already there robots-parser 3.0.1"
    );
    assert_eq!(
        fs::read_to_string(scratch.log()).unwrap().lines().count(),
        3,
        "no installer ran again"
    );
}

#[test]
fn install_skips_what_cannot_be_had_and_refuses_unknown_names() {
    let scratch = Scratch::new("skip").with_fake_installers();
    let out = scratch.reptest(&["adapters", "install", "reppy", "cpython-robotparser"]);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "reppy was asked for and cannot be installed:\n{stdout}"
    );
    assert!(words(line_of(&stdout, "reppy")).starts_with("reppy skipped not available: pip install reppy==0.4.14"));
    assert!(words(line_of(&stdout, "cpython-robotparser"))
        .starts_with("cpython-robotparser already there urllib.robotparser 3."));
    let unknown = scratch.reptest(&["adapters", "install", "protgo"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("no bundled parser has the name `protgo`"));
    assert!(!scratch.log().exists(), "nothing was installed");
}

#[test]
fn baseline_writes_what_test_then_holds_the_parser_to() {
    let scratch = Scratch::new("baseline").with_fake_installers();
    let cases = workspace().join("harness/tests/fixtures/valid");
    let cases = cases.to_str().unwrap();
    let expected = scratch.0.join("expected");
    let expected_dir = expected.to_str().unwrap();
    let suite = |action: &str| {
        scratch.reptest(&[
            "adapters",
            action,
            "cpython-robotparser",
            "--cases",
            cases,
            "--expected",
            expected_dir,
        ])
    };

    let missing = suite("test");
    assert_eq!(missing.status.code(), Some(1), "no expected-failures file yet");
    assert!(
        text(&missing.stdout).contains("cannot read"),
        "{}",
        text(&missing.stdout)
    );

    let written = suite("baseline");
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    let file = expected.join("cpython-robotparser.txt");
    let listed = fs::read_to_string(&file).expect("the baseline was written");
    assert!(
        listed.starts_with("# Expected failures of cpython-robotparser (claims rfc)"),
        "{listed}"
    );
    let ids: Vec<&str> = listed
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    // urllib.robotparser reads "Disallow: /a\xFF" as text and cannot take two agents.
    assert!(!ids.is_empty(), "{listed}");

    let passing = suite("test");
    assert_eq!(passing.status.code(), Some(0), "{}", text(&passing.stdout));
    assert!(text(&passing.stdout).contains("OK: "), "{}", text(&passing.stdout));

    // A miss no longer listed, and a listed id that is no check, both fail.
    let changed = listed.replacen(ids[0], "basic/no-such-case/x", 1);
    fs::write(&file, changed).unwrap();
    let failing = suite("test");
    let stdout = text(&failing.stdout);
    assert_eq!(failing.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!("new miss (not in {}): {}", file.display(), ids[0])),
        "{stdout}"
    );
    assert!(stdout.contains("unknown id (no such check in the suite"), "{stdout}");

    // A parser that is not installed fails the test instead of passing it by.
    let absent = scratch.reptest(&[
        "adapters",
        "test",
        "robotspy",
        "--cases",
        cases,
        "--expected",
        expected_dir,
    ]);
    assert_eq!(absent.status.code(), Some(1));
    assert!(
        text(&absent.stdout).starts_with("robotspy: FAILED: not run: "),
        "{}",
        text(&absent.stdout)
    );
}

#[test]
fn check_all_puts_every_parser_side_by_side() {
    let scratch = Scratch::new("check-all").with_fake_installers();
    let install = scratch.reptest(&["adapters", "install", "robots-parser"]);
    assert_eq!(install.status.code(), Some(0), "{}", text(&install.stdout));
    let robots = scratch.0.join("robots.txt");
    fs::write(&robots, "User-agent: *\nDisallow: /private\n").unwrap();
    let robots = robots.to_str().unwrap();
    let out = scratch.reptest(&[
        "check",
        "--all",
        "--robots",
        robots,
        "--agent",
        "FooBot",
        "https://example.com/private/x",
        "https://example.com/public",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let (private, rest) = stdout
        .split_once("\nhttps://example.com/public")
        .expect("one table per URL");
    // The stub robots-parser allows everything: it alone disagrees.
    assert!(
        private.contains("https://example.com/private/x — they disagree: 1 allowed, ")
            && private.contains(" disallowed (allowed: robots-parser)"),
        "{stdout}"
    );
    assert!(
        words(line_of(private, "rep-rfc")) == "rep-rfc built in disallowed 2: Disallow: /private",
        "{stdout}"
    );
    assert!(
        words(line_of(private, "cpython-robotparser")).ends_with(" disallowed not reported"),
        "{stdout}"
    );
    assert_eq!(
        words(line_of(private, "robots-parser")),
        "robots-parser robots-parser 3.0.1 allowed not reported"
    );
    assert!(
        rest.contains(" — all ") && rest.contains(" that gave a verdict agree: allowed"),
        "{stdout}"
    );
    let (_, not_run) = rest.split_once("\nnot run:\n").expect("the parsers not run are listed");
    assert!(
        line_of(not_run, "protego").ends_with("protego 0.7.0 is not installed: run `reptest adapters install protego`"),
        "{stdout}"
    );
    assert!(line_of(not_run, "reppy").contains("not available: "), "{stdout}");
}

#[test]
fn check_all_as_json() {
    let scratch = Scratch::new("check-all-json").with_fake_installers();
    let robots = scratch.0.join("robots.txt");
    fs::write(&robots, "User-agent: *\nDisallow: /private\n").unwrap();
    let out = scratch.reptest(&[
        "check",
        "--all",
        "--json",
        "--robots",
        robots.to_str().unwrap(),
        "--agent",
        "FooBot",
        "--agent",
        "BarBot",
        "https://example.com/private/x",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let document: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(document["agents"], serde_json::json!(["FooBot", "BarBot"]));
    let url = &document["urls"][0];
    assert_eq!(url["url"], "https://example.com/private/x");
    assert_eq!(url["agree"], true, "{url}");
    let answer = |parser: &str| {
        url["answers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|answer| answer["parser"] == parser)
            .unwrap_or_else(|| panic!("{parser} answered: {url}"))
            .clone()
    };
    let rep = answer("rep-rfc");
    assert_eq!(rep["verdict"], "disallowed");
    assert_eq!(rep["line"], 2);
    assert_eq!(rep["line_text"], "Disallow: /private");
    assert_eq!(rep["message"], serde_json::Value::Null);
    // urllib.robotparser has no multi-agent question.
    let cpython = answer("cpython-robotparser");
    assert_eq!(cpython["verdict"], "n/a");
    assert_eq!(cpython["message"], "urllib.robotparser checks one user-agent at a time");
    let not_run = document["not_run"].as_array().unwrap();
    assert!(not_run.iter().any(|parser| parser["parser"] == "reppy"), "{document}");
}

#[test]
fn check_all_takes_no_impl() {
    let scratch = Scratch::new("check-all-usage");
    let out = scratch.reptest(&[
        "check", "--all", "--impl", "rep-rfc", "--robots", "-", "--agent", "A", "/",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--all asks every built-in"),
        "{}",
        text(&out.stderr)
    );
}
