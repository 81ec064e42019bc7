//! Capability tags, as test262's `features`: what a parser's API must be
//! able to express to be asked a check (several agents in one query, a
//! simulated fetch, a body that is not UTF-8, …) or what makes a check hard
//! in another way (a 16 KiB line, half a megabyte of body). A runner selects
//! by them (`reptest run --tags`, `--exclude-tags`), an adapter declares the
//! capabilities its library has, and a check that needs one it lacks is n/a
//! without being asked.
//!
//! Most tags follow from a check's content and are derived here, so none
//! can be forgotten; a case file writes `tags:` only for what the content
//! cannot show (see [`Tag::is_derived`]).

use super::ResponseSpec;
use std::collections::BTreeSet;
use std::fmt;

/// A line longer than this many bytes makes a check `long-line` (Google's
/// parser cuts lines near it).
pub const LONG_LINE_BYTES: usize = 16 * 1024;

/// A body longer than this many bytes makes a check `large-body`: RFC 9309
/// §2.5's 500 KiB floor.
pub const LARGE_BODY_BYTES: usize = 512_000;

/// One capability tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tag {
    /// Several agents in one query (Google's multi-agent question).
    MultiAgent,
    /// A simulated response to the request for /robots.txt.
    Fetch,
    /// The crawler holds a cached copy from an earlier fetch.
    CachedCopy,
    /// A body (or cached copy) that is not UTF-8.
    NonUtf8Body,
    /// A URL with raw non-ASCII characters.
    NonAsciiUrl,
    /// A URL that is a bare path, with no scheme and host.
    BarePath,
    /// A body line longer than [`LONG_LINE_BYTES`].
    LongLine,
    /// A body longer than [`LARGE_BODY_BYTES`].
    LargeBody,
    /// Written in the case: patterns built to make a backtracking matcher
    /// slow (many wildcards against a long path).
    PathologicalPattern,
}

impl Tag {
    /// Every tag, in the order they are listed.
    pub const ALL: [Tag; 9] = [
        Tag::MultiAgent,
        Tag::Fetch,
        Tag::CachedCopy,
        Tag::NonUtf8Body,
        Tag::NonAsciiUrl,
        Tag::BarePath,
        Tag::LongLine,
        Tag::LargeBody,
        Tag::PathologicalPattern,
    ];

    /// The tag as case files, flags and the export spell it.
    pub fn name(self) -> &'static str {
        match self {
            Tag::MultiAgent => "multi-agent",
            Tag::Fetch => "fetch",
            Tag::CachedCopy => "cached-copy",
            Tag::NonUtf8Body => "non-utf8-body",
            Tag::NonAsciiUrl => "non-ascii-url",
            Tag::BarePath => "bare-path",
            Tag::LongLine => "long-line",
            Tag::LargeBody => "large-body",
            Tag::PathologicalPattern => "pathological-pattern",
        }
    }

    /// The tag spelled `name`.
    pub fn from_name(name: &str) -> Option<Tag> {
        Tag::ALL.into_iter().find(|tag| tag.name() == name)
    }

    /// What a check with the tag asks of a parser, in a few words.
    pub fn about(self) -> &'static str {
        match self {
            Tag::MultiAgent => "several agents in one query",
            Tag::Fetch => "a simulated HTTP response to the request for /robots.txt",
            Tag::CachedCopy => "a copy of robots.txt cached from an earlier fetch",
            Tag::NonUtf8Body => "a body that is not UTF-8",
            Tag::NonAsciiUrl => "a URL with raw non-ASCII characters",
            Tag::BarePath => "a URL that is a bare path",
            Tag::LongLine => "a line over 16 KiB",
            Tag::LargeBody => "a body over 500 KiB",
            Tag::PathologicalPattern => "patterns that make a backtracking matcher slow",
        }
    }

    /// Whether the tag follows from a check's content (and is never written
    /// in a case file).
    pub fn is_derived(self) -> bool {
        self != Tag::PathologicalPattern
    }

    /// Whether a parser's API may be unable to express a check with the tag,
    /// so that an adapter declares it (`supports:` in parsers.yaml,
    /// `--supports` on the command line); without it such checks are n/a.
    /// Every parser is asked the others.
    pub fn is_capability(self) -> bool {
        matches!(
            self,
            Tag::MultiAgent | Tag::Fetch | Tag::CachedCopy | Tag::NonUtf8Body | Tag::BarePath
        )
    }

    /// The tags spelled in `names` (comma-separated words are split), or the
    /// first name that is not a tag, with the tags there are.
    pub fn parse_list<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<BTreeSet<Tag>, String> {
        names
            .into_iter()
            .flat_map(|names| names.split(','))
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(|name| Tag::from_name(name).ok_or_else(|| unknown(name)))
            .collect()
    }
}

/// What an unknown tag name is told.
pub(super) fn unknown(name: &str) -> String {
    let known: Vec<&str> = Tag::ALL.iter().map(|tag| tag.name()).collect();
    format!("`{name}` is not a tag; the tags are {}", known.join(", "))
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The tags a check's content shows: its `agents` and `url`, its case's
/// `body` and `response`.
pub fn derived(body: &[u8], response: Option<&ResponseSpec>, agents: &[String], url: &str) -> BTreeSet<Tag> {
    let cached_body = response
        .and_then(|response| response.cached.as_ref())
        .and_then(|cached| cached.body.as_deref());
    let bodies = || std::iter::once(body).chain(cached_body);
    [
        (Tag::MultiAgent, agents.len() > 1),
        (Tag::Fetch, response.is_some()),
        (
            Tag::CachedCopy,
            response.is_some_and(|response| response.cached.is_some()),
        ),
        (
            Tag::NonUtf8Body,
            bodies().any(|body| std::str::from_utf8(body).is_err()),
        ),
        (Tag::NonAsciiUrl, !url.is_ascii()),
        (Tag::BarePath, !url.contains("://")),
        (
            Tag::LongLine,
            bodies().any(|body| {
                body.split(|&byte| byte == b'\n' || byte == b'\r')
                    .any(|line| line.len() > LONG_LINE_BYTES)
            }),
        ),
        (Tag::LargeBody, bodies().any(|body| body.len() > LARGE_BODY_BYTES)),
    ]
    .into_iter()
    .filter_map(|(tag, has)| has.then_some(tag))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for tag in Tag::ALL {
            assert_eq!(Tag::from_name(tag.name()), Some(tag));
        }
        assert_eq!(
            Tag::parse_list(["fetch,multi-agent", " bare-path "]).unwrap(),
            BTreeSet::from([Tag::Fetch, Tag::MultiAgent, Tag::BarePath])
        );
        let error = Tag::parse_list(["fetch,fetching"]).unwrap_err();
        assert!(
            error.starts_with("`fetching` is not a tag; the tags are multi-agent, fetch"),
            "{error}"
        );
    }

    #[test]
    fn the_content_shows_its_tags() {
        let one = ["A".to_string()];
        let plain = derived(b"User-agent: *\n", None, &one, "https://example.com/");
        assert!(plain.is_empty(), "{plain:?}");
        let two = ["A".to_string(), "B".to_string()];
        assert_eq!(
            derived(b"\xff", None, &two, "/caf\u{e9}"),
            BTreeSet::from([Tag::MultiAgent, Tag::NonUtf8Body, Tag::NonAsciiUrl, Tag::BarePath])
        );
        let long = vec![b'x'; LONG_LINE_BYTES + 1];
        assert_eq!(
            derived(&long, None, &one, "https://example.com/"),
            BTreeSet::from([Tag::LongLine])
        );
        let exactly = vec![b'x'; LONG_LINE_BYTES];
        assert!(derived(&exactly, None, &one, "https://example.com/").is_empty());
    }
}
