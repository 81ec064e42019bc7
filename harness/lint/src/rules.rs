//! The kinds of finding, each with a stable id (SARIF's rule id), a short
//! name, help text in our own words, and the section of RFC 9309 it rests on.

/// One kind of finding.
#[derive(Debug)]
pub struct Rule {
    /// Stable id: `disagreement`, `unknown-key`, …
    pub id: &'static str,
    /// A few words.
    pub name: &'static str,
    /// What it means and what to do.
    pub help: &'static str,
    /// The section of RFC 9309, when one applies.
    pub clause: Option<&'static str>,
}

const fn rule(id: &'static str, name: &'static str, clause: Option<&'static str>, help: &'static str) -> Rule {
    Rule { id, name, help, clause }
}

/// Every kind of finding `reptest lint` reports.
pub const RULES: &[Rule] = &[
    rule(
        "disagreement",
        "parsers read these lines differently",
        None,
        "Parsers in use by crawlers give different verdicts for the same agent and URL because of these lines. \
         The finding names the parsers, the library behaviour behind their reading where it is known, an \
         example to re-check with `reptest check --all`, and a rewrite on which every parser agrees where one exists.",
    ),
    rule(
        "unknown-key",
        "unknown key",
        Some("2.2.4"),
        "A key that neither RFC 9309 nor Google reads. Crawlers may read records of their own, so nothing is \
         lost, but a misspelt directive is silently ignored.",
    ),
    rule(
        "misspelled-key",
        "misspelt key read as a directive by some parsers",
        Some("2.2"),
        "Google's parser reads some misspellings and prefixes of `user-agent`, `allow` and `disallow` as the \
         directive; RFC 9309 and most libraries ignore the line. Spell the key as the RFC does.",
    ),
    rule(
        "missing-colon",
        "no colon after the key",
        Some("2.2"),
        "RFC 9309's lines are `key: value`. Google's parser also accepts whitespace instead of the colon; others ignore the line. Add the colon.",
    ),
    rule(
        "unparsable-line",
        "line with neither key nor value",
        Some("2.2"),
        "A line that is not a comment, not blank and not `key: value`: every parser ignores it.",
    ),
    rule(
        "rule-outside-group",
        "rule before any user-agent line",
        Some("2.1"),
        "An allow or disallow line before the first user-agent line belongs to no group: RFC 9309 and Google \
         ignore it, while some libraries apply it to every crawler. Put a `User-agent` line above it.",
    ),
    rule(
        "invalid-product-token",
        "user-agent that is not a product token",
        Some("2.2.1"),
        "A user-agent value should be a crawler's product token (letters, `-` and `_`). Parsers differ in how \
         much of another value they compare: write the token alone.",
    ),
    rule(
        "pattern-cannot-match",
        "pattern that can never match",
        Some("2.2.2"),
        "A path pattern must start with `/` (or `*`); one that does not matches no URL path. Start it with `/`.",
    ),
    rule(
        "line-too-long",
        "line longer than a parser keeps",
        Some("2.5"),
        "Google's parser reads only the first bytes of a very long line; what follows is lost. Split the rule.",
    ),
    rule(
        "not-utf8",
        "bytes that are not UTF-8",
        Some("2.3"),
        "RFC 9309 files are UTF-8. Parsers differ on other bytes: re-encode the file as UTF-8.",
    ),
    rule(
        "nul-byte",
        "NUL byte in a line",
        Some("2.2"),
        "A NUL byte is no part of a robots.txt line; some parsers stop reading the line or the file there.",
    ),
    rule(
        "byte-order-mark",
        "byte order mark",
        Some("2.2"),
        "The file starts with a byte order mark. RFC 9309 parsers and Google skip it; some libraries read it as \
         part of the first key, so the first line is lost. Save the file without a BOM.",
    ),
    rule(
        "past-size-limit",
        "content past the parse limit",
        Some("2.5"),
        "Crawlers must parse at least the first 500 KiB of a file and may ignore the rest: the rules past that \
         point may not be read. Make the file smaller.",
    ),
    rule(
        "client-error",
        "robots.txt answers a 4xx status",
        Some("2.3.1.3"),
        "The file is unavailable: crawlers may access every URL of the site.",
    ),
    rule(
        "server-error",
        "robots.txt answers a 5xx status or cannot be fetched",
        Some("2.3.1.4"),
        "The file is unreachable: crawlers must assume every URL is disallowed, for as long as it stays so.",
    ),
    rule(
        "too-many-redirects",
        "more than five redirects",
        Some("2.3.1.2"),
        "Crawlers follow at least five redirects and may treat the file as unavailable after that.",
    ),
    rule(
        "redirect",
        "robots.txt is redirected",
        Some("2.3.1.2"),
        "Crawlers follow the redirect and apply the file they reach to the authority they asked, not to the one that served it.",
    ),
    rule(
        "content-type",
        "not served as text/plain",
        Some("2.3"),
        "RFC 9309 files are `text/plain`. Crawlers differ on other types: Google reads rules from HTML too; others may not.",
    ),
    rule(
        "size-limit",
        "body larger than 500 KiB",
        Some("2.5"),
        "Crawlers must read at least 500 KiB and may ignore the rest; Google's crawler ignores what follows.",
    ),
];

/// The rule called `id`.
pub fn rule_named(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|rule| rule.id == id)
}
