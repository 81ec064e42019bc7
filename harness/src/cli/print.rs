//! Printing what the differential engine returns, for `reptest diff` and
//! `reptest merge` alike.

use rep_core::diff::{Summary, Written};

/// Prints where findings were written (stdout) and what could not be
/// written (stderr).
pub fn print_written(written: &Written) {
    for problem in &written.problems {
        eprintln!("reptest diff: {problem}");
    }
    for path in &written.paths {
        println!("finding written: {}", path.display());
    }
}

/// Prints a run's summary under `header`, and the findings written.
pub fn print_summary(header: &str, summary: &Summary, written: &Written) {
    print!("{}", summary.describe(header));
    print_written(written);
}
