//! `reptest adapters baseline` and `reptest adapters test`: the suite
//! against each parser, its expected failures written or held to.

use super::Action;
use crate::cli::progress::Progress;
use rep_core::baseline::{judge, write, ExpectedFailures};
use rep_core::case::CaseFile;
use rep_core::implementation::Implementation;
use rep_core::pool;
use rep_core::runner::{self, Matrix};
use rep_matrix::catalogue::third_party::{probe_all, Places, ThirdParty};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

/// `baseline` and `test`: the suite against each parser, as many parsers
/// at a time as there are cores (each adapter answers one check at a
/// time), each reported as soon as it is done.
pub(super) fn suite(
    action: Action,
    chosen: &[&ThirdParty],
    places: &Places,
    files: &[CaseFile],
    expected: &Path,
    timeout: Duration,
) -> u8 {
    if action == Action::Baseline {
        if let Err(error) = std::fs::create_dir_all(expected) {
            eprintln!(
                "reptest adapters baseline: cannot create {}: {error}",
                expected.display()
            );
            return 1;
        }
    }
    let probes = probe_all(chosen, places);
    let parsers: Vec<_> = chosen.iter().zip(&probes).collect();
    let cases: usize = files.iter().map(|file| file.cases.len()).sum();
    let installed = probes
        .iter()
        .filter(|probe| (*probe).clone().into_result().is_ok())
        .count();
    let progress = Progress::new(&format!("adapters {}", super::name_of(action)), "case runs");
    let run = Run {
        action,
        places,
        files,
        timeout,
        progress: &progress,
        total: (cases * installed) as u64,
    };
    let failed = pool::each(&parsers, pool::cores(), |(parser, probe)| {
        let file = expected.join(format!("{}.txt", parser.name));
        let result = (*probe)
            .clone()
            .into_result()
            .map_err(|why| format!("not run: {why}"))
            .and_then(|version| run.one_parser(parser, &file).map(|said| format!("{version}: {said}")));
        progress.suspend(|| match result {
            Ok(said) => {
                println!("{}: {said}", parser.name);
                false
            }
            Err(why) => {
                println!("{}: FAILED: {why}", parser.name);
                true
            }
        })
    });
    progress.finish();
    u8::from(failed.contains(&true))
}

/// What every parser's run shares.
struct Run<'a> {
    action: Action,
    places: &'a Places,
    files: &'a [CaseFile],
    timeout: Duration,
    progress: &'a Progress,
    /// Case runs of all the parsers that can run.
    total: u64,
}

impl Run<'_> {
    /// Runs the suite against one installed parser and writes its expected
    /// failures to `file` (baseline) or holds it to them (test).
    fn one_parser(&self, parser: &ThirdParty, file: &Path) -> Result<String, String> {
        // Never given up on after a run of errors (no `Patience`): which checks
        // fall after such a run depends on the order the runner's threads take
        // the cases in, and the files must not. A parser that cannot answer at
        // all is stopped here instead, and one slow on a few pathological checks
        // costs `timeout` for each.
        let adapter = parser.adapter_at(self.places, self.timeout);
        adapter.start().map_err(|why| format!("cannot start: {why}"))?;
        let impls: [Box<dyn Implementation>; 1] = [Box::new(adapter)];
        let matrix = runner::run(self.files, &impls, |_, _| {
            self.progress.advance(self.total);
        });
        match self.action {
            Action::Baseline => write_baseline(&matrix, file),
            _ => test_against(&matrix, file),
        }
    }
}

/// Writes the expected failures of a one-parser `matrix` to `file`.
fn write_baseline(matrix: &Matrix<'_>, file: &Path) -> Result<String, String> {
    // A bundled parser's hang on a pathological case is what it does: its
    // faults are recorded, each under its message, as the list's comments say.
    let text = write(matrix, true)?;
    rep_core::atomic::write_atomically(file, text.as_bytes())
        .map_err(|error| format!("cannot write {}: {error}", file.display()))?;
    let listed = ExpectedFailures::parse(&text).map_or(0, |list| list.len());
    Ok(format!("wrote {} ({listed} expected failures)", file.display()))
}

/// Holds a one-parser `matrix` to the expected failures in `file`.
fn test_against(matrix: &Matrix<'_>, file: &Path) -> Result<String, String> {
    let shown = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|error| {
        format!("cannot read {shown} ({error}); write it with `reptest adapters baseline` and the parser's name")
    })?;
    let list = ExpectedFailures::parse(&text).map_err(|why| format!("{shown}: {why}"))?;
    // Every check of the suite ran, so nothing listed was filtered out.
    let judgement = judge(matrix, &list, &BTreeSet::new());
    let explained = rep_core::format::judgement::explained(&judgement, &shown);
    if judgement.passed() {
        Ok(explained.trim_end().to_string())
    } else {
        Err(format!("\n{}", explained.trim_end()))
    }
}
