//! The whole report as one call: the suite run against the lineup, the
//! bundled parsers measured (or their measurements read), their differences
//! found, and the pages written — `conformance.md` and `.json`,
//! `readings.md`, one page per parser under `parsers/` (see [`parsers`]),
//! and the same as a static site under `site/`.

mod parsers;

use parsers::Parsers;

use crate::catalogue::third_party::{Reproduce, Stated};
use crate::lineup::{Lineup, Member, Origin};
use crate::measure::differences::Found;
use crate::measure::promote::{cases_yaml, promotable};
use crate::pages::conformance::Conformance;
use crate::pages::readings_page;
use crate::site::{self, Site};
use rep_core::case::statements::{load_statements, Statements};
use rep_core::case::{CaseFile, ProfileId, Readings, STATEMENTS_FILE};
use rep_core::runner::{self};
use std::path::{Path, PathBuf};

/// What to report on, and where.
pub struct Plan<'a> {
    /// The cases.
    pub files: &'a [CaseFile],
    /// The directory to write into.
    pub out: PathBuf,
    /// Whether `out` is the committed `reports/` (case names then link to
    /// `../cases/`).
    pub committed: bool,
    /// Measurements to read instead of measuring here.
    pub measurements: Option<PathBuf>,
    /// The real-world corpus: `real-world` or a directory.
    pub corpus: String,
    /// The reference generated stream's length in checks.
    pub fuzz_checks: u64,
    /// The suite only: no measurements, no parser pages.
    pub suite_only: bool,
    /// The suite's readings, for `readings.md`, when the report covers them.
    pub readings: Option<Readings>,
    /// The commands that regenerate the report, shown on it.
    pub reproduce: Vec<String>,
    /// Whether to write the static site under `out/site/` too.
    pub html: bool,
    /// The self-test every parser passes before it is measured
    /// (`harness/adapters/self-test.yaml`); none skips the gate.
    pub self_test: Option<Vec<CaseFile>>,
}

/// A parser measured and given a page: a bundled one or the user's own.
#[derive(Clone, Debug)]
pub struct Subject {
    /// Its name (its matrix column).
    pub name: String,
    /// The language it is written in.
    pub language: String,
    /// A few words about it.
    pub about: String,
    /// The library and version it reported.
    pub version: String,
    /// The profile it is run against in the suite.
    pub claims: ProfileId,
    /// What its own documentation says it follows, when known.
    pub stated: Option<Stated>,
    /// A program calling its library directly, when known.
    pub reproduce: Option<Reproduce>,
    /// How it is called.
    pub adapter: String,
}

impl Subject {
    fn of(member: &Member) -> Option<Subject> {
        let version = member.version.clone();
        match (member.origin, &member.ready) {
            (Origin::Bundled(party), Ok(_)) => Some(Subject {
                name: party.name.clone(),
                language: party.language.clone(),
                about: party.about.clone(),
                version: version?,
                claims: party.claims,
                stated: party.stated.clone(),
                reproduce: party.reproduce.clone(),
                adapter: party.adapter_command(),
            }),
            (Origin::Yours, Ok(_)) => Some(Subject {
                name: member.name.clone(),
                language: "yours".into(),
                about: "your parser, given with --adapter or --command".into(),
                version: version.unwrap_or_else(|| "version not known".into()),
                claims: member.claims,
                stated: Some(Stated {
                    profile: Some(member.claims),
                    names: String::new(),
                    source: "the --profile given to reptest".into(),
                    says: format!("You gave it the {} profile.", member.claims),
                }),
                reproduce: None,
                adapter: "yours, as given to reptest report".into(),
            }),
            _ => None,
        }
    }

    /// The profile its misses are counted against: the one it states, or
    /// none.
    pub fn stated_profile(&self) -> Option<ProfileId> {
        self.stated.as_ref().and_then(|stated| stated.profile)
    }
}

/// What the report is doing, for a progress display.
pub enum Progress<'a> {
    /// Case runs of the suite matrix done, of all.
    Cases(usize, usize),
    /// A step of the measurement or the analysis, in words.
    Step(&'a str),
}

/// What was written.
pub struct Written {
    /// The files, in the order written.
    pub files: Vec<PathBuf>,
    /// Checks in the matrix.
    pub checks: usize,
    /// Implementations that ran.
    pub ran: usize,
    /// What was left out and why, one line each.
    pub left_out: Vec<String>,
    /// Files of the site written under `out/site/` (listed as one entry of `files`).
    pub site_pages: usize,
}

/// Runs and writes the whole report on `lineup` (runnable or not: those
/// that are not are listed with the reason).
pub fn write(plan: &Plan<'_>, lineup: Lineup, progress: impl Fn(Progress<'_>) + Sync) -> Result<Written, String> {
    let mut left_out: Vec<String> = lineup
        .members
        .iter()
        .filter_map(|member| Some(format!("{}: {}", member.name, member.ready.as_ref().err()?)))
        .collect();
    let bundled: Vec<Subject> = lineup.members.iter().filter_map(Subject::of).collect();
    let (impls, entries) = lineup.into_runnable();
    let matrix = runner::run(plan.files, &impls, |done, total| progress(Progress::Cases(done, total)));
    std::fs::create_dir_all(&plan.out).map_err(|error| format!("cannot create {}: {error}", plan.out.display()))?;
    let mut written = Vec::new();
    let (measured, corpus, measurements, docs) = if bundled.is_empty() || plan.suite_only {
        (Vec::new(), String::new(), None, Vec::new())
    } else {
        let parsers = Parsers {
            bundled: &bundled,
            impls: &impls,
            matrix: &matrix,
        };
        let (measured, corpus, measurements, docs) =
            parsers.measure_and_write_pages(plan, &progress, &mut written, &mut left_out)?;
        (measured, corpus, Some(measurements.references), docs)
    };
    let report = Conformance {
        matrix: &matrix,
        entries,
        case_link_prefix: plan.committed.then(|| "../cases/".to_string()),
        reproduce: plan.reproduce.clone(),
        measured,
        corpus,
        readings: plan.readings.as_ref(),
        references: measurements.unwrap_or_default(),
        google: if impls.iter().any(|i| i.name() == "google") {
            "google".to_string()
        } else {
            "rep-google".to_string()
        },
    };
    write_file(&plan.out.join("conformance.md"), &report.markdown(), &mut written)?;
    write_file(&plan.out.join("conformance.json"), &report.json(), &mut written)?;
    if let Some(readings) = &plan.readings {
        let choice = matrix.impls.iter().position(|info| info.name == "rep-rfc").unwrap_or(0);
        let statements = statements_beside(readings)?;
        let page = readings_page::markdown(readings, &matrix, choice, statements.as_ref());
        write_file(&plan.out.join("readings.md"), &page, &mut written)?;
    }
    let mut site_pages = 0;
    if plan.html {
        progress(Progress::Step("writing the site"));
        let site = Site {
            report: &report,
            readings: plan.readings.as_ref(),
            parsers: docs,
        };
        site_pages = site::write(&site, &plan.out.join("site"))?.len();
        written.push(plan.out.join("site"));
    }
    Ok(Written {
        files: written,
        checks: matrix.rows.len(),
        ran: matrix.impls.len(),
        left_out,
        site_pages,
    })
}

/// The statements file beside the readings file, when the suite has one.
fn statements_beside(readings: &Readings) -> Result<Option<Statements>, String> {
    let path = readings.path.with_file_name(STATEMENTS_FILE);
    if !path.exists() {
        return Ok(None);
    }
    load_statements(&path).map(Some).map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        lines.join("\n")
    })
}

/// `promotable.yaml` in `out`: the real-world differences of every parser
/// on which both references agree, as draft cases (none: no file).
fn write_promotable(out: &Path, founds: &[(&str, Found)], written: &mut Vec<PathBuf>) -> Result<(), String> {
    let by_parser: Vec<(&str, &Found)> = founds.iter().map(|(name, found)| (*name, found)).collect();
    let offered = promotable(&by_parser);
    let drafts = out.join("promotable.yaml");
    if offered.is_empty() {
        let _ = std::fs::remove_file(&drafts);
        return Ok(());
    }
    write_file(&drafts, &cases_yaml(&offered), written)
}

/// Writes `text` to `path` whole or not at all, and lists it in `written`.
fn write_file(path: &Path, text: &str, written: &mut Vec<PathBuf>) -> Result<(), String> {
    rep_core::atomic::write_atomically(path, text.as_bytes())
        .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    written.push(path.to_path_buf());
    Ok(())
}
