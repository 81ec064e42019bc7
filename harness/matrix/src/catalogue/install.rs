//! Installing the bundled parsers' libraries (`reptest adapters install`):
//! which commands to run for which parsers ([`plan`]), and running one step
//! with its output watched ([`run_step`]). Everything goes into the
//! project's cache (`{prefix}`) except Debian packages, which only root can
//! install and only on Debian.

use super::third_party::{InstallKind, Places, ThirdParty};
use rep_core::implementation::join_command;
use rep_core::implementation::process::{run_watched, RunError};
use std::collections::VecDeque;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// How long one installer may run (a cold cargo build of the Rust
/// adapters takes minutes on two cores).
pub(crate) const INSTALL_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// How many of an installer's last output lines a failure shows.
const TAIL_LINES: usize = 12;

/// What about this machine decides how Debian packages can be installed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct System {
    /// Running as root.
    pub is_root: bool,
    /// A Debian (or derived) system with apt-get.
    pub is_debian: bool,
}

impl System {
    /// This machine.
    pub fn this_machine() -> System {
        let uid = Command::new("id").arg("-u").output().ok();
        System {
            is_root: uid.is_some_and(|out| out.status.success() && String::from_utf8_lossy(&out.stdout).trim() == "0"),
            is_debian: Path::new("/etc/debian_version").is_file(),
        }
    }
}

/// One program an install step runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// Environment variables set for it.
    pub env: Vec<(String, String)>,
}

impl Invocation {
    fn new(argv: Vec<String>) -> Invocation {
        Invocation { argv, env: Vec::new() }
    }

    /// The command as a shell line, environment first.
    pub fn shown(&self) -> String {
        let env = self.env.iter().map(|(key, value)| format!("{key}={value} "));
        format!("{}{}", env.collect::<String>(), join_command(&self.argv))
    }
}

/// What installing some parsers takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan<'a> {
    /// Run these commands, in order; they install every one of `parsers`
    /// (several when they share a build or are Debian packages).
    Run {
        /// The parsers the step serves.
        parsers: Vec<&'a ThirdParty>,
        /// The programs to run.
        commands: Vec<Invocation>,
        /// What the installer needs on this machine, for the message when it
        /// cannot start.
        needs: &'static str,
    },
    /// Cannot be done here; what to do instead.
    Blocked {
        /// The parsers concerned.
        parsers: Vec<&'a ThirdParty>,
        /// Why, and what to do.
        why: String,
    },
    /// The pinned version cannot be installed at all (`unavailable`).
    Unavailable(&'a ThirdParty),
    /// Nothing to install: the library ships with its language.
    Nothing(&'a ThirdParty),
}

impl<'a> Plan<'a> {
    /// The parsers this part of the plan is about.
    pub fn parsers(&self) -> Vec<&'a ThirdParty> {
        match self {
            Plan::Run { parsers, .. } | Plan::Blocked { parsers, .. } => parsers.clone(),
            Plan::Unavailable(parser) | Plan::Nothing(parser) => vec![parser],
        }
    }
}

/// How to install `parsers` (those already installed left out by the
/// caller) at `places` on `system`: one entry per step, in the order of
/// `parsers`. Parsers that share an install directory (a cargo build) share
/// a step; all Debian packages are one step.
pub fn plan<'a>(parsers: &[&'a ThirdParty], places: &Places, system: System) -> Vec<Plan<'a>> {
    let debian: Vec<&'a ThirdParty> = parsers
        .iter()
        .copied()
        .filter(|parser| parser.is_available() && parser.install.kind == InstallKind::Apt)
        .collect();
    let mut plans: Vec<Plan<'a>> = Vec::new();
    for &parser in parsers {
        if !parser.is_available() {
            plans.push(Plan::Unavailable(parser));
            continue;
        }
        let kind = parser.install.kind;
        let single = match kind {
            InstallKind::None => Plan::Nothing(parser),
            // All of them at the place of the first.
            InstallKind::Apt if debian[0] == parser => apt_plan(&debian, system),
            InstallKind::Apt => continue,
            InstallKind::Pip | InstallKind::Npm | InstallKind::Cargo => match &places.cache {
                Ok(cache) => Plan::Run {
                    parsers: vec![parser],
                    commands: vec![Invocation::new(prefix_command(parser, places, cache))],
                    needs: needs(kind),
                },
                Err(why) => Plan::Blocked {
                    parsers: vec![parser],
                    why: why.clone(),
                },
            },
        };
        // A step that would run the same commands as an earlier one serves
        // this parser too (the Rust adapters share one build).
        let same = plans.iter_mut().find(|earlier| same_step(earlier, &single));
        match (same, single) {
            (Some(Plan::Run { parsers, .. } | Plan::Blocked { parsers, .. }), _) => parsers.push(parser),
            (_, single) => plans.push(single),
        }
    }
    plans
}

/// Whether two plans are the same step: the same commands, or the same
/// reason not to run them.
fn same_step(a: &Plan<'_>, b: &Plan<'_>) -> bool {
    match (a, b) {
        (Plan::Run { commands: x, .. }, Plan::Run { commands: y, .. }) => x == y,
        (Plan::Blocked { why: x, .. }, Plan::Blocked { why: y, .. }) => x == y,
        _ => false,
    }
}

/// The installer a kind needs, for the message when it cannot start.
fn needs(kind: InstallKind) -> &'static str {
    match kind {
        InstallKind::Pip => "python3 with pip (Debian: apt-get install python3-pip)",
        InstallKind::Npm => "Node.js with npm (Debian: apt-get install nodejs npm)",
        InstallKind::Cargo => "Rust's cargo (rustup, stable toolchain)",
        InstallKind::Apt => "apt-get (Debian)",
        InstallKind::None => "nothing",
    }
}

/// The command installing a pip, npm or cargo parser into its directory
/// under `cache`.
fn prefix_command(parser: &ThirdParty, places: &Places, cache: &Path) -> Vec<String> {
    let prefix = parser.prefix(cache).display().to_string();
    let words = |words: &[&str]| words.iter().map(|word| word.to_string()).collect::<Vec<_>>();
    let packages = parser.install.packages.iter().cloned();
    match parser.install.kind {
        // `--upgrade` replaces another version left in the directory.
        InstallKind::Pip => [
            words(&["python3", "-m", "pip", "install", "--upgrade", "--target", &prefix]),
            packages.collect(),
        ]
        .concat(),
        // Nothing is saved: no package.json or lock file is written, here or
        // in the work tree.
        InstallKind::Npm => [
            words(&["npm", "install", "--prefix", &prefix]),
            words(&["--no-save", "--no-package-lock", "--no-audit", "--no-fund"]),
            packages.collect(),
        ]
        .concat(),
        InstallKind::Cargo => {
            let manifest = parser.expand(parser.install.manifest.as_deref().unwrap_or_default(), places);
            words(&[
                "cargo",
                "build",
                "--release",
                "--manifest-path",
                &manifest,
                "--target-dir",
                &prefix,
            ])
        }
        InstallKind::Apt | InstallKind::None => unreachable!("only the kinds with a prefix are built here"),
    }
}

/// The Debian package parsers, all in one step: apt-get as root on
/// Debian, else what to do instead.
fn apt_plan<'a>(parsers: &[&'a ThirdParty], system: System) -> Plan<'a> {
    let packages: Vec<String> = parsers
        .iter()
        .flat_map(|parser| parser.install.packages.iter().cloned())
        .collect();
    let install = [
        vec!["apt-get".to_string(), "install".into(), "-y".into()],
        packages.clone(),
    ]
    .concat();
    let why = match system {
        System {
            is_debian: true,
            is_root: true,
        } => {
            let noninteractive = vec![("DEBIAN_FRONTEND".to_string(), "noninteractive".to_string())];
            return Plan::Run {
                parsers: parsers.to_vec(),
                // The package lists of a fresh machine are empty, so they
                // are read first.
                commands: vec![
                    Invocation {
                        argv: ["apt-get", "update"].map(String::from).to_vec(),
                        env: noninteractive.clone(),
                    },
                    Invocation {
                        argv: install,
                        env: noninteractive,
                    },
                ],
                needs: needs(InstallKind::Apt),
            };
        }
        System { is_debian: true, .. } => format!(
            "Debian packages are installed system-wide, which needs root: run `{}` as root (or with sudo)",
            join_command(&install)
        ),
        System { is_debian: false, .. } => {
            let libraries: Vec<String> = parsers
                .iter()
                .map(|parser| format!("{}: {}", parser.language, parser.about))
                .collect();
            format!(
                "this is not Debian, whose packages {} these are: install the same libraries with this \
                 system's package manager ({})",
                packages.join(" "),
                libraries.join("; ")
            )
        }
    };
    Plan::Blocked {
        parsers: parsers.to_vec(),
        why,
    }
}

/// Why an install step failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The command that failed, as a shell line.
    pub command: String,
    /// How it failed.
    pub how: String,
    /// Its last output lines.
    pub tail: Vec<String>,
}

/// Runs the commands of a step in order until one fails, handing every
/// output line to `on_line` as it comes.
pub fn run_step(commands: &[Invocation], needs: &str, mut on_line: impl FnMut(&str)) -> Result<(), Failure> {
    for invocation in commands {
        let mut tail: VecDeque<String> = VecDeque::new();
        let ran = run_watched(
            Command::new(&invocation.argv[0])
                .args(&invocation.argv[1..])
                .envs(invocation.env.iter().map(|(key, value)| (key, value))),
            INSTALL_TIMEOUT,
            |line| {
                on_line(line);
                if !line.trim().is_empty() {
                    if tail.len() == TAIL_LINES {
                        tail.pop_front();
                    }
                    tail.push_back(line.to_string());
                }
            },
        );
        let how = match ran {
            Ok(finished) if finished.status.success() => continue,
            Ok(finished) => format!("ended with {}", finished.status),
            Err(error @ RunError::Start { .. }) => format!("{error} (it needs {needs})"),
            Err(error) => error.to_string(),
        };
        return Err(Failure {
            command: invocation.shown(),
            how,
            tail: tail.into(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
