//! New misses grouped by what they test: the statements of RFC 9309 their
//! checks name (`cases/statements.yaml`), or, for checks that name none,
//! their case; the biggest group first, so a regression shows as the rule
//! it breaks, not as whichever check happens to come first.

use super::View;
use crate::baseline::headline;
use crate::case::clause;
use crate::case::statements::Statement;
use crate::runner::Row;

/// What the checks of a group have in common.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum GroupKey {
    /// The ids of the statements they test.
    Statements(Vec<String>),
    /// The id of their case, when they name no statement.
    Case(String),
}

/// Checks reported together, in suite order, each with what the report
/// shows beside it (its label).
pub(super) struct Group<'r, 'm, T> {
    pub(super) key: GroupKey,
    pub(super) rows: Vec<(&'r Row<'m>, T)>,
}

/// `rows` grouped by what they test, the biggest group first; groups of
/// the same size in the order their first check comes in the suite.
pub(super) fn groups<'r, 'm, T>(rows: Vec<(&'r Row<'m>, T)>) -> Vec<Group<'r, 'm, T>> {
    let mut groups: Vec<Group<'r, 'm, T>> = Vec::new();
    for (row, label) in rows {
        let statements = &row.check().basis.statements;
        let key = if statements.is_empty() {
            GroupKey::Case(row.case.id.clone())
        } else {
            GroupKey::Statements(statements.clone())
        };
        match groups.iter_mut().find(|group| group.key == key) {
            Some(group) => group.rows.push((row, label)),
            None => groups.push(Group {
                key,
                rows: vec![(row, label)],
            }),
        }
    }
    groups.sort_by_key(|group| std::cmp::Reverse(group.rows.len()));
    groups
}

/// The statement called `id` in the view's statements, if it has them.
fn statement<'v>(view: &View<'v>, id: &str) -> Option<&'v Statement> {
    view.statements.and_then(|statements| statements.get(id))
}

/// The statements `ids` named for a heading: `RFC 9309 §2.2.2 MUST <id>`
/// each (`statement <id>` for one the view does not know), joined by ` + `;
/// `code` shows an id as the format shows code.
pub(super) fn statements_named(view: &View<'_>, ids: &[String], code: impl Fn(&str) -> String) -> String {
    let named: Vec<String> = ids
        .iter()
        .map(|id| match statement(view, id) {
            Some(known) => format!("RFC 9309 §{} {} {}", known.section, known.level.name(), code(id)),
            None => format!("statement {}", code(id)),
        })
        .collect();
    named.join(" + ")
}

/// A line for each of the statements `ids` the view knows: its section's
/// number and title and the first sentence of what it says.
pub(super) fn statements_said(view: &View<'_>, ids: &[String]) -> Vec<String> {
    ids.iter()
        .filter_map(|id| statement(view, id))
        .map(|statement| {
            format!(
                "§{} {}: {}",
                statement.section,
                clause::title(&statement.section).unwrap_or(""),
                headline(&statement.says)
            )
        })
        .collect()
}
