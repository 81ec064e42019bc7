//! `--cases`, `--filter` and `--exclude`: what `reptest run` and `reptest
//! baseline` run.

use super::{start_all, ImplChoice};
use crate::cli::load_cases_or_exit;
use rep_core::case::{case_of, CaseFile, Tag};
use rep_core::format::escape::visible;
use rep_core::id_map::is_numbered_id;
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
    /// Only cases whose id contains TEXT, or the one check whose id is TEXT (repeatable: any of them;
    /// a suite 3.x id, `<case id>#<n>`, stands for the check suite 4.0 gave it)
    #[arg(long = "filter", value_name = "TEXT")]
    filters: Vec<String>,
    /// Leave out cases whose id contains TEXT, or the check whose id is TEXT (repeatable; applied after --filter)
    #[arg(long = "exclude", value_name = "TEXT")]
    excludes: Vec<String>,
    /// Only checks with one of these capability tags (repeatable, or comma-separated)
    #[arg(long = "tags", value_name = "TAG")]
    tags: Vec<String>,
    /// Leave out checks with any of these capability tags, e.g. fetch (repeatable, or comma-separated)
    #[arg(long = "exclude-tags", value_name = "TAG")]
    exclude_tags: Vec<String>,
}

/// Whether `text`, given to --filter or --exclude, picks the check `id` of
/// the case `case_id`: a case (or part of its id) picks all its checks, a
/// whole check id only that check.
fn picks(text: &str, case_id: &str, id: &str) -> bool {
    case_id.contains(text) || id == text
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
    /// The version of the suite built into reptest, when the cases are
    /// that compiled-in copy (no workspace around and no --cases).
    pub(crate) built_in: Option<String>,
}

impl Selection {
    /// The case files or directories given (none: the default suite).
    pub(crate) fn cases(&self) -> &[PathBuf] {
        &self.cases
    }

    /// Loads and selects the cases, builds the implementations `impls` names
    /// (the built-ins by default) and starts them; on any problem, says what
    /// for `reptest <command>` and gives exit status 2.
    pub(crate) fn ready(&self, command: &str, impls: &ImplChoice) -> Result<Ready, u8> {
        let (wanted, unwanted) = match (
            Tag::parse_list(self.tags.iter().map(String::as_str)),
            Tag::parse_list(self.exclude_tags.iter().map(String::as_str)),
        ) {
            (Ok(wanted), Ok(unwanted)) => (wanted, unwanted),
            (Err(why), _) | (_, Err(why)) => {
                eprintln!("reptest {command}: --tags/--exclude-tags: {why}");
                return Err(2);
            }
        };
        let filters = current_ids(command, "--filter", &self.filters)?;
        let excludes = current_ids(command, "--exclude", &self.excludes)?;
        let mut files = load_cases_or_exit(command, &self.cases)?;
        let suite_ids: BTreeSet<String> = files
            .iter()
            .flat_map(|file| &file.cases)
            .flat_map(|case| (0..case.checks.len()).map(move |index| case.check_id(index)))
            .collect();
        for file in &mut files {
            for case in &mut file.cases {
                let kept: Vec<bool> = (0..case.checks.len())
                    .map(|index| {
                        let (id, tags) = (case.check_id(index), &case.checks[index].tags);
                        (filters.is_empty() || filters.iter().any(|f| picks(f, &case.id, &id)))
                            && !excludes.iter().any(|e| picks(e, &case.id, &id))
                            && (wanted.is_empty() || !tags.is_disjoint(&wanted))
                            && tags.is_disjoint(&unwanted)
                    })
                    .collect();
                let mut kept = kept.into_iter();
                case.checks.retain(|_| kept.next().unwrap_or(false));
            }
            file.cases.retain(|case| !case.checks.is_empty());
        }
        if files.iter().all(|file| file.cases.is_empty()) {
            eprintln!(
                "reptest {command}: no check is left after --filter {} --exclude {} --tags {} --exclude-tags {}",
                filters.join(", "),
                excludes.join(", "),
                self.tags.join(", "),
                self.exclude_tags.join(", ")
            );
            let picks_none = |filter: &&String| !suite_ids.iter().any(|id| picks(filter, case_of(id), id));
            for filter in filters.iter().filter(picks_none) {
                let near = rep_core::suggest::nearest(filter, suite_ids.iter().map(String::as_str), 3);
                eprintln!(
                    "  --filter {}: it is in no case id and is no check id; the nearest ids: {}",
                    visible(filter),
                    visible(&near.join(", "))
                );
            }
            return Err(2);
        }
        let built_in = match rep_core::workspace::cases_source(&self.cases) {
            rep_core::workspace::CasesSource::BuiltIn => rep_core::case::embedded::version().ok(),
            _ => None,
        };
        let impls = impls.build(&BUILT_IN);
        start_all(command, &impls)?;
        Ok(Ready {
            files,
            suite_ids,
            impls,
            built_in,
        })
    }
}

/// `texts`, given to `flag`, with each suite 3.x check id (`<case id>#<n>`)
/// replaced by the id suite 4.0 gives that check, said on stderr; a 3.x id
/// with no successor is a usage error (exit status 2) that says why.
fn current_ids(command: &str, flag: &str, texts: &[String]) -> Result<Vec<String>, u8> {
    if !texts.iter().any(|text| is_numbered_id(text)) {
        return Ok(texts.to_vec());
    }
    let map = rep_core::id_map::built_in().map_err(|why| {
        eprintln!("reptest {command}: {flag}: {why}");
        2
    })?;
    texts
        .iter()
        .map(|text| {
            if !is_numbered_id(text) {
                return Ok(text.clone());
            }
            match map.successor(text) {
                Ok(new) => {
                    eprintln!(
                        "reptest {command}: {flag} {}: a suite {} id; suite 4.0 names that check {}",
                        visible(text),
                        map.from,
                        visible(new)
                    );
                    Ok(new.to_string())
                }
                Err(why) => {
                    eprintln!("reptest {command}: {flag}: {}", visible(&why));
                    Err(2)
                }
            }
        })
        .collect()
}
