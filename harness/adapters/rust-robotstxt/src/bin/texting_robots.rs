//! Adapter for the `texting_robots` crate. The crate builds one `Robot` per
//! (agent, body) and answers `allowed(url)` for a full URL or a path; it has
//! no multi-agent question, so checks with several agents are n/a. It does
//! not report the deciding line.

use rep_adapters_rust::{serve, Reply};
use texting_robots::Robot;

fn main() {
    serve(concat!("texting_robots ", env!("TEXTING_ROBOTS_VERSION")), |request| {
        let [agent] = request.agents.as_slice() else {
            return Ok(Reply::Unsupported(
                "texting_robots checks one user-agent at a time".into(),
            ));
        };
        let robot = Robot::new(agent, &request.robots).map_err(|e| format!("texting_robots refused the body: {e}"))?;
        Ok(Reply::Verdict {
            allowed: robot.allowed(&request.url),
            line: None,
        })
    });
}
