//! What the subcommands share: how usage errors are told ([`usage`]), the
//! values of flags ([`values`]), choosing implementations ([`ImplChoice`])
//! and cases ([`Selection`]), loading the workspace's cases, and progress on
//! stderr ([`progress`]). This is the command layer: the only code that
//! reads the command line, prints, or decides exit statuses, together with
//! the `cmd` modules.

mod impl_choice;
pub(crate) mod print;
pub(crate) mod progress;
mod selection;
pub(crate) mod usage;
pub(crate) mod values;

pub(crate) use impl_choice::{parse_flags, start_all, ImplChoice};
pub(crate) use selection::Selection;
pub(crate) use usage::usage_error;

/// Loads the case files at `paths` (the workspace's `cases/` when empty).
/// On any problem, prints every one of them for `reptest <command>` and
/// gives exit status 2: a malformed suite runs nothing.
pub(crate) fn load_cases_or_exit(
    command: &str,
    paths: &[std::path::PathBuf],
) -> Result<Vec<rep_core::case::CaseFile>, u8> {
    rep_core::workspace::load_cases(paths).map_err(|errors| {
        eprint!("{errors}");
        eprintln!(
            "reptest {command}: {} problem(s) in the case files; nothing was run.",
            errors.0.len()
        );
        2
    })
}
