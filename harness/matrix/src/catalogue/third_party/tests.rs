//! Tests of `third_party`.
use super::*;

fn places() -> Places {
    Places {
        adapters: Ok(PathBuf::from("/home/u/.cache/rep/adapter-files/0123")),
        cache: Ok(PathBuf::from("/home/u/.cache/rep")),
    }
}

#[test]
fn placeholders_point_at_the_adapter_files_and_the_install_directory() {
    let protego = find("protego").expect("protego is bundled");
    assert_eq!(
        protego.argv(&places()),
        ["python3", "/home/u/.cache/rep/adapter-files/0123/python_protego.py"]
    );
    assert_eq!(
        protego.env(&places()),
        [
            (
                "PYTHONPATH".to_string(),
                "/home/u/.cache/rep/adapters/protego".to_string()
            ),
            ("PYTHONHASHSEED".to_string(), "0".to_string())
        ]
    );
    // Parsers sharing a build share its directory.
    let texting = find("texting-robots").expect("texting-robots is bundled");
    assert_eq!(
        texting.argv(&places()),
        ["/home/u/.cache/rep/adapters/rust/release/texting-robots-adapter"]
    );
}

#[test]
fn an_unknown_cache_leaves_the_prefix_and_the_probe_says_why() {
    let unknown = Places {
        adapters: Err("no HOME".to_string()),
        cache: Err("no HOME".to_string()),
    };
    let protego = find("protego").expect("protego is bundled");
    assert_eq!(protego.env(&unknown)[0].1, "{prefix}");
    assert_eq!(protego.probe_at(&unknown), Probe::Missing("no HOME".to_string()));
}

#[test]
fn unavailable_parsers_are_never_started() {
    let reppy = find("reppy").expect("reppy is bundled");
    let unknown_root = Places {
        adapters: Ok(PathBuf::from("/nonexistent")),
        cache: Ok(PathBuf::from("/nonexistent")),
    };
    let why = reppy.probe_at(&unknown_root).into_result().unwrap_err();
    assert!(
        why.starts_with("not available: pip install reppy==0.4.14 fails"),
        "{why}"
    );
    assert_eq!(reppy.missing_hint(), why);
}

#[test]
fn hints_say_what_to_run() {
    let protego = find("protego").expect("protego is bundled");
    assert_eq!(
        protego.missing_hint(),
        "protego 0.7.0 is not installed: run `reptest adapters install protego`"
    );
}

/// A parser whose adapter is `sh -c SCRIPT`, pinned at `version`.
fn shell_parser(script: &str, version: &str) -> ThirdParty {
    let yaml = format!(
        "parsers:\n  - {{ name: fake, language: Shell, library: fake, version: \"{version}\", claims: rfc,\n      \
             about: a fake, adapter: [sh, -c, \"{script}\"], env: {{ FAKE_HOME: \"{{prefix}}\" }},\n      \
             install: {{ kind: pip, packages: [fake=={version}] }} }}\n"
    );
    super::super::registry::parse(&yaml).expect("the fake reads").remove(0)
}

#[test]
fn the_probe_tells_the_pinned_version_from_another_and_from_none() {
    // `sh -c SCRIPT --version` runs SCRIPT with $0 = --version; the
    // environment of the entry is set.
    let says = shell_parser("echo fake 1.2.0 in $FAKE_HOME", "1.2.0");
    assert_eq!(
        says.probe_at(&places()),
        Probe::Installed("fake 1.2.0 in /home/u/.cache/rep/adapters/fake".to_string())
    );
    let other = shell_parser("echo fake 1.1.9", "1.2.0");
    assert_eq!(other.probe_at(&places()), Probe::OtherVersion("fake 1.1.9".to_string()));
    assert_eq!(
        other.probe_at(&places()).into_result().unwrap_err(),
        "another version is installed: `fake 1.1.9`"
    );
    let missing = shell_parser("echo fake is not installed >&2; exit 1", "1.2.0");
    match missing.probe_at(&places()) {
        Probe::Missing(why) => assert!(why.ends_with("exit status: 1: fake is not installed"), "{why}"),
        other => panic!("expected Missing, got {other:?}"),
    }
}

#[test]
fn debian_versions_are_compared_without_their_revision() {
    let perl = find("www-robotrules").expect("www-robotrules is bundled");
    assert_eq!(perl.upstream_version(), "6.02");
    let protego = find("protego").expect("protego is bundled");
    assert_eq!(protego.upstream_version(), "0.7.0");
}

#[test]
fn python_adapters_run_under_a_fixed_hash_seed() {
    // robotspy 0.13.0 answers by set order for groups naming several agents:
    // under a random seed per process, two reports would not agree.
    let robotspy = find("robotspy").expect("robotspy is bundled");
    assert!(robotspy
        .env(&places())
        .contains(&("PYTHONHASHSEED".to_string(), "0".to_string())));
    let texting = find("texting-robots").expect("texting-robots is bundled");
    assert!(texting.env(&places()).iter().all(|(key, _)| key != "PYTHONHASHSEED"));
}

#[test]
fn the_adapter_command_reports_show_has_no_placeholder_left() {
    for party in bundled() {
        let shown = party.adapter_command();
        assert!(!shown.contains('{'), "{}: {shown}", party.name);
    }
    let texting = find("texting-robots").expect("texting-robots is bundled");
    assert_eq!(
        texting.adapter_command(),
        "'~/.cache/rep/adapters/rust/release/texting-robots-adapter'"
    );
}
