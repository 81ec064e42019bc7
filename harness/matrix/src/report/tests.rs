//! A report made from an implementation and a difference whose names,
//! body, agent, URL, origin, error and versions are made to hijack the
//! pages, read back by a CommonMark parser: text everywhere, no HTML, no
//! link of theirs, the body's fences inside its block.

use super::*;
use crate::measure::collect::{Collected, References, Source};
use crate::measure::found::{Difference, Standing};
use crate::measure::signature::{Relation, Signature};
use crate::model::suite::Stated as ModelStated;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use rep_core::diff::Probe;
use rep_core::runner::Matrix;
use std::collections::BTreeMap;
use std::path::PathBuf;

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
        original_source: Source::RealWorld,
        original_checks: 3,
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

/// A stamp that does not depend on the day the test runs.
pub(crate) fn fixed_stamp() -> Stamp {
    Stamp {
        made: "2026-01-02T03:04:05Z".into(),
        suite_version: Some("9.9.9".into()),
        commit: Some("0123456789abcdef".into()),
        tools: vec![model::Tool {
            name: "rustc".into(),
            version: "rustc 1.0.0".into(),
        }],
        corpus: None,
    }
}

/// The hostile parser, measured: its subject, what was collected and found.
fn hostile_subject() -> Subject {
    Subject {
        name: "hostile".into(),
        language: "Python".into(),
        about: "a parser made for this test".into(),
        version: "hostile 1.0 <script>alert(1)</script> | *x*".into(),
        stated: None,
        reproduce: None,
        adapter: "python3 hostile.py".into(),
    }
}

/// A report of one implementation that did not run (whose name, version and
/// reason are made to break its row) and one hostile parser.
pub(crate) fn hostile_report() -> Report {
    let matrix = Matrix {
        impls: Vec::new(),
        rows: Vec::new(),
        elapsed: std::time::Duration::ZERO,
    };
    let not_run = model::suite::Implementation {
        name: "evil<b>|x".into(),
        kind: "Python adapter".into(),
        language: "Python".into(),
        version: Some("1.0 | <i>x</i>\n| a | b |".into()),
        stated: ModelStated {
            profile: None,
            names: None,
            source: None,
            says: None,
        },
        judged_by: model::Profile::Rfc,
        not_run: Some(
            "not available: <img src=x onerror=alert(1)>\n| pipe `tick` *x* [l](https://evil.example/)".into(),
        ),
        scores: None,
        page: false,
        sections: Vec::new(),
    };
    let mut suite = suite::suite(&matrix, vec![not_run], false);
    let subject = hostile_subject();
    let mut collected = Collected::default();
    collected.files.insert("evil|<b>`x`.example".into(), 3);
    let found = Found {
        listed: vec![hostile_difference()],
        explored: Vec::new(),
        rare: 0,
        behaviours: Default::default(),
    };
    let parser = parser::parser(
        &parser::Analysed {
            subject: &subject,
            collected: &collected,
            found: &found,
            explored: false,
        },
        &suite,
    );
    suite.implementations[0].page = false;
    Report {
        format: model::FORMAT.into(),
        stamp: fixed_stamp(),
        suite,
        measured: Some(Measured {
            google_reference: "google".into(),
            references_part: Vec::new(),
            reference_seed: REFERENCE_SEED,
            explore_seed: None,
            fuzz_min_inputs: FUZZ_MIN_INPUTS,
            parsers: vec![parser],
        }),
        readings: None,
        reproduce: vec!["reptest report".into()],
    }
}

/// The text of the page at `path` of `report`.
fn page(report: &Report, path: &str) -> String {
    pages::pages(report)
        .into_iter()
        .find(|(at, _)| at == Path::new(path))
        .map(|(_, text)| text)
        .unwrap_or_else(|| panic!("no page {path}"))
}

fn page_markdown() -> String {
    page(&hostile_report(), "parsers/hostile.md")
}

#[test]
fn a_hostile_summary_row_stays_one_row_of_text() {
    let markdown = page(&hostile_report(), "conformance.md");
    let events: Vec<Event<'_>> = Parser::new_ext(&markdown, Options::ENABLE_TABLES).collect();
    assert!(
        !events.iter().any(|event| match event {
            Event::Html(_) | Event::InlineHtml(_) => true,
            Event::Start(Tag::Link { dest_url, .. }) => !dest_url.starts_with("parsers/"),
            _ => false,
        }),
        "{markdown}"
    );
    // The summary table's body: one row of ten cells.
    let body_start = events
        .iter()
        .position(|event| matches!(event, Event::Start(Tag::TableRow)))
        .expect("a summary row");
    let body_end = events
        .iter()
        .position(|event| matches!(event, Event::End(TagEnd::Table)))
        .expect("the table ends");
    let rows = events[body_start..body_end]
        .iter()
        .filter(|event| matches!(event, Event::Start(Tag::TableRow)))
        .count();
    assert_eq!(rows, 1, "{markdown}");
    assert!(
        !events[body_start..body_end]
            .iter()
            .any(|event| matches!(event, Event::Start(Tag::Emphasis | Tag::Strong))),
        "{markdown}"
    );
    let mut cells: Vec<String> = Vec::new();
    for event in &events[body_start..body_end] {
        match event {
            Event::Start(Tag::TableCell) => cells.push(String::new()),
            Event::Text(text) | Event::Code(text) => cells.last_mut().expect("in a cell").push_str(text),
            _ => {}
        }
    }
    assert_eq!(cells.len(), 10, "{cells:?}");
    assert_eq!(cells[0], "evil<b>|x");
    assert_eq!(cells[2], "1.0 | <i>x</i>\\n| a | b |");
    assert_eq!(cells[3], "none stated");
    assert_eq!(
        cells[4],
        "not run: not available: <img src=x onerror=alert(1)>\\n| pipe `tick` *x* [l](https://evil.example/)"
    );
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
    let report = hostile_report();
    let site: BTreeMap<PathBuf, String> = crate::site::pages(&report).into_iter().collect();
    for (path, page) in &site {
        let html = scraper::Html::parse_document(page);
        let any = |selector: &str| {
            html.select(&scraper::Selector::parse(selector).expect("a selector"))
                .next()
        };
        assert!(any("img").is_none(), "{}: {page}", path.display());
        assert!(
            html.select(&scraper::Selector::parse("script").expect("a selector"))
                .all(|script| !script.inner_html().contains("alert")),
            "{}: {page}",
            path.display()
        );
        assert!(any("a[href*=\"evil\"]").is_none(), "{}: {page}", path.display());
    }
    let page = &site[Path::new("parser/hostile.html")];
    let html = scraper::Html::parse_document(page);
    let text: String = html.root_element().text().collect();
    for shown in [
        "hostile 1.0 <script>alert(1)</script> | *x*",
        "Foo`Bot\\r\\x1B[2K",
        "https://example.com/a|`x`<b>",
        "evil|<b>`x`.example",
        "Disallow: /`x`<i>",
        "<img src=x onerror=alert(1)>",
    ] {
        assert!(text.contains(shown), "{shown:?} not shown as text in:\n{page}");
    }
    let overview = &site[Path::new("index.html")];
    assert!(overview.contains("evil&lt;b&gt;|x"), "{overview}");
}
