//! What the measurement found of one parser: its distinct differences, each
//! with how it stands against the profile the parser states and its cause.
//! Data only: [`super::differences`] finds them, [`super::merge`] merges
//! them by cause.

use std::collections::BTreeMap;

use super::collect::{References, Source};
use super::signature::{Relation, Signature};
use rep_core::case::ProfileId;
use rep_core::diff::Probe;

/// How a difference stands against the profile the parser's own
/// documentation states (or none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// It departs from both references (which agree): a miss whatever it states.
    Miss,
    /// It fails (crash, error, hang) where the references answer.
    Failure,
    /// It misses its stated profile by giving the other profile's answer.
    FollowsOtherProfile,
    /// It gives its stated profile's answer where the other profile differs:
    /// not a miss.
    FollowsClaimedProfile,
    /// It states no profile and differs from one reference only: a
    /// difference, not a miss.
    DiffersFromOne,
}

impl Standing {
    pub(super) fn of(relation: Relation, stated: Option<ProfileId>) -> Standing {
        match (relation, stated) {
            (Relation::Fails, _) => Standing::Failure,
            (Relation::DepartsFromBoth, _) => Standing::Miss,
            (_, None) => Standing::DiffersFromOne,
            (Relation::DepartsFromRfc, Some(ProfileId::Rfc))
            | (Relation::DepartsFromGoogle, Some(ProfileId::Google)) => Standing::FollowsOtherProfile,
            _ => Standing::FollowsClaimedProfile,
        }
    }

    /// Whether it counts as a miss (and is ranked as one).
    pub fn is_miss(self) -> bool {
        matches!(self, Standing::Miss | Standing::Failure | Standing::FollowsOtherProfile)
    }

    /// A heading for reports.
    pub fn heading(self) -> &'static str {
        match self {
            Standing::Miss => "Misses: it departs from both RFC 9309 and Google, which agree",
            Standing::Failure => "Failures: errors, crashes or hangs where both references answer",
            Standing::FollowsOtherProfile => "Misses of its stated profile where it gives the other profile's answer",
            Standing::FollowsClaimedProfile => "Not misses: it follows its stated profile where the other one differs",
            Standing::DiffersFromOne => {
                "Not ranked: it differs from one reference only, and states no profile to judge it by"
            }
        }
    }
}

/// One distinct difference of a parser, ready to report upstream.
#[derive(Clone, Debug)]
pub struct Difference {
    /// What makes it one difference.
    pub signature: Signature,
    /// Checks it explains, per source.
    pub counts: BTreeMap<Source, u64>,
    /// Where the input it is shown by came from.
    pub origin: String,
    /// The input it is shown by, as measured: of the groups merged into it,
    /// the first input of the one with the most real-world checks (its first
    /// real-world input, when it has any).
    pub original: Probe,
    /// The sample that input came from.
    pub original_source: Source,
    /// The real-world checks of the group that input stands for.
    pub original_checks: u64,
    /// The smallest input found that still shows it.
    pub minimal: Probe,
    /// The parser's answer on the minimal input, in words.
    pub parser_says: String,
    /// What the references answer on the minimal input.
    pub references: References,
    /// Why RFC 9309 decides as it does on the minimal input (`rep-rfc`'s
    /// explanation), whichever reference the parser departs from: it is
    /// printed beside RFC 9309's verdict.
    pub expected_because: String,
    /// Why Google's parser decides as it does, in the words of `rep`'s
    /// Google profile; `None` where that profile answers otherwise than
    /// Google's parser (its words would explain another verdict).
    pub google_because: Option<String>,
    /// The section of RFC 9309 the point rests on.
    pub clause: &'static str,
    /// Miss or not, against the stated profile.
    pub standing: Standing,
    /// The cause, named on the minimal case ([`super::cause`]).
    pub cause: Option<super::cause::Cause>,
    /// How many other differences of the same cause were merged into it.
    pub merged: usize,
    /// Of its checks, those where the parser answered the other way round
    /// (the same cause, met in the reverse direction).
    pub other_way: u64,
}

impl Difference {
    /// Checks it explains, all sources together.
    pub fn total(&self) -> u64 {
        self.counts.values().sum()
    }
}

/// A parser's differences, as the report shows them.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// The list: differences met in fixed inputs, in report order.
    pub listed: Vec<Difference>,
    /// Differences only an explored stream showed, often enough to name.
    pub explored: Vec<Difference>,
    /// Checks in differences met too rarely to name.
    pub rare: u64,
    /// What the library was found to do, behaviour by behaviour.
    pub behaviours: super::behaviour::Diagnosis,
}
