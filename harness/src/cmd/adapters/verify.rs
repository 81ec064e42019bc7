//! `reptest adapters verify`: runs the reproduction programs of each chosen
//! parser's differences, as the report holds them, and prints, per program,
//! whether the library answered what the report says.

use rep_core::workspace::root;
use rep_matrix::catalogue::third_party::{Places, ThirdParty};
use rep_matrix::catalogue::verify::{runs, verify};
use rep_matrix::model::{from_json, Report};
use rep_matrix::report::REPORT_FILE;
use std::path::Path;
use std::time::Duration;

/// The report at `given`, else `reports/report.json` of the workspace (of
/// the current directory outside one); or why it cannot be had, naming the
/// file and, when the default one is missing, the command that writes it.
fn read_report(given: Option<&Path>) -> Result<Report, String> {
    let default = root().join("reports").join(REPORT_FILE);
    let path = given.unwrap_or(&default);
    let json = std::fs::read_to_string(path).map_err(|error| match (given, error.kind()) {
        (None, std::io::ErrorKind::NotFound) => format!(
            "{} does not exist: write it with `reptest report` (or name another report with --report FILE)",
            path.display()
        ),
        _ => format!("cannot read {}: {error}", path.display()),
    })?;
    from_json(&json).map_err(|why| format!("{}: {why}", path.display()))
}

/// Verifies the programs of `chosen` in the report at `report` (the
/// default one when not given); returns the exit status.
pub(super) fn main(chosen: &[&ThirdParty], places: &Places, report: Option<&Path>, timeout: Duration) -> u8 {
    let report = match read_report(report) {
        Ok(report) => report,
        Err(why) => {
            eprintln!("reptest adapters verify: {why}");
            return 1;
        }
    };
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
        let parser = report
            .measured
            .iter()
            .flat_map(|measured| &measured.parsers)
            .find(|parser| parser.name == party.name);
        let Some(parser) = parser else {
            eprintln!(
                "reptest adapters verify: {}: not in the report; regenerate it with `reptest report`",
                party.name
            );
            failed += 1;
            continue;
        };
        match verify(party, places, parser, scratch.path(), timeout) {
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
                    "{}: {} of {} programs answer as the report says",
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
