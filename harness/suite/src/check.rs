//! One check of the suite, and what a parser answers to it.

use std::fmt;

/// Which expectations a run scores against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// RFC 9309 as written.
    Rfc,
    /// What Google's open-source parser decides (for fetch checks, Google's
    /// documented crawler).
    Google,
}

impl Profile {
    /// `rfc` or `google`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Rfc => "rfc",
            Profile::Google => "google",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a check expects under one profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expect {
    /// The URL may be fetched.
    Allowed,
    /// The URL may not be fetched.
    Disallowed,
    /// The RFC leaves the answer open: never scored, and not asked.
    ImplementationDefined,
}

impl Expect {
    /// `allowed`, `disallowed` or `implementation-defined`, as the export writes it.
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

/// How strongly RFC 9309 states the clause an `rfc` expectation rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// MUST, MUST NOT, REQUIRED.
    Must,
    /// SHOULD, SHOULD NOT, RECOMMENDED.
    Should,
    /// MAY, OPTIONAL.
    May,
}

impl Level {
    /// `MUST`, `SHOULD` or `MAY`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Must => "MUST",
            Level::Should => "SHOULD",
            Level::May => "MAY",
        }
    }
}

/// What a check's `rfc` expectation rests on; each part is `None` when the
/// case does not state it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Basis {
    /// The RFC 9309 section, e.g. `2.2.2`.
    pub clause: Option<String>,
    /// How strongly that section states it.
    pub level: Option<Level>,
    /// The id of the reading (in the suite's `cases/readings.yaml`) that settles a contested point.
    pub reading: Option<String>,
}

/// The simulated response to the request for `/robots.txt`, for fetch checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The robots.txt URL the crawler asked for first, when the check names
    /// it: the file governs only URLs with its scheme, host and port (RFC 9309
    /// §2.3), so a check on another authority is allowed as far as this file
    /// goes. `None`: the file governs every URL the check names.
    pub robots_url: Option<String>,
    /// The final HTTP status, or `None` when the request failed at the network.
    pub status: Option<u16>,
    /// Redirects followed to reach it.
    pub redirects: u32,
    /// Where each redirect led, in order, when the check names them; empty
    /// when it gives only the count. The rules found at the end apply to the
    /// authority of `robots_url`, not the last hop's (§2.3.1.2).
    pub redirect_hops: Vec<String>,
    /// For a failure, how many hours requests for the file have been failing
    /// this way (0: the first failure; 0 for a success). The clock of the
    /// RFC's 30 days and Google's 12 hours and 30 days, separate from the
    /// cached copy's age.
    pub failing_hours: u32,
    /// The response's `Content-Type` header, when the check gives one.
    pub content_type: Option<String>,
    /// The copy of robots.txt the crawler holds from an earlier successful
    /// fetch, if it kept one (RFC 9309 §2.4).
    pub cached: Option<CachedCopy>,
}

/// A copy of robots.txt a crawler kept from an earlier successful fetch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CachedCopy {
    /// Hours since that fetch.
    pub age_hours: u32,
    /// The copy's bytes: a file of its own, or the check's body when the suite
    /// gives the copy none (the check's body then stands for both).
    pub body: Vec<u8>,
    /// The `Cache-Control` header the copy was served with (RFC 9111).
    pub cache_control: Option<String>,
}

/// One question of the suite: given `body`, may a crawler that identifies
/// itself with `agents` fetch `url`?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Stable id, `<case>/<name>`: what expected-failures lists name.
    pub id: String,
    /// The case id: the case file's path under `cases/` without extension, a slash, the case name.
    pub case: String,
    /// The check's name, unique in its case (the last part of its id).
    pub name: String,
    /// Its capability tags (`multi-agent`, `fetch`, `cached-copy`, `non-utf8-body`, `bare-path`,
    /// `non-ascii-url`, `long-line`, `large-body`, `pathological-pattern`): what a parser's API must
    /// express to be asked it, or what else makes it demanding.
    pub tags: Vec<String>,
    /// The case file, relative to the rep repository's root.
    pub file: String,
    /// The line where the case starts in that file.
    pub line: u32,
    /// The rule tested and where it comes from.
    pub why: String,
    /// The robots.txt file, byte for byte (the response body for a fetch check).
    pub body: Vec<u8>,
    /// Product tokens; with several, the rules of every group naming any of them apply together.
    pub agents: Vec<String>,
    /// The absolute URL to check, exactly as the test needs it.
    pub url: String,
    /// The expectation under RFC 9309.
    pub rfc: Expect,
    /// The expectation under Google's parser.
    pub google: Expect,
    /// What the `rfc` expectation rests on.
    pub basis: Basis,
    /// Present for fetch checks: what the crawler got when it asked for `/robots.txt`.
    pub response: Option<Response>,
}

impl Check {
    /// The expectation under `profile`.
    pub fn expect(&self, profile: Profile) -> Expect {
        match profile {
            Profile::Rfc => self.rfc,
            Profile::Google => self.google,
        }
    }

    /// Whether the check has capability tag `tag` (e.g. `"multi-agent"`).
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|own| own == tag)
    }

    /// The first of `tags` the check has: the reason a parser that cannot
    /// take those is not asked it.
    pub fn needs_any<'t>(&self, tags: &[&'t str]) -> Option<&'t str> {
        tags.iter().copied().find(|tag| self.has_tag(tag))
    }

    /// The body as text, when it is UTF-8 (most are; a few test invalid bytes).
    pub fn body_text(&self) -> Option<&str> {
        std::str::from_utf8(&self.body).ok()
    }

    /// What a miss of this check breaks under `profile`, in a few words:
    /// `RFC 9309 §2.2.2 MUST` (with `, reading `…`` when a reading of the
    /// suite settles a contested point), or Google's parser.
    pub fn held_to(&self, profile: Profile) -> String {
        if profile == Profile::Google {
            return "Google's parser (google profile)".to_string();
        }
        let mut text = "RFC 9309".to_string();
        if let Some(clause) = &self.basis.clause {
            text.push_str(&format!(" §{clause}"));
            if let Some(level) = self.basis.level {
                text.push_str(&format!(" {}", level.name()));
            }
        }
        if let Some(reading) = &self.basis.reading {
            text.push_str(&format!(", reading `{reading}`"));
        }
        text
    }

    /// The command that shows this check anywhere, with its body, question,
    /// expectations and clause: `reptest show <id>`.
    pub fn reproduce(&self) -> String {
        format!("reptest show {}", self.id)
    }

    /// The agent, when the check names exactly one.
    pub fn single_agent(&self) -> Option<&str> {
        match self.agents.as_slice() {
            [agent] => Some(agent),
            _ => None,
        }
    }
}

/// What a parser answers to a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The URL may be fetched.
    Allowed,
    /// The URL may not be fetched.
    Disallowed,
    /// The parser cannot be asked this (several agents, a fetch check, a
    /// body its API cannot take): counted, never a miss.
    Unsupported(String),
}

impl From<bool> for Answer {
    /// `true` is [`Answer::Allowed`], `false` [`Answer::Disallowed`].
    fn from(allowed: bool) -> Answer {
        if allowed {
            Answer::Allowed
        } else {
            Answer::Disallowed
        }
    }
}
