//! How `reptest` reads its command line: usage errors, help, the order of
//! the implementation flags, `--flag=value`, `--quiet` and the version.

use std::path::PathBuf;
use std::process::{Command, Output};

fn fixtures(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
        .display()
        .to_string()
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

#[test]
fn reptest_alone_is_a_usage_error() {
    let out = reptest(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("reptest: give a command: run, baseline, check"),
        "{stderr}"
    );
    assert!(stderr.contains("Try `reptest --help`."), "{stderr}");
    let out = reptest(&["adapters"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("give a command: list, install, baseline, test or verify"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn every_subcommand_shows_its_headings() {
    let pages: [(&[&str], &[&str]); 17] = [
        (&["run"], &["Cases:", "Output:", "Implementations:"]),
        (&["baseline"], &["Cases:", "Implementations:"]),
        (&["check"], &["Input:", "Mode:", "Output:", "Implementations:"]),
        (&["diff"], &["Inputs:", "Run:", "Findings:", "Implementations:"]),
        (
            &["report"],
            &["Cases:", "Parsers:", "Measurements:", "Output:", "Implementations:"],
        ),
        (&["measure"], &["Output:", "Inputs:", "Parsers:"]),
        (&["merge"], &["Arguments:", "Output:"]),
        (&["promote"], &["Arguments:", "Places:"]),
        (&["export"], &["Output:"]),
        (&["import"], &["Arguments:", "Output:"]),
        (&["adapters"], &["Commands:"]),
        (&["adapters", "list"], &["Parsers:"]),
        (&["adapters", "install"], &["Parsers:"]),
        (&["adapters", "baseline"], &["Parsers:", "Suite:"]),
        (&["adapters", "test"], &["Parsers:", "Suite:"]),
        (&["adapters", "verify"], &["Parsers:", "Report:"]),
        (&["site"], &["Options:"]),
    ];
    for (command, headings) in pages {
        let out = reptest(&[command, &["--help"]].concat());
        let shown = command.join(" ");
        assert_eq!(out.status.code(), Some(0), "{shown}");
        assert_eq!(text(&out.stderr), "", "{shown}");
        let help = text(&out.stdout);
        assert!(help.contains(&format!("Usage: reptest {shown}")), "{shown}:\n{help}");
        assert!(help.contains("-q, --quiet"), "{shown}:\n{help}");
        assert!(help.contains("\nExit status: "), "{shown}:\n{help}");
        let mut at = 0;
        for heading in headings {
            let found = help[at..].find(&format!("\n{heading}\n"));
            assert!(found.is_some(), "{shown}: {heading} (in this order):\n{help}");
            at += found.unwrap_or_default() + 1;
        }
    }
    let top = text(&reptest(&["--help"]).stdout);
    for command in ["run", "baseline", "check", "diff", "report", "site", "measure", "merge"] {
        assert!(top.contains(&format!("\n  {command} ")), "{command}:\n{top}");
    }
}

#[test]
fn a_bad_value_is_a_usage_error_naming_its_flag() {
    let cases: [(&[&str], &str); 9] = [
        (&["diff", "--seed", "x"], "--seed takes a number, not `x`"),
        (
            &["run", "--timeout", "0"],
            "--timeout takes a positive number of seconds",
        ),
        (
            &["run", "--timeout=86400"],
            "--timeout takes a positive number of seconds",
        ),
        (
            &["run", "--profile", "nope"],
            "--profile must be rfc or google, not `nope`",
        ),
        (
            &["run", "--exit-allowed", "x"],
            "--exit-allowed takes a whole number, not `x`",
        ),
        (
            &["run", "--impl", "nope"],
            "--impl `nope` is not a built-in implementation",
        ),
        (
            &["measure", "--out", "x", "--fuzz-checks", "5O_000"],
            "--fuzz-checks takes a number, not `5O_000`",
        ),
        (
            &["adapters", "install", "--kind", "conda"],
            "--kind must be pip, npm, cargo, apt or none, not `conda`",
        ),
        (&["diff", "--corpus", "cases", "--shard", "3/2"], "--shard takes K/N"),
    ];
    for (args, message) in cases {
        let out = reptest(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        let command = if args[0] == "adapters" {
            "adapters install"
        } else {
            args[0]
        };
        assert!(
            stderr.starts_with(&format!("reptest {command}: {message}")),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains(&format!("usage: reptest {command}")),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains(&format!("Try `reptest {command} --help`.")),
            "{args:?}: {stderr}"
        );
        assert_eq!(text(&out.stdout), "", "{args:?}");
    }
    let unknown = reptest(&["run", "--filtr", "x"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("unexpected argument `--filtr`; did you mean `--filter`?"));
    let lonely = reptest(&["run", "--name", "x"]);
    assert_eq!(lonely.status.code(), Some(2));
    assert!(text(&lonely.stderr).contains("--name must follow an --adapter or --command"));
}

#[test]
fn name_and_profile_bind_to_the_external_implementation_given_before() {
    let adapter = format!("python3 {}", fixtures("flaky_adapter.py"));
    let out = reptest(&[
        "run",
        "--cases",
        &fixtures("valid/basic.yaml"),
        "--profile=google",
        "--adapter",
        &adapter,
        "--name",
        "first",
        "--command=true",
        "--profile",
        "rfc",
        "--name=second",
        "--format",
        "json",
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let claims: Vec<(String, String)> = report["implementations"]
        .as_array()
        .expect("implementations")
        .iter()
        .map(|implementation| {
            let field = |name: &str| implementation[name].as_str().unwrap_or_default().to_string();
            (field("name"), field("claims"))
        })
        .collect();
    assert_eq!(
        claims,
        [
            ("first".to_string(), "google".to_string()),
            ("second".to_string(), "rfc".to_string())
        ]
    );
}

#[test]
fn quiet_is_taken_anywhere_and_version_names_the_build() {
    for args in [
        &["-q", "run", "--impl", "rep-rfc", "--cases", &fixtures("valid")][..],
        &["run", "--quiet", "--impl=rep-rfc", "--cases", &fixtures("valid")],
    ] {
        let out = reptest(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
    for flag in ["-V", "--version"] {
        let out = reptest(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        let version = text(&out.stdout);
        assert!(
            version.starts_with(&format!("reptest {} (", env!("CARGO_PKG_VERSION"))),
            "{version}"
        );
        assert!(version.contains("Google's parser"), "{version}");
    }
}

#[test]
fn impl_takes_any_name_of_the_lineup_and_says_why_one_cannot_run() {
    // reppy is bundled but its pinned version cannot be installed anywhere,
    // so this holds on every machine: known by name, refused with the reason.
    let out = reptest(&["run", "--impl", "reppy", "--filter", "5.1-example"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("reppy cannot start, so nothing was run: not available"),
        "{}",
        text(&out.stderr)
    );
    let out = reptest(&["run", "--impl", "no-such-parser"]);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("is not a built-in implementation or a bundled parser") && said.contains("protego"),
        "{said}"
    );
}

#[test]
fn adapter_env_reaches_the_external_given_before_and_bad_values_are_named() {
    let robots = std::env::temp_dir().join(format!("reptest-flags-env-{}.txt", std::process::id()));
    std::fs::write(&robots, "User-agent: *\n").unwrap();
    let adapter = format!("python3 {}", fixtures("env_adapter.py"));
    let ask = |extra: &[&str]| {
        let flags = ["check", "--adapter", &adapter];
        let question = [
            "--robots",
            robots.to_str().unwrap(),
            "--agent",
            "A",
            "https://example.com/x",
        ];
        reptest(&[&flags[..], extra, &question].concat())
    };
    assert_eq!(
        text(&ask(&["--adapter-env", "REP_VERDICT=disallowed"]).stdout),
        "https://example.com/x: disallowed\n"
    );
    assert_eq!(text(&ask(&[]).stdout), "https://example.com/x: allowed\n");
    let _ = std::fs::remove_file(&robots);

    for (args, said) in [
        (
            &["run", "--adapter-env", "A=1", "--impl", "rep-rfc"][..],
            "--adapter-env must follow an --adapter or --command",
        ),
        (
            &["run", "--adapter", "x", "--adapter-env", "NOEQUALS"][..],
            "--adapter-env takes NAME=VALUE, not `NOEQUALS`",
        ),
        (
            &["run", "--adapter", "PYTHONPATH=src python3 a.py"][..],
            "not a shell line: `PYTHONPATH=src` would be run as the program; give the variable with \
             --adapter-env PYTHONPATH=src",
        ),
        (
            &["baseline", "--jobs", "0"][..],
            "--jobs takes a number of threads from 1 to 256, not `0`",
        ),
    ] {
        let out = reptest(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(said), "{args:?}: {}", text(&out.stderr));
    }
}
