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
//! is). No deciding line.

use rep_adapters_rust::{serve, NoVerdict, Verdict};
use robots_txt::matcher::SimpleMatcher;
use robots_txt::Robots;
use url::Url;

fn main() {
    serve(concat!("robots_txt ", env!("ROBOTS_TXT_VERSION")), |request| {
        let body = request.text_body("robots_txt")?;
        let agent = request.single_agent("robots_txt")?;
        let path = path_and_query(&request.url)?;
        let robots = Robots::from_str_lossy(body);
        let matcher = SimpleMatcher::new(&robots.choose_section(agent).rules);
        Ok(Verdict {
            allowed: matcher.check_path(&path),
            line: None,
        })
    });
}

fn path_and_query(url: &str) -> Result<String, NoVerdict> {
    if url.starts_with('/') {
        return Ok(url.to_string());
    }
    let url = Url::parse(url).map_err(|e| NoVerdict::Error(format!("not a URL: {e}")))?;
    Ok(match url.query() {
        Some(query) => format!("{}?{query}", url.path()),
        None => url.path().to_string(),
    })
}
