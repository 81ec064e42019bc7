//! The real-world figures by kind of check, and the headline made of them.
//!
//! Agreement differs more between kinds of check (a rule's own path against
//! the site's root) than between many parsers, so one figure over all the
//! checks would measure the mix of kinds the corpus happens to offer. Each
//! kind is published with its count, and the headline is the plain mean of
//! the kinds that place a URL against a rule ([`HEADLINE_KINDS`]):
//! [`HEADLINE_DEFINITION`].
//!
//! Why those three: the root and the unrelated path are answered by which
//! group applies and nothing else, which every rule-built check already
//! depends on; folded in, they weigh group choice twice and pull every
//! parser towards the 97-98% that group choice alone gives. A file with no
//! sibling to offer (no rules, an HTML page) still weighs in: its unrelated
//! check stands in as its sibling (`rep_generate::crawler_probes`). The query kind
//! asks the same rule at the same path as the literal kind, with a query
//! added; folded in, it would count the rule's own path twice. All six stay
//! on the page with their counts.

use serde::{Deserialize, Serialize};

use super::collect::{Collected, Tally};
use rep_generate::ProbeKind;

/// How the real-world headline is made, in one sentence for the pages.
pub const HEADLINE_DEFINITION: &str = "The real-world headline is the mean of the agreement on the three \
     places a crawler's URL can stand against a rule (the rule's own path, a page below it, a path beside it \
     that it does not cover, or the unrelated path for a file that offers none), each weighing the same; the \
     query, root and unrelated kinds are shown apart, because the query kind repeats the rule's own path and \
     the other two test only which group applies, which the three already test.";

/// The kinds [`headline`] averages, in report order.
pub const HEADLINE_KINDS: [ProbeKind; 3] = [ProbeKind::Literal, ProbeKind::Below, ProbeKind::Sibling];

/// One kind's real-world figures for one parser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindFigures {
    /// The kind's name ([`ProbeKind::name`]).
    pub kind: String,
    /// What its checks ask, in words.
    pub description: String,
    /// Its checks: asked, n/a, errors, and agreement with each reference.
    pub tally: Tally,
}

/// The real-world headline: [`HEADLINE_DEFINITION`] for each reference.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Headline {
    /// How it is made ([`HEADLINE_DEFINITION`]).
    pub definition: String,
    /// Agreement with Google's parser in percent; `None` when no kind was
    /// compared.
    pub google: Option<f64>,
    /// Agreement with RFC 9309 (`rep-rfc`) in percent; `None` when no kind
    /// was compared.
    pub rfc: Option<f64>,
    /// How many kinds each figure averages (a kind none of whose checks had
    /// an answer to compare is left out), Google's then the RFC's.
    pub kinds_averaged: (usize, usize),
}

/// `collected`'s real-world figures, one per kind in report order (kinds
/// never asked left out).
pub fn kind_figures(collected: &Collected) -> Vec<KindFigures> {
    ProbeKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let tally = *collected.kinds.get(kind.name())?;
            Some(KindFigures {
                kind: kind.name().to_string(),
                description: kind.describe().to_string(),
                tally,
            })
        })
        .collect()
}

/// The headline of `figures`: the plain mean, over [`HEADLINE_KINDS`], of
/// each kind's agreement, per reference.
pub fn headline(figures: &[KindFigures]) -> Headline {
    let counted = || {
        figures
            .iter()
            .filter(|figure| HEADLINE_KINDS.iter().any(|kind| kind.name() == figure.kind))
    };
    let mean = |percent: fn(&Tally) -> Option<f64>| {
        let percents: Vec<f64> = counted().filter_map(|figure| percent(&figure.tally)).collect();
        let mean = (!percents.is_empty()).then(|| percents.iter().sum::<f64>() / percents.len() as f64);
        (mean, percents.len())
    };
    let (google, google_kinds) = mean(Tally::google_percent);
    let (rfc, rfc_kinds) = mean(Tally::rfc_percent);
    Headline {
        definition: HEADLINE_DEFINITION.to_string(),
        google,
        rfc,
        kinds_averaged: (google_kinds, rfc_kinds),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::collect::{Example, References, Source};
    use rep_core::diff::Probe;
    use rep_core::implementation::{DecidingLine, ImplError, Outcome};

    fn verdict(allowed: bool) -> rep_core::implementation::Answer {
        Ok(Outcome::new(allowed, DecidingLine::NotReported))
    }

    /// Records `answers` (each against references that both say `expected`)
    /// as real-world checks of `kind`.
    fn record(
        collected: &mut Collected,
        kind: ProbeKind,
        answers: &[rep_core::implementation::Answer],
        expected: bool,
    ) {
        let references = References {
            google: Some(expected),
            rfc: Some(expected),
        };
        for (index, answer) in answers.iter().enumerate() {
            let example = Example {
                order: format!("{}#{index}", kind.name()),
                origin: kind.name().into(),
                probe: Probe {
                    body: b"User-agent: *\nDisallow: /a\n".to_vec(),
                    agents: vec!["Bot".into()],
                    url: "https://example.com/a".into(),
                },
            };
            collected.record(Source::RealWorld, example, answer, references);
            collected.record_kind(kind, answer, references);
        }
    }

    #[test]
    fn figures_per_kind_and_their_mean() {
        let mut collected = Collected::default();
        // literal: 3 of 4 agree (one wrong verdict).
        record(
            &mut collected,
            ProbeKind::Literal,
            &[verdict(false), verdict(false), verdict(false), verdict(true)],
            false,
        );
        // root: 1 of 2 agree (one error, which counts against).
        record(
            &mut collected,
            ProbeKind::Root,
            &[verdict(true), Err(ImplError::Failed("no answer".into()))],
            true,
        );
        // sibling: one n/a and 1 of 1 compared agrees.
        record(
            &mut collected,
            ProbeKind::Sibling,
            &[Err(ImplError::Unsupported("n/a".into())), verdict(true)],
            true,
        );
        let figures = kind_figures(&collected);
        let names: Vec<&str> = figures.iter().map(|figure| figure.kind.as_str()).collect();
        assert_eq!(names, ["literal", "sibling", "root"], "report order, kinds asked only");
        let literal = figures[0].tally;
        assert_eq!(
            (literal.checks, literal.agree_google, literal.compared_google),
            (4, 3, 4)
        );
        let sibling = figures[1].tally;
        assert_eq!(
            (sibling.checks, sibling.not_applicable, sibling.compared_rfc),
            (2, 1, 1)
        );
        let root = figures[2].tally;
        assert_eq!(
            (root.checks, root.errors, root.agree_rfc, root.compared_rfc),
            (2, 1, 1, 2)
        );
        // The kinds split the real-world tally: their counts add up to it.
        let whole = collected.tallies[&Source::RealWorld];
        assert_eq!(whole.checks, 8);
        assert_eq!(whole.agree_google, 3 + 1 + 1);
        // (75 + 100) / 2: the root kind (50) is shown but not averaged,
        // where the pooled figure would be 5/7 = 71.4.
        let headline = headline(&figures);
        assert_eq!(headline.google, Some(87.5));
        assert_eq!(headline.rfc, Some(87.5));
        assert_eq!(headline.kinds_averaged, (2, 2));
        assert_eq!(headline.definition, HEADLINE_DEFINITION);
    }

    #[test]
    fn the_pages_state_the_bound_per_kind() {
        let (_, real_world) = crate::model::SAMPLES[0];
        // The words say "one"; the bound they describe must be one.
        assert_eq!(crate::measure::run::REAL_WORLD_CHECKS_PER_KIND, 1);
        assert!(real_world.contains("one check of each kind per file"), "{real_world}");
    }

    #[test]
    fn shards_merge_kind_by_kind_and_nothing_asked_has_no_headline() {
        let mut first = Collected::default();
        let mut second = Collected::default();
        record(&mut first, ProbeKind::Below, &[verdict(true)], true);
        record(&mut second, ProbeKind::Below, &[verdict(false)], true);
        first.merge(second);
        let figures = kind_figures(&first);
        assert_eq!(figures.len(), 1);
        assert_eq!((figures[0].tally.checks, figures[0].tally.agree_google), (2, 1));
        assert_eq!(headline(&figures).google, Some(50.0));
        let none = headline(&[]);
        assert_eq!((none.google, none.rfc, none.kinds_averaged), (None, None, (0, 0)));
    }

    #[test]
    fn only_the_rule_kinds_make_the_headline() {
        let mut collected = Collected::default();
        for kind in [ProbeKind::Query, ProbeKind::Root, ProbeKind::Unrelated] {
            record(&mut collected, kind, &[verdict(false)], true);
        }
        let figures = kind_figures(&collected);
        assert_eq!(figures.len(), 3, "the three kinds are published");
        let without_rule_kinds = headline(&figures);
        assert_eq!(
            (without_rule_kinds.google, without_rule_kinds.kinds_averaged),
            (None, (0, 0))
        );
        record(&mut collected, ProbeKind::Sibling, &[verdict(true)], true);
        assert_eq!(headline(&kind_figures(&collected)).google, Some(100.0));
    }
}
