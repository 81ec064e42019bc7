//! `run`'s reports of a check whose body, agent, URL, implementation name
//! and error are made to hijack a page or a terminal, read back: the
//! Markdown by a CommonMark parser (no HTML, no link, the body's fence
//! inside its block), the table byte by byte.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use rep_core::case::{Case, Expect, ProfileId};
use rep_core::format::{render, Format};
use rep_core::implementation::ImplError;
use rep_core::runner::{ImplInfo, Matrix, Row};

const BODY: &[u8] =
    b"User-agent: *\n```\n<img src=x onerror=alert(1)>\n[click](https://evil.example/)\n````\nDisallow: /\x1b[2K\r\n";
const ERROR: &str =
    "ValueError: \x1b[2K\rallowed\n<img src=x onerror=alert(1)> | cell | ``` [click](https://evil.example/) \x07\x7f\u{9b}";

fn hostile_case() -> Case {
    let mut case = Case::sample(Expect::Disallowed, Expect::Disallowed);
    case.body = BODY.to_vec();
    case.why = "Why <b>bold</b> [l](https://evil.example/)".into();
    case.checks[0].agents = vec!["Foo\r\x1b[2Kallowed`".into()];
    case.checks[0].url = "https://example.com/a|`x`<b>\x07".into();
    case
}

fn matrix(case: &Case) -> Matrix<'_> {
    Matrix {
        impls: vec![ImplInfo {
            name: "hostile<b>|*x*".into(),
            claims: ProfileId::Rfc,
        }],
        rows: vec![Row {
            case,
            index: 0,
            answers: vec![Err(ImplError::Failed(ERROR.into()))],
        }],
        elapsed: std::time::Duration::ZERO,
    }
}

#[test]
fn run_markdown_reads_back_without_html_links_or_an_early_close() {
    let case = hostile_case();
    let markdown = render(&matrix(&case), Format::Markdown);
    let events: Vec<Event<'_>> =
        Parser::new_ext(&markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH).collect();
    for event in &events {
        assert!(
            !matches!(
                event,
                Event::Html(_)
                    | Event::InlineHtml(_)
                    | Event::Start(Tag::Link { .. } | Tag::Image { .. } | Tag::HtmlBlock)
            ),
            "{event:?} in:\n{markdown}"
        );
    }
    // The body is one code block, its own fences inside.
    let start = events
        .iter()
        .position(|event| matches!(event, Event::Start(Tag::CodeBlock(_))))
        .unwrap_or_else(|| panic!("no code block:\n{markdown}"));
    let end = events[start..]
        .iter()
        .position(|event| matches!(event, Event::End(TagEnd::CodeBlock)))
        .expect("the block ends")
        + start;
    let block: String = events[start..end]
        .iter()
        .filter_map(|event| match event {
            Event::Text(text) => Some(text.as_ref()),
            _ => None,
        })
        .collect();
    for line in [
        "| ```",
        "| <img src=x onerror=alert(1)>",
        "| [click](https://evil.example/)",
        "| ````",
    ] {
        assert!(block.contains(line), "{line:?} not in the block {block:?}");
    }
    // The error reads as the text it is, on the implementation's line.
    let shown: String = events
        .iter()
        .filter_map(|event| match event {
            Event::Text(text) | Event::Code(text) => Some(text.as_ref()),
            _ => None,
        })
        .collect();
    assert!(
        shown.contains(
            "hostile<b>|*x* (claims rfc): error: ValueError: \\x1B[2K\\rallowed\\n<img src=x onerror=alert(1)> | cell | ``` [click](https://evil.example/) \\x07\\x7F\\x9B"
        ),
        "{shown}"
    );
    assert!(shown.contains("Foo\\r\\x1B[2Kallowed`"), "{shown}");
    assert!(shown.contains("https://example.com/a|`x`<b>\\x07"), "{shown}");
    assert!(!markdown.chars().any(|c| c.is_control() && c != '\n'), "{markdown}");
}

#[test]
fn run_table_carries_no_control_character() {
    let case = hostile_case();
    let table = render(&matrix(&case), Format::Table);
    assert!(
        !table.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in:\n{table}"
    );
    assert!(table.contains("  agent: Foo\\r\\x1B[2Kallowed`\n"), "{table}");
    assert!(!table.lines().any(|line| line.trim() == "allowed"), "{table}");
}
