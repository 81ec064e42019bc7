//! Who is under test: one list of the built-ins, the bundled third-party
//! parsers and the user's own, each bundled parser probed once, and for each
//! one that cannot run here the reason. `reptest run`, `check`, `measure`
//! and `report` all take their implementations from here, so a name means
//! the same thing in every subcommand.

use crate::catalogue::adapter_files;
use crate::catalogue::third_party::{bundled, probe_all, InstallKind, Places, Probe, ThirdParty};
use rep_core::case::ProfileId;
use rep_core::implementation::{
    built_in, google_version, missing_built_in, Answer, ImplError, Implementation, Prepared, Remembered, BUILT_IN,
};
use std::time::Duration;

/// Where a member of the lineup comes from.
#[derive(Clone, Copy, Debug)]
pub enum Origin {
    /// Compiled into `reptest`.
    BuiltIn,
    /// One of `harness/adapters/parsers.yaml`.
    Bundled(&'static ThirdParty),
    /// Given by the user (`--adapter`, `--command`).
    Yours,
}

/// One implementation of the lineup, ready to run or not.
pub struct Member {
    /// Its name (the matrix column, the `--impl` value).
    pub name: String,
    /// Where it comes from.
    pub origin: Origin,
    /// The profile it claims.
    pub claims: ProfileId,
    /// The library and version it runs, when known.
    pub version: Option<String>,
    /// The implementation, or why it cannot run here and what to do.
    pub ready: Result<Box<dyn Implementation>, String>,
}

impl Member {
    /// Whether a missing dependency is a fault of this machine (a bundled
    /// parser whose pinned version can be installed but is not), rather
    /// than something known (its version cannot be had at all) or a built-in
    /// left out of this build on purpose.
    pub(crate) fn missing_matters(&self) -> bool {
        matches!((&self.ready, self.origin), (Err(_), Origin::Bundled(party)) if party.is_available())
    }
}

/// The implementations under test, in report order: built-ins, bundled
/// parsers (in `parsers.yaml`'s order), the user's own.
#[derive(Default)]
pub struct Lineup {
    /// Every member, runnable or not.
    pub members: Vec<Member>,
}

impl Lineup {
    /// The built-ins of this build (a built-in it lacks is a member that
    /// cannot run, with the reason).
    pub fn built_ins() -> Lineup {
        Lineup {
            members: BUILT_IN.iter().map(|name| built_in_member(name)).collect(),
        }
    }

    /// Adds the bundled parsers that `wanted` accepts, probed side by side,
    /// each check given `timeout`.
    pub fn with_bundled(mut self, wanted: impl Fn(&ThirdParty) -> bool, timeout: Duration) -> Lineup {
        let places = Places::here();
        let parties: Vec<&'static ThirdParty> = bundled().iter().filter(|party| wanted(party)).collect();
        for (party, probe) in parties.iter().zip(probe_all(&parties, &places)) {
            self.members.push(bundled_member(party, probe, &places, timeout));
        }
        self
    }

    /// Keeps the answers of every runnable bundled parser between runs
    /// ([`Remembered`]), in `answers/` under the project's cache directory:
    /// a parser is asked only what this version, through these adapter
    /// files, has not answered before. The fingerprint of a parser's file is
    /// its name, installed version and adapter command, the bytes of every
    /// file that command names (the adapter script, or a Rust adapter's
    /// binary), and the bytes of the shared adapter modules every script
    /// imports (`harness/adapters/rep_adapter.*`, as built in).
    /// Without a known cache directory the lineup is left as it is, and the
    /// reason returned.
    pub fn remember_answers(mut self) -> (Lineup, Option<String>) {
        let places = Places::here();
        let dir = match &places.cache {
            Ok(cache) => cache.join("answers"),
            Err(why) => return (self, Some(why.clone())),
        };
        let shared = shared_module_bytes();
        for member in &mut self.members {
            let (Origin::Bundled(party), Some(version)) = (member.origin, &member.version) else {
                continue;
            };
            let Ok(inner) = std::mem::replace(&mut member.ready, Err(String::new())) else {
                continue;
            };
            // The command as every machine shows it, so where the cache is does not matter.
            let mut fingerprint: Vec<Vec<u8>> = vec![
                party.name.clone().into_bytes(),
                version.clone().into_bytes(),
                party.adapter_command().into_bytes(),
            ];
            for word in party.argv(&places) {
                fingerprint.push(std::fs::read(word).unwrap_or_default());
            }
            // The environment decides answers too (a fixed hash seed, where the library is found).
            for (key, value) in party.env(&places) {
                fingerprint.push(format!("{key}={value}").into_bytes());
            }
            fingerprint.push(shared.clone());
            let parts: Vec<&[u8]> = fingerprint.iter().map(Vec::as_slice).collect();
            member.ready = Ok(Box::new(Remembered::new(inner, &dir, &parts)));
        }
        (self, None)
    }

    /// Adds the user's own implementations.
    pub fn with_yours(mut self, yours: Vec<Box<dyn Implementation>>) -> Lineup {
        self.members.extend(yours.into_iter().map(|implementation| Member {
            name: implementation.name().to_string(),
            origin: Origin::Yours,
            claims: implementation.claims(),
            version: None,
            ready: Ok(implementation),
        }));
        self
    }

    /// The members that cannot run here because this machine lacks
    /// something it could have (see [`Member::missing_matters`]), each as
    /// `name: reason`.
    pub fn missing(&self) -> Vec<String> {
        self.members
            .iter()
            .filter(|member| member.missing_matters())
            .map(|member| {
                format!(
                    "{}: {}",
                    member.name,
                    member.ready.as_ref().err().map_or("", String::as_str)
                )
            })
            .collect()
    }

    /// Its members as a command that asks them all shows them: those that
    /// can run and those that cannot (with why), each with the version it
    /// shows (`built in`, `yours` when the member knows none).
    pub fn split_ready(self) -> (Vec<Ready>, Vec<NotReady>) {
        let mut ready = Vec::new();
        let mut not_ready = Vec::new();
        for member in self.members {
            let version = member.version.unwrap_or_else(|| match member.origin {
                Origin::Yours => "yours".to_string(),
                _ => "built in".to_string(),
            });
            match member.ready {
                Ok(implementation) => ready.push(Ready {
                    name: member.name,
                    version,
                    implementation,
                }),
                Err(why) => not_ready.push(NotReady {
                    name: member.name,
                    version,
                    why,
                }),
            }
        }
        (ready, not_ready)
    }

    /// Its runnable implementations, in order.
    pub(crate) fn into_runnable(self) -> Vec<Box<dyn Implementation>> {
        self.members
            .into_iter()
            .filter_map(|member| member.ready.ok())
            .collect()
    }
}

/// A member of the lineup that can run, with the version it shows.
pub struct Ready {
    /// Its name.
    pub name: String,
    /// The library and version it runs, or `built in` / `yours`.
    pub version: String,
    /// The implementation.
    pub implementation: Box<dyn Implementation>,
}

/// One question asked of every member: the agents, the URL.
pub type Question<'q> = (&'q [&'q [u8]], &'q [u8]);

/// Starts every ready member and asks each all `questions` of `body`, the
/// members side by side in time (most of the wait is interpreters starting
/// and answering through their pipes); the answers come back per member, in
/// question order. A member that cannot start, or whose asking panics,
/// answers every question with why.
pub fn ask_side_by_side(ready: &[Ready], body: &[u8], questions: &[Question<'_>]) -> Vec<Vec<Answer>> {
    let failed_everywhere = |why: String| -> Vec<Answer> { vec![Err(ImplError::Failed(why)); questions.len()] };
    std::thread::scope(|scope| {
        let running: Vec<_> = ready
            .iter()
            .map(|member| {
                let implementation = member.implementation.as_ref();
                scope.spawn(move || match implementation.start() {
                    Err(why) => failed_everywhere(format!("cannot start: {why}")),
                    Ok(()) => {
                        let prepared = Prepared::body_for_many_checks(implementation, body);
                        questions
                            .iter()
                            .map(|(agents, url)| prepared.check(agents, url))
                            .collect()
                    }
                })
            })
            .collect();
        running
            .into_iter()
            .map(|thread| {
                thread
                    .join()
                    .unwrap_or_else(|_| failed_everywhere("the check panicked".into()))
            })
            .collect()
    })
}

/// A member of the lineup that cannot run here, and why.
pub struct NotReady {
    /// Its name.
    pub name: String,
    /// The library and version it would run, or `built in` / `yours`.
    pub version: String,
    /// Why it cannot run, and what to do.
    pub why: String,
}

/// A member that cannot run here, standing in for it where a command was
/// asked for it by name: it fails to start with the reason, so the command
/// stops before anything runs and says why, as for any implementation that
/// cannot start.
pub struct Unavailable {
    /// Its name.
    pub name: String,
    /// Why it cannot run, and what to do.
    pub why: String,
}

impl Implementation for Unavailable {
    fn name(&self) -> &str {
        &self.name
    }

    fn claims(&self) -> ProfileId {
        ProfileId::Rfc
    }

    fn start(&self) -> Result<(), String> {
        Err(self.why.clone())
    }

    fn load(&self, _robots: &[u8]) -> Box<dyn rep_core::implementation::Loaded + '_> {
        Box::new(self)
    }
}

impl rep_core::implementation::Loaded for &Unavailable {
    fn check(&self, _agents: &[&[u8]], _url: &[u8]) -> rep_core::implementation::Answer {
        Err(rep_core::implementation::ImplError::Failed(self.why.clone()))
    }
}

/// Every name `--impl` takes: the built-ins, then the bundled parsers.
pub fn names() -> Vec<String> {
    BUILT_IN
        .iter()
        .map(|name| name.to_string())
        .chain(bundled().iter().map(|party| party.name.clone()))
        .collect()
}

/// The implementation called `name`: a built-in of this build or an
/// installed bundled parser (probed now), each check given `timeout`; else
/// why not, and what to do.
pub fn by_name(name: &str, timeout: Duration) -> Result<Box<dyn Implementation>, String> {
    if BUILT_IN.contains(&name) {
        return built_in_member(name).ready;
    }
    let Some(party) = bundled().iter().find(|party| party.name == name) else {
        return Err(format!(
            "no implementation `{name}`; the built-ins and bundled parsers are {} (or use --adapter / --command)",
            names().join(", ")
        ));
    };
    let places = Places::here();
    let probe = party.probe_at(&places);
    bundled_member(party, probe, &places, timeout).ready
}

/// The names and bytes of the shared adapter modules built in
/// (`rep_adapter.py`, `rep_adapter.js`, …), in name order.
fn shared_module_bytes() -> Vec<u8> {
    let mut bytes = Vec::new();
    let shared = adapter_files::files()
        .iter()
        .filter(|(name, _)| name.split_once('.').is_some_and(|(stem, _)| stem == "rep_adapter"));
    for (name, contents) in shared {
        bytes.extend(name.as_bytes());
        bytes.push(0);
        bytes.extend(*contents);
    }
    bytes
}

fn built_in_member(name: &str) -> Member {
    let claims = if name == "rep-rfc" {
        ProfileId::Rfc
    } else {
        ProfileId::Google
    };
    let version = if name == "google" { google_version() } else { None };
    let ready = built_in(name).ok_or_else(|| missing_built_in(name).unwrap_or("not in this build").to_string());
    Member {
        name: name.to_string(),
        origin: Origin::BuiltIn,
        claims,
        version,
        ready,
    }
}

fn bundled_member(party: &'static ThirdParty, probe: Probe, places: &Places, timeout: Duration) -> Member {
    let (version, ready) = match probe {
        Probe::Installed(version) => (
            Some(version),
            Ok(Box::new(party.adapter_at(places, timeout)) as Box<dyn Implementation>),
        ),
        // Nothing is installed for these, so the probe's own words say what is wrong.
        Probe::Missing(why) if party.install.kind == InstallKind::None => {
            (None, Err(format!("{}; its version probe: {why}", party.missing_hint())))
        }
        _ => (None, Err(party.missing_hint())),
    };
    Member {
        name: party.name.clone(),
        origin: Origin::Bundled(party),
        claims: party.claims,
        version,
        ready,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_parser_and_built_in_has_a_name_and_unknown_names_are_refused() {
        let names = names();
        assert_eq!(&names[..3], &BUILT_IN.map(str::to_string));
        assert!(names.iter().any(|name| name == "protego"), "{names:?}");
        let refused = by_name("no-such-parser", Duration::from_secs(1))
            .err()
            .expect("refused");
        assert!(refused.contains("protego") && refused.contains("rep-rfc"), "{refused}");
        assert_eq!(
            by_name("rep-rfc", Duration::from_secs(1)).map(|i| i.claims()).ok(),
            Some(ProfileId::Rfc)
        );
    }

    #[test]
    fn a_parser_with_nothing_to_install_says_what_its_probe_said() {
        let stdlib = crate::catalogue::third_party::find("cpython-robotparser").expect("bundled");
        let places = Places {
            adapters: Ok("/nowhere".into()),
            cache: Ok("/nowhere".into()),
        };
        let probe = Probe::Missing("`python3 /nowhere/python_robotparser.py --version`: no such file".into());
        let why = bundled_member(stdlib, probe, &places, Duration::from_secs(1))
            .ready
            .err()
            .expect("not ready");
        assert!(
            why.contains("ships with Python")
                && why
                    .ends_with("; its version probe: `python3 /nowhere/python_robotparser.py --version`: no such file"),
            "{why}"
        );
        let protego = crate::catalogue::third_party::find("protego").expect("bundled");
        let probe = Probe::Missing("no module named protego".into());
        let why = bundled_member(protego, probe, &places, Duration::from_secs(1))
            .ready
            .err();
        assert_eq!(
            why.as_deref(),
            Some(protego.missing_hint().as_str()),
            "an install is the cure"
        );
    }

    #[test]
    fn the_built_ins_come_first_and_claim_their_profiles() {
        let lineup = Lineup::built_ins();
        let claims: Vec<(&str, ProfileId)> = lineup.members.iter().map(|m| (m.name.as_str(), m.claims)).collect();
        assert_eq!(
            claims,
            [
                ("rep-rfc", ProfileId::Rfc),
                ("rep-google", ProfileId::Google),
                ("google", ProfileId::Google)
            ]
        );
        assert!(
            lineup.missing().is_empty(),
            "a built-in left out of a build is not a missing dependency"
        );
    }
}
