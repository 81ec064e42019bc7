//! What the integration tests share: a small, fixed-seed random generator
//! biased towards the bytes and words the parser treats specially.

#![allow(dead_code)] // each test binary uses its own part

use rep::{Profile, Switch};

/// SplitMix64: tiny, fast and good enough to spread test inputs.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn bytes(&mut self, max_len: usize) -> Vec<u8> {
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

    pub fn profile(&mut self) -> Profile {
        let mut profile = Profile::RFC9309;
        for switch in Switch::ALL {
            profile = profile.with(switch, self.next() & 1 == 1);
        }
        profile
    }

    /// One of `choices`.
    pub fn pick<'c, T: ?Sized>(&mut self, choices: &[&'c T]) -> &'c T {
        choices[self.below(choices.len())]
    }

    /// A robots.txt-like body: lines of the keys, separators, agents and
    /// pattern pieces that steer the parser, with every kind of line end.
    pub fn robots_body(&mut self, max_lines: usize) -> Vec<u8> {
        const INDENTS: &[&[u8]] = &[b"", b"", b"", b" ", b"\t", b"\x0B"];
        const KEYS: &[&[u8]] = &[
            b"User-agent",
            b"user-agent",
            b"USER-AGENT",
            b"useragent",
            b"User agent",
            b"User-agents",
            b"Allow",
            b"allow",
            b"ALLOW",
            b"Allowance",
            b"Disallow",
            b"disallow",
            b"DisAllow",
            b"disallowed",
            b"Dissallow",
            b"Sitemap",
            b"Crawl-delay",
            b"# Disallow",
            b"",
            b"\0Allow",
        ];
        const SEPARATORS: &[&[u8]] = &[b": ", b":", b" : ", b" ", b"\t:\t", b":\x0C"];
        const AGENTS: &[&[u8]] = &[
            b"FooBot",
            b"foobot",
            b"*",
            b"BarBot/1.0",
            b"* bots",
            b"Other",
            b"Foo Bot",
            b"",
        ];
        const PIECES: &[&[u8]] = &[
            b"/",
            b"/",
            b"a",
            b"b",
            b"/a",
            b"/b",
            b"*",
            b"$",
            b"%61",
            b"%2F",
            b"%2f",
            b"\xC3\xA9",
            b"index.html",
            b"?",
            b"x=1",
            b" #c",
            b"\0",
            b" ",
            b"~",
        ];
        const LINE_ENDS: &[&[u8]] = &[b"\n", b"\n", b"\r\n", b"\r"];
        let mut body = Vec::new();
        for _ in 0..self.below(max_lines + 1) {
            body.extend_from_slice(self.pick(INDENTS));
            let key = self.pick(KEYS);
            body.extend_from_slice(key);
            body.extend_from_slice(self.pick(SEPARATORS));
            if key.eq_ignore_ascii_case(b"user-agent") || self.below(4) == 0 {
                body.extend_from_slice(self.pick(AGENTS));
            } else {
                for _ in 0..self.below(5) {
                    body.extend_from_slice(self.pick(PIECES));
                }
            }
            body.extend_from_slice(self.pick(LINE_ENDS));
        }
        if self.below(2) == 0 {
            body.pop();
        }
        body
    }

    /// A body made of the byte shapes that break readers which look ahead
    /// past a line's end: keys with CR, LF, tab, NUL, VT, FF or a non-UTF-8
    /// byte inside or before them (`\tUser\ragent:`, the 12-byte panic of
    /// issue 27), lines joined without a line end, a key cut short at the end
    /// of the file, invalid UTF-8 in values. With `huge`, some lines start
    /// with blanks or text reaching just short of or past Google's
    /// 16,663-byte cut, so their key straddles it or lies beyond it.
    pub fn hostile_body(&mut self, max_lines: usize, huge: bool) -> Vec<u8> {
        const KEYS: &[&[u8]] = &[
            b"User-agent",
            b"user-agent",
            b"useragent",
            b"User agent",
            b"Allow",
            b"Disallow",
            b"disallow",
            b"Sitemap",
            b"Dissallow",
        ];
        const STRAY: &[u8] = b"\r\n\t\0\x0B\x0C \xFF\xC3\xEF:#";
        const PREFIXES: &[&[u8]] = &[b"", b"", b"\t", b"\r", b"\0", b" \t", b"\x0B", b"\xEF\xBB", b"\xFF"];
        const SEPARATORS: &[&[u8]] = &[b":", b": ", b" :", b"\t:\t", b"", b" ", b":\r", b":\0"];
        const VALUES: &[&[u8]] = &[
            b"*",
            b"FooBot",
            b"/",
            b"/a*b$",
            b"/caf\xC3\xA9",
            b"\xC3\x28",
            b"\xFF\xFE",
            b"* x",
            b"%2",
            b"",
            b"\0/x",
            b"/index.html",
        ];
        const LINE_ENDS: &[&[u8]] = &[b"\n", b"\r\n", b"\r", b"\n\r", b""];
        let mut body = Vec::new();
        for _ in 0..self.below(max_lines + 1) {
            body.extend_from_slice(self.pick(PREFIXES));
            if huge && self.below(4) == 0 {
                let filler = self.pick(&[&b" "[..], b"\t", b"x"]);
                body.extend(filler.repeat(rep::GOOGLE_MAX_LINE_BYTES - 8 + self.below(16)));
            }
            let mut key = self.pick(KEYS).to_vec();
            match self.below(4) {
                0 => {
                    let at = self.below(key.len());
                    key[at] = STRAY[self.below(STRAY.len())];
                }
                1 => {
                    let at = self.below(key.len() + 1);
                    key.insert(at, STRAY[self.below(STRAY.len())]);
                }
                _ => {}
            }
            body.extend_from_slice(&key);
            body.extend_from_slice(self.pick(SEPARATORS));
            for _ in 0..self.below(3) {
                body.extend_from_slice(self.pick(VALUES));
            }
            body.extend_from_slice(self.pick(LINE_ENDS));
        }
        if self.below(3) == 0 {
            // A key cut short at the end of the file, perhaps with a stray byte.
            let key = self.pick(KEYS);
            body.extend_from_slice(&key[..self.below(key.len() + 1)]);
            if self.below(2) == 0 {
                body.push(STRAY[self.below(STRAY.len())]);
            }
        }
        body
    }

    /// A URL or path built from the same pieces as [`robots_body`]'s patterns.
    pub fn url(&mut self) -> Vec<u8> {
        const PIECES: &[&[u8]] = &[
            b"a",
            b"b",
            b"/",
            b"/a",
            b"index.html",
            b"%61",
            b"\xC3\xA9",
            b"?x=1",
            b"$",
            b"*",
            b"~",
        ];
        let mut url = if self.below(3) == 0 {
            b"https://example.com/".to_vec()
        } else {
            b"/".to_vec()
        };
        for _ in 0..self.below(5) {
            url.extend_from_slice(self.pick(PIECES));
        }
        url
    }
}

/// Every combination of the switches (each with the default size limit).
pub fn every_profile() -> impl Iterator<Item = Profile> {
    assert!(
        Switch::ALL.len() <= 16,
        "2^{} profiles: sample them instead",
        Switch::ALL.len()
    );
    (0u32..1 << Switch::ALL.len()).map(|mask| {
        Switch::ALL
            .iter()
            .enumerate()
            .fold(Profile::RFC9309, |profile, (bit, &switch)| {
                profile.with(switch, mask >> bit & 1 == 1)
            })
    })
}

/// Each preset, and each with one switch flipped.
pub fn presets_and_single_toggles() -> Vec<Profile> {
    let mut profiles = vec![Profile::RFC9309, Profile::GOOGLE];
    for preset in [Profile::RFC9309, Profile::GOOGLE] {
        profiles.extend(Switch::ALL.map(|switch| preset.with(switch, !preset.is_on(switch))));
    }
    profiles
}
