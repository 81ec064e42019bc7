//! Tests of `escape`: each function against the convention it documents,
//! and, for many random strings made of the pieces that break Markdown and
//! terminals, the Markdown it writes read back by a CommonMark parser.

use super::*;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use rep_generate::SplitMix64;

/// Pieces that end code blocks and spans, open markup, HTML or links, or act
/// on a terminal.
const PIECES: &[&str] = &[
    "`",
    "``",
    "```",
    "````",
    "~~~",
    "\n",
    "\n```\n",
    "\n    ```",
    "\r",
    "\t",
    "\x1b[2K",
    "\x07",
    "\x00",
    "\x7f",
    "\u{9b}",
    "\u{202e}",
    "\u{2066}",
    "<a href=\"https://evil.example/\">x</a>",
    "<script>alert(1)</script>",
    "<https://evil.example/>",
    "&amp;",
    "&",
    "&#96;",
    "|",
    "\\",
    "\\|",
    "*",
    "**",
    "_",
    "__",
    "[l](https://evil.example/)",
    "![i](x.png)",
    "]",
    "(",
    ")",
    "#",
    "# ",
    "- ",
    "+ ",
    "1. ",
    "2) ",
    "> ",
    "=",
    "===",
    "$x$",
    "~",
    ":",
    "a",
    "word",
    "b_c",
    " ",
    "  ",
    "é",
    "ৄ",
    "allowed",
];

/// `count` reproducible random strings of up to 12 pieces.
fn hostile_strings(seed: u64, count: u64) -> Vec<String> {
    (0..count)
        .map(|index| {
            let mut random = SplitMix64::for_item(seed, index);
            let pieces = random.next_u64() % 13;
            (0..pieces)
                .map(|_| PIECES[(random.next_u64() % PIECES.len() as u64) as usize])
                .collect()
        })
        .collect()
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS | Options::ENABLE_MATH
}

/// Whether an event is markup that text from outside must never make.
fn is_markup(event: &Event<'_>) -> bool {
    match event {
        Event::Html(_) | Event::InlineHtml(_) | Event::InlineMath(_) | Event::DisplayMath(_) => true,
        Event::Start(tag) => matches!(
            tag,
            Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Link { .. }
                | Tag::Image { .. }
                | Tag::Heading { .. }
                | Tag::List(_)
                | Tag::BlockQuote(_)
                | Tag::HtmlBlock
        ),
        _ => false,
    }
}

/// The characters a reader sees in `events`: text, code and line breaks.
fn shown(events: &[Event<'_>]) -> String {
    let mut out = String::new();
    for event in events {
        match event {
            Event::Text(text) | Event::Code(text) => out.push_str(text),
            Event::SoftBreak | Event::HardBreak => out.push('\n'),
            _ => {}
        }
    }
    out
}

/// The events of the first cell of the first body row of `markdown`'s table.
fn first_body_cell(markdown: &str) -> Vec<Event<'_>> {
    let events: Vec<Event<'_>> = Parser::new_ext(markdown, options()).collect();
    let body = events
        .iter()
        .position(|event| matches!(event, Event::Start(Tag::TableRow)))
        .expect("a body row");
    let start = body + 2;
    let end = events[start..]
        .iter()
        .position(|event| matches!(event, Event::End(TagEnd::TableCell)))
        .expect("the cell ends")
        + start;
    events[start..end].to_vec()
}

#[test]
fn control_characters_follow_the_site_convention() {
    assert_eq!(control_escape('\t').as_deref(), Some("\\t"));
    assert_eq!(control_escape('\n').as_deref(), Some("\\n"));
    assert_eq!(control_escape('\r').as_deref(), Some("\\r"));
    assert_eq!(control_escape('\x1b').as_deref(), Some("\\x1B"));
    assert_eq!(control_escape('\x7f').as_deref(), Some("\\x7F"));
    assert_eq!(control_escape('\u{9b}').as_deref(), Some("\\x9B"));
    assert_eq!(control_escape('\u{202e}').as_deref(), Some("\\u{202E}"));
    assert_eq!(control_escape('\u{2069}').as_deref(), Some("\\u{2069}"));
    assert_eq!(control_escape('\u{200d}'), None);
    assert_eq!(control_escape('a'), None);
    assert_eq!(control_escape('é'), None);
    assert_eq!(invalid_byte_escape(0xff), "\\xFF");
}

#[test]
fn visible_text_carries_no_control_byte() {
    let hostile = "/a\r\x1b[2Kallowed\x07\x7f\u{85}\u{9b}2K\n\tz";
    let shown = visible(hostile);
    assert_eq!(shown, "/a\\r\\x1B[2Kallowed\\x07\\x7F\\x85\\x9B2K\\n\\tz");
    assert!(matches!(visible("/plain/é"), Cow::Borrowed("/plain/é")));
    assert_eq!(visible_bytes(b"a\xff\xc3\r\xc3\xa9"), "a\\xFF\\xC3\\ré");
    for input in hostile_strings(1, 2000) {
        let shown = visible_bytes(input.as_bytes());
        assert!(
            !shown.chars().any(|c| c.is_control() || is_bidi_control(c)),
            "{input:?} shows a control character: {shown:?}"
        );
    }
}

#[test]
fn text_keeps_ordinary_words_as_they_are() {
    for ordinary in [
        "rep-rfc",
        "robots_txt 0.7.0",
        "WWW::RobotRules 6.02",
        "Python adapter",
        "aawsat.com#12",
        "0.7.0",
        "built-in: Google's C++ parser (reference/)",
    ] {
        assert_eq!(text(ordinary), ordinary);
    }
    assert_eq!(text("a<b>&c"), "a&lt;b&gt;&amp;c");
    assert_eq!(
        text("_x_ *y* `z` [l](u) a|b"),
        "\\_x\\_ \\*y\\* \\`z\\` \\[l\\](u) a\\|b"
    );
    assert_eq!(text("# h"), "\\# h");
    assert_eq!(text("12. x"), "12\\. x");
    assert_eq!(text("line\nbreak"), "line\\\\nbreak");
}

#[test]
fn text_reads_back_as_itself_in_a_sentence_and_in_a_cell() {
    for input in hostile_strings(2, 3000) {
        let expected = visible(&input).trim_matches(' ').to_string();
        let markdown = text(&input);
        assert!(!markdown.contains('\n'), "{input:?} gave a line break: {markdown:?}");

        // At a line start, four blanks would make a code block: the caller
        // drops them there.
        let sentence = format!("- {}\n", text(input.trim_start_matches(' ')));
        let events: Vec<Event<'_>> = Parser::new_ext(&sentence, options()).collect();
        let inside: Vec<Event<'_>> = events
            .iter()
            .skip(1)
            .filter(|event| !matches!(event, Event::Start(Tag::Item) | Event::End(_)))
            .cloned()
            .collect();
        assert!(
            !inside.iter().any(is_markup),
            "{input:?} made markup in a list item: {markdown:?} → {events:?}"
        );
        assert_eq!(
            shown(&inside).trim_matches(' '),
            expected,
            "{input:?} in a list item: {markdown:?}"
        );

        let table = format!("| h |\n|---|\n| {markdown} |\n");
        let cell = first_body_cell(&table);
        assert!(!cell.iter().any(is_markup), "{input:?} made markup in a cell: {cell:?}");
        assert_eq!(shown(&cell), expected, "{input:?} in a cell: {markdown:?}");
    }
}

#[test]
fn code_spans_read_back_as_one_span_of_the_text() {
    assert_eq!(code_span("/a\0b\r\n"), "`/a\\x00b\\r\\n`");
    assert_eq!(code_span("/plain"), "`/plain`");
    assert_eq!(code_span("a`b"), "`` a`b ``");
    assert_eq!(code_span("``"), "``` `` ```");
    assert_eq!(code_span(""), "` `");
    for input in hostile_strings(3, 3000) {
        let expected = visible(&input).to_string();
        let markdown = format!("x {} y\n", code_span(&input));
        let events: Vec<Event<'_>> = Parser::new_ext(&markdown, options()).collect();
        let codes: Vec<&Event<'_>> = events.iter().filter(|e| matches!(e, Event::Code(_))).collect();
        assert_eq!(codes.len(), 1, "{input:?}: {markdown:?} → {events:?}");
        let want = if expected.is_empty() { " " } else { expected.as_str() };
        assert_eq!(codes[0], &Event::Code(want.into()), "{input:?}: {markdown:?}");
        assert!(!events.iter().any(is_markup), "{input:?}: {events:?}");

        let table = format!("| h |\n|---|\n| {} |\n", cell_code_span(&input));
        let cell = first_body_cell(&table);
        assert_eq!(cell, vec![Event::Code(want.into())], "{input:?} in a cell: {table:?}");
    }
}

#[test]
fn a_fence_is_longer_than_any_backtick_run_inside() {
    assert_eq!(fenced("text", "a\n"), "```text\na\n```\n");
    assert_eq!(fenced("text", "```\n<b>"), "````text\n```\n<b>\n````\n");
    assert_eq!(fenced("text", "a\x1b[2K\r\tb\n"), "```text\na\\x1B[2K\\r\tb\n```\n");
    for input in hostile_strings(4, 3000) {
        let markdown = fenced("text", &input);
        let mut expected: String = input
            .chars()
            .map(|c| match control_escape(c) {
                Some(shown) if c != '\n' && c != '\t' => shown,
                _ => c.to_string(),
            })
            .collect();
        if !expected.is_empty() && !expected.ends_with('\n') {
            expected.push('\n');
        }
        let after = format!("{markdown}after\n");
        let events: Vec<Event<'_>> = Parser::new_ext(&after, options()).collect();
        assert!(
            matches!(&events[0], Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if info.as_ref() == "text"),
            "{input:?}: {events:?}"
        );
        let end = events
            .iter()
            .position(|event| matches!(event, Event::End(TagEnd::CodeBlock)))
            .expect("the block ends");
        assert_eq!(shown(&events[1..end]), expected, "{input:?}: {markdown:?}");
        assert_eq!(
            &events[end + 1..],
            &[
                Event::Start(Tag::Paragraph),
                Event::Text("after".into()),
                Event::End(TagEnd::Paragraph)
            ],
            "{input:?}: the block must end at its own fence"
        );
    }
}

#[test]
fn link_paths_keep_the_target_whole() {
    assert_eq!(link_path("rfc9309/2.2.1-user-agent"), "rfc9309/2.2.1-user-agent");
    assert_eq!(link_path("x y)<b>%"), "x%20y%29%3Cb%3E%25");
}

#[test]
fn json_shows_del_and_c1_escaped_and_means_the_same() {
    let value = serde_json::json!({ "url": "/a\u{7f}\u{9b}\u{85}\x1b\té\u{202e}", "n": [1, 2] });
    let pretty = serde_json::to_string_pretty(&value).expect("serialises");
    let shown = json_controls_escaped(&pretty);
    assert!(shown.contains(r#""/a\u007f\u009b\u0085\u001b\té\u202e""#), "{shown}");
    assert!(!shown.chars().any(|c| c.is_control() && c != '\n'), "{shown}");
    let back: serde_json::Value = serde_json::from_str(&shown).expect("still JSON");
    assert_eq!(back, value);
}
