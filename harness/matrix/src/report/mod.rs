//! The whole report as one call: the suite run against the lineup, the
//! bundled parsers measured (or their measurements read), their differences
//! found, all of it built into one [`Report`] — written as `report.json`
//! beside its schema — and the Markdown pages rendered from it
//! (`conformance.md`, `readings.md`, `parsers/<name>.md`). The static site is
//! rendered from `report.json` by [`crate::site`], apart.

mod parser;
mod parsers;
mod readings;
mod suite;

use parsers::{Analyses, Parsers};

use crate::catalogue::third_party::Reproduce;
use crate::lineup::{Lineup, Member, Origin};
use crate::measure::differences::FUZZ_MIN_INPUTS;
use crate::measure::found::Found;
use crate::measure::promote::{cases_yaml, promotable};
use crate::measure::REFERENCE_SEED;
use crate::model::parsers::{Measured, ReferencesPart};
use crate::model::{self, Corpus, Report, Stamp};
use crate::pages;
use rep_core::case::statements::{load_statements, Statements};
use rep_core::case::{CaseFile, ProfileId, Readings, STATEMENTS_FILE};
use rep_core::runner;
use std::path::{Path, PathBuf};

/// The file the report is written to, under the output directory.
pub const REPORT_FILE: &str = "report.json";

/// Its JSON Schema, beside it.
pub(crate) const SCHEMA_FILE: &str = "report.schema.json";

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
    /// When, from what and with what the report is made (its corpus is filled in here).
    pub stamp: Stamp,
    /// The self-test every parser passes before it is measured
    /// (`harness/adapters/self-test.yaml`); none skips the gate.
    pub self_test: Option<Vec<CaseFile>>,
}

/// A parser measured and given a page: a bundled one or the user's own.
#[derive(Clone, Debug)]
pub(crate) struct Subject {
    /// Its name (its matrix column).
    pub name: String,
    /// The language it is written in.
    pub language: String,
    /// A few words about it.
    pub about: String,
    /// The library and version it reported.
    pub version: String,
    /// The profile its misses are counted against: the one its own
    /// documentation states (yours: the --profile given), or none.
    pub stated: Option<ProfileId>,
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
                stated: party.stated.as_ref().and_then(|stated| stated.profile),
                reproduce: party.reproduce.clone(),
                adapter: party.adapter_command(),
            }),
            (Origin::Yours, Ok(_)) => Some(Subject {
                name: member.name.clone(),
                language: "yours".into(),
                about: "your parser, given with --adapter or --command".into(),
                version: version.unwrap_or_else(|| "version not known".into()),
                stated: Some(member.claims),
                reproduce: None,
                adapter: "yours, as given to reptest report".into(),
            }),
            _ => None,
        }
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
}

/// Runs the report on `lineup` (runnable or not: those that are not are
/// listed with the reason), writes `report.json`, its schema and the
/// Markdown pages rendered from it.
pub fn write(plan: &Plan<'_>, lineup: Lineup, progress: impl Fn(Progress<'_>) + Sync) -> Result<Written, String> {
    let mut left_out: Vec<String> = lineup
        .members
        .iter()
        .filter_map(|member| Some(format!("{}: {}", member.name, member.ready.as_ref().err()?)))
        .collect();
    let bundled: Vec<Subject> = lineup.members.iter().filter_map(Subject::of).collect();
    let implementations = lineup.members.iter().map(suite::implementation).collect();
    let impls = lineup.into_runnable();
    let matrix = runner::run(plan.files, &impls, |done, total| progress(Progress::Cases(done, total)));
    std::fs::create_dir_all(&plan.out).map_err(|error| format!("cannot create {}: {error}", plan.out.display()))?;
    let mut written = Vec::new();
    let mut suite = suite::suite(&matrix, implementations, plan.committed);
    let analyses = if bundled.is_empty() || plan.suite_only {
        None
    } else {
        let parsers = Parsers {
            bundled: &bundled,
            impls: &impls,
            matrix: &matrix,
        };
        Some(parsers.measure_and_analyse(plan, &progress, &mut left_out)?)
    };
    let mut stamp = plan.stamp.clone();
    let measured = analyses.as_ref().map(|analyses| {
        stamp.corpus = Some(Corpus {
            described: analyses.measurements.corpus.clone(),
            collected: None,
        });
        measured(analyses, &mut suite)
    });
    let readings = match &plan.readings {
        Some(readings) => {
            let choice = matrix.impls.iter().position(|info| info.name == "rep-rfc").unwrap_or(0);
            let columns: Vec<usize> = suite
                .columns
                .iter()
                .filter_map(|name| matrix.impls.iter().position(|info| &info.name == name))
                .collect();
            let statements = statements_beside(readings)?;
            Some(readings::readings(
                readings,
                statements.as_ref(),
                &matrix,
                &columns,
                choice,
            ))
        }
        None => None,
    };
    let report = Report {
        format: model::FORMAT.to_string(),
        stamp,
        suite,
        measured,
        readings,
        reproduce: plan.reproduce.clone(),
    };
    write_file(&plan.out.join(REPORT_FILE), &model::to_json(&report), &mut written)?;
    write_file(&plan.out.join(SCHEMA_FILE), &model::schema(), &mut written)?;
    for (path, text) in pages::pages(&report) {
        write_file(&plan.out.join(&path), &text, &mut written)?;
    }
    remove_stale_pages(&plan.out, &report)?;
    if let Some(analyses) = &analyses {
        let founds: Vec<(&str, &Found)> = analyses
            .parsers
            .iter()
            .map(|(subject, _, found)| (subject.name.as_str(), found))
            .collect();
        write_promotable(&plan.out, &founds, &mut written)?;
    }
    Ok(Written {
        files: written,
        checks: matrix.rows.len(),
        ran: matrix.impls.len(),
        left_out,
    })
}

/// The parsers' part of the model; marks each measured parser as having a page.
fn measured(analyses: &Analyses, suite: &mut model::Suite) -> Measured {
    let explored = analyses.measurements.explore_seed.is_some();
    let parsers = analyses
        .parsers
        .iter()
        .map(|(subject, collected, found)| {
            parser::parser(
                &parser::Analysed {
                    subject,
                    collected,
                    found,
                    explored,
                },
                suite,
            )
        })
        .collect::<Vec<_>>();
    for implementation in &mut suite.implementations {
        implementation.page = parsers.iter().any(|parser| parser.name == implementation.name);
    }
    Measured {
        google_reference: analyses.google.clone(),
        references_part: analyses
            .measurements
            .references
            .iter()
            .map(|(source, (checks, differ))| ReferencesPart {
                source: parser::source_of(*source),
                checks: *checks,
                differ: *differ,
            })
            .collect(),
        reference_seed: REFERENCE_SEED,
        explore_seed: analyses.measurements.explore_seed,
        fuzz_min_inputs: FUZZ_MIN_INPUTS,
        parsers,
    }
}

/// Removes the pages under `out/parsers/` of parsers the report no longer has.
fn remove_stale_pages(out: &Path, report: &Report) -> Result<(), String> {
    let dir = out.join(pages::PARSERS_DIR);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(());
    };
    let kept: Vec<PathBuf> = report
        .measured
        .iter()
        .flat_map(|measured| &measured.parsers)
        .map(|parser| out.join(pages::page_path(&parser.name)))
        .collect();
    for stale in entries.flatten() {
        if !kept.contains(&stale.path()) {
            std::fs::remove_file(stale.path())
                .map_err(|error| format!("cannot remove {}: {error}", stale.path().display()))?;
        }
    }
    Ok(())
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
fn write_promotable(out: &Path, founds: &[(&str, &Found)], written: &mut Vec<PathBuf>) -> Result<(), String> {
    let offered = promotable(founds);
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

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
mod cross_format;
