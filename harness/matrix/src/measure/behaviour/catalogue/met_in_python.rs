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
        id: "prefixed-key-unread",
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
        title: "ignores a user-agent line holding an `s` (of either case) or `]` after the name it starts with (`User-agent: BarBot/2 (Windows)`), so the rules below it join the group above",
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
        id: "repeat-shares-rules-by-set-order",
        title: "gives the other names of a group the earlier rules of a name the group repeats, when Python's set order (fixed by `PYTHONHASHSEED=0`, as reptest runs it) takes the repeated name first",
        questions: &[
            q(
                "User-agent: BarBot\nDisallow: /a\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /b\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
            // Repeating FooBot, whom that order takes last, shares nothing: not every repeat joins all.
            q(
                "User-agent: FooBot\nDisallow: /a\n\nUser-agent: FooBot\nUser-agent: BarBot\nDisallow: /b\n",
                "BarBot",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_repeated_names_read_loosely,
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

/// Each user-agent line with an `s`, `S` or `]` after the name it starts
/// with, cut to that name.
fn cut_names_holding_s(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = line.value();
            let token = leading_token(value);
            let rest = &value[token.len()..];
            (line.is_agent() && !token.is_empty() && rest.iter().any(|&b| matches!(b, b's' | b'S' | b']')))
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
    // Whitespace at either end, a vertical tab too, is no part of the value.
    let inner = |line: &Line| {
        let value = line.value();
        let end = |b: &u8| !(b.is_ascii_whitespace() || *b == 0x0B);
        let start = value.iter().position(end).unwrap_or(value.len());
        let stop = value.iter().rposition(end).map_or(start, |at| at + 1);
        value[start..stop].to_vec()
    };
    let body = with_lines(&probe.body, |line| {
        let value = inner(line);
        (line.is_rule() && value.contains(&b' ')).then(|| {
            let colon = line.bytes.iter().position(|&b| b == b':').unwrap_or_default();
            let value = String::from_utf8_lossy(&value).replace(' ', "%20");
            [&line.bytes[..colon], b": ", value.as_bytes()].concat()
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

/// The name a user-agent line gives when read loosely: the key, then an
/// optional colon, then `*` or the letters, `-` and `_` that start the value
/// (`User-agentbot` gives `bot`).
fn loose_agent_name(line: &Line) -> Option<Vec<u8>> {
    let text = line.bytes.trim_ascii().to_ascii_lowercase();
    let rest = text.strip_prefix(b"user-agent")?.trim_ascii_start();
    let value = rest.strip_prefix(b":").unwrap_or(rest).trim_ascii_start();
    let name = if value.starts_with(b"*") {
        &value[..1]
    } else {
        leading_token(value)
    };
    (!name.is_empty()).then(|| name.to_vec())
}

/// Without the user-agent lines, read loosely, that repeat a name of an
/// earlier run of them in a run that names others too.
fn drop_repeated_names_read_loosely(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let names: Vec<Option<Vec<u8>>> = lines.iter().map(loose_agent_name).collect();
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut drop = vec![false; lines.len()];
    let mut at = 0;
    while at < lines.len() {
        // A line that is neither a user-agent line nor a rule leaves the run open.
        let run_end = (at..lines.len())
            .find(|&i| names[i].is_none() && lines[i].is_rule())
            .unwrap_or(lines.len());
        let run: Vec<usize> = (at..run_end).filter(|&i| names[i].is_some()).collect();
        let repeats: Vec<usize> = run
            .iter()
            .copied()
            .filter(|&i| names[i].as_ref().is_some_and(|name| seen.contains(name)))
            .collect();
        if !repeats.is_empty() && repeats.len() < run.len() {
            repeats.iter().for_each(|&i| drop[i] = true);
        }
        seen.extend(run.iter().filter_map(|&i| names[i].clone()));
        let next = (run_end..lines.len())
            .find(|&i| names[i].is_some())
            .unwrap_or(lines.len());
        at = next.max(at + 1);
    }
    let kept: Vec<Line> = lines
        .iter()
        .zip(&drop)
        .filter(|(_, &drop)| !drop)
        .map(|(line, _)| Line {
            bytes: line.bytes.clone(),
        })
        .collect();
    with_body(probe, drop.contains(&true).then(|| join(&kept)))
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

#[cfg(test)]
mod tests {
    //! Each behaviour's questions asked of fakes: `rep`'s Google profile
    //! given an input the fake rewrites first, the way a library with the
    //! behaviour reads it. The rewrites are written here, apart from the
    //! edits above, so that an edit is not tested against itself.

    use super::*;
    use crate::measure::behaviour::{diagnose, Diagnosis};
    use rep::Profile;
    use rep_core::case::ProfileId;
    use rep_core::implementation::{Answer, DecidingLine, Implementation, Loaded, Outcome};

    type Rewrite = fn(String, String) -> (String, String);

    struct Fake(Rewrite);

    struct FakeLoaded {
        body: String,
        rewrite: Rewrite,
    }

    impl Loaded for FakeLoaded {
        fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
            let (body, url) = (self.rewrite)(self.body.clone(), String::from_utf8_lossy(url).into_owned());
            let verdict = rep::check_once(body.as_bytes(), Profile::GOOGLE, agents, url.as_bytes());
            Ok(Outcome {
                allowed: verdict.allowed,
                line: DecidingLine::NotReported,
                detail: None,
            })
        }
    }

    impl Implementation for Fake {
        fn name(&self) -> &str {
            "fake"
        }
        fn claims(&self) -> ProfileId {
            ProfileId::Rfc
        }
        fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
            Box::new(FakeLoaded {
                body: String::from_utf8_lossy(robots).into_owned(),
                rewrite: self.0,
            })
        }
    }

    /// The behaviours of this group that `rewrite` is confirmed to have.
    fn confirmed(rewrite: Rewrite) -> Vec<String> {
        let diagnosis: Diagnosis = diagnose(&Fake(rewrite));
        diagnosis
            .confirmed()
            .map(|finding| finding.id.clone())
            .filter(|id| BEHAVIOURS.iter().any(|behaviour| behaviour.id == id))
            .collect()
    }

    /// `body` with each line through `change` (`None` drops it).
    fn each_line(body: &str, change: impl Fn(&str) -> Option<String>) -> String {
        body.lines().filter_map(change).map(|line| line + "\n").collect()
    }

    fn key_and_value(line: &str) -> Option<(String, &str)> {
        let (key, value) = line.split_once(':')?;
        Some((key.trim().to_ascii_lowercase(), value.trim()))
    }

    fn conforming(body: String, url: String) -> (String, String) {
        (body, url)
    }

    fn empty_disallow_skipped(body: String, url: String) -> (String, String) {
        let body = each_line(&body, |line| {
            (key_and_value(line) != Some(("disallow".into(), ""))).then(|| line.to_string())
        });
        (body, url)
    }

    /// A run of user-agent lines that starts with a name given before loses
    /// its leading repeated names when new names follow them.
    fn repeated_name_splits(body: String, url: String) -> (String, String) {
        let lines: Vec<&str> = body.lines().collect();
        let name = |line: &str| match key_and_value(line) {
            Some((key, value)) if key == "user-agent" => Some(value.to_ascii_lowercase()),
            _ => None,
        };
        let mut seen: Vec<String> = Vec::new();
        let mut kept: Vec<&str> = Vec::new();
        let mut at = 0;
        while at < lines.len() {
            let run_end = (at..lines.len())
                .find(|&i| name(lines[i]).is_none())
                .unwrap_or(lines.len());
            if run_end == at {
                kept.push(lines[at]);
                at += 1;
                continue;
            }
            let names: Vec<String> = lines[at..run_end].iter().filter_map(|line| name(line)).collect();
            let leading = names.iter().take_while(|name| seen.contains(name)).count();
            let skip = if leading < names.len() { leading } else { 0 };
            kept.extend(&lines[at + skip..run_end]);
            seen.extend(names);
            at = run_end;
        }
        (kept.iter().map(|line| format!("{line}\n")).collect(), url)
    }

    /// The Allow lines dropped that tie with a Disallow by `length`.
    fn allows_losing_ties(body: String, length: fn(&str) -> usize) -> String {
        let disallows: Vec<String> = body
            .lines()
            .filter_map(key_and_value)
            .filter(|(key, _)| key == "disallow")
            .map(|(_, value)| value.to_string())
            .collect();
        each_line(&body, |line| {
            let loses = key_and_value(line).is_some_and(|(key, value)| {
                key == "allow" && disallows.iter().any(|d| d == value || d.len() == length(value))
            });
            (!loses).then(|| line.to_string())
        })
    }

    fn anchor_not_counted(body: String, url: String) -> (String, String) {
        (
            allows_losing_ties(body, |value| value.strip_suffix('$').map_or(usize::MAX, str::len)),
            url,
        )
    }

    fn length_ties_to_disallow(body: String, url: String) -> (String, String) {
        (allows_losing_ties(body, str::len), url)
    }

    fn key_by_whole_word(body: String, url: String) -> (String, String) {
        (body.replace("User-agents:", "Unknown:"), url)
    }

    fn vertical_tab_kept(body: String, url: String) -> (String, String) {
        (
            each_line(&body, |line| (!line.contains('\u{b}')).then(|| line.to_string())),
            url,
        )
    }

    fn url_slashes_collapsed(body: String, url: String) -> (String, String) {
        let (origin, path) = url.split_at(url.find("://").map_or(0, |at| at + 3));
        let mut path = path.to_string();
        while path.contains("//") {
            path = path.replace("//", "/");
        }
        (body, format!("{origin}{path}"))
    }

    fn query_unrooted(body: String, url: String) -> (String, String) {
        let after_scheme = url.find("://").map_or(0, |at| at + 3);
        let unrooted = url[after_scheme..]
            .find(['/', '?'])
            .filter(|&at| url[after_scheme + at..].starts_with('?'));
        let url = match unrooted {
            Some(at) => format!("{}/%3F{}", &url[..after_scheme + at], &url[after_scheme + at + 1..]),
            None => url,
        };
        (body, url)
    }

    fn agent_line_with_s_unread(body: String, url: String) -> (String, String) {
        let unread = |line: &str| {
            key_and_value(line).is_some_and(|(key, value)| {
                let name_end = value.find(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_'));
                key == "user-agent" && name_end.is_some_and(|at| value[at..].contains(['s', 'S', ']']))
            })
        };
        (each_line(&body, |line| (!unread(line)).then(|| line.to_string())), url)
    }

    fn star_led_agent_is_star(body: String, url: String) -> (String, String) {
        let body = each_line(&body, |line| {
            Some(match key_and_value(line) {
                Some((key, value)) if key == "user-agent" && value.starts_with('*') => "User-agent: *".to_string(),
                _ => line.to_string(),
            })
        });
        (body, url)
    }

    fn rule_with_space_unread(body: String, url: String) -> (String, String) {
        let body = each_line(&body, |line| {
            let unread = key_and_value(line)
                .is_some_and(|(key, value)| (key == "allow" || key == "disallow") && value.contains(' '));
            (!unread).then(|| line.to_string())
        });
        (body, url)
    }

    /// Percent-escapes decoded and each non-ASCII character then read as
    /// one letter, in rules and in the URL.
    fn length_after_decoding(body: String, url: String) -> (String, String) {
        let decoded = |text: &str| -> String {
            let bytes = text.as_bytes();
            let mut out = Vec::new();
            let mut at = 0;
            while at < bytes.len() {
                let escape = (bytes[at] == b'%')
                    .then(|| std::str::from_utf8(bytes.get(at + 1..at + 3)?).ok())
                    .flatten()
                    .and_then(|hex| u8::from_str_radix(hex, 16).ok());
                match escape {
                    Some(byte) => {
                        out.push(byte);
                        at += 3;
                    }
                    None => {
                        out.push(bytes[at]);
                        at += 1;
                    }
                }
            }
            String::from_utf8_lossy(&out)
                .chars()
                .map(|c| if c.is_ascii() { c } else { 'u' })
                .collect()
        };
        (decoded(&body), decoded(&url))
    }

    /// Groups joined as robotspy joins them, with names taken in
    /// alphabetical order where it takes Python's set order: each name's
    /// rules become its earlier rules and the group's, and a name after a
    /// repeated one is given the repeated one's whole list. Written back one
    /// group per name.
    fn repeat_shares_rules(body: String, url: String) -> (String, String) {
        let mut groups: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        let mut in_rules = true;
        for line in body.lines() {
            match key_and_value(line) {
                // Keys read by the known key they start with, as Google's parser reads them.
                Some((key, value)) if key.starts_with("user-agent") => {
                    if in_rules {
                        groups.push((Vec::new(), Vec::new()));
                    }
                    in_rules = false;
                    if let Some((names, _)) = groups.last_mut() {
                        names.push(value.to_ascii_lowercase());
                    }
                }
                Some((key, _)) if key == "allow" || key == "disallow" => {
                    in_rules = true;
                    if let Some((_, rules)) = groups.last_mut() {
                        rules.push(line.to_string());
                    }
                }
                _ => {}
            }
        }
        let mut by_name: Vec<(String, Vec<String>)> = Vec::new();
        for (mut names, mut rules) in groups {
            names.sort();
            names.dedup();
            for name in names {
                match by_name.iter_mut().find(|(known, _)| *known == name) {
                    Some((_, known_rules)) => {
                        rules = known_rules.iter().chain(&rules).cloned().collect();
                        known_rules.clone_from(&rules);
                    }
                    None => by_name.push((name, rules.clone())),
                }
            }
        }
        let body = by_name
            .iter()
            .map(|(name, rules)| format!("User-agent: {name}\n{}\n", rules.join("\n")))
            .collect::<Vec<_>>()
            .join("\n");
        (body, url)
    }

    fn colon_optional(body: String, url: String) -> (String, String) {
        let body = each_line(&body, |line| {
            let lower = line.to_ascii_lowercase();
            let key = ["user-agent", "disallow", "allow"]
                .into_iter()
                .find(|key| lower.starts_with(key) && !line.contains(':'));
            Some(match key {
                Some(key) => format!("{}: {}", &line[..key.len()], &line[key.len()..]),
                None => line.to_string(),
            })
        });
        (body, url)
    }

    #[test]
    fn each_fake_is_confirmed_in_its_behaviour_alone_and_a_conforming_library_in_none() {
        let fakes: [(&str, Rewrite); 14] = [
            ("empty-disallow-group-runs-on", empty_disallow_skipped),
            ("repeated-name-splits-agents", repeated_name_splits),
            ("anchor-not-counted-tie-disallow", anchor_not_counted),
            ("tie-by-length-disallow-wins", length_ties_to_disallow),
            ("prefixed-key-unread", key_by_whole_word),
            ("vertical-tab-kept", vertical_tab_kept),
            ("path-slashes-collapsed", url_slashes_collapsed),
            ("query-after-host-unrooted", query_unrooted),
            ("agent-line-with-s-unread", agent_line_with_s_unread),
            ("star-led-agent-is-star", star_led_agent_is_star),
            ("rule-with-space-unread", rule_with_space_unread),
            ("length-after-decoding", length_after_decoding),
            ("repeat-shares-rules-by-set-order", repeat_shares_rules),
            ("colon-optional", colon_optional),
        ];
        for (id, rewrite) in fakes {
            assert_eq!(confirmed(rewrite), [id], "the fake for {id}");
        }
        assert!(confirmed(conforming).is_empty());
    }

    fn case(body: &str, agent: &str, url: &str) -> Probe {
        Probe {
            body: body.as_bytes().to_vec(),
            agents: vec![agent.into()],
            url: url.into(),
        }
    }

    /// The body and URL `vary` makes of a case, `None` when it leaves it.
    fn varied(vary: fn(&Probe) -> Option<Probe>, body: &str, url: &str) -> Option<(String, String)> {
        vary(&case(body, "FooBot", url)).map(|probe| (String::from_utf8_lossy(&probe.body).into_owned(), probe.url))
    }

    fn body_of(vary: fn(&Probe) -> Option<Probe>, body: &str) -> Option<String> {
        varied(vary, body, "https://example.com/").map(|(body, _)| body)
    }

    #[test]
    fn a_group_of_one_empty_disallow_allows_all_by_a_rule_instead() {
        let body = "User-agent: Mediapartners-Google\nDisallow:\nUser-agent: Charlotte\nDisallow: /\n";
        assert_eq!(
            body_of(allow_all_for_empty_groups, body).as_deref(),
            Some("User-agent: Mediapartners-Google\nAllow: /\nUser-agent: Charlotte\nDisallow: /\n")
        );
        // An empty Disallow beside another rule is left.
        assert_eq!(
            body_of(allow_all_for_empty_groups, "User-agent: *\nDisallow:\nDisallow: /a\n"),
            None
        );
    }

    #[test]
    fn a_repeated_name_moves_after_the_new_names_of_its_run() {
        let body = "User-agent: *\nDisallow: /!api/\nUser-agent: *\nUser-agent: 008\nDisallow: /\n";
        assert_eq!(
            body_of(repeated_names_last, body).as_deref(),
            Some("User-agent: *\nDisallow: /!api/\nUser-agent: 008\nUser-agent: *\nDisallow: /\n")
        );
        assert_eq!(
            body_of(repeated_names_last, "User-agent: a\nUser-agent: b\nDisallow: /\n"),
            None
        );
    }

    #[test]
    fn disallows_tied_with_an_allow_go() {
        let anchored = "User-agent: *\nAllow: /$\nDisallow: /\n";
        assert_eq!(
            body_of(drop_disallows_tied_with_anchored_allows, anchored).as_deref(),
            Some("User-agent: *\nAllow: /$\n")
        );
        assert_eq!(body_of(drop_disallows_as_long_as_allows, anchored), None);
        let wildcard = "User-agent: *\nDisallow: /a*c\nAllow: /ab*\n";
        assert_eq!(
            body_of(drop_disallows_as_long_as_allows, wildcard).as_deref(),
            Some("User-agent: *\nAllow: /ab*\n")
        );
        assert_eq!(body_of(drop_disallows_tied_with_anchored_allows, wildcard), None);
    }

    #[test]
    fn a_key_that_starts_with_a_known_key_is_spelt_as_it() {
        assert_eq!(
            body_of(
                spell_prefixed_keys,
                "User-agents: BingBot extra\nDisallowed: /a\nAllow: /b\n"
            )
            .as_deref(),
            Some("User-agent: BingBot extra\nDisallow: /a\nAllow: /b\n")
        );
    }

    #[test]
    fn vertical_tabs_go() {
        assert_eq!(
            body_of(drop_vertical_tabs, "User-agent: \u{b}bingbot\nDisallow: /\n").as_deref(),
            Some("User-agent: bingbot\nDisallow: /\n")
        );
        assert_eq!(body_of(drop_vertical_tabs, "User-agent: *\n"), None);
    }

    #[test]
    fn a_name_with_an_s_after_it_is_cut_to_the_name() {
        let body = "User-agent: *\nUser-agent: Mozilla/5.0 (Windows NT 6.1) SiteCheck\nUser-agent: Foo/1 (Linux)\nUser-agent: UofM - Nutch Spider\n";
        assert_eq!(
            body_of(cut_names_holding_s, body).as_deref(),
            Some("User-agent: *\nUser-agent: Mozilla\nUser-agent: Foo/1 (Linux)\nUser-agent: UofM\n")
        );
    }

    #[test]
    fn a_name_led_by_a_star_loses_its_stars() {
        let body = "User-agent: *\nUser-agent: *PaperLiBot*\n";
        assert_eq!(
            body_of(drop_leading_stars_of_names, body).as_deref(),
            Some("User-agent: *\nUser-agent: PaperLiBot\n")
        );
    }

    #[test]
    fn spaces_are_encoded_in_rules_and_url() {
        // A space before a trailing vertical tab ends the value: nothing to encode.
        assert_eq!(
            varied(encode_spaces, "User-agent: *\nDisallow: / \u{b}\n", "ftp://x/"),
            None
        );
        assert_eq!(
            varied(
                encode_spaces,
                "User-agent: *\nDisallow: /a b\n",
                "https://example.com/a b"
            ),
            Some((
                "User-agent: *\nDisallow: /a%20b\n".to_string(),
                "https://example.com/a%20b".to_string()
            ))
        );
    }

    #[test]
    fn rules_holding_escapes_or_non_ascii_go() {
        let body = "User-agent: *\nAllow: /ü\nAllow: /%C3%BC\nDisallow: /*ber\n";
        assert_eq!(
            body_of(drop_encoded_rules, body).as_deref(),
            Some("User-agent: *\nDisallow: /*ber\n")
        );
    }

    #[test]
    fn a_name_repeated_among_others_goes_however_it_is_spelt() {
        let body =
            "User-agent: bot\nDisallow: /\nUser-agent: b2bw\nUser-agentbot\nCrawl-delay: 1\nUser-agent: gsa-crawler\n";
        assert_eq!(
            body_of(drop_repeated_names_read_loosely, body).as_deref(),
            Some("User-agent: bot\nDisallow: /\nUser-agent: b2bw\nCrawl-delay: 1\nUser-agent: gsa-crawler\n")
        );
        // A repeated group of its own stays.
        assert_eq!(
            body_of(
                drop_repeated_names_read_loosely,
                "User-agent: a\nDisallow: /\nUser-agent: a\nDisallow: /b\n"
            ),
            None
        );
    }

    #[test]
    fn lines_with_a_key_but_no_colon_go() {
        let body = "User-agentbot\nUser-agent: gsa-crawler\nDisallow/\nDisallow /a\n";
        assert_eq!(
            body_of(drop_colonless_key_lines, body).as_deref(),
            Some("User-agent: gsa-crawler\nDisallow /a\n")
        );
    }
}
