//! Behaviours first met in the differences of the Python parsers fastrobots, robotspy and protego, tried after
//! those before them in [`super::all`]. Each was found by calling the library on a page's minimal case, varying
//! it by hand, and reading the library's source (fastrobots' Rust core, robotspy's `parser.py`).

use super::{collapse_slashes, leading_token, lines, q, root_for_empty_path, with_body, with_lines, without_lines};
use super::{Behaviour, Line, Reference};
use crate::measure::behaviour::edit::join;
use rep_core::diff::Probe;

pub(super) const BEHAVIOURS: &[Behaviour] = &[
    Behaviour {
        id: "empty-disallow-group-runs-on",
        title: "skips an empty `Disallow:`, so a group holding nothing else runs on into the next group and its agents get that group's rules",
        questions: &[
            q(
                "User-agent: FooBot\nDisallow:\nUser-agent: BarBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // A group with a rule of its own does end at the next user-agent line.
            q(
                "User-agent: FooBot\nDisallow: /b\nUser-agent: BarBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: allow_all_for_empty_groups,
    },
    Behaviour {
        id: "repeated-name-splits-agents",
        title: "starts a new group at each user-agent line that follows a name already given rules earlier in the file, so that name gets none of the rules below the run (`User-agent: *` again, then `User-agent: 008`: the rules go to `008` alone)",
        questions: &[
            q(
                "User-agent: FooBot\nDisallow: /a\n\nUser-agent: FooBot\nUser-agent: BarBot\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                false,
                true,
            ),
            // Where no name repeats, every name of the run gets the rules: not last-agent-only.
            q(
                "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
            // A repeated name alone does get the rules below it: not first-group-only.
            q(
                "User-agent: FooBot\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                false,
                false,
            ),
            // Listed after a new name, the repeated one gets them too.
            q(
                "User-agent: FooBot\nDisallow: /a\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: repeated_names_last,
    },
    Behaviour {
        id: "anchor-not-counted-tie-disallow",
        title: "leaves a final `$` out of a rule's length and lets a `Disallow` win a tie, so `Disallow: /` outranks `Allow: /$`",
        questions: &[
            q(
                "User-agent: *\nAllow: /a$\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // It does read the `$` as the end of the path: not no-end-anchor.
            q(
                "User-agent: *\nAllow: /a$\nDisallow: /\n",
                "FooBot",
                "https://example.com/a",
                true,
                true,
            ),
            // Even a tie of one pattern goes to the Disallow: not specials-not-counted.
            q(
                "User-agent: *\nAllow: /ab\nDisallow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_disallows_tied_with_anchored_allows,
    },
    Behaviour {
        id: "tie-by-length-disallow-wins",
        title: "lets a `Disallow` win over an `Allow` of the same length even when their patterns differ (`Disallow: /a*c` over `Allow: /ab*` for `/abc`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a*c\nAllow: /ab*\n",
                "FooBot",
                "https://example.com/abc",
                true,
                false,
            ),
            // A longer Allow after the Disallow wins: not first-match.
            q(
                "User-agent: *\nDisallow: /a*\nAllow: /abc\n",
                "FooBot",
                "https://example.com/abc",
                true,
                true,
            ),
            // It counts `*` in the length, so a longer Allow wins: not specials-not-counted.
            q(
                "User-agent: *\nAllow: /ab*\nDisallow: /ab\n",
                "FooBot",
                "https://example.com/abc",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_disallows_as_long_as_allows,
    },
    Behaviour {
        id: "key-spelt-exactly",
        title: "does not read `User-agents: FooBot` as a group for `FooBot`, where Google's parser reads a key by the known key it starts with (`User-agents`, `Disallowed`)",
        questions: &[
            q(
                "User-agents: FooBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // Case is ignored in keys.
            q(
                "user-AGENT: FooBot\nDISALLOW: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Google,
        vary: spell_prefixed_keys,
    },
    Behaviour {
        id: "vertical-tab-kept",
        title: "keeps a vertical tab (`\\x0B`) beside a value as part of it, where Google's parser trims it as whitespace (`User-agent: \\x0BFooBot` does not name `FooBot`)",
        questions: &[
            q(
                "User-agent: \u{b}FooBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // A tab is trimmed.
            q(
                "User-agent:\tFooBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
            // After the name too: a library that ends lines at a vertical tab answers otherwise.
            q(
                "User-agent: FooBot\u{b}\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
        ],
        reference: Reference::Google,
        vary: drop_vertical_tabs,
    },
    Behaviour {
        id: "path-slashes-collapsed",
        title: "reads `//` in the URL's path as `/` but leaves rules as written, so `Disallow: /a//b` does not match `/a//b`",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a//b\n",
                "FooBot",
                "https://example.com/a//b",
                false,
                true,
            ),
            // A rule's `//` stays: not collapses-slashes.
            q(
                "User-agent: *\nDisallow: //\n",
                "FooBot",
                "https://example.com/",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: collapse_slashes,
    },
    Behaviour {
        id: "query-after-host-unrooted",
        title: "reads a URL whose query follows the host (`https://example.com?q=1`) as the path `?q=1`, without its `/`, so no rule matches it",
        questions: &[
            q(
                "User-agent: *\nDisallow: /?q\n",
                "FooBot",
                "https://example.com?q=1",
                false,
                true,
            ),
            // A URL with neither path nor query is `/`: not empty-path-not-root.
            q(
                "User-agent: *\nDisallow: /\n",
                "FooBot",
                "https://example.com",
                false,
                false,
            ),
            // A query after a path is matched: not query-ignored.
            q(
                "User-agent: *\nDisallow: /a?q\n",
                "FooBot",
                "https://example.com/a?q=1",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: root_for_empty_path,
    },
    Behaviour {
        id: "agent-line-with-s-unread",
        title: "ignores a user-agent line holding an `s` or `]` after the name it starts with (`User-agent: BarBot/2 (Windows)`), so the rules below it join the group above",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a\nUser-agent: BarBot/2 (Windows)\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                true,
                false,
            ),
            // Without an `s` the same line is read: not every name with a version.
            q(
                "User-agent: *\nDisallow: /a\nUser-agent: BarBot/2 (Linux)\nDisallow: /b\n",
                "FooBot",
                "https://example.com/b",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: cut_names_holding_s,
    },
    Behaviour {
        id: "star-led-agent-is-star",
        title: "reads a user-agent line that starts with `*` as the `*` group (`User-agent: *PaperLiBot*` names every agent)",
        questions: &[
            q(
                "User-agent: *Foo\nDisallow: /a\n",
                "BarBot",
                "https://example.com/a",
                true,
                false,
            ),
            // A `*` after the name does not make it `*`.
            q(
                "User-agent: Foo*\nDisallow: /a\n",
                "BarBot",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_leading_stars_of_names,
    },
    Behaviour {
        id: "rule-with-space-unread",
        title: "ignores a rule whose value holds a space (`Disallow: /a b`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a b\n",
                "FooBot",
                "https://example.com/a b",
                false,
                true,
            ),
            // The line is not read at all, so the group above runs on into the next one: a library
            // that reads the rule but encodes the URL's space answers otherwise.
            q(
                "User-agent: FooBot\nDisallow: /a b\nUser-agent: BarBot\nDisallow: /c\n",
                "FooBot",
                "https://example.com/c",
                true,
                false,
            ),
            // Written as `%20`, the same rule is obeyed.
            q(
                "User-agent: *\nDisallow: /a%20b\n",
                "FooBot",
                "https://example.com/a%20b",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: encode_spaces,
    },
    Behaviour {
        id: "length-after-decoding",
        title: "percent-decodes a rule before measuring it, so `/ü` and `/%C3%BC` both count 2 characters where the encoded form counts 7",
        questions: &[
            q(
                "User-agent: *\nAllow: /ü\nDisallow: /*ber\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                true,
                false,
            ),
            // Written encoded, it is still short: not length-before-encoding.
            q(
                "User-agent: *\nAllow: /%C3%BC\nDisallow: /*ber\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                true,
                false,
            ),
            // A longer Allow wins: not allow-ignored.
            q(
                "User-agent: *\nDisallow: /a\nAllow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                true,
            ),
            // It matches the rule against the encoded path: not rule-non-ascii-unencoded.
            q(
                "User-agent: *\nDisallow: /ü\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_encoded_rules,
    },
    Behaviour {
        id: "colon-optional",
        title: "reads a line whose key has no colon after it as that key's line (`Disallow/a`, `User-agentFooBot`)",
        questions: &[
            q(
                "User-agent: *\nDisallow/a\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            q(
                "User-agentFooBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_colonless_key_lines,
    },
];

/// The keys a line may start with.
const KEYS: [&[u8]; 3] = [b"user-agent", b"disallow", b"allow"];

/// The runs of lines of `lines`: each group is the index of its first
/// user-agent line, the end of its user-agent lines, and its end.
fn groups(lines: &[Line]) -> Vec<(usize, usize, usize)> {
    let mut groups = Vec::new();
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
    groups
}

fn is_empty_disallow(line: &Line) -> bool {
    line.key().as_deref() == Some("disallow") && line.value().is_empty()
}

/// In each group whose only rules are empty `Disallow:` lines, those lines
/// written `Allow: /`: the group still allows everything, but now by a rule.
fn allow_all_for_empty_groups(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let mut rewrite = vec![false; lines.len()];
    for (_, agents_end, end) in groups(&lines) {
        let rules: Vec<usize> = (agents_end..end).filter(|&i| lines[i].is_rule()).collect();
        if !rules.is_empty() && rules.iter().all(|&i| is_empty_disallow(&lines[i])) {
            rules.iter().for_each(|&i| rewrite[i] = true);
        }
    }
    let out: Vec<Line> = lines
        .iter()
        .zip(&rewrite)
        .map(|(line, &rewrite)| Line {
            bytes: if rewrite {
                b"Allow: /".to_vec()
            } else {
                line.bytes.clone()
            },
        })
        .collect();
    with_body(probe, rewrite.contains(&true).then(|| join(&out)))
}

fn agent_name(line: &Line) -> Vec<u8> {
    line.value().to_ascii_lowercase()
}

/// In each run of user-agent lines, the names given in an earlier run put
/// after the new ones: the same group, listed in another order.
fn repeated_names_last(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut order: Vec<usize> = (0..lines.len()).collect();
    for (start, agents_end, _) in groups(&lines) {
        let (repeated, new): (Vec<usize>, Vec<usize>) =
            (start..agents_end).partition(|&i| seen.contains(&agent_name(&lines[i])));
        order.splice(start..agents_end, new.into_iter().chain(repeated));
        seen.extend(lines[start..agents_end].iter().map(agent_name));
    }
    let reordered: Vec<Line> = order
        .iter()
        .map(|&i| Line {
            bytes: lines[i].bytes.clone(),
        })
        .collect();
    with_body(
        probe,
        (order.iter().enumerate().any(|(at, &i)| at != i)).then(|| join(&reordered)),
    )
}

/// The lengths of the `Allow` values, each through `length`.
fn allow_lengths(probe: &Probe, length: impl Fn(&[u8]) -> Option<usize>) -> Vec<usize> {
    lines(&probe.body)
        .iter()
        .filter(|line| line.key().as_deref() == Some("allow"))
        .filter_map(|line| length(line.value()))
        .collect()
}

/// Without the `Disallow` lines as long as an `Allow` ending in `$` is
/// without its `$`.
fn drop_disallows_tied_with_anchored_allows(probe: &Probe) -> Option<Probe> {
    let tied = allow_lengths(probe, |value| value.strip_suffix(b"$").map(<[u8]>::len));
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.key().as_deref() == Some("disallow") && !line.value().is_empty() && tied.contains(&line.value().len())
        }),
    )
}

/// Without the `Disallow` lines as long as some `Allow` line.
fn drop_disallows_as_long_as_allows(probe: &Probe) -> Option<Probe> {
    let tied = allow_lengths(probe, |value| Some(value.len()));
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.key().as_deref() == Some("disallow") && !line.value().is_empty() && tied.contains(&line.value().len())
        }),
    )
}

/// The key a line starts with when it is longer than a known key it
/// starts with (`User-agents`), and that known key.
fn prefixed_key(line: &Line) -> Option<&'static [u8]> {
    let key = line.key()?;
    KEYS.into_iter()
        .find(|known| key.len() > known.len() && key.as_bytes().starts_with(known))
}

/// Each key that starts with a known key spelt as that key (`User-agents:`
/// as `User-agent:`).
fn spell_prefixed_keys(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let known = prefixed_key(line)?;
            let spelt: &[u8] = match known {
                b"user-agent" => b"User-agent",
                b"disallow" => b"Disallow",
                _ => b"Allow",
            };
            Some([spelt, b": ", line.value()].concat())
        }),
    )
}

fn drop_vertical_tabs(probe: &Probe) -> Option<Probe> {
    let body: Vec<u8> = probe.body.iter().copied().filter(|&b| b != 0x0B).collect();
    with_body(probe, (body != probe.body).then_some(body))
}

/// Each user-agent line with an `s` or `]` after the name it starts with,
/// cut to that name.
fn cut_names_holding_s(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = line.value();
            let token = leading_token(value);
            let rest = &value[token.len()..];
            (line.is_agent() && !token.is_empty() && rest.iter().any(|&b| b == b's' || b == b']'))
                .then(|| [b"User-agent: ", token].concat())
        }),
    )
}

/// Each user-agent line whose name is `*` followed by more, without its
/// `*`s (`*PaperLiBot*` as `PaperLiBot`).
fn drop_leading_stars_of_names(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = line.value();
            let name: Vec<u8> = value.iter().copied().filter(|&b| b != b'*').collect();
            (line.is_agent() && value.starts_with(b"*") && !name.trim_ascii().is_empty())
                .then(|| [b"User-agent: ", name.trim_ascii()].concat())
        }),
    )
}

/// The spaces in rules and in the URL written `%20`.
fn encode_spaces(probe: &Probe) -> Option<Probe> {
    let body = with_lines(&probe.body, |line| {
        (line.is_rule() && line.value().contains(&b' ')).then(|| {
            let key = line.key().unwrap_or_default();
            let value = String::from_utf8_lossy(line.value()).replace(' ', "%20");
            [key.as_bytes(), b": ", value.as_bytes()].concat()
        })
    })?;
    Some(Probe {
        body,
        agents: probe.agents.clone(),
        url: probe.url.replace(' ', "%20"),
    })
}

/// Without the rules that hold a percent-escape or a non-ASCII character.
fn drop_encoded_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.is_rule() && (!line.value().is_ascii() || line.value().contains(&b'%'))
        }),
    )
}

/// Without the lines that have no colon and start with a key followed by
/// something other than whitespace (`Disallow/a`, `User-agentFooBot`).
fn drop_colonless_key_lines(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            let text = line.bytes.trim_ascii_start().to_ascii_lowercase();
            !text.contains(&b':')
                && KEYS.iter().any(|key| {
                    text.strip_prefix(*key)
                        .and_then(|rest| rest.first())
                        .is_some_and(|next| !next.is_ascii_whitespace())
                })
        }),
    )
}
