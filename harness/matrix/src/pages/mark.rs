//! One symbol per answer in the conformance matrix: how it compares with
//! both profiles' expectations at once.

use rep_core::case::ProfileId;
use rep_core::implementation::ImplError;
use rep_core::runner::{Row, Status};

/// How one answer compares with both profiles' expectations, as one symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Meets every definite expectation (rfc and google, where not implementation-defined).
    Both,
    /// Meets rfc's expectation, misses google's.
    RfcOnly,
    /// Meets google's expectation, misses rfc's.
    GoogleOnly,
    /// Misses every definite expectation.
    Neither,
    /// Both expectations are implementation-defined: answered, not scored.
    Open,
    /// The implementation crashed, hung or answered garbage.
    Error,
    /// The implementation cannot answer this kind of check.
    NotApplicable,
}

impl Mark {
    /// Every mark, in legend order.
    pub(crate) const ALL: [Mark; 7] = [
        Mark::Both,
        Mark::RfcOnly,
        Mark::GoogleOnly,
        Mark::Neither,
        Mark::Open,
        Mark::Error,
        Mark::NotApplicable,
    ];

    /// The mark of implementation `index`'s answer in `row`.
    pub fn of(row: &Row<'_>, index: usize) -> Mark {
        let met = |profile| match row.status(index, profile) {
            Status::Pass => Some(true),
            Status::Fail | Status::Departure(_) => Some(false),
            _ => None,
        };
        match &row.answers[index] {
            Err(ImplError::Failed(_)) => return Mark::Error,
            Err(ImplError::Unsupported(_)) => return Mark::NotApplicable,
            Ok(_) => {}
        }
        match (met(ProfileId::Rfc), met(ProfileId::Google)) {
            (None, None) => Mark::Open,
            (Some(true), Some(false)) => Mark::RfcOnly,
            (Some(false), Some(true)) => Mark::GoogleOnly,
            (rfc, google) if rfc != Some(false) && google != Some(false) => Mark::Both,
            _ => Mark::Neither,
        }
    }

    /// Whether implementations with these marks differ on a check: two of
    /// those that could answer it have different marks. "n/a" differs from
    /// nothing, so a fetch check only the matcher models is not a difference.
    pub fn differ(marks: impl IntoIterator<Item = Mark>) -> bool {
        let mut answered = marks.into_iter().filter(|mark| *mark != Mark::NotApplicable);
        let first = answered.next();
        answered.any(|mark| Some(mark) != first)
    }

    /// The one-character symbol shown in the matrix.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Both => "✓",
            Mark::RfcOnly => "R",
            Mark::GoogleOnly => "G",
            Mark::Neither => "✗",
            Mark::Open => "?",
            Mark::Error => "E",
            Mark::NotApplicable => "·",
        }
    }

    /// A stable lowercase name, for the JSON report.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Both => "both",
            Mark::RfcOnly => "rfc-only",
            Mark::GoogleOnly => "google-only",
            Mark::Neither => "neither",
            Mark::Open => "implementation-defined",
            Mark::Error => "error",
            Mark::NotApplicable => "n/a",
        }
    }

    /// What the symbol means, for the legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Mark::Both => {
                "agrees with the rfc and the google expectation (or with the one that is not implementation-defined)"
            }
            Mark::RfcOnly => "agrees with rfc only (where the two profiles expect different verdicts)",
            Mark::GoogleOnly => "agrees with google only",
            Mark::Neither => "agrees with neither profile",
            Mark::Open => "both expectations are implementation-defined (RFC MAY): answered, not scored",
            Mark::Error => "error: the implementation crashed, hung or answered garbage",
            Mark::NotApplicable => {
                "n/a: the implementation cannot answer this kind of check (fetch cases, several agents at once)"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rep_core::case::{Case, Expect};
    use rep_core::implementation::{DecidingLine, Outcome};

    fn mark(rfc: Expect, google: Expect, allowed: bool) -> Mark {
        let case = Case::sample(rfc, google);
        let answer = Ok(Outcome::new(allowed, DecidingLine::NotReported));
        Mark::of(
            &Row {
                case: &case,
                index: 0,
                answers: vec![answer],
            },
            0,
        )
    }

    #[test]
    fn marks_combine_both_profiles() {
        use Expect::*;
        assert_eq!(mark(Allowed, Allowed, true), Mark::Both);
        assert_eq!(mark(Allowed, Disallowed, true), Mark::RfcOnly);
        assert_eq!(mark(Allowed, Disallowed, false), Mark::GoogleOnly);
        assert_eq!(mark(Allowed, Allowed, false), Mark::Neither);
        assert_eq!(mark(ImplementationDefined, Disallowed, false), Mark::Both);
        assert_eq!(mark(ImplementationDefined, Disallowed, true), Mark::Neither);
        assert_eq!(mark(ImplementationDefined, ImplementationDefined, true), Mark::Open);
    }

    #[test]
    fn n_a_differs_from_nothing() {
        use Mark::*;
        assert!(!Mark::differ([Both, NotApplicable, Both]));
        assert!(!Mark::differ([NotApplicable, NotApplicable]));
        assert!(!Mark::differ([]));
        assert!(Mark::differ([NotApplicable, Both, Error]));
        assert!(Mark::differ([RfcOnly, GoogleOnly]));
    }
}
