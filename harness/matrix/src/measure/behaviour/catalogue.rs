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

mod met_in_javascript;
mod met_in_more_python;
mod met_in_python;
mod met_in_rust_perl_ruby;

/// One question: a body, an agent and a URL, with two answers.
#[derive(Clone, Copy, Debug)]
pub struct Question {
    /// The robots.txt body.
    pub body: Body,
    /// The agent asked.
    pub agent: &'static str,
    /// The URL asked.
    pub url: &'static str,
    /// What RFC 9309 and Google's parser answer (`true`: allowed).
    pub conforming: bool,
    /// What a library with the behaviour answers.
    pub shown: bool,
}

/// Which references give a question's conforming answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// RFC 9309 and Google's parser, which agree.
    Both,
    /// Google's parser alone: RFC 9309 answers the other way, as the
    /// library does (a library that states no profile is not wrong there).
    Google,
    /// RFC 9309 alone: Google's parser answers the other way, as the
    /// library does.
    Rfc,
}

impl Reference {
    /// Who answers the conforming way, as a subject in a sentence.
    pub fn words(self) -> &'static str {
        match self {
            Reference::Both => "RFC 9309 and Google answer",
            Reference::Google => "Google's parser answers",
            Reference::Rfc => "RFC 9309 answers",
        }
    }
}

/// A library behaviour.
pub struct Behaviour {
    /// A short stable name (`first-match`).
    pub id: &'static str,
    /// What the library does, as a verb phrase after "the library".
    pub title: &'static str,
    /// The questions that confirm it (the library answers `shown` to all).
    pub questions: &'static [Question],
    /// Whose answer the questions' `conforming` is.
    pub reference: Reference,
    /// The case without the behaviour's construct, when it has one.
    pub vary: fn(&Probe) -> Option<Probe>,
}

/// A question's body: its bytes, which need not be UTF-8 (a question about
/// decoding a file that is not).
#[derive(Clone, Copy)]
pub struct Body(&'static [u8]);

impl Body {
    /// The body's bytes.
    pub fn as_bytes(&self) -> &'static [u8] {
        self.0
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\"{}\"", self.0.escape_ascii())
    }
}

const fn q(body: &'static str, agent: &'static str, url: &'static str, conforming: bool, shown: bool) -> Question {
    q_bytes(body.as_bytes(), agent, url, conforming, shown)
}

/// A question whose body is given as bytes.
const fn q_bytes(
    body: &'static [u8],
    agent: &'static str,
    url: &'static str,
    conforming: bool,
    shown: bool,
) -> Question {
    Question {
        body: Body(body),
        agent,
        url,
        conforming,
        shown,
    }
}

/// The first behaviours, in the order they are tried as the cause of a
/// difference: those whose construct is rare in a case before those whose
/// construct almost every case has, so an edit that changes much (reordering
/// rules) does not take the credit for a narrower cause.
const FIRST: &[Behaviour] = &[
    Behaviour {
        id: "bom-kept",
        title: "keeps a byte order mark at the start of the file, so the first line is not read as a `User-agent` line",
        questions: &[
            q(
                "\u{feff}User-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_bom,
    },
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
        reference: Reference::Both,
        vary: lone_cr_to_lf,
    },
    Behaviour {
        id: "crlf-kept",
        title: "keeps the CR of a CRLF line end as part of the line's value (`User-agent: *` ended by CRLF names no group)",
        questions: &[
            q(
                "User-agent: *\r\nDisallow: /a\r\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // Read with LF line ends, the same file disallows.
            q(
                "User-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: crlf_to_lf,
    },
    Behaviour {
        id: "space-before-colon-unread",
        title: "does not read a line with a space before its colon (`Disallow : /a`)",
        questions: &[
            q(
                "User-agent: *\nDisallow : /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            q(
                "User-agent : *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: close_up_colons,
    },
    Behaviour {
        id: "rule-on-agent-line",
        title: "reads a rule written on the user-agent line (`User-agent: * Disallow: /`)",
        questions: &[q(
            "User-agent: * Disallow: /a\n",
            "FooBot",
            "https://example.com/a",
            true,
            false,
        )],
        reference: Reference::Both,
        vary: rule_off_agent_lines,
    },
    Behaviour {
        id: "rules-before-agents",
        title: "obeys rules that come before any user-agent line",
        questions: &[q("Disallow: /a\n", "FooBot", "https://example.com/a", true, false)],
        reference: Reference::Both,
        vary: drop_rules_before_agents,
    },
    Behaviour {
        id: "agent-line-not-a-token-ignored",
        title: "ignores a user-agent line whose name does not start with a letter (`User-agent: 008`), so the rules below it join the group above",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a\nUser-agent: 008\nDisallow: /\n",
                "FooBot",
                "https://example.com/",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: rename_untokened_agents,
    },
    Behaviour {
        id: "absolute-url-rule",
        title: "reads a rule written as a full URL (`Disallow: https://host/a`) as a path that starts with that URL",
        questions: &[
            q(
                "User-agent: *\nDisallow: http://x.example/a\n",
                "FooBot",
                "https://example.com/http://x.example/a",
                true,
                false,
            ),
            // Not any rule without a leading `/`: that is rule-slash-added.
            q(
                "User-agent: *\nDisallow: a\n",
                "FooBot",
                "https://example.com/a",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_absolute_url_rules,
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
        reference: Reference::Both,
        vary: letters_only_agent,
    },
    Behaviour {
        id: "group-name-whole",
        title: "matches the whole value of a user-agent line, where Google's parser matches only the product token it starts with (`FooBot/1.0` or `FooBot*` names `FooBot`)",
        questions: &[
            q(
                "User-agent: FooBot/1.0\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            // It does obey a group named by the token alone.
            q(
                "User-agent: FooBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Google,
        vary: cut_group_names,
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
        reference: Reference::Both,
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
        reference: Reference::Both,
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
        reference: Reference::Both,
        vary: rename_contained_agents,
    },
    Behaviour {
        id: "ads-agents-skip-star",
        title: "leaves `Mediapartners-Google` and `AdsBot-Google` out of the `*` group, as Google documents for its ads crawlers",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a\n",
                "Mediapartners-Google",
                "https://example.com/a",
                false,
                true,
            ),
            // Other agents obey the * group.
            q(
                "User-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: rename_ads_agents,
    },
    Behaviour {
        id: "last-agent-only",
        title: "gives a group's rules only to the last of several user-agent lines above them",
        questions: &[
            q(
                "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
            q(
                "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /a\n",
                "BarBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: one_agent_per_group,
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
        reference: Reference::Both,
        vary: only_first_groups_named,
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
        reference: Reference::Both,
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
        reference: Reference::Both,
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
        reference: Reference::Both,
        vary: give_empty_groups_a_rule,
    },
    Behaviour {
        id: "no-match-falls-to-star",
        title: "falls back to the `*` group when no rule of the agent's own group matches",
        questions: &[q(
            "User-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /\n",
            "FooBot",
            "https://example.com/b",
            true,
            false,
        )],
        reference: Reference::Both,
        vary: allow_all_in_named_groups,
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
        reference: Reference::Both,
        vary: drop_empty_allows,
    },
    Behaviour {
        id: "empty-disallow-allows-all",
        title: "reads an empty `Disallow:` as a rule allowing every path, which outranks the group's other rules",
        questions: &[
            q(
                "User-agent: *\nDisallow:\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_empty_disallows,
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
        reference: Reference::Both,
        vary: drop_anchored_rules,
    },
    Behaviour {
        id: "leading-star-unread",
        title: "matches no path with a rule that starts with `*` instead of `/` (`Disallow: *.pdf`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: *.pdf\n",
                "FooBot",
                "https://example.com/a.pdf",
                false,
                true,
            ),
            // It does read `*` after a `/`: that is no-wildcard.
            q(
                "User-agent: *\nDisallow: /*.pdf\n",
                "FooBot",
                "https://example.com/a.pdf",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: slash_before_leading_stars,
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
        reference: Reference::Both,
        vary: drop_wildcard_rules,
    },
    Behaviour {
        id: "fragment-kept",
        title: "keeps the URL's fragment (`#…`) in the path it matches, so `/a$` does not match `/a#x`",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a$\n",
                "FooBot",
                "https://example.com/a#x",
                false,
                true,
            ),
            // It does read `$`: that is no-end-anchor.
            q(
                "User-agent: *\nDisallow: /a$\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_fragment,
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
        reference: Reference::Both,
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
        reference: Reference::Both,
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
        reference: Reference::Both,
        vary: drop_empty_query,
    },
    Behaviour {
        id: "rule-empty-query-dropped",
        title: "drops a `?` that ends a rule, so `Disallow: /a?` disallows `/a`",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a?\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rule_empty_query,
    },
    Behaviour {
        id: "value-after-last-colon",
        title: "reads a rule's value from the last colon of its line, so a rule holding `:` loses what comes before it",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a:b\n",
                "FooBot",
                "https://example.com/a:b",
                false,
                true,
            ),
            // It does read rules without a colon in them.
            q(
                "User-agent: *\nDisallow: /a\n",
                "FooBot",
                "https://example.com/a",
                false,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_rules_with_colons,
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
        reference: Reference::Both,
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
        reference: Reference::Both,
        vary: lower_case_paths,
    },
    Behaviour {
        id: "collapses-slashes",
        title: "reads `//` as `/` in rules and paths",
        questions: &[
            q(
                "User-agent: *\nDisallow: //\n",
                "FooBot",
                "https://example.com/",
                true,
                false,
            ),
            // Inside a path too: not a rule matched anywhere in the URL,
            // which finds `//` in `https://` (rule-anywhere-in-url).
            q(
                "User-agent: *\nDisallow: /a//b\n",
                "FooBot",
                "https://example.com/a/b",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: collapse_slashes,
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
        reference: Reference::Both,
        vary: drop_encoded_slash_rules,
    },
    Behaviour {
        id: "decodes-reserved",
        title: "treats a percent-escape of a reserved character and the character itself as the same (`%26` matches `&`)",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a%26b\n",
                "FooBot",
                "https://example.com/a&b",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_encoded_reserved,
    },
    Behaviour {
        id: "specials-not-counted",
        title: "leaves `*` and `$` out of a rule's length when it picks the longest match (`/a*` counts 2, not 3)",
        questions: &[
            q(
                "User-agent: *\nAllow: /a*\nDisallow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                false,
            ),
            // It does read `*`: that is no-wildcard.
            q(
                "User-agent: *\nDisallow: /a*c\n",
                "FooBot",
                "https://example.com/abc",
                false,
                false,
            ),
            // Not every tie lost by the Allow: that is tie-disallow-wins.
            q(
                "User-agent: *\nAllow: /ab\nDisallow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_special_rules,
    },
    Behaviour {
        id: "tie-disallow-wins",
        title: "lets a `Disallow` win over an `Allow` of the same pattern",
        questions: &[
            q(
                "User-agent: *\nAllow: /ab\nDisallow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                false,
            ),
            // A longer Allow does win: Allow is read.
            q(
                "User-agent: *\nDisallow: /a\nAllow: /ab\n",
                "FooBot",
                "https://example.com/ab",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: drop_disallows_tied_with_allows,
    },
    Behaviour {
        id: "allow-ignored",
        title: "ignores `Allow` lines",
        questions: &[
            q(
                "User-agent: *\nDisallow: /a\nAllow: /a/b\n",
                "FooBot",
                "https://example.com/a/b",
                true,
                false,
            ),
            // Allowed by the first match too: only a library without Allow disallows.
            q(
                "User-agent: *\nAllow: /a\nDisallow: /\n",
                "FooBot",
                "https://example.com/a",
                true,
                false,
            ),
        ],
        reference: Reference::Both,
        vary: drop_allows,
    },
    Behaviour {
        id: "length-before-encoding",
        title: "measures a rule's length before percent-encoding it, so `/ü` counts 2 characters where the encoded `/%C3%BC` counts 7",
        questions: &[
            q(
                "User-agent: *\nAllow: /ü\nDisallow: /*ber\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                true,
                false,
            ),
            // It does match a non-ASCII rule against the encoded path.
            q(
                "User-agent: *\nDisallow: /ü\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                false,
                false,
            ),
            // Written encoded, the same rule is long enough to win.
            q(
                "User-agent: *\nAllow: /%C3%BC\nDisallow: /*ber\n",
                "FooBot",
                "https://example.com/%C3%BCber",
                true,
                true,
            ),
        ],
        reference: Reference::Both,
        vary: encode_rules,
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
        reference: Reference::Both,
        vary: longest_rules_first,
    },
];

/// Every behaviour, in the order they are tried as the cause of a
/// difference: [`FIRST`], then the groups found later, each tried only
/// where none before it explains a difference, so that adding a group never
/// moves a cause already named.
pub fn all() -> impl Iterator<Item = &'static Behaviour> {
    [
        FIRST,
        met_in_javascript::BEHAVIOURS,
        met_in_python::BEHAVIOURS,
        met_in_more_python::BEHAVIOURS,
        met_in_rust_perl_ruby::BEHAVIOURS,
    ]
    .into_iter()
    .flatten()
}

/// The behaviour called `id`.
pub fn behaviour(id: &str) -> Option<&'static Behaviour> {
    all().find(|behaviour| behaviour.id == id)
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
    let unrelated = unrelated_name(probe);
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = String::from_utf8_lossy(line.value()).to_ascii_lowercase();
            // An empty name is contained in every agent.
            let contained =
                line.is_agent() && value != "*" && asked.iter().any(|agent| agent.contains(&value) && *agent != value);
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
                // The lines join the earlier group's own, not after the
                // blank line that ended it.
                while known.last().is_some_and(|line| line.trim_ascii().is_empty()) {
                    known.pop();
                }
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

fn drop_bom(probe: &Probe) -> Option<Probe> {
    let body = probe.body.strip_prefix("\u{feff}".as_bytes())?;
    with_body(probe, Some(body.to_vec()))
}

fn crlf_to_lf(probe: &Probe) -> Option<Probe> {
    let body = &probe.body;
    let crlf = |at: usize| body[at] == b'\r' && body.get(at + 1) == Some(&b'\n');
    (0..body.len()).any(crlf).then(|| Probe {
        body: (0..body.len()).filter(|&at| !crlf(at)).map(|at| body[at]).collect(),
        ..probe.clone()
    })
}

/// A user-agent line whose name starts with neither a letter, `-`, `_`
/// nor `*`.
fn is_untokened_agent(line: &Line) -> bool {
    line.is_agent()
        && line
            .value()
            .first()
            .is_some_and(|&b| !(b.is_ascii_alphabetic() || b == b'-' || b == b'_' || b == b'*'))
}

fn rename_untokened_agents(probe: &Probe) -> Option<Probe> {
    let unrelated = unrelated_name(probe);
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            is_untokened_agent(line).then(|| format!("User-agent: {unrelated}").into_bytes())
        }),
    )
}

fn is_absolute_url_rule(line: &Line) -> bool {
    let value = line.value().to_ascii_lowercase();
    line.is_rule() && (value.starts_with(b"http://") || value.starts_with(b"https://"))
}

fn drop_absolute_url_rules(probe: &Probe) -> Option<Probe> {
    with_body(probe, without_lines(&probe.body, is_absolute_url_rule))
}

/// The product token a user-agent value starts with, as Google's parser
/// reads it: letters, `-` and `_`.
fn leading_token(value: &[u8]) -> &[u8] {
    let end = value
        .iter()
        .position(|&b| !(b.is_ascii_alphabetic() || b == b'-' || b == b'_'))
        .unwrap_or(value.len());
    &value[..end]
}

/// Each user-agent line cut to the product token its value starts with.
fn cut_group_names(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let token = leading_token(line.value());
            (line.is_agent() && !token.is_empty() && token != line.value())
                .then(|| [b"User-agent: ".as_slice(), token].concat())
        }),
    )
}

/// The agents Google's documentation leaves out of the `*` group.
const ADS_AGENTS: [&str; 3] = ["mediapartners-google", "adsbot-google", "adsbot-google-mobile"];

/// An ads agent asked, that no group names, asked as an ordinary agent.
fn rename_ads_agents(probe: &Probe) -> Option<Probe> {
    rename_unnamed_agents(probe, &ADS_AGENTS)
}

/// Each agent asked that is one of `known` (lower case) and that no group
/// names, asked as an unrelated agent.
fn rename_unnamed_agents(probe: &Probe, known: &[&str]) -> Option<Probe> {
    let named = |agent: &str| {
        lines(&probe.body)
            .iter()
            .any(|line| line.is_agent() && line.value().eq_ignore_ascii_case(agent.as_bytes()))
    };
    let unrelated = unrelated_name(probe);
    let agents: Vec<String> = probe
        .agents
        .iter()
        .map(|agent| {
            let listed = known.iter().any(|known| agent.eq_ignore_ascii_case(known));
            if listed && !named(agent) {
                unrelated.clone()
            } else {
                agent.clone()
            }
        })
        .collect();
    (agents != probe.agents).then(|| Probe {
        agents,
        ..probe.clone()
    })
}

/// Each run of several user-agent lines made one group per agent, each
/// with a copy of the lines that follow the run up to the next user-agent
/// line.
fn one_agent_per_group(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut changed = false;
    let mut at = 0;
    while at < lines.len() {
        if !lines[at].is_agent() {
            out.push(lines[at].bytes.clone());
            at += 1;
            continue;
        }
        let agents_end = (at..lines.len()).find(|&i| !lines[i].is_agent()).unwrap_or(lines.len());
        let rules_end = (agents_end..lines.len())
            .find(|&i| lines[i].is_agent())
            .unwrap_or(lines.len());
        changed |= agents_end - at > 1;
        for agent in &lines[at..agents_end] {
            out.push(agent.bytes.clone());
            out.extend(lines[agents_end..rules_end].iter().map(|line| line.bytes.clone()));
        }
        at = rules_end;
    }
    let body: Vec<u8> = out
        .into_iter()
        .flat_map(|line| line.into_iter().chain([b'\n']))
        .collect();
    with_body(probe, changed.then_some(body))
}

/// The case read with one group per name: repeated groups of one name
/// combined, and a later group that names `*` again among other agents
/// left to those agents (as a library reading only the first group naming
/// `*` drops that group for all of them).
fn only_first_groups_named(probe: &Probe) -> Option<Probe> {
    let combined = combine_groups_of_one_name(probe);
    let unstarred = drop_names_repeated_in_later_groups(combined.as_ref().unwrap_or(probe));
    unstarred.or(combined)
}

/// In a later run of user-agent lines that names other agents too, the
/// lines naming an agent an earlier run named (`*` or another): a library
/// that reads only the first group naming an agent drops the later group
/// for all its agents.
fn drop_names_repeated_in_later_groups(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let name = |line: &Line| line.value().to_ascii_lowercase();
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut drop = vec![false; lines.len()];
    let mut at = 0;
    while at < lines.len() {
        if !lines[at].is_agent() {
            at += 1;
            continue;
        }
        let end = (at..lines.len()).find(|&i| !lines[i].is_agent()).unwrap_or(lines.len());
        let repeated = |i: &usize| seen.contains(&name(&lines[*i]));
        let repeats: Vec<usize> = (at..end).filter(repeated).collect();
        if !repeats.is_empty() && repeats.len() < end - at {
            repeats.iter().for_each(|&i| drop[i] = true);
        }
        seen.extend(lines[at..end].iter().map(name));
        at = end;
    }
    let kept: Vec<u8> = lines
        .iter()
        .zip(&drop)
        .filter(|(_, &dropped)| !dropped)
        .flat_map(|(line, _)| line.bytes.iter().copied().chain([b'\n']))
        .collect();
    with_body(probe, drop.contains(&true).then_some(kept))
}

fn drop_empty_disallows(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.key().as_deref() == Some("disallow") && line.value().is_empty()
        }),
    )
}

fn drop_fragment(probe: &Probe) -> Option<Probe> {
    let (url, _) = probe.url.split_once('#')?;
    Some(Probe {
        url: url.to_string(),
        ..probe.clone()
    })
}

fn drop_rule_empty_query(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let value = line.value();
            (line.is_rule() && value.len() > 1 && value.ends_with(b"?")).then(|| {
                let key = line.key().unwrap_or_default();
                [key.as_bytes(), b": ", &value[..value.len() - 1]].concat()
            })
        }),
    )
}

/// `bytes` with every run of `/` made one.
fn collapsed(bytes: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    for &b in bytes {
        if !(b == b'/' && out.last() == Some(&b'/')) {
            out.push(b);
        }
    }
    out
}

fn collapse_slashes(probe: &Probe) -> Option<Probe> {
    let (origin, rest) = split_url(&probe.url)?;
    let body = with_lines(&probe.body, |line| {
        line.is_rule().then(|| {
            let key = line.key().unwrap_or_default();
            [key.as_bytes(), b": ", &collapsed(line.value())].concat()
        })
    });
    let url = format!("{origin}{}", String::from_utf8_lossy(&collapsed(rest.as_bytes())));
    (body.is_some() || url != probe.url).then(|| Probe {
        body: body.unwrap_or_else(|| probe.body.clone()),
        agents: probe.agents.clone(),
        url,
    })
}

/// The reserved character a percent-escape at the start of `bytes`
/// stands for, other than `/`.
fn encoded_reserved(bytes: &[u8]) -> Option<u8> {
    let hex = std::str::from_utf8(bytes.get(1..3)?).ok()?;
    let decoded = u8::from_str_radix(hex, 16).ok()?;
    (bytes[0] == b'%' && decoded != b'/' && b":?#[]@!$&'()*+,;=".contains(&decoded)).then_some(decoded)
}

/// Whether `bytes` hold a percent-escape of a reserved character other
/// than `/` (RFC 3986 §2.2), which decodes-slash is about.
fn has_encoded_reserved(bytes: &[u8]) -> bool {
    (0..bytes.len()).any(|at| encoded_reserved(&bytes[at..]).is_some())
}

/// Rules holding an escaped reserved character dropped, and such escapes
/// in the URL decoded: no escape is left for the library to read as the
/// character.
fn drop_encoded_reserved(probe: &Probe) -> Option<Probe> {
    let body = without_lines(&probe.body, |line| line.is_rule() && has_encoded_reserved(line.value()));
    let (origin, rest) = split_url(&probe.url)?;
    let rest = rest.as_bytes();
    let mut decoded: Vec<u8> = Vec::with_capacity(rest.len());
    let mut at = 0;
    while at < rest.len() {
        match encoded_reserved(&rest[at..]) {
            Some(character) => {
                decoded.push(character);
                at += 3;
            }
            None => {
                decoded.push(rest[at]);
                at += 1;
            }
        }
    }
    let url = format!("{origin}{}", String::from_utf8_lossy(&decoded));
    (body.is_some() || url != probe.url).then(|| Probe {
        body: body.unwrap_or_else(|| probe.body.clone()),
        agents: probe.agents.clone(),
        url,
    })
}

fn drop_allows(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| line.key().as_deref() == Some("allow")),
    )
}

/// Rules with their non-ASCII bytes percent-encoded, as the references
/// read them.
fn encode_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            (line.is_rule() && !line.value().is_ascii()).then(|| {
                let key = line.key().unwrap_or_default();
                let encoded: String = line
                    .value()
                    .iter()
                    .map(|&b| {
                        if b.is_ascii() {
                            char::from(b).to_string()
                        } else {
                            format!("%{b:02X}")
                        }
                    })
                    .collect();
                [key.as_bytes(), b": ", encoded.as_bytes()].concat()
            })
        }),
    )
}

/// A group name no agent asked contains.
fn unrelated_name(probe: &Probe) -> String {
    let asked: Vec<String> = probe.agents.iter().map(|agent| agent.to_ascii_lowercase()).collect();
    (0..)
        .map(|n| format!("NoSuchBot{n}"))
        .find(|name| !asked.iter().any(|agent| agent.contains(&name.to_ascii_lowercase())))
        .unwrap_or_default()
}

fn drop_rules_with_colons(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| line.is_rule() && line.value().contains(&b':')),
    )
}

fn drop_special_rules(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.is_rule() && (line.value().contains(&b'*') || line.value().contains(&b'$'))
        }),
    )
}

fn drop_disallows_tied_with_allows(probe: &Probe) -> Option<Probe> {
    let allowed: Vec<Vec<u8>> = lines(&probe.body)
        .iter()
        .filter(|line| line.key().as_deref() == Some("allow"))
        .map(|line| line.value().to_vec())
        .collect();
    with_body(
        probe,
        without_lines(&probe.body, |line| {
            line.key().as_deref() == Some("disallow") && allowed.iter().any(|value| value == line.value())
        }),
    )
}

/// An `Allow: /` after each run of user-agent lines that does not name
/// `*`: the shortest rule, so the group answers as before, but some rule of
/// it now matches every path.
fn allow_all_in_named_groups(probe: &Probe) -> Option<Probe> {
    let lines = lines(&probe.body);
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut changed = false;
    let mut at = 0;
    while at < lines.len() {
        if !lines[at].is_agent() {
            out.push(lines[at].bytes.clone());
            at += 1;
            continue;
        }
        let end = (at..lines.len()).find(|&i| !lines[i].is_agent()).unwrap_or(lines.len());
        out.extend(lines[at..end].iter().map(|line| line.bytes.clone()));
        if !lines[at..end].iter().any(|line| line.value() == b"*") {
            out.push(b"Allow: /".to_vec());
            changed = true;
        }
        at = end;
    }
    let body: Vec<u8> = out
        .into_iter()
        .flat_map(|line| line.into_iter().chain([b'\n']))
        .collect();
    with_body(probe, changed.then_some(body))
}

/// Whitespace before the first colon of a line taken out.
fn close_up_colons(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            let colon = line.bytes.iter().position(|&b| b == b':')?;
            let key = line.bytes[..colon].trim_ascii_end();
            (key.len() < colon).then(|| [key, &line.bytes[colon..]].concat())
        }),
    )
}

fn slash_before_leading_stars(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            (line.is_rule() && line.value().starts_with(b"*")).then(|| {
                let key = line.key().unwrap_or_default();
                [key.as_bytes(), b": /", line.value()].concat()
            })
        }),
    )
}

/// A user-agent line holding ` Allow:` or ` Disallow:` split there in two
/// lines, as the library reads it.
fn rule_off_agent_lines(probe: &Probe) -> Option<Probe> {
    with_body(
        probe,
        with_lines(&probe.body, |line| {
            if !line.is_agent() {
                return None;
            }
            let lower = line.bytes.to_ascii_lowercase();
            let at = [&b" disallow:"[..], &b" allow:"[..]]
                .iter()
                .filter_map(|key| lower.windows(key.len()).position(|w| w == *key))
                .min()?;
            Some(
                [
                    line.bytes[..at].trim_ascii_end(),
                    b"\n",
                    line.bytes[at..].trim_ascii_start(),
                ]
                .concat(),
            )
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(body: &str) -> Probe {
        Probe {
            body: body.as_bytes().to_vec(),
            agents: vec!["BarBot".into()],
            url: "https://example.com/a/open".into(),
        }
    }

    #[test]
    fn a_repeated_group_joins_the_first_before_the_blank_line_that_ended_it() {
        let varied = only_first_groups_named(&probe(
            "User-agent: *\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /f\n\nUser-agent: *\nAllow: /a/open\n",
        ));
        assert_eq!(
            varied
                .map(|probe| String::from_utf8_lossy(&probe.body).into_owned())
                .as_deref(),
            Some("User-agent: *\nDisallow: /a\nAllow: /a/open\nUser-agent: FooBot\nDisallow: /f\n\n")
        );
    }

    #[test]
    fn a_later_repeated_name_among_others_is_left_to_the_others() {
        let varied = only_first_groups_named(&probe(
            "User-agent: YoudaoBot\nDisallow: /\nUser-agent: YoudaoBot\nUser-agent: moget\nDisallow: /\n",
        ));
        assert_eq!(
            varied
                .map(|probe| String::from_utf8_lossy(&probe.body).into_owned())
                .as_deref(),
            Some("User-agent: YoudaoBot\nDisallow: /\nUser-agent: moget\nDisallow: /\n")
        );
    }

    #[test]
    fn a_later_star_naming_other_agents_too_is_left_to_them() {
        let varied = only_first_groups_named(&probe(
            "User-agent: *\nDisallow: /wp-admin/\nUser-agent: *\nUser-agent: Googlebot\nDisallow: /mshots/v1/\n",
        ));
        assert_eq!(
            varied
                .map(|probe| String::from_utf8_lossy(&probe.body).into_owned())
                .as_deref(),
            Some("User-agent: *\nDisallow: /wp-admin/\nUser-agent: Googlebot\nDisallow: /mshots/v1/\n")
        );
    }
}
