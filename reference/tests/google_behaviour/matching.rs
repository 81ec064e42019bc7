//! How a rule matches a URL and which rule wins: URL reduction, escaping,
//! `*` and `$`, priorities, ties, empty rules and the `index.html` rule
//! (`GetPathParamsQuery`, `MaybeEscapePattern`, `Matches`, `HandleAllow` and
//! `Match::HigherPriorityMatch` in robots.cc).

use crate::{expect, Allowed, Disallowed};

#[test]
fn url_is_reduced_to_path_params_and_query() {
    let body = "User-agent: *\nDisallow: /$\nDisallow: /a$\nDisallow: /?q\nDisallow: /;p\n";
    // No path at all becomes `/`; the fragment is dropped.
    expect(body, "FooBot", "", Disallowed(2));
    expect(body, "FooBot", "/a#fragment", Disallowed(3));
    // A query or params right after the authority get a `/` in front.
    expect(body, "FooBot", "?q", Disallowed(4));
    expect(body, "FooBot", ";p", Disallowed(5));
}

#[test]
fn robots_txt_is_not_special() {
    expect("User-agent: *\nDisallow: /\n", "FooBot", "/robots.txt", Disallowed(2));
}

#[test]
fn percent_escapes_are_never_decoded() {
    let body = "User-agent: *\nDisallow: /%62\n";
    expect(body, "FooBot", "/b", Allowed(0));
    expect(body, "FooBot", "/%62", Disallowed(2));
    expect("User-agent: *\nDisallow: /b\n", "FooBot", "/%62", Allowed(0));
}

#[test]
fn pattern_hex_digits_are_uppercased_but_the_url_is_not() {
    let body = "User-agent: *\nDisallow: /a%2fb\n";
    expect(body, "FooBot", "/a%2Fb", Disallowed(2));
    expect(body, "FooBot", "/a%2fb", Allowed(0));
}

#[test]
fn raw_utf8_url_never_matches_a_pattern_with_the_same_characters() {
    let body = "User-agent: *\nDisallow: /café\n";
    expect(body, "FooBot", "/café", Allowed(0));
    expect(body, "FooBot", "/caf%C3%A9", Disallowed(2));
    expect(body, "FooBot", "/caf%c3%a9", Allowed(0));
}

#[test]
fn dollar_is_an_anchor_only_at_the_end() {
    let body = "User-agent: *\nDisallow: /a$b\nDisallow: /c$\n";
    expect(body, "FooBot", "/a$b", Disallowed(2));
    expect(body, "FooBot", "/ab", Allowed(0));
    expect(body, "FooBot", "/c", Disallowed(3));
    expect(body, "FooBot", "/cd", Allowed(0));
    expect(body, "FooBot", "/c$", Allowed(0));
}

#[test]
fn star_matches_any_run_and_patterns_are_prefixes() {
    let body = "User-agent: *\nDisallow: /a*c\n";
    for path in ["/ac", "/abbbc", "/acx", "/a/b/c?d"] {
        expect(body, "FooBot", path, Disallowed(2));
    }
    expect(body, "FooBot", "/ab", Allowed(0));
}

#[test]
fn matching_is_case_sensitive() {
    expect("User-agent: *\nDisallow: /Private\n", "FooBot", "/private", Allowed(0));
}

#[test]
fn star_counts_one_towards_priority() {
    // `/*b` and `/ab` are both 3 bytes long: a tie, which allow wins.
    expect(
        "User-agent: *\nAllow: /ab\nDisallow: /*b\n",
        "FooBot",
        "/ab",
        Allowed(2),
    );
    // `/**b` is 4 bytes although its stars match nothing more.
    expect(
        "User-agent: *\nAllow: /ab\nDisallow: /**b\n",
        "FooBot",
        "/ab",
        Disallowed(3),
    );
    // The length of the matched text plays no part: `/a*` (3) loses to `/abcdef` (7).
    expect(
        "User-agent: *\nAllow: /a*\nDisallow: /abcdef\n",
        "FooBot",
        "/abcdef",
        Disallowed(3),
    );
}

#[test]
fn non_ascii_byte_counts_three_towards_priority() {
    // `/é` is escaped to `/%C3%A9`: priority 7, not the raw 3 bytes.
    let path = "/%C3%A9";
    expect(
        "User-agent: *\nAllow: /é\nDisallow: /%C3%A9\n",
        "FooBot",
        path,
        Allowed(2),
    );
    expect(
        "User-agent: *\nAllow: /é\nDisallow: /%C3%A9*\n",
        "FooBot",
        path,
        Disallowed(3),
    );
}

#[test]
fn longest_match_wins_regardless_of_order() {
    let body = "User-agent: *\nDisallow: /shop/cart\nAllow: /shop\n";
    expect(body, "FooBot", "/shop/cart/1", Disallowed(2));
    expect(body, "FooBot", "/shop/list", Allowed(3));
}

#[test]
fn tie_goes_to_allow() {
    expect("User-agent: *\nDisallow: /a\nAllow: /a\n", "FooBot", "/a", Allowed(3));
    expect("User-agent: *\nAllow: /a\nDisallow: /a\n", "FooBot", "/a", Allowed(2));
}

#[test]
fn equal_priority_keeps_the_first_line() {
    expect(
        "User-agent: *\nDisallow: /ab\nDisallow: /a*\n",
        "FooBot",
        "/ab",
        Disallowed(2),
    );
}

#[test]
fn empty_disallow_allows_and_is_the_matching_line() {
    expect("User-agent: *\nDisallow:\n", "FooBot", "/x", Allowed(2));
    expect("User-agent: FooBot\nDisallow:\n", "FooBot", "/x", Allowed(2));
    // Priority 0 never beats a real match.
    expect(
        "User-agent: *\nDisallow:\nDisallow: /x\n",
        "FooBot",
        "/x",
        Disallowed(3),
    );
}

#[test]
fn empty_allow_changes_nothing() {
    expect("User-agent: *\nDisallow: /\nAllow:\n", "FooBot", "/x", Disallowed(2));
    expect("User-agent: *\nAllow:\n", "FooBot", "/x", Allowed(2));
    // Both empty: a tie at priority 0, reported as the allow line.
    expect("User-agent: *\nDisallow:\nAllow:\n", "FooBot", "/x", Allowed(3));
}

const INDEX_BODY_HEAD: &str = "User-agent: *\nDisallow: /a/\n";

#[test]
fn allow_index_html_also_allows_its_directory() {
    let body = format!("{INDEX_BODY_HEAD}Allow: /a/index.html\n");
    expect(&body, "FooBot", "/a/", Allowed(3));
    expect(&body, "FooBot", "/a/index.html", Allowed(3));
    // The directory is anchored with `$`: nothing below it or after it.
    expect(&body, "FooBot", "/a/other", Disallowed(2));
    expect(&body, "FooBot", "/a/?q", Disallowed(2));
    // At the top level the rewritten rule is `/$`.
    let body = "User-agent: *\nDisallow: /\nAllow: /index.html\n";
    expect(body, "FooBot", "/", Allowed(3));
    expect(body, "FooBot", "/x", Disallowed(2));
}

#[test]
fn index_rule_covers_every_segment_starting_with_index_htm() {
    for file in ["index.htm", "index.html5", "index.html?x=1", "index.htmfoo"] {
        let body = format!("{INDEX_BODY_HEAD}Allow: /a/{file}\n");
        expect(&body, "FooBot", "/a/", Allowed(3));
    }
}

#[test]
fn index_rule_needs_a_last_segment_starting_with_index_htm() {
    for file in ["Index.html", "index.ht", "myindex.html", "index.html/x", "default.html"] {
        let body = format!("{INDEX_BODY_HEAD}Allow: /a/{file}\n");
        expect(&body, "FooBot", "/a/", Disallowed(2));
    }
}

#[test]
fn index_rule_is_for_allow_only() {
    expect("User-agent: *\nDisallow: /a/index.html\n", "FooBot", "/a/", Allowed(0));
}

#[test]
fn index_rule_priority_is_the_rewritten_pattern_length() {
    // `/a/$` is 4 bytes: it ties with `/a/*` (allow wins) and loses to `/a/**`.
    let path = "/a/";
    expect(
        "User-agent: *\nDisallow: /a/*\nAllow: /a/index.html\n",
        "FooBot",
        path,
        Allowed(3),
    );
    expect(
        "User-agent: *\nDisallow: /a/**\nAllow: /a/index.html\n",
        "FooBot",
        path,
        Disallowed(2),
    );
}

#[test]
fn nul_byte_in_the_url_ends_the_path() {
    // The path reaches the matcher as a C string (`path.c_str()`), so
    // everything after a NUL is invisible to the rules.
    expect("User-agent: *\nDisallow: /a$\n", "FooBot", b"/a\0b", Disallowed(2));
    expect("User-agent: *\nDisallow: /*b\n", "FooBot", b"/a\0b", Allowed(0));
}
