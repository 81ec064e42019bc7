//! Adapter for the `robotstxt` crate, a line-by-line Rust port of Google's
//! C++ parser. The crate takes the body as `&str` (a body that is not UTF-8
//! has no such form and is answered n/a), the full URL as given,
//! and a list of agents for "may any of them fetch" — the same question the
//! harness asks. Its matcher tracks the deciding line but keeps it private
//! (0.3), so no line is reported.

use rep_adapters_rust::{serve, Reply};
use robotstxt::DefaultMatcher;

fn main() {
    serve(concat!("robotstxt ", env!("ROBOTSTXT_VERSION")), |request| {
        // The crate parses `&str` only; a lossy conversion would test the
        // conversion, not the parser.
        let Ok(body) = std::str::from_utf8(&request.robots) else {
            return Ok(Reply::Unsupported(
                "the robotstxt crate takes the body as &str and this body is not UTF-8".into(),
            ));
        };
        let agents: Vec<&str> = request.agents.iter().map(String::as_str).collect();
        let mut matcher = DefaultMatcher::default();
        Ok(Reply::Verdict {
            allowed: matcher.allowed_by_robots(body, agents, &request.url),
            line: None,
        })
    });
}
