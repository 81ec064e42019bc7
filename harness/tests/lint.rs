//! `reptest lint`: the findings of a crafted file against test doubles, the
//! SARIF log against the SARIF 2.1.0 schema, the JSON against its own
//! schema, hostile input, and URL mode over real HTTP against a local
//! server that serves every case of `cases/fetch/` it can.

use rep_core::case::{embedded, Case, Expect, ProfileId};
use rep_core::implementation::split_command;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

fn reptest(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("reptest starts");
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn double() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/lint_double_adapter.py")
        .display()
        .to_string()
}

/// A file with one line each for a parser that reads `$` as a plain
/// character, one that applies a group named anywhere in the agent, and one
/// that splits lines at LF only.
const CRAFTED: &[u8] = b"User-agent: *\nDisallow: /a$\nDisallow: /b\n\nUser-agent: Googlebot\nDisallow: /private\n\nUser-agent: Slurp\rDisallow: /slurp\r";

/// The three test doubles as `--adapter` flags, each named for its behaviour.
fn doubles() -> Vec<String> {
    let mut flags = Vec::new();
    for (mode, name) in [
        ("dollar-literal", "double-dollar"),
        ("agent-substring", "double-substring"),
        ("lf-only", "double-lf"),
    ] {
        flags.extend([
            "--adapter".to_string(),
            format!("python3 {} {mode}", double()),
            "--name".to_string(),
            name.to_string(),
        ]);
    }
    flags
}

fn lint_json(file: &Path, extra: &[&str]) -> Value {
    let mut args: Vec<String> = ["lint", "--no-bundled", "--format", "json"].map(String::from).to_vec();
    args.extend(doubles());
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push(file.display().to_string());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = reptest(&args, b"");
    assert!(out.status.code().is_some_and(|code| code < 2), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("lint --format json writes JSON")
}

fn crafted_file(dir: &Path) -> PathBuf {
    let path = dir.join("robots.txt");
    std::fs::write(&path, CRAFTED).unwrap();
    path
}

#[test]
fn a_crafted_file_yields_exactly_the_misread_lines_and_the_parsers_that_misread_them() {
    let dir = tempfile::tempdir().unwrap();
    let file = crafted_file(dir.path());
    let report = lint_json(&file, &[]);
    let found: BTreeSet<(Vec<u64>, Vec<String>, String)> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|finding| finding["rule"] == "disagreement")
        .map(|finding| {
            let lines = finding["lines"].as_array().unwrap();
            let readings = finding["disagreement"]["readings"].as_array().unwrap();
            assert_eq!(readings.len(), 1, "{finding:#}");
            let parsers = readings[0]["parsers"].as_array().unwrap();
            (
                lines.iter().map(|line| line["number"].as_u64().unwrap()).collect(),
                parsers.iter().map(|p| p.as_str().unwrap().to_string()).collect(),
                readings[0]["because"]["id"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let expected: BTreeSet<(Vec<u64>, Vec<String>, String)> = [
        (vec![2], "double-dollar", "no-end-anchor"),
        (vec![5], "double-substring", "agent-substring"),
        (vec![8, 9], "double-lf", "lf-only"),
    ]
    .into_iter()
    .map(|(lines, parser, because)| (lines, vec![parser.to_string()], because.to_string()))
    .collect();
    assert_eq!(found, expected, "{report:#}");
}

#[test]
fn every_example_asks_again_with_check_all_and_shows_the_same_split() {
    let dir = tempfile::tempdir().unwrap();
    let file = crafted_file(dir.path());
    let report = lint_json(&file, &[]);
    let findings = report["findings"].as_array().unwrap();
    assert!(!findings.is_empty());
    for finding in findings.iter().filter(|f| f["rule"] == "disagreement") {
        let disagreement = &finding["disagreement"];
        let majority = disagreement["majority"]["allowed"].as_bool().unwrap();
        for reading in disagreement["readings"].as_array().unwrap() {
            let command = reading["example"]["recheck"].as_str().unwrap();
            let words = split_command(command).expect("a command line");
            assert_eq!(&words[..3], ["reptest", "check", "--all"], "{command}");
            let mut args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            args.push("--json");
            let out = reptest(&args, b"");
            let asked: Value = serde_json::from_slice(&out.stdout).expect("check --all --json");
            let verdicts: Vec<(String, String)> = asked["urls"][0]["answers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| {
                    (
                        a["parser"].as_str().unwrap().into(),
                        a["verdict"].as_str().unwrap().into(),
                    )
                })
                .collect();
            let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
            for parser in reading["parsers"].as_array().unwrap() {
                let said = verdicts.iter().find(|(name, _)| name == parser.as_str().unwrap());
                assert_eq!(
                    said.map(|s| s.1.as_str()),
                    Some(word(!majority)),
                    "{command}: {verdicts:?}"
                );
            }
            for name in ["rep-rfc", "rep-google"] {
                let said = verdicts.iter().find(|(n, _)| n == name);
                assert_eq!(
                    said.map(|s| s.1.as_str()),
                    Some(word(majority)),
                    "{command}: {verdicts:?}"
                );
            }
        }
    }
}

#[test]
fn the_json_output_validates_against_its_schema_and_the_exit_status_follows_fail_on() {
    let dir = tempfile::tempdir().unwrap();
    let file = crafted_file(dir.path());
    let report = lint_json(&file, &[]);
    let schema: Value = serde_json::from_slice(&reptest(&["lint", "--schema"], b"").stdout).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let errors: Vec<String> = validator.iter_errors(&report).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(report["summary"]["warnings"], 3, "{report:#}");
    let path = file.display().to_string();
    let mut args: Vec<String> = ["lint", "--no-bundled", "--format", "markdown"]
        .map(String::from)
        .to_vec();
    args.extend(doubles());
    let status = |fail_on: &str| {
        let mut args = args.clone();
        args.extend(["--fail-on".to_string(), fail_on.to_string(), path.clone()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        reptest(&args, b"").status.code()
    };
    assert_eq!(status("error"), Some(0), "three warnings and no error");
    assert_eq!(status("warning"), Some(1));
}

/// The SARIF 2.1.0 schema as the `serde-sarif` crate ships it (its types are
/// generated from it), found through `cargo metadata` and pinned here.
fn sarif_schema() -> Value {
    const SHA256: &str = "af47e7b67f24efe74076621fd3a5fbe7398add9e84fe820c971219a385895cea";
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let rustc = Command::new("rustc").arg("-vV").output().expect("rustc runs");
    let host = text(&rustc.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: ").map(str::to_string))
        .expect("rustc names its host");
    // The host's packages only: those of other platforms need not be downloaded.
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--filter-platform",
            &host,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata: {}", text(&out.stderr));
    let metadata: Value = serde_json::from_slice(&out.stdout).unwrap();
    let manifest = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|package| package["name"] == "serde-sarif")
        .and_then(|package| package["manifest_path"].as_str())
        .expect("serde-sarif is a dependency");
    let path = Path::new(manifest).with_file_name("src").join("schema.json");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let digest: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(digest, SHA256, "{} is not the pinned SARIF schema", path.display());
    serde_json::from_slice(&bytes).unwrap()
}

/// Replaces every `pattern` of `schema` equal to `from` by `to`; how many.
fn replace_pattern(schema: &mut Value, from: &str, to: &str) -> usize {
    match schema {
        Value::Object(map) => map
            .iter_mut()
            .map(|(key, value)| {
                if key == "pattern" && value == from {
                    *value = to.into();
                    1
                } else {
                    replace_pattern(value, from, to)
                }
            })
            .sum(),
        Value::Array(items) => items.iter_mut().map(|item| replace_pattern(item, from, to)).sum(),
        _ => 0,
    }
}

#[test]
fn the_sarif_log_validates_against_the_sarif_2_1_0_schema() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("robots.txt");
    // Disagreements, a misspelling Google reads, an orphan rule and an unknown key.
    std::fs::write(&file, [CRAFTED, b"\nDisalow: /x\nFoo: bar\n"].concat()).unwrap();
    let mut args: Vec<String> = [
        "lint",
        "--no-bundled",
        "--format",
        "sarif",
        "--artifact",
        "public/robots.txt",
    ]
    .map(String::from)
    .to_vec();
    args.extend(doubles());
    args.push(file.display().to_string());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = reptest(&args, b"");
    let log: Value = serde_json::from_slice(&out.stdout).expect("SARIF is JSON");
    let mut schema = sarif_schema();
    // The published schema's `language` patterns have a stray `]` that the
    // meta-schema's regex check refuses; they are the only patterns changed
    // (to the two-letter language tags they describe), and no log of ours
    // has that field.
    assert!(
        replace_pattern(
            &mut schema,
            "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$",
            "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$"
        ) >= 1
    );
    let validator = jsonschema::validator_for(&schema).expect("the SARIF schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(
        !validator.is_valid(&broken),
        "the schema refuses a level SARIF does not have"
    );
    let results = log["runs"][0]["results"].as_array().unwrap();
    let rules: BTreeSet<&str> = results.iter().map(|r| r["ruleId"].as_str().unwrap()).collect();
    assert!(
        ["disagreement", "misspelled-key", "unknown-key"]
            .iter()
            .all(|rule| rules.contains(rule)),
        "{rules:?}"
    );
    for result in results {
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], "public/robots.txt");
        assert!(
            location["region"]["startLine"].as_u64().is_some_and(|n| n >= 1),
            "{result:#}"
        );
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(log["runs"][0]["tool"]["driver"]["rules"][index]["id"], result["ruleId"]);
    }
}

#[test]
fn hostile_input_gets_a_clear_message_or_a_report_never_a_hang() {
    let binary: Vec<u8> = (0..=255u8).cycle().take(64 * 1024).collect();
    let out = reptest(&["lint", "--no-bundled", "--format", "json", "-"], &binary);
    assert!(out.status.code().is_some_and(|code| code < 2), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["bytes"], 64 * 1024);
    let deep = "User-agent: *\n".repeat(20_000) + &"Disallow: /a*b*c*d*e*f*g*h*i*j*k$\n".repeat(2_000);
    let out = reptest(&["lint", "--no-bundled", "-"], deep.as_bytes());
    assert!(out.status.code().is_some_and(|code| code < 2), "{}", text(&out.stderr));
    let huge = vec![b'#'; 17 * 1024 * 1024];
    let out = reptest(&["lint", "--no-bundled", "-"], &huge);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("larger than 16 MiB"),
        "{}",
        text(&out.stderr)
    );
    let out = reptest(&["lint", "/no/such/robots.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot read /no/such/robots.txt"),
        "{}",
        text(&out.stderr)
    );
}

/// What the local server answers: hop `n` of `hops` redirects to hop
/// `n + 1`, alternating between two ports (two authorities); the last
/// answers `status` with `body`.
struct Plan {
    ports: [u16; 2],
    redirects: usize,
    status: u16,
    content_type: Option<String>,
    body: Vec<u8>,
}

fn serve(listener: TcpListener, plan: Arc<Plan>) {
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let plan = Arc::clone(&plan);
            std::thread::spawn(move || answer(stream, &plan));
        }
    });
}

fn answer(mut stream: TcpStream, plan: &Plan) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request = String::new();
    let _ = reader.read_line(&mut request);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
            break;
        }
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let hop: usize = path.strip_prefix("/hop/").and_then(|n| n.parse().ok()).unwrap_or(0);
    let mut head = String::new();
    let body: &[u8] = if hop < plan.redirects {
        let port = plan.ports[(hop + 1) % 2];
        head.push_str(&format!(
            "HTTP/1.1 301 Moved\r\nLocation: http://127.0.0.1:{port}/hop/{}\r\n",
            hop + 1
        ));
        b""
    } else {
        head.push_str(&format!("HTTP/1.1 {} Status\r\n", plan.status));
        if let Some(kind) = &plan.content_type {
            head.push_str(&format!("Content-Type: {kind}\r\n"));
        }
        &plan.body
    };
    head.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n\r\n", body.len()));
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
}

/// The finding rules a response calls for, from the case alone.
fn expected_rules(case: &Case) -> BTreeSet<String> {
    let response = case.response.as_ref().unwrap();
    let mut rules = BTreeSet::new();
    if response.redirects > 5 {
        rules.insert("too-many-redirects");
        return rules.into_iter().map(String::from).collect();
    }
    if response.redirects > 0 {
        rules.insert("redirect");
    }
    match response.status {
        None => rules.insert("server-error"),
        Some(429) => rules.insert("client-error"),
        Some(300..=499) => rules.insert("client-error"),
        Some(200..=299) => {
            let plain = response
                .content_type
                .as_deref()
                .is_none_or(|kind| kind.starts_with("text/plain"));
            if !plain {
                rules.insert("content-type");
            }
            if case.body.len() > 500 * 1024 {
                rules.insert("size-limit");
            }
            true
        }
        Some(_) => rules.insert("server-error"),
    };
    rules.into_iter().map(String::from).collect()
}

#[test]
fn url_mode_fetches_every_fetch_case_from_a_local_server() {
    let files = embedded::load().expect("the suite loads");
    let cases: Vec<&Case> = files
        .iter()
        .filter(|file| file.id.starts_with("fetch/"))
        .flat_map(|file| &file.cases)
        // A live server cannot play the past: cases about a cached copy or a
        // file failing for hours are the fetch model's, not a fetch's.
        .filter(|case| {
            case.response
                .as_ref()
                .is_some_and(|r| r.cached.is_none() && r.failing_for_hours.unwrap_or(0) == 0)
        })
        .collect();
    assert!(cases.len() >= 20, "{} fetch cases", cases.len());
    for case in cases {
        let response = case.response.as_ref().unwrap();
        let listeners = [
            TcpListener::bind("127.0.0.1:0").unwrap(),
            TcpListener::bind("127.0.0.1:0").unwrap(),
        ];
        let ports = [0, 1].map(|i| listeners[i].local_addr().unwrap().port());
        let url = match response.status {
            None => {
                // Nothing listens there any more: the connection is refused.
                let closed = TcpListener::bind("127.0.0.1:0").unwrap();
                let port = closed.local_addr().unwrap().port();
                drop(closed);
                format!("http://127.0.0.1:{port}/robots.txt")
            }
            Some(_) => format!("http://127.0.0.1:{}/robots.txt", ports[0]),
        };
        let plan = Arc::new(Plan {
            ports,
            redirects: response.redirects as usize,
            status: response.status.unwrap_or(200),
            content_type: Some(response.content_type.clone().unwrap_or_else(|| "text/plain".into())),
            body: case.body.clone(),
        });
        for listener in listeners {
            serve(listener, Arc::clone(&plan));
        }
        let out = reptest(
            &[
                "lint",
                "--no-bundled",
                "--format",
                "json",
                "--fetch-timeout",
                "10",
                &url,
            ],
            b"",
        );
        assert!(
            out.status.code().is_some_and(|code| code < 2),
            "{}: {}",
            case.id,
            text(&out.stderr)
        );
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        let fetch = &report["fetch"];
        let rules: BTreeSet<String> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["lines"].as_array().unwrap().is_empty())
            .map(|f| f["rule"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(rules, expected_rules(case), "{}: {report:#}", case.id);
        match response.status {
            None => assert!(fetch["status"].is_null() && fetch["failure"].is_string(), "{}", case.id),
            Some(status) if response.redirects <= 5 => {
                assert_eq!(fetch["status"], status, "{}", case.id);
                assert_eq!(
                    fetch["hops"].as_array().unwrap().len(),
                    response.redirects as usize + 1,
                    "{}",
                    case.id
                );
                if (200..300).contains(&status) {
                    let kept = case.body.len().min(500 * 1024);
                    assert_eq!(report["bytes"], kept, "{}", case.id);
                }
            }
            Some(_) => assert_eq!(fetch["hops"].as_array().unwrap().len(), 6, "{}", case.id),
        }
        google_statement_matches_the_case(case, &report);
    }
}

/// Where every check of a failed fetch on the asked authority expects the
/// same verdict under `google`, the finding says Google's crawler does so.
fn google_statement_matches_the_case(case: &Case, report: &Value) {
    let response = case.response.as_ref().unwrap();
    if matches!(response.status, Some(200..=299)) || response.redirects > 5 {
        return;
    }
    let on_site: Vec<Expect> = case
        .checks
        .iter()
        .filter(|check| check.url.starts_with("https://example.com/"))
        .map(|check| check.expect(ProfileId::Google))
        .collect();
    let Some(&first) = on_site.first() else {
        return;
    };
    if on_site.iter().any(|&expect| expect != first) || first == Expect::ImplementationDefined {
        return;
    }
    let said: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["crawlers"].as_array().unwrap())
        .filter(|c| c["crawler"] == "Google's crawler")
        .map(|c| c["does"].as_str().unwrap())
        .collect();
    let wanted = if first == Expect::Allowed {
        "may crawl every URL"
    } else {
        "crawls no URL"
    };
    assert!(
        said.iter().any(|does| does.starts_with(wanted)),
        "{}: Google's crawler {said:?}, the case expects {first:?}",
        case.id
    );
}
