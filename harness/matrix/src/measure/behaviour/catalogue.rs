//! The library behaviours the report can name, each with the questions that
//! confirm it and the edit that takes its construct out of a case.
//!
//! Each question has a conforming answer (RFC 9309's and Google's, which
//! agree on it; a test holds both `rep` profiles to it) and the answer a
//! library with the behaviour gives. Where a neighbouring behaviour would
//! give the same answer, a question the two answer differently is added, so
//! that one library behaviour is named and not its neighbours too.

use super::edit::{lines, with_lines, without_lines, Line};
use rep_core::diff::Probe;

/// One question: a body, an agent and a URL, with two answers.
#[derive(Clone, Copy, Debug)]
pub struct Question {
    /// The robots.txt body.
    pub body: &'static str,
    /// The agent asked.
    pub agent: &'static str,
    /// The URL asked.
    pub url: &'static str,
    /// What RFC 9309 and Google's parser answer (`true`: allowed).
    pub conforming: bool,
    /// What a library with the behaviour answers.
    pub shown: bool,
}

/// A library behaviour.
pub struct Behaviour {
    /// A short stable name (`first-match`).
    pub id: &'static str,
    /// What the library does, as a verb phrase after "the library".
    pub title: &'static str,
    /// The questions that confirm it (the library answers `shown` to all).
    pub questions: &'static [Question],
    /// The case without the behaviour's construct, when it has one.
    pub vary: fn(&Probe) -> Option<Probe>,
}

const fn q(body: &'static str, agent: &'static str, url: &'static str, conforming: bool, shown: bool) -> Question {
    Question {
        body,
        agent,
        url,
        conforming,
        shown,
    }
}

/// Every behaviour, in the order they are tried as the cause of a
/// difference: those whose construct is rare in a case before those whose
/// construct almost every case has, so an edit that changes much (reordering
/// rules) does not take the credit for a narrower cause.
pub const BEHAVIOURS: &[Behaviour] = &[
    Behaviour {
        id: "lf-only",
        title: "splits lines at LF only: a CR alone does not end a line",
        questions: &[q(
            "User-agent: *\rDisallow: /a\r",
            "FooBot",
            "https://example.com/a",
            false,
            true,
        )],
        vary: lone_cr_to_lf,
    },
    Behaviour {
        id: "rules-before-agents",
        title: "obeys rules that come before any user-agent line",
        questions: &[q("Disallow: /a\n", "FooBot", "https://example.com/a", true, false)],
        vary: drop_rules_before_agents,
    },
    Behaviour {
        id: "product-token-any-characters",
        title: "accepts digits or punctuation in product tokens (a group `AB42bot` applies to the agent `AB42bot`)",
        questions: &[q(
            "User-agent: AB42bot\nDisallow: /a\n",
            "AB42bot",
            "https://example.com/a",
            true,
            false,
        )],
        vary: letters_only_agent,
    },
    Behaviour {
        id: "agent-version-stripped",
        title: "cuts the agent asked at `/` (`FooBot/1.0` is asked as `FooBot`)",
        questions: &[
            q(
                "User-agent: FooBot\nDisallow: /a\n",
                "FooBot/1.0",
                "https://example.com/a",
                true,
                false,
            ),
            // A library matching by prefix disallows here too; this one does not.
            q(
                "User-agent: Foo\nDisallow: /a\n",
                "FooBot/1.0",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        vary: agent_cut_at_slash,
    },
    Behaviour {
        id: "agent-substring",
        title: "applies a group whose name occurs anywhere in the agent asked (`Bot` for `FooBot`)",
        questions: &[q(
            "User-agent: Bot\nDisallow: /a\n",
            "FooBot",
            "https://example.com/a",
            true,
            false,
        )],
        vary: rename_contained_agents,
    },
    Behaviour {
        id: "agent-prefix",
        title: "applies a group whose name starts the agent asked (`Foo` for `FooBot`)",
        questions: &[
            q(
                "User-agent: Foo\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // Not anywhere inside: that is agent-substring.
            q(
                "User-agent: Bot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        vary: rename_contained_agents,
    },
    Behaviour {
        id: "first-group-only",
        title: "obeys only the first group that names the agent, not every group naming it",
        questions: &[q(
            "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
            "FooBot",
            "https://example.com/b",
            false,
            true,
        )],
        vary: combine_groups_of_one_name,
    },
    Behaviour {
        id: "blank-line-ends-group",
        title: "ends a group at a blank line, dropping the rules after it",
        questions: &[q(
            "User-agent: *\nDisallow: /a\n\nDisallow: /b\n",
            "FooBot",
            "https://example.com/b",
            false,
            true,
        )],
        vary: drop_blank_lines,
    },
    Behaviour {
        id: "other-line-splits-agents",
        title: "starts a new group at a line such as `Crawl-delay` or `Sitemap` between user-agent lines",
        questions: &[q(
            "User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /a\n",
            "FooBot",
            "https://example.com/a",
            false,
            true,
        )],
        vary: drop_other_lines,
    },
    Behaviour {
        id: "empty-group-falls-back",
        title: "falls back to the * group when the agent's own group has no rules",
        questions: &[q(
            "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\n",
            "FooBot",
            "https://example.com/a",
            true,
            false,
        )],
        vary: give_empty_groups_a_rule,
    },
    Behaviour {
        id: "empty-allow-disallows",
        title: "reads an empty `Allow:` as disallowing everything",
        questions: &[q(
            "User-agent: *\nAllow:\n",
            "FooBot",
            "https://example.com/a",
            true,
            false,
        )],
        vary: drop_empty_allows,
    },
    Behaviour {
        id: "no-end-anchor",
        title: "reads `$` at the end of a rule as a plain character, not as the end of the path",
        questions: &[q(
            "User-agent: *\nDisallow: /a$\n",
            "FooBot",
            "https://example.com/a",
            false,
            true,
        )],
        vary: drop_anchored_rules,
    },
    Behaviour {
        id: "no-wildcard",
        title: "reads `*` in a rule as a plain character, not as any sequence",
        questions: &[q(
            "User-agent: *\nDisallow: /a*c\n",
            "FooBot",
            "https://example.com/abc",
            false,
            true,
        )],
        vary: drop_wildcard_rules,
    },
    Behaviour {
        id: "empty-path-not-root",
        title: "matches a URL without a path as an empty path, not as `/`",
        questions: &[q(
            "User-agent: *\nDisallow: /\n",
            "FooBot",
            "https://example.com",
            false,
            true,
        )],
        vary: root_for_empty_path,
    },
    Behaviour {
        id: "query-ignored",
        title: "leaves the query out of the URL it matches",
        questions: &[q(
            "User-agent: *\nDisallow: /a?b\n",
            "FooBot",
            "https://example.com/a?b",
            false,
            true,
        )],
        vary: drop_query,
    },
    Behaviour {
        id: "empty-query-dropped",
        title: "drops a `?` that ends the URL (an empty query)",
        questions: &[q(
            "User-agent: *\nDisallow: /a?\n",
            "FooBot",
            "https://example.com/a?",
            false,
            true,
        )],
        vary: drop_empty_query,
    },
    Behaviour {
        id: "rule-slash-added",
        title: "reads a rule that does not start with `/` as if it did",
        questions: &[
            q(
                "User-agent: *\nDisallow: a\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // Not matched anywhere in the path: that would disallow here too.
            q(
                "User-agent: *\nDisallow: b\n",
                "FooBot",
                "https://example.com/ab",
                true,
                true,
            ),
        ],
        vary: slash_before_rules,
    },
    Behaviour {
        id: "case-folds-paths",
        title: "matches paths without regard to case",
        questions: &[q(
            "User-agent: *\nDisallow: /A\n",
            "FooBot",
            "https://example.com/a",
            true,
            false,
        )],
        vary: lower_case_paths,
    },
    Behaviour {
        id: "decodes-slash",
        title: "decodes `%2F` to `/` before matching",
        questions: &[q(
            "User-agent: *\nDisallow: /a%2Fb\n",
            "FooBot",
            "https://example.com/a/b",
            true,
            false,
        )],
        vary: drop_encoded_slash_rules,
    },
    Behaviour {
        id: "first-match",
        title: "obeys the first matching rule in the file, not the longest",
        questions: &[
            q(
                "User-agent: *\nAllow: /\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // Not "an allow always wins": here the first match is a disallow.
            q(
                "User-agent: *\nDisallow: /a\nAllow: /a/b\n",
                "FooBot",
                "https://example.com/a/b",
                true,
                false,
            ),
        ],
        vary: longest_rules_first,
    },
];

/// The behaviour called `id`.
pub fn behaviour(id: &str) -> Option<&'static Behaviour> {
    BEHAVIOURS.iter().find(|behaviour| behaviour.id == id)
}

fn with_body(probe: &Probe, body: Option<Vec<u8>>) -> Option<Probe> {
    body.map(|body| Probe { body, ..probe.clone() })
}

fn lone_cr_to_lf(probe: &Probe) -> Option<Probe> {
    let body = &probe.body;
    let lone = |at: usize| body[at] == b'\r' && body.get(at + 1) != Some(&b'\n');
    (0..body.len()).any(lone).then(|| Probe {
        body: (0..body.len())
            .map(|at| if lone(at) { b'\n' } else { body[at] })
            .collect(),
        ..probe.clone()
    })
}

fn drop_rules_before_agents(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let first_agent = lines.iter().position(Line::is_agent).unwrap_or(lines.len());
    let before: Vec<&[u8]> = lines[..first_agent]
        .iter()
        .filter(|line| line.is_rule())
        .map(|line| line.bytes.as_slice())
        .collect();
    if before.is_empty() {
        return None;
    }
    let kept: Vec<u8> = lines
        .iter()
        .enumerate()
        .filter(|(at, line)| *at >= first_agent || !line.is_rule())
        .flat_map(|(_, line)| line.bytes.iter().copied().chain([b'\n']))
        .collect();
    with_body(probe, Some(kept))
}

/// Whether a product token holds only what RFC 9309 allows in one.
fn is_token(agent: &str) -> bool {
    agent.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-' || b == b'_')
}

/// The agent with every character a product token may not hold made `x`.
fn letters_only(agent: &str) -> String {
    agent
        .chars()
        .map(|c| {
            if c.is_ascii_alphabetic() || c == '-' || c == '_' {
                c
            } else {
                'x'
            }
        })
        .collect()
}

fn letters_only_agent(probe: &Probe) -> Option<Probe> {
    let asked: Vec<&String> = probe.agents.iter().filter(|agent| !is_token(agent)).collect();
    let body = with_lines(&probe.body, |line| {
        let value = String::from_utf8_lossy(line.value()).to_string();
        let named = line.is_agent() && asked.iter().any(|agent| agent.eq_ignore_ascii_case(&value));
        named.then(|| format!("User-agent: {}", letters_only(&value)).into_bytes())
    })?;
    Some(Probe {
        body,
        agents: probe.agents.iter().map(|agent| letters_only(agent)).collect(),
        url: probe.url.clone(),
    })
}

fn agent_cut_at_slash(probe: &Probe) -> Option<Probe> {
    let cut: Vec<String> = probe
        .agents
        .iter()
        .map(|agent| agent.split('/').next().unwrap_or_default().to_string())
        .collect();
    (cut != probe.agents).then(|| Probe {
        agents: cut,
        ..probe.clone()
    })
}

/// Groups named by a part of an agent asked (not the whole) renamed to a
/// name no agent asked contains.
fn rename_contained_agents(probe: &Probe) -> Option<Probe> {
    let asked: Vec<String> = probe.agents.iter().map(|agent| agent.to_ascii_lowercase()).collect();
    let unrelated = (0..)
        .map(|n| format!("NoSuchBot{n}"))
        .find(|name| !asked.iter().any(|agent| agent.contains(&name.to_ascii_lowercase())))
        .unwrap_or_default();
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = String::from_utf8_lossy(line.value()).to_ascii_lowercase();
            let contained = line.is_agent()
                && !value.is_empty()
                && value != "*"
                && asked.iter().any(|agent| agent.contains(&value) && *agent != value);
            contained.then(|| format!("User-agent: {unrelated}").into_bytes())
        }),
    )
}

/// Groups of a single name that an earlier group of a single name already
/// named given to that earlier group (their lines moved up into it).
fn combine_groups_of_one_name(probe: &Probe) -> Option<Probe> {
    let mut groups: Vec<(Option<String>, Vec<Vec<u8>>)> = Vec::new();
    for line in lines(&probe.body) {
        let starts = line.is_agent() && groups.last().is_none_or(|(_, lines)| !last_is_agent(lines));
        if starts {
            let name = String::from_utf8_lossy(line.value()).to_ascii_lowercase();
            groups.push((Some(name), vec![line.bytes]));
        } else if let Some((name, lines)) = groups.last_mut() {
            if line.is_agent() {
                // A second name: the group is not of a single name.
                *name = None;
            }
            lines.push(line.bytes);
        } else {
            groups.push((None, vec![line.bytes]));
        }
    }
    let mut combined: Vec<(Option<String>, Vec<Vec<u8>>)> = Vec::new();
    let mut changed = false;
    for (name, lines) in groups {
        match combined.iter_mut().find(|(known, _)| known.is_some() && *known == name) {
            Some((_, known)) => {
                known.extend(lines.into_iter().skip(1));
                changed = true;
            }
            None => combined.push((name, lines)),
        }
    }
    let body: Vec<u8> = combined
        .into_iter()
        .flat_map(|(_, lines)| lines)
        .flat_map(|line| line.into_iter().chain([b'\n']))
        .collect();
    with_body(probe, changed.then_some(body))
}

/// Whether the last line of a group so far is a user-agent line (bytes).
fn last_is_agent(lines: &[Vec<u8>]) -> bool {
    lines
        .last()
        .is_some_and(|bytes| super::edit::lines(bytes).first().is_some_and(Line::is_agent))
}

fn drop_blank_lines(probe: &Probe) -> Option<Probe> {
    with_body(probe, without_lines(&probe.body, Line::is_blank))
}

fn drop_other_lines(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            !line.is_blank() && !line.is_rule() && !line.is_agent() && line.key().is_some()
        }),
    )
}

/// An `Allow: /` after each run of user-agent lines that no rule follows:
/// the group answers as before (everything allowed) but now has a rule.
fn give_empty_groups_a_rule(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let mut out: Vec<u8> = Vec::new();
    let mut changed = false;
    for (at, line) in lines.iter().enumerate() {
        out.extend_from_slice(&line.bytes);
        out.push(b'\n');
        if !line.is_agent() {
            continue;
        }
        let next = lines[at + 1..].iter().find(|line| !line.is_blank());
        if !next.is_some_and(|next| next.is_rule() || next.is_agent()) {
            out.extend_from_slice(b"Allow: /\n");
            changed = true;
        }
    }
    with_body(probe, changed.then_some(out))
}

fn drop_empty_allows(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.key().as_deref() == Some("allow") && line.value().is_empty()
        }),
    )
}

fn drop_anchored_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| line.is_rule() && line.value().ends_with(b"$")),
    )
}

fn drop_wildcard_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| line.is_rule() && line.value().contains(&b'*')),
    )
}

fn drop_encoded_slash_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.is_rule() && line.value().windows(3).any(|w| w.eq_ignore_ascii_case(b"%2f"))
        }),
    )
}

/// The URL's scheme and authority, and the rest.
fn split_url(url: &str) -> Option<(&str, &str)> {
    let after_scheme = url.find("://")? + 3;
    let path_at = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |at| after_scheme + at);
    Some((&url[..path_at], &url[path_at..]))
}

fn root_for_empty_path(probe: &Probe) -> Option<Probe> {
    let (origin, rest) = split_url(&probe.url)?;
    (!rest.starts_with('/')).then(|| Probe {
        url: format!("{origin}/{rest}"),
        ..probe.clone()
    })
}

fn drop_query(probe: &Probe) -> Option<Probe> {
    let (origin, rest) = split_url(&probe.url)?;
    let path = rest.split(['?', '#']).next().unwrap_or_default();
    if !rest.contains('?') {
        return None;
    }
    // Rules about queries go too: the edit asks the same question without one.
    let body = without_lines(&probe.body, |line| line.is_rule() && line.value().contains(&b'?'));
    Some(Probe {
        body: body.unwrap_or_else(|| probe.body.clone()),
        url: format!("{origin}{path}"),
        ..probe.clone()
    })
}

fn drop_empty_query(probe: &Probe) -> Option<Probe> {
    let url = probe.url.strip_suffix('?')?;
    Some(Probe {
        url: url.to_string(),
        ..probe.clone()
    })
}

fn slash_before_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = line.value();
            let bare = line.is_rule() && !value.is_empty() && !value.starts_with(b"/") && !value.starts_with(b"*");
            bare.then(|| {
                let key = line.key().unwrap_or_default();
                [key.as_bytes(), b": /", value].concat()
            })
        }),
    )
}

fn lower_case_paths(probe: &Probe) -> Option<Probe> {
    let (origin, rest) = split_url(&probe.url)?;
    let body = with_lines(&probe.body, |line| {
        line.is_rule().then(|| {
            let colon = line.bytes.iter().position(|&b| b == b':').unwrap_or(0);
            let (key, value) = line.bytes.split_at(colon);
            [key, &value.to_ascii_lowercase()].concat()
        })
    });
    let url = format!("{origin}{}", rest.to_ascii_lowercase());
    (body.is_some() || url != probe.url).then(|| Probe {
        body: body.unwrap_or_else(|| probe.body.clone()),
        agents: probe.agents.clone(),
        url,
    })
}

/// Each run of rule lines ordered longest pattern first (an allow before a
/// disallow of the same length): the first match is then the longest.
fn longest_rules_first(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut run: Vec<&Line> = Vec::new();
    let flush = |run: &mut Vec<&Line>, out: &mut Vec<Vec<u8>>| {
        run.sort_by_key(|line| {
            (
                std::cmp::Reverse(line.value().len()),
                line.key().as_deref() != Some("allow"),
            )
        });
        out.extend(run.drain(..).map(|line| line.bytes.clone()));
    };
    for line in &lines {
        if line.is_rule() {
            run.push(line);
        } else {
            flush(&mut run, &mut out);
            out.push(line.bytes.clone());
        }
    }
    flush(&mut run, &mut out);
    let body: Vec<u8> = out
        .into_iter()
        .flat_map(|line| line.into_iter().chain([b'\n']))
        .collect();
    let before: Vec<u8> = lines
        .iter()
        .flat_map(|line| line.bytes.iter().copied().chain([b'\n']))
        .collect();
    with_body(probe, (body != before).then_some(body))
}
