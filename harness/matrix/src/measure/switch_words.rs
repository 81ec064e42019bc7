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
        (Switch::AcceptTypos, true) => {
            "reads the misspelt key of the case as the key it resembles, as Google's parser does (`useragent`, \
             `disalow` and a few more)"
        }
        (Switch::AcceptTypos, false) => {
            "does not read the misspelt key of the case as the key it resembles, which Google's parser does"
        }
        (Switch::KeyPrefix, true) => {
            "reads the key of the case by how it starts, as Google's parser reads `Disallowed:` as `Disallow`"
        }
        (Switch::KeyPrefix, false) => {
            "does not read the key of the case, which only starts with a known one, as that key, which Google's \
             parser does"
        }
        (Switch::MissingColon, true) => {
            "reads the case's line of two words without a colon (`Disallow /a`) as a record"
        }
        (Switch::MissingColon, false) => {
            "does not read the case's line of two words without a colon (`Disallow /a`) as a record, which \
             Google's parser does"
        }
        (Switch::IndexHtml, true) => "lets an `Allow` of an `index.htm…` page allow its directory too",
        (Switch::IndexHtml, false) => {
            "lets an `Allow` of an `index.htm…` page allow that page only, where Google's parser allows its \
             directory too"
        }
        (Switch::NoPercentNormalisation, true) => {
            "compares the case's percent-escapes as written, without normalising them"
        }
        (Switch::NoPercentNormalisation, false) => {
            "normalises the case's percent-escapes before comparing, where Google's parser compares the URL as given"
        }
        (Switch::LineLengthCut, true) => "cuts the case's very long line (past 16,663 bytes) and reads its start",
        (Switch::LineLengthCut, false) => {
            "reads the case's very long line whole, where Google's parser cuts it past 16,663 bytes"
        }
        (Switch::ProductTokenPrefix, true) => {
            "names a group by the letters, `-` and `_` its user-agent value starts with (`FooBot/1.0` names `FooBot`)"
        }
        (Switch::ProductTokenPrefix, false) => {
            "does not name a group by the start of the case's user-agent value, which is not a product token as \
             a whole, as Google's parser does"
        }
        (Switch::StarWithTrailingText, true) => {
            "reads a `*` followed by a space and text (`* bots`) as the global group"
        }
        (Switch::StarWithTrailingText, false) => {
            "does not read the case's `*` followed by a space and text as the global group, which Google's parser does"
        }
        (Switch::RobotsTxtNotSpecial, true) => "lets a rule disallow `/robots.txt`",
        (Switch::RobotsTxtNotSpecial, false) => {
            "always allows `/robots.txt`, where Google's parser lets a rule disallow it"
        }
        (Switch::NoSizeLimit, true) => "reads the whole body, past the 500 KiB RFC 9309 lets a parser stop at",
        (Switch::NoSizeLimit, false) => {
            "stops reading a long body at a size limit, where Google's parser reads it whole"
        }
        (Switch::PartialBom, true) => "skips a partial byte order mark (`EF` or `EF BB`) at the start of the file",
        (Switch::PartialBom, false) => {
            "does not skip a partial byte order mark at the start of the file, which Google's parser does"
        }
        (Switch::NulEndsText, true) => "ends the case's line, or the URL's path, at its NUL byte",
        (Switch::NulEndsText, false) => {
            "reads the case's NUL byte as any other byte, where Google's parser ends the text there"
        }
        (Switch::AsciiWhitespaceTrim, true) => {
            "trims the case's vertical tab or form feed around a key or value, as it trims spaces"
        }
        (Switch::AsciiWhitespaceTrim, false) => {
            "does not trim the case's vertical tab or form feed around a key or value, which Google's parser does"
        }
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
