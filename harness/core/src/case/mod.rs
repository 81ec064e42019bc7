//! The case model: what a case file under `cases/` describes once it has
//! been loaded and checked. See `cases/README.md` for the file format.

mod body;
mod bytes;
pub mod changes;
pub mod clause;
mod depth;
mod discover;
pub mod embedded;
mod load;
mod locate;
mod names;
mod page_name;
mod raw;
mod readings;
mod response;
pub mod statements;
pub mod tags;
mod validate;
pub mod write;

pub use bytes::{decode_base64, unescape};
pub use depth::MAX_YAML_DEPTH;
pub use discover::files_under;
pub use discover::{is_suite_data, ID_MAP_FILE, READINGS_FILE, STATEMENTS_FILE};
pub use load::{load_paths, not_utf8_at};
pub use names::MAX_CHECK_NAME;
pub use page_name::page_name;
pub use readings::{load_readings, parse_readings, Reading, ReadingOption, Readings};
pub use tags::Tag;
pub use validate::UNWRITTEN_WHY_MARKER;

use std::collections::BTreeSet;
use std::fmt;
use std::path::PathBuf;

/// Which of the two profiles an expectation or a claim refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProfileId {
    /// RFC 9309 as written (for fetch cases: the RFC's fetch rules).
    Rfc,
    /// Google's parser (for fetch cases: Google's crawler as documented).
    Google,
}

impl ProfileId {
    /// Both profiles, in report order.
    pub const ALL: [ProfileId; 2] = [ProfileId::Rfc, ProfileId::Google];

    /// `rfc` or `google`.
    pub fn name(self) -> &'static str {
        match self {
            ProfileId::Rfc => "rfc",
            ProfileId::Google => "google",
        }
    }

    /// The profile called `rfc` or `google`.
    pub fn from_name(name: &str) -> Option<ProfileId> {
        ProfileId::ALL.into_iter().find(|profile| profile.name() == name)
    }
}

impl fmt::Display for ProfileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a check expects under one profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expect {
    /// The URL may be fetched.
    Allowed,
    /// The URL may not be fetched.
    Disallowed,
    /// RFC 9309 leaves the behaviour open (MAY): run and report, never score.
    ImplementationDefined,
}

impl Expect {
    /// The expected `allowed` value, or `None` for implementation-defined.
    pub fn allowed(self) -> Option<bool> {
        match self {
            Expect::Allowed => Some(true),
            Expect::Disallowed => Some(false),
            Expect::ImplementationDefined => None,
        }
    }

    /// `allowed`, `disallowed` or `implementation-defined`.
    pub fn name(self) -> &'static str {
        match self {
            Expect::Allowed => "allowed",
            Expect::Disallowed => "disallowed",
            Expect::ImplementationDefined => "implementation-defined",
        }
    }
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How strongly RFC 9309 states the clause an `rfc` expectation rests on
/// (the requirement levels of RFC 2119, negative forms included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// MUST, MUST NOT, REQUIRED.
    Must,
    /// SHOULD, SHOULD NOT, RECOMMENDED.
    Should,
    /// MAY, OPTIONAL.
    May,
}

impl Level {
    /// `MUST`, `SHOULD` or `MAY`, as the RFC writes them.
    pub fn name(self) -> &'static str {
        match self {
            Level::Must => "MUST",
            Level::Should => "SHOULD",
            Level::May => "MAY",
        }
    }
}

/// What a check's `rfc` expectation rests on: a clause of RFC 9309 and its
/// requirement level, a documented reading of a contested point, or both.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Basis {
    /// The RFC 9309 section, e.g. `2.2.2`.
    pub clause: Option<String>,
    /// How strongly that section states it.
    pub level: Option<Level>,
    /// The id of the reading (in `cases/readings.yaml`) that decides it.
    pub reading: Option<String>,
    /// The ids of the statements (in `cases/statements.yaml`) it tests: the
    /// check's own list, else its case's; empty when neither gives one.
    pub statements: Vec<String>,
}

/// The document a `google` expectation rests on when Google's compiled
/// parser cannot decide it (fetching, status codes, caching, limits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The document, by title or address.
    pub document: String,
    /// The revision or date of the document read.
    pub date: String,
    /// The section of it that says so.
    pub section: String,
}

/// The simulated response to a robots.txt request, for fetch cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResponseSpec {
    /// The robots.txt URL the crawler asked for first, whose authority the
    /// file governs (RFC 9309 §2.3, §2.3.1.2); `None`: every checked URL.
    pub url: Option<String>,
    /// The final HTTP status, or `None` for a network failure.
    pub status: Option<u16>,
    /// Redirects followed before that status.
    pub redirects: u32,
    /// Where each redirect led, in order, when the case says (then as many
    /// as `redirects`); empty when it gives only a count.
    pub hops: Vec<String>,
    /// Hours requests for the file have been failing as this one did, when
    /// the case says; see [`ResponseSpec::failing_hours`].
    pub failing_for_hours: Option<u32>,
    /// The final response's `Content-Type` header, when the case gives one.
    pub content_type: Option<String>,
    /// The copy of robots.txt the crawler kept from its last successful
    /// fetch, if it kept one (RFC 9309 §2.4).
    pub cached: Option<CachedSpec>,
}

/// A copy of robots.txt the crawler kept from an earlier successful fetch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CachedSpec {
    /// Hours since that fetch.
    pub age_hours: u32,
    /// The copy's body when it is not the case's body (which is then the
    /// live response's); `None` when the copy is the case's body.
    pub body: Option<Vec<u8>>,
    /// The `Cache-Control` header the copy was served with (RFC 9111).
    pub cache_control: Option<String>,
}

impl ResponseSpec {
    /// The cached copy's age in hours, if the crawler kept one.
    pub fn cached_age_hours(&self) -> Option<u32> {
        self.cached.as_ref().map(|cached| cached.age_hours)
    }

    /// How many hours the file has been failing: 0 for a 2xx or 3xx (no
    /// failure); else as the case says, else the cached copy's age (every
    /// request since that fetch failed), else 0 (this is the first failure).
    pub fn failing_hours(&self) -> u32 {
        if matches!(self.status, Some(200..=399)) {
            return 0;
        }
        self.failing_for_hours.or_else(|| self.cached_age_hours()).unwrap_or(0)
    }
}

impl fmt::Display for ResponseSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.status {
            Some(status) => write!(f, "HTTP {status}")?,
            None => f.write_str("network error")?,
        }
        if let Some(url) = &self.url {
            write!(f, " for {url}")?;
        }
        if self.hops.is_empty() && self.redirects > 0 {
            write!(f, " after {} redirect(s)", self.redirects)?;
        }
        if !self.hops.is_empty() {
            write!(f, " after redirects to {}", self.hops.join(", "))?;
        }
        if let Some(hours) = self.failing_for_hours {
            write!(f, ", failing for {hours} h")?;
        }
        if let Some(content_type) = &self.content_type {
            write!(f, " as {content_type}")?;
        }
        if let Some(cached) = &self.cached {
            write!(f, ", with a cached copy {} h old", cached.age_hours)?;
            if cached.body.is_some() {
                f.write_str(" of another file")?;
            }
            if let Some(cache_control) = &cached.cache_control {
                write!(f, " (Cache-Control: {cache_control})")?;
            }
        }
        Ok(())
    }
}

/// One question asked of an implementation: may these agents fetch this URL?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The check's name, unique in its case: the last part of its id.
    pub name: String,
    /// The agent(s); more than one means "any of them" (Google's multi-agent check).
    pub agents: Vec<String>,
    /// The URL to check.
    pub url: String,
    /// Expectation under the `rfc` profile.
    pub rfc: Expect,
    /// Expectation under the `google` profile.
    pub google: Expect,
    /// What the `rfc` expectation rests on (the check's own fields, else its case's).
    pub basis: Basis,
    /// The document the `google` expectation rests on, when it rests on one
    /// rather than on Google's parser (the check's own, else its case's).
    pub source: Option<Source>,
    /// Its capability tags: those its content shows and those its case file
    /// writes (see `tags`).
    pub tags: BTreeSet<Tag>,
}

impl Check {
    /// The expectation under `profile`.
    pub fn expect(&self, profile: ProfileId) -> Expect {
        match profile {
            ProfileId::Rfc => self.rfc,
            ProfileId::Google => self.google,
        }
    }

    /// The agents as bytes, the form implementations take.
    pub fn agent_bytes(&self) -> Vec<&[u8]> {
        self.agents.iter().map(String::as_bytes).collect()
    }
}

/// One named case: a body (or a simulated response) and its checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `<path under cases/ without .yaml>/<name>`.
    pub id: String,
    /// The case's name within its file.
    pub name: String,
    /// The rule tested and its citation.
    pub why: String,
    /// The robots.txt body (for fetch cases, the response body; may be empty).
    pub body: Vec<u8>,
    /// Present for fetch cases.
    pub response: Option<ResponseSpec>,
    /// The checks, at least one.
    pub checks: Vec<Check>,
    /// The file the case came from.
    pub file: PathBuf,
    /// 1-based line of the case in its file, for messages.
    pub line: usize,
}

impl Case {
    /// The stable id of the check at `index` (0-based): `<case id>/<check
    /// name>`. Names never depend on position, so adding a check renames
    /// no other.
    pub fn check_id(&self, index: usize) -> String {
        format!("{}/{}", self.id, self.checks[index].name)
    }
}

/// The id of the case a check id (`<case id>/<check name>`) belongs to.
pub fn case_of(check_id: &str) -> &str {
    check_id.rsplit_once('/').map_or(check_id, |(case, _)| case)
}

/// The case among `files` that holds the check called `id`, and the
/// check's index in it.
pub fn find_check<'f>(files: &'f [CaseFile], id: &str) -> Option<(&'f Case, usize)> {
    let (case_id, name) = id.rsplit_once('/')?;
    let case = files
        .iter()
        .flat_map(|file| &file.cases)
        .find(|case| case.id == case_id)?;
    let index = case.checks.iter().position(|check| check.name == name)?;
    Some((case, index))
}

/// One loaded case file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseFile {
    /// The file as given or found.
    pub path: PathBuf,
    /// The id prefix: the path under `cases/` without `.yaml`.
    pub id: String,
    /// What the file's cases derive from.
    pub source: String,
    /// Its cases, in file order.
    pub cases: Vec<Case>,
}

impl Case {
    /// A one-check case for the unit tests of code that renders cases (here
    /// and in rep-matrix): agent `A`, URL `/`, an empty body, the given
    /// expectations, id `x/y` in `x.yaml` (check `x/y/z`).
    #[doc(hidden)]
    pub fn sample(rfc: Expect, google: Expect) -> Case {
        Case {
            id: "x/y".into(),
            name: "y".into(),
            why: "w".into(),
            body: Vec::new(),
            response: None,
            checks: vec![Check {
                name: "z".into(),
                agents: vec!["A".into()],
                url: "/".into(),
                rfc,
                google,
                basis: Basis::default(),
                source: None,
                tags: BTreeSet::new(),
            }],
            file: "x.yaml".into(),
            line: 1,
        }
    }
}
