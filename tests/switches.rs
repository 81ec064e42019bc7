//! Each switch, alone, is responsible for one difference: flipping it on the
//! `rfc` preset moves that input's verdict to Google's, and flipping it off
//! the `google` preset moves the verdict to the RFC's. Expected verdicts
//! come from RFC 9309 and Google's documented behaviour.

use rep::{Profile, Robots, Switch};

/// (switch, body, agent, url, allowed under the RFC, allowed under Google)
type Example = (Switch, Vec<u8>, &'static str, String, bool, bool);

fn examples() -> Vec<Example> {
    let long_line = format!("User-agent: *\nDisallow: /{}x\n", "a".repeat(16_700));
    let long_url = format!("/{}x", "a".repeat(16_700));
    let big = format!("User-agent: *\n{}Disallow: /late\n", "# filler\n".repeat(60_000));
    vec![
        (
            Switch::AcceptTypos,
            b"User-agent: *\nDissallow: /x\n".to_vec(),
            "FooBot",
            "/x".into(),
            true,
            false,
        ),
        (
            Switch::KeyPrefix,
            b"User-agent: *\nDisallowed: /x\n".to_vec(),
            "FooBot",
            "/x".into(),
            true,
            false,
        ),
        (
            Switch::MissingColon,
            b"User-agent: *\nDisallow /x\n".to_vec(),
            "FooBot",
            "/x".into(),
            true,
            false,
        ),
        (
            Switch::IndexHtml,
            b"User-agent: *\nDisallow: /\nAllow: /a/index.html\n".to_vec(),
            "FooBot",
            "/a/".into(),
            false,
            true,
        ),
        (
            Switch::NoPercentNormalisation,
            b"User-agent: *\nDisallow: /b\n".to_vec(),
            "FooBot",
            "/%62".into(),
            false,
            true,
        ),
        (
            Switch::LineLengthCut,
            long_line.into_bytes(),
            "FooBot",
            long_url,
            false,
            false,
        ),
        (
            Switch::ProductTokenPrefix,
            b"User-agent: FooBot/1.0\nDisallow: /\n".to_vec(),
            "FooBot",
            "/x".into(),
            true,
            false,
        ),
        (
            Switch::StarWithTrailingText,
            b"User-agent: * bots\nDisallow: /\n".to_vec(),
            "FooBot",
            "/x".into(),
            true,
            false,
        ),
        (
            Switch::RobotsTxtNotSpecial,
            b"User-agent: *\nDisallow: /\n".to_vec(),
            "FooBot",
            "/robots.txt".into(),
            true,
            false,
        ),
        (
            Switch::NoSizeLimit,
            big.into_bytes(),
            "FooBot",
            "/late".into(),
            true,
            false,
        ),
        (
            Switch::PartialBom,
            b"\xEF\xBBUser-agent: *\nDisallow: /\n".to_vec(),
            "FooBot",
            "/x".into(),
            true,
            false,
        ),
        (
            Switch::NulEndsText,
            b"User-agent: *\nDisallow: /a\0b\n".to_vec(),
            "FooBot",
            "/a".into(),
            true,
            false,
        ),
        (
            Switch::AsciiWhitespaceTrim,
            b"User-agent: *\nDisallow: /x\x0B\n".to_vec(),
            "FooBot",
            "/x".into(),
            true,
            false,
        ),
    ]
}

fn allowed(body: &[u8], profile: Profile, agent: &str, url: &str) -> bool {
    Robots::parse(body, profile).check(agent, url).allowed
}

#[test]
fn every_switch_has_an_example() {
    let covered: Vec<Switch> = examples().iter().map(|example| example.0).collect();
    for switch in Switch::ALL {
        assert!(covered.contains(&switch), "{switch} has no example");
    }
}

#[test]
fn presets_give_the_documented_verdicts() {
    for (switch, body, agent, url, rfc, google) in examples() {
        assert_eq!(
            allowed(&body, Profile::RFC9309, agent, &url),
            rfc,
            "rfc preset, {switch}"
        );
        assert_eq!(
            allowed(&body, Profile::GOOGLE, agent, &url),
            google,
            "google preset, {switch}"
        );
    }
}

#[test]
fn each_switch_alone_accounts_for_its_difference() {
    for (switch, body, agent, url, rfc, google) in examples() {
        if rfc == google {
            continue;
        }
        assert_eq!(
            allowed(&body, Profile::RFC9309.with(switch, true), agent, &url),
            google,
            "rfc + {switch}"
        );
        assert_eq!(
            allowed(&body, Profile::GOOGLE.with(switch, false), agent, &url),
            rfc,
            "google - {switch}"
        );
    }
}

#[test]
fn line_length_cut_changes_the_deciding_pattern() {
    // Both presets disallow the long URL, but Google keeps only the first
    // 16,663 bytes of the rule's line, so its pattern is shorter.
    let body = format!("User-agent: *\nDisallow: /{}x\n", "a".repeat(16_700));
    let url = format!("/{}", "a".repeat(16_800));
    assert!(allowed(body.as_bytes(), Profile::RFC9309, "FooBot", &url));
    assert!(!allowed(body.as_bytes(), Profile::GOOGLE, "FooBot", &url));
    assert!(!allowed(
        body.as_bytes(),
        Profile::RFC9309.with(Switch::LineLengthCut, true),
        "FooBot",
        &url
    ));
}

#[test]
fn presets_differ_in_every_switch_and_names_round_trip() {
    assert_eq!(
        Profile::GOOGLE.differing_switches(&Profile::RFC9309),
        Switch::ALL.to_vec()
    );
    for switch in Switch::ALL {
        assert_eq!(Switch::from_name(switch.name()), Some(switch));
    }
    assert_eq!(Profile::from_name("google"), Some(Profile::GOOGLE));
    assert_eq!(Profile::from_name("rfc"), Some(Profile::RFC9309));
    assert_eq!(Profile::from_name("bing"), None);
    assert_eq!(Profile::GOOGLE.size_limit(), None);
}
