//! The minimiser shrinks a disagreement to a small case that still shows it.
//!
//! The synthetic disagreement: `rep-rfc` decodes the unreserved escape `%62`
//! (`b`) before matching (RFC 9309 §2.2.2) while `rep-google`, like Google,
//! compares it undecoded, so `/%62az` is disallowed by `Disallow: /baz` under
//! one profile only. Buried in noise, it must come out small.

use rep::{Profile, Switch};
use rep_core::diff::{minimise, Differ, Probe, MAX_TRIES};
use rep_core::implementation::RepImpl;
use std::sync::Arc;

fn noisy_probe() -> Probe {
    let mut body = String::from("# a long file\nSitemap: https://example.com/s.xml\n");
    for i in 0..40 {
        body.push_str(&format!(
            "User-agent: Bot{i}\nDisallow: /private{i}/\nAllow: /public{i}\n\n"
        ));
    }
    body.push_str("User-agent: *\nCrawl-delay: 5\nDisallow: /baz\nAllow: /other\n# end\n");
    Probe {
        body: body.into_bytes(),
        agents: vec!["FooBot".to_owned(), "Bot7-Image".to_owned()],
        url: "https://example.com/%62az?query=1#fragment".to_owned(),
    }
}

#[test]
fn a_percent_escape_disagreement_shrinks_to_a_few_bytes() {
    let differ = Differ::new(
        Arc::new(RepImpl::new(Profile::RFC9309)),
        Arc::new(RepImpl::new(Profile::GOOGLE)),
    );
    let probe = noisy_probe();
    let original = differ.judge_probe(&probe).expect("the profiles disagree on /%62az");
    assert!(
        original.switches.contains(&Switch::NoPercentNormalisation),
        "{original:?}"
    );

    let small = minimise(probe.clone(), MAX_TRIES, |candidate| {
        differ.judge_probe(candidate).is_some_and(|d| d.class == original.class)
    });

    eprintln!("minimised: {small:?}");
    let still = differ.judge_probe(&small).expect("the minimised probe still disagrees");
    assert_eq!(still.class, original.class);
    assert!(still.switches.contains(&Switch::NoPercentNormalisation), "{still:?}");
    // The essence is a group line, the rule and the escaped URL, spelt as a
    // person would write them. The original body is over 2,000 bytes.
    assert!(probe.body.len() > 2000);
    assert_eq!(
        String::from_utf8_lossy(&small.body),
        "User-agent: *\nDisallow: /baz\n",
        "whole lines in their canonical spelling"
    );
    assert_eq!(small.agents.len(), 1, "agents {:?}", small.agents);
    // The URL keeps its scheme and host (findings are cases, whose URLs are
    // absolute); its path loses the query and fragment and keeps what the
    // whole rule needs.
    let path = small.url.strip_prefix("https://example.com").expect("absolute URL");
    assert_eq!(path, "/%62az", "url {:?}", small.url);
    // Agents are kept whole: a crawler sends its product token as it is.
    assert!(
        ["FooBot", "Bot7-Image"].contains(&small.agents[0].as_str()),
        "{:?}",
        small.agents
    );
}
