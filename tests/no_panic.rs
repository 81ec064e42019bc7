//! Bad input is normal input: any bytes, agents and URLs, under every
//! combination of switches, give a verdict without panicking, from
//! `Robots::parse` and `check`, `check_once`, `diagnose` and `explain`
//! alike. Fixed-seed generators keep the run reproducible; they bias bytes
//! towards what the parser treats specially (and towards the shapes that
//! once broke it: CR, tabs and NUL inside and before keys, keys cut short at
//! the end of the file) so that short inputs reach deep paths.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rep::{check_once, diagnose, explain, Explanation, Profile, Robots};

mod common;

use common::{every_profile, presets_and_single_toggles, SplitMix};

/// Inputs that once panicked or that sit on a boundary a look-ahead can
/// cross: each is read under every combination of switches.
const SHAPES: &[&[u8]] = &[
    // Issue 27: the key's CR folded to `-`, and the reader sliced past the
    // five-byte line `\tUser`.
    b"\t\tUser\ragent:",
    b"\tUser\ragent:",
    b"User\ragent: FooBot\nDisallow: /",
    b"User\nagent:*\nDisallow: /",
    b"\0User-agent: *\nDisallow:\0/",
    b"User-agent:\r",
    b"User-agen",
    b"Disallow",
    b"\xEF\xBB\xBFUser-agent",
    b"User-agent \t\x0B\x0C:",
    b"User-agent: *\nDisallow \r: /x",
    b"User-agent: *\n\tDis\tallow: /x\r\nAllow:\r",
    b"",
    b"\r",
    b"\xFF\xFE\xC3",
];

/// An input, escaped, with long runs of one byte shortened.
fn shown(body: &[u8], agents: &[&[u8]], url: &[u8]) -> String {
    let escaped = |bytes: &[u8]| {
        let text = bytes.escape_ascii().to_string();
        match text.char_indices().nth(400) {
            Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], bytes.len()),
            None => text,
        }
    };
    let agents: Vec<String> = agents.iter().map(|agent| escaped(agent)).collect();
    format!(
        "body \"{}\", agents {agents:?}, url \"{}\"",
        escaped(body),
        escaped(url)
    )
}

/// Everything a caller can do with one input under one profile. None of it
/// may panic, and `check_once` must give the verdict of parse-then-check.
fn exercise(profile: Profile, body: &[u8], agents: &[&[u8]], url: &[u8]) {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let robots = Robots::parse(body, profile);
        let verdict = robots.check_bytes(agents, url);
        assert_eq!(
            check_once(body, profile, agents, url),
            verdict,
            "check_once vs parse-then-check"
        );
        let _ = verdict.to_string();
        let _ = robots.check_bytes(&[], body);
        let _ = (robots.user_agents().count(), robots.sitemaps().count());
        for diagnostic in diagnose(body, profile) {
            let _ = diagnostic.to_string();
        }
    }));
    if outcome.is_err() {
        panic!("under {profile:?}: {}", shown(body, agents, url));
    }
}

/// `explain` between `profile` and `other`: no panic, and `Agree` exactly
/// when the two decide the same.
fn exercise_explain(profile: Profile, other: Profile, body: &[u8], agents: &[&[u8]], url: &[u8]) {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let decide = |profile| {
            let verdict = check_once(body, profile, agents, url);
            (verdict.allowed, verdict.line())
        };
        let agree = decide(profile) == decide(other);
        let explanation = explain(profile, other, body, agents, url);
        assert_eq!(explanation == Explanation::Agree, agree, "{explanation:?}");
    }));
    if outcome.is_err() {
        panic!("explain {profile:?} vs {other:?}: {}", shown(body, agents, url));
    }
}

#[test]
fn every_switch_combination_reads_hostile_shapes() {
    let mut rng = SplitMix(27);
    for profile in every_profile() {
        for body in SHAPES {
            exercise(profile, body, &[b"FooBot", b"User"], b"https://example.com/x");
        }
        let body = rng.hostile_body(6, false);
        let agent = rng.bytes(10);
        let url = if rng.below(2) == 0 { rng.url() } else { rng.bytes(40) };
        exercise(profile, &body, &[&agent, b"FooBot"], &url);
        let other = if rng.below(2) == 0 {
            Profile::GOOGLE
        } else {
            Profile::RFC9309
        };
        exercise_explain(profile, other, &body, &[b"FooBot"], &url);
    }
}

#[test]
fn hostile_bodies_never_panic() {
    let mut rng = SplitMix(9309);
    let profiles = presets_and_single_toggles();
    for _ in 0..2_000 {
        let body = rng.hostile_body(12, false);
        let agents: Vec<Vec<u8>> = (0..1 + rng.below(3)).map(|_| rng.bytes(12)).collect();
        let mut agent_refs: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
        agent_refs.push(b"FooBot");
        let url = if rng.below(2) == 0 { rng.url() } else { rng.bytes(60) };
        let random = rng.profile();
        for &profile in profiles.iter().chain([&random]) {
            exercise(profile, &body, &agent_refs, &url);
        }
        exercise_explain(Profile::RFC9309, Profile::GOOGLE, &body, &agent_refs, &url);
        exercise_explain(random, Profile::GOOGLE, &body, &agent_refs, &url);
    }
}

#[test]
fn huge_lines_across_the_cut_never_panic() {
    let mut rng = SplitMix(16_663);
    let profiles = presets_and_single_toggles();
    for _ in 0..60 {
        let body = rng.hostile_body(4, true);
        let url = rng.url();
        for &profile in &profiles {
            exercise(profile, &body, &[b"FooBot"], &url);
        }
    }
    // Blanks between a key and its colon that cross the cut: the one-shot
    // reader once sliced its rule's value from past the kept part.
    for key in [&b"Disallow"[..], b"Allow", b"User-agent"] {
        let mut body = b"User-agent: *\n".to_vec();
        body.extend_from_slice(key);
        body.extend(b" ".repeat(rep::GOOGLE_MAX_LINE_BYTES + 10));
        body.extend_from_slice(b": /x\n");
        for &profile in &profiles {
            exercise(profile, &body, &[b"FooBot"], b"/x");
        }
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut rng = SplitMix(7);
    for _ in 0..20_000 {
        let body = rng.bytes(300);
        let agents: Vec<Vec<u8>> = (0..1 + rng.below(3)).map(|_| rng.bytes(12)).collect();
        let agent_refs: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
        let url = rng.bytes(60);
        for profile in [Profile::RFC9309, Profile::GOOGLE, rng.profile()] {
            exercise(profile, &body, &agent_refs, &url);
            let verdict = Robots::parse(&body, profile).check_bytes(&agent_refs, &url);
            // Whatever decided, the explanation must be consistent with it.
            if let Some(rule) = &verdict.rule {
                assert!(rule.line >= 1);
            }
        }
    }
}

#[test]
fn fetch_decisions_and_authorities_never_panic() {
    use rep::fetch::{decide, governs, FetchPolicy, Response};
    let mut rng = SplitMix(2_3_1_2);
    for _ in 0..20_000 {
        // URLs built from pieces a scope check splits on, in any order.
        let pieces: [&[u8]; 10] = [b"https", b"://", b":", b"@", b"[", b"]", b"/", b"#", b"?", b"0"];
        let mut url = Vec::new();
        for _ in 0..rng.below(12) {
            if rng.below(2) == 0 {
                url.extend_from_slice(pieces[rng.below(pieces.len())]);
            } else {
                url.extend(rng.bytes(4));
            }
        }
        let other = rng.bytes(40);
        assert!(
            governs(&url, &url),
            "a file governs its own URL: {}",
            String::from_utf8_lossy(&url)
        );
        let _ = (governs(&url, &other), governs(&other, &url));
        let body = rng.bytes(200);
        let response = Response {
            status: Some(u16::try_from(rng.below(700)).unwrap_or(0)).filter(|_| rng.below(8) != 0),
            redirects: u32::try_from(rng.below(9)).unwrap_or(0),
            body: &body,
            cached: (rng.below(2) == 0).then_some(&other[..]),
            failing_hours: u32::try_from(rng.next() % 2_000).unwrap_or(u32::MAX),
        };
        for policy in [FetchPolicy::Rfc9309, FetchPolicy::GoogleCrawler] {
            let _ = decide(policy, &response);
        }
    }
}

#[test]
fn pathological_inputs_finish() {
    // 500 KiB of wildcard-heavy rules against a 2,000-byte URL: the matcher
    // has no backtracking, so this is quadratic at worst per rule.
    let rule = format!("Disallow: /{}b\n", "*a".repeat(40));
    let body = format!("User-agent: *\n{}", rule.repeat(512_000 / rule.len()));
    let url = format!("/{}", "a".repeat(2_000));
    for profile in [Profile::RFC9309, Profile::GOOGLE] {
        let verdict = Robots::parse(body.as_bytes(), profile).check("FooBot", &url);
        assert!(verdict.allowed, "no rule ends in `b`, so nothing matches");
    }
}

#[test]
fn empty_and_degenerate_inputs() {
    for profile in [Profile::RFC9309, Profile::GOOGLE] {
        let empty = Robots::parse(b"", profile);
        assert!(empty.check("FooBot", "").allowed);
        assert!(empty.check_bytes(&[], b"/").allowed);
        let only_breaks = Robots::parse(b"\r\n\r\r\n\n", profile);
        assert!(only_breaks.check("", "//").allowed);
    }
}

#[test]
fn the_twelve_byte_file_reads_as_two_lines() {
    // `\tUser` and `agent:` (issue 27): neither is a user-agent line, so
    // the rule after them is outside any group and nothing is disallowed,
    // as Google's parser decides.
    let body = b"\tUser\ragent: FooBot\nDisallow: /";
    for profile in [Profile::RFC9309, Profile::GOOGLE] {
        let verdict = Robots::parse(body, profile).check("FooBot", "/x");
        assert!(verdict.allowed, "{verdict}");
        assert_eq!(check_once(body, profile, &[b"FooBot"], b"/x"), verdict);
    }
}
