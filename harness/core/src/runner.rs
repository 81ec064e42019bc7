//! Runs cases against implementations: the decision matrix (check ×
//! implementation → answer) and how each answer scores under each profile.

use crate::case::{Case, CaseFile, Check, Expect, ProfileId};
use crate::implementation::{Answer, ImplError, Implementation, Prepared};
use crate::pool;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// An implementation as the reports see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImplInfo {
    /// Its name.
    pub name: String,
    /// The profile it claims.
    pub claims: ProfileId,
}

/// One check with every implementation's answer.
pub struct Row<'a> {
    /// The case the check belongs to.
    pub case: &'a Case,
    /// The check's index within the case (0-based).
    pub index: usize,
    /// One answer per implementation, in [`Matrix::impls`] order.
    pub answers: Vec<Answer>,
}

impl Row<'_> {
    /// The check itself.
    pub fn check(&self) -> &Check {
        &self.case.checks[self.index]
    }

    /// A stable name for the check: `<case id>#<1-based index>`.
    pub fn id(&self) -> String {
        self.case.check_id(self.index)
    }

    /// How implementation `impl_index`'s answer scores under `profile`.
    pub fn status(&self, impl_index: usize, profile: ProfileId) -> Status {
        Status::of(self.check().expect(profile), &self.answers[impl_index])
    }
}

/// The full result of a run.
pub struct Matrix<'a> {
    /// The implementations, in the order given.
    pub impls: Vec<ImplInfo>,
    /// Every check of every case, in file order.
    pub rows: Vec<Row<'a>>,
    /// Wall time of the run.
    pub elapsed: Duration,
}

/// How one answer scores against one expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The verdict is the expected one.
    Pass,
    /// The verdict is the other one.
    Fail,
    /// The implementation crashed, hung or answered garbage.
    Error,
    /// The implementation cannot answer this kind of check.
    NotApplicable,
    /// The expectation is implementation-defined: reported, not scored.
    ImplementationDefined,
}

impl Status {
    /// Scores `answer` against `expect`.
    pub fn of(expect: Expect, answer: &Answer) -> Status {
        match (answer, expect.allowed()) {
            (Err(ImplError::Unsupported(_)), _) => Status::NotApplicable,
            (Err(ImplError::Failed(_)), _) => Status::Error,
            (Ok(_), None) => Status::ImplementationDefined,
            (Ok(outcome), Some(allowed)) if outcome.allowed == allowed => Status::Pass,
            (Ok(_), Some(_)) => Status::Fail,
        }
    }

    /// A short lowercase name: pass, fail, error, n/a, impl-defined.
    pub fn name(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Error => "error",
            Status::NotApplicable => "n/a",
            Status::ImplementationDefined => "impl-defined",
        }
    }

    /// Whether this status misses an expectation (counts against the exit status).
    pub fn is_miss(self) -> bool {
        matches!(self, Status::Fail | Status::Error)
    }
}

/// Counts of each status for one implementation under one profile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Passed checks.
    pub pass: usize,
    /// Failed checks.
    pub fail: usize,
    /// Checks the implementation errored on.
    pub error: usize,
    /// Checks it cannot answer.
    pub not_applicable: usize,
    /// Checks whose expectation is implementation-defined.
    pub implementation_defined: usize,
}

impl Tally {
    /// The share of scored checks (pass, fail, error) that passed, in percent.
    pub fn score(&self) -> Option<f64> {
        let scored = self.pass + self.fail + self.error;
        (scored > 0).then(|| 100.0 * self.pass as f64 / scored as f64)
    }

    fn add(&mut self, status: Status) {
        match status {
            Status::Pass => self.pass += 1,
            Status::Fail => self.fail += 1,
            Status::Error => self.error += 1,
            Status::NotApplicable => self.not_applicable += 1,
            Status::ImplementationDefined => self.implementation_defined += 1,
        }
    }
}

impl Matrix<'_> {
    /// The tally of implementation `impl_index` under `profile`.
    pub fn tally(&self, impl_index: usize, profile: ProfileId) -> Tally {
        let mut tally = Tally::default();
        for row in &self.rows {
            tally.add(row.status(impl_index, profile));
        }
        tally
    }

    /// Whether some implementation misses an expectation of the profile it claims.
    pub fn any_claimed_miss(&self) -> bool {
        self.rows.iter().any(|row| {
            self.impls
                .iter()
                .enumerate()
                .any(|(index, info)| row.status(index, info.claims).is_miss())
        })
    }
}

/// Runs every check of every case in `files` against every implementation,
/// in parallel on one thread per core, calling `progress(done, total)` after
/// each case run (from worker threads).
pub fn run<'a>(
    files: &'a [CaseFile],
    impls: &[Box<dyn Implementation>],
    progress: impl Fn(usize, usize) + Sync,
) -> Matrix<'a> {
    run_on(files, impls, pool::cores(), progress)
}

/// [`run`] on at most `threads` threads (at least one). The answers never
/// depend on how many.
pub fn run_on<'a>(
    files: &'a [CaseFile],
    impls: &[Box<dyn Implementation>],
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Matrix<'a> {
    let start = Instant::now();
    let cases: Vec<&Case> = files.iter().flat_map(|file| &file.cases).collect();
    // A job is one implementation on a run of cases: one case each, or every
    // case in order for an implementation that must be asked in check order.
    let mut jobs: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
    for (index, implementation) in impls.iter().enumerate() {
        if implementation.in_check_order() {
            jobs.push((index, 0..cases.len()));
        } else {
            jobs.extend((0..cases.len()).map(|case| (index, case..case + 1)));
        }
    }
    let total = cases.len() * impls.len();
    let done = AtomicUsize::new(0);
    let answers = pool::each(&jobs, threads, |(index, range)| {
        let implementation = impls[*index].as_ref();
        let per_case: Vec<Vec<Answer>> = cases[range.clone()]
            .iter()
            .map(|case| {
                let answers = run_case(case, implementation);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                answers
            })
            .collect();
        per_case
    });
    // answers[implementation][case]
    let mut by_impl: Vec<Vec<Vec<Answer>>> = vec![Vec::new(); impls.len()];
    for ((index, _), per_case) in jobs.iter().zip(answers) {
        by_impl[*index].extend(per_case);
    }
    let mut rows = Vec::new();
    for (case_index, case) in cases.into_iter().enumerate() {
        let per_impl: Vec<Vec<Answer>> = by_impl
            .iter_mut()
            .map(|answers| std::mem::take(&mut answers[case_index]))
            .collect();
        for index in 0..case.checks.len() {
            let answers = per_impl.iter().map(|answers| answers[index].clone()).collect();
            rows.push(Row { case, index, answers });
        }
    }
    Matrix {
        impls: impls
            .iter()
            .map(|implementation| ImplInfo {
                name: implementation.name().to_string(),
                claims: implementation.claims(),
            })
            .collect(),
        rows,
        elapsed: start.elapsed(),
    }
}

/// Every check of `case` against one implementation.
fn run_case(case: &Case, implementation: &dyn Implementation) -> Vec<Answer> {
    let prepared = Prepared::case(implementation, case.response.as_ref(), &case.body);
    case.checks
        .iter()
        .map(|check| prepared.check(&check.agent_bytes(), check.url.as_bytes()))
        .collect()
}
