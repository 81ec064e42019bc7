//! The differential pipeline as one engine call: run the pair on generated
//! inputs (or on one fuzz input), minimise each failing disagreement, judge
//! the minimised input again and write it as a finding.

use std::path::{Path, PathBuf};

use rep_generate::{Generated, Query};

use super::compare::{Differ, Disagreement, Probe};
use super::finding::Finding;
use super::minimise::{minimise, MAX_TRIES};
use super::run::{run, Config};
use super::summary::{Observed, Summary};

/// Where findings go and how many to write.
#[derive(Clone, Debug)]
pub struct FindingsPlan {
    /// The directory findings are written to.
    pub dir: PathBuf,
    /// The most findings to minimise and write.
    pub max: usize,
    /// The implementation flags that rerun the pair, for each finding's
    /// recheck command.
    pub impl_flags: String,
}

/// The findings written, and the ones that could not be.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// Paths of the finding files, each once.
    pub paths: Vec<PathBuf>,
    /// What went wrong writing the others.
    pub problems: Vec<String>,
}

/// What a differential run found.
pub struct Investigation {
    /// The run's tallies.
    pub summary: Summary,
    /// The findings written from its failing disagreements.
    pub written: Written,
}

/// Runs `config` (calling `progress(checks, failures)` as it goes), then
/// minimises and writes its failing disagreements.
pub fn investigate(config: &Config, plan: &FindingsPlan, progress: impl Fn(u64, u64)) -> Investigation {
    let summary = run(config, progress);
    let how = format!("--seed {}", config.seed);
    let written = write_findings(&config.differ, &summary.examples, plan, &how);
    Investigation { summary, written }
}

/// One check of a replayed fuzz input and how the pair answered it.
pub struct ReplayedCheck {
    /// The agents and URL.
    pub query: Query,
    /// The disagreement, `None` when the pair agreed.
    pub disagreement: Option<Disagreement>,
}

/// What replaying one fuzz input showed.
pub struct Replay {
    /// Every check of the input, in order.
    pub checks: Vec<ReplayedCheck>,
    /// The findings written from its failing disagreements.
    pub written: Written,
}

impl Replay {
    /// Whether some check disagreed in a way that is a bug.
    pub fn failed(&self) -> bool {
        self.checks
            .iter()
            .any(|check| check.disagreement.as_ref().is_some_and(|d| d.failure))
    }
}

/// Checks, with `differ`, the input fuzz target `target` saw in `bytes` (read
/// from `file`), and writes findings for its failing checks. `None` when
/// `target` names no fuzz target.
pub fn replay(differ: &Differ, target: &str, bytes: &[u8], file: &Path, plan: &FindingsPlan) -> Option<Replay> {
    let input = Generated::from_fuzz_input(target, bytes)?;
    let mut checks = Vec::new();
    let mut examples = Vec::new();
    for (number, query) in input.queries.into_iter().enumerate() {
        let probe = Probe {
            body: input.body.clone(),
            agents: query.agents.clone(),
            url: query.url.clone(),
        };
        let disagreement = differ.judge_probe(&probe);
        if let Some(failing) = disagreement.clone().filter(|d| d.failure) {
            examples.push(Observed {
                probe,
                disagreement: failing,
                origin: format!("{target} input {}, check {number}", file.display()),
                order: format!("{number:03}"),
            });
        }
        checks.push(ReplayedCheck { query, disagreement });
    }
    let written = write_findings(differ, &examples, plan, &format!("--replay {target}"));
    Some(Replay { checks, written })
}

/// Minimises `examples`, writing one finding per distinct minimised input.
pub fn write_findings(differ: &Differ, examples: &[Observed], plan: &FindingsPlan, how: &str) -> Written {
    crate::atomic::clean_once(&plan.dir);
    let mut written = Written::default();
    for observed in examples.iter().take(plan.max) {
        let class = observed.disagreement.class.clone();
        let small = minimise(observed.probe.clone(), MAX_TRIES, |candidate| {
            differ.judge_probe(candidate).is_some_and(|d| d.class == class)
        });
        let Some(disagreement) = differ.judge_probe(&small) else {
            continue;
        };
        let origin = format!(
            "reptest diff --impl {} --impl {} {how} ({}); minimised",
            differ.a.name(),
            differ.b.name(),
            observed.origin
        );
        let finding = Finding {
            differ,
            probe: &small,
            disagreement: &disagreement,
            origin: &origin,
            impl_flags: &plan.impl_flags,
        };
        match finding.write(&plan.dir) {
            Ok(path) if !written.paths.contains(&path) => written.paths.push(path),
            Ok(_) => {}
            Err(error) => written
                .problems
                .push(format!("cannot write a finding to {}: {error}", plan.dir.display())),
        }
    }
    written
}
