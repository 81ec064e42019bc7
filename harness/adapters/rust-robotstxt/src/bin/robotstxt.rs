//! Adapter for the `robotstxt` crate 0.3.0, a line-by-line Rust port of
//! Google's C++ parser.
//!
//! Install: `reptest adapters install robotstxt-rs`, or
//! `cargo build --release --manifest-path harness/adapters/rust-robotstxt/Cargo.toml --target-dir ~/.cache/rep/adapters/rust`.
//!
//! Mapping: the crate takes the body as `&str` (a body that is not UTF-8 has
//! no such form and is answered n/a), the full URL as given, and a list of
//! agents for "may any of them fetch" — the same question the harness asks.
//! Its matcher tracks the deciding line but keeps it private, so no line is
//! reported.

use rep_adapters_rust::{serve, Verdict};
use robotstxt::DefaultMatcher;

const LIBRARY: &str = "the robotstxt crate";

fn main() {
    serve(concat!("robotstxt ", env!("ROBOTSTXT_VERSION")), |request| {
        let body = request.text_body(LIBRARY)?;
        let agents: Vec<&str> = request.agents.iter().map(String::as_str).collect();
        let mut matcher = DefaultMatcher::default();
        Ok(Verdict {
            allowed: matcher.allowed_by_robots(body, agents, &request.url),
            line: None,
        })
    });
}
