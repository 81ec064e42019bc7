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

/// Loads the case files at `paths` (the workspace's `cases/` when empty, or
/// the built-in suite outside a workspace). On any problem, prints every one
/// of them for `reptest <command>`, naming where the cases came from, and
/// gives exit status 2: a malformed suite runs nothing.
pub(crate) fn load_cases_or_exit(
    command: &str,
    paths: &[std::path::PathBuf],
) -> Result<Vec<rep_core::case::CaseFile>, u8> {
    rep_core::workspace::load_cases(paths).map_err(|errors| {
        // A message quotes the file (a name, a key), whatever bytes it holds.
        for line in errors.to_string().lines() {
            eprintln!("{}", rep_core::format::escape::visible(line));
        }
        eprintln!(
            "reptest {command}: {} problem(s) in {}; nothing was run.",
            errors.0.len(),
            cases_source_text(paths)
        );
        2
    })
}

/// Where the cases of `paths` come from, in words for a message.
pub(crate) fn cases_source_text(paths: &[std::path::PathBuf]) -> String {
    use rep_core::workspace::CasesSource;
    match rep_core::workspace::cases_source(paths) {
        CasesSource::Given(paths) => {
            let names: Vec<String> = paths.iter().map(|path| path.display().to_string()).collect();
            format!("the cases given with --cases ({})", names.join(", "))
        }
        CasesSource::Workspace(dir) => {
            format!(
                "the workspace's cases ({}/, the default inside a checkout)",
                dir.display()
            )
        }
        CasesSource::BuiltIn => format!(
            "the suite built into reptest ({})",
            rep_core::case::embedded::version().unwrap_or_else(|why| format!("version unknown: {why}"))
        ),
    }
}
