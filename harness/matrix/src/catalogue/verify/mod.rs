//! `reptest adapters verify`: the reproduction programs of a parser's page
//! run as a maintainer would run them — the library called directly, no
//! adapter — and each one's output compared with the answer the page
//! states. A difference that does not reproduce outside the adapter is an
//! adapter bug, and fails. Interpreted languages run each program as a file
//! ([`interpreted`]); Rust programs are built together as one crate
//! ([`rust_crate`]).

mod interpreted;
mod rust_crate;

use std::path::Path;
use std::time::Duration;

use super::third_party::{Places, ThirdParty};
use crate::pages::difference_entry::{RAISES, RUN_IT};
use rep_core::format::escape::Fence;
use rep_core::implementation::process::{Finished, RunError};

pub use rust_crate::dependencies;

/// One program of a page and the answer the page states for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The difference's heading on the page.
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
    /// `Ok` when the library answered as the page says, else what it did.
    pub verdict: Result<(), String>,
}

/// The programs of a page, in page order.
pub fn programs(page: &str) -> Vec<Program> {
    let mut found = Vec::new();
    let mut heading = String::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if let Some(title) = line.strip_prefix("#### ") {
            heading = title.to_string();
        }
        let Some(rest) = line.strip_prefix(RUN_IT) else {
            continue;
        };
        let rest = rest.trim().trim_end_matches(':');
        let prints = (rest != RAISES).then(|| rest.trim_matches('`').to_string());
        let mut code = String::new();
        let mut fence: Option<Fence> = None;
        for line in lines.by_ref() {
            match fence {
                None => fence = Fence::opening(line),
                Some(open) if open.closed_by(line) => break,
                Some(_) => {
                    code.push_str(line);
                    code.push('\n');
                }
            }
        }
        found.push(Program {
            heading: heading.clone(),
            prints,
            code,
        });
    }
    found
}

/// Whether programs in `language` are run here.
pub fn runs(language: &str) -> bool {
    interpreted::interpreter(language).is_some() || language == rust_crate::LANGUAGE
}

/// How many distinct differences the page says it lists: the number in
/// its "N distinct differences explain …" sentence, 0 without one.
fn listed_differences(page: &str) -> usize {
    page.lines()
        .find_map(|line| line.split_once(" distinct differences explain ")?.0.trim().parse().ok())
        .unwrap_or(0)
}

/// Runs every program of `page` for `party` at `places`, each given
/// `timeout`, in `scratch` (a directory for the program files of
/// interpreted languages; a Rust crate lives under the cache instead, so
/// its build is kept from one run to the next).
pub fn verify(
    party: &ThirdParty,
    places: &Places,
    page: &str,
    scratch: &Path,
    timeout: Duration,
) -> Result<Vec<Outcome>, String> {
    if !runs(&party.language) {
        return Err(format!("{} programs are not run here", party.language));
    }
    let found_programs = programs(page);
    let listed = listed_differences(page);
    if found_programs.is_empty() && listed > 0 {
        return Err(format!(
            "the page lists {listed} distinct differences but carries no reproduction program: \
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

/// Whether a program's run shows what the page states.
fn judge(program: &Program, finished: Result<Finished, String>) -> Result<(), String> {
    let finished = finished?;
    let stdout = String::from_utf8_lossy(&finished.stdout);
    let printed = stdout.lines().last().unwrap_or("").trim().to_string();
    match (&program.prints, finished.status.success()) {
        (Some(word), true) if *word == printed => Ok(()),
        (None, false) => Ok(()),
        (None, true) if printed != "allowed" && printed != "disallowed" => Ok(()),
        (Some(word), true) => Err(format!("the page says `{word}`, the library printed `{printed}`")),
        (Some(word), false) => Err(format!(
            "the page says `{word}`, the program failed ({}): {}",
            finished.status,
            finished.stderr_tail()
        )),
        (None, true) => Err(format!(
            "the page says the library gives no verdict, it printed `{printed}`"
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
    fn programs_are_found_with_the_answer_their_page_states() {
        let page = format!(
            "#### 1. x allows\n\n{RUN_IT} `allowed`:\n\n```python\nprint(\"allowed\")\n```\n\n\
             #### 2. x fails\n\n{RUN_IT} {RAISES}:\n\n```python\nraise SystemExit(1)\n```\n"
        );
        let found = programs(&page);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].prints.as_deref(), Some("allowed"));
        assert_eq!(found[0].code, "print(\"allowed\")\n");
        assert_eq!(found[0].heading, "1. x allows");
        assert_eq!(found[1].prints, None);
    }

    #[test]
    fn a_program_holding_a_fence_is_read_whole() {
        let program = "robots = '''\n```\n'''\nprint(\"allowed\")\n";
        let page = format!(
            "#### 1. x allows\n\n{RUN_IT} `allowed`:\n\n{}\nafter\n",
            rep_core::format::escape::fenced("python", program)
        );
        let found = programs(&page);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, program);
    }

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
