//! Behaviours first met in the differences of the Rust, Perl and Ruby parsers, tried after
//! those before them in [`super::all`]. Each was found by asking the library directly and
//! reading its source: the wildcard and group matching of robotstxt 0.3, robots_txt 0.7 and
//! robotparser 0.11, the URL handling of texting_robots 0.2 (through the `url` crate) and of
//! WWW::RobotRules 6 (through `URI`), and the grammar of webrobots 0.1.

use super::super::edit::{lines, without_lines, Line};
use super::{
    combine_groups_of_one_name, drop_disallows_tied_with_allows, drop_rules_before_agents, encode_rules,
    longest_rules_first, one_agent_per_group, q, split_url, with_body, Behaviour, Reference,
};
use rep_core::diff::Probe;

pub(super) const BEHAVIOURS: &[Behaviour] = &[
    Behaviour {
        id: "unseparated-group-rejects-file",
        title: "rejects the whole file, and so allows everything, when a user-agent line follows a rule with no blank line between them",
        questions: &[
            q(
                "User-agent: FooBot\nDisallow: /\nUser-agent: *\nDisallow: /a\n",
                "BarBot",
                "https://example.com/a",
                false,
                true,
            ),
            // With a blank line before the second group, the same file is read.
            q(
                "User-agent: FooBot\nDisallow: /\n\nUser-agent: *\nDisallow: /a\n",
                "BarBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: blank_line_before_groups,
    },
    Behaviour {
        id: "rule-before-agents-rejects-file",
        title: "rejects the whole file, and so allows everything, when a rule comes before any user-agent line",
        questions: &[
            q(
                "Disallow: /b\nUser-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // A blank line after the stray rule does not help: not unseparated-group-rejects-file.
            q(
                "Disallow: /b\n\nUser-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rules_before_agents,
    },
    Behaviour {
        id: "wildcard-stops-at-first",
        title: "ends a `*` in a rule at the first place the character after it occurs, never trying a later one (`/*/b` does not match `/a/x/b`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /*/b\n",
                "FooBot",
                "https://example.com/a/x/b",
                false,
                true,
            ),
            // Where the first place is the right one, `*` matches: not no-wildcard.
            q(
                "User-agent: *\nDisallow: /*/b\n",
                "FooBot",
                "https://example.com/a/b",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rules_with_inner_wildcards,
    },
    Behaviour {
        id: "dollar-inside-ends-rule",
        title: "reads a `$` inside a rule as the end of the path and drops what follows it (`/a$b` disallows `/a`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a$b\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // A `$` at the end anchors: not no-end-anchor.
            q(
                "User-agent: *\nDisallow: /a$\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rules_with_inner_dollars,
    },
    Behaviour {
        id: "double-slash-rule-other-host",
        title: "reads a rule that starts with `//` as a link to another host (`Disallow: //a` names the host `a`) and drops it",
        questions: &[
            q(
                "User-agent: *\nDisallow: //a\n",
                "FooBot",
                "https://example.com//a",
                false,
                true,
            ),
            // A `//` further in is read as it is: not collapses-slashes.
            q(
                "User-agent: *\nDisallow: /a//b\n",
                "FooBot",
                "https://example.com/a//b",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rules_starting_with_two_slashes,
    },
    Behaviour {
        id: "query-quote-encoded",
        title: "matches a `'` in the URL's query percent-encoded, as WHATWG URL parsing and Rust's `url` crate leave it \
                (`?a='x` is matched as `?a=%27x`); where the library takes a path, that parsing is the caller's, as \
                in the reproduction program",
        questions: &[
            q(
                "User-agent: *\nDisallow: /q?a=%27x\n",
                "FooBot",
                "https://example.com/q?a='x",
                true,
                false,
            ),
            // In the path `'` and `%27` stay apart: not decodes-reserved.
            q(
                "User-agent: *\nDisallow: /p%27x\n",
                "FooBot",
                "https://example.com/p'x",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: encode_quotes_in_query,
    },
    Behaviour {
        id: "url-brackets-encoded",
        title: "percent-encodes `[` and `]` in the URL before matching (`/a]b` is matched as `/a%5Db`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a%5Db\n",
                "FooBot",
                "https://example.com/a]b",
                true,
                false,
            ),
            // Other escapes stay apart from their character: not decodes-reserved.
            q(
                "User-agent: *\nDisallow: /a%26b\n",
                "FooBot",
                "https://example.com/a&b",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: encode_brackets_in_url,
    },
    Behaviour {
        id: "non-ascii-rule-unmatched",
        title: "compares a rule holding non-ASCII characters (`/ü`) unencoded with the percent-encoded path, so it matches nothing",
        questions: &[
            q(
                "User-agent: *\nDisallow: /ü\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                false,
                true,
            ),
            // Written encoded, the same rule matches.
            q(
                "User-agent: *\nDisallow: /%C3%BC\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: encode_rules,
    },
    Behaviour {
        id: "rule-space-unencoded",
        title: "compares a rule holding a space (`/a b`) as written with the percent-encoded path (`/a%20b`), so the rule matches nothing",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a b\n",
                "FooBot",
                "https://example.com/a b",
                false,
                true,
            ),
            // The line is read, so it keeps the group going: not rule-with-space-unread.
            q(
                "User-agent: FooBot\nDisallow: /a b\nUser-agent: BarBot\nDisallow: /c\n",
                "FooBot",
                "https://example.com/c",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rules_with_spaces,
    },
    Behaviour {
        id: "tie-first-listed-wins",
        title: "obeys whichever of an `Allow` and a `Disallow` of the same pattern comes first, where both references let the `Allow` win",
        questions: &[
            q(
                "User-agent: *\nDisallow: /ab\nAllow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                false,
            ),
            // Listed first, the `Allow` wins: not tie-disallow-wins.
            q(
                "User-agent: *\nAllow: /ab\nDisallow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                true,
            ),
            // The longer of two different patterns wins: not first-match.
            q(
                "User-agent: *\nAllow: /\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_disallows_tied_with_allows,
    },
    Behaviour {
        id: "star-group-drops-other-names",
        title: "reads a group that names `*` as a `*` group only, dropping its other names, so those agents get every `*` group's rules",
        questions: &[
            q(
                "User-agent: *\nUser-agent: FooBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                true,
                false,
            ),
            // A group naming the agent alone is its group.
            q(
                "User-agent: FooBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: one_agent_per_group,
    },
    Behaviour {
        id: "first-star-group-only",
        title: "obeys only the first group that names `*`, even one that names other agents too, and ignores every later `*` group",
        // `*` listed after another name: a library that keys a group by its
        // first name (first-group-only) reads the later `*` group.
        questions: &[q(
            "User-agent: FooBot\nUser-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
            "BarBot",
            "https://example.com/b",
            false,
            true,
        )],
        reference: Reference::Both,
        vary: later_star_groups_into_first,
    },
    Behaviour {
        id: "first-match-in-joined-groups",
        title: "joins the repeated groups of one name, then obeys the first matching rule among them, not the longest",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a\n\nUser-agent: *\nAllow: /a/b\n",
                "FooBot",
                "https://example.com/a/b",
                true,
                false,
            ),
            // An `Allow` that comes first is obeyed: not allow-ignored.
            q(
                "User-agent: *\nAllow: /a/b\n\nUser-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a/b",
                true,
                true,
            ),
            // The later group is read: not first-group-only.
            q(
                "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: joined_groups_longest_rules_first,
    },
];

/// A blank line before each user-agent line that follows a rule or another
/// line of a group, so that every group is separated as the library needs.
fn blank_line_before_groups(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let unseparated =
        |at: usize| at > 0 && lines[at].is_agent() && !lines[at - 1].is_agent() && !lines[at - 1].is_blank();
    let body: Vec<u8> = (0..lines.len())
        .flat_map(|at| {
            let blank: &[u8] = if unseparated(at) { b"\n" } else { b"" };
            [blank, &lines[at].bytes, b"\n"].concat()
        })
        .collect();
    with_body(probe, (0..lines.len()).any(unseparated).then_some(body))
}

/// The case without the rules whose value `picks`; `None` when it picks none.
fn drop_rules(probe: &Probe, picks: impl Fn(&[u8]) -> bool) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line: &Line| line.is_rule() && picks(line.value())),
    )
}

/// Whether `mark` occurs in `value` with more of the pattern after it.
fn inside(value: &[u8], mark: u8) -> bool {
    value
        .iter()
        .position(|&b| b == mark)
        .is_some_and(|at| at + 1 < value.len())
}

fn drop_rules_with_inner_wildcards(probe: &Probe) -> Option<Probe> {
    drop_rules(probe, |value| inside(value, b'*'))
}

fn drop_rules_with_inner_dollars(probe: &Probe) -> Option<Probe> {
    drop_rules(probe, |value| inside(value, b'$'))
}

fn drop_rules_starting_with_two_slashes(probe: &Probe) -> Option<Probe> {
    drop_rules(probe, |value| value.starts_with(b"//"))
}

fn drop_rules_with_spaces(probe: &Probe) -> Option<Probe> {
    drop_rules(probe, |value| value.contains(&b' '))
}

/// The URL with `replace` applied to the part after `?` (`query`) or to
/// everything after the authority; `None` when it changes nothing.
fn with_url(probe: &Probe, query_only: bool, replace: impl Fn(&str) -> String) -> Option<Probe> {
    let (origin, rest) = split_url(&probe.url)?;
    let (kept, changed) = if query_only {
        let at = rest.find('?')?;
        rest.split_at(at)
    } else {
        ("", rest)
    };
    let url = format!("{origin}{kept}{}", replace(changed));
    (url != probe.url).then(|| Probe { url, ..probe.clone() })
}

fn encode_quotes_in_query(probe: &Probe) -> Option<Probe> {
    with_url(probe, true, |query| query.replace('\'', "%27"))
}

fn encode_brackets_in_url(probe: &Probe) -> Option<Probe> {
    with_url(probe, false, |rest| rest.replace('[', "%5B").replace(']', "%5D"))
}

/// The rules of every later group that names only `*` moved into the first
/// group naming `*`, which may name other agents too.
fn later_star_groups_into_first(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    // Each group: its first line, its first rule line, and its end.
    let mut groups: Vec<(usize, usize, usize)> = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        if !lines[at].is_agent() {
            at += 1;
            continue;
        }
        let agents_end = (at..lines.len()).find(|&i| !lines[i].is_agent()).unwrap_or(lines.len());
        let end = (agents_end..lines.len())
            .find(|&i| lines[i].is_agent())
            .unwrap_or(lines.len());
        groups.push((at, agents_end, end));
        at = end;
    }
    let names_star = |&(start, agents_end, _): &(usize, usize, usize)| {
        lines[start..agents_end].iter().any(|line| line.value() == b"*")
    };
    let first = groups.iter().position(names_star)?;
    let only_star = |&(start, agents_end, _): &(usize, usize, usize)| {
        lines[start..agents_end].iter().all(|line| line.value() == b"*")
    };
    let later: Vec<&(usize, usize, usize)> = groups[first + 1..].iter().filter(|group| only_star(group)).collect();
    if later.is_empty() {
        return None;
    }
    let moved: Vec<&Line> = later
        .iter()
        .flat_map(|&&(_, agents_end, end)| lines[agents_end..end].iter().filter(|line| !line.is_blank()))
        .collect();
    let in_later = |i: usize| later.iter().any(|&&(start, _, end)| (start..end).contains(&i));
    let (_, first_agents_end, first_end) = groups[first];
    // The moved rules join the first group's own, before a blank line that ends it.
    let insert_at = (first_agents_end..first_end)
        .rev()
        .find(|&i| !lines[i].is_blank())
        .map_or(first_agents_end, |i| i + 1);
    let mut body: Vec<u8> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if i == insert_at {
            moved
                .iter()
                .for_each(|moved| body.extend(moved.bytes.iter().chain(b"\n")));
        }
        if !in_later(i) {
            body.extend(line.bytes.iter().chain(b"\n"));
        }
    }
    if insert_at == lines.len() {
        moved
            .iter()
            .for_each(|moved| body.extend(moved.bytes.iter().chain(b"\n")));
    }
    with_body(probe, Some(body))
}

/// Repeated groups of one name joined, and then the rules ordered longest
/// first, so the first match is the longest.
fn joined_groups_longest_rules_first(probe: &Probe) -> Option<Probe> {
    let joined = combine_groups_of_one_name(probe)?;
    Some(longest_rules_first(&joined).unwrap_or(joined))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rep::Profile;

    /// A library with one behaviour: `rep`'s Google profile asked an input
    /// rewritten the way the library reads it. The rewrites are written here,
    /// apart from the edits above, so an edit is not tested against itself.
    type Rewrite = fn(Probe) -> Probe;

    /// Whether the library `rewrite` stands for gives the behaviour's answer
    /// to every one of its questions, as the diagnosis asks them.
    fn confirmed(id: &str, rewrite: Rewrite) -> bool {
        let behaviour = super::super::behaviour(id).expect("a behaviour of this group");
        behaviour.questions.iter().all(|question| {
            let probe = rewrite(Probe {
                body: question.body.as_bytes().to_vec(),
                agents: vec![question.agent.to_string()],
                url: question.url.to_string(),
            });
            let verdict = rep::check_once(&probe.body, Profile::GOOGLE, &probe.agent_bytes(), probe.url.as_bytes());
            verdict.allowed == question.shown
        })
    }

    fn text_lines(probe: &Probe) -> Vec<String> {
        String::from_utf8_lossy(&probe.body)
            .lines()
            .map(str::to_string)
            .collect()
    }

    fn with_text(probe: Probe, lines: Vec<String>) -> Probe {
        let body: String = lines.iter().map(|line| format!("{line}\n")).collect();
        Probe {
            body: body.into_bytes(),
            ..probe
        }
    }

    fn rule_value(line: &str) -> Option<&str> {
        let (key, value) = line.split_once(':')?;
        ["allow", "disallow"]
            .contains(&key.trim().to_ascii_lowercase().as_str())
            .then(|| value.trim())
    }

    fn path_of(url: &str) -> &str {
        let after = url.find("://").map_or(0, |at| at + 3);
        url[after..].find('/').map_or("/", |at| &url[after + at..])
    }

    /// Whether `pattern` matches the start of `path` when each `*` takes the
    /// shortest run after which the next character of the pattern follows.
    fn first_stop_matches(pattern: &str, path: &str) -> bool {
        let (pattern, path) = (pattern.as_bytes(), path.as_bytes());
        let (mut p, mut at) = (0, 0);
        while p < pattern.len() {
            if pattern[p] == b'*' {
                match pattern.get(p + 1) {
                    None => return true,
                    Some(next) => match path[at..].iter().position(|b| b == next) {
                        Some(found) => at += found,
                        None => return false,
                    },
                }
            } else if path.get(at) == Some(&pattern[p]) {
                at += 1;
            } else {
                return false;
            }
            p += 1;
        }
        true
    }

    fn conforming(probe: Probe) -> Probe {
        probe
    }

    fn rejects_unseparated_file(probe: Probe) -> Probe {
        let lines = text_lines(&probe);
        let is_agent = |line: &str| line.to_ascii_lowercase().starts_with("user-agent");
        let unseparated = lines
            .windows(2)
            .any(|pair| is_agent(&pair[1]) && !is_agent(&pair[0]) && !pair[0].trim().is_empty());
        if unseparated {
            with_text(probe, Vec::new())
        } else {
            probe
        }
    }

    fn rejects_file_with_stray_rule(probe: Probe) -> Probe {
        let lines = text_lines(&probe);
        let first_agent = lines
            .iter()
            .position(|line| line.to_ascii_lowercase().starts_with("user-agent"));
        let stray = lines[..first_agent.unwrap_or(lines.len())]
            .iter()
            .any(|line| rule_value(line).is_some());
        if stray {
            with_text(probe, Vec::new())
        } else {
            probe
        }
    }

    fn rule_space_unencoded(probe: Probe) -> Probe {
        let lines = text_lines(&probe)
            .into_iter()
            .map(|line| match rule_value(&line) {
                // Read, but never matching: a pattern no path starts with.
                Some(value) if value.contains(' ') => "Disallow: /never-matched$".to_string(),
                _ => line,
            })
            .collect();
        with_text(probe, lines)
    }

    fn wildcard_stops_at_first(probe: Probe) -> Probe {
        let path = path_of(&probe.url).to_string();
        let lines = text_lines(&probe)
            .into_iter()
            .filter(|line| {
                rule_value(line).is_none_or(|value| !value.contains('*') || first_stop_matches(value, &path))
            })
            .collect();
        with_text(probe, lines)
    }

    fn dollar_inside_ends_rule(probe: Probe) -> Probe {
        let lines = text_lines(&probe)
            .into_iter()
            .map(|line| match (rule_value(&line), line.find('$')) {
                (Some(_), Some(at)) => line[..=at].to_string(),
                _ => line,
            })
            .collect();
        with_text(probe, lines)
    }

    fn double_slash_rule_other_host(probe: Probe) -> Probe {
        let lines = text_lines(&probe)
            .into_iter()
            .filter(|line| rule_value(line).is_none_or(|value| !value.starts_with("//")))
            .collect();
        with_text(probe, lines)
    }

    fn query_quote_encoded(probe: Probe) -> Probe {
        let url = match probe.url.split_once('?') {
            Some((before, query)) => format!("{before}?{}", query.replace('\'', "%27")),
            None => probe.url.clone(),
        };
        Probe { url, ..probe }
    }

    fn url_brackets_encoded(probe: Probe) -> Probe {
        let url = probe.url.replace('[', "%5B").replace(']', "%5D");
        Probe { url, ..probe }
    }

    fn non_ascii_rule_unmatched(probe: Probe) -> Probe {
        let lines = text_lines(&probe)
            .into_iter()
            .filter(|line| rule_value(line).is_none_or(str::is_ascii))
            .collect();
        with_text(probe, lines)
    }

    /// Of an `Allow` and a `Disallow` of one pattern, the later dropped.
    fn tie_first_listed_wins(probe: Probe) -> Probe {
        let mut seen: Vec<String> = Vec::new();
        let lines = text_lines(&probe)
            .into_iter()
            .filter(|line| match rule_value(line) {
                Some(value) if seen.iter().any(|known| known == value) => false,
                Some(value) => {
                    seen.push(value.to_string());
                    true
                }
                None => true,
            })
            .collect();
        with_text(probe, lines)
    }

    /// Names beside `*` dropped from its run of user-agent lines.
    fn star_group_drops_other_names(probe: Probe) -> Probe {
        let lines = text_lines(&probe);
        let is_agent = |line: &str| line.to_ascii_lowercase().starts_with("user-agent");
        let mut kept = Vec::new();
        let mut at = 0;
        while at < lines.len() {
            let end = (at..lines.len())
                .find(|&i| !is_agent(&lines[i]))
                .unwrap_or(lines.len())
                .max(at + 1);
            let run = &lines[at..end];
            if run.iter().any(|line| line.ends_with(": *")) {
                kept.push("User-agent: *".to_string());
            } else {
                kept.extend(run.iter().cloned());
            }
            at = end;
        }
        with_text(probe, kept)
    }

    /// Every group after the first naming `*` that names `*` dropped.
    fn first_star_group_only(probe: Probe) -> Probe {
        let mut stars = 0;
        let mut dropping = false;
        let lines = text_lines(&probe)
            .into_iter()
            .filter(|line| {
                if line == "User-agent: *" {
                    stars += 1;
                    dropping = stars > 1;
                } else if line.to_ascii_lowercase().starts_with("user-agent") {
                    dropping = false;
                }
                !dropping
            })
            .collect();
        with_text(probe, lines)
    }

    /// The `*` groups joined, keeping only the first rule in file order that
    /// matches the path (as prefix).
    fn first_match_in_joined_groups(probe: Probe) -> Probe {
        let path = path_of(&probe.url).to_string();
        let first = text_lines(&probe)
            .into_iter()
            .find(|line| rule_value(line).is_some_and(|value| !value.is_empty() && path.starts_with(value)));
        with_text(probe, ["User-agent: *".to_string()].into_iter().chain(first).collect())
    }

    #[test]
    fn each_behaviour_is_confirmed_by_a_library_with_it_and_not_by_a_conforming_one() {
        let fakes: [(&str, Rewrite); 13] = [
            ("unseparated-group-rejects-file", rejects_unseparated_file),
            ("rule-before-agents-rejects-file", rejects_file_with_stray_rule),
            ("rule-space-unencoded", rule_space_unencoded),
            ("wildcard-stops-at-first", wildcard_stops_at_first),
            ("dollar-inside-ends-rule", dollar_inside_ends_rule),
            ("double-slash-rule-other-host", double_slash_rule_other_host),
            ("query-quote-encoded", query_quote_encoded),
            ("url-brackets-encoded", url_brackets_encoded),
            ("non-ascii-rule-unmatched", non_ascii_rule_unmatched),
            ("tie-first-listed-wins", tie_first_listed_wins),
            ("star-group-drops-other-names", star_group_drops_other_names),
            ("first-star-group-only", first_star_group_only),
            ("first-match-in-joined-groups", first_match_in_joined_groups),
        ];
        for (id, fake) in fakes {
            assert!(confirmed(id, fake), "{id} not confirmed by its fake");
            assert!(!confirmed(id, conforming), "{id} confirmed by a conforming library");
        }
    }

    /// Each edit on a body: the body it gives, `None` where it has nothing to take out.
    const BODY_EDITS: [(&str, &str, Option<&str>); 12] = [
        (
            "unseparated-group-rejects-file",
            "User-agent: a\nDisallow: /\nUser-agent: b\nUser-agent: c\nAllow: /\n",
            Some("User-agent: a\nDisallow: /\n\nUser-agent: b\nUser-agent: c\nAllow: /\n"),
        ),
        (
            "unseparated-group-rejects-file",
            "User-agent: a\nDisallow: /\n\nUser-agent: b\n",
            None,
        ),
        (
            "rule-before-agents-rejects-file",
            "Disallow: /b\n\nUser-agent: *\nDisallow: /a\n",
            Some("\nUser-agent: *\nDisallow: /a\n"),
        ),
        (
            "rule-space-unencoded",
            "User-agent: *\nDisallow: /a b\nDisallow: /c\n",
            Some("User-agent: *\nDisallow: /c\n"),
        ),
        (
            "wildcard-stops-at-first",
            "User-agent: *\nDisallow: */v.html\nDisallow: /a*\n",
            Some("User-agent: *\nDisallow: /a*\n"),
        ),
        (
            "dollar-inside-ends-rule",
            "User-agent: *\nDisallow: /a$b\nDisallow: /c$\n",
            Some("User-agent: *\nDisallow: /c$\n"),
        ),
        (
            "double-slash-rule-other-host",
            "User-agent: *\nDisallow: //;s\nDisallow: /a//b\n",
            Some("User-agent: *\nDisallow: /a//b\n"),
        ),
        (
            "star-group-drops-other-names",
            "User-agent: *\nUser-agent: FooBot\nDisallow: /a\n",
            Some("User-agent: *\nDisallow: /a\nUser-agent: FooBot\nDisallow: /a\n"),
        ),
        (
            "first-star-group-only",
            "User-agent: *\nUser-agent: FooBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
            Some("User-agent: *\nUser-agent: FooBot\nDisallow: /a\nDisallow: /b\n\n"),
        ),
        // Only groups naming `*` alone are the ones a first-`*`-only library drops.
        (
            "first-star-group-only",
            "User-agent: *\nDisallow: /a\n\nUser-agent: *\nUser-agent: b\nDisallow: /b\n",
            None,
        ),
        (
            "first-match-in-joined-groups",
            "User-agent: *\nDisallow: /a\nUser-agent: *\nAllow: /a/b\n",
            Some("User-agent: *\nAllow: /a/b\nDisallow: /a\n"),
        ),
        ("first-match-in-joined-groups", "User-agent: *\nDisallow: /a\n", None),
    ];

    /// Each edit on a URL: the URL it gives, `None` where it has nothing to take out.
    const URL_EDITS: [(&str, &str, Option<&str>); 3] = [
        (
            "query-quote-encoded",
            "https://example.com/p'x?q='x",
            Some("https://example.com/p'x?q=%27x"),
        ),
        ("query-quote-encoded", "https://example.com/p'x", None),
        (
            "url-brackets-encoded",
            "https://example.com/a]b?[",
            Some("https://example.com/a%5Db?%5B"),
        ),
    ];

    fn varied(id: &str, body: &str, url: &str) -> Option<Probe> {
        let probe = Probe {
            body: body.as_bytes().to_vec(),
            agents: vec!["BarBot".into()],
            url: url.into(),
        };
        (super::super::behaviour(id).expect("a behaviour of this group").vary)(&probe)
    }

    #[test]
    fn each_edit_takes_its_construct_out() {
        for (id, body, expected) in BODY_EDITS {
            let got = varied(id, body, "https://example.com/a")
                .map(|probe| String::from_utf8_lossy(&probe.body).into_owned());
            assert_eq!(got.as_deref(), expected, "{id} on {body:?}");
        }
        for (id, url, expected) in URL_EDITS {
            let got = varied(id, "User-agent: *\n", url).map(|probe| probe.url);
            assert_eq!(got.as_deref(), expected, "{id} on {url}");
        }
    }
}
