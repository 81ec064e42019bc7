//! What `check` and `run` print of rules, agents, URLs and adapter errors
//! made to hijack a terminal or a page: a carriage return and ANSI codes
//! before a fake `allowed`, BEL, DEL, C1 controls, line breaks, HTML, table
//! pipes and code fences. Every format shows them as text: no control
//! character but the line feeds that lay the output out, and no markup.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const HOSTILE_AGENT: &str = "Foo\r\x1b[2Kallowed";
const HOSTILE_URL: &str = "https://example.com/a\x1b[2K\x07`x`\u{9b}31m\x7f<b>|\u{202e}gpj.exe";

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(path)
}

fn reptest(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .output()
        .expect("reptest runs")
}

/// A body whose rule carries the same bytes, and one that is not UTF-8,
/// written for the test called `test`; its path.
fn hostile_body(test: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{test}.txt"));
    std::fs::write(
        &path,
        b"User-agent: *\nDisallow: /a\x1b[2K\x07`x`\xc2\x9b31m\x7f<b>|\nAllow: /\xff\x1b]8;;https://evil.example/\x1b\\\n",
    )
    .expect("the body is written");
    path.display().to_string()
}

/// `bytes` as text, after checking that it is UTF-8 and holds no control
/// character other than a line feed, and no bidirectional control: nothing
/// in it can act on a terminal or reorder what it shows.
fn inert(what: &str, bytes: &[u8]) -> String {
    let text = std::str::from_utf8(bytes).unwrap_or_else(|e| panic!("{what} is not UTF-8: {e}"));
    let acts = |c: char| (c.is_control() && c != '\n') || rep_core::format::escape::is_bidi_control(c);
    if let Some((at, c)) = text.char_indices().find(|&(_, c)| acts(c)) {
        panic!(
            "{what} carries control character U+{:04X} at byte {at}:\n{text}",
            u32::from(c)
        );
    }
    text.to_string()
}

fn hostile_adapter() -> String {
    format!("python3 {}", fixture("hostile_adapter.py").display())
}

/// `reptest run` of the hostile case with the hostile adapter, in `format`.
fn run_hostile(format: &str) -> Output {
    let cases = fixture("hostile");
    let adapter = hostile_adapter();
    reptest(&[
        "run",
        "--format",
        format,
        "--cases",
        &cases.display().to_string(),
        "--adapter",
        &adapter,
        "--name",
        "hostile",
    ])
}

#[test]
fn check_shows_control_characters_of_rules_agents_and_urls_as_escapes() {
    let path = hostile_body("check_text");
    let out = reptest(&["check", "--robots", &path, "--agent", HOSTILE_AGENT, HOSTILE_URL]);
    let stdout = inert("check's stdout", &out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.starts_with(
            "https://example.com/a\\x1B[2K\\x07`x`\\x9B31m\\x7F<b>|\\u{202E}gpj.exe: disallowed: line 2 `Disallow: /a\\x1B[2K\\x07"
        ),
        "{stdout}"
    );
}

#[test]
fn check_json_escapes_every_control_character_and_keeps_the_value() {
    let path = hostile_body("check_json");
    let out = reptest(&[
        "check",
        "--json",
        "--robots",
        &path,
        "--agent",
        HOSTILE_AGENT,
        HOSTILE_URL,
    ]);
    let stdout = inert("check --json", &out.stdout);
    let answer: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON answer");
    assert_eq!(answer["url"], HOSTILE_URL);
    assert_eq!(answer["allowed"], false);
}

#[test]
fn an_implementation_that_cannot_start_is_told_without_its_escapes() {
    let path = hostile_body("cannot_start");
    let out = reptest(&[
        "check",
        "--command",
        "sh -c 'printf \"\\033[2K\\rallowed\\a\" >&2; exit 7'",
        "--robots",
        &path,
        "--agent",
        "FooBot",
        "https://example.com/",
    ]);
    let stderr = inert("check's stderr", &out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("\\x1B[2K\\rallowed\\x07"), "{stderr}");
}

#[test]
fn a_malformed_case_file_is_told_without_its_escapes() {
    let cases = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-malformed.yaml");
    std::fs::write(
        &cases,
        "source: x\ncases:\n  - name: \"a\\e[2K\\rallowed\"\n    why: w\n    robots: x\n    \
         checks:\n      - { agent: A, url: /, expect: allowed }\n",
    )
    .expect("the case file is written");
    let out = reptest(&["run", "--cases", &cases.display().to_string()]);
    let stderr = inert("run's stderr", &out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("case name `a\\x1B[2K\\rallowed` is not kebab-case"),
        "{stderr}"
    );
}

#[test]
fn run_table_shows_hostile_fields_and_errors_as_text() {
    let out = run_hostile("table");
    let stdout = inert("run's table", &out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("  agent: Foo\\r\\x1B[2Kallowed\n"), "{stdout}");
    assert!(stdout.contains("ValueError: \\x1B[2K\\rallowed\\n<img"), "{stdout}");
    assert!(stdout.contains("| Disallow: /evil\\x1B[2K\\x07|`x`"), "{stdout}");
    assert!(
        !stdout.lines().any(|line| line.trim() == "allowed"),
        "a fake verdict line:\n{stdout}"
    );
}

#[test]
fn run_markdown_keeps_hostile_text_out_of_the_markup() {
    let out = run_hostile("markdown");
    let stdout = inert("run's Markdown", &out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // The error is one list item, its HTML and fence written as text.
    let error = stdout
        .lines()
        .find(|line| line.starts_with("- hostile (claims rfc): "))
        .unwrap_or_else(|| panic!("no answer line:\n{stdout}"));
    assert!(
        error.contains("&lt;img src=x onerror=alert(1)&gt; \\| cell \\| \\`\\`\\` \\[click\\]"),
        "{error}"
    );
    // The body's own fence cannot close the block around it.
    assert!(stdout.contains("\n````text\n"), "{stdout}");
    assert!(!stdout.lines().any(|line| line.starts_with('<')), "{stdout}");
}

#[test]
fn run_json_and_junit_carry_no_raw_control_character() {
    for format in ["json", "junit"] {
        let out = run_hostile(format);
        let stdout = inert(&format!("run --format {format}"), &out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        inert(&format!("run --format {format}'s stderr"), &out.stderr);
    }
}
