//! Wherever `rep`'s rfc and google profiles disagree, the switches that
//! differ between them must account for it (see `rep::explain`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rep::{explain, Explanation, Profile, Robots};
use rep_generate::Generated;

fuzz_target!(|input: Generated| {
    let rfc = Robots::parse(&input.body, Profile::RFC9309);
    let google = Robots::parse(&input.body, Profile::GOOGLE);
    for query in &input.queries {
        let agents: Vec<&[u8]> = query.agents.iter().map(|agent| agent.as_bytes()).collect();
        let url = query.url.as_bytes();
        let (a, b) = (rfc.check_bytes(&agents, url), google.check_bytes(&agents, url));
        if (a.allowed, a.line()) != (b.allowed, b.line()) {
            let explanation = explain(Profile::RFC9309, Profile::GOOGLE, &input.body, &agents, url);
            assert!(
                matches!(explanation, Explanation::Single(_) | Explanation::Combination(_)),
                "rfc {a} vs google {b}: {explanation:?}, on body {:?}, agents {:?}, url {:?}",
                String::from_utf8_lossy(&input.body),
                query.agents,
                query.url
            );
        }
    }
});
