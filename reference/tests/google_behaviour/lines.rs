//! How Google cuts the body into lines: BOM, line ends, the 16,663-byte cut,
//! comments, NUL bytes, invalid UTF-8, empty and very large bodies
//! (`RobotsTxtParser::Parse` and `GetKeyAndValueFrom` in robots.cc).

use crate::{expect, expect_named, Allowed, Disallowed};

const RULE_AFTER_PREFIX: &[u8] = b"User-agent: FooBot\nDisallow: /x\n";

fn with_prefix(prefix: &[u8]) -> Vec<u8> {
    [prefix, RULE_AFTER_PREFIX].concat()
}

#[test]
fn full_utf8_bom_is_skipped() {
    // Without the skip the first key would be "\u{feff}User-agent", an unknown key.
    expect(with_prefix(b"\xEF\xBB\xBF"), "FooBot", "/x", Disallowed(2));
    expect_named(with_prefix(b"\xEF\xBB\xBF"), "FooBot", true);
}

#[test]
fn each_partial_bom_prefix_is_skipped() {
    // Parse() skips a byte while it equals the next byte of EF BB BF.
    expect(with_prefix(b"\xEF"), "FooBot", "/x", Disallowed(2));
    expect(with_prefix(b"\xEF\xBB"), "FooBot", "/x", Disallowed(2));
}

#[test]
fn bytes_that_break_the_bom_sequence_are_kept() {
    // The first non-matching byte ends the skipping and stays in the line,
    // spoiling the user-agent key: the rule then precedes any group.
    for prefix in [&b"\xBB\xBF"[..], b"\xEF\xBF", b"\xEF\xBB\xBF\xEF\xBB\xBF"] {
        expect(with_prefix(prefix), "FooBot", "/x", Allowed(0));
        expect_named(with_prefix(prefix), "FooBot", false);
    }
}

#[test]
fn bom_is_only_skipped_at_the_very_start() {
    expect(
        b"User-agent: FooBot\n\xEF\xBB\xBFDisallow: /x\n",
        "FooBot",
        "/x",
        Allowed(0),
    );
}

#[test]
fn lone_cr_ends_a_line() {
    let body = b"User-agent: *\rDisallow: /a\rDisallow: /b";
    expect(body, "FooBot", "/a", Disallowed(2));
    expect(body, "FooBot", "/b", Disallowed(3));
}

#[test]
fn crlf_is_one_line_end() {
    let body = b"User-agent: *\r\nDisallow: /a\r\nDisallow: /b\r\n";
    expect(body, "FooBot", "/a", Disallowed(2));
    expect(body, "FooBot", "/b", Disallowed(3));
}

#[test]
fn mixed_line_ends_are_numbered_one_by_one() {
    // CRLF = 1 end; "\r" then "\r\n" = 2 ends (an empty line 2); "\n" then
    // "\r\n" = 2 ends (an empty line 4).
    let body = b"User-agent: *\r\n\rDisallow: /a\n\r\nDisallow: /b";
    expect(body, "FooBot", "/a", Disallowed(3));
    expect(body, "FooBot", "/b", Disallowed(5));
}

#[test]
fn lf_then_cr_is_two_line_ends() {
    // Only an LF right after a CR is swallowed, not a CR after an LF.
    expect(b"User-agent: *\n\rDisallow: /b", "FooBot", "/b", Disallowed(3));
    expect(b"User-agent: *\r\r\nDisallow: /b", "FooBot", "/b", Disallowed(3));
}

/// Line 2 of a body: `Disallow: /` + `a` × `count` + `tail`.
fn long_rule_body(count: usize, tail: &str) -> String {
    format!(
        "User-agent: *\nDisallow: /{}{tail}\nDisallow: /next\n",
        "a".repeat(count)
    )
}

/// The line buffer holds 2083 × 8 bytes including its terminator, so a line
/// keeps its first 16,663 bytes; `Disallow: /` is 11 of them.
const LINE_LIMIT: usize = 16_663;
const PREFIX_LEN: usize = "Disallow: /".len();

#[test]
fn anchor_as_last_kept_byte_still_counts() {
    // 11 + 16,651 + 1 = 16,663 bytes: the whole line, `$` included, is kept.
    let count = LINE_LIMIT - PREFIX_LEN - 1;
    let body = long_rule_body(count, "$");
    let path = format!("/{}", "a".repeat(count));
    expect(&body, "FooBot", &path, Disallowed(2));
    expect(&body, "FooBot", format!("{path}b"), Allowed(0));
}

#[test]
fn anchor_one_byte_past_the_cut_is_dropped() {
    // 16,664 bytes: the `$` falls off, leaving a plain prefix rule.
    let count = LINE_LIMIT - PREFIX_LEN;
    let body = long_rule_body(count, "$");
    let path = format!("/{}", "a".repeat(count));
    expect(&body, "FooBot", format!("{path}b"), Disallowed(2));
}

#[test]
fn cut_line_keeps_its_start_and_drops_the_rest() {
    // The kept pattern is `/` + 16,652 `a`s: a path with one `a` fewer does
    // not match it, the dropped tail is not read as another rule, and the
    // next line keeps its number.
    let kept = LINE_LIMIT - PREFIX_LEN;
    let body = long_rule_body(kept + 5000, "\tDisallow: /z");
    expect(&body, "FooBot", format!("/{}", "a".repeat(kept)), Disallowed(2));
    expect(&body, "FooBot", format!("/{}z", "a".repeat(kept - 1)), Allowed(0));
    expect(&body, "FooBot", "/z", Allowed(0));
    expect(&body, "FooBot", "/next", Disallowed(3));
}

#[test]
fn comment_runs_from_the_first_hash() {
    let body = "User-agent: FooBot # the only group\nDisallow: /a#b\n# Disallow: /\nDisallow: /c # /d\n";
    expect(body, "FooBot", "/a", Disallowed(2));
    expect(body, "FooBot", "/d", Allowed(0));
    expect(body, "FooBot", "/c", Disallowed(4));
}

#[test]
fn nul_byte_in_the_body_ends_the_line_content() {
    // The line buffer is handled as a C string: strchr/strlen stop at NUL, so
    // the rest of that line is lost, but NUL is not a line end.
    let body = b"User-agent: *\nDisallow: /a\0Disallow: /b\nDisallow: /c\n";
    expect(body, "FooBot", "/ax", Disallowed(2));
    expect(body, "FooBot", "/b", Allowed(0));
    expect(body, "FooBot", "/c", Disallowed(3));
}

#[test]
fn nul_byte_at_line_start_empties_the_line() {
    expect(b"User-agent: *\n\0Disallow: /\n", "FooBot", "/x", Allowed(0));
}

#[test]
fn nul_byte_in_user_agent_value_cuts_the_token() {
    let body = b"User-agent: Foo\0Bot\nDisallow: /\n";
    expect(body, "Foo", "/x", Disallowed(2));
    expect(body, "FooBot", "/x", Allowed(0));
    expect_named(body, "FooBot", false);
}

#[test]
fn invalid_utf8_in_a_pattern_is_percent_escaped() {
    // MaybeEscapePattern turns every byte >= 0x80 into uppercase %XX.
    let body = b"User-agent: *\nDisallow: /\xFF\xFE\n";
    expect(body, "FooBot", "/%FF%FE", Disallowed(2));
    expect(body, "FooBot", b"/\xFF\xFE", Allowed(0));
    expect(body, "FooBot", "/%ff%fe", Allowed(0));
}

#[test]
fn invalid_utf8_in_user_agent_value_ends_the_token() {
    let body = b"User-agent: Foo\xFFBar\nDisallow: /\n";
    expect(body, "Foo", "/x", Disallowed(2));
    expect(body, "FooBar", "/x", Allowed(0));
}

#[test]
fn empty_body_allows_everything() {
    expect(b"", "FooBot", "/x", Allowed(0));
    expect_named(b"", "FooBot", false);
    expect(b"\xEF\xBB\xBF", "FooBot", "/x", Allowed(0));
}

#[test]
fn two_megabyte_body_is_parsed_to_the_end() {
    // No size limit in the library: the deciding rule sits past 2 MB.
    const FILLER_LINES: usize = 140_000;
    let filler = "Allow: /filler\n".repeat(FILLER_LINES);
    let body = format!("User-agent: FooBot\n{filler}Disallow: /target\n");
    assert!(body.len() > 2_000_000);
    let target_line = u32::try_from(FILLER_LINES + 2).unwrap();
    expect(&body, "FooBot", "/target", Disallowed(target_line));
    // Equal priorities never replace the first matching line.
    expect(&body, "FooBot", "/filler", Allowed(2));
}
