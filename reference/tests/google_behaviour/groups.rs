//! Which groups apply to an agent: product tokens, the global group, exact
//! token equality, groups that combine, several agents at once
//! (`RobotsMatcher::HandleUserAgent`, `ExtractUserAgent`, `disallow()` and
//! `matching_line()` in robots.cc).

use crate::{expect, expect_agents, expect_named, Allowed, Disallowed};

#[test]
fn product_token_is_extracted_from_the_group_line() {
    // The token is the leading run of [A-Za-z_-].
    let body = "User-agent: FooBot/1.0\nDisallow: /x\n";
    expect(body, "FooBot", "/x", Disallowed(2));
    expect_named(body, "FooBot", true);
    let body = "User-agent: Foo Bar\nDisallow: /x\n";
    expect(body, "Foo", "/x", Disallowed(2));
    expect(body, "Bar", "/x", Allowed(0));
    // A digit ends the token too, so an agent spelled with a digit never matches.
    let body = "User-agent: Foo2Bot\nDisallow: /x\n";
    expect(body, "Foo2Bot", "/x", Allowed(0));
    expect(body, "Foo", "/x", Disallowed(2));
}

#[test]
fn callers_agent_is_compared_as_given() {
    let body = "User-agent: FooBot\nDisallow: /x\n";
    expect(body, "FooBot/1.0", "/x", Allowed(0));
    expect_named(body, "FooBot/1.0", false);
}

#[test]
fn token_comparison_ignores_case() {
    expect("User-agent: foobot\nDisallow: /x\n", "FOOBOT", "/x", Disallowed(2));
}

#[test]
fn star_followed_by_whitespace_and_anything_is_global() {
    for line in [
        "User-agent: * FooBot",
        "User-agent: *\tanything at all",
        "User-agent: *",
    ] {
        let body = format!("{line}\nDisallow: /x\n");
        expect(&body, "BarBot", "/x", Disallowed(2));
        expect_named(&body, "BarBot", false);
    }
}

#[test]
fn star_glued_to_a_word_matches_no_one() {
    // `*foo` is not global, and its extracted token is empty.
    let body = "User-agent: *foo\nDisallow: /x\n";
    for agent in ["FooBot", "foo", "*foo"] {
        expect(body, agent, "/x", Allowed(0));
        expect_named(body, agent, false);
    }
}

#[test]
fn googlebot_group_does_not_apply_to_googlebot_image() {
    let body = "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /all\n";
    expect(body, "Googlebot-Image", "/g", Allowed(0));
    expect(body, "Googlebot-Image", "/all", Disallowed(5));
    expect_named(body, "Googlebot-Image", false);
    expect(body, "Googlebot", "/g", Disallowed(2));
}

#[test]
fn googlebot_image_group_does_not_apply_to_googlebot() {
    let body = "User-agent: Googlebot-Image\nDisallow: /i\n\nUser-agent: *\nDisallow: /all\n";
    expect(body, "Googlebot", "/i", Allowed(0));
    expect(body, "Googlebot", "/all", Disallowed(5));
    expect_named(body, "Googlebot", false);
    expect(body, "Googlebot-Image", "/i", Disallowed(2));
}

#[test]
fn named_group_without_rules_hides_the_global_group() {
    // The named group must be last: a rule-less user-agent line followed by
    // another user-agent line would share that line's rules instead.
    let body = "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\n";
    expect(body, "FooBot", "/x", Allowed(0));
    expect_named(body, "FooBot", true);
    expect(body, "BarBot", "/x", Disallowed(2));
}

#[test]
fn named_group_with_only_an_empty_rule_hides_the_global_group() {
    // The empty Disallow matches with priority 0: it decides nothing but is
    // still reported as the matching line.
    let body = "User-agent: FooBot\nDisallow:\n\nUser-agent: *\nDisallow: /\n";
    expect(body, "FooBot", "/x", Allowed(2));
    expect_named(body, "FooBot", true);
    expect(body, "BarBot", "/x", Disallowed(5));
}

#[test]
fn blank_lines_do_not_separate_user_agent_lines() {
    // No rule came between the two user-agent lines, so FooBot shares the
    // `*` group's rules (they are recorded as FooBot's own).
    let body = "User-agent: FooBot\n\nUser-agent: *\nDisallow: /private\n";
    expect(body, "FooBot", "/private", Disallowed(4));
    expect_named(body, "FooBot", true);
}

#[test]
fn consecutive_user_agent_lines_share_rules() {
    let body = "User-agent: BarBot\nUser-agent: FooBot\nDisallow: /x\n";
    expect(body, "FooBot", "/x", Disallowed(3));
    expect(body, "BarBot", "/x", Disallowed(3));
}

#[test]
fn groups_for_the_same_agent_combine() {
    let body =
        "User-agent: FooBot\nDisallow: /a\n\nUser-agent: BarBot\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /b\n";
    expect(body, "FooBot", "/a", Disallowed(2));
    expect(body, "FooBot", "/b", Disallowed(8));
    expect(body, "FooBot", "/c", Allowed(0));
}

#[test]
fn global_groups_combine() {
    let body = "User-agent: *\nDisallow: /a\n\nUser-agent: BarBot\nDisallow: /\n\nUser-agent: *\nDisallow: /b\n";
    expect(body, "FooBot", "/a", Disallowed(2));
    expect(body, "FooBot", "/b", Disallowed(8));
    expect(body, "FooBot", "/c", Allowed(0));
}

#[test]
fn several_agents_combine_their_groups() {
    let body = "User-agent: FooBot\nDisallow: /a\n\nUser-agent: BarBot\nAllow: /a/b\nDisallow: /c\n";
    let agents = ["FooBot", "BarBot"];
    expect_agents(body, &agents, "/a/b", Allowed(5));
    expect_agents(body, &agents, "/a/x", Disallowed(2));
    expect_agents(body, &agents, "/c", Disallowed(6));
}

#[test]
fn several_agents_are_not_a_fallback_chain() {
    // Only BarBot has a group; it is a specific group for the pair, so `*` is ignored.
    let body = "User-agent: BarBot\nDisallow: /b\n\nUser-agent: *\nDisallow: /\n";
    expect_agents(body, &["FooBot", "BarBot"], "/x", Allowed(0));
    expect_agents(body, &["FooBot", "BarBot"], "/b", Disallowed(2));
    expect_agents(body, &["FooBot", "BazBot"], "/x", Disallowed(5));
}

#[test]
fn specific_group_decides_even_when_global_rule_is_longer() {
    let body = "User-agent: *\nDisallow: /private/deep\n\nUser-agent: FooBot\nAllow: /p\n";
    expect(body, "FooBot", "/private/deep", Allowed(5));
    expect(body, "BarBot", "/private/deep", Disallowed(2));
}

#[test]
fn empty_agent_matches_groups_whose_token_is_empty() {
    // The group's extracted token and the caller's agent are both empty, and
    // equal: the one caller for whom `*foo` is a named group.
    let body = "User-agent: *foo\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n";
    expect(body, "", "/x", Disallowed(2));
    expect(body, "", "/y", Allowed(0));
    expect_named(body, "", true);
}
