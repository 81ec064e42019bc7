//! Finds where a case or a check sits in a case file's text.
//!
//! `serde_yaml` reports locations only for its own errors. Checks that run
//! after deserialising (duplicate names, a missing expectation, bad base64…)
//! need a location too, so this module walks the block structure of the text:
//! the items of the `cases:` sequence, and inside each, the items of
//! `checks:` and the keys of the case. It understands block style, which is
//! what case files use; for anything it cannot follow it falls back to the
//! nearest enclosing item, which is still the right place to look.

use std::ops::Range;

/// A 1-based line and column.
pub(crate) type Position = (usize, usize);

/// One item of a block sequence: its lines and the column its keys start at.
#[derive(Clone, Debug)]
pub struct Item {
    lines: Range<usize>,
    key_column: usize,
}

impl Item {
    /// Where the item starts (its `-`).
    pub fn position(&self, locator: &Locator<'_>) -> Position {
        let line = self.lines.start;
        (line + 1, indent(locator.lines[line]) + 1)
    }
}

/// The text of one case file, split into lines.
pub(crate) struct Locator<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Locator<'a> {
    /// Splits `text` into lines.
    pub fn new(text: &'a str) -> Locator<'a> {
        Locator {
            lines: text.lines().collect(),
        }
    }

    /// The text of 1-based `line` (empty past the end).
    pub fn line(&self, line: usize) -> &'a str {
        line.checked_sub(1)
            .and_then(|index| self.lines.get(index))
            .copied()
            .unwrap_or("")
    }

    /// The items of the top-level `cases:` sequence.
    pub fn cases(&self) -> Vec<Item> {
        let whole = Item {
            lines: 0..self.lines.len(),
            key_column: 0,
        };
        self.sequence(&whole, "cases")
    }

    /// The items of the block sequence under `key` inside `item`.
    pub fn sequence(&self, item: &Item, key: &str) -> Vec<Item> {
        let Some(key_line) = self.block_key_line(item, key) else {
            return Vec::new();
        };
        let mut items: Vec<Item> = Vec::new();
        let mut item_indent = None;
        let mut end = item.lines.end;
        for line in key_line + 1..item.lines.end {
            let text = self.lines[line];
            if is_blank_or_comment(text) {
                continue;
            }
            let this_indent = indent(text);
            let is_dash = text[this_indent..].starts_with('-');
            let wanted = *item_indent.get_or_insert(this_indent);
            if this_indent < wanted || (this_indent == wanted && !is_dash) || (items.is_empty() && !is_dash) {
                end = line;
                break;
            }
            if this_indent == wanted {
                if let Some(last) = items.last_mut() {
                    last.lines.end = line;
                }
                items.push(Item {
                    lines: line..item.lines.end,
                    key_column: self.item_key_column(line, this_indent),
                });
            }
        }
        if let Some(last) = items.last_mut() {
            last.lines.end = end;
        }
        items
    }

    /// Where the value of `key` in `item` starts, or where the item starts
    /// when the key is not found.
    pub(crate) fn value_of(&self, item: &Item, key: &str) -> Position {
        self.find(item, key).unwrap_or_else(|| item.position(self))
    }

    /// Where the value of `key` in `item` starts, when the item has that key.
    pub fn find(&self, item: &Item, key: &str) -> Option<Position> {
        if let Some(line) = self.block_key_line(item, key) {
            let text = self.lines[line];
            let after_key = item.key_column + key.len() + 1;
            let value_start = text
                .get(after_key..)
                .map_or(after_key, |rest| after_key + (rest.len() - rest.trim_start().len()));
            return Some((line + 1, char_column(text, value_start.min(text.len()))));
        }
        // Flow style (`{ agent: FooBot, url: … }`): find `key:` on the item's lines.
        for line in item.lines.clone() {
            let text = self.lines[line];
            let mut from = 0;
            while let Some(found) = text[from..].find(key).map(|at| at + from) {
                let before = text[..found].chars().next_back();
                let after = text[found + key.len()..].trim_start().starts_with(':');
                if after && matches!(before, Some('{' | ',' | ' ')) {
                    return Some((line + 1, char_column(text, found)));
                }
                from = found + key.len();
            }
        }
        None
    }

    /// The line of `key:` written in block style at the item's key column.
    fn block_key_line(&self, item: &Item, key: &str) -> Option<usize> {
        item.lines.clone().find(|&line| {
            let text = self.lines[line];
            let (prefix, rest) = text.split_at(item.key_column.min(text.len()));
            prefix.chars().all(|c| c == ' ' || c == '-')
                && rest
                    .strip_prefix(key)
                    .is_some_and(|after| after.trim_start().starts_with(':'))
        })
    }

    /// The column of the first key of the item whose `-` is at `dash`: on the
    /// same line after the dash, or on the next non-blank line.
    fn item_key_column(&self, line: usize, dash: usize) -> usize {
        let after_dash = &self.lines[line][dash + 1..];
        if !after_dash.trim().is_empty() && !after_dash.trim_start().starts_with('#') {
            return dash + 1 + (after_dash.len() - after_dash.trim_start().len());
        }
        self.lines[line + 1..]
            .iter()
            .find(|text| !is_blank_or_comment(text))
            .map_or(dash + 2, |text| indent(text))
    }
}

fn indent(text: &str) -> usize {
    text.len() - text.trim_start_matches(' ').len()
}

fn is_blank_or_comment(text: &str) -> bool {
    let trimmed = text.trim();
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// The 1-based column, in characters, of byte offset `at` in `text`.
fn char_column(text: &str, at: usize) -> usize {
    text.get(..at).map_or(at, |prefix| prefix.chars().count()) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "source: x\ncases:\n  - name: one\n    why: w\n    robots: |\n      User-agent: *\n      checks: not a key\n    checks:\n      - agent: A\n        url: /a\n        expect: allowed\n\n      # a comment\n      - { agent: B, url: /b, rfc: allowed }\n  -\n    name: two\n    robots_base64: \"!!\"\n    checks:\n    - agent: C\n";

    #[test]
    fn finds_cases_checks_and_keys() {
        let locator = Locator::new(TEXT);
        let cases = locator.cases();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].position(&locator), (3, 3));
        assert_eq!(cases[1].position(&locator), (15, 3));
        let checks = locator.sequence(&cases[0], "checks");
        assert_eq!(checks.len(), 2);
        assert_eq!(checks[0].position(&locator), (9, 7));
        assert_eq!(checks[1].position(&locator), (14, 7));
        assert_eq!(locator.value_of(&checks[1], "rfc"), (14, 30));
        assert_eq!(locator.value_of(&cases[1], "name"), (16, 11));
        assert_eq!(locator.value_of(&cases[1], "robots_base64"), (17, 20));
        let checks = locator.sequence(&cases[1], "checks");
        assert_eq!(checks.len(), 1);
        assert_eq!(checks[0].position(&locator), (19, 5));
    }
}
