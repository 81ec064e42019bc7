//! Bad input is normal input: any bytes, agents and URLs, under any mix of
//! switches, give a verdict without panicking. A fixed-seed generator keeps
//! the run reproducible; it biases bytes towards the characters the parser
//! treats specially so that short inputs reach deep paths.

use rep::{Profile, Robots, Switch};

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn bytes(&mut self, max_len: usize) -> Vec<u8> {
        const SPECIAL: &[u8] = b"/*$%#:?;\r\n\t \0\x0B\xEF\xBB\xBF\xC3\xA9aAzZ-_09";
        const WORDS: &[&[u8]] = &[
            b"user-agent",
            b"allow",
            b"disallow",
            b"sitemap",
            b"useragent",
            b"index.html",
            b"%2F",
            b"%e3%83",
        ];
        let len = self.below(max_len + 1);
        let mut out = Vec::with_capacity(len);
        while out.len() < len {
            match self.below(10) {
                0..=4 => out.push(SPECIAL[self.below(SPECIAL.len())]),
                5..=6 => out.extend_from_slice(WORDS[self.below(WORDS.len())]),
                _ => out.push(self.next() as u8),
            }
        }
        out
    }

    fn profile(&mut self) -> Profile {
        let mut profile = Profile::RFC9309;
        for switch in Switch::ALL {
            profile = profile.with(switch, self.next() & 1 == 1);
        }
        profile
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
            let robots = Robots::parse(&body, profile);
            let verdict = robots.check_bytes(&agent_refs, &url);
            // Whatever decided, the explanation must be consistent with it.
            if let Some(rule) = &verdict.rule {
                assert!(rule.line >= 1);
            }
            let _ = verdict.to_string();
            for diagnostic in robots.diagnostics() {
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
