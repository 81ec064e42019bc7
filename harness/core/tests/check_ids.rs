//! Check ids never renumber: a check's id is its case's id and its name, so
//! adding a check to a case (anywhere in it) changes no other id.

use rep_core::case::load_paths;
use std::collections::BTreeSet;
use std::path::Path;

fn suite_file(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cases").join(name)
}

/// The ids of the case file `text`, loaded from `dir` beside the suite's readings.
fn ids_of(text: &str, dir: &Path) -> BTreeSet<String> {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::copy(suite_file("readings.yaml"), dir.join("readings.yaml")).unwrap();
    let path = dir.join("matching.yaml");
    std::fs::write(&path, text).unwrap();
    let files = load_paths(&[path]).unwrap_or_else(|problems| panic!("{problems}"));
    files
        .iter()
        .flat_map(|file| &file.cases)
        .flat_map(|case| (0..case.checks.len()).map(move |index| case.check_id(index)))
        .collect()
}

#[test]
fn inserting_a_check_changes_no_other_id() {
    let original = std::fs::read_to_string(suite_file("rfc9309/2.2.2-matching.yaml")).unwrap();
    // The first check of the first case, and a new one put before it.
    let first = original
        .lines()
        .find(|line| line.trim_start().starts_with("- { name:"))
        .expect("the file has flow-style checks");
    let indent = &first[..first.len() - first.trim_start().len()];
    let inserted = format!(
        "{indent}- {{ name: added-first, agent: FooBot, url: \"https://example.com/new\", expect: allowed }}\n{first}"
    );
    let changed = original.replacen(first, &inserted, 1);
    let dir = std::env::temp_dir().join(format!("reptest-check-ids-{}", std::process::id()));
    let before = ids_of(&original, &dir.join("before"));
    let after = ids_of(&changed, &dir.join("after"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(before.len() > 50, "{}", before.len());
    let added: Vec<&String> = after.difference(&before).collect();
    assert_eq!(added, ["matching/pattern-is-a-prefix-match/added-first"]);
    assert!(
        before.is_subset(&after),
        "an id changed: {:?}",
        before.difference(&after).collect::<Vec<_>>()
    );
}
