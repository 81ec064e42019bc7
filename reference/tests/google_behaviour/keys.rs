//! Which keys Google recognises: misspellings, prefixes, the missing colon,
//! unknown keys and rules outside any group (`ParsedRobotsKey`,
//! `GetKeyAndValueFrom` and `RobotsMatcher::Handle*` in robots.cc).

use crate::{expect, expect_named, Allowed, Disallowed};

#[test]
fn user_agent_misspellings_are_accepted() {
    for key in ["useragent", "user agent", "USERAGENT", "User Agent"] {
        let body = format!("{key}: FooBot\nDisallow: /x\n");
        expect(&body, "FooBot", "/x", Disallowed(2));
        expect_named(&body, "FooBot", true);
    }
}

#[test]
fn disallow_misspellings_are_accepted() {
    for key in ["dissallow", "dissalow", "disalow", "diasllow", "disallaw", "DISALOW"] {
        expect(
            format!("User-agent: FooBot\n{key}: /x\n"),
            "FooBot",
            "/x",
            Disallowed(2),
        );
    }
}

#[test]
fn allow_has_no_accepted_misspelling() {
    // KeyIsAllow accepts only keys starting with "allow".
    for key in ["alow", "aloww", "allw", "alllow", "llow"] {
        let body = format!("User-agent: FooBot\nDisallow: /\n{key}: /x\n");
        expect(&body, "FooBot", "/x", Disallowed(2));
    }
}

#[test]
fn keys_are_case_insensitive() {
    let body = "USER-AGENT: FooBot\nDISALLOW: /x\naLLoW: /x/y\n";
    expect(body, "FooBot", "/x", Disallowed(2));
    expect(body, "FooBot", "/x/y", Allowed(3));
}

#[test]
fn keys_are_recognised_by_prefix() {
    let body = "User-agents: FooBot\nDisallowed: /x\nAllowance: /x/y\n";
    expect(body, "FooBot", "/x", Disallowed(2));
    expect(body, "FooBot", "/x/y", Allowed(3));
    expect_named(body, "FooBot", true);
}

#[test]
fn key_prefix_applies_to_everything_before_the_first_colon() {
    // The key is "Disallow /x" (it starts with "disallow") and the value is
    // "y", a pattern that can never match a path starting with `/`.
    expect("User-agent: FooBot\nDisallow /x:y\n", "FooBot", "/x", Allowed(0));
}

#[test]
fn missing_colon_between_two_words_is_accepted() {
    let body = "User-agent FooBot\nDisallow /x\nAllow\t/x/y\nDisallow    /z\n";
    expect(body, "FooBot", "/x", Disallowed(2));
    expect(body, "FooBot", "/x/y", Allowed(3));
    expect(body, "FooBot", "/z", Disallowed(4));
    expect_named(body, "FooBot", true);
}

#[test]
fn missing_colon_with_three_words_ignores_the_line() {
    let body = "User-agent: FooBot\nDisallow /x /y\nDisallow: /z\n";
    expect(body, "FooBot", "/x", Allowed(0));
    expect(body, "FooBot", "/z", Disallowed(3));
    // "user agent FooBot" is three words too: no group, so the rule is outside any.
    let body = "user agent FooBot\nDisallow: /x\n";
    expect(body, "FooBot", "/x", Allowed(0));
    expect_named(body, "FooBot", false);
}

#[test]
fn unknown_keys_do_not_end_a_group() {
    // Only an allow/disallow line sets the separator that makes the next
    // user-agent line start a new group.
    for line in [
        "Crawl-delay: 5",
        "Noindex: /y",
        "Sitemap: https://example.com/map.xml",
        "Site-map: /m.xml",
    ] {
        let body = format!("User-agent: FooBot\n{line}\nUser-agent: BarBot\nDisallow: /x\n");
        expect(&body, "FooBot", "/x", Disallowed(4));
    }
}

#[test]
fn a_rule_ends_the_user_agent_run() {
    let body = "User-agent: FooBot\nAllow: /y\nUser-agent: BarBot\nDisallow: /x\n";
    expect(body, "FooBot", "/x", Allowed(0));
    expect(body, "BarBot", "/x", Disallowed(4));
}

#[test]
fn rules_before_the_first_user_agent_are_ignored() {
    let body = "Disallow: /\nAllow: /x\nUser-agent: FooBot\nDisallow: /y\n";
    expect(body, "FooBot", "/z", Allowed(0));
    expect(body, "FooBot", "/y", Disallowed(4));
    expect("Disallow: /\n", "FooBot", "/z", Allowed(0));
}

#[test]
fn whitespace_around_key_colon_and_value_is_stripped() {
    expect(
        " \tUser-agent :\tFooBot \n  Disallow  :  /x  \n",
        "FooBot",
        "/x",
        Disallowed(2),
    );
    expect("User-agent: FooBot\nDisallow: /x y\n", "FooBot", "/x y", Disallowed(2));
}
