//! A parser page made from a difference whose body, agent, URL, origin,
//! error and versions are made to hijack the page, read back by a
//! CommonMark parser and shown by the site: text everywhere, no HTML, no
//! link of theirs, the body's fences inside its block.

use super::*;
use crate::measure::collect::References;
use crate::measure::signature::{Relation, Signature};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use rep_core::diff::Probe;

const BODY: &[u8] =
    b"User-agent: *\n```\n<img src=x onerror=alert(1)>\n[click](https://evil.example/)\n~~~\nDisallow: /`x`\x1b[2K\n";
const ERROR: &str =
    "error: the adapter reported: \x1b[2K\rallowed\n<img src=x onerror=alert(1)> | ``` [click](https://evil.example/)";

fn hostile_difference() -> Difference {
    let minimal = Probe {
        body: BODY.to_vec(),
        agents: vec!["Foo`Bot\r\x1b[2K".into()],
        url: "https://example.com/a|`x`<b>".into(),
    };
    let mut signature = Signature::of(&minimal, Relation::Fails, false);
    signature.failure = Some("boom`` <img src=x>\n[l](https://evil.example/)".into());
    Difference {
        signature,
        counts: BTreeMap::from([(Source::RealWorld, 3)]),
        origin: "evil<b>.example#2".into(),
        original: minimal.clone(),
        minimal,
        parser_says: ERROR.into(),
        references: References::default(),
        expected_because: "disallowed: line 6 `Disallow: /`x`<i>` in the * group is the longest match (5 octets)"
            .into(),
        google_because: None,
        clause: "2.2.2",
        standing: Standing::Failure,
        cause: None,
        merged: 0,
        other_way: 0,
    }
}

fn page_markdown() -> String {
    let info = ParserInfo {
        name: "hostile".into(),
        language: "Python".into(),
        version: "hostile 1.0 <script>alert(1)</script> | *x*".into(),
        about: "a parser made for this test".into(),
        stated: None,
        reproduce: None,
        adapter: "python3 hostile.py".into(),
    };
    let mut collected = Collected::default();
    collected.files.insert("evil|<b>`x`.example".into(), 3);
    let differences = [hostile_difference()];
    ParserPage {
        info: &info,
        collected: &collected,
        differences: &differences,
        rare: 0,
        corpus: "a test corpus",
        references: &BTreeMap::new(),
        google: "google",
        explore_seed: None,
        explored: &[],
    }
    .markdown()
}

#[test]
fn a_hostile_difference_reads_back_as_text() {
    let markdown = page_markdown();
    let events: Vec<Event<'_>> =
        Parser::new_ext(&markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH).collect();
    for event in &events {
        match event {
            Event::Html(_) | Event::InlineHtml(_) | Event::Start(Tag::Image { .. } | Tag::HtmlBlock) => {
                panic!("{event:?} in:\n{markdown}")
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                assert!(!dest_url.contains("evil"), "a link of theirs: {dest_url}\n{markdown}")
            }
            _ => {}
        }
    }
    assert!(!markdown.chars().any(|c| c.is_control() && c != '\n'), "{markdown}");
    // The body, whole, in one block.
    let blocks: Vec<String> = events
        .split(|event| matches!(event, Event::End(TagEnd::CodeBlock)))
        .filter_map(|part| {
            let start = part
                .iter()
                .position(|event| matches!(event, Event::Start(Tag::CodeBlock(_))))?;
            Some(
                part[start..]
                    .iter()
                    .filter_map(|event| match event {
                        Event::Text(text) => Some(text.to_string()),
                        _ => None,
                    })
                    .collect(),
            )
        })
        .collect();
    assert!(
        blocks.contains(
            &"User-agent: *\n```\n<img src=x onerror=alert(1)>\n[click](https://evil.example/)\n~~~\nDisallow: /`x`\\x1B[2K\n"
                .to_string()
        ),
        "{blocks:?}"
    );
    let shown: String = events
        .iter()
        .filter_map(|event| match event {
            Event::Text(text) | Event::Code(text) => Some(text.to_string()),
            _ => None,
        })
        .collect();
    for expected in [
        "actual (hostile 1.0 <script>alert(1)</script> | *x*): error: the adapter reported: \\x1B[2K\\rallowed\\n<img src=x onerror=alert(1)> | ``` [click](https://evil.example/)",
        "First seen: evil<b>.example#2.",
        "Disallow: /`x`<i>",
        "boom`` <img src=x>\\n[l](https://evil.example/)…",
        "Foo`Bot\\r\\x1B[2K",
        "https://example.com/a|`x`<b>",
        "evil|<b>`x`.example",
    ] {
        assert!(shown.contains(expected), "{expected:?} not shown in:\n{shown}");
    }
}

#[test]
fn the_site_shows_a_hostile_page_as_text() {
    let keep_all = |target: &str| Some(target.to_string());
    let html = crate::site::markdown::to_html(&page_markdown(), &keep_all);
    assert!(!html.contains("<img"), "{html}");
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("href=\"https://evil"), "{html}");
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"), "{html}");
    assert!(html.contains("<code>Foo`Bot\\r\\x1B[2K</code>"), "{html}");
    assert!(html.contains("<td class=\"\">evil|&lt;b&gt;`x`.example</td>"), "{html}");
}
