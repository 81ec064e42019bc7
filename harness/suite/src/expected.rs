//! Expected-failures lists: the check ids a parser is known to miss, one per
//! line, `#` starting a comment (a whole line, or after the id and a space).

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
    /// Reads `list`. Ids contain `#` themselves (`case#1`), so a comment
    /// starts only at the beginning of a line or after whitespace.
    pub(crate) fn parse(list: &str) -> ExpectedFailures {
        let mut parsed = ExpectedFailures::default();
        for (index, line) in list.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.splitn(2, char::is_whitespace);
            let id = words.next().unwrap_or_default();
            let rest = words.next().unwrap_or_default().trim_start();
            if !rest.is_empty() && !rest.starts_with('#') {
                parsed.problems.push(format!(
                    "line {number}: `{line}` is not one id: write one id per line, and start a comment with `#`"
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

    #[test]
    fn ids_comments_and_blank_lines() {
        let list = "# robotstxt 0.3\n\nrfc9309/a/b#1\n  google/c/d#12   # cuts lines early\n";
        let parsed = ExpectedFailures::parse(list);
        assert_eq!(parsed.problems, Vec::<String>::new());
        let ids: Vec<(&str, usize)> = parsed.ids.iter().map(|(id, line)| (id.as_str(), *line)).collect();
        assert_eq!(ids, [("google/c/d#12", 4), ("rfc9309/a/b#1", 3)]);
    }

    #[test]
    fn two_ids_on_a_line_and_a_repeated_id_are_problems_with_their_line() {
        let parsed = ExpectedFailures::parse("a/b#1 a/b#2\na/b#3\na/b#3\n");
        assert_eq!(
            parsed.problems,
            [
                "line 1: `a/b#1 a/b#2` is not one id: write one id per line, and start a comment with `#`",
                "line 3: `a/b#3` is listed twice (first on line 2)",
            ]
        );
        assert_eq!(parsed.ids.len(), 1);
    }
}
