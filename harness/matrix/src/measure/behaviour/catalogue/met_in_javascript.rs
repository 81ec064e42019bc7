//! Behaviours first met in the differences of the JavaScript parsers (robots-txt-parser, robots-parser, robots-txt-guard, robots-js), tried after
//! those before them in [`super::all`].
//!
//! Each was found by calling the library on a page's minimal case, varying
//! the case by hand and reading the library's source: robots-parser cuts a
//! group's name at `/` and encodes rules with `encodeURI` but the URL with
//! the URL standard; robots-txt-parser turns each rule into an unanchored
//! regular expression tested against the whole URL and keeps one group per
//! name, the last; robots-js looks for the pieces of a wildcard rule with
//! `indexOf` from where the previous piece started.

use super::{
    combine_groups_of_one_name, drop_wildcard_rules, lines, q, root_for_empty_path, split_url, unrelated_name,
    with_body, with_lines, without_lines, Behaviour, Line, Reference,
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
        title: "percent-encodes `|`, `^`, `[` and `]` in a rule but reads them as they are in the URL's path, so `Disallow: /a|b` does not match `/a|b`",
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
        id: "quote-encoded-in-query",
        title: "percent-encodes `'` in the URL's query, as the URL standard (Node's `URL`) does, but not in rules, so `/q?a='x` is matched as `/q?a=%27x`",
        questions: &[
            q(
                "User-agent: *\nDisallow: /q?a=%27x\n",
                "FooBot",
                "https://example.com/q?a='x",
                true,
                false,
            ),
            q(
                "User-agent: *\nDisallow: /q?a='x\n",
                "FooBot",
                "https://example.com/q?a='x",
                false,
                true,
            ),
            // In the path `'` stays as it is: not every `'` read as `%27`.
            q(
                "User-agent: *\nDisallow: /p%27x\n",
                "FooBot",
                "https://example.com/p'x",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_quotes_from_query,
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
        id: "rule-non-ascii-unencoded",
        title: "matches a rule's non-ASCII characters without percent-encoding them, so `Disallow: /ü` does not match the URL's `/%C3%BC`",
        questions: &[
            q(
                "User-agent: *\nDisallow: /ü\n",
                "FooBot",
                "https://example.com/%C3%BC",
                false,
                true,
            ),
            // Paths keep their case: not case-folds-paths, which misses the
            // encoded `ü` too once it lower-cases the escape.
            q(
                "User-agent: *\nDisallow: /A\n",
                "FooBot",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: super::encode_rules,
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
        vary: root_for_empty_path,
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
        vary: drop_wildcard_rules,
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

/// What comes before the first `/`, trimmed and lower-cased.
fn before_slash(name: &[u8]) -> Vec<u8> {
    let end = name.iter().position(|&b| b == b'/').unwrap_or(name.len());
    name[..end].trim_ascii().to_ascii_lowercase()
}

/// Groups whose name holds a `/` and, cut there, is an agent asked (cut
/// the same way) renamed to a name no agent asked contains.
fn rename_groups_named_before_a_slash(probe: &Probe) -> Option<Probe> {
    let asked: Vec<Vec<u8>> = probe.agents.iter().map(|agent| before_slash(agent.as_bytes())).collect();
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
        (line.is_rule() && line.value().iter().any(|b| UNEQUALLY_ENCODED.contains(b))).then(|| {
            let key = line.key().unwrap_or_default();
            [key.as_bytes(), b": ", &escaped_unequal(line.value())].concat()
        })
    });
    let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
    let url = format!(
        "{origin}{}{}",
        String::from_utf8_lossy(&escaped_unequal(rest[..path_end].as_bytes())),
        &rest[path_end..]
    );
    (body.is_some() || url != probe.url).then(|| Probe {
        body: body.unwrap_or_else(|| probe.body.clone()),
        agents: probe.agents.clone(),
        url,
    })
}

/// The URL without the `'` of its query.
fn drop_quotes_from_query(probe: &Probe) -> Option<Probe> {
    let (path, query) = probe.url.split_once('?')?;
    query.contains('\'').then(|| Probe {
        url: format!("{path}?{}", query.replace('\'', "")),
        ..probe.clone()
    })
}

/// `bytes` with the hex digits of every percent-escape upper-cased.
fn escapes_upper_cased(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for at in 0..out.len() {
        let escape = out[at] == b'%' && out.get(at + 1..at + 3).is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        if escape {
            out[at + 1..at + 3].make_ascii_uppercase();
        }
    }
    out
}

fn upper_case_escapes(probe: &Probe) -> Option<Probe> {
    let body = with_lines(&probe.body, |line| {
        line.is_rule().then(|| {
            let key = line.key().unwrap_or_default();
            [key.as_bytes(), b": ", &escapes_upper_cased(line.value())].concat()
        })
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

/// Rules that match the URL somewhere (the whole URL as written, as the
/// library reads it) but do not match its path from the start, as RFC 9309
/// reads a rule: for the references they decide nothing here.
fn drop_rules_matching_off_the_path_start(probe: &Probe) -> Option<Probe> {
    let (_, rest) = split_url(&probe.url)?;
    let path = if rest.starts_with('/') { rest.to_string() } else { format!("/{rest}") };
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

/// Used by [`super::only_first_groups_named`]: a later group naming `*`
/// alone, where the first group naming `*` names other agents too, joined
/// to that first group (a library reading only the first group naming `*`
/// then reads its rules).
pub(super) fn later_star_groups_into_the_first(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let is_star = |line: &Line| line.is_agent() && line.value() == b"*";
    // Runs of user-agent lines: where each starts and ends.
    let mut runs: Vec<(usize, usize)> = Vec::new();
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
    let first = runs.iter().position(|&(start, end)| lines[start..end].iter().any(is_star))?;
    let (first_start, first_end) = runs[first];
    if first_end - first_start < 2 {
        return None;
    }
    // Each later run naming `*` alone, with the lines up to the next run.
    let later: Vec<(usize, usize)> = runs[first + 1..]
        .iter()
        .enumerate()
        .filter(|(_, &(start, end))| end - start == 1 && is_star(&lines[start]))
        .map(|(n, &(start, _))| {
            let group_end = runs.get(first + 2 + n).map_or(lines.len(), |&(next, _)| next);
            (start, group_end)
        })
        .collect();
    if later.is_empty() {
        return None;
    }
    let moved: Vec<&Line> = later
        .iter()
        .flat_map(|&(start, end)| lines[start + 1..end].iter().filter(|line| !line.is_blank()))
        .collect();
    let first_group_end = runs.get(first + 1).map_or(lines.len(), |&(next, _)| next);
    // The moved lines join the first group's own, before the blank lines that end it.
    let insert_at = (first_end..first_group_end)
        .rev()
        .find(|&i| !lines[i].is_blank())
        .map_or(first_end, |i| i + 1);
    let dropped = |i: usize| later.iter().any(|&(start, end)| (start..end).contains(&i));
    let mut body: Vec<u8> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if i == insert_at {
            moved.iter().for_each(|line| push_line(&mut body, line));
        }
        if !dropped(i) {
            push_line(&mut body, line);
        }
    }
    if insert_at == lines.len() {
        moved.iter().for_each(|line| push_line(&mut body, line));
    }
    with_body(probe, Some(body))
}

fn push_line(body: &mut Vec<u8>, line: &Line) {
    body.extend_from_slice(&line.bytes);
    body.push(b'\n');
}
