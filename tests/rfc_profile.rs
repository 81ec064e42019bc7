//! The `rfc` profile against RFC 9309, clause by clause. Expected verdicts
//! come from the RFC's text (cited per test), not from running the matcher.

use rep::{Profile, Reason, Robots};

fn allowed(body: &str, agent: &str, url: &str) -> bool {
    Robots::parse(body.as_bytes(), Profile::RFC9309)
        .check(agent, url)
        .allowed
}

#[test]
fn section_2_2_2_encoding_examples_match_both_ways() {
    // Each pair: the form the RFC starts from, and the normalised form it
    // compares. A rule written one way must match a URL written the other.
    let pairs = [
        ("/foo/bar?baz=quz", "/foo/bar?baz=quz"),
        ("/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"),
        ("/foo/bar/\u{30C4}", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%62%61%7A", "/foo/bar/baz"),
    ];
    for (written, normalised) in pairs {
        for (rule, url) in [(written, normalised), (normalised, written)] {
            let body = format!("User-agent: *\nDisallow: {rule}$\n");
            assert!(!allowed(&body, "FooBot", url), "rule {rule} should match {url}");
        }
    }
}

#[test]
fn encoded_reserved_characters_stay_distinct() {
    // §2.2.2: %2F is an encoded reserved character, not a path separator.
    let body = "User-agent: *\nDisallow: /path%2Ffile\n";
    assert!(allowed(body, "FooBot", "/path/file"));
    assert!(!allowed(body, "FooBot", "/path%2ffile"));
}

#[test]
fn lowercase_hex_is_the_same_escape() {
    let body = "User-agent: *\nDisallow: /a%3ab\n";
    assert!(!allowed(body, "FooBot", "/a%3Ab"));
}

#[test]
fn section_2_2_3_literal_star_and_dollar() {
    let body = "User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\n";
    assert!(!allowed(body, "FooBot", "/path/file-with-a-*.html"));
    assert!(allowed(body, "FooBot", "/path/file-with-a-x.html"));
    assert!(!allowed(body, "FooBot", "/path/foo-$"));
    assert!(allowed(body, "FooBot", "/path/foo-"));
}

#[test]
fn robots_txt_is_always_allowed() {
    // §2.2.2: the robots.txt URI is implicitly allowed.
    let verdict = Robots::parse(b"User-agent: *\nDisallow: /\n", Profile::RFC9309).check("FooBot", "/robots.txt");
    assert!(verdict.allowed);
    assert_eq!(verdict.reason, Reason::RobotsTxtAlwaysAllowed);
    assert!(!allowed("User-agent: *\nDisallow: /\n", "FooBot", "/robots.txt.bak"));
}

#[test]
fn keys_are_exact_and_case_insensitive() {
    // §2.2: keys match case-insensitively; nothing says misspellings or
    // longer keys count.
    assert!(!allowed("USER-AGENT: *\nDISALLOW: /\n", "FooBot", "/x"));
    assert!(allowed("User-agent: *\nDissallow: /\n", "FooBot", "/x"));
    assert!(allowed("User-agent: *\nDisallowed: /\n", "FooBot", "/x"));
    assert!(allowed("Useragent: *\nDisallow: /\n", "FooBot", "/x"));
}

#[test]
fn the_colon_is_required() {
    assert!(allowed("User-agent: *\nDisallow /\n", "FooBot", "/x"));
}

#[test]
fn user_agent_value_must_be_a_product_token() {
    // §2.2.1: a group line names a product token or `*`.
    assert!(allowed("User-agent: FooBot/1.0\nDisallow: /\n", "FooBot", "/x"));
    assert!(!allowed("User-agent: foobot\nDisallow: /\n", "FooBot", "/x"));
    assert!(allowed("User-agent: * bots\nDisallow: /\n", "FooBot", "/x"));
}

#[test]
fn groups_combine_and_star_is_the_fallback() {
    let body = "User-agent: FooBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n\nUser-agent: foobot\nDisallow: /c\n";
    assert!(!allowed(body, "FooBot", "/a"));
    assert!(!allowed(body, "FooBot", "/c"));
    assert!(allowed(body, "FooBot", "/b"));
    assert!(!allowed(body, "BarBot", "/b"));
    assert!(allowed(body, "BarBot", "/a"));
}

#[test]
fn empty_named_group_hides_star_as_in_section_5_1() {
    let body = "User-agent: *\nDisallow: /\n\nUser-agent: quxbot\n";
    assert!(allowed(body, "quxbot", "/anything"));
}

#[test]
fn longest_match_wins_and_ties_allow() {
    let body =
        "User-agent: *\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\nAllow: /same\nDisallow: /same\n";
    assert!(allowed(body, "FooBot", "/example/page/"));
    assert!(!allowed(body, "FooBot", "/example/page/disallowed.gif"));
    assert!(allowed(body, "FooBot", "/same"));
}

#[test]
fn matching_is_case_sensitive() {
    assert!(allowed("User-agent: *\nDisallow: /Secure\n", "FooBot", "/secure"));
}

#[test]
fn other_records_do_not_end_a_group() {
    // §2.2.4.
    let body = "User-agent: FooBot\nSitemap: https://example.com/s.xml\nCrawl-delay: 5\nDisallow: /x\n";
    assert!(!allowed(body, "FooBot", "/x"));
}

#[test]
fn rules_before_the_first_group_are_ignored() {
    assert!(allowed("Disallow: /\nUser-agent: FooBot\nAllow: /a\n", "FooBot", "/b"));
}

#[test]
fn parse_limit_is_500_kib() {
    // §2.5: at least 500 KiB are parsed; this profile stops there.
    let filler = "# filler\n".repeat(60_000);
    let before = format!("User-agent: *\n{}Disallow: /late\n", &filler[..500_000 - 14]);
    assert!(before.len() < 512_000);
    assert!(!allowed(&before, "FooBot", "/late"));
    let after = format!("User-agent: *\n{filler}Disallow: /late\n");
    assert!(after.len() > 512_000);
    assert!(allowed(&after, "FooBot", "/late"));
    assert!(
        !Robots::parse(after.as_bytes(), Profile::GOOGLE)
            .check("FooBot", "/late")
            .allowed
    );
}

#[test]
fn a_raised_size_limit_parses_further_and_a_lower_one_is_refused() {
    let filler = "# filler\n".repeat(60_000);
    let body = format!("User-agent: *\n{filler}Disallow: /late\n");
    let raised = Profile::RFC9309.with_size_limit(1_000_000);
    assert!(!Robots::parse(body.as_bytes(), raised).check("FooBot", "/late").allowed);
    assert_eq!(Profile::RFC9309.with_size_limit(10).size_limit(), Some(512_000));
}

#[test]
fn only_a_complete_bom_is_skipped() {
    let full = b"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n";
    assert!(!Robots::parse(full, Profile::RFC9309).check("FooBot", "/x").allowed);
    let partial = b"\xEF\xBBUser-agent: *\nDisallow: /\n";
    assert!(Robots::parse(partial, Profile::RFC9309).check("FooBot", "/x").allowed);
}
