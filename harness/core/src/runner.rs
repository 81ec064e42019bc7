//! Runs cases against implementations: the decision matrix (check ×
//! implementation → answer) and how each answer scores under each profile.

use crate::case::{Basis, Case, CaseFile, Check, Expect, Level, ProfileId, Tag};
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

    /// How implementation `impl_index`'s answer scores under `profile`:
    /// under `rfc`, graded by the level of the clause the expectation rests
    /// on, and an open expectation that names a reading is [`Status::Reading`].
    pub fn status(&self, impl_index: usize, profile: ProfileId) -> Status {
        let check = self.check();
        let status = Status::of(check.expect(profile), &self.answers[impl_index]);
        match profile {
            ProfileId::Rfc => status.graded(&check.basis),
            ProfileId::Google => status,
        }
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
    /// The verdict is the other one: under `rfc`, a miss of a MUST (or of a
    /// plain statement of the protocol); under `google`, any miss.
    Fail,
    /// Under `rfc`, the other verdict where the expectation rests on a
    /// SHOULD or a MAY: a departure from a recommendation, shown apart and a
    /// lesser mark than a [`Status::Fail`]; it does not fail a run.
    Departure(Level),
    /// The implementation crashed, hung or answered garbage.
    Error,
    /// The implementation cannot answer this kind of check.
    NotApplicable,
    /// Under `rfc`, the expectation is open and names a reading of a
    /// contested point: the answer shows which option the implementation
    /// takes, and is never a miss.
    Reading,
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

    /// Under `rfc`: a fail of a SHOULD or MAY becomes a departure at that
    /// level, an open expectation with a reading becomes [`Status::Reading`].
    fn graded(self, basis: &Basis) -> Status {
        match (self, basis.level) {
            (Status::Fail, Some(level @ (Level::Should | Level::May))) => Status::Departure(level),
            (Status::ImplementationDefined, _) if basis.reading.is_some() => Status::Reading,
            (status, _) => status,
        }
    }

    /// A short lowercase name: pass, fail, should-departure, may-departure,
    /// error, n/a, reading, impl-defined.
    pub fn name(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Departure(Level::Should) => "should-departure",
            Status::Departure(_) => "may-departure",
            Status::Reading => "reading",
            Status::Error => "error",
            Status::NotApplicable => "n/a",
            Status::ImplementationDefined => "impl-defined",
        }
    }

    /// Whether this status misses an expectation (counts against the exit
    /// status): a fail or an error, not a departure from a SHOULD or MAY.
    pub fn is_miss(self) -> bool {
        matches!(self, Status::Fail | Status::Error)
    }

    /// Whether this is a departure from a SHOULD or a MAY.
    pub fn is_departure(self) -> bool {
        matches!(self, Status::Departure(_))
    }
}

/// Counts of each status for one implementation under one profile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Passed checks.
    pub pass: usize,
    /// Failed checks (under `rfc`: MUST misses).
    pub fail: usize,
    /// Under `rfc`: departures from a SHOULD.
    pub should: usize,
    /// Under `rfc`: departures from a MAY.
    pub may: usize,
    /// Checks the implementation errored on.
    pub error: usize,
    /// Checks it cannot answer.
    pub not_applicable: usize,
    /// Under `rfc`: open checks that name a reading (the option taken is reported).
    pub reading: usize,
    /// Checks whose expectation is implementation-defined (and, under `rfc`,
    /// names no reading).
    pub implementation_defined: usize,
}

impl Tally {
    /// The scored checks: every definite expectation answered (pass, fail,
    /// departure, error).
    pub fn scored(&self) -> usize {
        self.pass + self.fail + self.should + self.may + self.error
    }

    /// The share of scored checks that passed, in percent: a departure from
    /// a SHOULD or MAY lowers it like a fail (the RFC decides those checks).
    pub fn score(&self) -> Option<f64> {
        let scored = self.scored();
        (scored > 0).then(|| 100.0 * self.pass as f64 / scored as f64)
    }

    fn add(&mut self, status: Status) {
        match status {
            Status::Pass => self.pass += 1,
            Status::Fail => self.fail += 1,
            Status::Departure(Level::Should) => self.should += 1,
            Status::Departure(_) => self.may += 1,
            Status::Reading => self.reading += 1,
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

/// Every check of `case` against one implementation: n/a, unasked, where
/// the check has a capability tag the implementation lacks.
fn run_case(case: &Case, implementation: &dyn Implementation) -> Vec<Answer> {
    let lacked = |check: &Check| {
        check
            .tags
            .iter()
            .copied()
            .find(|tag| tag.is_capability() && !implementation.supports(*tag))
    };
    let unasked: Vec<Answer> = case
        .checks
        .iter()
        .filter_map(|check| Some(not_supported(implementation, lacked(check)?)))
        .collect();
    if unasked.len() == case.checks.len() {
        // Nothing to ask: the body is never loaded.
        return unasked;
    }
    let prepared = Prepared::case(implementation, case.response.as_ref(), &case.body);
    case.checks
        .iter()
        .map(|check| match lacked(check) {
            Some(tag) => not_supported(implementation, tag),
            None => prepared.check(&check.agent_bytes(), check.url.as_bytes()),
        })
        .collect()
}

/// The n/a answer for a check with capability `tag`, which `implementation` lacks.
fn not_supported(implementation: &dyn Implementation, tag: Tag) -> Answer {
    Err(ImplError::Unsupported(format!(
        "{} does not take {} (tag {tag})",
        implementation.name(),
        tag.about()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::{DecidingLine, Outcome};

    /// The status of a one-check case answered `allowed`, under `profile`,
    /// whose expectations are `rfc` and `google` and whose rfc basis is `basis`.
    fn status_of(rfc: Expect, google: Expect, basis: Basis, profile: ProfileId) -> Status {
        let mut case = Case::sample(rfc, google);
        case.checks[0].basis = basis;
        let answer = Ok(Outcome {
            allowed: true,
            line: DecidingLine::At(1),
            detail: None,
        });
        let row = Row {
            case: &case,
            index: 0,
            answers: vec![answer],
        };
        row.status(0, profile)
    }

    fn basis(level: Option<Level>, reading: Option<&str>) -> Basis {
        Basis {
            clause: level.map(|_| "2.2.2".to_string()),
            level,
            reading: reading.map(str::to_string),
            statements: Vec::new(),
        }
    }

    #[test]
    fn a_missed_should_or_may_is_a_departure_and_a_missed_must_a_fail() {
        let (no, rfc) = (Expect::Disallowed, ProfileId::Rfc);
        assert_eq!(status_of(no, no, basis(Some(Level::Must), None), rfc), Status::Fail);
        let should = status_of(no, no, basis(Some(Level::Should), None), rfc);
        assert_eq!(should, Status::Departure(Level::Should));
        assert!(!should.is_miss() && should.is_departure());
        assert_eq!(should.name(), "should-departure");
        let may = status_of(no, no, basis(Some(Level::May), None), rfc);
        assert_eq!(may, Status::Departure(Level::May));
        // The level grades rfc only: under google a miss is a miss.
        let google = status_of(no, no, basis(Some(Level::Should), None), ProfileId::Google);
        assert_eq!(google, Status::Fail);
        // A met SHOULD is a pass like any other.
        let met = status_of(Expect::Allowed, no, basis(Some(Level::Should), None), rfc);
        assert_eq!(met, Status::Pass);
    }

    #[test]
    fn an_open_check_with_a_reading_reports_the_option_not_a_miss() {
        let open = Expect::ImplementationDefined;
        let rfc = ProfileId::Rfc;
        assert_eq!(
            status_of(open, open, basis(None, Some("strict-keys")), rfc),
            Status::Reading
        );
        assert_eq!(
            status_of(open, open, basis(Some(Level::May), None), rfc),
            Status::ImplementationDefined
        );
        assert!(!Status::Reading.is_miss() && !Status::Reading.is_departure());
    }

    #[test]
    fn departures_count_apart_and_lower_the_score() {
        let mut tally = Tally::default();
        for status in [
            Status::Pass,
            Status::Pass,
            Status::Fail,
            Status::Departure(Level::Should),
            Status::Departure(Level::May),
            Status::Reading,
            Status::ImplementationDefined,
        ] {
            tally.add(status);
        }
        assert_eq!((tally.fail, tally.should, tally.may), (1, 1, 1));
        assert_eq!((tally.reading, tally.implementation_defined), (1, 1));
        assert_eq!(tally.scored(), 5);
        assert_eq!(tally.score(), Some(40.0));
    }

    /// An implementation that never answers: only tags decide what it is asked.
    struct Refuses;

    impl crate::implementation::Loaded for Refuses {
        fn check(&self, _agents: &[&[u8]], _url: &[u8]) -> Answer {
            Err(ImplError::Failed("asked".into()))
        }
    }

    impl Implementation for Refuses {
        fn name(&self) -> &str {
            "refuses"
        }
        fn claims(&self) -> ProfileId {
            ProfileId::Rfc
        }
        fn supports(&self, tag: Tag) -> bool {
            tag != Tag::MultiAgent
        }
        fn load(&self, _robots: &[u8]) -> Box<dyn crate::implementation::Loaded + '_> {
            Box::new(Refuses)
        }
    }

    #[test]
    fn a_check_with_a_capability_the_implementation_lacks_is_not_applicable_unasked() {
        let mut case = Case::sample(Expect::Allowed, Expect::Allowed);
        let mut several = case.checks[0].clone();
        several.name = "several".into();
        several.agents.push("B".into());
        several.tags.insert(Tag::MultiAgent);
        // A tag every parser is asked does not make a check n/a.
        case.checks[0].tags.insert(Tag::LongLine);
        case.checks.push(several);
        let answers = run_case(&case, &Refuses);
        assert!(
            matches!(&answers[0], Err(ImplError::Failed(why)) if why == "asked"),
            "{answers:?}"
        );
        assert!(
            matches!(&answers[1], Err(ImplError::Unsupported(why)) if why.contains("several agents in one query (tag multi-agent)")),
            "{answers:?}"
        );
    }
}
