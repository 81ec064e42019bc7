//! One cause, one difference. Signatures are taken on whatever input first
//! showed a disagreement, where several oddities may hide the cause; once
//! each difference has its minimal case, the cause is named again on that
//! case — which of `rep`'s switches, flipped alone, makes each reference
//! answer as the parser does — and differences with the same cause are
//! merged, whatever group, rule kind or URL shape their inputs had, and
//! whichever way the switch tipped the answer. When no switch does, the
//! library is asked ([`super::behaviour`]): differences explained by the same
//! library behaviour are merged, whichever way it tipped the answer. The
//! merged difference shows the minimal case of the group with the most
//! real-world checks, so the case stands for what real files meet most.

use rep::{check_once, Profile, Reason, Switch};

use super::behaviour::LibraryCause;
use super::signature::{Relation, EXPLANATION_ORDER};
use rep_core::diff::Probe;

/// What makes the parser answer as it does on a minimal case, seen from
/// both references.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cause {
    /// The switch that makes `rep`'s RFC 9309 profile answer as the parser
    /// does, when the parser departs from RFC 9309 and one does.
    pub from_rfc: Option<&'static str>,
    /// The same from Google's side.
    pub from_google: Option<&'static str>,
    /// When no switch does: what the library does, found by asking it.
    pub library: Option<LibraryCause>,
    /// When neither one switch nor a library behaviour does, and the parser
    /// departs from one reference alone: two or three switches that,
    /// flipped together from that reference's side, make `rep` answer as
    /// the parser does (a library that follows the other reference on
    /// several constructs of one case).
    pub together: Option<Together>,
    /// When neither a switch nor a library behaviour names it: how the
    /// departed reference decided, in terms that do not name the group, the
    /// rule's kind or the URL's shape.
    pub decided_by: Option<String>,
}

/// Switches of `rep` that name a cause together ([`Cause::together`]).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Together {
    /// Flipped from RFC 9309's side (on, Google's way); else from Google's
    /// side (off, RFC 9309's way).
    pub from_rfc: bool,
    /// Their names ([`Switch::name`]), in [`EXPLANATION_ORDER`].
    pub switches: Vec<&'static str>,
}

impl Together {
    /// The switches as a list in words: `` `a` and `b` ``, `` `a`, `b` and `c` ``.
    pub fn switch_list(&self) -> String {
        let quoted: Vec<String> = self.switches.iter().map(|name| format!("`{name}`")).collect();
        match quoted.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// What the library does, each switch's setting told as a behaviour,
    /// joined by "; and ".
    pub fn library_does(&self) -> String {
        self.switches
            .iter()
            .filter_map(|name| super::switch_words::library_does_named(name, self.from_rfc))
            .collect::<Vec<_>>()
            .join("; and ")
    }
}

impl Cause {
    /// The cause of `parser_allows` on `probe`, where the parser departs
    /// from the references as `relation` says.
    pub fn of(probe: &Probe, relation: Relation, parser_allows: bool) -> Cause {
        let side = |base: Profile, departs: bool| departs.then(|| switch_for(probe, base, parser_allows)).flatten();
        let from_rfc = side(Profile::RFC9309, relation != Relation::DepartsFromGoogle);
        let from_google = side(Profile::GOOGLE, relation != Relation::DepartsFromRfc);
        let decided_by = (from_rfc.is_none() && from_google.is_none()).then(|| {
            let base = if relation == Relation::DepartsFromGoogle {
                Profile::GOOGLE
            } else {
                Profile::RFC9309
            };
            decided(probe, base)
        });
        Cause {
            from_rfc,
            from_google,
            library: None,
            together: None,
            decided_by,
        }
    }

    /// Whether one switch of `rep` names it, from either side.
    pub fn named_by_a_switch(&self) -> bool {
        self.from_rfc.is_some() || self.from_google.is_some()
    }

    /// Whether nothing names it: no switch, no pair of them, no library
    /// behaviour.
    pub fn unnamed(&self) -> bool {
        !self.named_by_a_switch() && self.library.is_none() && self.together.is_none()
    }

    /// Where nothing else names it and the parser departs from one
    /// reference alone, the first set of two, else three, switches (in
    /// [`EXPLANATION_ORDER`]) that, flipped together from that reference's
    /// side, answer as the parser does on `probe`; it replaces the
    /// reference's decision as what is known.
    pub(super) fn with_switches_together(self, probe: &Probe, relation: Relation, parser_allows: bool) -> Cause {
        let base = match relation {
            Relation::DepartsFromRfc => Profile::RFC9309,
            Relation::DepartsFromGoogle => Profile::GOOGLE,
            _ => return self,
        };
        if !self.unnamed() {
            return self;
        }
        let agents = probe.agent_bytes();
        let url = probe.url.as_bytes();
        let answers = |switches: &[Switch]| {
            let flipped = switches
                .iter()
                .fold(base, |profile, &switch| profile.with(switch, !base.is_on(switch)));
            check_once(&probe.body, flipped, &agents, url).allowed == parser_allows
        };
        let order = EXPLANATION_ORDER;
        let pairs = (0..order.len()).flat_map(|a| (a + 1..order.len()).map(move |b| vec![order[a], order[b]]));
        let triples = (0..order.len()).flat_map(|a| {
            (a + 1..order.len())
                .flat_map(move |b| (b + 1..order.len()).map(move |c| vec![order[a], order[b], order[c]]))
        });
        match pairs.chain(triples).find(|switches| answers(switches)) {
            Some(switches) => Cause {
                together: Some(Together {
                    from_rfc: base == Profile::RFC9309,
                    switches: switches.iter().map(|switch| switch.name()).collect(),
                }),
                decided_by: None,
                ..self
            },
            None => self,
        }
    }

    /// The cause found in the library, which replaces the reference's
    /// decision as what is known of it.
    pub(super) fn with_library(self, library: Option<LibraryCause>) -> Cause {
        match library {
            Some(library) => Cause {
                library: Some(library),
                decided_by: None,
                ..self
            },
            None => self,
        }
    }

    /// The switches from both sides in words, or how the reference decided
    /// when neither a switch nor a library behaviour names the cause (the
    /// behaviour, with its evidence, is [`Cause::library`]).
    pub fn describe(&self) -> String {
        // Flipped from RFC 9309's side a switch is on, from Google's off.
        let side = |switch: Option<&str>, reference: &str, on: bool| {
            switch.map(|switch| {
                let does = super::switch_words::library_does_named(switch, on).unwrap_or_default();
                format!("`rep`'s {reference} profile with `{switch}` flipped answers as the parser does: it {does}")
            })
        };
        let together = self.together.as_ref().map(|together| {
            let reference = if together.from_rfc { "RFC 9309" } else { "Google" };
            format!(
                "`rep`'s {reference} profile with {} flipped together answers as the parser does: it {}",
                together.switch_list(),
                together.library_does()
            )
        });
        let mut parts: Vec<String> = [
            side(self.from_rfc, "RFC 9309", true),
            side(self.from_google, "Google", false),
            together,
        ]
        .into_iter()
        .flatten()
        .collect();
        if let Some(decided) = &self.decided_by {
            parts.push(format!(
                "no single switch of `rep` reproduces it and no behaviour the library was asked about explains it; \
                 the reference decided by {decided}"
            ));
        }
        parts.join("; ")
    }
}

/// The first switch (in [`EXPLANATION_ORDER`]) whose flip alone makes `base`
/// answer `parser_allows` on `probe`.
fn switch_for(probe: &Probe, base: Profile, parser_allows: bool) -> Option<&'static str> {
    let agents = probe.agent_bytes();
    let url = probe.url.as_bytes();
    EXPLANATION_ORDER
        .iter()
        .find(|&&switch| {
            let flipped = base.with(switch, !base.is_on(switch));
            check_once(&probe.body, flipped, &agents, url).allowed == parser_allows
        })
        .map(|switch| switch.name())
}

/// How `base` decided `probe`: the reason, and the special characters of the
/// deciding pattern.
fn decided(probe: &Probe, base: Profile) -> String {
    let verdict = check_once(&probe.body, base, &probe.agent_bytes(), probe.url.as_bytes());
    let pattern = verdict
        .rule
        .as_ref()
        .filter(|_| verdict.reason == Reason::RuleMatched)
        .map(|rule| rule.pattern.as_bytes().to_vec())
        .unwrap_or_default();
    let mut words = match verdict.reason {
        Reason::RuleMatched => "a matching rule".to_string(),
        Reason::EmptyRuleMatched => "an empty rule".to_string(),
        Reason::NoRuleMatched => "no rule matching".to_string(),
        Reason::GroupHasNoRules => "a group without rules".to_string(),
        Reason::NoGroup => "no group applying to the agent".to_string(),
        Reason::RobotsTxtAlwaysAllowed => "/robots.txt being always allowed".to_string(),
    };
    if pattern.contains(&b'*') {
        words.push_str(" with a wildcard");
    }
    if pattern.last() == Some(&b'$') {
        words.push_str(if pattern.contains(&b'*') {
            " and an end anchor"
        } else {
            " with an end anchor"
        });
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(body: &str, url: &str) -> Probe {
        Probe {
            body: body.as_bytes().to_vec(),
            agents: vec!["FooBot".into()],
            url: url.into(),
        }
    }

    #[test]
    fn a_colonless_rule_is_named_as_such_from_the_rfc_side() {
        // A parser that reads `Disallow /` disallows; RFC 9309 ignores the
        // line, Google's parser reads it.
        let cause = Cause::of(
            &probe("User-agent: *\nDisallow /\n", "https://example.com/a"),
            Relation::DepartsFromRfc,
            false,
        );
        assert_eq!(cause.from_rfc, Some("missing-colon"));
        assert_eq!(cause.from_google, None);
        assert!(
            cause.describe().contains("`missing-colon` flipped"),
            "{}",
            cause.describe()
        );
    }

    #[test]
    fn two_google_constructs_at_once_are_named_as_a_pair_from_the_rfc_side() {
        // Google's parser reads the colonless line and trims the vertical
        // tab after it; RFC 9309 does neither, and no one switch gives
        // Google's answer.
        let case = probe("User-agent: *\nDisallow /a \x0B\n", "https://example.com/a");
        let alone = Cause::of(&case, Relation::DepartsFromRfc, false);
        assert!(alone.unnamed(), "{alone:?}");
        let paired = alone
            .clone()
            .with_switches_together(&case, Relation::DepartsFromRfc, false);
        let together = paired.together.clone().expect("a pair names it");
        assert_eq!(
            (together.from_rfc, together.switches.as_slice()),
            (true, ["missing-colon", "ascii-whitespace-trim"].as_slice())
        );
        assert_eq!(paired.decided_by, None);
        assert!(
            paired
                .describe()
                .contains("`missing-colon` and `ascii-whitespace-trim` flipped together"),
            "{}",
            paired.describe()
        );
        // Only where the parser departs from one reference alone.
        let both = alone.with_switches_together(&case, Relation::DepartsFromBoth, false);
        assert_eq!(both.together, None);
    }

    #[test]
    fn three_constructs_at_once_and_the_google_side() {
        // `User-agents:` (a key read by its start), `FooBot*` (a name read
        // by its leading letters) and `disalow` (a misspelt key): Google's
        // parser reads all three, RFC 9309 none.
        let case = probe("User-agents: FooBot*\ndisalow: /a\n", "https://example.com/a");
        let from_rfc = Cause::of(&case, Relation::DepartsFromRfc, false).with_switches_together(
            &case,
            Relation::DepartsFromRfc,
            false,
        );
        let together = from_rfc.together.expect("three switches name it");
        let mut switches = together.switches.clone();
        switches.sort_unstable();
        assert_eq!(switches, ["accept-typos", "key-prefix", "product-token-prefix"]);
        assert_eq!(
            together.switch_list().matches(", ").count(),
            1,
            "{}",
            together.switch_list()
        );
        assert_eq!(together.library_does().matches("; and ").count(), 2);
        // Two groups each name the agent through another of Google's
        // leniencies; a library that reads neither departs from Google's
        // parser alone, named by both switches turned off from its side.
        let case = probe(
            "User-agents: FooBot\nDisallow: /\nUser-agent: \x0BFooBot\nDisallow: /\n",
            "https://example.com/",
        );
        let from_google = Cause::of(&case, Relation::DepartsFromGoogle, true).with_switches_together(
            &case,
            Relation::DepartsFromGoogle,
            true,
        );
        let off = from_google.together.expect("named from Google's side");
        assert!(!off.from_rfc);
        let mut switches = off.switches.clone();
        switches.sort_unstable();
        assert_eq!(switches, ["ascii-whitespace-trim", "key-prefix"]);
        assert!(off.library_does().starts_with("does not"), "{}", off.library_does());
    }
}
