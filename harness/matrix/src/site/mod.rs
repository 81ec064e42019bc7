//! The static site under `reports/site/`: the conformance matrix as pages one
//! looks at and clicks through, rendered from the same run and the same
//! structs as the Markdown report — the [`Conformance`] (matrix, entries,
//! measured parsers), the readings and each parser's page. Plain HTML, one
//! CSS file and a little inline JavaScript; no external assets, so it opens
//! from the file system and from any static host.
//!
//! Pages: `index.html` (scores as sortable bars, a heat map of sections),
//! `matrix.html` (checks × implementations, pruned to where they differ),
//! `case/<id>.html`, `parser/<name>.html` and `readings.html`.

mod case_page;
mod grid;
pub mod html;
pub(crate) mod markdown;
mod overview;
mod parser;
mod readings;
mod scores;
mod style;

use crate::pages::conformance::{Conformance, Entry};
use rep_core::case::{Case, Readings};
use rep_core::runner::Row;
use std::path::{Path, PathBuf};

/// A parser's page as the site shows it: the Markdown page's text, from the
/// same `ParserPage` that wrote `parsers/<name>.md`.
pub struct ParserDoc {
    /// The parser's name (its matrix column).
    pub name: String,
    /// The Markdown of its page.
    pub markdown: String,
}

impl ParserDoc {
    /// The page of parser `name`, written as `markdown`.
    pub fn new(name: &str, markdown: String) -> ParserDoc {
        ParserDoc {
            name: name.to_string(),
            markdown,
        }
    }
}

/// Everything the site shows.
pub struct Site<'r, 'm, 'a> {
    /// The conformance report: matrix, entries, measured parsers.
    pub report: &'r Conformance<'m, 'a>,
    /// The suite's readings, when the report covers them.
    pub readings: Option<&'r Readings>,
    /// One page per measured parser.
    pub parsers: Vec<ParserDoc>,
}

/// An implementation that ran, as the site's columns show it.
pub(crate) struct Column<'e> {
    /// Its entry in the report.
    pub entry: &'e Entry,
    /// Its matrix column.
    pub index: usize,
    /// The language it is written in.
    pub language: String,
}

impl Site<'_, '_, '_> {
    /// The implementations that ran, in report order.
    pub(crate) fn columns(&self) -> Vec<Column<'_>> {
        self.report
            .entries
            .iter()
            .filter(|entry| entry.not_run.is_none())
            .filter_map(|entry| {
                let index = self
                    .report
                    .matrix
                    .impls
                    .iter()
                    .position(|info| info.name == entry.name)?;
                Some(Column {
                    entry,
                    index,
                    language: language(self, entry),
                })
            })
            .collect()
    }

    /// The rows grouped by case, in file order.
    pub(crate) fn cases(&self) -> Vec<(&Case, Vec<&Row<'_>>)> {
        let mut cases: Vec<(&Case, Vec<&Row<'_>>)> = Vec::new();
        for row in &self.report.matrix.rows {
            match cases.last_mut() {
                Some((case, rows)) if case.id == row.case.id => rows.push(row),
                _ => cases.push((row.case, vec![row])),
            }
        }
        cases
    }

    /// Whether a parser page exists for `name`.
    pub(crate) fn has_page(&self, name: &str) -> bool {
        self.parsers.iter().any(|doc| doc.name == name)
    }
}

/// The language an entry's implementation is written in.
fn language(site: &Site<'_, '_, '_>, entry: &Entry) -> String {
    if let Some(measured) = site.report.measured.iter().find(|m| m.name == entry.name) {
        return measured.language.clone();
    }
    if let Some(language) = entry.kind.strip_suffix(" adapter") {
        return language.to_string();
    }
    if entry.kind.contains("C++") {
        "C++".to_string()
    } else if entry.kind.starts_with("built-in") {
        "Rust".to_string()
    } else {
        "other".to_string()
    }
}

/// Writes the site into `dir`, whole: it is built in a directory beside
/// `dir` and then takes its place, so an interrupted run leaves the old site
/// or the new one. Gives the files written, in order (as paths under `dir`).
pub fn write(site: &Site<'_, '_, '_>, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut pages: Vec<(PathBuf, String)> = vec![
        (PathBuf::from("site.css"), style::CSS.to_string()),
        (PathBuf::from("index.html"), overview::page(site)),
        (PathBuf::from("matrix.html"), grid::page(site)),
        (PathBuf::from("readings.html"), readings::page(site)),
    ];
    for (case, rows) in site.cases() {
        pages.push((
            Path::new("case").join(html::case_file(&case.id)),
            case_page::page(site, case, &rows),
        ));
    }
    for doc in &site.parsers {
        pages.push((
            Path::new("parser").join(html::parser_file(&doc.name)),
            parser::page(site, doc),
        ));
    }
    let built = rep_core::atomic::replace_dir(dir, |staging| {
        for sub in ["case", "parser"] {
            std::fs::create_dir_all(staging.join(sub))?;
        }
        for (path, text) in &pages {
            std::fs::write(staging.join(path), text)?;
        }
        Ok::<_, std::io::Error>(())
    });
    built.map_err(|error| format!("cannot write the site {}: {error}", dir.display()))?;
    Ok(pages.into_iter().map(|(path, _)| dir.join(path)).collect())
}
