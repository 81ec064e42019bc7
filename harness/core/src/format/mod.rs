//! Renders a [`Matrix`] for people (table, Markdown) and machines (JSON,
//! JUnit XML).

pub mod escape;
pub mod excerpt;
mod groups;
pub mod json;
pub mod judgement;
mod junit;
mod markdown;
pub mod reproduce;
pub mod show;
mod table;
mod view;

pub use excerpt::{excerpt, ExcerptLine};
pub use view::{given_up, summary, Baseline, GivenUp, View};

use crate::case::{Check, ProfileId};
use crate::runner::{Matrix, Row, Status};

/// An output format of `reptest run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A plain-text summary and failure list for a terminal or an issue.
    Table,
    /// Everything, for machines.
    Json,
    /// JUnit XML for CI systems: one test suite per implementation.
    Junit,
    /// GitHub-flavoured Markdown.
    Markdown,
}

impl Format {
    /// The format called `table`, `json`, `junit` or `markdown`.
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name {
            "table" => Format::Table,
            "json" => Format::Json,
            "junit" => Format::Junit,
            "markdown" | "md" => Format::Markdown,
            _ => return None,
        })
    }
}

/// `matrix` rendered in `format`, every miss shown as new.
pub fn render(matrix: &Matrix<'_>, format: Format) -> String {
    render_with(matrix, format, &View::default())
}

/// `matrix` rendered in `format` as `view` says: held to an
/// expected-failures list or not, expected misses in full or counted.
pub fn render_with(matrix: &Matrix<'_>, format: Format, view: &View<'_>) -> String {
    match format {
        Format::Table => table::render(matrix, view),
        Format::Json => json::render(matrix, view),
        Format::Junit => junit::render(matrix, view),
        Format::Markdown => markdown::render(matrix, view),
    }
}

/// How `row` is reported: the worst status among the implementations that
/// miss it or depart from it under the profile they claim (a miss before a
/// departure; `Pass` when none does, as for a stale entry), and the profile
/// the first of them claims (the first implementation's when none does).
fn worst(matrix: &Matrix<'_>, row: &Row<'_>) -> (Status, ProfileId) {
    let marked: Vec<(Status, ProfileId)> = matrix
        .impls
        .iter()
        .enumerate()
        .map(|(index, info)| (row.status(index, info.claims), info.claims))
        .filter(|(status, _)| status.is_miss() || status.is_departure())
        .collect();
    match marked.first() {
        None => (
            Status::Pass,
            matrix.impls.first().map_or(ProfileId::Rfc, |info| info.claims),
        ),
        Some(&(first, claims)) => {
            let status = marked.iter().map(|&(status, _)| status).find(|status| status.is_miss());
            (status.unwrap_or(first), claims)
        }
    }
}

/// The word a miss of `status` is reported under: `MISS`, or `SHOULD
/// DEPARTURE` / `MAY DEPARTURE` for the lesser marks.
fn miss_word(status: Status) -> &'static str {
    match status {
        Status::Departure(crate::case::Level::Should) => "SHOULD DEPARTURE",
        Status::Departure(_) => "MAY DEPARTURE",
        _ => "MISS",
    }
}

/// What a check is held to under `profile`, in a few words: the clause of
/// RFC 9309 and the level it gives the statement (`RFC 9309 §2.2.2 MUST`,
/// with the reading when one settles it), or Google's parser.
fn held_to(check: &Check, profile: ProfileId) -> String {
    if profile == ProfileId::Google {
        return "Google's parser (google profile)".to_string();
    }
    let basis = &check.basis;
    let mut text = match (&basis.clause, basis.level) {
        (Some(section), Some(level)) => format!("RFC 9309 §{section} {}", level.name()),
        (Some(section), None) => format!("RFC 9309 §{section}"),
        _ => "RFC 9309".to_string(),
    };
    if let Some(reading) = &basis.reading {
        let _ = std::fmt::Write::write_fmt(&mut text, format_args!(", reading `{reading}`"));
    }
    text
}

/// The expectations of a check in a few words: `disallowed`, or
/// `rfc: allowed, google: disallowed` when the profiles differ.
fn expected_text(check: &Check) -> String {
    if check.rfc == check.google {
        check.rfc.to_string()
    } else {
        format!("rfc: {}, google: {}", check.rfc, check.google)
    }
}

/// What a check's rfc expectation rests on, in words with the RFC's link:
/// `RFC 9309 §2.2.2 (MUST) https://…; reading several-agents`, or `None`.
fn basis_text(check: &Check) -> Option<String> {
    let basis = &check.basis;
    let mut parts = Vec::new();
    if let Some(section) = &basis.clause {
        let level = basis
            .level
            .map_or(String::new(), |level| format!(" ({})", level.name()));
        parts.push(format!(
            "RFC 9309 §{section}{level} {}",
            crate::case::clause::link(section)
        ));
    }
    if let Some(reading) = &basis.reading {
        parts.push(format!("reading `{reading}` (cases/readings.yaml)"));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// Where `case` is, for a person: its file and line as loaded; for the
/// suite built into reptest (`built_in`: its version), a file of that
/// compiled-in copy, said to be one, since no such file need exist on disk.
pub fn case_place(case: &crate::case::Case, built_in: Option<&str>) -> String {
    let place = format!("{}:{}", case.file.display(), case.line);
    match built_in {
        Some(version) => format!("compiled-in suite {version}, {place}"),
        None => place,
    }
}

/// The agents of a check, comma-separated.
fn agents_text(check: &Check) -> String {
    check.agents.join(", ")
}

/// The deciding lines any implementation reported for a row: the lines worth
/// showing from the body.
fn reported_lines(row: &Row<'_>) -> Vec<u32> {
    let mut lines: Vec<u32> = row
        .answers
        .iter()
        .filter_map(|answer| answer.as_ref().ok()?.line.number())
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// The body excerpt of a row as text lines, the reported deciding lines
/// marked.
fn excerpt_text(row: &Row<'_>) -> Vec<String> {
    numbered(excerpt(&row.case.body, &reported_lines(row)))
}

/// Excerpt lines as text: `>` marks a line asked for, `⋮` stands for
/// skipped lines.
fn numbered(lines: Vec<ExcerptLine>) -> Vec<String> {
    lines
        .into_iter()
        .map(|line| match line {
            ExcerptLine::Line(number, text, marked) => {
                format!("{} {number:>4} | {text}", if marked { '>' } else { ' ' })
            }
            ExcerptLine::Gap(count) => format!("       ⋮ ({count} lines)"),
        })
        .collect()
}

/// An answer in a few words: `allowed (line 3)`, `error: …` or `n/a: …`.
fn answer_text(answer: &crate::implementation::Answer) -> String {
    match answer {
        Ok(outcome) => outcome.short(),
        Err(crate::implementation::ImplError::Failed(why)) => format!("error: {why}"),
        Err(unsupported) => unsupported.to_string(),
    }
}
