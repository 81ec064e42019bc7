//! The `rfc` profile against RFC 9309, clause by clause. Expected verdicts
//! come from the RFC's text (cited per test), not from running the matcher;
//! where the text leaves a point open, from the choice rep-rfc documents for
//! it in `cases/readings.yaml` (the reading is named in the test).

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
fn wildcards_reach_colon_and_slash_in_the_query_in_either_spelling() {
    // §2.2.3: `*` stands for any run of characters. §2.2.2's table compares a
    // query's `:` and `/` encoded, so a URL that spells them raw and one that
    // spells them encoded are the same URL, and a rule that reaches into the
    // query through a wildcard must match both (reading `query-delimiters`).
    let rules_and_urls = [
        (
            "/*url=http://",
            ["/go?url=http://evil.example/", "/go?url=http%3A%2F%2Fevil.example%2F"],
        ),
        (
            "/*url=http%3A%2F%2F",
            ["/go?url=http://evil.example/", "/go?url=http%3a%2f%2fevil.example%2f"],
        ),
        ("/*/edit", ["/page?next=/edit", "/page?next=%2Fedit"]),
        (
            "/*mailto:",
            ["/contact?to=mailto:someone", "/contact?to=mailto%3Asomeone"],
        ),
        ("/*@", ["/contact?to=someone@example.org", "/@someone"]),
    ];
    for (rule, urls) in rules_and_urls {
        let body = format!("User-agent: *\nDisallow: {rule}\n");
        for url in urls {
            assert!(!allowed(&body, "FooBot", url), "{rule} should match {url}");
            assert!(
                !allowed(&body, "FooBot", &format!("https://example.com{url}")),
                "{rule} should match the absolute {url}"
            );
        }
    }
}

#[test]
fn a_wildcard_does_not_make_an_encoded_slash_in_the_path_a_separator() {
    // §2.2.2: in the path `%2F` is an encoded reserved character, not `/`.
    let body = "User-agent: *\nDisallow: /*/edit\n";
    assert!(allowed(body, "FooBot", "/page%2Fedit"));
    assert!(!allowed(body, "FooBot", "/page/edit"));
    let encoded = "User-agent: *\nDisallow: /*%2Fedit\n";
    assert!(!allowed(encoded, "FooBot", "/page%2Fedit"));
    assert!(allowed(encoded, "FooBot", "/page/edit"));
}

#[test]
fn equivalent_spellings_of_a_query_rule_are_equally_long() {
    // Both rules are `/p?u=https%3A%2F%2F` once normalised (§2.2.2), so they
    // tie and the allow wins (§2.2.2's SHOULD), whichever spelling the URL uses.
    let body = "User-agent: *\nDisallow: /p?u=https%3A%2F%2F\nAllow: /p?u=https://\n";
    assert!(allowed(body, "FooBot", "/p?u=https://example.org/"));
    assert!(allowed(body, "FooBot", "/p?u=https%3A%2F%2Fexample.org%2F"));
}

#[test]
fn other_reserved_characters_in_the_query_compare_as_written() {
    // The reading `reserved-characters-as-written` (cases/readings.yaml): only `:`
    // and `/` are given an encoded form by §2.2.2's table.
    let body = "User-agent: *\nDisallow: /*@\nDisallow: /s?q=a?b\n";
    assert!(allowed(body, "FooBot", "/contact?to=someone%40example.org"));
    assert!(!allowed(body, "FooBot", "/s?q=a?b"));
    assert!(allowed(body, "FooBot", "/s?q=a%3Fb"));
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
    // longer keys count (reading `strict-keys`).
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
    // §2.2.1: a group line names a product token or `*` (reading
    // `user-agent-value-is-a-whole-token`).
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
    // §2.5: at least 500 KiB are parsed; this profile stops there (reading
    // `parse-limit-past-the-floor`: past the floor the RFC leaves it open).
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
    // Reading `byte-order-mark`: a UTF-8 reader skips the signature, and a
    // partial one is an unfinished character.
    let full = b"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n";
    assert!(!Robots::parse(full, Profile::RFC9309).check("FooBot", "/x").allowed);
    let partial = b"\xEF\xBBUser-agent: *\nDisallow: /\n";
    assert!(Robots::parse(partial, Profile::RFC9309).check("FooBot", "/x").allowed);
}
