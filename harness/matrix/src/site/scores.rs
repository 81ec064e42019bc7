//! The scores the overview shows as bars, all in this one place: a new
//! score column (a MUST/SHOULD split, another measurement) is one more
//! entry in [`scores`].

use super::html::esc;
use super::{Column, Site};
use crate::measure::collect::Source;
use rep_core::case::ProfileId;
use rep_core::runner::Tally;

/// One score of one implementation.
pub struct Score {
    /// The share in percent, or `None` when nothing was scored.
    pub percent: Option<f64>,
    /// The counts behind it, for the hover text and the cell.
    pub detail: String,
}

/// The score columns' headings, in the order [`scores`] gives them.
pub const HEADINGS: [&str; 4] = [
    "RFC 9309 (suite)",
    "Google profile (suite)",
    "real world: agrees with Google",
    "generated: agrees with Google",
];

fn suite(tally: &Tally) -> Score {
    let scored = tally.pass + tally.fail + tally.error;
    Score {
        percent: tally.score(),
        detail: format!(
            "{}/{scored} checks met ({} missed, {} errors, {} implementation-defined, {} n/a)",
            tally.pass, tally.fail, tally.error, tally.implementation_defined, tally.not_applicable
        ),
    }
}

/// The scores of one implementation, in [`HEADINGS`] order.
pub fn scores(site: &Site<'_, '_, '_>, column: &Column<'_>) -> Vec<Score> {
    let matrix = site.report.matrix;
    let mut out = vec![
        suite(&matrix.tally(column.index, ProfileId::Rfc)),
        suite(&matrix.tally(column.index, ProfileId::Google)),
    ];
    let measured = site.report.measured.iter().find(|m| m.name == column.entry.name);
    for source in [Source::RealWorld, Source::Fuzz] {
        let tally = measured.and_then(|m| m.tallies.iter().find(|(s, _)| *s == source).map(|(_, t)| *t));
        out.push(match tally {
            Some(tally) => Score {
                percent: tally.google_percent(),
                detail: format!(
                    "{} of {} checks agree with Google's parser ({} errors, {} n/a)",
                    tally.agree_google, tally.compared_google, tally.errors, tally.not_applicable
                ),
            },
            None => Score {
                percent: None,
                detail: "not measured".to_string(),
            },
        });
    }
    out
}

/// A table cell with the score as a bar; `claimed` marks the profile the
/// implementation claims. `data-v` is what the column sorts by.
pub fn cell(score: &Score, claimed: bool) -> String {
    let Some(percent) = score.percent else {
        return format!(
            "<td class=\"score\" data-v=\"-1\" title=\"{}\">–</td>",
            esc(&score.detail)
        );
    };
    let tone = if percent >= 99.95 {
        "full"
    } else if percent >= 90.0 {
        "high"
    } else if percent >= 70.0 {
        "mid"
    } else {
        "low"
    };
    format!(
        "<td class=\"score{}\" data-v=\"{percent:.3}\" title=\"{}\"><span class=\"bar {tone}\" \
         style=\"width:{percent:.1}%\"></span><span class=\"num\">{percent:.1}%</span></td>",
        if claimed { " claimed" } else { "" },
        esc(&score.detail)
    )
}
