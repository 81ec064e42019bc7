//! Wherever `rep`'s rfc and google profiles disagree, the switches that
//! differ between them must account for it (see
//! `rep_harness::diff::explain`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rep::Profile;
use rep_harness::diff::{explain, Engine, Explanation};
use rep_harness::generate::Generated;

fuzz_target!(|input: Generated| {
    let rfc = Engine::Rep(Profile::RFC9309).prepare(&input.body);
    let google = Engine::Rep(Profile::GOOGLE).prepare(&input.body);
    for query in &input.queries {
        let agents: Vec<&[u8]> = query.agents.iter().map(|agent| agent.as_bytes()).collect();
        let url = query.url.as_bytes();
        let (a, b) = (rfc.check(&agents, url), google.check(&agents, url));
        if a != b {
            let explanation = explain(Profile::RFC9309, Profile::GOOGLE, &input.body, &agents, url, &a, &b);
            assert_ne!(
                explanation,
                Explanation::None,
                "rfc {a} vs google {b}, unexplained, on body {:?}, agents {:?}, url {:?}",
                String::from_utf8_lossy(&input.body),
                query.agents,
                query.url
            );
        }
    }
});
