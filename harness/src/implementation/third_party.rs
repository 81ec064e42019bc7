//! The third-party parsers bundled as adapters under `harness/adapters/`:
//! what each one is, how to start it, how to learn its version, and how to
//! install what it needs.

use super::process::run_with_timeout;
use super::{Adapter, DEFAULT_TIMEOUT};
use crate::case::ProfileId;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// A third-party parser run through an adapter under `harness/adapters/`.
pub struct ThirdParty {
    /// The name in the report.
    pub name: &'static str,
    /// What it is, for the summary table.
    pub kind: &'static str,
    /// The profile it sets out to follow.
    pub claims: ProfileId,
    /// The adapter command, relative paths resolved against the workspace root.
    argv: &'static [&'static str],
    /// A command that prints the library and its version, and fails when the
    /// dependency is missing.
    version: &'static [&'static str],
    /// How a missing dependency is named in the message.
    missing: &'static str,
    /// The shell command that installs the dependency, from the workspace root.
    pub install: Option<&'static str>,
}

const RUST_ADAPTERS: &str = "cargo build --release --manifest-path harness/adapters/rust-robotstxt/Cargo.toml";

/// The third-party parsers, in report order.
pub const THIRD_PARTY: [ThirdParty; 5] = [
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

impl ThirdParty {
    /// What is missing and how to install it, in one line.
    pub fn missing_hint(&self) -> String {
        match self.install {
            Some(install) => format!("{}: {install}", self.missing),
            None => self.missing.to_string(),
        }
    }

    /// Runs the version command: the first line it prints, or what went
    /// wrong (the command, how it ended and its last stderr line).
    pub fn probe(&self, root: &Path) -> Result<String, String> {
        let argv = resolve(self.version, root);
        let shown = argv.join(" ");
        let finished = run_with_timeout(Command::new(&argv[0]).args(&argv[1..]), PROBE_TIMEOUT)
            .map_err(|error| format!("`{shown}`: {error}"))?;
        let stdout = String::from_utf8_lossy(&finished.stdout);
        let version = stdout.lines().next().unwrap_or("").trim();
        if finished.status.success() && !version.is_empty() {
            Ok(version.to_string())
        } else {
            let said = match finished.stderr_tail() {
                tail if tail.is_empty() => "no output".to_string(),
                tail => tail,
            };
            Err(format!("`{shown}` {}: {said}", finished.status))
        }
    }

    /// The adapter, started from any working directory.
    pub fn adapter(&self, root: &Path) -> Adapter {
        Adapter::new(self.name.into(), resolve(self.argv, root), self.claims, DEFAULT_TIMEOUT)
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
