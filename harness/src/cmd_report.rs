//! `reptest report`: run the whole suite against the built-ins and every
//! third-party parser whose adapter can start here, and write the
//! conformance matrix (`conformance.md`, `conformance.json`) under `reports/`.

use crate::case::{load_paths, ProfileId};
use crate::cli::{default_cases_dir, options_or_exit, Args, UsageError};
use crate::implementation::{self, Adapter, Implementation, BUILT_IN, DEFAULT_TIMEOUT};
use crate::report::conformance::{Conformance, Entry};
use crate::runner;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const HELP: &str = "\
reptest report — regenerate the conformance matrix (every implementation × every case)

Usage: reptest report [OPTIONS]

  --out DIR         where to write conformance.md and conformance.json (default: the workspace's reports/)
  --skip-missing    list a third-party parser whose dependency is missing as \"not run\" instead of failing
  --built-in-only   run only the built-ins (rep-rfc, rep-google, google)
  --cases PATH      a case file or a directory of them (repeatable; default: the workspace's cases/)

Third-party parsers run through the adapters in harness/adapters/; each needs its library
installed (the message for a missing one says how).

Exit status: 0 when the report was written, 1 when a third-party dependency is missing
(without --skip-missing), 2 for a usage error or a malformed case file.
";

/// A third-party parser run through an adapter under `harness/adapters/`.
struct ThirdParty {
    /// The name in the report.
    name: &'static str,
    /// What it is, for the summary table.
    kind: &'static str,
    /// The profile it sets out to follow.
    claims: ProfileId,
    /// The adapter command, relative paths resolved against the workspace root.
    argv: &'static [&'static str],
    /// A command that prints the library and its version, and fails when the
    /// dependency is missing.
    version: &'static [&'static str],
    /// How a missing dependency is named in the message.
    missing: &'static str,
    /// The shell command that installs the dependency, from the workspace root.
    install: Option<&'static str>,
}

const RUST_ADAPTERS: &str = "cargo build --release --manifest-path harness/adapters/rust-robotstxt/Cargo.toml";

/// The third-party parsers, in report order.
const THIRD_PARTY: [ThirdParty; 5] = [
    ThirdParty {
        name: "cpython-robotparser",
        kind: "Python adapter",
        claims: ProfileId::Rfc,
        argv: &["python3", "harness/adapters/python_robotparser.py"],
        version: &[
            "python3",
            "-c",
            "import platform; print('CPython urllib.robotparser ' + platform.python_version())",
        ],
        missing: "python3 not found (install Python 3)",
        install: None,
    },
    ThirdParty {
        name: "protego",
        kind: "Python adapter",
        claims: ProfileId::Rfc,
        argv: &["python3", "harness/adapters/python_protego.py"],
        version: &["python3", "harness/adapters/python_protego.py", "--version"],
        missing: "protego not installed",
        install: Some("pip install protego"),
    },
    ThirdParty {
        name: "robots-parser",
        kind: "Node adapter",
        claims: ProfileId::Rfc,
        argv: &["node", "harness/adapters/node_robots_parser.js"],
        version: &["node", "harness/adapters/node_robots_parser.js", "--version"],
        missing: "robots-parser not installed",
        install: Some("npm install --prefix ~/.cache/rep/node robots-parser"),
    },
    ThirdParty {
        name: "robotstxt-rs",
        kind: "Rust adapter",
        claims: ProfileId::Google,
        argv: &["harness/adapters/rust-robotstxt/target/release/robotstxt-adapter"],
        version: &[
            "harness/adapters/rust-robotstxt/target/release/robotstxt-adapter",
            "--version",
        ],
        missing: "the robotstxt adapter is not built",
        install: Some(RUST_ADAPTERS),
    },
    ThirdParty {
        name: "texting-robots",
        kind: "Rust adapter",
        claims: ProfileId::Rfc,
        argv: &["harness/adapters/rust-robotstxt/target/release/texting-robots-adapter"],
        version: &[
            "harness/adapters/rust-robotstxt/target/release/texting-robots-adapter",
            "--version",
        ],
        missing: "the texting_robots adapter is not built",
        install: Some(RUST_ADAPTERS),
    },
];

/// How long the version probe of one adapter may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(20);

struct Options {
    out: Option<PathBuf>,
    cases: Vec<PathBuf>,
    skip_missing: bool,
    built_in_only: bool,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut options = Options {
        out: None,
        cases: Vec::new(),
        skip_missing: false,
        built_in_only: false,
    };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--out" => options.out = Some(PathBuf::from(args.value("--out")?)),
            "--cases" => options.cases.push(PathBuf::from(args.value("--cases")?)),
            "--skip-missing" => options.skip_missing = true,
            "--built-in-only" => options.built_in_only = true,
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    Ok(Some(options))
}

/// Runs `reptest report` with the arguments after `report`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("report", parse(args), &[HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    let cases_dir = default_cases_dir();
    // Absolute, so adapters start from any directory and links can be worked out.
    let root = cases_dir
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let paths = if options.cases.is_empty() {
        vec![cases_dir]
    } else {
        options.cases.clone()
    };
    let files = match load_paths(&paths) {
        Ok(files) => files,
        Err(errors) => {
            eprint!("{errors}");
            eprintln!(
                "reptest report: {} problem(s) in the case files; nothing was run.",
                errors.0.len()
            );
            return 2;
        }
    };
    let mut entries: Vec<Entry> = BUILT_IN.iter().map(|name| built_in_entry(name)).collect();
    let mut impls: Vec<Box<dyn Implementation>> = BUILT_IN
        .iter()
        .filter_map(|name| implementation::built_in(name))
        .collect();
    if !options.built_in_only {
        let mut missing = Vec::new();
        for party in &THIRD_PARTY {
            match probe(party, &root) {
                Ok(version) => {
                    let argv = resolve(party.argv, &root);
                    impls.push(Box::new(Adapter::new(
                        party.name.into(),
                        argv,
                        party.claims,
                        DEFAULT_TIMEOUT,
                    )));
                    entries.push(third_party_entry(party, Some(version), None));
                }
                Err(detail) => {
                    entries.push(third_party_entry(party, None, Some(party.missing_hint())));
                    missing.push(format!("{}\n  ({detail})", party.missing_hint()));
                }
            }
        }
        if !missing.is_empty() && !options.skip_missing {
            for why in &missing {
                eprintln!("reptest report: {why}");
            }
            eprintln!("reptest report: nothing was written; install the above, or pass --skip-missing to list them as not run.");
            return 1;
        }
    }
    let matrix = runner::run(&files, &impls);
    let out = options.out.unwrap_or_else(|| root.join("reports"));
    if let Err(error) = std::fs::create_dir_all(&out) {
        eprintln!("reptest report: cannot create {}: {error}", out.display());
        return 2;
    }
    let report = Conformance {
        matrix: &matrix,
        entries,
        case_link_prefix: link_prefix(&out, &root),
        reproduce: reproduce_commands(options.built_in_only),
    };
    let written = std::fs::write(out.join("conformance.md"), report.markdown())
        .and_then(|()| std::fs::write(out.join("conformance.json"), report.json()));
    match written {
        Ok(()) => {
            eprintln!(
                "reptest report: wrote {} and {} ({} checks × {} implementations)",
                out.join("conformance.md").display(),
                out.join("conformance.json").display(),
                matrix.rows.len(),
                matrix.impls.len()
            );
            0
        }
        Err(error) => {
            eprintln!(
                "reptest report: cannot write the report under {}: {error}",
                out.display()
            );
            2
        }
    }
}

fn built_in_entry(name: &str) -> Entry {
    let (kind, version, claims) = match name {
        "google" => (
            "built-in: Google's C++ parser (reference/)",
            google_version(),
            ProfileId::Google,
        ),
        "rep-google" => ("built-in: this repository's matcher", None, ProfileId::Google),
        _ => ("built-in: this repository's matcher", None, ProfileId::Rfc),
    };
    Entry {
        name: name.to_string(),
        kind: kind.to_string(),
        version,
        claims,
        not_run: None,
    }
}

/// The `name-version` directory Google's source was unpacked from, when the
/// build used the pinned sdist (an override directory may have no version).
fn google_version() -> Option<String> {
    Path::new(rep_reference::SOURCE_DIR)
        .components()
        .rev()
        .filter_map(|part| part.as_os_str().to_str())
        .find(|part| {
            part.rsplit_once('-')
                .is_some_and(|(_, v)| v.starts_with(|c: char| c.is_ascii_digit()))
        })
        .map(str::to_string)
}

fn third_party_entry(party: &ThirdParty, version: Option<String>, not_run: Option<String>) -> Entry {
    Entry {
        name: party.name.to_string(),
        kind: party.kind.to_string(),
        version,
        claims: party.claims,
        not_run,
    }
}

/// `argv` with its program and script paths made absolute against `root`,
/// so the adapters start from any working directory.
fn resolve(argv: &[&str], root: &Path) -> Vec<String> {
    argv.iter()
        .map(|word| {
            if word.starts_with("harness/") {
                root.join(word).display().to_string()
            } else {
                word.to_string()
            }
        })
        .collect()
}

impl ThirdParty {
    /// What is missing and how to install it, in one line.
    fn missing_hint(&self) -> String {
        match self.install {
            Some(install) => format!("{}: {install}", self.missing),
            None => self.missing.to_string(),
        }
    }
}

/// Runs the version command of `party`: its first output line, or what
/// went wrong (the command, its exit status and last stderr line).
fn probe(party: &ThirdParty, root: &Path) -> Result<String, String> {
    let argv = resolve(party.version, root);
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", argv[0]))?;
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() < PROBE_TIMEOUT => std::thread::sleep(Duration::from_millis(20)),
            Ok(None) | Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("`{}` gave no answer", argv.join(" ")));
            }
        }
    };
    let mut stdout = String::new();
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stdout.take() {
        let _ = pipe.read_to_string(&mut stdout);
    }
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    let version = stdout.lines().next().unwrap_or("").trim();
    if status.success() && !version.is_empty() {
        Ok(version.to_string())
    } else {
        let said = stderr.lines().last().unwrap_or("no output").trim().to_string();
        Err(format!("`{}` {status}: {said}", argv.join(" ")))
    }
}

/// `../cases/` when the report goes to `<root>/reports` (the committed
/// place), so case names link to their files on GitHub; no links elsewhere.
fn link_prefix(out: &Path, root: &Path) -> Option<String> {
    // `out` exists by now: the report directory is created before rendering.
    let out = std::fs::canonicalize(out).ok()?;
    (out == root.join("reports")).then(|| "../cases/".to_string())
}

/// The commands that regenerate the report, install steps first.
fn reproduce_commands(built_in_only: bool) -> Vec<String> {
    let mut commands = Vec::new();
    if !built_in_only {
        for install in THIRD_PARTY.iter().filter_map(|party| party.install) {
            if !commands.iter().any(|command| command == install) {
                commands.push(install.to_string());
            }
        }
    }
    let flags = if built_in_only { " --built-in-only" } else { "" };
    commands.push(format!("cargo run --release -p rep-harness -- report{flags}"));
    commands
}
