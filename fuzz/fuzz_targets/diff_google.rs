//! Structured differential fuzzing: a generated body (the generator of
//! `rep-generate`, driven by libFuzzer's bytes) and its checks must get the
//! same decision and deciding line from `rep`'s google profile and from
//! Google's parser. Both parse the body once: Google's side replays its
//! parse for each check (`rep_reference::ParsedBody`, held to the one-call
//! `AllowedByRobots` by harness/core/tests/google_replay.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rep::{Profile, Robots};
use rep_generate::Generated;
use rep_reference::ParsedBody;

fuzz_target!(|input: Generated| {
    let robots = Robots::parse(&input.body, Profile::GOOGLE);
    let google_parse = ParsedBody::parse(&input.body).expect("Google's parser threw");
    // One vector for every query's agents: under ASan each allocation costs
    // far more than the checks it feeds.
    let mut agents: Vec<&[u8]> = Vec::with_capacity(4);
    for query in &input.queries {
        agents.clear();
        agents.extend(query.agents.iter().map(|agent| agent.as_bytes()));
        let ours = robots.check_bytes(&agents, query.url.as_bytes());
        let google = google_parse.check_bytes(&agents, query.url.as_bytes()).expect("Google's parser threw");
        assert_eq!(
            (ours.allowed, ours.line().unwrap_or(0)),
            (google.allowed, google.matching_line),
            "rep-google (allowed, line) vs google on body {:?}, agents {:?}, url {:?}",
            String::from_utf8_lossy(&input.body),
            query.agents,
            query.url
        );
    }
});
