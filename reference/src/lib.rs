//! Google's open-source robots.txt parser, compiled from C++ by this crate's
//! build script and called in-process through a small C shim.
//!
//! This crate is the oracle for the `google` profile of the project matcher.
//! [`check_bytes`] really runs Google's `RobotsMatcher::AllowedByRobots`,
//! which parses the whole body again each time (Google's usage model).
//! [`ParsedBody`] splits that call in two for callers that ask many URLs of
//! one body: Google's `ParseRobotsTxt` runs once and its callbacks are kept;
//! each check replays them into a `RobotsMatcher` set up as
//! `AllowedByRobots` sets it up. The parser never sees the URL or the
//! agents, so the verdict is the same (`harness/core/tests/google_replay.rs`
//! holds the two to each other on generated and real-world checks).
//!
//! ```
//! let verdict = rep_reference::check(b"User-agent: *\nDisallow: /private\n", &["FooBot"], "https://example.com/private/x").unwrap();
//! assert!(!verdict.allowed);
//! assert_eq!(verdict.matching_line, 2);
//! ```

#![deny(missing_docs)]

use std::ffi::{c_char, c_int, CStr};
use std::fmt;

#[repr(C)]
struct RawBytes {
    data: *const c_char,
    len: usize,
}

#[repr(C)]
struct RawResult {
    allowed: c_int,
    matching_line: c_int,
    ever_seen_specific_agent: c_int,
    error: [c_char; 256],
}

extern "C" {
    fn rep_google_check(
        body: *const c_char,
        body_len: usize,
        agents: *const RawBytes,
        agent_count: usize,
        url: *const c_char,
        url_len: usize,
        out: *mut RawResult,
    ) -> c_int;
    fn rep_google_parse(body: *const c_char, body_len: usize, out: *mut RawResult) -> *mut RawParsed;
    fn rep_google_check_parsed(
        parsed: *const RawParsed,
        agents: *const RawBytes,
        agent_count: usize,
        url: *const c_char,
        url_len: usize,
        out: *mut RawResult,
    ) -> c_int;
    fn rep_google_free_parsed(parsed: *mut RawParsed);
}

/// The shim's `rep_google_parsed`, known to Rust only by pointer.
#[repr(C)]
struct RawParsed {
    _opaque: [u8; 0],
}

impl RawResult {
    fn empty() -> RawResult {
        RawResult {
            allowed: 0,
            matching_line: 0,
            ever_seen_specific_agent: 0,
            error: [0; 256],
        }
    }

    /// The exception's message the shim wrote.
    fn error(&self) -> GoogleParserError {
        // SAFETY: the shim always NUL-terminates `error` within its 256 bytes.
        let message = unsafe { CStr::from_ptr(self.error.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        GoogleParserError { message }
    }

    /// The verdict the shim wrote, or its error when `status` says it threw.
    fn verdict(&self, status: c_int) -> Result<GoogleVerdict, GoogleParserError> {
        if status != 0 {
            return Err(self.error());
        }
        Ok(GoogleVerdict {
            allowed: self.allowed != 0,
            matching_line: u32::try_from(self.matching_line).unwrap_or(0),
            ever_seen_specific_agent: self.ever_seen_specific_agent != 0,
        })
    }
}

/// The agents as the shim takes them: pointer and length, bytes as given.
fn raw_agents(agents: &[&[u8]]) -> Vec<RawBytes> {
    agents
        .iter()
        .map(|agent| RawBytes {
            data: agent.as_ptr().cast(),
            len: agent.len(),
        })
        .collect()
}

/// What Google's parser decided for one (body, agents, URL) query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoogleVerdict {
    /// `true` when the URL may be fetched.
    pub allowed: bool,
    /// `RobotsMatcher::matching_line()`: the line of the deciding rule, 0 when none.
    pub matching_line: u32,
    /// `RobotsMatcher::ever_seen_specific_agent()`: some group named one of the agents.
    pub ever_seen_specific_agent: bool,
}

/// Google's C++ code threw an exception; the message is what `what()` said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoogleParserError {
    /// The exception's message.
    pub message: String,
}

impl fmt::Display for GoogleParserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Google's robots.txt parser threw a C++ exception: {}", self.message)
    }
}

impl std::error::Error for GoogleParserError {}

/// Asks Google's parser whether any of `agents` may fetch `url` under `body`.
///
/// Agents and URL are passed as bytes exactly as given, NUL bytes and invalid
/// UTF-8 included. Safe to call from many threads at once.
pub fn check_bytes(body: &[u8], agents: &[&[u8]], url: &[u8]) -> Result<GoogleVerdict, GoogleParserError> {
    let raw_agents = raw_agents(agents);
    let mut out = RawResult::empty();
    // SAFETY: every pointer comes from a live slice with its exact length, the
    // shim reads them only during the call and copies what it keeps, and `out`
    // is a valid, exclusively borrowed struct of the layout the shim expects.
    let status = unsafe {
        rep_google_check(
            body.as_ptr().cast(),
            body.len(),
            raw_agents.as_ptr(),
            raw_agents.len(),
            url.as_ptr().cast(),
            url.len(),
            &mut out,
        )
    };
    out.verdict(status)
}

/// One body as Google's `ParseRobotsTxt` saw it, kept for checking many URLs:
/// [`ParsedBody::check_bytes`] decides as [`check_bytes`] on the same body
/// does, without parsing it again.
///
/// ```
/// let parsed = rep_reference::ParsedBody::parse(b"User-agent: *\nDisallow: /private\n").unwrap();
/// for url in ["https://example.com/private/x", "https://example.com/public"] {
///     let replayed = parsed.check_bytes(&[b"FooBot"], url.as_bytes()).unwrap();
///     let reparsed = rep_reference::check_bytes(b"User-agent: *\nDisallow: /private\n", &[b"FooBot"], url.as_bytes()).unwrap();
///     assert_eq!(replayed, reparsed);
/// }
/// ```
pub struct ParsedBody {
    raw: std::ptr::NonNull<RawParsed>,
}

// SAFETY: the shim's parsed body is a vector of recorded callbacks that is
// never written after `rep_google_parse` returns: checks only read it, so it
// may move to and be read from any thread.
unsafe impl Send for ParsedBody {}
unsafe impl Sync for ParsedBody {}

impl ParsedBody {
    /// Runs Google's `ParseRobotsTxt` over `body` once, keeping its callbacks.
    pub fn parse(body: &[u8]) -> Result<ParsedBody, GoogleParserError> {
        let mut out = RawResult::empty();
        // SAFETY: `body` is a live slice of the given length that the shim
        // copies from during the call; `out` is exclusively borrowed.
        let raw = unsafe { rep_google_parse(body.as_ptr().cast(), body.len(), &mut out) };
        match std::ptr::NonNull::new(raw) {
            Some(raw) => Ok(ParsedBody { raw }),
            None => Err(out.error()),
        }
    }

    /// [`check_bytes`] of this body: the recorded callbacks replayed into a
    /// fresh `RobotsMatcher` set up for `agents` and `url`.
    pub fn check_bytes(&self, agents: &[&[u8]], url: &[u8]) -> Result<GoogleVerdict, GoogleParserError> {
        let raw_agents = raw_agents(agents);
        let mut out = RawResult::empty();
        // SAFETY: `self.raw` is live until drop and only read by the shim;
        // the other pointers are as in `check_bytes`.
        let status = unsafe {
            rep_google_check_parsed(
                self.raw.as_ptr(),
                raw_agents.as_ptr(),
                raw_agents.len(),
                url.as_ptr().cast(),
                url.len(),
                &mut out,
            )
        };
        out.verdict(status)
    }
}

impl Drop for ParsedBody {
    fn drop(&mut self) {
        // SAFETY: `raw` came from `rep_google_parse` and is freed once, here.
        unsafe { rep_google_free_parsed(self.raw.as_ptr()) }
    }
}

impl fmt::Debug for ParsedBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ParsedBody { .. }")
    }
}

/// [`check_bytes`] for agents and a URL that are text.
pub fn check(body: &[u8], agents: &[&str], url: &str) -> Result<GoogleVerdict, GoogleParserError> {
    let agent_bytes: Vec<&[u8]> = agents.iter().map(|agent| agent.as_bytes()).collect();
    check_bytes(body, &agent_bytes, url.as_bytes())
}

/// The directory the C++ source was compiled from (the unpacked pinned sdist,
/// or `REP_GOOGLE_SRC`), for reports that say which parser they ran.
pub const SOURCE_DIR: &str = env!("REP_GOOGLE_SOURCE_DIR");
