//! `reptest adapters verify`: the reproduction programs of a parser's page
//! run as a maintainer would run them — the library called directly, no
//! adapter — and each one's output compared with the answer the page
//! states. A difference that does not reproduce outside the adapter is an
//! adapter bug, and fails.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::third_party::{Places, ThirdParty};
use crate::pages::difference_entry::{RAISES, RUN_IT};
use rep_core::implementation::process::run_with_timeout;

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
        let mut inside = false;
        for line in lines.by_ref() {
            match (inside, line.starts_with("```")) {
                (false, true) => inside = true,
                (true, true) => break,
                (true, false) => {
                    code.push_str(line);
                    code.push('\n');
                }
                (false, false) => {}
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

/// How a language's program is run: the interpreter and the file's suffix;
/// `None` for a compiled language.
fn interpreter(language: &str) -> Option<(&'static str, &'static str)> {
    match language {
        "Python" => Some(("python3", "py")),
        "JavaScript" => Some(("node", "js")),
        "Perl" => Some(("perl", "pl")),
        "Ruby" => Some(("ruby", "rb")),
        _ => None,
    }
}

/// Whether programs in `language` are run here (a Rust program is a crate
/// of its own and is left to the reader).
pub fn runs(language: &str) -> bool {
    interpreter(language).is_some()
}

/// How many distinct differences the page says it lists: the number in
/// its "N distinct differences explain …" sentence, 0 without one.
fn listed_differences(page: &str) -> usize {
    page.lines()
        .find_map(|line| line.split_once(" distinct differences explain ")?.0.trim().parse().ok())
        .unwrap_or(0)
}

/// Runs every program of `page` for `party` at `places`, each given
/// `timeout`, in `scratch` (a directory for the program files).
pub fn verify(
    party: &ThirdParty,
    places: &Places,
    page: &str,
    scratch: &Path,
    timeout: Duration,
) -> Result<Vec<Outcome>, String> {
    let (program, suffix) = interpreter(&party.language).ok_or_else(|| {
        format!(
            "{} programs are not run here: each is the main.rs of a crate, and building one per difference is left to the reader",
            party.language
        )
    })?;
    let found_programs = programs(page);
    let listed = listed_differences(page);
    if found_programs.is_empty() && listed > 0 {
        return Err(format!(
            "the page lists {listed} distinct differences but carries no reproduction program: \
             regenerate it with `reptest report`"
        ));
    }
    let env = party.env(places);
    let mut outcomes = Vec::new();
    for (index, found) in found_programs.into_iter().enumerate() {
        let file = scratch.join(format!("{}-{:03}.{suffix}", party.name, index + 1));
        std::fs::write(&file, &found.code).map_err(|error| format!("cannot write {}: {error}", file.display()))?;
        let mut command = Command::new(program);
        command.arg(&file).envs(env.iter().map(|(k, v)| (k, v)));
        let verdict = match run_with_timeout(&mut command, timeout) {
            Err(error) => Err(format!("could not run `{program}`: {error}")),
            Ok(finished) => {
                let stdout = String::from_utf8_lossy(&finished.stdout);
                let printed = stdout.lines().last().unwrap_or("").trim().to_string();
                match (&found.prints, finished.status.success()) {
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
        };
        outcomes.push(Outcome {
            program: found,
            verdict,
        });
    }
    Ok(outcomes)
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
}
