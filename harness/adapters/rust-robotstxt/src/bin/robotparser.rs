//! Adapter for the `robotparser` crate 0.11.0 (robotparser-rs), built
//! without its default HTTP-client features.
//!
//! Install: `reptest adapters install robotparser-rs`, or
//! `cargo build --release --manifest-path harness/adapters/rust-robotstxt/Cargo.toml --target-dir ~/.cache/rep/adapters/rust`.
//!
//! Mapping: `parse_robots_txt(origin, &str)` takes the body as text (a body
//! that is not UTF-8 is answered n/a) and the origin of the site the file
//! came from; the adapter takes that origin from the checked URL, because
//! `can_fetch(agent, &Url)` answers "disallowed" for any URL of another
//! origin. The URL must therefore be absolute: a bare path (the edge
//! measurement), or a string the `url` crate does not read, has no `Url`
//! and is answered n/a. One agent per check
//! (several are n/a); no deciding line.

use rep_adapters_rust::{serve, Verdict};
use robotparser::parser::parse_robots_txt;
use robotparser::service::RobotsTxtService;

fn main() {
    serve(concat!("robotparser ", env!("ROBOTPARSER_VERSION")), |request| {
        let body = request.text_body("robotparser")?;
        let agent = request.single_agent("robotparser")?;
        let url = request.absolute_url()?;
        let robots = parse_robots_txt(url.origin(), body).get_result();
        Ok(Verdict {
            allowed: robots.can_fetch(agent, &url),
            line: None,
        })
    });
}
