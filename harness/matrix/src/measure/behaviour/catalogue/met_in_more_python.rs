//! Behaviours first met in the differences of the other Python parsers (reppy2, robotstxt-py, gpyrobotstxt, fast-robotstxt, robots-txt-parser-py, robotexclusionrulesparser, cpython-robotparser), tried after
//! those before them in [`super::all`].

use super::super::edit::{lines, with_lines, without_lines, Line};
use super::{drop_bom, q, q_bytes, rename_unnamed_agents, split_url, with_body, Behaviour, Reference};
use rep_core::diff::Probe;

pub(super) const BEHAVIOURS: &[Behaviour] = &[
    Behaviour {
        id: "non-utf8-as-latin-1",
        title: "decodes a file that is not UTF-8 as Latin-1, so the byte `\\xE9` in a rule is read as `é` and matched as `%C3%A9`",
        questions: &[
            q_bytes(
                b"User-agent: *\nDisallow: /caf\xE9\n",
                "FooBot",
                "https://example.com/caf%C3%A9",
                true,
                false,
            ),
            // The byte is read as a character, not dropped: that is non-utf8-dropped.
            q_bytes(
                b"User-agent: *\nDisallow: /caf\xE9\n",
                "FooBot",
                "https://example.com/caf",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: escape_non_utf8,
    },
    Behaviour {
        id: "non-utf8-dropped",
        title: "drops the bytes of a file that are not UTF-8, so `Disallow: /caf\\xE9` reads as `Disallow: /caf` and `User-agent: *\\xA0` as `User-agent: *`",
        questions: &[q_bytes(
            b"User-agent: *\nDisallow: /caf\xE9\n",
            "FooBot",
            "https://example.com/caf",
            true,
            false,
        )],
        reference: Reference::Both,
        vary: escape_non_utf8,
    },
    Behaviour {
        id: "non-utf8-replaced",
        title: "decodes a file that is not UTF-8 with replacement characters, so a rule holding the byte `\\xE9` \
                matches neither `%E9` nor `%C3%A9`",
        questions: &[
            q_bytes(
                b"User-agent: *\nDisallow: /caf\xE9\n",
                "FooBot",
                "https://example.com/caf%E9",
                false,
                true,
            ),
            // Not Latin-1, which reads the byte as `é`.
            q_bytes(
                b"User-agent: *\nDisallow: /caf\xE9\n",
                "FooBot",
                "https://example.com/caf%C3%A9",
                true,
                true,
            ),
            // Not dropped, which leaves `Disallow: /caf`.
            q_bytes(
                b"User-agent: *\nDisallow: /caf\xE9\n",
                "FooBot",
                "https://example.com/caf",
                true,
                true,
            ),
            // Not a library that folds case, which misses `%E9` too.
            q("User-agent: *\nDisallow: /A\n", "FooBot", "https://example.com/a", true, true),
        ],
        reference: Reference::Both,
        vary: escape_non_utf8,
    },
    Behaviour {
        id: "bom-kept-rules-to-star",
        title: "keeps a byte order mark as part of the first line's key, so that line is not read and the rules under it go to the `*` group",
        questions: &[
            q(
                "\u{feff}User-agent: FooBot\nDisallow:\nUser-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // The rules under the unread line are obeyed as the `*` group's:
            // not bom-kept, which ignores them.
            q(
                "\u{feff}User-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
            // The unread line's agent is in no run of user-agent lines.
            q(
                "\u{feff}User-agent: FooBot\nDisallow: /a\n\nUser-agent: BarBot\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_bom,
    },
    Behaviour {
        id: "blank-line-splits-agents",
        title: "starts a new group at a blank line between user-agent lines, so the user-agent lines above it get no rules",
        questions: &[
            q(
                "User-agent: FooBot\n\nUser-agent: BarBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // A blank line between rules ends nothing: not blank-line-ends-group.
            q(
                "User-agent: *\nDisallow: /a\n\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_blank_lines_between_agents,
    },
    Behaviour {
        id: "googlebot-crawlers-fall-back",
        title: "gives `Googlebot-Image`, `Googlebot-News` and `Googlebot-Video` the `Googlebot` group when no group names them, as Google documents for its crawlers",
        questions: &[
            q(
                "User-agent: Googlebot\nDisallow: /a\n",
                "Googlebot-News",
                "https://example.com/a",
                true,
                false,
            ),
            // Not any agent the group's name starts: that is agent-prefix.
            q(
                "User-agent: Googlebot\nDisallow: /a\n",
                "Googlebot-Mobile",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: rename_googlebot_crawlers,
    },
    Behaviour {
        id: "repeated-name-continues-group",
        title: "continues an earlier group when a later run of user-agent lines starts with a name it had, so the agents of both runs share the rules of both",
        questions: &[
            q(
                "User-agent: *\nUser-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                true,
                false,
            ),
            q(
                "User-agent: *\nDisallow: /a\nUser-agent: *\nUser-agent: FooBot\nDisallow: /b\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // The later group's longer rule outranks the agent's own matching
            // one: not no-match-falls-to-star.
            q(
                "User-agent: *\nUser-agent: FooBot\nAllow: /a\nUser-agent: *\nDisallow: /a/b\n",
                "FooBot",
                "https://example.com/a/b",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: unshare_repeated_names,
    },
    Behaviour {
        id: "length-as-written",
        title: "decodes percent-escapes in a rule to match it but counts its length as written, so `Allow: /%7Ea` (6 octets) outranks `Disallow: /~ab` (4)",
        questions: &[
            q(
                "User-agent: *\nAllow: /%7Ea\nDisallow: /~ab\n",
                "FooBot",
                "https://example.com/~ab",
                false,
                true,
            ),
            // In the other order too: not first-match.
            q(
                "User-agent: *\nDisallow: /~ab\nAllow: /%7Ea\n",
                "FooBot",
                "https://example.com/~ab",
                false,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: decode_unreserved_in_rules,
    },
    Behaviour {
        id: "url-parameters-dropped",
        title: "leaves out of the path what follows a `;` in its last segment (the parameters of Python's `urlparse`), so `/a;b` is matched as `/a`",
        questions: &[
            q("User-agent: *\nDisallow: /a;b\n", "FooBot", "https://example.com/a;b", false, true),
            // It matches the path before the `;`.
            q("User-agent: *\nDisallow: /a\n", "FooBot", "https://example.com/a;b", false, false),
        ],
        reference: Reference::Both,
        vary: drop_url_parameters,
    },
    Behaviour {
        id: "dollar-inside-matches-nothing",
        title: "reads `$` anywhere in a rule as the end of the path, so a rule with text after its `$` (`Disallow: /a$b`) matches no path",
        questions: &[
            q("User-agent: *\nDisallow: /a$b\n", "FooBot", "https://example.com/a$b", false, true),
            // Nor `/a`: the rule is not cut at its `$` (dollar-inside-ends-rule).
            q("User-agent: *\nDisallow: /a$b\n", "FooBot", "https://example.com/a", true, true),
            // It does read `$` at the end of a rule as the end of the path.
            q("User-agent: *\nDisallow: /a$\n", "FooBot", "https://example.com/a", false, false),
        ],
        reference: Reference::Both,
        vary: drop_rules_with_inner_dollar,
    },
    Behaviour {
        id: "colon-required",
        title: "reads a line only when a colon follows its key, where Google's parser also takes whitespace as the separator (`Disallow /a`)",
        questions: &[
            q("User-agent: *\nDisallow /a\n", "FooBot", "https://example.com/a", false, true),
            // It does read the rule with a colon.
            q("User-agent: *\nDisallow: /a\n", "FooBot", "https://example.com/a", false, false),
        ],
        reference: Reference::Google,
        vary: colon_after_keys,
    },
    Behaviour {
        id: "decodes-unreserved",
        title: "decodes percent-escapes of unreserved characters in a rule (`/%7Ea` matches `/~a`), which Google's parser matches as written",
        questions: &[q(
            "User-agent: *\nDisallow: /%7Ea\n",
            "FooBot",
            "https://example.com/~a",
            true,
            false,
        )],
        reference: Reference::Google,
        vary: drop_rules_with_unreserved_escapes,
    },
];

/// Each byte that is not part of UTF-8 text written as its percent-escape
/// (`\xE9` → `%E9`), which both references read as they read the byte.
fn escape_non_utf8(probe: &Probe) -> Option<Probe> {
    let mut rest = probe.body.as_slice();
    let mut escaped = Vec::with_capacity(rest.len());
    while let Err(error) = std::str::from_utf8(rest) {
        let (valid, after) = rest.split_at(error.valid_up_to());
        escaped.extend_from_slice(valid);
        let invalid = error.error_len().unwrap_or(after.len());
        for byte in &after[..invalid] {
            escaped.extend_from_slice(format!("%{byte:02X}").as_bytes());
        }
        rest = &after[invalid..];
    }
    escaped.extend_from_slice(rest);
    with_body(probe, (escaped != probe.body).then_some(escaped))
}

/// Blank lines that stand between two user-agent lines taken out, so the
/// user-agent lines make one run.
fn drop_blank_lines_between_agents(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let next_line = |from: usize| lines[from..].iter().find(|line| !line.is_blank());
    let mut body: Vec<u8> = Vec::with_capacity(probe.body.len());
    let mut changed = false;
    let mut after_agent = false;
    for (at, line) in lines.iter().enumerate() {
        if !line.is_blank() {
            after_agent = line.is_agent();
        } else if after_agent && next_line(at).is_some_and(Line::is_agent) {
            changed = true;
            continue;
        }
        body.extend(line.bytes.iter().copied().chain([b'\n']));
    }
    with_body(probe, changed.then_some(body))
}

/// The Google crawlers that Google documents as obeying the `Googlebot`
/// group when no group names them.
const GOOGLEBOT_CRAWLERS: [&str; 3] = ["googlebot-image", "googlebot-news", "googlebot-video"];

/// Such a crawler asked, where no group names it, asked as an unrelated agent.
fn rename_googlebot_crawlers(probe: &Probe) -> Option<Probe> {
    rename_unnamed_agents(probe, &GOOGLEBOT_CRAWLERS)
}

/// Each name that a later run of user-agent lines repeats from an earlier
/// run left in one of the two: taken out of the later run when it has other
/// names, else out of the earlier run when that one has. Every name then
/// stands in one run, and no run is shared with a repeated group.
fn unshare_repeated_names(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let name = |at: usize| lines[at].value().to_ascii_lowercase();
    let runs: Vec<(usize, usize)> = runs_of_agents(&lines);
    let mut drop = vec![false; lines.len()];
    for (later, &(start, end)) in runs.iter().enumerate() {
        for at in start..end {
            let left = |from: usize, to: usize, drop: &[bool]| (from..to).filter(|&i| !drop[i]).count();
            let earlier = runs[..later].iter().rev().find_map(|&(from, to)| {
                let same = (from..to).find(|&i| !drop[i] && name(i) == name(at))?;
                Some((same, left(from, to, &drop)))
            });
            let Some((same, earlier_left)) = earlier else {
                continue;
            };
            if left(start, end, &drop) > 1 {
                drop[at] = true;
            } else if earlier_left > 1 {
                drop[same] = true;
            }
        }
    }
    let body: Vec<u8> = lines
        .iter()
        .zip(&drop)
        .filter(|(_, &dropped)| !dropped)
        .flat_map(|(line, _)| line.bytes.iter().copied().chain([b'\n']))
        .collect();
    with_body(probe, drop.contains(&true).then_some(body))
}

/// The runs of consecutive user-agent lines, as (first, past the last).
fn runs_of_agents(lines: &[Line]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        if lines[at].is_agent() {
            let end = (at..lines.len()).find(|&i| !lines[i].is_agent()).unwrap_or(lines.len());
            runs.push((at, end));
            at = end;
        } else {
            at += 1;
        }
    }
    runs
}

/// Whether `byte` is an unreserved character (RFC 3986 §2.3).
fn is_unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"-._~".contains(&byte)
}

/// Rules with their percent-escapes of unreserved characters decoded
/// (`/%7Ea` → `/~a`), so they are written at the length they match.
fn decode_unreserved_in_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            if !line.is_rule() {
                return None;
            }
            let value = line.value();
            let mut decoded = Vec::with_capacity(value.len());
            let mut at = 0;
            while at < value.len() {
                match unreserved_escape(value, at) {
                    Some(byte) => {
                        decoded.push(byte);
                        at += 3;
                    }
                    None => {
                        decoded.push(value[at]);
                        at += 1;
                    }
                }
            }
            let key = line.key().unwrap_or_default();
            (decoded != value).then(|| [key.as_bytes(), b": ", &decoded].concat())
        }),
    )
}

/// The URL without what follows a `;` in its last path segment (up to its
/// query or fragment).
fn drop_url_parameters(probe: &Probe) -> Option<Probe> {
    let (origin, rest) = split_url(&probe.url)?;
    let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
    let (path, after) = rest.split_at(path_end);
    let last_segment = path.rfind('/').map_or(0, |at| at + 1);
    let parameters = last_segment + path[last_segment..].find(';')?;
    Some(Probe {
        url: format!("{origin}{}{after}", &path[..parameters]),
        ..probe.clone()
    })
}

/// Rules with a `$` before their last character dropped.
fn drop_rules_with_inner_dollar(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            let value = line.value();
            line.is_rule() && value.len() > 1 && value[..value.len() - 1].contains(&b'$')
        }),
    )
}

/// Whether `at` starts a percent-escape of an unreserved character.
fn unreserved_escape(value: &[u8], at: usize) -> Option<u8> {
    let hex = std::str::from_utf8(value.get(at + 1..at + 3)?).ok()?;
    let byte = u8::from_str_radix(hex, 16).ok()?;
    (value[at] == b'%' && is_unreserved(byte)).then_some(byte)
}

/// Rules holding a percent-escape of an unreserved character dropped.
fn drop_rules_with_unreserved_escapes(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            let value = line.value();
            line.is_rule() && (0..value.len()).any(|at| unreserved_escape(value, at).is_some())
        }),
    )
}

/// The keys a line may start with.
const KEYS: [&str; 5] = ["user-agent", "allow", "disallow", "sitemap", "crawl-delay"];

/// A line without a colon whose first word is a key given a colon after
/// it (`Disallow /a` → `Disallow: /a`).
fn colon_after_keys(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            if line.bytes.contains(&b':') {
                return None;
            }
            let text = line.bytes.trim_ascii();
            let end = text.iter().position(u8::is_ascii_whitespace)?;
            let (key, value) = text.split_at(end);
            let known = KEYS.iter().any(|known| key.eq_ignore_ascii_case(known.as_bytes()));
            known.then(|| [key, b": ", value.trim_ascii()].concat())
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::super::Behaviour;
    use super::*;
    use crate::measure::behaviour::{explain, Diagnosis, Finding};
    use rep::Profile;

    fn probe(body: &[u8], agent: &str, url: &str) -> Probe {
        Probe {
            body: body.to_vec(),
            agents: vec![agent.into()],
            url: url.into(),
        }
    }

    fn text(probe: &Option<Probe>) -> Option<String> {
        probe
            .as_ref()
            .map(|probe| String::from_utf8_lossy(&probe.body).into_owned())
    }

    fn ours(id: &str) -> &'static Behaviour {
        BEHAVIOURS
            .iter()
            .find(|mine| mine.id == id)
            .unwrap_or_else(|| panic!("no behaviour {id} in this group"))
    }

    /// A library written for a test: `rep`'s Google profile (which gives
    /// every question's conforming answer) asked after `reads` has turned the
    /// case into what the library makes of it. Written apart from the edits,
    /// so an edit is not tested against itself.
    type Reads = fn(&Probe) -> Probe;

    fn answer(reads: Reads, probe: &Probe) -> bool {
        let read = reads(probe);
        rep::check_once(&read.body, Profile::GOOGLE, &read.agent_bytes(), read.url.as_bytes()).allowed
    }

    /// Whether the library answers every question of `id` as one with the behaviour.
    fn confirms(reads: Reads, id: &str) -> bool {
        ours(id).questions.iter().all(|question| {
            let asked = probe(question.body.as_bytes(), question.agent, question.url);
            answer(reads, &asked) == question.shown
        })
    }

    /// The cause `explain` names for the library on `minimal`, the library
    /// confirmed to have `id` alone, the reference being `reference`.
    fn explained(reads: Reads, id: &str, reference: Profile, minimal: &Probe) -> Option<String> {
        let behaviour = ours(id);
        let diagnosis = Diagnosis {
            findings: vec![Finding {
                id: behaviour.id.to_string(),
                title: behaviour.title.to_string(),
                confirmed: true,
                evidence: Vec::new(),
            }],
        };
        let verdict =
            |probe: &Probe| rep::check_once(&probe.body, reference, &probe.agent_bytes(), probe.url.as_bytes()).allowed;
        assert_ne!(answer(reads, minimal), verdict(minimal), "not a difference");
        explain(&diagnosis, minimal, Some(verdict(minimal)), |varied| {
            (Some(answer(reads, varied)), Some(verdict(varied)))
        })
        .map(|cause| cause.behaviour.id)
    }

    fn unchanged(probe: &Probe) -> Probe {
        probe.clone()
    }

    fn with_text(probe: &Probe, body: String) -> Probe {
        Probe {
            body: body.into_bytes(),
            ..probe.clone()
        }
    }

    fn decoded_with(probe: &Probe, decode: fn(&[u8]) -> String) -> Probe {
        let text = decode(&probe.body);
        // The library then percent-encodes what it decoded, as UTF-8.
        with_text(probe, text)
    }

    fn latin_1(probe: &Probe) -> Probe {
        match std::str::from_utf8(&probe.body) {
            Ok(_) => probe.clone(),
            Err(_) => decoded_with(probe, |body| body.iter().map(|&byte| char::from(byte)).collect()),
        }
    }

    fn replaced(probe: &Probe) -> Probe {
        decoded_with(probe, |body| String::from_utf8_lossy(body).into_owned())
    }

    fn dropped(probe: &Probe) -> Probe {
        decoded_with(probe, |body| String::from_utf8_lossy(body).replace('\u{fffd}', ""))
    }

    #[test]
    fn bytes_that_are_not_utf8_are_written_as_escapes() {
        let case = probe(
            b"User-agent: *\xA0\nDisallow: /caf\xE9\n",
            "FooBot",
            "https://example.com/caf",
        );
        assert_eq!(
            text(&escape_non_utf8(&case)).as_deref(),
            Some("User-agent: *%A0\nDisallow: /caf%E9\n")
        );
        assert_eq!(
            escape_non_utf8(&probe("é".as_bytes(), "FooBot", "https://example.com/")),
            None
        );
    }

    #[test]
    fn each_way_of_decoding_a_file_that_is_not_utf8_is_told_apart() {
        let ways: [(&str, Reads); 2] = [("non-utf8-as-latin-1", latin_1), ("non-utf8-dropped", dropped)];
        for (id, reads) in ways {
            let confirmed: Vec<&str> = ways
                .iter()
                .map(|(id, _)| *id)
                .filter(|other| confirms(reads, other))
                .collect();
            assert_eq!(confirmed, [id], "the library for {id}");
            assert!(!confirms(unchanged, id), "{id}");
            // Nor a library reading the byte as U+FFFD (gpyrobotstxt).
            assert!(!confirms(replaced, id), "{id}");
            assert!(!confirms(reads, "non-utf8-replaced"), "{id}");
        }
        assert!(confirms(replaced, "non-utf8-replaced"));
        assert!(!confirms(unchanged, "non-utf8-replaced"));
        // robotexclusionrulesparser met it in the suite, against Google's side.
        let latin = probe(
            b"User-agent: *\nDisallow: /caf\xE9\n",
            "FooBot",
            "https://example.com/caf%C3%A9",
        );
        assert_eq!(
            explained(latin_1, "non-utf8-as-latin-1", Profile::GOOGLE, &latin).as_deref(),
            Some("non-utf8-as-latin-1")
        );
        // reppy2 met a no-break space written in Latin-1 after `*`.
        let star = probe(
            b"User-agent: *\xA0\nDisallow: /destek/\n",
            "SemrushBot",
            "https://example.com/destek/",
        );
        assert_eq!(
            explained(dropped, "non-utf8-dropped", Profile::RFC9309, &star).as_deref(),
            Some("non-utf8-dropped")
        );
    }

    /// A byte order mark kept in the first key, and the rules under an
    /// unread line given to the `*` group.
    fn bom_kept_rules_to_star(probe: &Probe) -> Probe {
        let text = String::from_utf8_lossy(&probe.body);
        let Some(rest) = text.strip_prefix('\u{feff}') else {
            return probe.clone();
        };
        let mut lines = rest.lines();
        lines.next();
        let body: String = ["User-agent: *"]
            .into_iter()
            .chain(lines)
            .map(|line| format!("{line}\n"))
            .collect();
        with_text(probe, body)
    }

    /// A byte order mark kept in the first key, the rules under it ignored.
    fn bom_kept(probe: &Probe) -> Probe {
        let text = String::from_utf8_lossy(&probe.body);
        match text.strip_prefix('\u{feff}') {
            Some(rest) => with_text(probe, format!("x{rest}")),
            None => probe.clone(),
        }
    }

    #[test]
    fn a_kept_mark_whose_rules_go_to_star_is_told_from_one_whose_rules_are_ignored() {
        assert!(confirms(bom_kept_rules_to_star, "bom-kept-rules-to-star"));
        assert!(!confirms(bom_kept, "bom-kept-rules-to-star"));
        assert!(!confirms(unchanged, "bom-kept-rules-to-star"));
        // reppy2 met it on a real file.
        let case = probe(
            "\u{feff}User-agent: Mediapartners-Google\nDisallow:\nUser-agent: *\nDisallow: /competition/\n".as_bytes(),
            "Mediapartners-Google",
            "https://example.com/competition/",
        );
        assert_eq!(
            explained(
                bom_kept_rules_to_star,
                "bom-kept-rules-to-star",
                Profile::RFC9309,
                &case
            )
            .as_deref(),
            Some("bom-kept-rules-to-star")
        );
    }

    /// A blank line after a user-agent line read as the end of a group:
    /// the user-agent lines above it get a rule of their own that matches
    /// nothing asked, so the run below is not theirs.
    fn blank_line_splits_agents(probe: &Probe) -> Probe {
        let mut after_agent = false;
        let mut body = String::new();
        for line in String::from_utf8_lossy(&probe.body).lines() {
            if line.trim().is_empty() && after_agent {
                body.push_str("Allow: /nothing-asked\n");
            }
            after_agent = line.to_ascii_lowercase().starts_with("user-agent:");
            body.push_str(line);
            body.push('\n');
        }
        with_text(probe, body)
    }

    /// A blank line read as the end of a group wherever it stands.
    fn blank_line_ends_group(probe: &Probe) -> Probe {
        let text = String::from_utf8_lossy(&probe.body);
        let first_group = text.split("\n\n").next().unwrap_or_default();
        with_text(probe, format!("{first_group}\n"))
    }

    #[test]
    fn blank_lines_between_user_agent_lines_go_and_no_others() {
        let case = probe(
            b"User-agent: TwitterBot\n\nUser-agent: Baiduspider\nDisallow: /search/page/\n\nUser-agent: *\n",
            "TwitterBot",
            "https://example.com/search/page/",
        );
        assert_eq!(
            text(&drop_blank_lines_between_agents(&case)).as_deref(),
            Some("User-agent: TwitterBot\nUser-agent: Baiduspider\nDisallow: /search/page/\n\nUser-agent: *\n")
        );
        assert_eq!(
            drop_blank_lines_between_agents(&probe(
                b"User-agent: *\nDisallow: /a\n\nDisallow: /b\n",
                "FooBot",
                "https://example.com/"
            )),
            None
        );
        assert!(confirms(blank_line_splits_agents, "blank-line-splits-agents"));
        assert!(!confirms(blank_line_ends_group, "blank-line-splits-agents"));
        // robotstxt-py met it on real files.
        let case = probe(
            b"User-agent: TwitterBot\n\nUser-agent: Baiduspider\nDisallow: /search/page/\n",
            "TwitterBot",
            "https://example.com/search/page/",
        );
        assert_eq!(
            explained(
                blank_line_splits_agents,
                "blank-line-splits-agents",
                Profile::RFC9309,
                &case
            )
            .as_deref(),
            Some("blank-line-splits-agents")
        );
    }

    /// Googlebot's documented crawlers asked as `Googlebot`.
    fn googlebot_fallback(probe: &Probe) -> Probe {
        let crawlers = ["googlebot-image", "googlebot-news", "googlebot-video"];
        let agents = probe
            .agents
            .iter()
            .map(|agent| {
                if crawlers.contains(&agent.to_ascii_lowercase().as_str()) {
                    "Googlebot".to_string()
                } else {
                    agent.clone()
                }
            })
            .collect();
        Probe {
            agents,
            ..probe.clone()
        }
    }

    /// A group applies to an agent whose name it is up to a `-`.
    fn agent_cut_at_hyphen(probe: &Probe) -> Probe {
        let agents = probe
            .agents
            .iter()
            .map(|agent| agent.split('-').next().unwrap_or_default().to_string())
            .collect();
        Probe {
            agents,
            ..probe.clone()
        }
    }

    #[test]
    fn googlebot_crawlers_are_asked_as_unrelated_agents() {
        let case = probe(
            b"User-agent: Googlebot\nDisallow: /a\nUser-agent: *\nDisallow: /b\n",
            "Googlebot-Image",
            "https://example.com/a",
        );
        assert_eq!(
            rename_googlebot_crawlers(&case).map(|probe| probe.agents),
            Some(vec!["NoSuchBot0".to_string()])
        );
        let named = probe(
            b"User-agent: Googlebot-Image\nDisallow: /a\n",
            "Googlebot-Image",
            "https://example.com/a",
        );
        assert_eq!(rename_googlebot_crawlers(&named), None);
        assert!(confirms(googlebot_fallback, "googlebot-crawlers-fall-back"));
        assert!(!confirms(agent_cut_at_hyphen, "googlebot-crawlers-fall-back"));
        assert_eq!(
            explained(
                googlebot_fallback,
                "googlebot-crawlers-fall-back",
                Profile::RFC9309,
                &case
            )
            .as_deref(),
            Some("googlebot-crawlers-fall-back")
        );
    }

    #[test]
    fn a_repeated_name_is_left_in_one_run() {
        let shared_first = probe(
            b"User-agent: *\nUser-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b\n",
            "FooBot",
            "https://example.com/b",
        );
        assert_eq!(
            text(&unshare_repeated_names(&shared_first)).as_deref(),
            Some("User-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b\n")
        );
        let shared_later = probe(
            b"User-agent: *\nDisallow: /api/\nUser-agent: *\nUser-agent: Mediapartners-Google\nDisallow:\n",
            "Mediapartners-Google",
            "https://example.com/api/",
        );
        assert_eq!(
            text(&unshare_repeated_names(&shared_later)).as_deref(),
            Some("User-agent: *\nDisallow: /api/\nUser-agent: Mediapartners-Google\nDisallow:\n")
        );
        // Two groups of one name alone are first-group-only's to vary.
        let alone = probe(
            b"User-agent: *\nDisallow: /a\nUser-agent: *\nDisallow: /b\n",
            "FooBot",
            "https://example.com/b",
        );
        assert_eq!(unshare_repeated_names(&alone), None);
    }

    /// The groups of a body: runs of user-agent lines and the lines under them.
    fn groups(body: &str) -> Vec<(Vec<String>, Vec<String>)> {
        let mut groups: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        let mut previous_agent = false;
        for line in body.lines().filter(|line| !line.trim().is_empty()) {
            let agent = line
                .to_ascii_lowercase()
                .strip_prefix("user-agent:")
                .map(|name| name.trim().to_string());
            match (agent, groups.last_mut()) {
                (Some(name), Some((names, _))) if previous_agent => names.push(name),
                (Some(name), _) => groups.push((vec![name], Vec::new())),
                (None, Some((_, rules))) => rules.push(line.to_string()),
                (None, None) => {}
            }
            previous_agent = line.to_ascii_lowercase().starts_with("user-agent:");
        }
        groups
    }

    fn written(groups: &[(Vec<String>, Vec<String>)]) -> String {
        groups
            .iter()
            .flat_map(|(names, rules)| {
                names
                    .iter()
                    .map(|name| format!("User-agent: {name}"))
                    .chain(rules.clone())
            })
            .map(|line| format!("{line}\n"))
            .collect()
    }

    /// A run starting with a name met before continues that name's group:
    /// its rules join it, its other names share it.
    fn continues_group(probe: &Probe) -> Probe {
        let mut merged: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for (names, rules) in groups(&String::from_utf8_lossy(&probe.body)) {
            match merged.iter_mut().find(|(known, _)| known.contains(&names[0])) {
                Some((known, known_rules)) => {
                    known.extend(names.into_iter().skip(1));
                    known_rules.extend(rules);
                }
                None => merged.push((names, rules)),
            }
        }
        with_text(probe, written(&merged))
    }

    /// Only the first group naming an agent, wherever in its run, is obeyed:
    /// a later group keeps only the names no group before it had.
    fn first_group_naming(probe: &Probe) -> Probe {
        let mut seen: Vec<String> = Vec::new();
        let mut kept: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for (names, rules) in groups(&String::from_utf8_lossy(&probe.body)) {
            let new: Vec<String> = names.iter().filter(|name| !seen.contains(name)).cloned().collect();
            seen.extend(names);
            if !new.is_empty() {
                kept.push((new, rules));
            }
        }
        with_text(probe, written(&kept))
    }

    #[test]
    fn a_continued_group_is_told_from_an_ignored_one() {
        assert!(confirms(continues_group, "repeated-name-continues-group"));
        assert!(!confirms(first_group_naming, "repeated-name-continues-group"));
        assert!(!confirms(unchanged, "repeated-name-continues-group"));
        // reppy2 met it in the suite.
        let reppy2 = probe(
            b"User-agent: *\nUser-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b\n",
            "FooBot",
            "https://example.com/b",
        );
        assert_eq!(
            explained(
                continues_group,
                "repeated-name-continues-group",
                Profile::RFC9309,
                &reppy2
            )
            .as_deref(),
            Some("repeated-name-continues-group")
        );
    }

    /// Only lines whose key is spelt as people write it are read (as by the
    /// libraries that met these cases): `User-agents` is not `User-agent`,
    /// and a line without a colon is nothing.
    fn exact_keys_only(probe: &Probe) -> Probe {
        let keys = ["user-agent", "allow", "disallow", "sitemap", "crawl-delay"];
        let text: String = String::from_utf8_lossy(&probe.body)
            .lines()
            .filter(|line| {
                line.split_once(':')
                    .is_some_and(|(key, _)| keys.contains(&key.trim().to_ascii_lowercase().as_str()))
            })
            .map(|line| format!("{line}\n"))
            .collect();
        with_text(probe, text)
    }

    /// Escapes of `~` decoded for matching, the rule's length kept as
    /// written: `/%7Ea` read as `/~a` padded back to its 6 octets with `*`.
    fn length_as_written(probe: &Probe) -> Probe {
        let text = String::from_utf8_lossy(&probe.body).replace("/%7Ea", "/~a***");
        with_text(probe, text)
    }

    /// The first matching rule decides (rules in file order, `~` decoded).
    fn first_match(probe: &Probe) -> Probe {
        let text = String::from_utf8_lossy(&probe.body).replace("%7E", "~");
        let after_host = probe.url.find("://").map_or(0, |at| at + 3);
        let path = probe.url[after_host..]
            .find('/')
            .map_or("", |at| &probe.url[after_host + at..]);
        let first = text
            .lines()
            .skip(1)
            .find(|line| {
                let pattern = line.split(": ").nth(1).unwrap_or_default();
                path.starts_with(pattern)
            })
            .unwrap_or_default();
        with_text(probe, format!("User-agent: *\n{first}\n"))
    }

    #[test]
    fn unreserved_escapes_in_rules_are_decoded() {
        let case = probe(
            b"User-agent: *\nAllow: /%7Ea%2F\nDisallow: /~ab\n",
            "FooBot",
            "https://example.com/~ab",
        );
        assert_eq!(
            text(&decode_unreserved_in_rules(&case)).as_deref(),
            Some("User-agent: *\nallow: /~a%2F\nDisallow: /~ab\n")
        );
        assert!(confirms(length_as_written, "length-as-written"));
        assert!(!confirms(first_match, "length-as-written"));
        assert!(!confirms(unchanged, "length-as-written"));
        // fast-robotstxt met it in the suite.
        let case = probe(
            b"User-agent: *\nAllow: /%7Ea\nDisallow: /~ab\n",
            "FooBot",
            "https://example.com/~ab",
        );
        assert_eq!(
            explained(length_as_written, "length-as-written", Profile::GOOGLE, &case).as_deref(),
            Some("length-as-written")
        );
    }

    /// The path cut at a `;` after its last `/`, the query kept.
    fn url_parameters_dropped(probe: &Probe) -> Probe {
        let (url, query) = probe.url.split_at(probe.url.find('?').unwrap_or(probe.url.len()));
        let url = match url.rsplit_once(';') {
            Some((before, parameters)) if !parameters.contains('/') => format!("{before}{query}"),
            _ => probe.url.clone(),
        };
        Probe { url, ..probe.clone() }
    }

    #[test]
    fn url_parameters_are_cut_from_the_url() {
        let case = probe(
            b"User-agent: yandex\nDisallow: //;jsessionid\n",
            "yandex",
            "https://example.com//;jsessionid?",
        );
        assert_eq!(
            drop_url_parameters(&case).map(|probe| probe.url).as_deref(),
            Some("https://example.com//?")
        );
        let plain = probe(b"User-agent: *\n", "FooBot", "https://example.com/a?b;c");
        assert_eq!(drop_url_parameters(&plain), None);
        assert!(confirms(url_parameters_dropped, "url-parameters-dropped"));
        assert!(!confirms(unchanged, "url-parameters-dropped"));
        // robotstxt-py met it on a real file.
        assert_eq!(
            explained(
                url_parameters_dropped,
                "url-parameters-dropped",
                Profile::RFC9309,
                &case
            )
            .as_deref(),
            Some("url-parameters-dropped")
        );
    }

    /// `$` inside a rule read as the end of the path: the rule matches nothing.
    fn dollar_inside_ends_path(probe: &Probe) -> Probe {
        let text: String = String::from_utf8_lossy(&probe.body)
            .lines()
            .filter(|line| !line.trim_end_matches('$').contains('$'))
            .map(|line| format!("{line}\n"))
            .collect();
        with_text(probe, text)
    }

    /// `$` read as a plain character everywhere.
    fn no_end_anchor(probe: &Probe) -> Probe {
        let url = format!("{}$", probe.url);
        Probe { url, ..probe.clone() }
    }

    #[test]
    fn rules_with_a_dollar_inside_go_and_no_others() {
        let case = probe(
            b"User-agent: *\nDisallow: /price$list\nDisallow: /a$\n",
            "FooBot",
            "https://example.com/price$list",
        );
        assert_eq!(
            text(&drop_rules_with_inner_dollar(&case)).as_deref(),
            Some("User-agent: *\nDisallow: /a$\n")
        );
        assert!(confirms(dollar_inside_ends_path, "dollar-inside-matches-nothing"));
        assert!(!confirms(no_end_anchor, "dollar-inside-matches-nothing"));
        assert!(!confirms(unchanged, "dollar-inside-matches-nothing"));
        // reppy2 met it in the suite.
        let case = probe(
            b"User-agent: *\nDisallow: /price$list\n",
            "FooBot",
            "https://example.com/price$list",
        );
        assert_eq!(
            explained(
                dollar_inside_ends_path,
                "dollar-inside-matches-nothing",
                Profile::RFC9309,
                &case
            )
            .as_deref(),
            Some("dollar-inside-matches-nothing")
        );
    }

    /// Escapes of `~` in rules decoded, and the first matching rule obeyed
    /// (as cpython-robotparser does).
    fn decoded_first_match(probe: &Probe) -> Probe {
        first_match(&with_text(
            probe,
            String::from_utf8_lossy(&probe.body).replace("%7E", "~"),
        ))
    }

    #[test]
    fn rules_with_unreserved_escapes_go() {
        let case = probe(
            b"User-agent: *\nAllow: /%7Ea\nDisallow: /~ab\nDisallow: /%2F\n",
            "FooBot",
            "https://example.com/~ab",
        );
        assert_eq!(
            text(&drop_rules_with_unreserved_escapes(&case)).as_deref(),
            Some("User-agent: *\nDisallow: /~ab\nDisallow: /%2F\n")
        );
        assert!(confirms(decoded_first_match, "decodes-unreserved"));
        assert!(!confirms(unchanged, "decodes-unreserved"));
        // cpython-robotparser met it in the suite, against Google's side.
        let case = probe(
            b"User-agent: *\nAllow: /%7Ea\nDisallow: /~ab\n",
            "FooBot",
            "https://example.com/~ab",
        );
        assert_eq!(
            explained(decoded_first_match, "decodes-unreserved", Profile::GOOGLE, &case).as_deref(),
            Some("decodes-unreserved")
        );
    }

    #[test]
    fn a_key_without_its_colon_is_given_one() {
        let case = probe(
            b"User-agents: BingBot extra\nDisallow: /\nUser-agent: \x0Bbingbot\nDISALLOW\t/\n",
            "BINGBOT",
            "http://example.com:8080/",
        );
        assert_eq!(
            text(&colon_after_keys(&case)).as_deref(),
            Some("User-agents: BingBot extra\nDisallow: /\nUser-agent: \x0Bbingbot\nDISALLOW: /\n")
        );
        assert_eq!(
            colon_after_keys(&probe(b"Noindex /a\n", "FooBot", "https://example.com/")),
            None
        );
        assert!(confirms(exact_keys_only, "colon-required"));
        assert!(!confirms(unchanged, "colon-required"));
        // robotexclusionrulesparser met it in fuzzed files, against Google's side.
        assert_eq!(
            explained(exact_keys_only, "colon-required", Profile::GOOGLE, &case).as_deref(),
            Some("colon-required")
        );
    }
}
