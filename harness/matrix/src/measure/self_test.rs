//! The gate before measuring: every parser answers the plain checks of
//! `harness/adapters/self-test.yaml`, which any parser gets right whatever
//! document it follows. One that errs or answers wrongly there is not
//! measured — such a failure nearly always means the adapter hands its
//! library something the library was not made for — and the report says
//! which check failed and how.

use rep_core::case::{CaseFile, ProfileId};
use rep_core::implementation::{check_once as ask, Implementation};

/// `Ok` when `parser` answers every check of `files` as expected, else the
/// first check it did not, with what it answered.
pub fn self_test(parser: &dyn Implementation, files: &[CaseFile]) -> Result<(), String> {
    for case in files.iter().flat_map(|file| &file.cases) {
        for (index, check) in case.checks.iter().enumerate() {
            let Some(expected) = check.expect(ProfileId::Rfc).allowed() else {
                continue;
            };
            let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
            let answered = match ask(parser, &case.body, &check.agent_bytes(), check.url.as_bytes()) {
                Ok(outcome) if outcome.allowed == expected => continue,
                Ok(outcome) => word(outcome.allowed).to_string(),
                Err(error) => format!("error: {error}"),
            };
            return Err(format!(
                "failed the self-test, so it was not measured: {} (agent {}, URL {}) expects {}, it answered {answered}",
                case.check_id(index),
                check.agents.join(", "),
                check.url,
                word(expected)
            ));
        }
    }
    Ok(())
}
