//! What every page of the site shares: the frame (navigation, the stamp at
//! the foot), prose with its code, and the file names of case and parser pages.

use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::model::{Prose, Report, Span};
use rep_core::case::page_name;
use rep_core::format::escape::{control_escape, is_bidi_control};

/// `text` with every bidirectional control, which would reorder what the
/// page shows around it (an agent, a URL, an error), written as its escape
/// (`\u{202E}`); maud escapes the rest.
pub(super) fn shown(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            c if is_bidi_control(c) => control_escape(c).unwrap_or_default(),
            c => c.to_string(),
        })
        .collect()
}

/// Prose: words as text, code as `<code>`.
pub(super) fn prose(prose: &Prose) -> Markup {
    html! {
        @for span in &prose.0 {
            @match span {
                Span::Text(words) => (shown(words)),
                Span::Code(code) => code { (shown(code)) },
            }
        }
    }
}

/// The file name of a case's page under `case/`: its [`page_name`] (the
/// case loader refuses two cases that share one).
pub(super) fn case_file(case_id: &str) -> String {
    format!("{}.html", page_name(case_id))
}

/// The file name of a parser's page under `parser/`.
pub(super) fn parser_file(name: &str) -> String {
    case_file(name)
}

/// `text` with the characters a query value cannot hold escaped.
pub(super) fn url_encode(text: &str) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~/".contains(&byte) {
            out.push(byte as char);
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// Where a page sits relative to the site's root.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Depth {
    /// `index.html`, `matrix.html`, `readings.html`.
    Root,
    /// `case/*.html`, `parser/*.html`.
    Sub,
}

impl Depth {
    /// The prefix that leads back to the root.
    pub(super) fn up(self) -> &'static str {
        match self {
            Depth::Root => "",
            Depth::Sub => "../",
        }
    }
}

/// The stamp: when, from what and with what the report was made.
pub(super) fn stamp(report: &Report) -> Markup {
    html! {
        dl.stamp {
            @for (label, value) in report.stamp.facts(report) {
                dt { (label) }
                dd { (shown(&value)) }
            }
        }
    }
}

/// A whole page: `title`, the navigation, `body`, the stamp and `script` (inline, may be empty).
pub(super) fn frame(report: &Report, title: &str, depth: Depth, body: Markup, script: &str) -> String {
    let up = depth.up();
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (shown(title)) " · robots.txt conformance" }
                link rel="stylesheet" href={ (up) "site.css" };
            }
            body {
                nav {
                    a.brand href={ (up) "index.html" } { "robots.txt conformance" }
                    a href={ (up) "index.html" } { "Overview" }
                    a href={ (up) "matrix.html" } { "Matrix" }
                    a href={ (up) "readings.html" } { "Readings" }
                }
                main { (body) }
                footer {
                    (stamp(report))
                    "Rendered by " code { "reptest site" } " from " code { "report.json" } "; do not edit by hand."
                }
                @if !script.is_empty() {
                    script { (PreEscaped(script)) }
                }
            }
        }
    }
    .into_string()
}
