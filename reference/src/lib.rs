//! Google's open-source robots.txt parser, compiled from C++ by this crate's
//! build script and called in-process through a small C shim.
//!
//! This crate is the oracle for the `google` profile of the project matcher:
//! every call really runs Google's `RobotsMatcher::AllowedByRobots`, which
//! parses the whole body again each time (Google's usage model).
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
    let raw_agents: Vec<RawBytes> = agents
        .iter()
        .map(|agent| RawBytes {
            data: agent.as_ptr().cast(),
            len: agent.len(),
        })
        .collect();
    let mut out = RawResult {
        allowed: 0,
        matching_line: 0,
        ever_seen_specific_agent: 0,
        error: [0; 256],
    };
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
    if status != 0 {
        // SAFETY: the shim always NUL-terminates `error` within its 256 bytes.
        let message = unsafe { CStr::from_ptr(out.error.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        return Err(GoogleParserError { message });
    }
    Ok(GoogleVerdict {
        allowed: out.allowed != 0,
        matching_line: u32::try_from(out.matching_line).unwrap_or(0),
        ever_seen_specific_agent: out.ever_seen_specific_agent != 0,
    })
}

/// [`check_bytes`] for agents and a URL that are text.
pub fn check(body: &[u8], agents: &[&str], url: &str) -> Result<GoogleVerdict, GoogleParserError> {
    let agent_bytes: Vec<&[u8]> = agents.iter().map(|agent| agent.as_bytes()).collect();
    check_bytes(body, &agent_bytes, url.as_bytes())
}

/// The directory the C++ source was compiled from (the unpacked pinned sdist,
/// or `REP_GOOGLE_SRC`), for reports that say which parser they ran.
pub const SOURCE_DIR: &str = env!("REP_GOOGLE_SOURCE_DIR");
