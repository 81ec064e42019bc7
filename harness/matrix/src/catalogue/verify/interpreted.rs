//! Programs of an interpreted language (Python, JavaScript, Perl, Ruby):
//! each written to a file of its own and run by the language's interpreter,
//! with the parser's environment (where its library is installed).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::{could_not_run, Program};
use crate::catalogue::third_party::{Places, ThirdParty};
use rep_core::implementation::process::{run_with_timeout, Finished};

/// How a language's program is run: the interpreter and the file's suffix;
/// `None` for a language that is not interpreted.
pub(super) fn interpreter(language: &str) -> Option<(&'static str, &'static str)> {
    match language {
        "Python" => Some(("python3", "py")),
        "JavaScript" => Some(("node", "js")),
        "Perl" => Some(("perl", "pl")),
        "Ruby" => Some(("ruby", "rb")),
        _ => None,
    }
}

/// Runs each of `programs` in `scratch`, each given `timeout`: what each
/// run finished with, in order, or why it could not run. `Err` only when a
/// file cannot be written.
pub(super) fn run_all(
    party: &ThirdParty,
    places: &Places,
    programs: &[Program],
    scratch: &Path,
    timeout: Duration,
) -> Result<Vec<Result<Finished, String>>, String> {
    let (interpreter, suffix) =
        interpreter(&party.language).ok_or_else(|| format!("{} is not an interpreted language", party.language))?;
    let env = party.env(places);
    let mut finished = Vec::new();
    for (index, program) in programs.iter().enumerate() {
        let file = scratch.join(format!("{}-{:03}.{suffix}", party.name, index + 1));
        std::fs::write(&file, &program.code).map_err(|error| format!("cannot write {}: {error}", file.display()))?;
        let mut command = Command::new(interpreter);
        command.arg(&file).envs(env.iter().map(|(k, v)| (k, v)));
        finished.push(run_with_timeout(&mut command, timeout).map_err(|error| could_not_run(interpreter, error)));
    }
    Ok(finished)
}
