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
pub const INSTALL_TIMEOUT: Duration = Duration::from_secs(30 * 60);

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
mod tests {
    use super::*;
    use crate::catalogue::third_party::{bundled, find};
    use std::path::PathBuf;

    fn places() -> Places {
        Places {
            root: PathBuf::from("/w"),
            cache: Ok(PathBuf::from("/c")),
        }
    }

    const ROOT_ON_DEBIAN: System = System {
        is_root: true,
        is_debian: true,
    };

    /// The shell lines of the one step planned for `names`.
    fn commands(names: &[&str], system: System) -> Vec<String> {
        let parsers: Vec<&ThirdParty> = names.iter().map(|name| find(name).expect("bundled")).collect();
        match plan(&parsers, &places(), system).as_slice() {
            [Plan::Run { commands, .. }] => commands.iter().map(Invocation::shown).collect(),
            other => panic!("{names:?}: expected one step, got {other:?}"),
        }
    }

    #[test]
    fn each_kind_installs_into_its_own_directory_pinned() {
        assert_eq!(
            commands(&["protego"], ROOT_ON_DEBIAN),
            ["python3 -m pip install --upgrade --target /c/adapters/protego protego==0.7.0"]
        );
        assert_eq!(
            commands(&["robots-txt-guard"], ROOT_ON_DEBIAN),
            [
                "npm install --prefix /c/adapters/robots-txt-guard --no-save --no-package-lock --no-audit --no-fund \
              robots-txt-guard@1.0.2 robots-txt-parse@2.0.1"
            ]
        );
        assert_eq!(
            commands(&["robotstxt-rs"], ROOT_ON_DEBIAN),
            [
                "cargo build --release --manifest-path /w/harness/adapters/rust-robotstxt/Cargo.toml \
              --target-dir /c/adapters/rust"
            ]
        );
        assert_eq!(
            commands(&["webrobots"], ROOT_ON_DEBIAN),
            [
                "DEBIAN_FRONTEND=noninteractive apt-get update",
                "DEBIAN_FRONTEND=noninteractive apt-get install -y ruby-webrobots=0.1.2-1.1"
            ]
        );
    }

    #[test]
    fn parsers_sharing_a_build_share_one_step() {
        let all: Vec<&ThirdParty> = bundled().iter().collect();
        let plans = plan(&all, &places(), ROOT_ON_DEBIAN);
        let rust: Vec<&Plan<'_>> = plans
            .iter()
            .filter(|plan| plan.parsers().iter().any(|parser| parser.language == "Rust"))
            .collect();
        assert_eq!(rust.len(), 1, "{rust:?}");
        let names: Vec<&str> = rust[0].parsers().iter().map(|parser| parser.name.as_str()).collect();
        assert_eq!(
            names,
            ["robotstxt-rs", "texting-robots", "robotparser-rs", "robots-txt-rs"]
        );
        let debian: Vec<&Plan<'_>> = plans
            .iter()
            .filter(|plan| {
                plan.parsers()
                    .iter()
                    .any(|parser| parser.install.kind == InstallKind::Apt)
            })
            .collect();
        match debian.as_slice() {
            [Plan::Run { parsers, commands, .. }] => {
                assert_eq!(parsers.len(), 2);
                assert_eq!(
                    commands[1].shown(),
                    "DEBIAN_FRONTEND=noninteractive apt-get install -y libwww-robotrules-perl=6.02-1 \
                     ruby-webrobots=0.1.2-1.1"
                );
            }
            other => panic!("one apt step for both Debian packages, got {other:?}"),
        }
        // Every parser is planned exactly once.
        let planned: usize = plans.iter().map(|plan| plan.parsers().len()).sum();
        assert_eq!(planned, all.len());
    }

    #[test]
    fn unavailable_and_built_in_libraries_install_nothing() {
        let parsers = [find("reppy").unwrap(), find("cpython-robotparser").unwrap()];
        let plans = plan(&parsers, &places(), ROOT_ON_DEBIAN);
        assert!(
            matches!(plans.as_slice(), [Plan::Unavailable(_), Plan::Nothing(_)]),
            "{plans:?}"
        );
    }

    #[test]
    fn debian_packages_need_root_on_debian() {
        let perl = [find("www-robotrules").unwrap()];
        let blocked = |system| match plan(&perl, &places(), system).as_slice() {
            [Plan::Blocked { why, .. }] => why.clone(),
            other => panic!("expected a blocked step, got {other:?}"),
        };
        let user = blocked(System {
            is_root: false,
            is_debian: true,
        });
        assert!(
            user.contains("run `apt-get install -y libwww-robotrules-perl=6.02-1` as root"),
            "{user}"
        );
        let elsewhere = blocked(System {
            is_root: true,
            is_debian: false,
        });
        assert!(
            elsewhere.contains("Debian, whose packages libwww-robotrules-perl=6.02-1 these are")
                && elsewhere.contains("(Perl: WWW::RobotRules 6.02, the parser behind LWP::RobotUA)"),
            "{elsewhere}"
        );
    }

    #[test]
    fn an_unknown_cache_blocks_the_private_installs() {
        let unknown = Places {
            root: PathBuf::from("/w"),
            cache: Err("python3 is missing".into()),
        };
        let plans = plan(&[find("protego").unwrap()], &unknown, ROOT_ON_DEBIAN);
        assert!(
            matches!(plans.as_slice(), [Plan::Blocked { why, .. }] if why == "python3 is missing"),
            "{plans:?}"
        );
    }

    #[test]
    fn a_failing_step_stops_and_shows_its_last_lines() {
        let sh = |script: &str| Invocation::new(["sh", "-c", script].map(String::from).to_vec());
        let mut seen = 0;
        let failure = run_step(
            &[
                sh("echo first"),
                // One stream, so the order of the lines is certain.
                sh("{ for i in $(seq 1 20); do echo line $i; done; echo oops; } >&2; exit 3"),
                sh("echo never"),
            ],
            "sh",
            |_| seen += 1,
        )
        .unwrap_err();
        assert_eq!(seen, 22, "every line of the commands that ran");
        assert!(failure.command.starts_with("sh -c '{ for i in"), "{}", failure.command);
        assert_eq!(failure.how, "ended with exit status: 3");
        assert_eq!(failure.tail.len(), TAIL_LINES);
        assert_eq!(failure.tail.last().map(String::as_str), Some("oops"));
        let missing = run_step(
            &[Invocation::new(vec!["/nonexistent/npm".into()])],
            "Node.js with npm",
            |_| {},
        )
        .unwrap_err();
        assert!(missing.how.contains("it needs Node.js with npm"), "{}", missing.how);
    }
}
