//! `reptest adapters verify`: the reproduction programs of a parser's
//! differences, as `report.json` holds them, run as a maintainer would run
//! them — the library called directly, no adapter — and each one's output
//! compared with the answer the report states. A difference that does not reproduce outside the adapter is an
//! adapter bug, and fails. Interpreted languages run each program as a file
//! ([`interpreted`]); Rust programs are built together as one crate
//! ([`rust_crate`]).

mod interpreted;
mod rust_crate;

use std::path::Path;
use std::time::Duration;

use super::third_party::{Places, ThirdParty};
use crate::model::parsers::{Parser, Program as Reproduction};
use rep_core::implementation::process::{Finished, RunError};

pub use rust_crate::dependencies;

/// One program of a parser's differences and the answer the report states for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The difference's number and headline, as its page heads it.
    pub heading: String,
    /// `allowed`, `disallowed`, or `None` when the library is said to raise.
    pub prints: Option<String>,
    /// The program.
    pub code: String,
}

/// What running one program showed.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The program.
    pub program: Program,
    /// `Ok` when the library answered as the report says, else what it did.
    pub verdict: Result<(), String>,
}

/// The programs of `parser`'s differences, in page order.
pub fn programs(parser: &Parser) -> Vec<Program> {
    parser
        .differences
        .iter()
        .chain(&parser.explored)
        .filter_map(|difference| match &difference.program {
            Some(Reproduction::Runs { code, prints, .. }) => Some(Program {
                heading: format!("{}. {}", difference.number, difference.headline.plain()),
                prints: prints.clone(),
                code: code.clone(),
            }),
            _ => None,
        })
        .collect()
}

/// Whether programs in `language` are run here.
pub fn runs(language: &str) -> bool {
    interpreted::interpreter(language).is_some() || language == rust_crate::LANGUAGE
}

/// Runs every program of `parser` (as the report holds it) for `party` at
/// `places`, each given `timeout`, in `scratch` (a directory for the
/// program files of interpreted languages; a Rust crate lives under the
/// cache instead, so its build is kept from one run to the next).
pub fn verify(
    party: &ThirdParty,
    places: &Places,
    parser: &Parser,
    scratch: &Path,
    timeout: Duration,
) -> Result<Vec<Outcome>, String> {
    if !runs(&party.language) {
        return Err(format!("{} programs are not run here", party.language));
    }
    let found_programs = programs(parser);
    let listed = parser.differences.len();
    if found_programs.is_empty() && listed > 0 {
        return Err(format!(
            "the report lists {listed} distinct differences but carries no reproduction program: \
             regenerate it with `reptest report`"
        ));
    }
    let finished = if party.language == rust_crate::LANGUAGE {
        rust_crate::run_all(party, places, &found_programs, timeout)?
    } else {
        interpreted::run_all(party, places, &found_programs, scratch, timeout)?
    };
    Ok(found_programs
        .into_iter()
        .zip(finished)
        .map(|(program, finished)| Outcome {
            verdict: judge(&program, finished),
            program,
        })
        .collect())
}

/// Whether a program's run shows what the report states.
fn judge(program: &Program, finished: Result<Finished, String>) -> Result<(), String> {
    let finished = finished?;
    let stdout = String::from_utf8_lossy(&finished.stdout);
    let printed = stdout.lines().last().unwrap_or("").trim().to_string();
    match (&program.prints, finished.status.success()) {
        (Some(word), true) if *word == printed => Ok(()),
        (None, false) => Ok(()),
        (None, true) if printed != "allowed" && printed != "disallowed" => Ok(()),
        (Some(word), true) => Err(format!("the report says `{word}`, the library printed `{printed}`")),
        (Some(word), false) => Err(format!(
            "the report says `{word}`, the program failed ({}): {}",
            finished.status,
            finished.stderr_tail()
        )),
        (None, true) => Err(format!(
            "the report says the library gives no verdict, it printed `{printed}`"
        )),
    }
}

/// A run that could not happen, in words naming the command.
fn could_not_run(command: &str, error: RunError) -> String {
    format!("could not run `{command}`: {error}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_passes_only_when_it_shows_what_the_page_states() {
        use std::os::unix::process::ExitStatusExt;
        let run = |code: i32, stdout: &str| {
            Ok(Finished {
                status: std::process::ExitStatus::from_raw(code << 8),
                stdout: stdout.as_bytes().to_vec(),
                stderr: b"boom\n".to_vec(),
            })
        };
        let says = |prints: Option<&str>| Program {
            heading: "1. x".into(),
            prints: prints.map(String::from),
            code: String::new(),
        };
        assert_eq!(judge(&says(Some("allowed")), run(0, "allowed\n")), Ok(()));
        let wrong = judge(&says(Some("allowed")), run(0, "disallowed\n")).unwrap_err();
        assert!(wrong.contains("printed `disallowed`"), "{wrong}");
        let failed = judge(&says(Some("allowed")), run(101, "")).unwrap_err();
        assert!(failed.contains("boom"), "{failed}");
        // A page saying the library raises: a failure or another word passes, a verdict fails.
        assert_eq!(judge(&says(None), run(101, "")), Ok(()));
        assert_eq!(judge(&says(None), run(0, "undefined\n")), Ok(()));
        assert!(judge(&says(None), run(0, "allowed\n")).is_err());
        assert!(judge(&says(Some("allowed")), Err("could not run".into())).is_err());
    }
}
