//! The robotstxt-spec-test schema over a text-format tree: a
//! `RobotsTxtSpecification` holds repeated `tests`; a `RobotsTxtTest` has
//! `bytes robotstxt` and repeated `test_expectations`; an `Expectation` has
//! `testurl`, `useragent`, `expected_outcome` (`ALLOWED`/`DISALLOWED`),
//! `additional_explanation` and `test_type` (`STANDARD`/`GOOGLE_SPECIFIC`).
//!
//! Everything that does not fit is an error with its position: an unknown
//! field, a value of the wrong kind, a singular field given twice, an
//! unknown enum value, an expectation without an outcome. Absent optional
//! fields take the schema's defaults (empty strings, `STANDARD`).
//!
//! A `string` field whose escapes spell bytes that are not UTF-8 is not an
//! error: Google's own runner (protobuf-java's text format) accepts it and
//! decodes the value lossily, each invalid sequence becoming U+FFFD. The
//! reader does the same and says so in a warning. Only `robotstxt` is
//! `bytes`, and it is always kept byte for byte.

use super::textproto::{Field, Position, ValueKind};

/// A problem in the input: where and what.
pub type Problem = (Position, String);

/// What a spec-test file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Specification {
    /// Its tests, in file order.
    pub tests: Vec<Test>,
    /// Valid input read with a loss: string fields that were not UTF-8.
    pub warnings: Vec<Problem>,
}

/// One robots.txt body and what is expected of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// Where the test's message starts.
    pub at: Position,
    /// The body, byte for byte.
    pub body: Vec<u8>,
    /// Its expectations, in file order.
    pub expectations: Vec<Expectation>,
}

/// One URL, user agent and expected outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    /// Where the expectation's message starts.
    pub at: Position,
    /// `testurl`, as written (may be empty or relative).
    pub url: String,
    /// `useragent`, as written (may be empty, or a whole user-agent string).
    pub agent: String,
    /// `expected_outcome`: whether the URL may be fetched.
    pub allowed: bool,
    /// `additional_explanation`, empty when absent.
    pub explanation: String,
    /// `test_type`.
    pub test_type: TestType,
}

/// Which parsers an expectation holds for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestType {
    /// Every parser that follows the standard.
    Standard,
    /// Google's parser only.
    GoogleSpecific,
}

/// Reads a `RobotsTxtSpecification` from its text-format fields; every
/// problem is reported, not only the first.
pub fn read(fields: &[Field]) -> Result<Specification, Vec<Problem>> {
    let mut problems = Problems::default();
    let mut tests = Vec::new();
    for field in fields {
        match field.name.as_str() {
            "tests" => {
                if let Some(inner) = message(field, &mut problems) {
                    tests.push(test(inner, field.value.at, &mut problems));
                }
            }
            _ => unknown(field, "RobotsTxtSpecification", &["tests"], &mut problems),
        }
    }
    if problems.errors.is_empty() {
        Ok(Specification {
            tests,
            warnings: problems.warnings,
        })
    } else {
        Err(problems.errors)
    }
}

/// What reading found: errors (nothing is imported) and warnings.
#[derive(Default)]
struct Problems {
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
}

impl Problems {
    fn push(&mut self, problem: Problem) {
        self.errors.push(problem);
    }

    fn len(&self) -> usize {
        self.errors.len()
    }
}

fn test(fields: &[Field], at: Position, problems: &mut Problems) -> Test {
    let mut test = Test {
        at,
        body: Vec::new(),
        expectations: Vec::new(),
    };
    let mut singular = Singular::default();
    for field in fields {
        match field.name.as_str() {
            "robotstxt" => {
                if singular.first(field, problems) {
                    if let Some(body) = bytes(field, problems) {
                        test.body = body.to_vec();
                    }
                }
            }
            "test_expectations" => {
                if let Some(inner) = message(field, problems) {
                    if let Some(expectation) = expectation(inner, field.value.at, problems) {
                        test.expectations.push(expectation);
                    }
                }
            }
            _ => unknown(field, "RobotsTxtTest", &["robotstxt", "test_expectations"], problems),
        }
    }
    test
}

const OUTCOMES: &[(&str, u32)] = &[("UNSPECIFIED", 0), ("ALLOWED", 1), ("DISALLOWED", 2)];
const TEST_TYPES: &[(&str, u32)] = &[("STANDARD", 0), ("GOOGLE_SPECIFIC", 1)];

const EXPECTATION_FIELDS: &[&str] = &[
    "testurl",
    "useragent",
    "expected_outcome",
    "additional_explanation",
    "test_type",
];

fn expectation(fields: &[Field], at: Position, problems: &mut Problems) -> Option<Expectation> {
    let mut url = String::new();
    let mut agent = String::new();
    let mut outcome = 0;
    let mut explanation = String::new();
    let mut test_type = 0;
    let before = problems.len();
    let mut singular = Singular::default();
    for field in fields {
        if !EXPECTATION_FIELDS.contains(&field.name.as_str()) {
            unknown(field, "Expectation", EXPECTATION_FIELDS, problems);
            continue;
        }
        if !singular.first(field, problems) {
            continue;
        }
        match field.name.as_str() {
            "testurl" => url = string(field, problems).unwrap_or_default(),
            "useragent" => agent = string(field, problems).unwrap_or_default(),
            "additional_explanation" => explanation = string(field, problems).unwrap_or_default(),
            "expected_outcome" => outcome = enumerated(field, "Outcome", OUTCOMES, problems).unwrap_or(0),
            _ => test_type = enumerated(field, "TestType", TEST_TYPES, problems).unwrap_or(0),
        }
    }
    if problems.len() > before {
        return None;
    }
    let allowed = match outcome {
        1 => true,
        2 => false,
        _ => {
            problems.push((
                at,
                "this expectation has no expected_outcome (or UNSPECIFIED): give ALLOWED or DISALLOWED".into(),
            ));
            return None;
        }
    };
    Some(Expectation {
        at,
        url,
        agent,
        allowed,
        explanation,
        test_type: if test_type == 1 {
            TestType::GoogleSpecific
        } else {
            TestType::Standard
        },
    })
}

/// The singular fields of one message seen so far: a second value is an
/// error that points at the first.
#[derive(Default)]
struct Singular<'a> {
    seen: Vec<(&'a str, Position)>,
}

impl<'a> Singular<'a> {
    /// Whether `field` is the first of its name; reports it otherwise.
    fn first(&mut self, field: &'a Field, problems: &mut Problems) -> bool {
        if let Some(&(_, (line, column))) = self.seen.iter().find(|(name, _)| *name == field.name) {
            problems.push((
                field.at,
                format!(
                    "`{}` is given twice (first at {line}:{column}); it is not a repeated field",
                    field.name
                ),
            ));
            return false;
        }
        self.seen.push((&field.name, field.at));
        true
    }
}

fn unknown(field: &Field, message: &str, known: &[&str], problems: &mut Problems) {
    problems.push((
        field.at,
        format!(
            "unknown field `{}` in {message} (its fields: {})",
            field.name,
            known.join(", ")
        ),
    ));
}

fn wrong_kind(field: &Field, expected: &str, problems: &mut Problems) {
    problems.push((
        field.value.at,
        format!("`{}` takes {expected}, not {}", field.name, field.value.kind.describe()),
    ));
}

fn message<'f>(field: &'f Field, problems: &mut Problems) -> Option<&'f [Field]> {
    match &field.value.kind {
        ValueKind::Message(fields) => Some(fields),
        _ => {
            wrong_kind(field, "a message (`{ … }`)", problems);
            None
        }
    }
}

fn bytes<'f>(field: &'f Field, problems: &mut Problems) -> Option<&'f [u8]> {
    match &field.value.kind {
        ValueKind::Bytes(bytes) => Some(bytes),
        _ => {
            wrong_kind(field, "a quoted string", problems);
            None
        }
    }
}

/// A string field's value; bytes that are not UTF-8 are decoded lossily
/// (as protobuf-java does), with a warning that says what it means for
/// the field.
fn string(field: &Field, problems: &mut Problems) -> Option<String> {
    let bytes = bytes(field, problems)?;
    match std::str::from_utf8(bytes) {
        Ok(text) => Some(text.to_string()),
        Err(error) => {
            let consequence = match field.name.as_str() {
                "testurl" => "the check's URL is that text, as Google's runner passes it",
                "useragent" => "the check's agent is that text, as Google's runner passes it",
                _ => "the case's why carries that text",
            };
            problems.warnings.push((
                field.value.at,
                format!(
                    "`{}` is a string field, but its value is not UTF-8 (from byte {} of {}): read as \
                     Google's runner reads it (protobuf's text format), each invalid sequence becoming U+FFFD; \
                     {consequence}",
                    field.name,
                    error.valid_up_to() + 1,
                    bytes.len()
                ),
            ));
            Some(String::from_utf8_lossy(bytes).into_owned())
        }
    }
}

fn enumerated(field: &Field, name: &str, values: &[(&str, u32)], problems: &mut Problems) -> Option<u32> {
    let found = match &field.value.kind {
        ValueKind::Identifier(word) => values.iter().find(|(value, _)| value == word),
        ValueKind::Number(number) => values.iter().find(|(_, value)| value.to_string() == *number),
        _ => {
            wrong_kind(field, &format!("a value of enum {name}"), problems);
            return None;
        }
    };
    if found.is_none() {
        let (ValueKind::Identifier(written) | ValueKind::Number(written)) = &field.value.kind else {
            unreachable!("only identifiers and numbers get here")
        };
        let names: Vec<&str> = values.iter().map(|(value, _)| *value).collect();
        problems.push((
            field.value.at,
            format!(
                "`{written}` is not a value of enum {name} (one of {})",
                names.join(", ")
            ),
        ));
    }
    found.map(|&(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::super::textproto::parse;
    use super::*;

    fn problems(text: &str) -> Vec<Problem> {
        read(&parse(text).unwrap_or_else(|e| panic!("{e}"))).unwrap_err()
    }

    #[test]
    fn defaults_and_numbers() {
        let text = "tests { test_expectations { testurl: '/a' useragent: 'A' expected_outcome: 2 } }\n\
                    tests { robotstxt: 'x' test_expectations { expected_outcome: ALLOWED test_type: 1 } }";
        let spec = read(&parse(text).unwrap()).unwrap();
        assert_eq!(spec.tests.len(), 2);
        assert_eq!(spec.tests[0].body, b"");
        let first = &spec.tests[0].expectations[0];
        assert!(!first.allowed);
        assert_eq!(first.test_type, TestType::Standard);
        assert_eq!((first.url.as_str(), first.agent.as_str()), ("/a", "A"));
        let second = &spec.tests[1].expectations[0];
        assert!(second.allowed);
        assert_eq!(second.test_type, TestType::GoogleSpecific);
        assert_eq!((second.url.as_str(), second.explanation.as_str()), ("", ""));
    }

    #[test]
    fn every_problem_is_reported_where_it_is() {
        let found = problems(
            "tests {\n robotstxt: 'a'\n robotstxt: 'b'\n colour: 'red'\n test_expectations { expected_outcome: MAYBE }\n\
             test_expectations { testurl: '\\xff' expected_outcome: MAYBE }\n test_expectations { useragent: 'A' }\n\
             test_expectations: 'x'\n}\nrobots: 1",
        );
        let positions: Vec<Position> = found.iter().map(|(at, _)| *at).collect();
        assert_eq!(
            positions,
            [(3, 2), (4, 2), (5, 40), (6, 55), (7, 20), (8, 20), (10, 1)],
            "{found:?}"
        );
        assert!(found[0].1.contains("given twice (first at 2:2)"));
        assert!(found[1].1.contains("unknown field `colour` in RobotsTxtTest"));
        assert!(found[2].1.contains("`MAYBE` is not a value of enum Outcome"));
        assert!(found[3].1.contains("`MAYBE` is not a value of enum Outcome"));
        assert!(found[4].1.contains("no expected_outcome"));
        assert!(found[5].1.contains("takes a message"));
        assert!(found[6].1.contains("unknown field `robots` in RobotsTxtSpecification"));
    }

    #[test]
    fn string_fields_that_are_not_utf8_are_read_lossily_with_a_warning() {
        // \xEF\x11\xBF: a lead byte cut short by a control byte, then a stray
        // continuation byte; the body (bytes) keeps the same escapes exactly.
        let text = "tests { robotstxt: '\\xEF\\x11\\xBF'\n\
                    test_expectations { testurl: '/\\377' useragent: 'A\\xC3' expected_outcome: ALLOWED\n\
                    additional_explanation: 'see \"\\xEF\\x11\\xBF\" ' 'here' } }";
        let spec = read(&parse(text).unwrap()).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(spec.tests[0].body, b"\xEF\x11\xBF");
        let expectation = &spec.tests[0].expectations[0];
        assert_eq!(expectation.url, "/\u{FFFD}");
        assert_eq!(expectation.agent, "A\u{FFFD}");
        assert_eq!(expectation.explanation, "see \"\u{FFFD}\u{11}\u{FFFD}\" here");
        let warnings: Vec<(Position, &str)> = spec
            .warnings
            .iter()
            .map(|(at, message)| (*at, message.as_str()))
            .collect();
        assert_eq!(warnings.len(), 3, "{warnings:?}");
        assert_eq!(warnings[0].0, (2, 30));
        assert!(warnings[0]
            .1
            .starts_with("`testurl` is a string field, but its value is not UTF-8 (from byte 2 of 2)"));
        assert!(warnings[0]
            .1
            .contains("each invalid sequence becoming U+FFFD; the check's URL is that text"));
        assert_eq!(warnings[1].0, (2, 49));
        assert!(warnings[1].1.contains("`useragent`") && warnings[1].1.contains("(from byte 2 of 2)"));
        assert_eq!(warnings[2].0, (3, 25));
        assert!(warnings[2].1.contains("`additional_explanation`") && warnings[2].1.contains("(from byte 6 of 14)"));
        assert!(warnings[2].1.ends_with("U+FFFD; the case's why carries that text"));
    }
}
