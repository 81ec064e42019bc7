//! One measured parser as the model holds it: its agreement per sample, its
//! errors, and each distinct difference with its minimal case, the lines of
//! the real-world file it came from, what each reference answers and why,
//! and the program that reproduces it by calling the library directly.

use std::collections::BTreeMap;

use super::suite::clause_of;
use super::Subject;
use crate::catalogue::snippet::{fence, render};
use crate::measure::behaviour::LibraryCause;
use crate::measure::by_kind;
use crate::measure::collect::{self, Collected};
use crate::measure::found::{Difference, Found};
use crate::measure::merge::headline;
use crate::model::parsers::{
    self as model, Agreement, ErrorShare, Errors, Example, Excerpt, FileCount, KindAgreement, Measurement, Message,
    NumberedLine, Program, RealWorld, ReferenceVerdict, ReferenceVerdicts, SourceCount,
};
use crate::model::prose::Span;
use crate::model::suite::{Expect, Suite};
use crate::model::{Body, Prose};
use rep_core::diff::{canonical, Probe, SMALL_BYTES, SMALL_LINES};
use rep_core::format::excerpt::{excerpt, ExcerptLine};
use rep_generate::split_lines;

/// What the model needs of one analysed parser.
pub(super) struct Analysed<'a> {
    /// The parser.
    pub subject: &'a Subject,
    /// Suite, real-world and generated measurements together.
    pub collected: &'a Collected,
    /// Its distinct differences.
    pub found: &'a Found,
    /// Whether an explored stream was measured.
    pub explored: bool,
}

/// The parser's page in the model; `suite` gives the checks a difference
/// was first seen on.
pub(super) fn parser(analysed: &Analysed<'_>, suite: &Suite) -> model::Parser {
    let Analysed {
        subject,
        collected,
        found,
        explored,
    } = analysed;
    let mut number = 0;
    let mut differences = Vec::new();
    for standing in model::Standing::ALL {
        for difference in found.listed.iter().filter(|d| standing_of(d.standing) == standing) {
            number += 1;
            differences.push(difference_of(difference, number, subject, suite));
        }
    }
    let explored_differences = found
        .explored
        .iter()
        .map(|difference| {
            number += 1;
            difference_of(difference, number, subject, suite)
        })
        .collect();
    let mut sources = vec![
        collect::Source::Suite,
        collect::Source::RealWorld,
        collect::Source::Edge,
        collect::Source::Fuzz,
    ];
    if *explored {
        sources.push(collect::Source::Explore);
    }
    model::Parser {
        name: subject.name.clone(),
        language: subject.language.clone(),
        version: subject.version.clone(),
        about: Prose::from_marked(&subject.about),
        adapter: subject.adapter.clone(),
        measurements: sources
            .into_iter()
            .map(|source| Measurement {
                source: source_of(source),
                text: agreement(collected.tallies.get(&source).copied().unwrap_or_default()),
                not_utf8: collected.non_utf8.get(&source).copied().map(agreement),
            })
            .collect(),
        real_world: real_world(collected),
        errors: errors(collected),
        differences,
        rare: found.rare,
        explored: explored_differences,
        files: files(collected),
    }
}

/// The real-world figures by kind of probe and the headline made of them
/// ([`by_kind`]); empty for measurements without kinds.
fn real_world(collected: &Collected) -> RealWorld {
    let figures = by_kind::kind_figures(collected);
    if figures.is_empty() {
        return RealWorld::default();
    }
    let headline = by_kind::headline(&figures);
    let shown = |percent: Option<f64>| percent.map_or("n/a".to_string(), |percent| format!("{percent:.1}%"));
    RealWorld {
        headline: Some(Prose::from_marked(&format!(
            "Headline: {} agreement with Google's parser, {} with RFC 9309. {}",
            shown(headline.google),
            shown(headline.rfc),
            headline.definition
        ))),
        headline_google: headline.google.map(thousandths),
        headline_rfc: headline.rfc.map(thousandths),
        kinds: figures
            .into_iter()
            .map(|figure| KindAgreement {
                kind: figure.kind,
                asks: figure.description,
                agreement: agreement(figure.tally),
            })
            .collect(),
    }
}

/// `percent` to three decimals: as written to report.json and read back,
/// the same number (a mean's full binary expansion may not survive JSON).
fn thousandths(percent: f64) -> f64 {
    (percent * 1000.0).round() / 1000.0
}

pub(super) fn source_of(source: collect::Source) -> model::Source {
    match source {
        collect::Source::Suite => model::Source::Suite,
        collect::Source::RealWorld => model::Source::RealWorld,
        collect::Source::Edge => model::Source::Edge,
        collect::Source::Fuzz => model::Source::Fuzz,
        collect::Source::Explore => model::Source::Explore,
    }
}

fn standing_of(standing: crate::measure::found::Standing) -> model::Standing {
    use crate::measure::found::Standing;
    match standing {
        Standing::Miss => model::Standing::Miss,
        Standing::Failure => model::Standing::Failure,
        Standing::FollowsOtherProfile => model::Standing::FollowsOtherProfile,
        Standing::FollowsClaimedProfile => model::Standing::FollowsClaimedProfile,
        Standing::DiffersFromOne => model::Standing::DiffersFromOne,
    }
}

fn agreement(tally: collect::Tally) -> Agreement {
    Agreement {
        checks: tally.checks,
        not_applicable: tally.not_applicable,
        errors: tally.errors,
        compared_google: tally.compared_google,
        agree_google: tally.agree_google,
        compared_rfc: tally.compared_rfc,
        agree_rfc: tally.agree_rfc,
    }
}

/// The samples whose errors pass 1% of their checks, and the most frequent messages.
fn errors(collected: &Collected) -> Errors {
    let over: Vec<ErrorShare> = collect::Source::ALL
        .iter()
        .filter_map(|source| {
            let mut tally = collected.tallies.get(source).copied().unwrap_or_default();
            let bytes = collected.non_utf8.get(source).copied().unwrap_or_default();
            tally.checks += bytes.checks;
            tally.errors += bytes.errors;
            (tally.error_percent()? > 1.0).then(|| ErrorShare {
                source: source_of(*source),
                errors: tally.errors,
                checks: tally.checks,
            })
        })
        .collect();
    if over.is_empty() {
        return Errors::default();
    }
    let mut messages: Vec<(u64, &str)> = collected
        .groups
        .iter()
        .filter_map(|group| Some((group.total(), group.signature.failure.as_deref()?)))
        .collect();
    messages.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    Errors {
        over,
        messages: messages
            .into_iter()
            .take(5)
            .map(|(checks, message)| Message {
                message: message.to_string(),
                checks,
            })
            .collect(),
    }
}

/// The ten real-world files it disagrees on most.
fn files(collected: &Collected) -> Vec<FileCount> {
    let mut files: Vec<(&String, &u64)> = collected.files.iter().collect();
    files.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    files
        .into_iter()
        .take(10)
        .map(|(file, checks)| FileCount {
            file: file.clone(),
            checks: *checks,
        })
        .collect()
}

fn difference_of(difference: &Difference, number: usize, subject: &Subject, suite: &Suite) -> model::Difference {
    let signature = &difference.signature;
    let first_seen = suite.check(&difference.origin);
    // A suite check whose rfc expectation is open under a reading: RFC 9309
    // requires neither verdict there, and `rep-rfc`'s answer is its choice.
    let reading = first_seen
        .filter(|(_, check)| check.rfc == Expect::ImplementationDefined)
        .and_then(|(_, check)| check.basis.reading.clone());
    let counts: BTreeMap<_, _> = difference.counts.iter().collect();
    model::Difference {
        number,
        standing: standing_of(difference.standing),
        headline: Prose::from_marked(&headline(difference)),
        fails: signature.failure.is_some(),
        counts: counts
            .into_iter()
            .filter(|(_, checks)| **checks > 0)
            .map(|(source, checks)| SourceCount {
                source: source_of(*source),
                checks: *checks,
            })
            .collect(),
        merged: difference.merged,
        other_way: difference.other_way,
        parser_allows: signature.parser_allows,
        relation: signature.relation.describe().to_string(),
        clause: clause_of(difference.clause),
        first_seen: difference.origin.clone(),
        first_seen_check: first_seen.map(|(_, check)| check.id.clone()),
        cause: difference
            .cause
            .as_ref()
            .and_then(|cause| cause.library.as_ref())
            .map(library_cause),
        rep_switch: difference
            .cause
            .as_ref()
            .map(|cause| cause.describe())
            .filter(|words| !words.is_empty())
            .map(|words| Prose::from_marked(&words)),
        original: original_lines(difference),
        biggest: None,
        minimal: Example {
            body: Body::of(&difference.minimal.body),
            shown: shown_lines(&difference.minimal.body),
            agents: difference.minimal.agents.clone(),
            url: difference.minimal.url.clone(),
        },
        size_note: size_note(difference),
        references: ReferenceVerdicts {
            rfc: ReferenceVerdict {
                allowed: difference.references.rfc,
                reason: Some(Prose::quoting_rule(&difference.expected_because)),
                reading,
            },
            google: ReferenceVerdict {
                allowed: difference.references.google,
                reason: difference.google_because.as_deref().map(Prose::quoting_rule),
                reading: None,
            },
        },
        parser_says: difference.parser_says.clone(),
        program: program(subject, difference),
    }
}

/// A behaviour of the library found to explain a difference, with what
/// confirmed it: each question the library was asked and the case varied.
fn library_cause(cause: &LibraryCause) -> model::Cause {
    let word = |answer: Option<bool>| match answer {
        Some(true) => "allowed",
        Some(false) => "disallowed",
        None => "no answer",
    };
    let case = |probe: &Probe| {
        vec![
            Span::Code(String::from_utf8_lossy(&probe.body).escape_debug().to_string()),
            Span::Text(", agent ".into()),
            Span::Code(probe.agents.join(", ")),
            Span::Text(", URL ".into()),
            Span::Code(probe.url.clone()),
        ]
    };
    let mut evidence: Vec<Prose> = cause
        .behaviour
        .evidence
        .iter()
        .map(|asked| {
            let mut spans = vec![Span::Text("Asked ".into())];
            spans.extend(case(&asked.probe));
            spans.push(Span::Text(format!(
                ", the library answers {} where {} {}",
                word(asked.library),
                cause.behaviour.reference_words(),
                word(asked.reference)
            )));
            Prose(spans)
        })
        .collect();
    let mut varied = vec![Span::Text("The minimal case without that construct (".into())];
    varied.extend(case(&cause.varied.probe));
    varied.push(Span::Text(format!(
        "): the library answers {}, as the reference does",
        word(cause.varied.library)
    )));
    evidence.push(Prose(varied));
    model::Cause {
        id: cause.behaviour.id.clone(),
        title: Prose::from_marked(&cause.behaviour.title),
        evidence,
    }
}

/// The body as a page shows it: its first lines, control bytes made visible.
fn shown_lines(body: &[u8]) -> Vec<String> {
    excerpt(body, &[])
        .into_iter()
        .filter_map(|line| match line {
            ExcerptLine::Line(_, shown, _) => Some(shown),
            ExcerptLine::Gap(_) => None,
        })
        .collect()
}

/// For a real-world difference: the lines of its file that the minimal
/// case's lines came from, with their numbers.
fn original_lines(difference: &Difference) -> Option<Excerpt> {
    let (file, _) = difference.origin.split_once('#')?;
    if !matches!(
        difference.original_source,
        collect::Source::RealWorld | collect::Source::Edge
    ) {
        return None;
    }
    let original = split_lines(&difference.original.body);
    let canon: Vec<Vec<u8>> = original.iter().map(|line| canonical(line)).collect();
    let mut shown = Vec::new();
    for line in split_lines(&difference.minimal.body) {
        let wanted = canonical(&line);
        let found = (0..original.len()).find(|&at| original[at] == line || (canon[at] == wanted && wanted != b"\n"));
        if let Some(at) = found.filter(|at| !shown.contains(at)) {
            shown.push(at);
        }
    }
    shown.sort_unstable();
    Some(Excerpt {
        file: file.to_string(),
        agents: difference.original.agents.clone(),
        url: difference.original.url.clone(),
        lines: shown
            .into_iter()
            .map(|at| NumberedLine {
                number: at + 1,
                text: String::from_utf8_lossy(&original[at])
                    .trim_end_matches(['\r', '\n'])
                    .escape_debug()
                    .to_string(),
            })
            .collect(),
        // The case is taken from the group with the most real-world checks.
        checks: Some(difference.original_checks).filter(|checks| *checks > 0),
    })
}

/// Why a case stays big, when it does.
fn size_note(difference: &Difference) -> Option<String> {
    let lines = split_lines(&difference.minimal.body).len();
    let bytes = difference.minimal.body.len();
    if lines <= SMALL_LINES && bytes <= SMALL_BYTES {
        return None;
    }
    let why = if difference.signature.is_hang() {
        "a hang is shown as measured: asking again would only wait again"
    } else if difference.counts.contains_key(&collect::Source::Suite) && difference.total() == 1 {
        "a case of the suite is kept as it is, held to the suite's expectations"
    } else {
        "every smaller body the minimiser tried within its budget lost the difference, so it may depend on the \
         body's size or on many lines together"
    };
    Some(format!("The case stays at {lines} lines and {bytes} bytes: {why}."))
}

/// The program reproducing the difference, or why there is none; `None`
/// when the parser has no reproduction template.
fn program(subject: &Subject, difference: &Difference) -> Option<Program> {
    let reproduce = subject.reproduce.as_ref()?;
    if difference.signature.is_hang() {
        return Some(Program::None {
            why: "the library did not answer within the timeout".to_string(),
        });
    }
    let minimal = &difference.minimal;
    let prints = match difference.parser_says.as_str() {
        "allowed" | "disallowed" => Some(difference.parser_says.clone()),
        _ => None,
    };
    Some(
        match render(
            reproduce,
            &subject.language,
            &minimal.body,
            &minimal.agents,
            &minimal.url,
        ) {
            Ok(code) => Program::Runs {
                fence: fence(&subject.language).to_string(),
                code,
                prints,
            },
            Err(why) => Program::None { why },
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_is_shown_line_by_line_with_controls_visible() {
        let shown = shown_lines(b"User-agent: *\r\nDisallow: /a\x0b\n");
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert!(shown[1].contains("\\x0B") || shown[1].contains("\\v"), "{shown:?}");
    }
}
