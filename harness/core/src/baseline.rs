//! Expected-failure baselines: the checks a parser is known to miss, so its
//! CI can go green today and fail on the next new miss — and also fail when a
//! listed miss is fixed, so the list only ever shrinks.
//!
//! The file is plain text: one check id (`<case id>/<check name>`) per
//! line, a line starting with `#` is a comment, blank lines are ignored. `reptest baseline` writes it;
//! `reptest run --expected-failures FILE` holds a run to it.

use crate::implementation::{ImplError, RAISED_BY_LIBRARY};
use crate::runner::{Matrix, Row};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The ids listed in an expected-failures file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectedFailures {
    ids: BTreeSet<String>,
}

impl ExpectedFailures {
    /// Reads the file's text; an error names the 1-based line of a line
    /// that cannot be an id.
    pub fn parse(text: &str) -> Result<ExpectedFailures, String> {
        let mut ids = BTreeSet::new();
        for (index, line) in text.lines().enumerate() {
            let id = if line.trim_start().starts_with('#') {
                ""
            } else {
                line.trim()
            };
            if id.is_empty() {
                continue;
            }
            if crate::id_map::is_numbered_id(id) {
                return Err(format!(
                    "line {}: `{id}` is a suite 3.x id, numbered; suite 4.0 names checks: \
                     `reptest baseline --upgrade FILE` rewrites the list",
                    index + 1
                ));
            }
            if !is_check_id(id) {
                return Err(format!(
                    "line {}: `{id}` is not a check id (`<case id>/<check name>`, one per line; a line starting with # is a comment)",
                    index + 1
                ));
            }
            ids.insert(id.to_string());
        }
        Ok(ExpectedFailures { ids })
    }

    /// Whether `id` is listed.
    pub fn contains(&self, id: &str) -> bool {
        self.ids.contains(id)
    }

    /// How many ids are listed.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

/// Whether `id` can be a check id: no white space, no `#`, and a `/`
/// between the case id and the check's name.
pub fn is_check_id(id: &str) -> bool {
    !id.is_empty() && !id.contains(|c: char| c.is_whitespace() || c == '#') && id.contains('/')
}

/// How a run measures up to its expected failures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Judgement {
    /// Listed checks that some implementation still misses.
    pub expected: usize,
    /// Misses that are not listed: the run fails.
    pub new_misses: Vec<String>,
    /// Listed checks that every implementation now meets: the run fails
    /// until they are removed from the list.
    pub stale: Vec<String>,
    /// Listed ids that name no check of the suite (a typo, or an id that was
    /// renamed, which the suite's CHANGES.md would say): the run fails.
    pub unknown: Vec<String>,
}

impl Judgement {
    /// Whether the run passes.
    pub fn passed(&self) -> bool {
        self.new_misses.is_empty() && self.stale.is_empty() && self.unknown.is_empty()
    }

    /// The one-line verdict: `OK: …` or `FAILED: …` with every count.
    pub fn verdict(&self, file: &str) -> String {
        format!(
            "{}: {} expected failure(s) still fail, {} new miss(es), {} stale and {} unknown entr(ies) in {file}",
            if self.passed() { "OK" } else { "FAILED" },
            self.expected,
            self.new_misses.len(),
            self.stale.len(),
            self.unknown.len()
        )
    }
}

/// What a check is in a run, held to an expected-failures list or not.
/// Under `rfc` a departure from a SHOULD or MAY is pinned by a list like a
/// miss (listed: expected; unlisted: new; listed and followed now: stale);
/// without a list it is a [`Class::Departure`], reported, never failing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Every implementation meets it, and it is not listed.
    Met,
    /// Without a list: some implementation departs from a SHOULD or MAY of
    /// the profile it claims and none misses it outright. Reported; the run
    /// still passes.
    Departure,
    /// Some implementation misses it (or, held to a list, departs from it),
    /// and it is not listed: the run fails.
    NewMiss,
    /// Some implementation misses it or departs from it, as listed: the run
    /// passes.
    ExpectedMiss,
    /// Listed, but every implementation meets it now: the run fails.
    Stale,
}

/// The class of `row` under `expected`.
pub fn classify(matrix: &Matrix<'_>, row: &Row<'_>, expected: Option<&ExpectedFailures>) -> Class {
    let listed = expected.is_some_and(|list| list.contains(&row.id()));
    match (missed(matrix, row), listed) {
        (true, true) => Class::ExpectedMiss,
        (true, false) if expected.is_none() && !missed_outright(matrix, row) => Class::Departure,
        (true, false) => Class::NewMiss,
        (false, true) => Class::Stale,
        (false, false) => Class::Met,
    }
}

/// Whether some implementation misses `row` under the profile it claims, or
/// departs from a SHOULD or MAY there: a baseline pins every verdict that is
/// not the RFC's (or Google's), the lesser marks included, so a parser that
/// starts or stops departing from a recommendation is told, as with a miss.
fn missed(matrix: &Matrix<'_>, row: &Row<'_>) -> bool {
    matrix.impls.iter().enumerate().any(|(index, info)| {
        let status = row.status(index, info.claims);
        status.is_miss() || status.is_departure()
    })
}

/// Whether some implementation misses `row` outright (a fail or an error,
/// not a departure) under the profile it claims.
fn missed_outright(matrix: &Matrix<'_>, row: &Row<'_>) -> bool {
    matrix
        .impls
        .iter()
        .enumerate()
        .any(|(index, info)| row.status(index, info.claims).is_miss())
}

/// Holds `matrix` to `expected`. `suite_ids` are every check id of the
/// loaded suite before `--filter`/`--exclude`, so a listed id that was only
/// filtered out of this run is neither stale nor unknown.
pub fn judge(matrix: &Matrix<'_>, expected: &ExpectedFailures, suite_ids: &BTreeSet<String>) -> Judgement {
    let mut judgement = Judgement::default();
    let mut ran = BTreeSet::new();
    for row in &matrix.rows {
        let id = row.id();
        match classify(matrix, row, Some(expected)) {
            Class::ExpectedMiss => judgement.expected += 1,
            Class::NewMiss => judgement.new_misses.push(id.clone()),
            Class::Stale => judgement.stale.push(id.clone()),
            // Held to a list, a departure is listed (expected) or new.
            Class::Met | Class::Departure => {}
        }
        ran.insert(id);
    }
    judgement.unknown = expected
        .ids
        .iter()
        .filter(|id| !ran.contains(*id) && !suite_ids.contains(*id))
        .cloned()
        .collect();
    judgement
}

/// A check that ended in a fault of the transport (no answer, an
/// unreadable answer, a crash, a panic) or was not run: never a verdict of
/// the library, so a baseline must not record it as an expected failure.
pub struct Fault {
    /// The check id.
    pub id: String,
    /// The implementation.
    pub implementation: String,
    /// What happened.
    pub message: String,
}

/// Every transport fault of `matrix`, in check order.
pub fn faults(matrix: &Matrix<'_>) -> Vec<Fault> {
    let mut faults = Vec::new();
    for row in &matrix.rows {
        for (info, answer) in matrix.impls.iter().zip(&row.answers) {
            if let Err(ImplError::Failed(message)) = answer {
                if !message.starts_with(RAISED_BY_LIBRARY) {
                    faults.push(Fault {
                        id: row.id(),
                        implementation: info.name.clone(),
                        message: message.clone(),
                    });
                }
            }
        }
    }
    faults
}

/// What refusing to write a baseline says: how many faults, and the first few.
pub(crate) fn describe_faults(faults: &[Fault]) -> String {
    let mut text = format!(
        "{} check(s) ended in a transport fault or were not run, so they say nothing about the parser; \
         nothing was written (fix the adapter, or pass --allow-errors to record them, each with its message):\n",
        faults.len()
    );
    for fault in faults.iter().take(5) {
        let _ = writeln!(text, "  {} ({}): {}", fault.id, fault.implementation, fault.message);
    }
    if faults.len() > 5 {
        let _ = writeln!(text, "  … and {} more", faults.len() - 5);
    }
    text
}

/// The expected-failures file for `matrix`: every check some implementation
/// misses under the profile it claims, sorted by id, each under a comment
/// with the first sentence of its case's `why`. Deterministic: the same
/// answers give the same bytes.
/// Refuses (with [`describe_faults`]'s text) when any check ended in a
/// transport fault, unless `allow_faults`; then each such id is written
/// under its message.
pub fn write(matrix: &Matrix<'_>, allow_faults: bool) -> Result<String, String> {
    let faults = faults(matrix);
    if !faults.is_empty() && !allow_faults {
        return Err(describe_faults(&faults));
    }
    let messages: BTreeMap<String, &str> = faults
        .iter()
        .map(|fault| (fault.id.clone(), fault.message.as_str()))
        .collect();
    let misses: BTreeMap<String, &Row<'_>> = matrix
        .rows
        .iter()
        .filter(|row| missed(matrix, row))
        .map(|row| (row.id(), row))
        .collect();
    let claims: Vec<String> = matrix
        .impls
        .iter()
        .map(|info| format!("{} (claims {})", info.name, info.claims))
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Expected failures of {}: the checks it misses today.",
        claims.join(", ")
    );
    out.push_str("# Written by `reptest baseline`; used by `reptest run --expected-failures FILE`, which fails\n");
    out.push_str("# on a miss not listed here and on a listed check that passes again (remove it then).\n");
    out.push_str("# One check id per line; a line starting with # is a comment.\n");
    for (id, row) in &misses {
        let _ = writeln!(out, "\n# {}", headline(&row.case.why));
        if let Some(message) = messages.get(id) {
            let _ = writeln!(
                out,
                "# a transport fault, recorded with --allow-errors: {}",
                headline(message)
            );
        }
        let _ = writeln!(out, "{id}");
    }
    Ok(out)
}

/// The first sentence of `why`, on one line, at most 120 characters.
pub(crate) fn headline(why: &str) -> String {
    let flat = why.split_whitespace().collect::<Vec<_>>().join(" ");
    let sentence = match flat.find(". ") {
        Some(end) => &flat[..=end],
        None => flat.as_str(),
    };
    match sentence.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &sentence[..cut]),
        None => sentence.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_ids_and_skip_comments() {
        let list = ExpectedFailures::parse("# header\n\n  a/b/c/root  \n# why\na/b/c/x-y\n").unwrap();
        assert_eq!(list.len(), 2);
        assert!(list.contains("a/b/c/root") && list.contains("a/b/c/x-y"));
        let error = ExpectedFailures::parse("a/b/c/root\nnot an id\n").unwrap_err();
        assert!(error.starts_with("line 2:"), "{error}");
        let error = ExpectedFailures::parse("# list\na/b/c#1\n").unwrap_err();
        assert!(
            error.starts_with("line 2: `a/b/c#1` is a suite 3.x id") && error.contains("--upgrade"),
            "{error}"
        );
    }

    #[test]
    fn headlines_are_first_sentences() {
        assert_eq!(headline("The rule.\n  More text. And more."), "The rule.");
        assert_eq!(headline("No full stop"), "No full stop");
        assert_eq!(headline(&"x".repeat(200)).chars().count(), 121);
    }
}
