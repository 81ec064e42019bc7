//! The renderings of a [`LintReport`]: each a function of the report alone.

mod html;
mod markdown;
mod sarif;
mod terminal;

pub use html::html;
pub use markdown::markdown;
pub use sarif::sarif;
pub use terminal::terminal;

use crate::model::{schema, LintReport};
use rep_core::format::escape::json_controls_escaped;

/// An output format of `reptest lint`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Grouped by line, coloured when `colour` is asked for.
    Terminal,
    /// For a pull request comment.
    Markdown,
    /// The report itself ([`json`]).
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// One self-contained page in the site's style.
    Html,
}

impl Format {
    /// Every format's name, as `--format` takes it.
    pub const NAMES: [&'static str; 5] = ["terminal", "markdown", "json", "sarif", "html"];

    /// The format called `name`.
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name {
            "terminal" => Format::Terminal,
            "markdown" => Format::Markdown,
            "json" => Format::Json,
            "sarif" => Format::Sarif,
            "html" => Format::Html,
            _ => return None,
        })
    }
}

/// `report` in `format`; `colour` styles the terminal format (ANSI), and
/// `artifact` is the path SARIF names as the file linted.
pub fn render(report: &LintReport, format: Format, colour: bool, artifact: &str) -> String {
    match format {
        Format::Terminal => terminal(report, colour),
        Format::Markdown => markdown(report),
        Format::Json => json(report),
        Format::Sarif => sarif(report, artifact),
        Format::Html => html(report),
    }
}

/// The report as JSON (its schema is [`json_schema`]), every control
/// character in a string written as an escape.
pub fn json(report: &LintReport) -> String {
    let text = serde_json::to_string_pretty(report).expect("the report serialises");
    format!("{}\n", json_controls_escaped(&text))
}

/// The JSON Schema of [`json`]'s output.
pub fn json_schema() -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(&schema()).expect("a schema serialises")
    )
}

/// A verdict in words.
fn verdict(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}
