//! Adapter for the `robots_txt` crate 0.7.0.
//!
//! Install: `reptest adapters install robots-txt-rs`, or
//! `cargo build --release --manifest-path harness/adapters/rust-robotstxt/Cargo.toml --target-dir ~/.cache/rep/adapters/rust`.
//!
//! Mapping: `Robots::from_str_lossy(&str)` takes the body as text (a body
//! that is not UTF-8 is answered n/a); `choose_section(agent)` picks the group
//! for one agent (several agents are n/a); `SimpleMatcher::check_path` takes
//! a path. The crate has no URL type of its own, so the adapter gives it what
//! a Rust crawler holding a `url::Url` would: the path, plus `?` and the
//! query when there is one (a URL that is already a bare path is passed as it
//! is; a string the `url` crate does not read is n/a, as the adapter, not the
//! crate, would fail on it). No deciding line.

use rep_adapters_rust::{serve, NoVerdict, Request, Verdict};
use robots_txt::matcher::SimpleMatcher;
use robots_txt::Robots;

fn main() {
    serve(concat!("robots_txt ", env!("ROBOTS_TXT_VERSION")), |request| {
        let body = request.text_body("robots_txt")?;
        let agent = request.single_agent("robots_txt")?;
        let path = path_and_query(request)?;
        let robots = Robots::from_str_lossy(body);
        let matcher = SimpleMatcher::new(&robots.choose_section(agent).rules);
        Ok(Verdict {
            allowed: matcher.check_path(&path),
            line: None,
        })
    });
}

/// The path and query the crate checks: a bare path as it is, else taken
/// from the URL (n/a when the `url` crate cannot read it).
fn path_and_query(request: &Request) -> Result<String, NoVerdict> {
    if request.url.starts_with('/') {
        return Ok(request.url.clone());
    }
    let url = request.absolute_url()?;
    Ok(match url.query() {
        Some(query) => format!("{}?{query}", url.path()),
        None => url.path().to_string(),
    })
}
