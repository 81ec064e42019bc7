//! The whole report as one call: the suite run against the lineup, the
//! bundled parsers measured (or their measurements read), their differences
//! found, and the pages written — `conformance.md` and `.json`,
//! `readings.md`, one page per parser under `parsers/`, and the same as a
//! static site under `site/`.

use crate::catalogue::third_party::ThirdParty;
use crate::lineup::{Lineup, Origin};
use crate::measure::{analyse, measure_parsers, read_measurements, Measurements, Plan as MeasurePlan};
use crate::pages::conformance::Conformance;
use crate::pages::measured::MeasuredParser;
use crate::pages::parser_page::{ParserInfo, ParserPage};
use crate::pages::readings_page;
use crate::site::{self, ParserDoc, Site};
use rep_core::case::{CaseFile, Readings};
use rep_core::corpus::load_corpus;
use rep_core::diff::shard::Shard;
use rep_core::implementation::Implementation;
use rep_core::pool::{self, cores};
use rep_core::runner::{self, Matrix};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

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
    let bundled: Vec<(&'static ThirdParty, String)> = lineup
        .members
        .iter()
        .filter_map(|member| match (member.origin, &member.ready, &member.version) {
            (Origin::Bundled(party), Ok(_), Some(version)) => Some((party, version.clone())),
            _ => None,
        })
        .collect();
    let (impls, entries) = lineup.into_runnable();
    let matrix = runner::run(plan.files, &impls, |done, total| progress(Progress::Cases(done, total)));
    std::fs::create_dir_all(&plan.out).map_err(|error| format!("cannot create {}: {error}", plan.out.display()))?;
    let mut written = Vec::new();
    let (measured, corpus, docs) = if bundled.is_empty() || plan.suite_only {
        (Vec::new(), String::new(), Vec::new())
    } else {
        let parsers = Parsers {
            bundled: &bundled,
            impls: &impls,
            matrix: &matrix,
        };
        parsers.measure_and_write_pages(plan, &progress, &mut written, &mut left_out)?
    };
    let report = Conformance {
        matrix: &matrix,
        entries,
        case_link_prefix: plan.committed.then(|| "../cases/".to_string()),
        reproduce: plan.reproduce.clone(),
        measured,
        corpus,
    };
    write_file(&plan.out.join("conformance.md"), &report.markdown(), &mut written)?;
    write_file(&plan.out.join("conformance.json"), &report.json(), &mut written)?;
    if let Some(readings) = &plan.readings {
        let choice = matrix.impls.iter().position(|info| info.name == "rep-rfc").unwrap_or(0);
        let page = readings_page::markdown(readings, &matrix, choice);
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

fn write_file(path: &Path, text: &str, written: &mut Vec<PathBuf>) -> Result<(), String> {
    std::fs::write(path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    written.push(path.to_path_buf());
    Ok(())
}

/// The bundled parsers that ran, and what they ran in.
struct Parsers<'p, 'm, 'a> {
    bundled: &'p [(&'static ThirdParty, String)],
    impls: &'p [Box<dyn Implementation>],
    matrix: &'m Matrix<'a>,
}

impl Parsers<'_, '_, '_> {
    fn column(&self, name: &str) -> Result<usize, String> {
        self.impls
            .iter()
            .position(|implementation| implementation.name() == name)
            .ok_or_else(|| format!("{name} did not run"))
    }

    /// Google's parser as the Google reference, or `rep-google` (which
    /// agrees with it on every check of the fidelity tests) in a build
    /// without it; the note says which when it is not Google's own.
    fn google_reference(&self) -> Result<(usize, Option<String>), String> {
        match self.column("google") {
            Ok(column) => Ok((column, None)),
            Err(_) => Ok((
                self.column("rep-google")
                    .map_err(|_| "neither google nor rep-google ran, and measuring needs one".to_string())?,
                Some("Google's parser is not in this build: rep-google stands in as the Google reference".to_string()),
            )),
        }
    }

    /// Measures the parsers (or reads their measurements), finds their
    /// differences, writes a page each under `out/parsers/` (removing pages
    /// of parsers no longer reported), and gives their summaries and the
    /// corpus described.
    fn measure_and_write_pages(
        &self,
        plan: &Plan<'_>,
        progress: &(impl Fn(Progress<'_>) + Sync),
        written: &mut Vec<PathBuf>,
        left_out: &mut Vec<String>,
    ) -> Result<(Vec<MeasuredParser>, String, Vec<ParserDoc>), String> {
        let (google, stand_in) = self.google_reference()?;
        left_out.extend(stand_in);
        let rfc = self.column("rep-rfc")?;
        let measurements = self.measurements(plan, google, rfc, progress)?;
        let pages = plan.out.join("parsers");
        std::fs::create_dir_all(&pages).map_err(|error| format!("cannot create {}: {error}", pages.display()))?;
        let done = AtomicUsize::new(0);
        // Minimising asks each parser many questions one at a time, so parsers
        // are analysed side by side; pages are written in the registry's order.
        let analyses = pool::each(self.bundled, cores(), |(party, _)| {
            let started = Instant::now();
            let column = self.column(&party.name)?;
            let measured = measurements.parsers.get(&party.name);
            let (google, rfc) = (self.impls[google].as_ref(), self.impls[rfc].as_ref());
            let analysis = analyse(self.impls[column].as_ref(), measured, self.matrix, column, google, rfc);
            progress(Progress::Step(&format!(
                "{}: {} distinct differences found in {:.1} s ({}/{})",
                party.name,
                analysis.1.listed.len(),
                started.elapsed().as_secs_f64(),
                done.fetch_add(1, Ordering::Relaxed) + 1,
                self.bundled.len()
            )));
            Ok::<_, String>(analysis)
        });
        let mut measured = Vec::new();
        let mut docs = Vec::new();
        let first_page = written.len();
        for ((party, version), analysis) in self.bundled.iter().zip(analyses) {
            let (collected, found) = analysis?;
            let info = ParserInfo {
                name: party.name.clone(),
                language: party.language.clone(),
                version: version.clone(),
                about: party.about.clone(),
                claims: party.claims,
                adapter: party.adapter_command(),
            };
            let page = ParserPage {
                info: &info,
                collected: &collected,
                differences: &found.listed,
                rare: found.rare,
                corpus: &measurements.corpus,
                explore_seed: measurements.explore_seed,
                explored: &found.explored,
            };
            let markdown = page.markdown();
            write_file(&pages.join(format!("{}.md", party.name)), &markdown, written)?;
            docs.push(ParserDoc::new(&party.name, markdown));
            let tallies = collected
                .tallies
                .iter()
                .map(|(source, tally)| (*source, *tally))
                .collect();
            measured.push(MeasuredParser::of(
                &party.name,
                &party.language,
                party.claims,
                tallies,
                &found,
            ));
        }
        let pages_written = &written[first_page..];
        for stale in std::fs::read_dir(&pages).map_err(|error| error.to_string())?.flatten() {
            if !pages_written.contains(&stale.path()) {
                let _ = std::fs::remove_file(stale.path());
            }
        }
        Ok((measured, measurements.corpus, docs))
    }

    fn measurements(
        &self,
        plan: &Plan<'_>,
        google: usize,
        rfc: usize,
        progress: &(impl Fn(Progress<'_>) + Sync),
    ) -> Result<Measurements, String> {
        if let Some(path) = &plan.measurements {
            return read_measurements(path);
        }
        let (files, corpus) = load_corpus(&plan.corpus)?;
        let parsers: Vec<(&dyn Implementation, String)> = self
            .bundled
            .iter()
            .map(|(party, version)| Ok((self.impls[self.column(&party.name)?].as_ref(), version.clone())))
            .collect::<Result<_, String>>()?;
        let measure = MeasurePlan {
            files: &files,
            corpus,
            shard: Shard::WHOLE,
            explore_seed: None,
            fuzz_checks: plan.fuzz_checks,
            threads: cores(),
        };
        let (google, rfc) = (self.impls[google].as_ref(), self.impls[rfc].as_ref());
        Ok(measure_parsers(&measure, &parsers, google, rfc, |step| {
            progress(Progress::Step(step))
        }))
    }
}
