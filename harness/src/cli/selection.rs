//! `--cases`, `--filter`, `--exclude` and the implementation flags: what
//! `reptest run` and `reptest baseline` run, and against what.

use super::{start_all, Args, ImplChoice, UsageError};
use crate::cli::load_cases_or_exit;
use rep_core::case::CaseFile;
use rep_core::implementation::{Implementation, BUILT_IN};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The help text for the selection flags.
pub const SELECTION_HELP: &str = "\
  --cases PATH         a case file or a directory of them (repeatable; default: the workspace's cases/)
  --filter TEXT        only cases whose id contains TEXT (repeatable: any of them)
  --exclude TEXT       leave out cases whose id contains TEXT (repeatable; applied after --filter)
";

/// The cases and implementations a run is about.
#[derive(Default)]
pub struct Selection {
    cases: Vec<PathBuf>,
    filters: Vec<String>,
    excludes: Vec<String>,
    /// The implementations.
    pub impls: ImplChoice,
}

/// A selection made ready: the cases to run, every check id of the suite
/// they were selected from, and the started implementations.
pub struct Ready {
    /// The case files, with only the selected cases.
    pub files: Vec<CaseFile>,
    /// Every check id of the loaded files, selected or not.
    pub suite_ids: BTreeSet<String>,
    /// The implementations, each started.
    pub impls: Vec<Box<dyn Implementation>>,
}

impl Selection {
    /// Consumes `flag` if it is a selection or implementation flag.
    pub fn accept(&mut self, flag: &str, args: &mut Args) -> Result<bool, UsageError> {
        match flag {
            "--cases" => self.cases.push(PathBuf::from(args.value(flag)?)),
            "--filter" => self.filters.push(args.value(flag)?),
            "--exclude" => self.excludes.push(args.value(flag)?),
            _ => return self.impls.accept(flag, args),
        }
        Ok(true)
    }

    /// Loads and selects the cases, builds the implementations (the built-ins
    /// by default) and starts them; on any problem, says what for `reptest
    /// <command>` and gives exit status 2.
    pub fn ready(&self, command: &str) -> Result<Ready, u8> {
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
        let impls = self.impls.build(&BUILT_IN);
        start_all(command, &impls)?;
        Ok(Ready {
            files,
            suite_ids,
            impls,
        })
    }
}
