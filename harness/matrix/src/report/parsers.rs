//! The parsers of a report: gated by the self-test, measured (or their
//! measurements read), and their differences found.

use super::{Plan, Progress, Subject};
use crate::measure::collect::Collected;
use crate::measure::found::Found;
use crate::measure::self_test::self_test;
use crate::measure::{analyse, measure_parsers, read_measurements, Measurements, Plan as MeasurePlan};
use rep_core::corpus::load_corpus;
use rep_core::diff::shard::Shard;
use rep_core::implementation::Implementation;
use rep_core::pool::{self, cores};
use rep_core::runner::Matrix;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Every parser measured and analysed, with what they were measured on.
pub(super) struct Analyses {
    /// Each parser with its measurements (suite included) and differences, in the registry's order.
    pub(super) parsers: Vec<(Subject, Collected, Found)>,
    /// The measurements, for what the parsers share (corpus, references, seeds).
    pub(super) measurements: Measurements,
    /// The Google reference's name: `google`, or its stand-in.
    pub(super) google: String,
}

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

    /// Measures the parsers that pass the self-test (or reads their
    /// measurements) and finds their differences.
    pub(super) fn measure_and_analyse(
        &self,
        plan: &Plan<'_>,
        progress: &(impl Fn(Progress<'_>) + Sync),
        left_out: &mut Vec<String>,
    ) -> Result<Analyses, String> {
        let (google, stand_in) = self.google_reference()?;
        left_out.extend(stand_in);
        let rfc = self.column("rep-rfc")?;
        let gated = self.gate(plan, progress, left_out)?;
        let parsers = Parsers {
            bundled: &gated,
            impls: self.impls,
            matrix: self.matrix,
        };
        parsers.analyse_all(plan, progress, google, rfc)
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

    fn analyse_all(
        &self,
        plan: &Plan<'_>,
        progress: &(impl Fn(Progress<'_>) + Sync),
        google: usize,
        rfc: usize,
    ) -> Result<Analyses, String> {
        let measurements = self.measurements(plan, google, rfc, progress)?;
        let done = AtomicUsize::new(0);
        // Minimising asks each parser many questions one at a time, so parsers
        // are analysed side by side; they are reported in the registry's order.
        let analyses = pool::each(self.bundled, cores(), |party| {
            let started = Instant::now();
            let column = self.column(&party.name)?;
            let measured = measurements.parsers.get(&party.name);
            let (google, rfc) = (self.impls[google].as_ref(), self.impls[rfc].as_ref());
            let stated = party.stated;
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
        let mut parsers = Vec::new();
        for (party, analysis) in self.bundled.iter().zip(analyses) {
            let (collected, found) = analysis?;
            parsers.push((party.clone(), collected, found));
        }
        Ok(Analyses {
            parsers,
            measurements,
            google: self.impls[google].name().to_string(),
        })
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
