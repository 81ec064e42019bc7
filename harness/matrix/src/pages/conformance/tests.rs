//! Tests of `conformance`.
use super::*;
use rep_core::case::Expect;

#[test]
fn file_ids_drop_the_case_name() {
    assert_eq!(file_id(&Case::sample(Expect::Allowed, Expect::Allowed)), "x");
}

/// The conformance report with one implementation that did not run, whose
/// name, version and reason are made to break its row.
fn hostile_report() -> String {
    let matrix = Matrix {
        impls: Vec::new(),
        rows: Vec::new(),
        elapsed: std::time::Duration::ZERO,
    };
    Conformance {
        matrix: &matrix,
        entries: vec![Entry {
            name: "evil<b>|x".into(),
            kind: "Python adapter".into(),
            version: Some("1.0 | <i>x</i>\n| a | b |".into()),
            claims: ProfileId::Rfc,
            not_run: Some(
                "not available: <img src=x onerror=alert(1)>\n| pipe `tick` *x* [l](https://evil.example/)".into(),
            ),
        }],
        case_link_prefix: None,
        reproduce: vec!["reptest report".into()],
        measured: Vec::new(),
        corpus: String::new(),
        readings: None,
        references: std::collections::BTreeMap::new(),
        google: "google".into(),
    }
    .markdown()
}

#[test]
fn a_hostile_summary_row_stays_one_row_of_text() {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let markdown = hostile_report();
    let events: Vec<Event<'_>> = Parser::new_ext(&markdown, Options::ENABLE_TABLES).collect();
    assert!(
        !events.iter().any(|event| matches!(
            event,
            Event::Html(_) | Event::InlineHtml(_) | Event::Start(Tag::Link { .. })
        )),
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
    assert_eq!(
        cells[4],
        "not run: not available: <img src=x onerror=alert(1)>\\n| pipe `tick` *x* [l](https://evil.example/)"
    );
}
