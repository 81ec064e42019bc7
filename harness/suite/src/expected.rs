//! Expected-failures lists: the check ids a parser is known to miss, one per
//! line; a line starting with `#` is a comment. The same format as
//! `reptest baseline` writes and `reptest run --expected-failures` reads, so
//! one list serves both.

use std::collections::BTreeMap;

/// A parsed list: each id with the line it is on, and the lines that are
/// not an id.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct ExpectedFailures {
    /// Id → its 1-based line.
    pub(crate) ids: BTreeMap<String, usize>,
    /// What is wrong with the list, one line each.
    pub(crate) problems: Vec<String>,
}

impl ExpectedFailures {
    /// Reads `list`: a line that starts with `#` is a comment; any other
    /// is an id (`<case id>/<check name>`: a `/`, no `#`, no white space).
    pub(crate) fn parse(list: &str) -> ExpectedFailures {
        let mut parsed = ExpectedFailures::default();
        for (index, line) in list.lines().enumerate() {
            let number = index + 1;
            let id = line.trim();
            if id.is_empty() || id.starts_with('#') {
                continue;
            }
            if id.contains(|c: char| c.is_whitespace() || c == '#') || !id.contains('/') {
                parsed.problems.push(format!(
                    "line {number}: `{id}` is not a check id (`<case id>/<check name>`, one per line; a line \
                     starting with # is a comment; a numbered id of suite 3.x is upgraded by `reptest baseline \
                     --upgrade FILE`)"
                ));
                continue;
            }
            if let Some(first) = parsed.ids.get(id) {
                parsed
                    .problems
                    .push(format!("line {number}: `{id}` is listed twice (first on line {first})"));
                continue;
            }
            parsed.ids.insert(id.to_string(), number);
        }
        parsed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The format's shared test vectors, read by `reptest`'s and the
    /// packages' tests too (a symbolic link to
    /// cases/export/expected-failures-vectors.json, stored as the file in the
    /// packaged crate, whose tests then run as they are).
    const VECTORS: &str = include_str!("../expected-failures-vectors.json");

    /// A problem message as (line, kind, first line when listed twice).
    fn kind_of(problem: &str) -> (usize, &'static str, Option<usize>) {
        let (head, rest) = problem.split_once(": ").expect("a problem starts with `line N: `");
        let line = head.strip_prefix("line ").unwrap().parse().unwrap();
        if rest.ends_with(
            "is not a check id (`<case id>/<check name>`, one per line; a line starting with # is a comment; a \
             numbered id of suite 3.x is upgraded by `reptest baseline --upgrade FILE`)",
        ) {
            return (line, "not-an-id", None);
        }
        let first = rest
            .strip_suffix(')')
            .and_then(|rest| rest.rsplit_once("is listed twice (first on line "))
            .unwrap_or_else(|| panic!("an unknown kind of problem: {problem}"));
        (line, "listed-twice", Some(first.1.parse().unwrap()))
    }

    #[test]
    fn the_shared_vectors_parse_to_their_ids_and_problems() {
        let document: Value = serde_json::from_str(VECTORS).unwrap();
        let vectors = document["vectors"].as_array().unwrap();
        assert!(vectors.len() >= 10, "the vectors file looks truncated");
        for vector in vectors {
            let name = vector["name"].as_str().unwrap();
            let parsed = ExpectedFailures::parse(vector["input"].as_str().unwrap());
            let mut ids: Vec<(&str, usize)> = parsed.ids.iter().map(|(id, line)| (id.as_str(), *line)).collect();
            ids.sort_by_key(|(_, line)| *line);
            let expected_ids: Vec<(&str, usize)> = vector["ids"]
                .as_array()
                .unwrap()
                .iter()
                .map(|id| (id["id"].as_str().unwrap(), id["line"].as_u64().unwrap() as usize))
                .collect();
            assert_eq!(ids, expected_ids, "vector `{name}`: ids");
            let problems: Vec<(usize, &str, Option<usize>)> = parsed.problems.iter().map(|p| kind_of(p)).collect();
            let expected_problems: Vec<(usize, &str, Option<usize>)> = vector["problems"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    (
                        p["line"].as_u64().unwrap() as usize,
                        p["kind"].as_str().unwrap(),
                        p["first"].as_u64().map(|first| first as usize),
                    )
                })
                .collect();
            assert_eq!(problems, expected_problems, "vector `{name}`: problems");
        }
    }

    #[test]
    fn ids_comments_and_blank_lines() {
        let list = "# robotstxt 0.3\n\nrfc9309/a/b/x\n  # cuts lines early\n  google/c/d/y-12  \n";
        let parsed = ExpectedFailures::parse(list);
        assert_eq!(parsed.problems, Vec::<String>::new());
        let ids: Vec<(&str, usize)> = parsed.ids.iter().map(|(id, line)| (id.as_str(), *line)).collect();
        assert_eq!(ids, [("google/c/d/y-12", 5), ("rfc9309/a/b/x", 3)]);
    }

    #[test]
    fn what_is_not_one_id_and_a_repeated_id_are_problems_with_their_line() {
        let parsed = ExpectedFailures::parse("a/b/x a/b/y\na/b/z\na/b/z\na/b/w  # why\na/b#1\n");
        let lines: Vec<&str> = parsed.problems.iter().map(|p| p.split(':').next().unwrap()).collect();
        assert_eq!(lines, ["line 1", "line 3", "line 4", "line 5"]);
        assert!(parsed.problems[0].contains("`a/b/x a/b/y` is not a check id"));
        assert_eq!(parsed.problems[1], "line 3: `a/b/z` is listed twice (first on line 2)");
        assert!(parsed.problems[3].contains("`a/b#1` is not a check id") && parsed.problems[3].contains("--upgrade"));
        assert_eq!(parsed.ids.len(), 1);
    }
}
