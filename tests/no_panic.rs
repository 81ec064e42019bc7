//! Bad input is normal input: any bytes, agents and URLs, under any mix of
//! switches, give a verdict without panicking. A fixed-seed generator keeps
//! the run reproducible; it biases bytes towards the characters the parser
//! treats specially so that short inputs reach deep paths.

use rep::{diagnose, Profile, Robots};

mod common;

use common::SplitMix;

#[test]
fn arbitrary_bytes_never_panic() {
    let mut rng = SplitMix(7);
    for _ in 0..20_000 {
        let body = rng.bytes(300);
        let agents: Vec<Vec<u8>> = (0..1 + rng.below(3)).map(|_| rng.bytes(12)).collect();
        let agent_refs: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
        let url = rng.bytes(60);
        for profile in [Profile::RFC9309, Profile::GOOGLE, rng.profile()] {
            let robots = Robots::parse(&body, profile);
            let verdict = robots.check_bytes(&agent_refs, &url);
            // Whatever decided, the explanation must be consistent with it.
            if let Some(rule) = &verdict.rule {
                assert!(rule.line >= 1);
            }
            let _ = verdict.to_string();
            for diagnostic in diagnose(&body, profile) {
                let _ = diagnostic.to_string();
            }
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
