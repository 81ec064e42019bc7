//! Every crash input a fuzzer ever found, replayed: `fuzz/regressions/<target>/`
//! holds the inputs exactly as libFuzzer wrote them (`crash-<sha1>`), each in
//! the format of the target that found it. Each is decoded as that target
//! decodes it, and also taken as raw `BODY 0xFE AGENT 0xFE URL` bytes; then
//!
//! - parsing, checking, `check_once` and `diagnose` must not panic under
//!   any combination of switches (each preset and its single toggles for
//!   inputs over 4 KiB), and `check_once` must decide as parse-then-check;
//! - `rep`'s google profile must decide as Google's parser (verdict and
//!   deciding line), the property of `diff_bytes` and `diff_google`;
//! - every difference between the two presets must be explained by a switch,
//!   the property of `profiles_explained`.
//!
//! A fuzzer's new finding is added by copying its artifact into the directory
//! of its target (fuzz/README.md says how).

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use rep::{check_once, diagnose, explain, Explanation, Profile, Robots};
use rep_generate::{split_raw, Generated};

// The profiles to try are the root crate's integration tests' own.
#[path = "../../../tests/common/mod.rs"]
mod common;
use common::{every_profile, presets_and_single_toggles};

/// The targets of `fuzz/Cargo.toml`, each with a directory of findings.
const TARGETS: [&str; 4] = ["diff_bytes", "diff_google", "no_panic", "profiles_explained"];

fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions")
}

/// One input to replay: a body, agents and a URL.
struct Replay {
    origin: String,
    body: Vec<u8>,
    agents: Vec<Vec<u8>>,
    url: Vec<u8>,
}

/// Every committed finding, decoded as its target decodes it and as raw bytes.
fn replays() -> Vec<Replay> {
    let root = regressions_dir();
    let mut replays = Vec::new();
    for target in TARGETS {
        let dir = root.join(target);
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .map(|entry| entry.expect("a readable directory").path())
            .collect();
        paths.sort();
        for path in paths {
            let bytes = fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let name = format!("{target}/{}", path.file_name().unwrap().to_string_lossy());
            let decoded = Generated::from_fuzz_input(target, &bytes).expect("a known target");
            for (index, query) in decoded.queries.iter().enumerate() {
                replays.push(Replay {
                    origin: format!("{name} (as the target reads it, query {index})"),
                    body: decoded.body.clone(),
                    agents: query.agents.iter().map(|agent| agent.as_bytes().to_vec()).collect(),
                    url: query.url.as_bytes().to_vec(),
                });
            }
            let (body, agent, url) = split_raw(&bytes);
            replays.push(Replay {
                origin: format!("{name} (as raw bytes)"),
                body: body.to_vec(),
                agents: vec![agent.to_vec()],
                url: url.to_vec(),
            });
        }
    }
    replays
}

/// Inputs longer than this are read under [`presets_and_single_toggles`]
/// rather than every combination.
const LONG_INPUT: usize = 4096;

#[test]
fn the_regressions_directory_holds_findings() {
    let root = regressions_dir();
    let files = TARGETS
        .iter()
        .filter_map(|target| fs::read_dir(root.join(target)).ok())
        .flatten()
        .count();
    assert!(files > 0, "no crash inputs under {}", root.display());
    // Only the targets' own directories: a finding put anywhere else would
    // never be replayed.
    for entry in fs::read_dir(&root).expect("fuzz/regressions exists") {
        let name = entry.expect("a readable directory").file_name();
        assert!(
            TARGETS.iter().any(|target| name == *target),
            "fuzz/regressions/{} is no fuzz target's directory ({TARGETS:?})",
            name.to_string_lossy()
        );
    }
}

#[test]
fn no_finding_panics_under_any_switches() {
    let replays = replays();
    assert!(!replays.is_empty(), "no crash inputs to replay");
    let (every, toggles): (Vec<Profile>, _) = (every_profile().collect(), presets_and_single_toggles());
    for replay in &replays {
        let agents: Vec<&[u8]> = replay.agents.iter().map(Vec::as_slice).collect();
        let (body, url) = (&replay.body[..], &replay.url[..]);
        let profiles = if body.len() > LONG_INPUT { &toggles } else { &every };
        for &profile in profiles {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let verdict = Robots::parse(body, profile).check_bytes(&agents, url);
                assert_eq!(check_once(body, profile, &agents, url), verdict);
                for diagnostic in diagnose(body, profile) {
                    let _ = diagnostic.to_string();
                }
            }));
            assert!(outcome.is_ok(), "{} under {profile:?}", replay.origin);
        }
    }
}

#[test]
fn every_finding_is_decided_as_google_decides_it() {
    for replay in replays() {
        let agents: Vec<&[u8]> = replay.agents.iter().map(Vec::as_slice).collect();
        let ours = Robots::parse(&replay.body, Profile::GOOGLE).check_bytes(&agents, &replay.url);
        let google = rep_reference::check_bytes(&replay.body, &agents, &replay.url).expect("Google's parser ran");
        assert_eq!(
            (ours.allowed, ours.line().unwrap_or(0)),
            (google.allowed, google.matching_line),
            "rep-google vs Google on {}",
            replay.origin
        );
    }
}

#[test]
fn every_difference_between_the_presets_is_explained() {
    for replay in replays() {
        let agents: Vec<&[u8]> = replay.agents.iter().map(Vec::as_slice).collect();
        let explanation = explain(Profile::RFC9309, Profile::GOOGLE, &replay.body, &agents, &replay.url);
        assert_ne!(explanation, Explanation::Unexplained, "{}", replay.origin);
    }
}
