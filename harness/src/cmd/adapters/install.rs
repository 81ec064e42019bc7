//! `reptest adapters install`: installs the missing parsers, goes on after
//! a failure, and sums up per parser.

use super::table;
use crate::cli::progress::Progress;
use rep_matrix::catalogue::install::{plan, run_step, Failure, Plan, System};
use rep_matrix::catalogue::third_party::{probe_all, Places, Probe, ThirdParty};
use std::fmt::Write as _;
use std::time::Instant;

/// How installing one parser ended.
enum Outcome {
    AlreadyThere(String),
    Installed(String),
    Failed(String),
    Skipped(String),
}

/// Installs the `chosen` parsers that are missing; gives the exit status.
pub(super) fn install(chosen: &[&ThirdParty], places: &Places) -> u8 {
    let mut outcomes: Vec<Option<Outcome>> = chosen.iter().map(|_| None).collect();
    let mut missing = Vec::new();
    for (index, probe) in probe_all(chosen, places).into_iter().enumerate() {
        match probe {
            Probe::Installed(version) => outcomes[index] = Some(Outcome::AlreadyThere(version)),
            _ => missing.push(chosen[index]),
        }
    }
    let steps = plan(&missing, places, System::this_machine());
    let runs = steps.iter().filter(|step| matches!(step, Plan::Run { .. })).count();
    eprintln!(
        "reptest adapters install: {} parser(s) asked for, {} already there; {runs} install step(s) to run",
        chosen.len(),
        chosen.len() - missing.len()
    );
    let progress = Progress::new("adapters install", "install steps");
    for step in &steps {
        let outcome = outcome_of(step, &progress, runs);
        for parser in step.parsers() {
            let index = chosen
                .iter()
                .position(|chosen| chosen.name == parser.name)
                .expect("planned parsers are chosen ones");
            outcomes[index] = Some(match &outcome {
                Some(Outcome::Failed(why)) => Outcome::Failed(why.clone()),
                Some(Outcome::Skipped(why)) => Outcome::Skipped(why.clone()),
                _ => match parser.probe_at(places).into_result() {
                    Ok(version) => Outcome::Installed(version),
                    Err(why) => Outcome::Failed(format!("the installer succeeded, but the adapter says: {why}")),
                },
            });
        }
    }
    progress.finish();
    summary(chosen, outcomes)
}

/// Runs one step of the plan (the `runs` steps that run are counted); its
/// outcome, or `None` when the installer succeeded (parsers sharing a step
/// may still fare differently, so each is probed again).
fn outcome_of(step: &Plan, progress: &Progress, runs: usize) -> Option<Outcome> {
    match step {
        Plan::Run {
            parsers,
            commands,
            needs,
        } => {
            let run = progress.advance(runs as u64);
            let names: Vec<&str> = parsers.iter().map(|parser| parser.name.as_str()).collect();
            progress.println(&format!("[{run}/{runs}] {}", names.join(", ")));
            for command in commands {
                progress.println(&format!("    $ {}", command.shown()));
            }
            let started = Instant::now();
            let result = run_step(commands, needs, |line| {
                if !line.trim().is_empty() {
                    progress.note(&line.trim().chars().take(100).collect::<String>());
                }
            });
            let ended = if result.is_ok() { "done" } else { "failed" };
            progress.println(&format!("    {ended} after {} s", started.elapsed().as_secs()));
            result.err().map(|failure| Outcome::Failed(failed(&failure)))
        }
        Plan::Blocked { why, .. } => Some(Outcome::Failed(format!("cannot be installed here: {why}"))),
        Plan::Unavailable(parser) => Some(Outcome::Skipped(format!(
            "not available: {}",
            parser.unavailable.as_deref().unwrap_or_default()
        ))),
        Plan::Nothing(parser) => Some(Outcome::Failed(format!(
            "nothing to install, yet {}",
            parser.missing_hint()
        ))),
    }
}

/// Prints one line per parser; gives the exit status.
fn summary(chosen: &[&ThirdParty], outcomes: Vec<Option<Outcome>>) -> u8 {
    let mut rows = Vec::new();
    let mut all_done = true;
    for (parser, outcome) in chosen.iter().zip(outcomes) {
        let (word, detail) = match outcome.expect("every chosen parser was probed or planned") {
            Outcome::AlreadyThere(version) => ("already there", version),
            Outcome::Installed(version) => ("installed", version),
            Outcome::Failed(why) => {
                all_done = false;
                ("FAILED", why)
            }
            Outcome::Skipped(why) => {
                all_done = false;
                ("skipped", why)
            }
        };
        rows.push([parser.name.clone(), word.to_string(), detail]);
    }
    print!("{}", table(&rows));
    u8::from(!all_done)
}

/// The failure of an install step, with the installer's last lines indented.
fn failed(failure: &Failure) -> String {
    let mut out = format!("`{}` {}", failure.command, failure.how);
    if !failure.tail.is_empty() {
        out.push_str("; its last output:");
        for line in &failure.tail {
            let _ = write!(out, "\n      | {line}");
        }
    }
    out
}
