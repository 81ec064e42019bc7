//! The third-party parsers of `reptest report`: their measurements, their
//! differences and a page for each under `reports/parsers/`.

use super::Args;
use crate::cli::progress::Progress;
use crate::cmd::measure::load_corpus;
use crate::cmd::merge;
use rep_core::diff::shard::Shard;
use rep_core::implementation::Implementation;
use rep_core::pool::{self, cores};
use rep_core::runner;
use rep_matrix::catalogue::third_party::ThirdParty;
use rep_matrix::measure::collect::Collected;
use rep_matrix::measure::differences::Found;
use rep_matrix::measure::{analyse, measure_parsers, Measurements, Plan};
use rep_matrix::pages::measured::MeasuredParser;
use rep_matrix::pages::parser_page::{ParserInfo, ParserPage};
use std::path::Path;
use std::time::Instant;

/// Where the implementation `name` is in `impls`.
fn position(impls: &[Box<dyn Implementation>], name: &str) -> Result<usize, String> {
    impls
        .iter()
        .position(|implementation| implementation.name() == name)
        .ok_or_else(|| format!("{name} did not run, and measuring needs it"))
}

/// The third-party parsers' measurements: read from `--measurements`, or
/// taken here against Google's parser and rep-rfc.
fn measurements(
    options: &Args,
    ran: &[(&ThirdParty, String)],
    impls: &[Box<dyn Implementation>],
) -> Result<Measurements, String> {
    if let Some(path) = &options.measurements {
        return merge::read_measurements(path);
    }
    let (google, rfc) = (position(impls, "google")?, position(impls, "rep-rfc")?);
    let (files, corpus) = load_corpus(&options.corpus)?;
    let parsers: Vec<(&dyn Implementation, String)> = ran
        .iter()
        .map(|(party, version)| Ok((impls[position(impls, &party.name)?].as_ref(), version.clone())))
        .collect::<Result<_, String>>()?;
    let plan = Plan {
        files: &files,
        corpus,
        shard: Shard::WHOLE,
        explore_seed: None,
        fuzz_checks: options.fuzz_checks,
        threads: cores(),
    };
    let progress = Progress::new("report", "");
    let measured = measure_parsers(&plan, &parsers, impls[google].as_ref(), impls[rfc].as_ref(), |step| {
        progress.step(step)
    });
    progress.finish();
    Ok(measured)
}

/// Measures the third-party parsers that ran (or reads their measurements),
/// finds their differences, writes a page for each under `out/parsers/`
/// (and removes pages of parsers no longer reported), and gives their
/// summaries for the conformance report with the corpus described.
pub(super) fn third_parties(
    options: &Args,
    ran: &[(&ThirdParty, String)],
    impls: &[Box<dyn Implementation>],
    matrix: &runner::Matrix<'_>,
    out: &Path,
) -> Result<(Vec<MeasuredParser>, String), String> {
    let (google, rfc) = (position(impls, "google")?, position(impls, "rep-rfc")?);
    let measurements = measurements(options, ran, impls)?;
    let pages = out.join("parsers");
    std::fs::create_dir_all(&pages).map_err(|error| format!("cannot create {}: {error}", pages.display()))?;
    // Minimising asks each parser many questions one at a time, so parsers
    // are analysed side by side; pages are written in the registry's order.
    let progress = Progress::new("report", "parsers analysed");
    let analyses = pool::each(ran, cores(), |(party, _)| {
        let started = Instant::now();
        let column = position(impls, &party.name)?;
        let (collected, found) = analyse(
            impls[column].as_ref(),
            measurements.parsers.get(&party.name),
            matrix,
            column,
            impls[google].as_ref(),
            impls[rfc].as_ref(),
        );
        let done = progress.advance(ran.len() as u64);
        progress.println(&format!(
            "reptest report: {}: {} distinct differences found in {:.1} s ({done}/{})",
            party.name,
            found.listed.len(),
            started.elapsed().as_secs_f64(),
            ran.len()
        ));
        Ok::<_, String>((collected, found))
    });
    progress.finish();
    let measured = write_pages(ran, analyses, &measurements, &pages)?;
    Ok((measured, measurements.corpus))
}

/// Writes each analysed parser's page under `pages` (removing pages of
/// parsers no longer reported); gives their summaries.
fn write_pages(
    ran: &[(&ThirdParty, String)],
    analyses: Vec<Result<(Collected, Found), String>>,
    measurements: &Measurements,
    pages: &Path,
) -> Result<Vec<MeasuredParser>, String> {
    let mut measured = Vec::new();
    let mut written = Vec::new();
    for ((party, version), analysis) in ran.iter().zip(analyses) {
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
        let file = pages.join(format!("{}.md", party.name));
        std::fs::write(&file, page.markdown()).map_err(|error| format!("cannot write {}: {error}", file.display()))?;
        written.push(file);
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
    for stale in std::fs::read_dir(pages).map_err(|error| error.to_string())?.flatten() {
        if !written.contains(&stale.path()) {
            let _ = std::fs::remove_file(stale.path());
        }
    }
    Ok(measured)
}
