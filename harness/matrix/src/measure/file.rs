//! The files `reptest measure` and `reptest diff --partial` write, read
//! back as what their `format` says they are, naming the file in any error.

use super::{Measurements, FORMAT};
use rep_core::diff::partial::{self, Partial};
use std::path::Path;

/// Reads a measurements file, naming it in any error.
pub fn read_measurements(path: &Path) -> Result<Measurements, String> {
    match read_part(path)? {
        Part::Measurements(measurements) => Ok(measurements),
        Part::Diff(_) => Err(format!(
            "{} is a partial differential run, not measurements",
            path.display()
        )),
    }
}

/// A part, read as what its `format` says it is.
pub enum Part {
    /// Measurements of third-party parsers (a shard or the whole).
    Measurements(Measurements),
    /// A shard of a differential run.
    Diff(Partial),
}

/// Reads one part, naming it in any error.
pub fn read_part(path: &Path) -> Result<Part, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let format = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|value| value.get("format")?.as_str().map(str::to_string));
    let parsed = match format.as_deref() {
        Some(FORMAT) => serde_json::from_str(&text).map(Part::Measurements),
        Some(partial::FORMAT) => serde_json::from_str(&text).map(Part::Diff),
        _ => {
            return Err(format!(
                "{} is neither measurements ({}) nor a partial differential run ({})",
                path.display(),
                FORMAT,
                partial::FORMAT
            ))
        }
    };
    parsed.map_err(|error| format!("{} cannot be read: {error}", path.display()))
}
