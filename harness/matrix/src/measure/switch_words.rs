//! What a library does, told from a switch of `rep` that reproduces its
//! answers: each switch's two settings as a library's behaviour, so that a
//! difference a switch explains names what the library does, not only the
//! name of a setting of ours. On is Google's side, off RFC 9309's
//! ([`rep::Switch`]).

use rep::Switch;

/// What a library does that answers as `rep` with `switch` on (`on`) or
/// off, as a verb phrase after "the library".
pub fn library_does(switch: Switch, on: bool) -> &'static str {
    match (switch, on) {
        (Switch::AcceptTypos, true) => "reads misspelt keys (`useragent`, `disalow`) as the keys they resemble",
        (Switch::AcceptTypos, false) => "reads no misspelt key: `useragent` and `disalow` start no record",
        (Switch::KeyPrefix, true) => {
            "reads a key by how it starts (`Disallowed:` as `Disallow`, `User-agents:` as `User-agent`)"
        }
        (Switch::KeyPrefix, false) => "compares whole keys: `Disallowed:` and `User-agents:` start no record",
        (Switch::MissingColon, true) => "reads a line of two words without a colon (`Disallow /a`) as a record",
        (Switch::MissingColon, false) => "needs the colon: a line such as `Disallow /a` is no record",
        (Switch::IndexHtml, true) => "lets `Allow: /a/index.html` allow the directory `/a/` too",
        (Switch::IndexHtml, false) => "lets `Allow: /a/index.html` allow that path only, not the directory `/a/`",
        (Switch::NoPercentNormalisation, true) => {
            "compares the URL's path as given, without normalising its percent-escapes"
        }
        (Switch::NoPercentNormalisation, false) => {
            "normalises percent-escapes on both sides before comparing (unreserved ones decoded, others kept, hex \
             upper-cased)"
        }
        (Switch::LineLengthCut, true) => "cuts a very long line (past 16,663 bytes) and reads its start",
        (Switch::LineLengthCut, false) => "reads a line whole, however long",
        (Switch::ProductTokenPrefix, true) => {
            "names a group by the letters, `-` and `_` its user-agent value starts with (`FooBot/1.0` names `FooBot`)"
        }
        (Switch::ProductTokenPrefix, false) => {
            "names a group only by a user-agent value that is a product token as a whole (`FooBot/1.0` names no crawler)"
        }
        (Switch::StarWithTrailingText, true) => "reads `* ` followed by text (`* bots`) as the global group",
        (Switch::StarWithTrailingText, false) => "reads only a value of exactly `*` as the global group",
        (Switch::RobotsTxtNotSpecial, true) => "matches `/robots.txt` as any other path, so a rule can disallow it",
        (Switch::RobotsTxtNotSpecial, false) => "always allows `/robots.txt`",
        (Switch::NoSizeLimit, true) => "reads the whole body, however long",
        (Switch::NoSizeLimit, false) => "stops reading at a size limit (500 KiB at least)",
        (Switch::PartialBom, true) => "skips a partial byte order mark (`EF` or `EF BB`) at the start of the file",
        (Switch::PartialBom, false) => "skips only a whole byte order mark at the start of the file",
        (Switch::NulEndsText, true) => "ends a line's text, and the URL's path, at a NUL byte",
        (Switch::NulEndsText, false) => "reads a NUL byte as any other byte",
        (Switch::AsciiWhitespaceTrim, true) => {
            "trims every ASCII space character (space, tab, vertical tab, form feed) around keys and values"
        }
        (Switch::AsciiWhitespaceTrim, false) => "trims only spaces and tabs around keys and values",
        _ => "answers as that setting does",
    }
}

/// [`library_does`] for the switch called `name` ([`Switch::name`]).
pub fn library_does_named(name: &str, on: bool) -> Option<&'static str> {
    Switch::from_name(name).map(|switch| library_does(switch, on))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_is_told_both_ways_in_one_plain_line() {
        for switch in Switch::ALL {
            let (on, off) = (library_does(switch, true), library_does(switch, false));
            assert_ne!(on, off, "{switch}");
            for words in [on, off] {
                assert_ne!(words, "answers as that setting does", "{switch} is not told");
                assert!(!words.chars().any(char::is_control), "{switch}: {words:?}");
            }
        }
        assert_eq!(library_does_named("no-such-switch", true), None);
        let limit = rep::GOOGLE_MAX_LINE_BYTES;
        let limit = format!("{},{:03}", limit / 1000, limit % 1000);
        assert!(library_does(Switch::LineLengthCut, true).contains(&limit), "{limit}");
    }

    /// The words say what the switch does: each is checked against `rep`
    /// answering a case of the behaviour with the switch on and off.
    #[test]
    fn the_words_match_what_the_switch_decides() {
        let answer = |switch: Switch, on: bool, body: &str, agent: &str, path: &str| {
            let profile = rep::Profile::RFC9309.with(switch, on);
            let url = format!("https://example.com{path}");
            rep::check_once(body.as_bytes(), profile, &[agent.as_bytes()], url.as_bytes()).allowed
        };
        let cases: [(Switch, &str, &str, &str, bool); 6] = [
            // (switch, body, agent, path, allowed with the switch on)
            (
                Switch::AcceptTypos,
                "useragent: *\ndisalow: /a\n",
                "FooBot",
                "/a",
                false,
            ),
            (
                Switch::KeyPrefix,
                "User-agents: *\nDisallowed: /a\n",
                "FooBot",
                "/a",
                false,
            ),
            (
                Switch::MissingColon,
                "User-agent *\nDisallow /a\n",
                "FooBot",
                "/a",
                false,
            ),
            (
                Switch::IndexHtml,
                "User-agent: *\nDisallow: /a/\nAllow: /a/index.html\n",
                "FooBot",
                "/a/",
                true,
            ),
            (
                Switch::ProductTokenPrefix,
                "User-agent: FooBot/1.0\nDisallow: /a\n",
                "FooBot",
                "/a",
                false,
            ),
            (
                Switch::StarWithTrailingText,
                "User-agent: * bots\nDisallow: /a\n",
                "FooBot",
                "/a",
                false,
            ),
        ];
        for (switch, body, agent, path, allowed_on) in cases {
            assert_eq!(answer(switch, true, body, agent, path), allowed_on, "{switch} on");
            assert_eq!(answer(switch, false, body, agent, path), !allowed_on, "{switch} off");
        }
    }
}
