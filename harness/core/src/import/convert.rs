//! One spec-test file's tests as one case file: a case per test, a check
//! per expectation. A STANDARD expectation holds under both profiles
//! (`expect:`); a GOOGLE_SPECIFIC one is Google's behaviour, which RFC 9309
//! does not require, so it becomes `google:` with
//! `rfc: implementation-defined`.

use std::fmt::Write as _;

use super::spec_test::{Expectation, Specification, Test, TestType};
use super::textproto::Position;
use crate::case::write::{body, check_names, double_quoted};
use crate::case::UNWRITTEN_WHY_MARKER;

/// A converted file: the case file's text, what it holds, and what was
/// left out (each with the position in the source and why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The case file.
    pub yaml: String,
    /// Cases written (one per test that kept a check).
    pub cases: usize,
    /// Checks written.
    pub checks: usize,
    /// Of those, checks from GOOGLE_SPECIFIC expectations.
    pub google_only: usize,
    /// What the case format cannot carry, left out.
    pub left_out: Vec<(Position, String)>,
}

/// Converts `spec`, read from the file `source` (as it is to be named in
/// the output); case names are `<name_stem>-<test number>`, from 1.
pub fn convert(spec: &Specification, source: &str, name_stem: &str) -> Converted {
    let mut converted = Converted {
        yaml: String::new(),
        cases: 0,
        checks: 0,
        google_only: 0,
        left_out: Vec::new(),
    };
    let mut cases = String::new();
    for (index, test) in spec.tests.iter().enumerate() {
        let number = index + 1;
        let kept: Vec<&Expectation> = test
            .expectations
            .iter()
            .filter(|expectation| carried(expectation, number, &mut converted.left_out))
            .collect();
        if kept.is_empty() {
            converted.left_out.push((
                test.at,
                format!("test {number} has no expectation the case format can carry: no case written for it"),
            ));
            continue;
        }
        converted.cases += 1;
        converted.checks += kept.len();
        converted.google_only += kept
            .iter()
            .filter(|expectation| expectation.test_type == TestType::GoogleSpecific)
            .count();
        write_case(
            &mut cases,
            test,
            &kept,
            source,
            &format!("{name_stem}-{number}"),
            number,
        );
    }
    let _ = writeln!(
        converted.yaml,
        "# Written by `reptest import spec-test` from {source}: change the source and import it again."
    );
    let _ = writeln!(
        converted.yaml,
        "source: {}",
        double_quoted(&format!("robotstxt-spec-test file {source}"))
    );
    let _ = writeln!(converted.yaml, "cases:");
    converted.yaml.push_str(&cases);
    converted
}

/// Whether the case format can carry `expectation` (of test `number`); if
/// not, says why in `left_out`. A check needs an agent and a URL: an empty
/// one is refused by the case loader.
fn carried(expectation: &Expectation, number: usize, left_out: &mut Vec<(Position, String)>) -> bool {
    let missing: Vec<&str> = [("useragent", &expectation.agent), ("testurl", &expectation.url)]
        .into_iter()
        .filter_map(|(field, value)| value.is_empty().then_some(field))
        .collect();
    if missing.is_empty() {
        return true;
    }
    left_out.push((
        expectation.at,
        format!(
            "test {number}: an expectation with an empty {} is left out (a check needs an agent and a URL)",
            missing.join(" and an empty ")
        ),
    ));
    false
}

fn write_case(out: &mut String, test: &Test, kept: &[&Expectation], source: &str, name: &str, number: usize) {
    let _ = writeln!(out, "  - name: {name}");
    let _ = writeln!(out, "    why: {}", double_quoted(&why(kept, source, number)));
    out.push_str(&body(&test.body));
    let _ = writeln!(out, "    checks:");
    let names = check_names(kept.iter().map(|expectation| expectation.url.as_str()));
    for (expectation, check_name) in kept.iter().zip(names) {
        let verdict = if expectation.allowed { "allowed" } else { "disallowed" };
        let _ = writeln!(out, "      - name: {check_name}");
        let _ = writeln!(out, "        agent: {}", double_quoted(&expectation.agent));
        let _ = writeln!(out, "        url: {}", double_quoted(&expectation.url));
        match expectation.test_type {
            TestType::Standard => {
                let _ = writeln!(out, "        expect: {verdict}");
            }
            TestType::GoogleSpecific => {
                let _ = writeln!(out, "        google: {verdict}");
                let _ = writeln!(out, "        rfc: implementation-defined");
            }
        }
    }
}

/// The case's `why`: the expectations' explanations (one, or each with the
/// checks it belongs to when they differ), else a sentence naming the
/// source. Never the loader's placeholder marker at the start.
fn why(kept: &[&Expectation], source: &str, number: usize) -> String {
    let origin = format!("robotstxt-spec-test file {source}, test {number}");
    // Distinct explanations, each with the check numbers that carry it.
    let mut explanations: Vec<(&str, Vec<usize>)> = Vec::new();
    for (index, expectation) in kept.iter().enumerate() {
        let text = expectation.explanation.trim();
        if text.is_empty() {
            continue;
        }
        match explanations.iter_mut().find(|(known, _)| *known == text) {
            Some((_, checks)) => checks.push(index + 1),
            None => explanations.push((text, vec![index + 1])),
        }
    }
    let why = match explanations.as_slice() {
        [] => return format!("Imported from {origin}, which gives no explanation."),
        [(text, _)] => text.to_string(),
        several => several
            .iter()
            .map(|(text, checks)| {
                let numbers: Vec<String> = checks.iter().map(usize::to_string).collect();
                let label = if checks.len() == 1 { "Check" } else { "Checks" };
                format!("{label} {}: {text}", numbers.join(", "))
            })
            .collect::<Vec<_>>()
            .join("\n"),
    };
    if why.starts_with(UNWRITTEN_WHY_MARKER) {
        format!("From {origin}: {why}")
    } else {
        why
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expectation(agent: &str, url: &str, explanation: &str, test_type: TestType) -> Expectation {
        Expectation {
            at: (1, 1),
            url: url.into(),
            agent: agent.into(),
            allowed: false,
            explanation: explanation.into(),
            test_type,
        }
    }

    #[test]
    fn why_joins_distinct_explanations_and_avoids_the_placeholder_marker() {
        let standard = TestType::Standard;
        let one = expectation("A", "/", "Same.", standard);
        let two = expectation("A", "/", " Same. ", standard);
        let other = expectation("A", "/", "Other.", standard);
        let none = expectation("A", "/", "", standard);
        assert_eq!(why(&[&one, &two, &none], "f.textproto", 2), "Same.");
        assert_eq!(
            why(&[&one, &other, &two], "f.textproto", 2),
            "Checks 1, 3: Same.\nCheck 2: Other."
        );
        assert_eq!(
            why(&[&none], "f.textproto", 2),
            "Imported from robotstxt-spec-test file f.textproto, test 2, which gives no explanation."
        );
        let todo = expectation("A", "/", "TODO later", standard);
        assert!(why(&[&todo], "f.textproto", 2).starts_with("From robotstxt-spec-test file f.textproto, test 2: "));
    }

    #[test]
    fn empty_agents_and_urls_are_left_out_with_the_reason() {
        let google = TestType::GoogleSpecific;
        let spec = Specification {
            tests: vec![
                Test {
                    at: (3, 1),
                    body: b"x".to_vec(),
                    expectations: vec![expectation("", "", "", google)],
                },
                Test {
                    at: (9, 1),
                    body: b"x".to_vec(),
                    expectations: vec![expectation("", "/", "", google), expectation("A", "/", "", google)],
                },
            ],
            warnings: Vec::new(),
        };
        let converted = convert(&spec, "f.textproto", "f");
        assert_eq!((converted.cases, converted.checks, converted.google_only), (1, 1, 1));
        let reasons: Vec<&str> = converted.left_out.iter().map(|(_, reason)| reason.as_str()).collect();
        assert_eq!(reasons.len(), 3, "{reasons:?}");
        assert!(reasons[0].contains("empty useragent and an empty testurl"));
        assert!(reasons[1].contains("test 1 has no expectation"));
        assert!(reasons[2].starts_with("test 2: an expectation with an empty useragent is left out"));
        assert!(converted.yaml.contains("  - name: f-2\n"), "{}", converted.yaml);
        assert!(!converted.yaml.contains("f-1"), "{}", converted.yaml);
    }
}
