//! A baseline's judgement told to the user: a line per problem, each new miss
//! with the command that shows it, ending with the one-line verdict.

use super::reproduce::show_command;
use crate::baseline::Judgement;
use std::fmt::Write;

/// What to tell the user about `judgement`, a line per problem, ending with
/// the one-line verdict; `file` names the list.
pub fn explained(judgement: &Judgement, file: &str) -> String {
    let mut out = String::new();
    for id in &judgement.new_misses {
        let _ = writeln!(out, "new miss (not in {file}): {id} ({})", show_command(id, &[]));
    }
    for id in &judgement.stale {
        let _ = writeln!(out, "stale (passes now, remove it from {file}): {id}");
    }
    for id in &judgement.unknown {
        let _ = writeln!(
            out,
            "unknown id (no such check in the suite; remove or rename it in {file}): {id}"
        );
    }
    let _ = writeln!(out, "{}", judgement.verdict(file));
    out
}
