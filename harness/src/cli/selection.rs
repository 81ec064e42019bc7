//! `--cases`, `--filter` and `--exclude`: what `reptest run` and `reptest
//! baseline` run.

use super::{start_all, ImplChoice};
use crate::cli::load_cases_or_exit;
use rep_core::case::CaseFile;
use rep_core::implementation::{Implementation, BUILT_IN};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The cases a run is about.
#[derive(clap::Args)]
#[command(next_help_heading = "Cases")]
pub(crate) struct Selection {
    /// A case file or a directory of them (repeatable) [default: the workspace's cases/ inside a checkout, else the suite built into reptest]
    #[arg(long = "cases", value_name = "PATH")]
    cases: Vec<PathBuf>,
    /// Only cases whose id contains TEXT (repeatable: any of them)
    #[arg(long = "filter", value_name = "TEXT")]
    filters: Vec<String>,
    /// Leave out cases whose id contains TEXT (repeatable; applied after --filter)
    #[arg(long = "exclude", value_name = "TEXT")]
    excludes: Vec<String>,
}

/// A selection made ready: the cases to run, every check id of the suite
/// they were selected from, and the started implementations.
pub(crate) struct Ready {
    /// The case files, with only the selected cases.
    pub(crate) files: Vec<CaseFile>,
    /// Every check id of the loaded files, selected or not.
    pub(crate) suite_ids: BTreeSet<String>,
    /// The implementations, each started.
    pub(crate) impls: Vec<Box<dyn Implementation>>,
}

impl Selection {
    /// Loads and selects the cases, builds the implementations `impls` names
    /// (the built-ins by default) and starts them; on any problem, says what
    /// for `reptest <command>` and gives exit status 2.
    pub(crate) fn ready(&self, command: &str, impls: &ImplChoice) -> Result<Ready, u8> {
        let mut files = load_cases_or_exit(command, &self.cases)?;
        let suite_ids = files
            .iter()
            .flat_map(|file| &file.cases)
            .flat_map(|case| (1..=case.checks.len()).map(move |n| format!("{}#{n}", case.id)))
            .collect();
        for file in &mut files {
            file.cases.retain(|case| {
                (self.filters.is_empty() || self.filters.iter().any(|f| case.id.contains(f.as_str())))
                    && !self.excludes.iter().any(|e| case.id.contains(e.as_str()))
            });
        }
        if files.iter().all(|file| file.cases.is_empty()) {
            eprintln!(
                "reptest {command}: no case is left after --filter {} --exclude {}",
                self.filters.join(", "),
                self.excludes.join(", ")
            );
            return Err(2);
        }
        let impls = impls.build(&BUILT_IN);
        start_all(command, &impls)?;
        Ok(Ready {
            files,
            suite_ids,
            impls,
        })
    }
}
