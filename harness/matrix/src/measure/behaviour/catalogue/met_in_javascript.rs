//! Behaviours first met in the differences of the JavaScript parsers (robots-txt-parser, robots-parser, robots-txt-guard, robots-js), tried after
//! those before them in [`super::all`].
//!
//! Each was found by calling the library on a page's minimal case, varying
//! the case by hand and reading the library's source: robots-parser cuts a
//! group's name at `/` and encodes rules with `encodeURI` but the URL with
//! the URL standard; robots-txt-parser turns each rule into an unanchored
//! regular expression tested against the whole URL and keeps one group per
//! name, the last; robots-js looks for the pieces of a wildcard rule with
//! `indexOf` from where the previous piece started. What these libraries
//! share with the Rust, Perl and Ruby parsers (`'` encoded in the query,
//! non-ASCII rules unmatched, only the first `*` group read) is named in
//! that group's file.

use super::{
    combine_groups_of_one_name, lines, q, root_for_empty_path, split_url, unrelated_name, with_body, with_lines,
    without_lines, Behaviour, Line, Reference,
};
use rep_core::diff::Probe;

pub(super) const BEHAVIOURS: &[Behaviour] = &[
    Behaviour {
        id: "nul-kept",
        title: "reads a NUL byte and what follows it as part of the line, where Google's parser ends the line at the NUL (`User-agent: Foo\\0Bar` names `Foo\\0Bar`, not `Foo`)",
        questions: &[
            q(
                "User-agent: Foo\0Bar\nDisallow: /a\n",
                "Foo",
                "https://example.com/a",
                false,
                true,
            ),
            q(
                "User-agent: *\nDisallow: /a\0b\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
        ],
        reference: Reference::Google,
        vary: cut_lines_at_nul,
    },
    Behaviour {
        id: "group-name-cut-at-slash",
        title: "cuts the name on a user-agent line at its first `/`, so `User-agent: b2w/0.1` names the agent `b2w`",
        questions: &[
            q(
                "User-agent: b2w/0.1\nDisallow: /a\n",
                "b2w",
                "https://example.com/a",
                true,
                false,
            ),
            // Punctuation before the `/`: not Google's product token read
            // with digits allowed, which stops at the `+`.
            q(
                "User-agent: Foo+Bot/1.0\nDisallow: /a\n",
                "Foo+Bot",
                "https://example.com/a",
                true,
                false,
            ),
            // Not a group whose name starts with the agent asked.
            q(
                "User-agent: b2w/0.1\nDisallow: /a\n",
                "b2",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: rename_groups_named_before_a_slash,
    },
    Behaviour {
        id: "rule-encoded-url-not",
        title: "percent-encodes `|`, `^`, `[` and `]` in a rule, where the URL's path keeps them as written: `Disallow: /a|b` does not match `/a|b`, and `Disallow: /a]b` matches `/a%5Db`",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a|b\n",
                "FooBot",
                "https://example.com/a|b",
                false,
                true,
            ),
            // Written encoded on both sides, they match.
            q(
                "User-agent: *\nDisallow: /a%7Cb\n",
                "FooBot",
                "https://example.com/a%7Cb",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: encode_unequally_encoded,
    },
    Behaviour {
        id: "escape-case-kept",
        title: "compares percent-escapes as written, so `%2f` in a rule does not match `%2F` in the URL",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a%2fb\n",
                "FooBot",
                "https://example.com/a%2Fb",
                false,
                true,
            ),
            // The same escape in the same case matches: escapes are read.
            q(
                "User-agent: *\nDisallow: /a%2Fb\n",
                "FooBot",
                "https://example.com/a%2Fb",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: upper_case_escapes,
    },
    Behaviour {
        id: "end-anchor-on-written-url",
        title: "reads a final `$` as the end of the URL as written, so `Disallow: /$` does not match `https://example.com`, which has no `/`",
        questions: &[
            q(
                "User-agent: *\nDisallow: /$\n",
                "FooBot",
                "https://example.com",
                false,
                true,
            ),
            // Without `$` the same URL is matched as `/`: not empty-path-not-root.
            q(
                "User-agent: *\nDisallow: /\n",
                "FooBot",
                "https://example.com",
                false,
                false,
            ),
            // `$` ends a path that has one: not no-end-anchor.
            q(
                "User-agent: *\nDisallow: /a$\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: root_for_pathless_url_under_anchored_rule,
    },
    Behaviour {
        id: "later-group-replaces",
        title: "keeps one group per name, the last: a later group naming an agent again replaces the rules of the earlier one",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a\nUser-agent: BarBot\nDisallow: /b\nUser-agent: *\nDisallow: /c\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // The later group's rules are obeyed: not first-group-only.
            q(
                "User-agent: *\nDisallow: /a\nUser-agent: BarBot\nDisallow: /b\nUser-agent: *\nDisallow: /c\n",
                "FooBot",
                "https://example.com/c",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: combine_groups_of_one_name,
    },
    Behaviour {
        id: "rule-anywhere-in-url",
        title: "matches a rule anywhere in the URL, scheme and host included, not only from the start of its path (`Disallow: /a` matches `/x/a`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/x/a",
                true,
                false,
            ),
            // Not a `/` put before the rule, which would not match here.
            q(
                "User-agent: *\nDisallow: b\n",
                "FooBot",
                "https://example.com/ab",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rules_matching_off_the_path_start,
    },
    Behaviour {
        id: "wildcard-pieces-overlap",
        title: "matches a rule with `*` by looking for each piece between the `*`s from where the piece before it started, so pieces may overlap and the first need not start the path (`/a*/b*/b` matches `/a/b`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a*/b*/b\n",
                "FooBot",
                "https://example.com/a/b",
                true,
                false,
            ),
            q(
                "User-agent: *\nDisallow: /b*c\n",
                "FooBot",
                "https://example.com/a/b/c",
                true,
                false,
            ),
            // `*` is read as a wildcard: not no-wildcard.
            q(
                "User-agent: *\nDisallow: /a*c\n",
                "FooBot",
                "https://example.com/abc",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_wildcard_rules_not_matching_the_path,
    },
];

/// Every line cut at its first NUL, as Google's parser reads it.
fn cut_lines_at_nul(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let nul = line.bytes.iter().position(|&b| b == 0)?;
            Some(line.bytes[..nul].to_vec())
        }),
    )
}

/// `line` with its value replaced, its key kept as written.
fn with_value(line: &Line, value: &[u8]) -> Vec<u8> {
    let colon = line.bytes.iter().position(|&b| b == b':').unwrap_or(line.bytes.len());
    [&line.bytes[..colon], b": ", value].concat()
}

/// What comes before the first `/`, trimmed and lower-cased.
fn before_slash(name: &[u8]) -> Vec<u8> {
    let end = name.iter().position(|&b| b == b'/').unwrap_or(name.len());
    name[..end].trim_ascii().to_ascii_lowercase()
}

/// Groups whose name holds a `/` and, cut there, is an agent asked (cut
/// the same way) renamed to a name no agent asked contains.
fn rename_groups_named_before_a_slash(probe: &Probe) -> Option<Probe> {
    let asked: Vec<Vec<u8>> = probe
        .agents
        .iter()
        .map(|agent| before_slash(agent.as_bytes()))
        .collect();
    let unrelated = unrelated_name(probe);
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = line.value();
            let named = line.is_agent() && value.contains(&b'/') && asked.contains(&before_slash(value));
            named.then(|| format!("User-agent: {unrelated}").into_bytes())
        }),
    )
}

/// A `/` given to a URL without a path, where a rule ends in `$`: the
/// construct is the anchor meeting a URL written without its `/` (a query
/// right after the host is query-after-host-unrooted's).
fn root_for_pathless_url_under_anchored_rule(probe: &Probe) -> Option<Probe> {
    let anchored = lines(&probe.body)
        .iter()
        .any(|line| line.is_rule() && line.value().ends_with(b"$"));
    if anchored {
        root_for_empty_path(probe)
    } else {
        None
    }
}

/// The characters `encodeURI` escapes and the URL standard leaves as they
/// are in a path.
const UNEQUALLY_ENCODED: [u8; 4] = [b'|', b'^', b'[', b']'];

fn escaped_unequal(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .flat_map(|&b| {
            if UNEQUALLY_ENCODED.contains(&b) {
                format!("%{b:02X}").into_bytes()
            } else {
                vec![b]
            }
        })
        .collect()
}

/// [`UNEQUALLY_ENCODED`] written as percent-escapes in the rules and in the
/// URL's path alike, as the library writes them in rules.
fn encode_unequally_encoded(probe: &Probe) -> Option<Probe> {
    let (origin, rest) = split_url(&probe.url)?;
    let body = with_lines(&probe.body, |line| {
        (line.is_rule() && line.value().iter().any(|b| UNEQUALLY_ENCODED.contains(b)))
            .then(|| with_value(line, &escaped_unequal(line.value())))
    });
    let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
    let url = format!(
        "{origin}{}{}",
        String::from_utf8_lossy(&escaped_unequal(&rest.as_bytes()[..path_end])),
        &rest[path_end..]
    );
    (body.is_some() || url != probe.url).then(|| Probe {
        body: body.unwrap_or_else(|| probe.body.clone()),
        agents: probe.agents.clone(),
        url,
    })
}

/// `bytes` with the hex digits of every percent-escape upper-cased.
fn escapes_upper_cased(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for at in 0..out.len() {
        let escape = out[at] == b'%'
            && out
                .get(at + 1..at + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        if escape {
            out[at + 1..at + 3].make_ascii_uppercase();
        }
    }
    out
}

fn upper_case_escapes(probe: &Probe) -> Option<Probe> {
    let body = with_lines(&probe.body, |line| {
        let upper = escapes_upper_cased(line.value());
        (line.is_rule() && upper != line.value()).then(|| with_value(line, &upper))
    });
    let url = String::from_utf8_lossy(&escapes_upper_cased(probe.url.as_bytes())).into_owned();
    (body.is_some() || url != probe.url).then(|| Probe {
        body: body.unwrap_or_else(|| probe.body.clone()),
        agents: probe.agents.clone(),
        url,
    })
}

/// Whether `pattern`, `*` read as any sequence and a final `$` as the end,
/// matches `text` from its start.
fn matches_from_start(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.split_first() {
        None => true,
        Some((b'$', [])) => text.is_empty(),
        Some((b'*', rest)) => (0..=text.len()).any(|skip| matches_from_start(rest, &text[skip..])),
        Some((&first, rest)) => text.first() == Some(&first) && matches_from_start(rest, &text[1..]),
    }
}

/// The URL's path, `/` when it has none.
fn path_of(url: &str) -> Option<String> {
    let (_, rest) = split_url(url)?;
    Some(if rest.starts_with('/') {
        rest.to_string()
    } else {
        format!("/{rest}")
    })
}

/// Rules with `*` that do not match the URL's path as RFC 9309 reads them:
/// for the references they decide nothing here, and a library finding their
/// pieces loosely may match them.
fn drop_wildcard_rules_not_matching_the_path(probe: &Probe) -> Option<Probe> {
    let path = path_of(&probe.url)?;
    with_body(
        probe,
        without_lines(&probe.body, |line: &Line| {
            line.is_rule() && line.value().contains(&b'*') && !matches_from_start(line.value(), path.as_bytes())
        }),
    )
}

/// Rules that match the URL somewhere (the whole URL as written, as the
/// library reads it) but do not match its path from the start, as RFC 9309
/// reads a rule: for the references they decide nothing here.
fn drop_rules_matching_off_the_path_start(probe: &Probe) -> Option<Probe> {
    let path = path_of(&probe.url)?;
    let url = probe.url.as_bytes();
    with_body(
        probe,
        without_lines(&probe.body, |line: &Line| {
            let value = line.value();
            line.is_rule()
                && !value.is_empty()
                && !matches_from_start(value, path.as_bytes())
                && (0..url.len()).any(|at| matches_from_start(value, &url[at..]))
        }),
    )
}

#[cfg(test)]
mod tests {
    //! Each behaviour against a library made by reading the input the way
    //! one with the behaviour does, then answering as `rep`'s Google profile
    //! (which gives the conforming answer to every question). The readings
    //! are written here apart from the edits above, so an edit is not
    //! tested against itself.

    use super::super::super::tests::Fake;
    use super::super::super::{answer, diagnose, explain};
    use super::*;
    use rep::Profile;
    use rep_core::implementation::RepImpl;

    /// How a library reads each input before deciding as Google (the
    /// behaviour tests' shared [`Fake`] does the rest).
    type Reading = fn(Probe) -> Probe;

    fn probe(body: &str, agent: &str, url: &str) -> Probe {
        Probe {
            body: body.as_bytes().to_vec(),
            agents: vec![agent.to_string()],
            url: url.to_string(),
        }
    }

    fn body_text(probe: &Probe) -> String {
        String::from_utf8_lossy(&probe.body).into_owned()
    }

    /// Each line of the body through `change`.
    fn each_line(probe: Probe, change: impl Fn(&str) -> String) -> Probe {
        let body: String = body_text(&probe).lines().map(|line| change(line) + "\n").collect();
        Probe {
            body: body.into_bytes(),
            ..probe
        }
    }

    fn rule_value(line: &str) -> Option<&str> {
        let (key, value) = line.split_once(':')?;
        matches!(key.trim().to_ascii_lowercase().as_str(), "allow" | "disallow").then(|| value.trim())
    }

    fn key_of(line: &str) -> &str {
        line.split(':').next().unwrap_or_default()
    }

    fn agent_value(line: &str) -> Option<&str> {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case("user-agent").then(|| value.trim())
    }

    fn written_path(url: &str) -> String {
        let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
        rest.find('/').map_or("/".to_string(), |at| rest[at..].to_string())
    }

    /// A NUL read as an ordinary character.
    fn nul_kept(probe: Probe) -> Probe {
        let body = body_text(&probe).replace('\0', "x");
        Probe {
            body: body.into_bytes(),
            ..probe
        }
    }

    /// A group named `agent/…` given to the agent asked, both renamed to a
    /// plain token Google's profile reads whole.
    fn group_name_cut_at_slash(probe: Probe) -> Probe {
        let asked = probe.agents[0].to_ascii_lowercase();
        let mut named = false;
        let mut read = each_line(probe, |line| match agent_value(line) {
            Some(name)
                if name.contains('/') && name.split('/').next().unwrap_or_default().to_ascii_lowercase() == asked =>
            {
                "User-agent: CutBot".to_string()
            }
            _ => line.to_string(),
        });
        named |= body_text(&read).contains("CutBot");
        if named {
            read.agents = vec!["CutBot".to_string()];
        }
        read
    }

    /// `|` in a rule written `%7C`; the URL left as it is.
    fn rule_encoded_url_not(probe: Probe) -> Probe {
        each_line(probe, |line| match rule_value(line) {
            Some(value) => format!("{}: {}", key_of(line), value.replace('|', "%7C")),
            None => line.to_string(),
        })
    }

    /// An escape written in lower case read as a literal `%`, in rules and URL.
    fn escape_case_kept(probe: Probe) -> Probe {
        let literal = |text: &str| text.replace("%2f", "%252f");
        let url = literal(&probe.url);
        let read = each_line(probe, |line| literal(line));
        Probe { url, ..read }
    }

    /// Against a URL written without a path, a rule ending in `$` matches nothing.
    fn end_anchor_on_written_url(probe: Probe) -> Probe {
        let pathless = probe.url.split_once("://").is_some_and(|(_, rest)| !rest.contains('/'));
        each_line(probe, |line| match rule_value(line) {
            Some(value) if pathless && value.ends_with('$') => String::new(),
            _ => line.to_string(),
        })
    }

    /// Of several groups with one name, only the last is read.
    fn later_group_replaces(probe: Probe) -> Probe {
        let text = body_text(&probe);
        let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
        for line in text.lines() {
            match agent_value(line) {
                Some(name) => groups.push((name.to_ascii_lowercase(), vec![line])),
                None => match groups.last_mut() {
                    Some((_, lines)) => lines.push(line),
                    None => groups.push((String::new(), vec![line])),
                },
            }
        }
        let body: String = groups
            .iter()
            .enumerate()
            .filter(|(at, (name, _))| !groups[at + 1..].iter().any(|(later, _)| later == name))
            .flat_map(|(_, (_, lines))| lines.iter().map(|line| format!("{line}\n")))
            .collect();
        Probe {
            body: body.into_bytes(),
            ..probe
        }
    }

    /// A rule found anywhere in the URL made a rule for the URL's path.
    fn rule_anywhere_in_url(probe: Probe) -> Probe {
        let url = probe.url.clone();
        each_line(probe, |line| match rule_value(line) {
            Some(value) if !value.is_empty() && !value.contains('*') && url.contains(value) => {
                format!("{}: {}", key_of(line), written_path(&url))
            }
            _ => line.to_string(),
        })
    }

    /// Each piece of a wildcard rule looked for from where the one before
    /// it was found; a rule that matches so made a rule for the path.
    fn wildcard_pieces_overlap(probe: Probe) -> Probe {
        let path = written_path(&probe.url);
        let found = |rule: &str| {
            let mut from = 0;
            rule.split('*').all(|piece| match path[from..].find(piece) {
                Some(at) => {
                    from += at;
                    true
                }
                None => false,
            })
        };
        // Only where the loose search finds what Google's reading does not.
        let url = probe.url.clone();
        let google_matches = |value: &str| {
            let alone = format!("User-agent: *\nDisallow: {value}\n");
            !rep::check_once(alone.as_bytes(), Profile::GOOGLE, &[b"FooBot"], url.as_bytes()).allowed
        };
        each_line(probe, |line| match rule_value(line) {
            Some(value) if value.contains('*') && found(value) && !google_matches(value) => {
                format!("{}: {path}", key_of(line))
            }
            _ => line.to_string(),
        })
    }

    fn confirmed(reading: Reading) -> Vec<String> {
        diagnose(&Fake { rewrite: reading })
            .confirmed()
            .map(|finding| finding.id.clone())
            .collect()
    }

    const READINGS: [(&str, Reading); 8] = [
        ("nul-kept", nul_kept),
        ("group-name-cut-at-slash", group_name_cut_at_slash),
        ("rule-encoded-url-not", rule_encoded_url_not),
        ("escape-case-kept", escape_case_kept),
        ("end-anchor-on-written-url", end_anchor_on_written_url),
        ("later-group-replaces", later_group_replaces),
        ("rule-anywhere-in-url", rule_anywhere_in_url),
        ("wildcard-pieces-overlap", wildcard_pieces_overlap),
    ];

    #[test]
    fn each_library_is_confirmed_in_its_behaviour_and_nothing_else() {
        for (id, reading) in READINGS {
            assert_eq!(confirmed(reading), [id], "the library for {id}");
        }
    }

    #[test]
    fn a_conforming_library_is_confirmed_in_none() {
        assert_eq!(confirmed(|probe| probe), Vec::<String>::new());
    }

    /// The behaviour `explain` names for the library with `reading` on a
    /// page's minimal case, against `reference`.
    fn named(reading: Reading, reference: Profile, case: &Probe) -> Option<String> {
        let library = Fake { rewrite: reading };
        let reference = RepImpl::new(reference);
        assert_ne!(
            answer(&library, case),
            answer(&reference, case),
            "not a difference: {case:?}"
        );
        explain(&diagnose(&library), case, answer(&reference, case), |varied| {
            (answer(&library, varied), answer(&reference, varied))
        })
        .map(|cause| cause.behaviour.id)
    }

    #[test]
    fn the_pages_minimal_cases_are_named_by_their_behaviour() {
        let cases: [(Reading, Profile, Probe); 8] = [
            (
                nul_kept,
                Profile::GOOGLE,
                probe("User-agent: Foo\0Bar\nDisallow: /a\n", "Foo", "https://example.com/a"),
            ),
            (
                group_name_cut_at_slash,
                Profile::RFC9309,
                probe(
                    "User-agent: *\nAllow: /\nUser-agent: www.integromedb.org/Crawler\nDisallow: /\n",
                    "www.integromedb.org",
                    "https://example.com/",
                ),
            ),
            (
                rule_encoded_url_not,
                Profile::RFC9309,
                probe("User-agent: *\nDisallow: /a|b\n", "Twitterbot", "https://example.com/a|b"),
            ),
            (
                escape_case_kept,
                Profile::RFC9309,
                probe("User-agent: *\nDisallow: /a%2fb\n", "FooBot", "https://example.com/a%2Fb"),
            ),
            (
                end_anchor_on_written_url,
                Profile::RFC9309,
                probe("User-agent: *\nDisallow: /$\n", "FooBot", "https://example.com"),
            ),
            (
                later_group_replaces,
                Profile::RFC9309,
                probe(
                    "User-agent: *\nDisallow: /category/sales-demo/\nUser-agent: Mediapartners-Google\nDisallow:\nUser-agent: *\n",
                    "CCBot",
                    "https://example.com/category/sales-demo/",
                ),
            ),
            (
                rule_anywhere_in_url,
                Profile::RFC9309,
                probe(
                    "User-agent: *\nDisallow: http://10.211.8.146/\n",
                    "GPTBot",
                    "https://example.com/http://10.211.8.146/",
                ),
            ),
            (
                wildcard_pieces_overlap,
                Profile::RFC9309,
                probe("User-agent: *\nDisallow: /sh*/ea*/e*\n", "DuckDuckBot", "https://example.com/sh/ea"),
            ),
        ];
        for ((id, _), (reading, reference, case)) in READINGS.iter().zip(cases) {
            assert_eq!(named(reading, reference, &case).as_deref(), Some(*id), "{case:?}");
        }
    }

    fn varied(vary: fn(&Probe) -> Option<Probe>, case: &Probe) -> Option<(String, String)> {
        vary(case).map(|probe| (body_text(&probe), probe.url))
    }

    #[test]
    fn each_edit_takes_out_its_construct_and_says_when_there_is_none() {
        let url = "https://example.com/a";
        let case = probe("User-agent: Foo\0Bar\nDisallow: /a\0b\n", "Foo", url);
        assert_eq!(
            varied(cut_lines_at_nul, &case),
            Some(("User-agent: Foo\nDisallow: /a\n".into(), url.into()))
        );
        let case = probe("User-agent: b2w/0.1\nDisallow: /\nUser-agent: b2wx/1\n", "B2W", url);
        assert_eq!(
            varied(rename_groups_named_before_a_slash, &case),
            Some((
                "User-agent: NoSuchBot0\nDisallow: /\nUser-agent: b2wx/1\n".into(),
                url.into()
            ))
        );
        let case = probe(
            "User-agent: *\nDisallow: *|*\nAllow: /[a]\n",
            "FooBot",
            "https://example.com/|?q=|",
        );
        assert_eq!(
            varied(encode_unequally_encoded, &case),
            Some((
                "User-agent: *\nDisallow: *%7C*\nAllow: /%5Ba%5D\n".into(),
                "https://example.com/%7C?q=|".into()
            ))
        );
        let case = probe(
            "User-agent: *\nDisallow: /a%2fb%C3%bc\n",
            "FooBot",
            "https://example.com/a%2f%zz",
        );
        assert_eq!(
            varied(upper_case_escapes, &case),
            Some((
                "User-agent: *\nDisallow: /a%2Fb%C3%BC\n".into(),
                "https://example.com/a%2F%zz".into()
            ))
        );
        let case = probe(
            "User-agent: *\nDisallow: tp\nDisallow: /x\nAllow: /a*z$\nDisallow: /b\n",
            "FooBot",
            "https://example.com/x/b",
        );
        // `tp` matches inside `https`, `/b` inside the path; `/x` starts the
        // path and `/a*z$` matches nowhere.
        assert_eq!(
            varied(drop_rules_matching_off_the_path_start, &case),
            Some(("User-agent: *\nDisallow: /x\nAllow: /a*z$\n".into(), case.url.clone()))
        );
        let case = probe(
            "User-agent: *\nDisallow: /sh*/ea*/e*\nDisallow: */photo/*\n",
            "FooBot",
            "https://example.com/sh/ea/photo/",
        );
        // The first matches only when its pieces overlap; the second matches.
        assert_eq!(
            varied(drop_wildcard_rules_not_matching_the_path, &case),
            Some(("User-agent: *\nDisallow: */photo/*\n".into(), case.url.clone()))
        );
        let pathless = "https://example.com?q=1";
        let case = probe("User-agent: *\nDisallow: /$\n", "FooBot", pathless);
        assert_eq!(
            varied(root_for_pathless_url_under_anchored_rule, &case),
            Some((
                "User-agent: *\nDisallow: /$\n".into(),
                "https://example.com/?q=1".into()
            ))
        );
        let case = probe("User-agent: *\nDisallow: /?q\n", "FooBot", pathless);
        assert_eq!(varied(root_for_pathless_url_under_anchored_rule, &case), None);
        let plain = probe("User-agent: *\nDisallow: /a\n", "FooBot", url);
        for vary in [
            cut_lines_at_nul,
            rename_groups_named_before_a_slash,
            encode_unequally_encoded,
            upper_case_escapes,
            drop_rules_matching_off_the_path_start,
            drop_wildcard_rules_not_matching_the_path,
        ] {
            assert_eq!(varied(vary, &plain), None);
        }
    }

    #[test]
    fn patterns_match_from_the_start_with_wildcards_and_the_end_anchor() {
        assert!(matches_from_start(b"/a", b"/ab"));
        assert!(!matches_from_start(b"/a", b"/xa"));
        assert!(matches_from_start(b"/a*c$", b"/abbc"));
        assert!(!matches_from_start(b"/a*c$", b"/abcd"));
        assert!(matches_from_start(b"*", b""));
        assert!(!matches_from_start(b"/a$", b""));
    }
}
