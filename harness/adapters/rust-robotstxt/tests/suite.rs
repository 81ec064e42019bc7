//! The whole rep suite, through the `rep-suite` crate, on the two crates the
//! adapters here wrap, written as each crate's maintainers could put it in
//! their own `cargo test`: one call, a closure that asks the crate, and the
//! list of checks the crate is known to miss (`tests/expected-failures/`). A
//! miss that is not listed fails, and so does a listed check the crate now
//! meets. The mapping of a check onto each crate is the adapter's (see
//! `src/bin/`).

use rep_suite::{Answer, Check, Profile, Suite};
use robotstxt::DefaultMatcher;
use texting_robots::Robot;

fn no_fetching(check: &Check) -> Option<Answer> {
    check
        .response
        .as_ref()
        .map(|_| Answer::Unsupported("a fetch check: the crate parses a body and does not fetch".into()))
}

/// robotstxt is a port of Google's parser, so it is held to the google profile.
#[test]
fn robotstxt_meets_the_suite_but_for_its_expected_failures() {
    let summary = Suite::load()
        .profile(Profile::Google)
        .expected_failures(include_str!("expected-failures/robotstxt.txt"))
        .run(|check| {
            if let Some(unsupported) = no_fetching(check) {
                return unsupported;
            }
            let Some(body) = check.body_text() else {
                return Answer::Unsupported("the crate takes the body as &str, and this body is not UTF-8".into());
            };
            let agents: Vec<&str> = check.agents.iter().map(String::as_str).collect();
            DefaultMatcher::default()
                .allowed_by_robots(body, agents, &check.url)
                .into()
        });
    println!("robotstxt: {summary}");
}

/// texting_robots sets out to follow the standard, so it is held to the rfc profile.
#[test]
fn texting_robots_meets_the_suite_but_for_its_expected_failures() {
    let summary = Suite::load()
        .profile(Profile::Rfc)
        .expected_failures(include_str!("expected-failures/texting_robots.txt"))
        .run(|check| {
            if let Some(unsupported) = no_fetching(check) {
                return unsupported;
            }
            let Some(agent) = check.single_agent() else {
                return Answer::Unsupported("the crate checks one user-agent at a time".into());
            };
            // A body the crate refuses is a miss of that check: rep-suite
            // turns the panic into one.
            let robot = Robot::new(agent, &check.body)
                .unwrap_or_else(|error| panic!("texting_robots refused the body: {error}"));
            robot.allowed(&check.url).into()
        });
    println!("texting_robots: {summary}");
}
