//! Checks aimed at an existing file (a corpus file), two separate ways:
//!
//! - [`crawler_sample`], the real-world measurement: what a crawler asks.
//!   Absolute URLs only; agents are the file's own named agents as written
//!   (whole product tokens), well-known crawler tokens, and one token no file
//!   names; paths are each rule's path made literal (`*` filled, `$` dropped)
//!   and its neighbours, all in the plain form a crawler sends, a query on
//!   some. A body that is not UTF-8 gets no checks here.
//! - [`edge_sample`], the edge measurement: what a crawler does not send.
//!   Letters percent-encoded (upper- and lower-case hex), escapes in lower
//!   case, bare paths without scheme and host, the pattern as written (`*`
//!   and `$` left in); and every body that is not UTF-8, asked plain checks,
//!   since there the body itself is the edge form.
//!
//! Both are deterministic: the same file always gives the same checks, so
//! every parser is asked exactly the same questions. Both take rules
//! round-robin (the first rules first) and vary the kind of probe from rule
//! to rule, so that a small budget still spreads over the file and the kinds.

use super::{harvest, Query};

mod kinds;
pub use kinds::{
    crawler_probes, named_agents, probes_for_agents, seeded_choice, sibling, KindedQuery, ProbeKind, UNRELATED_PATH,
};

/// An agent no real file names: whatever answers it comes from the `*` groups.
pub const UNNAMED_AGENT: &str = "UnnamedReptestBot";

/// Product tokens of crawlers that robots.txt files commonly address, as
/// those crawlers announce themselves. Only letters, `-` and `_`, so that
/// every parser reads them whole.
pub const WELL_KNOWN_CRAWLERS: &[&str] = &[
    "Googlebot",
    "Bingbot",
    "Applebot",
    "DuckDuckBot",
    "YandexBot",
    "Baiduspider",
    "Slurp",
    "GPTBot",
    "CCBot",
    "AhrefsBot",
    "SemrushBot",
    "facebookexternalhit",
    "Twitterbot",
    "Googlebot-Image",
    "Mediapartners-Google",
    "ia_archiver",
];

/// One kind of probe: the URL it makes of a rule's pattern, if any.
type Kind = fn(&[u8]) -> Option<String>;

/// The scheme and host every absolute URL of the samples uses.
pub const ORIGIN: &str = "https://example.com";

/// What a `*` of a rule becomes when the rule is made literal.
const STAR_FILLER: &[u8] = b"x";

/// The real-world sample of `body`: at most `budget` checks (at least one,
/// for a UTF-8 body; none for any other body, which belongs to
/// [`edge_sample`]). Every URL is absolute and plain: each rule's path made
/// literal, then the same path with a child below it, with one character
/// less (beside it), extended within its last segment (inside it), and with
/// a query; finally `/`. Agents cycle through the file's own named agents
/// ([`crate::Harvest::products`]), [`WELL_KNOWN_CRAWLERS`] (from a place
/// that depends on the body, so that the corpus as a whole asks all of them)
/// and [`UNNAMED_AGENT`].
pub fn crawler_sample(body: &[u8], budget: usize) -> Vec<Query> {
    if std::str::from_utf8(body).is_err() {
        return Vec::new();
    }
    plain_checks(body, budget)
}

/// The edge sample of `body`: at most `budget` checks (at least one), in the
/// forms a crawler does not send. For a UTF-8 body, each rule's path with its
/// letters percent-encoded (upper-case hex, absolute), as a bare path, with
/// its escapes and non-ASCII bytes in lower-case hex (absolute), as written
/// with `*` and `$` (absolute), and with its letters percent-encoded in
/// lower-case hex as a bare path; then `/` bare. For a body that is not
/// UTF-8, the plain checks of [`crawler_sample`]: the body is the edge form.
/// Agents as in [`crawler_sample`].
pub fn edge_sample(body: &[u8], budget: usize) -> Vec<Query> {
    if std::str::from_utf8(body).is_err() {
        return plain_checks(body, budget);
    }
    let kinds: [Kind; 5] = [
        |pattern| Some(absolute(&escape_letters(&literal(pattern), HEX_UPPER))),
        |pattern| Some(plain(&literal(pattern))),
        |pattern| {
            let lower = lower_escapes(&literal(pattern));
            (lower != plain(&literal(pattern))).then(|| absolute(&lower))
        },
        |pattern| Some(absolute(&String::from_utf8_lossy(&with_slash(pattern)))),
        |pattern| Some(escape_letters(&literal(pattern), HEX_LOWER)),
    ];
    checks(body, budget, &kinds, "/")
}

/// The crawler-like checks of any body (text or not).
fn plain_checks(body: &[u8], budget: usize) -> Vec<Query> {
    let kinds: [Kind; 5] = [
        |pattern| Some(absolute(&plain(&literal(pattern)))),
        |pattern| below(&plain(&literal(pattern))).map(|p| absolute(&p)),
        |pattern| beside(&plain(&literal(pattern))).map(|p| absolute(&p)),
        |pattern| inside(&plain(&literal(pattern))).map(|p| absolute(&p)),
        |pattern| Some(absolute(&with_query(&plain(&literal(pattern))))),
    ];
    checks(body, budget, &kinds, &absolute("/"))
}

/// Up to `budget - 1` URLs from the body's rules (rule `r` of round `j`
/// gets kind `(r + j) % kinds`), then `last`; each with the next agent.
fn checks(body: &[u8], budget: usize, kinds: &[Kind], last: &str) -> Vec<Query> {
    let found = harvest(body);
    // Empty values (`Disallow:`) are no rule to probe.
    let patterns: Vec<&Vec<u8>> = found.patterns.iter().filter(|p| !p.is_empty()).collect();
    let budget = budget.max(1);
    let mut urls: Vec<String> = Vec::new();
    'fill: for round in 0..kinds.len() {
        for (rule, pattern) in patterns.iter().enumerate() {
            if urls.len() + 1 >= budget {
                break 'fill;
            }
            if let Some(url) = kinds[(rule + round) % kinds.len()](pattern) {
                if url != last && !urls.contains(&url) {
                    urls.push(url);
                }
            }
        }
    }
    urls.push(last.to_owned());
    let agents = Agents::new(&found.products, body);
    urls.into_iter()
        .enumerate()
        .map(|(i, url)| Query {
            agents: vec![agents.nth(i)],
            url,
        })
        .collect()
}

/// The agents of a file's checks: its own, well-known crawlers, the unnamed one.
struct Agents<'a> {
    named: &'a [String],
    /// Where in [`WELL_KNOWN_CRAWLERS`] this file starts.
    offset: usize,
}

impl<'a> Agents<'a> {
    fn new(named: &'a [String], body: &[u8]) -> Agents<'a> {
        Agents {
            named,
            offset: (fnv1a(body) % WELL_KNOWN_CRAWLERS.len() as u64) as usize,
        }
    }

    /// The agent of check `i`: named, well-known, unnamed in turn (named
    /// left out when the file names none), each kind cycling its own list.
    fn nth(&self, i: usize) -> String {
        let kinds = if self.named.is_empty() { 2 } else { 3 };
        let (kind, turn) = (i % kinds + 3 - kinds, i / kinds);
        match kind {
            0 => self.named[turn % self.named.len()].clone(),
            1 => WELL_KNOWN_CRAWLERS[(self.offset + turn) % WELL_KNOWN_CRAWLERS.len()].to_owned(),
            _ => UNNAMED_AGENT.to_owned(),
        }
    }
}

/// 64-bit FNV-1a: a fixed hash, the same on every machine and release.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";
const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

/// `pattern` with a leading `/` if it has none.
fn with_slash(pattern: &[u8]) -> Vec<u8> {
    if pattern.starts_with(b"/") {
        pattern.to_vec()
    } else {
        [&b"/"[..], pattern].concat()
    }
}

/// The rule's path made literal: a leading `/`, every `*` filled, every `$`
/// dropped.
fn literal(pattern: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pattern.len() + 1);
    for &byte in &with_slash(pattern) {
        match byte {
            b'*' => out.extend_from_slice(STAR_FILLER),
            b'$' => {}
            _ => out.push(byte),
        }
    }
    out
}

/// Whether a browser or crawler escapes `byte` when it writes a URL: the
/// WHATWG URL standard's path and query percent-encode sets (controls,
/// space, `"`, `#`, `<`, `>`, and `` ` ``, `{`, `}` in the path or `'` in the
/// query of an `https` URL), every byte that is not ASCII, and `\` (which
/// that standard would turn into `/`; clients that follow RFC 3986 escape
/// it). `*` and `$` never reach here; a `%` is left alone, as that standard
/// leaves it.
fn escaped_by_crawlers(byte: u8, in_query: bool) -> bool {
    byte <= b' '
        || byte >= 0x7f
        || b"\"#<>\\".contains(&byte)
        || if in_query {
            byte == b'\''
        } else {
            b"`{}".contains(&byte)
        }
}

/// Whether `path[i..]` starts with a `%XX` escape.
fn escape_at(path: &[u8], i: usize) -> bool {
    path[i] == b'%' && path.len() > i + 2 && path[i + 1].is_ascii_hexdigit() && path[i + 2].is_ascii_hexdigit()
}

/// `path` as a crawler sends it: escapes kept, with upper-case hex, and
/// every byte crawlers escape ([`escaped_by_crawlers`]) escaped with
/// upper-case hex.
fn plain(path: &[u8]) -> String {
    encode(path, HEX_UPPER, |_| false)
}

/// Like [`plain`], but lower-case hex in every escape, old and new.
fn lower_escapes(path: &[u8]) -> String {
    encode(path, HEX_LOWER, |_| false)
}

/// Like [`plain`], with every ASCII letter escaped too.
fn escape_letters(path: &[u8], hex: &[u8; 16]) -> String {
    encode(path, hex, |byte| byte.is_ascii_alphabetic())
}

/// `path` with existing escapes rewritten in `hex`'s case, and each byte
/// that crawlers escape, or for which `also` holds, written as an escape.
fn encode(path: &[u8], hex: &[u8; 16], also: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(path.len() * 3);
    let push = |out: &mut String, byte: u8| {
        out.push('%');
        out.push(char::from(hex[usize::from(byte >> 4)]));
        out.push(char::from(hex[usize::from(byte & 15)]));
    };
    let mut in_query = false;
    let mut i = 0;
    while i < path.len() {
        if escape_at(path, i) {
            let value = hex_value(path[i + 1]) * 16 + hex_value(path[i + 2]);
            push(&mut out, value);
            i += 3;
            continue;
        }
        let byte = path[i];
        in_query |= byte == b'?';
        if escaped_by_crawlers(byte, in_query) || also(byte) {
            push(&mut out, byte);
        } else {
            out.push(char::from(byte));
        }
        i += 1;
    }
    out
}

fn hex_value(digit: u8) -> u8 {
    (digit as char).to_digit(16).map_or(0, |value| value as u8)
}

fn absolute(path: &str) -> String {
    format!("{ORIGIN}{path}")
}

/// A page below `path` (none when `path` has a query).
fn below(path: &str) -> Option<String> {
    if path.contains('?') {
        None
    } else if path.ends_with('/') {
        Some(format!("{path}page.html"))
    } else {
        Some(format!("{path}/page.html"))
    }
}

/// `path` one character short (a whole escape short when it ends in one):
/// the nearest path the rule's prefix does not cover. None for `/`.
fn beside(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let cut = if bytes.len() >= 3 && escape_at(bytes, bytes.len() - 3) {
        bytes.len() - 3
    } else {
        bytes.len().checked_sub(1)?
    };
    (cut >= 1).then(|| path[..cut].to_owned())
}

/// `path` extended within its last segment (or its query's last value).
fn inside(path: &str) -> Option<String> {
    Some(format!("{path}x"))
}

/// `path` with a query, or with one more query parameter.
fn with_query(path: &str) -> String {
    match path.find('?') {
        None => format!("{path}?q=1"),
        Some(_) if path.ends_with('?') || path.ends_with('&') => format!("{path}q=1"),
        Some(_) if path.ends_with('=') => format!("{path}1"),
        Some(_) => format!("{path}&q=1"),
    }
}

#[cfg(test)]
mod tests;
