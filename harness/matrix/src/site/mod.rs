//! The static site, rendered from the [`Report`] alone (as `reptest site`
//! reads it from `report.json`): the matrix as pages one looks at and clicks
//! through. Plain HTML written with maud templates, one CSS file and a
//! little inline JavaScript; no external assets, so it opens from the file
//! system and from any static host. Every page ends with the report's stamp.
//!
//! Pages: `index.html` (scores as sortable bars, a heat map of sections),
//! `matrix.html` (checks × implementations, pruned to where they differ),
//! `case/<id>.html`, `parser/<name>.html` and `readings.html`.

mod case_page;
mod frame;
mod grid;
mod overview;
mod parser;
mod readings;
mod style;
pub use style::CSS;

use crate::model::Report;
use std::path::{Path, PathBuf};

/// Every file of the site for `report`: its path under the site's directory and its text.
pub(crate) fn pages(report: &Report) -> Vec<(PathBuf, String)> {
    let mut pages: Vec<(PathBuf, String)> = vec![
        (PathBuf::from("site.css"), style::CSS.to_string()),
        (PathBuf::from("index.html"), overview::page(report)),
        (PathBuf::from("matrix.html"), grid::page(report)),
        (PathBuf::from("readings.html"), readings::page(report)),
    ];
    for case in &report.suite.cases {
        pages.push((
            Path::new("case").join(frame::case_file(&case.id)),
            case_page::page(report, case),
        ));
    }
    for parser in report.measured.iter().flat_map(|measured| &measured.parsers) {
        pages.push((
            Path::new("parser").join(frame::parser_file(&parser.name)),
            parser::page(report, parser),
        ));
    }
    pages
}

/// Writes the site of `report` into `dir`, whole: it is built in a
/// directory beside `dir` and then takes its place, so an interrupted run
/// leaves the old site or the new one. Gives the number of files written.
pub fn write(report: &Report, dir: &Path) -> Result<usize, String> {
    let pages = pages(report);
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
    Ok(pages.len())
}
