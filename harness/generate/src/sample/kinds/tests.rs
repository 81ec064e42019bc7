//! Tests of the real-world checks by kind.
use super::*;
use crate::ORIGIN;

const BODY: &[u8] = b"User-agent: FooBot/2.1\nDisallow: /private/\nAllow: /private/open\n\n\
User-agent: *\nDisallow: /*.pdf$\nDisallow: /search\nDisallow:\n";

/// The paths of `agent`'s checks of `kind`.
fn paths(probes: &[KindedQuery], kind: ProbeKind, agent: &str) -> Vec<String> {
    probes
        .iter()
        .filter(|probe| probe.kind == kind && probe.query.agents == [agent])
        .map(|probe| probe.query.url.strip_prefix(ORIGIN).expect("absolute").to_owned())
        .collect()
}

/// Whether RFC 9309's matching (the `rep-rfc` profile) lets any agent
/// fetch `path` under a file holding the one rule `Disallow: pattern`.
fn allowed_under_rule(pattern: &[u8], path: &str) -> bool {
    let body = [&b"User-agent: *\nDisallow: "[..], pattern, b"\n"].concat();
    rep::check_once(
        &body,
        rep::Profile::RFC9309,
        &[b"AnyBot"],
        format!("{ORIGIN}{path}").as_bytes(),
    )
    .allowed
}

#[test]
fn each_kind_asks_what_it_says_of_every_rule_of_the_groups_that_apply() {
    let probes = crawler_probes(BODY, 100);
    // FooBot's own group applies to it, and only that group.
    assert_eq!(
        paths(&probes, ProbeKind::Literal, "FooBot"),
        ["/private/", "/private/open"]
    );
    assert_eq!(
        paths(&probes, ProbeKind::Below, "FooBot"),
        ["/private/page.html", "/private/open/page.html"]
    );
    assert_eq!(
        paths(&probes, ProbeKind::Sibling, "FooBot"),
        ["/other-private/", "/private/other-open"]
    );
    assert_eq!(
        paths(&probes, ProbeKind::Query, "FooBot"),
        ["/private/?q=1", "/private/open?q=1"]
    );
    assert_eq!(paths(&probes, ProbeKind::Root, "FooBot"), ["/"]);
    assert_eq!(
        paths(&probes, ProbeKind::Unrelated, "FooBot"),
        ["/reptest-unrelated/page.html"]
    );
    // An agent no group names gets the `*` group's rules; the empty value is no rule.
    assert_eq!(paths(&probes, ProbeKind::Literal, UNNAMED_AGENT), ["/x.pdf", "/search"]);
    // `/other-x.pdf` ends in `.pdf`, which `/*.pdf$` covers: the last letter changes instead.
    assert_eq!(
        paths(&probes, ProbeKind::Sibling, UNNAMED_AGENT),
        ["/x.pdq", "/other-search"]
    );
    assert_eq!(
        paths(&probes, ProbeKind::Below, UNNAMED_AGENT),
        ["/x.pdf/page.html", "/search/page.html"]
    );
    assert_eq!(
        paths(&probes, ProbeKind::Query, UNNAMED_AGENT),
        ["/x.pdf?q=1", "/search?q=1"]
    );
    // Two well-known crawlers besides: they fall under `*` too.
    let well_known: Vec<&str> = probes
        .iter()
        .filter(|probe| probe.kind == ProbeKind::Root)
        .map(|probe| probe.query.agents[0].as_str())
        .filter(|agent| WELL_KNOWN_CRAWLERS.contains(agent))
        .collect();
    assert_eq!(well_known.len(), 2, "{probes:?}");
    assert_eq!(paths(&probes, ProbeKind::Literal, well_known[0]), ["/x.pdf", "/search"]);
    // 4 agents (FooBot, two well-known, the unnamed one) × (root + unrelated
    // + 2 rules × 4 rule kinds).
    assert_eq!(probes.len(), 4 * (1 + 1 + 2 * 4));
    assert_eq!(crawler_probes(BODY, 100), probes, "the same file gives the same checks");
}

#[test]
fn a_sibling_is_never_covered_by_its_rule() {
    assert_eq!(sibling(b"/a/b").as_deref(), Some("/a/other-b"));
    assert_eq!(sibling(b"/private/").as_deref(), Some("/other-private/"));
    assert_eq!(sibling(b"/*private").as_deref(), Some("/xprivatq"));
    assert_eq!(sibling(b"/search?q=").as_deref(), Some("/other-search"));
    assert_eq!(sibling(b"/"), None, "the root has no sibling");
    assert_eq!(sibling(b"/*"), None, "`/*` covers every path");
    let mut checked = 0;
    for index in 0..600 {
        let body = crate::Generated::from_seed(11, index, 1).body;
        for pattern in crate::harvest(&body).patterns.iter().filter(|p| !p.is_empty()) {
            if let Some(path) = sibling(pattern) {
                checked += 1;
                assert!(
                    allowed_under_rule(pattern, &path),
                    "{path} is covered by {:?}",
                    String::from_utf8_lossy(pattern)
                );
            }
        }
    }
    assert!(checked > 100, "only {checked} siblings checked");
}

#[test]
fn a_large_file_is_capped_per_kind_by_a_seeded_choice() {
    let mut body = b"User-agent: *\n".to_vec();
    for rule in 0..200 {
        body.extend_from_slice(format!("Disallow: /dir{rule}/\n").as_bytes());
    }
    let probes = crawler_probes(&body, 8);
    for kind in ProbeKind::ALL {
        let count = probes.iter().filter(|probe| probe.kind == kind).count();
        let expected = if matches!(kind, ProbeKind::Root | ProbeKind::Unrelated) {
            3
        } else {
            8
        };
        assert_eq!(count, expected, "{kind:?}");
    }
    assert_eq!(crawler_probes(&body, 8), probes, "the choice is seeded, not random");
    let literal = paths(&probes, ProbeKind::Literal, UNNAMED_AGENT);
    let first_rules: Vec<String> = (0..literal.len()).map(|rule| format!("/dir{rule}/")).collect();
    assert_ne!(literal, first_rules, "the choice is not the file's first rules");
}

#[test]
fn a_seeded_choice_keeps_order_and_takes_each_item_once() {
    let items: Vec<u32> = (0..50).collect();
    let chosen = seeded_choice(items.clone(), 10, &mut SplitMix64::new(3));
    assert_eq!(chosen.len(), 10);
    assert!(chosen.windows(2).all(|pair| pair[0] < pair[1]), "{chosen:?}");
    assert_eq!(seeded_choice(items.clone(), 10, &mut SplitMix64::new(3)), chosen);
    assert_ne!(seeded_choice(items.clone(), 10, &mut SplitMix64::new(4)), chosen);
    assert_eq!(seeded_choice(items.clone(), 60, &mut SplitMix64::new(3)), items);
}

#[test]
fn bodies_that_are_not_text_and_files_without_groups() {
    assert!(crawler_probes(b"User-agent: *\nDisallow: /caf\xe9\n", 8).is_empty());
    let empty = crawler_probes(b"", 8);
    assert!(empty
        .iter()
        .all(|probe| matches!(probe.kind, ProbeKind::Root | ProbeKind::Unrelated | ProbeKind::Sibling)));
    assert_eq!(
        empty.len(),
        2 * 3 + 1,
        "root and unrelated for each of three agents, and one unrelated check standing in as a sibling"
    );
    assert_eq!(ProbeKind::from_name("sibling"), Some(ProbeKind::Sibling));
    assert!(ProbeKind::ALL
        .iter()
        .all(|kind| ProbeKind::from_name(kind.name()) == Some(*kind)));
}

#[test]
fn a_file_without_a_sibling_gets_its_unrelated_check_as_one() {
    for body in [&b"<html>not a robots.txt</html>\n"[..], b"User-agent: *\nDisallow: /\n"] {
        let probes = crawler_probes(body, 1);
        let of = |kind| -> Vec<&Query> {
            probes
                .iter()
                .filter(|probe| probe.kind == kind)
                .map(|probe| &probe.query)
                .collect()
        };
        assert_eq!(of(ProbeKind::Sibling), of(ProbeKind::Unrelated), "{probes:?}");
        assert_eq!(of(ProbeKind::Sibling).len(), 1);
    }
    // A file that offers a sibling keeps it.
    let probes = crawler_probes(BODY, 1);
    let sibling: Vec<&KindedQuery> = probes.iter().filter(|probe| probe.kind == ProbeKind::Sibling).collect();
    assert_eq!(sibling.len(), 1);
    assert!(!sibling[0].query.url.ends_with(UNRELATED_PATH), "{sibling:?}");
}
