//! `reptest`'s reader of expected-failures lists (`baseline::ExpectedFailures`)
//! against the format's shared test vectors,
//! `cases/export/expected-failures-vectors.json`, which rep-suite and the
//! consumers under `harness/consumers/` are tested against too.
//!
//! Two differences from the shared rules are known, and held here so that
//! neither can change unnoticed: `reptest` stops at the first line that is
//! not an id (it reports one problem, the first), and it accepts an id
//! listed twice without a word (rep-suite and the consumers report it).

use rep_core::baseline::ExpectedFailures;
use serde_json::Value;
use std::path::Path;

fn vectors() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cases/export/expected-failures-vectors.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    let document: Value = serde_json::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let vectors = document["vectors"].as_array().expect("a `vectors` list").clone();
    assert!(vectors.len() >= 10, "{} looks truncated", path.display());
    vectors
}

#[test]
fn reptest_reads_every_vector_as_the_shared_rules_say_but_for_the_known_differences() {
    let mut saw_a_repeat = false;
    for vector in vectors() {
        let name = vector["name"].as_str().unwrap();
        let input = vector["input"].as_str().unwrap();
        let ids: Vec<&str> = vector["ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|id| id["id"].as_str().unwrap())
            .collect();
        let problems = vector["problems"].as_array().unwrap();
        // Known difference: reptest does not see an id listed twice.
        let not_ids: Vec<u64> = problems
            .iter()
            .filter(|problem| problem["kind"] != "listed-twice")
            .map(|problem| problem["line"].as_u64().unwrap())
            .collect();
        saw_a_repeat |= not_ids.len() < problems.len();
        match ExpectedFailures::parse(input) {
            Ok(list) => {
                assert!(
                    not_ids.is_empty(),
                    "vector `{name}`: reptest accepts a list with a line that is not an id (line {})",
                    not_ids[0]
                );
                assert_eq!(list.len(), ids.len(), "vector `{name}`: how many ids");
                for id in &ids {
                    assert!(list.contains(id), "vector `{name}`: `{id}` is not read as listed");
                }
            }
            Err(message) => {
                // Known difference: only the first problem is reported.
                let first = not_ids
                    .first()
                    .unwrap_or_else(|| panic!("vector `{name}`: reptest refuses a valid list: {message}"));
                assert!(
                    message.starts_with(&format!("line {first}: ")) && message.contains("is not a check id"),
                    "vector `{name}`: expected the problem on line {first}, got `{message}`"
                );
            }
        }
    }
    assert!(saw_a_repeat, "the vectors no longer hold an id listed twice");
}

/// The second known difference, held: when `reptest` learns to report a
/// repeated id (as rep-suite and the consumers do), this test fails, and
/// the exception in the test above should go.
#[test]
fn reptest_still_accepts_an_id_listed_twice() {
    let list = ExpectedFailures::parse("a/b/c\na/b/c\n").expect("reptest accepts a repeated id today");
    assert_eq!(list.len(), 1);
}
