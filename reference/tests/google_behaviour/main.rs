//! Google's parser, really linked, behaves as the cases under `cases/google/`
//! describe.
//!
//! Every expected value below was worked out by reading Google's `robots.cc`
//! (the pinned `jwm-robotstxt` 1.0.8 sdist), never by running the reference
//! and copying its answer. Each test names the place in `robots.cc` whose
//! behaviour it pins down, so a failure points at what changed.

mod groups;
mod keys;
mod lines;
mod matching;
mod threads;

use rep_reference::{check_bytes, GoogleVerdict};

/// The site every test URL lives on; only the path and query matter to Google.
const SITE: &str = "https://example.com";

/// Google's decision and `matching_line()`, as the tests spell them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// The URL may be fetched; the number is the deciding line (0 = none).
    Allowed(u32),
    /// The URL may not be fetched; the number is the deciding line.
    Disallowed(u32),
}

use Answer::{Allowed, Disallowed};

/// Runs Google's parser for `agents` on `SITE` + `path` (raw bytes, so tests
/// can pass NUL or invalid UTF-8) and returns its full verdict.
fn ask(body: impl AsRef<[u8]>, agents: &[&str], path: impl AsRef<[u8]>) -> GoogleVerdict {
    let url = [SITE.as_bytes(), path.as_ref()].concat();
    let agent_bytes: Vec<&[u8]> = agents.iter().map(|agent| agent.as_bytes()).collect();
    check_bytes(body.as_ref(), &agent_bytes, &url).expect("Google's parser threw a C++ exception")
}

/// Asserts Google's decision and deciding line for several agents at once.
#[track_caller]
fn expect_agents(body: impl AsRef<[u8]>, agents: &[&str], path: impl AsRef<[u8]>, expected: Answer) {
    let (body, path) = (body.as_ref(), path.as_ref());
    let verdict = ask(body, agents, path);
    let actual = if verdict.allowed {
        Allowed(verdict.matching_line)
    } else {
        Disallowed(verdict.matching_line)
    };
    assert_eq!(
        actual,
        expected,
        "agents {agents:?}, path {:?}, body {:?}",
        String::from_utf8_lossy(path),
        shorten(body)
    );
}

/// Asserts Google's decision and deciding line for one agent.
#[track_caller]
fn expect(body: impl AsRef<[u8]>, agent: &str, path: impl AsRef<[u8]>, expected: Answer) {
    expect_agents(body, &[agent], path, expected);
}

/// Asserts `ever_seen_specific_agent()`: whether some group named `agent`.
#[track_caller]
fn expect_named(body: impl AsRef<[u8]>, agent: &str, named: bool) {
    let verdict = ask(body.as_ref(), &[agent], "/");
    assert_eq!(
        verdict.ever_seen_specific_agent,
        named,
        "ever_seen_specific_agent for {agent:?}, body {:?}",
        shorten(body.as_ref())
    );
}

/// The body as text for a failure message, cut so a 2 MB body stays readable.
fn shorten(body: &[u8]) -> String {
    const KEEP: usize = 300;
    let text = String::from_utf8_lossy(&body[..body.len().min(KEEP)]).into_owned();
    if body.len() > KEEP {
        format!("{text}… ({} bytes)", body.len())
    } else {
        text
    }
}
