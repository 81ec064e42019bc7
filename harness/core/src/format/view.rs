//! How a report is read: held to an expected-failures list or not, and how
//! much it shows. Every format classes checks the same way (see
//! [`classify`](crate::baseline::classify)) and ends on the same verdict as
//! the exit status.

use crate::baseline::{classify, Class, ExpectedFailures, Judgement};
use crate::implementation::{ImplError, NOT_RUN};
use crate::runner::{Matrix, Row};

/// A run's expected-failures list and how the run measured up to it.
#[derive(Clone, Copy, Debug)]
pub struct Baseline<'a> {
    /// The list's file, as given.
    pub file: &'a str,
    /// The listed ids.
    pub list: &'a ExpectedFailures,
    /// The run held to the list.
    pub judgement: &'a Judgement,
}

/// What a report shows.
#[derive(Clone, Copy, Debug, Default)]
pub struct View<'a> {
    /// The expected-failures list, when the run is held to one.
    pub baseline: Option<Baseline<'a>>,
    /// Show expected misses in full, not as a count.
    pub verbose: bool,
    /// The version of the suite built into reptest, when the cases run are
    /// that compiled-in copy: their files are then named as its.
    pub built_in: Option<&'a str>,
    /// The suite's statements, which name the groups new misses are shown in.
    pub statements: Option<&'a crate::case::statements::Statements>,
    /// The case files or directories given for the run (none: the default
    /// suite), which the commands that reproduce a check repeat.
    pub cases: &'a [std::path::PathBuf],
}

impl View<'_> {
    /// The class of `row` in this view.
    pub fn class(&self, matrix: &Matrix<'_>, row: &Row<'_>) -> Class {
        classify(matrix, row, self.baseline.map(|baseline| baseline.list))
    }

    /// The ids listed that name no check of the suite.
    pub fn unknown(&self) -> &[String] {
        self.baseline.map_or(&[], |baseline| &baseline.judgement.unknown)
    }
}

/// Whether the run passes, and the one line that says so: the last line of
/// the table and Markdown reports, and what `reptest run` prints on stderr.
/// Without a list, a departure from a SHOULD or MAY is counted in the line
/// but never fails the run; held to a list, the list's judgement decides.
pub fn summary(matrix: &Matrix<'_>, view: &View<'_>) -> (bool, String) {
    if let Some(baseline) = view.baseline {
        let judgement = baseline.judgement;
        return (judgement.passed(), judgement.verdict(baseline.file));
    }
    let of_class = |class: Class| -> Vec<&Row<'_>> {
        matrix
            .rows
            .iter()
            .filter(|row| view.class(matrix, row) == class)
            .collect()
    };
    let (missed, departures) = (of_class(Class::NewMiss), of_class(Class::Departure).len());
    if missed.is_empty() {
        let but = match departures {
            0 => String::new(),
            n => format!(" but {n} SHOULD or MAY departure(s), which do not fail the run"),
        };
        let line = format!("OK: every implementation meets every expectation of the profile it claims{but}.");
        return (true, line);
    }
    let per_impl: Vec<String> = matrix
        .impls
        .iter()
        .enumerate()
        .filter_map(|(index, info)| {
            let count = missed
                .iter()
                .filter(|row| row.status(index, info.claims).is_miss())
                .count();
            (count > 0).then(|| format!("{} {count}", info.name))
        })
        .collect();
    let more = match departures {
        0 => String::new(),
        n => format!("; {n} more only depart from a SHOULD or MAY, which does not fail the run"),
    };
    let line = format!(
        "FAILED: {} check(s) missed by an implementation's claimed profile ({}){more}.",
        missed.len(),
        per_impl.join(", ")
    );
    (false, line)
}

/// An implementation that was given up on during the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GivenUp {
    /// Its index in the matrix.
    pub index: usize,
    /// How many checks it did not run.
    pub not_run: usize,
    /// Why (the first "not run" answer, without its prefix).
    pub reason: String,
}

/// Every implementation given up on, in matrix order.
pub fn given_up(matrix: &Matrix<'_>) -> Vec<GivenUp> {
    let mut found = Vec::new();
    for index in 0..matrix.impls.len() {
        let mut not_run = matrix.rows.iter().filter_map(|row| not_run_reason(row, index));
        if let Some(reason) = not_run.next() {
            found.push(GivenUp {
                index,
                not_run: 1 + not_run.count(),
                reason: reason.to_string(),
            });
        }
    }
    found
}

/// Why implementation `index` did not run `row`, if it did not.
pub(super) fn not_run_reason<'r>(row: &'r Row<'_>, index: usize) -> Option<&'r str> {
    match &row.answers[index] {
        Err(ImplError::Failed(why)) => why.strip_prefix(NOT_RUN),
        _ => None,
    }
}

/// Whether every implementation that misses `row` did so by not running it:
/// such a row is told once, in its implementation's given-up line.
pub(super) fn only_not_run(matrix: &Matrix<'_>, row: &Row<'_>) -> bool {
    let mut missing = matrix
        .impls
        .iter()
        .enumerate()
        .filter(|(index, info)| row.status(*index, info.claims).is_miss())
        .peekable();
    missing.peek().is_some() && missing.all(|(index, _)| not_run_reason(row, index).is_some())
}
