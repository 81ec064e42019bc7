//! The `reptest` binary: exit statuses, streams and the check modes.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn fixtures(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
        .display()
        .to_string()
}

fn reptest(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("reptest starts");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn run_exits_zero_when_every_claimed_expectation_holds() {
    let out = reptest(&["run", "--cases", &fixtures("valid")], b"");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("rep-rfc         rfc    *"), "{stdout}");
    assert!(stdout.contains("OK: every implementation meets"), "{stdout}");
    // Not a terminal: no progress on stderr.
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn run_exits_one_when_an_implementation_misses_its_claimed_profile() {
    // `true` allows everything, so every disallowed rfc expectation is missed.
    let out = reptest(
        &[
            "run",
            "--cases",
            &fixtures("valid/basic.yaml"),
            "--command",
            "true",
            "--name",
            "yes-man",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("MISS basic/longest-match-wins/archive-x"), "{stdout}");
    assert!(stdout.contains("yes-man"), "{stdout}");
    // Google's parser on the same kind of files meets every google expectation.
    let out = reptest(&["run", "--cases", &fixtures("valid"), "--impl", "google"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn malformed_cases_stop_the_run_before_anything_executes() {
    let out = reptest(
        &["run", "--cases", &fixtures("valid"), "--cases", &fixtures("malformed")],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "", "nothing ran, nothing reported");
    let stderr = text(&out.stderr);
    // Each malformed fixture holds exactly one problem, and every one is reported.
    let malformed_files = std::fs::read_dir(fixtures("malformed"))
        .expect("fixtures/malformed")
        .filter(|entry| {
            entry
                .as_ref()
                .is_ok_and(|entry| entry.path().extension().is_some_and(|ext| ext == "yaml"))
        })
        .count();
    assert_eq!(
        stderr.lines().filter(|line| line.contains(".yaml:")).count(),
        malformed_files,
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "{malformed_files} problem(s) in the cases given with --cases ({}, {}); nothing was run.",
            fixtures("valid"),
            fixtures("malformed")
        )),
        "{stderr}"
    );
}

#[test]
fn usage_errors_and_help() {
    let out = reptest(&["run", "--format", "xml"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--format must be table, json, junit or markdown"));
    let out = reptest(&["run", "--impl", "nope"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = reptest(&["bogus"], b"");
    assert_eq!(out.status.code(), Some(2));
    for args in [&["--help"][..], &["run", "--help"], &["check", "--help"]] {
        let out = reptest(args, b"");
        assert_eq!(out.status.code(), Some(0));
        assert!(text(&out.stdout).contains("Usage: reptest"), "{args:?}");
    }
}

#[test]
fn filter_and_formats() {
    let out = reptest(
        &[
            "run",
            "--cases",
            &fixtures("valid"),
            "--filter",
            "base64",
            "--format",
            "json",
        ],
        b"",
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["checks_total"], 1);
    assert_eq!(report["checks"][0]["id"], "basic/base64-body/x");
    let out = reptest(&["run", "--cases", &fixtures("valid"), "--filter", "no-such-case"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn filter_takes_a_check_id_and_tags_select_checks() {
    let fixtures_dir = fixtures("valid/basic.yaml");
    let ids = |args: &[&str]| -> Vec<String> {
        let mut argv = vec!["run", "--cases", &fixtures_dir, "--impl", "rep-rfc", "--format", "json"];
        argv.extend_from_slice(args);
        let out = reptest(&argv, b"");
        let report: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{args:?}: {}", text(&out.stderr)));
        report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|check| check["id"].as_str().unwrap().to_string())
            .collect()
    };
    // A whole check id selects that check alone; a case id, all of its checks.
    assert_eq!(
        ids(&["--filter", "basic/longest-match-wins/archive-x"]),
        ["basic/longest-match-wins/archive-x"]
    );
    assert_eq!(
        ids(&[
            "--filter",
            "longest-match-wins",
            "--exclude",
            "basic/longest-match-wins/archive-x"
        ]),
        ["basic/longest-match-wins/archive-public"]
    );
    let fetch = ids(&["--tags", "fetch"]);
    assert_eq!(fetch.len(), 4, "{fetch:?}");
    assert!(fetch.iter().all(|id| id.starts_with("basic/fetch-")), "{fetch:?}");
    let rest = ids(&["--exclude-tags", "fetch"]);
    assert!(
        !rest.is_empty() && rest.iter().all(|id| !id.starts_with("basic/fetch-")),
        "{rest:?}"
    );
    assert_eq!(
        ids(&["--tags", "multi-agent,non-utf8-body"]),
        ["basic/escaped-crlf-body/a-ff"]
    );
    let out = reptest(&["run", "--cases", &fixtures_dir, "--tags", "fetching"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("`fetching` is not a tag"),
        "{}",
        text(&out.stderr)
    );
    // The built-in suite without its fetch checks.
    let out = reptest(
        &[
            "run",
            "--impl",
            "rep-rfc",
            "--exclude-tags",
            "fetch",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let checks = report["checks"].as_array().unwrap();
    assert!(checks.len() > 700);
    assert!(checks
        .iter()
        .all(|check| !check["id"].as_str().unwrap().starts_with("fetch/")));
}

#[test]
fn check_explains_each_url() {
    let robots = b"User-agent: *\nDisallow: /private\n";
    let out = reptest(
        &[
            "check",
            "--impl",
            "rep-rfc",
            "--robots",
            "-",
            "--agent",
            "FooBot",
            "https://e.com/private/x",
            "https://e.com/",
        ],
        robots,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].starts_with("https://e.com/private/x: disallowed: line 2"),
        "{stdout}"
    );
    assert!(lines[1].starts_with("https://e.com/: allowed"), "{stdout}");
    let out = reptest(
        &[
            "check", "--impl", "google", "--json", "--robots", "-", "--agent", "FooBot", "/private",
        ],
        robots,
    );
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(answer["allowed"], false);
    assert_eq!(answer["line"], 2);
}

#[test]
fn jsonl_answers_every_line_in_order_and_isolates_bad_lines() {
    let input = concat!(
        r#"{"robots": "User-agent: *\nDisallow: /a\n", "agent": "A", "url": "https://e.com/a"}"#,
        "\n",
        "not json\n",
        r#"{"robots_base64": "VXNlci1hZ2VudDogKgpEaXNhbGxvdzogL2EK", "agents": ["A", "B"], "url": "/b"}"#,
        "\n",
        r#"{"robots": "x", "url": "/"}"#,
        "\n",
        r#"{"robots_base64": "!!", "agent": "A", "url": "/"}"#,
        "\r\n",
        r#"{"robots": "User-agent: *\nDisallow: /a\n", "agent": "A", "url": "/a/b"}"#,
    );
    for implementation in ["rep-rfc", "rep-google", "google"] {
        let out = reptest(&["check", "--jsonl", "--impl", implementation], input.as_bytes());
        // Some lines were errors, so the run as a whole is not a success.
        assert_eq!(out.status.code(), Some(1));
        let answers: Vec<serde_json::Value> = text(&out.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).expect("JSON line"))
            .collect();
        assert_eq!(answers.len(), 6, "{implementation}");
        assert_eq!(
            answers[0],
            serde_json::json!({"allowed": false, "line": 2}),
            "{implementation}"
        );
        assert!(answers[1]["error"].as_str().unwrap().contains("bad request line"));
        // Errors say which stdin line they answer.
        assert!(answers[1]["error"].as_str().unwrap().starts_with("stdin line 2:"));
        assert!(answers[4]["error"].as_str().unwrap().starts_with("stdin line 5:"));
        assert_eq!(
            answers[2],
            serde_json::json!({"allowed": true, "line": null}),
            "{implementation}"
        );
        assert!(answers[3]["error"].as_str().unwrap().contains("agent"));
        assert!(answers[4]["error"].as_str().unwrap().contains("robots_base64"));
        assert_eq!(
            answers[5],
            serde_json::json!({"allowed": false, "line": 2}),
            "{implementation}"
        );
    }
}

#[test]
fn jsonl_answers_an_interactive_client_before_its_input_ends() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(["check", "--jsonl", "--impl", "rep-google"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("reptest starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (sender, answers) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        while stdout.read_line(&mut line).is_ok_and(|n| n > 0) {
            let _ = sender.send(std::mem::take(&mut line));
        }
    });
    for url in ["/a", "/b"] {
        writeln!(
            stdin,
            r#"{{"robots": "User-agent: *\nDisallow: /a\n", "agent": "A", "url": "{url}"}}"#
        )
        .unwrap();
        stdin.flush().unwrap();
        // stdin stays open: the answer must arrive anyway.
        let answer = answers
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("an answer while stdin is open");
        let allowed = url != "/a";
        assert!(answer.contains(&format!("\"allowed\":{allowed}")), "{answer}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn every_subcommand_answers_help_on_stdout_and_version_is_known() {
    for command in ["run", "baseline", "check", "diff", "report", "promote"] {
        let out = reptest(&[command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{command}");
        assert!(text(&out.stdout).contains(&format!("reptest {command}")), "{command}");
        assert_eq!(text(&out.stderr), "", "{command}");
    }
    let out = reptest(&["--version"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("reptest "), "{}", text(&out.stdout));
}

#[test]
fn an_adapter_that_cannot_start_stops_the_run_before_it_begins() {
    let out = reptest(
        &[
            "run",
            "--cases",
            &fixtures("valid"),
            "--adapter",
            "/nonexistent/parser --serve",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("cannot start, so nothing was run"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn a_hung_adapter_is_given_up_after_a_few_timeouts() {
    // Every check of this file hangs the adapter; with a 0.3 s timeout and
    // --max-errors 2, only two checks wait for it and the other eighteen are
    // reported as not run at once.
    let dir = std::env::temp_dir().join(format!("reptest-hang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut cases = String::from("source: hang test\ncases:\n  - name: hangs\n    why: The adapter hangs on every /hang URL.\n    robots: \"User-agent: *\\n\"\n    checks:\n");
    for n in 0..20 {
        cases.push_str(&format!(
            "      - {{ name: hang-{n}, agent: A, url: \"https://example.com/{n}/hang\", expect: allowed }}\n"
        ));
    }
    std::fs::write(dir.join("hang.yaml"), cases).unwrap();
    let adapter = format!("python3 {}", fixtures("flaky_adapter.py"));
    let out = reptest(
        &[
            "run",
            "--cases",
            &dir.display().to_string(),
            "--adapter",
            &adapter,
            "--timeout",
            "0.3",
            "--max-errors",
            "2",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(stdout.matches("MISS hang/hangs/hang-").count(), 2, "{stdout}");
    // The checks not run are one line, with the reason, not eighteen.
    assert!(
        stdout.contains(
            "GIVEN UP flaky_adapter.py: 18 check(s) not run; flaky_adapter.py was given up on after 2 \
             consecutive transport faults (the last: no answer within"
        ),
        "{stdout}"
    );
    assert_eq!(stdout.matches("given up on").count(), 1, "{stdout}");
    // A long error goes on a line of its own, under the mark, never into it.
    assert_eq!(stdout.matches("✗ error (claims rfc)\n").count(), 2, "{stdout}");
    assert!(!stdout.contains("check✗"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
