//! `reptest show CHECK-ID`: one check of the suite in full, with the
//! commands that reproduce it anywhere.

use crate::cli::load_cases_or_exit;
use rep_core::case::{embedded, find_check, CaseFile};
use rep_core::format::escape::visible;
use rep_core::format::show::{render, Context};
use rep_core::workspace::{cases_source, CasesSource};
use std::io::Write;
use std::path::PathBuf;

const AFTER_HELP: &str = "\
CHECK-ID is a check's id as every report prints it, `<case id>/<name>`; a suite 3.x id
(`<case id>#<n>`) is taken too and said what it became. Prints where the case is (in the
compiled-in suite when there is no checkout), its why, the agents, the URL, the simulated
response of a fetch case, what the rfc and google profiles expect and what each rests on (the
clause of RFC 9309 and its level, a reading, a document of Google's), the statements of
cases/statements.yaml it tests, the whole body with numbered lines (every byte a terminal would
act on shown as an escape), and commands that reproduce it: a `reptest check` line carrying the
body (as base64), agents and URL, and `reptest run --filter CHECK-ID`.

--body prints the body alone, byte for byte, for a file or a pipe.

Exit status: 0 when the check was shown, 2 for an unknown id (the nearest ids are named), a
3.x id whose check was removed, or a malformed case file.";

/// The flags of `reptest show`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The check's id, `<case id>/<name>`
    #[arg(value_name = "CHECK-ID")]
    id: String,
    /// Print only the body, as its raw bytes
    #[arg(long)]
    body: bool,
    /// A case file or a directory of them (repeatable) [default: the workspace's cases/ inside a checkout, else the suite built into reptest]
    #[arg(long = "cases", value_name = "PATH")]
    cases: Vec<PathBuf>,
}

/// Runs `reptest show`; returns the exit status.
pub(crate) fn main(Args { id, body, cases }: Args) -> u8 {
    let id = match current_id(&id) {
        Ok(id) => id,
        Err(why) => {
            eprintln!("reptest show: {}", visible(&why));
            return 2;
        }
    };
    let files = match load_cases_or_exit("show", &cases) {
        Ok(files) => files,
        Err(status) => return status,
    };
    let Some((case, index)) = find_check(&files, &id) else {
        eprintln!("{}", unknown(&files, &id, &cases));
        return 2;
    };
    let mut stdout = std::io::stdout().lock();
    if body {
        let _ = stdout.write_all(&case.body);
        let _ = stdout.flush();
        return 0;
    }
    let built_in = match cases_source(&cases) {
        CasesSource::BuiltIn => embedded::version().ok(),
        _ => None,
    };
    let place = rep_core::format::case_place(case, built_in.as_deref());
    let statements = embedded::statements().and_then(Result::ok);
    let readings = embedded::readings().and_then(Result::ok);
    let context = Context {
        place: &place,
        statements: statements.as_ref(),
        readings: readings.as_ref(),
        cases: &cases,
    };
    let _ = stdout.write_all(render(case, index, &context).as_bytes());
    let _ = stdout.flush();
    0
}

/// `id`, or, for a suite 3.x id, the 4.0 id of its check (said on stderr);
/// an error when that check is gone.
fn current_id(id: &str) -> Result<String, String> {
    if !rep_core::id_map::is_numbered_id(id) {
        return Ok(id.to_string());
    }
    let map = rep_core::id_map::built_in()?;
    let new = map.successor(id)?;
    eprintln!(
        "reptest show: {} is a suite {} id; suite 4.0 names that check {new}",
        visible(id),
        map.from
    );
    Ok(new.to_string())
}

/// What to say about an id no check has: its checks when it names a case,
/// else the nearest check ids.
fn unknown(files: &[CaseFile], id: &str, cases: &[PathBuf]) -> String {
    let source = crate::cli::cases_source_text(cases);
    let all = files.iter().flat_map(|file| &file.cases);
    let listed = |ids: &[&str]| -> String { ids.iter().map(|id| format!("\n  {}", visible(id))).collect() };
    if let Some(case) = all.clone().find(|case| case.id == id) {
        let ids: Vec<String> = (0..case.checks.len()).map(|index| case.check_id(index)).collect();
        return format!(
            "reptest show: {} is a case of {source}, not a check; its checks:{}",
            visible(id),
            listed(&ids.iter().map(String::as_str).collect::<Vec<_>>())
        );
    }
    let ids: Vec<String> = all
        .flat_map(|case| (0..case.checks.len()).map(move |index| case.check_id(index)))
        .collect();
    let near = rep_core::suggest::nearest(id, ids.iter().map(String::as_str), 5);
    format!(
        "reptest show: no check of {source} is called {}; the nearest ids:{}",
        visible(id),
        listed(&near)
    )
}
