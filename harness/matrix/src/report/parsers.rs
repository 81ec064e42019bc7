//! The parsers of a report: gated by the self-test, measured (or their
//! measurements read), their differences found, and a page written each.

use super::{write_file, write_promotable, Plan, Progress, Subject};
use crate::measure::collect::Collected;
use crate::measure::differences::Found;
use crate::measure::self_test::self_test;
use crate::measure::{analyse, measure_parsers, read_measurements, Measurements, Plan as MeasurePlan};
use crate::pages::measured::MeasuredParser;
use crate::pages::options;
use crate::pages::parser_page::{ParserInfo, ParserPage};
use crate::site::ParserDoc;
use rep_core::corpus::load_corpus;
use rep_core::diff::shard::Shard;
use rep_core::implementation::Implementation;
use rep_core::pool::{self, cores};
use rep_core::runner::Matrix;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The bundled parsers that ran, and what they ran in.
pub(super) struct Parsers<'p, 'm, 'a> {
    pub(super) bundled: &'p [Subject],
    pub(super) impls: &'p [Box<dyn Implementation>],
    pub(super) matrix: &'m Matrix<'a>,
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
    pub(super) fn measure_and_write_pages(
        &self,
        plan: &Plan<'_>,
        progress: &(impl Fn(Progress<'_>) + Sync),
        written: &mut Vec<PathBuf>,
        left_out: &mut Vec<String>,
    ) -> Result<(Vec<MeasuredParser>, String, Measurements, Vec<ParserDoc>), String> {
        let (google, stand_in) = self.google_reference()?;
        left_out.extend(stand_in);
        let rfc = self.column("rep-rfc")?;
        let gated = self.gate(plan, progress, left_out)?;
        let parsers = Parsers {
            bundled: &gated,
            impls: self.impls,
            matrix: self.matrix,
        };
        parsers.pages(plan, progress, written, google, rfc)
    }

    /// The subjects that pass the self-test; the others are left out with
    /// the reason.
    fn gate(
        &self,
        plan: &Plan<'_>,
        progress: &(impl Fn(Progress<'_>) + Sync),
        left_out: &mut Vec<String>,
    ) -> Result<Vec<Subject>, String> {
        let Some(files) = &plan.self_test else {
            return Ok(self.bundled.to_vec());
        };
        progress(Progress::Step("the self-test of every parser"));
        let mut passed = Vec::new();
        for subject in self.bundled {
            match self_test(self.impls[self.column(&subject.name)?].as_ref(), files) {
                Ok(()) => passed.push(subject.clone()),
                Err(why) => left_out.push(format!("{}: {why}", subject.name)),
            }
        }
        Ok(passed)
    }

    fn pages(
        &self,
        plan: &Plan<'_>,
        progress: &(impl Fn(Progress<'_>) + Sync),
        written: &mut Vec<PathBuf>,
        google: usize,
        rfc: usize,
    ) -> Result<(Vec<MeasuredParser>, String, Measurements, Vec<ParserDoc>), String> {
        let measurements = self.measurements(plan, google, rfc, progress)?;
        let pages = plan.out.join("parsers");
        std::fs::create_dir_all(&pages).map_err(|error| format!("cannot create {}: {error}", pages.display()))?;
        let done = AtomicUsize::new(0);
        // Minimising asks each parser many questions one at a time, so parsers
        // are analysed side by side; pages are written in the registry's order.
        let analyses = pool::each(self.bundled, cores(), |party| {
            let started = Instant::now();
            let column = self.column(&party.name)?;
            let measured = measurements.parsers.get(&party.name);
            let (google, rfc) = (self.impls[google].as_ref(), self.impls[rfc].as_ref());
            let stated = party.stated_profile();
            let analysis = analyse(
                self.impls[column].as_ref(),
                measured,
                self.matrix,
                column,
                google,
                rfc,
                stated,
            );
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
        let mut founds = Vec::new();
        let first_page = written.len();
        let mut docs = Vec::new();
        for (party, analysis) in self.bundled.iter().zip(analyses) {
            let (collected, found) = analysis?;
            let mut page = self.page(party, &collected, &found, &measurements, self.impls[google].name());
            if let Some(readings) = &plan.readings {
                page.push_str(&options::section(readings, self.matrix, self.column(&party.name)?, rfc));
            }
            write_file(&pages.join(format!("{}.md", party.name)), &page, written)?;
            docs.push(ParserDoc::new(&party.name, page));
            let pairs = |map: &std::collections::BTreeMap<_, _>| map.iter().map(|(s, t)| (*s, *t)).collect();
            measured.push(MeasuredParser::of(
                party,
                pairs(&collected.tallies),
                pairs(&collected.non_utf8),
                &found,
            ));
            founds.push((party.name.as_str(), found));
        }
        write_promotable(&plan.out, &founds, written)?;
        let pages_written = &written[first_page..];
        for stale in std::fs::read_dir(&pages).map_err(|error| error.to_string())?.flatten() {
            if !pages_written.contains(&stale.path()) {
                let _ = std::fs::remove_file(stale.path());
            }
        }
        Ok((measured, measurements.corpus.clone(), measurements, docs))
    }

    /// The page of `party`, as Markdown.
    fn page(
        &self,
        party: &Subject,
        collected: &Collected,
        found: &Found,
        measurements: &Measurements,
        google: &str,
    ) -> String {
        let info = ParserInfo {
            name: party.name.clone(),
            language: party.language.clone(),
            version: party.version.clone(),
            about: party.about.clone(),
            stated: party.stated.clone(),
            reproduce: party.reproduce.clone(),
            adapter: party.adapter.clone(),
        };
        ParserPage {
            info: &info,
            collected,
            differences: &found.listed,
            rare: found.rare,
            corpus: &measurements.corpus,
            references: &measurements.references,
            google,
            explore_seed: measurements.explore_seed,
            explored: &found.explored,
        }
        .markdown()
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
            .map(|party| Ok((self.impls[self.column(&party.name)?].as_ref(), party.version.clone())))
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
