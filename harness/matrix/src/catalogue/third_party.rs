//! The third-party parsers bundled as adapters under `harness/adapters/`, as
//! `harness/adapters/parsers.yaml` lists them ([`bundled`]): what each one
//! is, how to start it, how to learn its version, and where its library is
//! installed.
//!
//! The registry's placeholders: `{adapters}` is the directory of the adapter
//! files built into this binary (written under the cache, see
//! [`super::adapter_files`]), `{prefix}` the parser's install directory,
//! `<cache>/adapters/<dir or name>`, where `<cache>` is the project's cache
//! directory ([`rep_core::sdist::cache_dir`]).

use rep_core::case::{ProfileId, Tag};
use rep_core::implementation::process::run_with_timeout;
use rep_core::implementation::Adapter;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

pub use super::registry::{bundled, find};
pub use super::stated::{BodyForm, Reproduce, Stated};

/// How `reptest adapters install` gets a parser's library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InstallKind {
    /// `pip install --target {prefix}`; the adapter finds it through PYTHONPATH.
    Pip,
    /// `npm install --prefix {prefix}`; the adapter finds it through NODE_PATH.
    Npm,
    /// `cargo build --target-dir {prefix}` of an adapter crate in the workspace.
    Cargo,
    /// `apt-get install` of Debian packages, system-wide (root only).
    Apt,
    /// Nothing: the library ships with its language.
    None,
}

impl InstallKind {
    /// The kind as `parsers.yaml` spells it.
    pub fn name(self) -> &'static str {
        match self {
            InstallKind::Pip => "pip",
            InstallKind::Npm => "npm",
            InstallKind::Cargo => "cargo",
            InstallKind::Apt => "apt",
            InstallKind::None => "none",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<InstallKind> {
        [
            InstallKind::Pip,
            InstallKind::Npm,
            InstallKind::Cargo,
            InstallKind::Apt,
            InstallKind::None,
        ]
        .into_iter()
        .find(|kind| kind.name() == name)
    }

    /// Whether the library goes into a private directory under the cache
    /// (`{prefix}`) rather than into the system or nowhere.
    pub(crate) fn has_prefix(self) -> bool {
        matches!(self, InstallKind::Pip | InstallKind::Npm | InstallKind::Cargo)
    }
}

/// How a parser's library is installed, as `parsers.yaml` gives it
/// (placeholders not yet replaced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Install {
    /// The installer.
    pub kind: InstallKind,
    /// pip, npm, apt: the exact package specifications, pinned.
    pub packages: Vec<String>,
    /// cargo: the Cargo.toml to build.
    pub manifest: Option<String>,
    /// The install directory's name under `<cache>/adapters/`, when several
    /// parsers share one (else the parser's name).
    pub dir: Option<String>,
}

/// A third-party parser run through an adapter under `harness/adapters/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThirdParty {
    /// The name in reports and on the command line.
    pub name: String,
    /// The language of the library.
    pub language: String,
    /// The package name as its registry spells it.
    pub library: String,
    /// The exact version every report measures.
    pub version: String,
    /// The profile it sets out to follow.
    pub claims: ProfileId,
    /// What it is, in a few words.
    pub about: String,
    /// The adapter's argv, with placeholders.
    pub(super) adapter: Vec<String>,
    /// The adapter's extra environment, sorted by name, with placeholders.
    pub(super) env: Vec<(String, String)>,
    /// How its library is installed.
    pub install: Install,
    /// Why the pinned version cannot be installed, when it cannot.
    pub unavailable: Option<String>,
    /// What its own documentation says it follows.
    pub stated: Option<Stated>,
    /// A program calling its library directly.
    pub reproduce: Option<Reproduce>,
    /// The capability tags its adapter takes: a check with another is n/a
    /// without being asked.
    pub supports: BTreeSet<Tag>,
}

/// What the placeholders stand for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Places {
    /// `{adapters}`: the directory of the adapter files, or why there is none.
    pub adapters: Result<PathBuf, String>,
    /// The project's cache directory (`{prefix}` is under it), or why it is
    /// not known.
    pub cache: Result<PathBuf, String>,
}

impl Places {
    /// The places on this machine: the cache directory, and this binary's
    /// adapter files in it (written there the first time a process asks).
    pub fn here() -> Places {
        Places {
            adapters: super::adapter_files::dir(),
            cache: rep_core::sdist::cache_dir(),
        }
    }
}

/// What an adapter's version probe found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The pinned version is installed: the line its `--version` printed.
    Installed(String),
    /// Another version is installed: the line its `--version` printed.
    OtherVersion(String),
    /// Not installed, or the adapter cannot start: what the probe said.
    Missing(String),
    /// The pinned version cannot be installed at all: why.
    Unavailable(String),
}

impl Probe {
    /// The version line, or why there is none, in one line.
    pub fn into_result(self) -> Result<String, String> {
        match self {
            Probe::Installed(version) => Ok(version),
            Probe::OtherVersion(found) => Err(format!("another version is installed: `{found}`")),
            Probe::Missing(why) => Err(why),
            Probe::Unavailable(why) => Err(format!("not available: {why}")),
        }
    }
}

/// How long the version probe of one adapter may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(20);

impl ThirdParty {
    /// Whether it can be installed at all (its pinned version builds on
    /// current toolchains).
    pub fn is_available(&self) -> bool {
        self.unavailable.is_none()
    }

    /// Its install directory, `<cache>/adapters/<dir or name>` (used only
    /// by the kinds that have one).
    pub fn prefix(&self, cache: &Path) -> PathBuf {
        cache
            .join("adapters")
            .join(self.install.dir.as_deref().unwrap_or(&self.name))
    }

    /// `text` with `{adapters}` and `{prefix}` replaced. A placeholder whose
    /// place is unknown is left as it is: callers probe first, and the probe
    /// says why.
    pub(crate) fn expand(&self, text: &str, places: &Places) -> String {
        let text = match &places.adapters {
            Ok(adapters) => text.replace("{adapters}", &adapters.display().to_string()),
            Err(_) => text.to_string(),
        };
        match &places.cache {
            Ok(cache) => text.replace("{prefix}", &self.prefix(cache).display().to_string()),
            Err(_) => text,
        }
    }

    /// The adapter's argv at `places`.
    pub fn argv(&self, places: &Places) -> Vec<String> {
        self.adapter.iter().map(|word| self.expand(word, places)).collect()
    }

    /// The adapter command as written for a reader at the workspace root
    /// (`{adapters}` as `harness/adapters`, where the files come from,
    /// `{prefix}` as the default install place under the cache,
    /// `~/.cache/rep/adapters/<name>`): what reports show, the same on every
    /// machine.
    pub(crate) fn adapter_command(&self) -> String {
        let prefix = self.prefix(Path::new("~/.cache/rep")).display().to_string();
        let words: Vec<String> = self
            .adapter
            .iter()
            .map(|word| {
                word.replace("{adapters}", "harness/adapters")
                    .replace("{prefix}", &prefix)
            })
            .collect();
        rep_core::implementation::join_command(&words)
    }

    /// The adapter's extra environment at `places`. A Python adapter also
    /// gets `PYTHONHASHSEED=0` unless the catalogue sets it: Python draws a
    /// hash seed per process, and a library whose answers follow the order
    /// of a set answers differently from one run to the next (robotspy 0.13.0
    /// does: when a group names several agents, which of them inherits an
    /// earlier group's rules follows `set(agents)`), so every run asks under
    /// the same seed and two reports agree.
    pub fn env(&self, places: &Places) -> Vec<(String, String)> {
        let mut env: Vec<(String, String)> = self
            .env
            .iter()
            .map(|(key, value)| (key.clone(), self.expand(value, places)))
            .collect();
        if self.language == "Python" && !env.iter().any(|(key, _)| key == "PYTHONHASHSEED") {
            env.push(("PYTHONHASHSEED".to_string(), "0".to_string()));
        }
        env
    }

    /// The pinned version as the library itself states it: a Debian
    /// package's version without its Debian revision (`6.02-1` → `6.02`).
    fn upstream_version(&self) -> &str {
        match (self.install.kind, self.version.rsplit_once('-')) {
            (InstallKind::Apt, Some((upstream, _))) => upstream,
            _ => &self.version,
        }
    }

    /// What the version probe finds at `places`.
    pub fn probe_at(&self, places: &Places) -> Probe {
        if let Some(why) = &self.unavailable {
            return Probe::Unavailable(why.clone());
        }
        if let Err(why) = &places.adapters {
            return Probe::Missing(why.clone());
        }
        if let (true, Err(why)) = (self.install.kind.has_prefix(), &places.cache) {
            return Probe::Missing(why.clone());
        }
        let mut argv = self.argv(places);
        argv.push("--version".to_string());
        let shown = argv.join(" ");
        let finished = match run_with_timeout(
            Command::new(&argv[0]).args(&argv[1..]).envs(self.env(places)),
            PROBE_TIMEOUT,
        ) {
            Ok(finished) => finished,
            Err(error) => return Probe::Missing(format!("`{shown}`: {error}")),
        };
        let stdout = String::from_utf8_lossy(&finished.stdout);
        let version = stdout.lines().next().unwrap_or("").trim();
        if !finished.status.success() || version.is_empty() {
            let said = match finished.stderr_tail() {
                tail if tail.is_empty() => "no output".to_string(),
                tail => tail,
            };
            return Probe::Missing(format!("`{shown}` {}: {said}", finished.status));
        }
        // The interpreter's own library is whatever version runs: nothing pins it.
        let pinned = self.install.kind == InstallKind::None
            || version.split_whitespace().any(|word| word == self.upstream_version());
        if pinned {
            Probe::Installed(version.to_string())
        } else {
            Probe::OtherVersion(version.to_string())
        }
    }

    /// The adapter at `places`, each check given `timeout`.
    pub fn adapter_at(&self, places: &Places, timeout: Duration) -> Adapter {
        Adapter::new(self.name.clone(), self.argv(places), self.claims, timeout)
            .with_env(self.env(places))
            .with_supports(self.supports.clone())
    }

    /// Why it is not run, and what to do about it, in one line (for a
    /// parser whose probe failed).
    pub fn missing_hint(&self) -> String {
        match (&self.unavailable, self.install.kind) {
            (Some(why), _) => format!("not available: {why}"),
            (None, InstallKind::None) => format!(
                "its adapter cannot start: {} ships with {}, which must be installed and on PATH",
                self.library, self.language
            ),
            (None, _) => format!(
                "{} {} is not installed: run `reptest adapters install {}`",
                self.library, self.version, self.name
            ),
        }
    }
}

/// Probes every parser of `parsers` at once (each probe starts an
/// interpreter, so they run side by side); the results in the same order.
pub fn probe_all(parsers: &[&ThirdParty], places: &Places) -> Vec<Probe> {
    std::thread::scope(|scope| {
        let probes: Vec<_> = parsers
            .iter()
            .map(|parser| scope.spawn(move || parser.probe_at(places)))
            .collect();
        probes
            .into_iter()
            .map(|probe| {
                probe
                    .join()
                    .unwrap_or_else(|_| Probe::Missing("the version probe panicked".to_string()))
            })
            .collect()
    })
}

#[cfg(test)]
mod tests;
