//! Adapter for the `texting_robots` crate 0.2.2.
//!
//! Install: `reptest adapters install texting-robots`, or
//! `cargo build --release --manifest-path harness/adapters/rust-robotstxt/Cargo.toml --target-dir ~/.cache/rep/adapters/rust`.
//!
//! Mapping: the crate builds one `Robot` per (agent, body) from the body as
//! bytes (so a body that is not UTF-8 is passed as it is) and answers
//! `allowed(url)` for the full URL as given (it also takes a bare path). It
//! has no multi-agent question, so checks with several agents are n/a. It
//! does not report the deciding line.

use rep_adapters_rust::{serve, NoVerdict, Verdict};
use texting_robots::Robot;

fn main() {
    serve(concat!("texting_robots ", env!("TEXTING_ROBOTS_VERSION")), |request| {
        let agent = request.single_agent("texting_robots")?;
        let robot = Robot::new(agent, &request.robots)
            .map_err(|e| NoVerdict::Error(format!("texting_robots refused the body: {e}")))?;
        Ok(Verdict {
            allowed: robot.allowed(&request.url),
            line: None,
        })
    });
}
