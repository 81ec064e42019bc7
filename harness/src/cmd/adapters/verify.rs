//! `reptest adapters verify`: runs the reproduction programs of each chosen
//! parser's page and prints, per program, whether the library answered what
//! the page says.

use rep_matrix::catalogue::third_party::{Places, ThirdParty};
use rep_matrix::catalogue::verify::{runs, verify};
use std::path::Path;
use std::time::Duration;

/// Verifies the pages under `pages` of `chosen`; returns the exit status.
pub(super) fn main(chosen: &[&ThirdParty], places: &Places, pages: &Path, timeout: Duration) -> u8 {
    // A fresh directory of its own (unpredictable name, removed when dropped).
    let scratch = match tempfile::Builder::new().prefix("reptest-verify-").tempdir() {
        Ok(scratch) => scratch,
        Err(error) => {
            eprintln!("reptest adapters verify: cannot create a scratch directory: {error}");
            return 1;
        }
    };
    let mut failed = 0;
    let mut passed = 0;
    for party in chosen {
        let path = pages.join(format!("{}.md", party.name));
        let page = match std::fs::read_to_string(&path) {
            Ok(page) => page,
            Err(error) => {
                eprintln!(
                    "reptest adapters verify: {}: cannot read {}: {error}",
                    party.name,
                    path.display()
                );
                failed += 1;
                continue;
            }
        };
        match verify(party, places, &page, scratch.path(), timeout) {
            Err(why) if !runs(&party.language) => println!("{}: skipped: {why}", party.name),
            Err(why) => {
                failed += 1;
                println!("{}: FAILED: {why}", party.name);
            }
            Ok(outcomes) => {
                for outcome in &outcomes {
                    match &outcome.verdict {
                        Ok(()) => passed += 1,
                        Err(why) => {
                            failed += 1;
                            println!("{}: FAILED #{}: {why}", party.name, outcome.program.heading);
                        }
                    }
                }
                let bad = outcomes.iter().filter(|o| o.verdict.is_err()).count();
                println!(
                    "{}: {} of {} programs answer as the page says",
                    party.name,
                    outcomes.len() - bad,
                    outcomes.len()
                );
            }
        }
    }
    eprintln!("reptest adapters verify: {passed} reproduced, {failed} failed");
    u8::from(failed > 0)
}
