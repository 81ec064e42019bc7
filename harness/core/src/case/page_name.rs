//! The name of a case's page on the site (`case/<page name>.html`) and the
//! rule that two cases never share one: a page name is a flat, safe file
//! name, so ids that differ only in the characters it replaces (`x y/a` and
//! `x~y/a`) would overwrite each other's page. Such files are refused at
//! load, both named.

use super::CaseFile;
use crate::problem::Problem;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The page name of a case (or parser) id: every character other than
/// letters, digits, `-`, `_` and `.` turned into `~`.
pub fn page_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '~'
            }
        })
        .collect()
}

/// A problem for every two case files whose cases would share a page name
/// (once per pair, at the later file).
pub(super) fn page_name_clashes(files: &[CaseFile]) -> Vec<Problem> {
    let mut first: HashMap<String, (&Path, &str)> = HashMap::new();
    let mut reported: HashSet<(&Path, &Path)> = HashSet::new();
    let mut problems = Vec::new();
    for file in files {
        for case in &file.cases {
            let page = page_name(&case.id);
            let (other_file, other_id) = *first.entry(page.clone()).or_insert((&file.path, &case.id));
            let itself = other_id == case.id && other_file == file.path;
            if itself || !reported.insert((other_file, &file.path)) {
                continue;
            }
            problems.push(Problem {
                path: file.path.clone(),
                position: Some((case.line, 1)),
                message: format!(
                    "case `{}` would get the same page, case/{page}.html, as case `{other_id}` of {}: a page \
                     name keeps letters, digits, `-`, `_` and `.` and turns every other character into `~`; \
                     rename one of the two files",
                    case.id,
                    other_file.display()
                ),
            });
        }
    }
    problems
}
