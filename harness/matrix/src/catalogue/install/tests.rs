//! Tests of `install`.
use super::*;
use crate::catalogue::third_party::{bundled, find};
use std::path::PathBuf;

fn places() -> Places {
    Places {
        adapters: Ok(PathBuf::from("/c/adapter-files/0123")),
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
            "cargo build --release --manifest-path /c/adapter-files/0123/rust-robotstxt/Cargo.toml \
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
        adapters: Err("HOME is not set".into()),
        cache: Err("HOME is not set".into()),
    };
    let plans = plan(&[find("protego").unwrap()], &unknown, ROOT_ON_DEBIAN);
    assert!(
        matches!(plans.as_slice(), [Plan::Blocked { why, .. }] if why == "HOME is not set"),
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
