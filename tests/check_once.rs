//! `check_once` (one pass, nothing kept) must give exactly the verdict of
//! `Robots::parse(..).check_bytes(..)` — same decision, rule, group, reason.

use rep::{check_once, Profile, Reason, Robots, Switch};

mod common;

use common::SplitMix;

const BODIES: &[&[u8]] = &[
    b"User-agent: *\nDisallow: /private\nAllow: /private/public\n",
    b"User-agent: FooBot\nUser-agent: *\nDisallow: /x\n\nUser-agent: BarBot\nAllow: /\nDisallow: /x/y\n",
    b"User-agent: FooBot\n\nUser-agent: *\nDisallow: /\n",
    b"Disallow: /early\nUser-agent: foobot\nDisallow:\nAllow: /a/index.html\n",
    b"User-agent: * bots\nDisallow: /%62\nDisallow: /caf\xC3\xA9\n",
    b"\xEF\xBBUser-agent: FooBot/1.0\nDisallow /x\nDissallow: /y\n",
    b"User-agent: *\nDisallow: /*.gif$\nAllow: /ok*\n",
    // Lines the one-pass reader skips unread (other agents' rules, comments,
    // unknown keys) while still finding where each group ends.
    b"User-agent: Other\nAllowance: /y\nUser-agent: FooBot\nDisallow: /x\n",
    b"User-agent: Other\nDisallow: /a\n# c\nsitemap: /s\n  disallow: /x\nuser-agent: foobot\nallow: /x\n",
    b"\tUser-agent: BarBot\r\nDisallow: /x\r\n\r\nUser-Agent: Other\rDisallow: /\rUSER-AGENT: foobot\rDisallow: /x/y",
    b"Disallow: /\nUser-agent: Other\nCrawl-delay: 5\nUser-agent: FooBot\nDisallow: /private\n",
    b"",
];

const URLS: &[&[u8]] = &[
    b"/",
    b"/x",
    b"/x/y",
    b"/private/public/a",
    b"/private/a",
    b"/a/",
    b"/a/index.html",
    b"/%62",
    b"/b",
    b"/caf%C3%A9",
    b"/y",
    b"/pic.gif",
    b"/ok.gif",
    b"/robots.txt",
    b"https://example.com/early",
];

#[test]
fn one_pass_equals_parse_then_check() {
    let profiles = [
        Profile::RFC9309,
        Profile::GOOGLE,
        Profile::GOOGLE.with(Switch::IndexHtml, false),
    ];
    let agent_sets: [&[&[u8]]; 4] = [&[b"FooBot"], &[b"BarBot"], &[b"Other"], &[b"foobot", b"barbot"]];
    for profile in profiles {
        for body in BODIES {
            let robots = Robots::parse(body, profile);
            for agents in agent_sets {
                for url in URLS {
                    assert_eq!(
                        check_once(body, profile, agents, url),
                        robots.check_bytes(agents, url),
                        "{profile:?} {:?} {agents:?} {:?}",
                        String::from_utf8_lossy(body),
                        String::from_utf8_lossy(url)
                    );
                }
            }
        }
    }
}

#[test]
fn one_pass_explains_itself() {
    let verdict = check_once(
        b"User-agent: *\nDisallow: /tmp/\n",
        Profile::GOOGLE,
        &[b"FooBot"],
        b"/tmp/a",
    );
    assert!(!verdict.allowed);
    assert_eq!(verdict.line(), Some(2));
    assert_eq!(verdict.reason, Reason::RuleMatched);
    assert_eq!(verdict.rule.map(|rule| rule.pattern), Some("/tmp/".to_string()));
}

#[test]
fn one_pass_equals_parse_then_check_on_generated_files() {
    let mut rng = SplitMix(12);
    let agent_sets: [&[&[u8]]; 3] = [&[b"FooBot"], &[b"Other"], &[b"foobot", b"barbot"]];
    for round in 0..20_000 {
        let body = rng.robots_body(12);
        let profile = match round % 4 {
            0 => Profile::RFC9309,
            1 => Profile::GOOGLE,
            2 => Profile::GOOGLE.with(Switch::IndexHtml, false),
            _ => rng.profile(),
        };
        let robots = Robots::parse(&body, profile);
        for agents in agent_sets {
            let url = rng.url();
            assert_eq!(
                check_once(&body, profile, agents, &url),
                robots.check_bytes(agents, &url),
                "{profile:?} {:?} {agents:?} {:?}",
                String::from_utf8_lossy(&body),
                String::from_utf8_lossy(&url)
            );
        }
    }
}
