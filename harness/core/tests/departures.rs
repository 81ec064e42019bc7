//! A departure from a SHOULD or MAY held to an expected-failures list or
//! not: without a list it is reported and never fails the run; a list pins
//! it like a miss (listed: expected, skipped in JUnit; unlisted: new, a
//! failure), and every format names the clause and level.

use rep_core::baseline::{classify, judge, Class, ExpectedFailures};
use rep_core::case::{Basis, Case, CaseFile, Expect, Level, ProfileId};
use rep_core::format::{render_with, summary, Baseline, Format, View};
use rep_core::implementation::{Answer, DecidingLine, Implementation, Loaded, Outcome};
use rep_core::runner::{run, Matrix};
use std::collections::BTreeSet;

/// Allows everything, claiming rfc.
struct AllowAll;

impl Loaded for AllowAll {
    fn check(&self, _agents: &[&[u8]], _url: &[u8]) -> Answer {
        Ok(Outcome {
            allowed: true,
            line: DecidingLine::At(1),
            detail: None,
        })
    }
}

impl Implementation for AllowAll {
    fn name(&self) -> &str {
        "allow-all"
    }
    fn claims(&self) -> ProfileId {
        ProfileId::Rfc
    }
    fn load(&self, _robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(AllowAll)
    }
}

/// A one-check case `x/<name>` expecting `disallowed`, resting on §2.2.2 at `level`.
fn case(name: &str, level: Level) -> Case {
    let mut case = Case::sample(Expect::Disallowed, Expect::Disallowed);
    case.id = format!("x/{name}");
    case.checks[0].basis = Basis {
        clause: Some("2.2.2".into()),
        level: Some(level),
        reading: None,
        statements: Vec::new(),
    };
    case
}

fn files() -> Vec<CaseFile> {
    vec![CaseFile {
        path: "x.yaml".into(),
        id: "x".into(),
        source: String::new(),
        cases: vec![case("should", Level::Should), case("must", Level::Must)],
    }]
}

/// The run's classes, verdict and JUnit and table reports, held to `listed`
/// (or to no list).
fn report(matrix: &Matrix<'_>, listed: Option<&str>) -> (Vec<Class>, bool, String, String) {
    let list = listed.map(|text| ExpectedFailures::parse(text).unwrap());
    let ids: BTreeSet<String> = matrix.rows.iter().map(|row| row.id()).collect();
    let judgement = list.as_ref().map(|list| judge(matrix, list, &ids));
    let view = View {
        baseline: list.as_ref().zip(judgement.as_ref()).map(|(list, judgement)| Baseline {
            file: "list.txt",
            list,
            judgement,
        }),
        verbose: true,
        ..View::default()
    };
    let classes = matrix
        .rows
        .iter()
        .map(|row| classify(matrix, row, list.as_ref()))
        .collect();
    let junit = render_with(matrix, Format::Junit, &view);
    let table = render_with(matrix, Format::Table, &view);
    (classes, summary(matrix, &view).0, junit, table)
}

#[test]
fn without_a_list_a_departure_is_told_and_only_the_must_fails() {
    let files = files();
    let impls: Vec<Box<dyn Implementation>> = vec![Box::new(AllowAll)];
    let matrix = run(&files, &impls, |_, _| {});
    let (classes, passed, junit, table) = report(&matrix, None);
    assert_eq!(classes, [Class::Departure, Class::NewMiss]);
    assert!(!passed);
    assert!(junit.contains("failures=\"1\" errors=\"0\""), "{junit}");
    assert!(
        junit.contains("<skipped message=\"SHOULD departure, not a failure: RFC 9309 §2.2.2 SHOULD"),
        "{junit}"
    );
    assert!(
        junit.contains("<failure message=\"RFC 9309 §2.2.2 MUST: expected disallowed, got allowed"),
        "{junit}"
    );
    assert!(
        table.contains("\nSHOULD DEPARTURE x/should/z against RFC 9309 §2.2.2 SHOULD"),
        "{table}"
    );
    assert!(
        table.contains("\nMISS x/must/z against RFC 9309 §2.2.2 MUST"),
        "{table}"
    );
    assert!(table.contains("1 more only depart from a SHOULD or MAY"), "{table}");
}

#[test]
fn a_list_pins_departures_like_misses() {
    let files = files();
    let impls: Vec<Box<dyn Implementation>> = vec![Box::new(AllowAll)];
    let matrix = run(&files, &impls, |_, _| {});

    // Both listed: the run passes, both skipped as expected, clause and level named.
    let (classes, passed, junit, _) = report(&matrix, Some("x/should/z\nx/must/z\n"));
    assert_eq!(classes, [Class::ExpectedMiss, Class::ExpectedMiss]);
    assert!(passed);
    assert!(junit.contains("failures=\"0\" errors=\"0\""), "{junit}");
    assert!(
        junit.contains("expected failure: w (SHOULD departure, RFC 9309 §2.2.2 SHOULD: expected disallowed"),
        "{junit}"
    );
    assert!(
        junit.contains("expected failure: w (RFC 9309 §2.2.2 MUST: expected disallowed"),
        "{junit}"
    );

    // The departure not listed: new, and the run fails, as grading decided.
    let (classes, passed, junit, table) = report(&matrix, Some("x/must/z\n"));
    assert_eq!(classes, [Class::NewMiss, Class::ExpectedMiss]);
    assert!(!passed);
    assert!(junit.contains("failures=\"1\" errors=\"0\""), "{junit}");
    assert!(junit.contains("type=\"departure\""), "{junit}");
    assert!(
        table.contains("NEW SHOULD DEPARTURE (not in list.txt) x/should/z against RFC 9309 §2.2.2 SHOULD"),
        "{table}"
    );
    assert!(
        table.contains("EXPECTED MISS (listed in list.txt) x/must/z against RFC 9309 §2.2.2 MUST"),
        "{table}"
    );
}
