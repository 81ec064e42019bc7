//! One check in full, for `reptest show`: where it is, what it asks, what
//! each profile expects and why, the statements it tests, the whole body
//! (numbered, every byte a terminal would act on shown as an escape) and
//! the commands that reproduce it.

use super::escape::visible;
use super::reproduce::{check_command, run_command, show_command};
use super::{agents_text, held_to, numbered};
use crate::case::statements::Statements;
use crate::case::{clause, Case, Expect, ProfileId, Readings};
use std::fmt::Write;
use std::path::PathBuf;

/// Lines of a body shown; a longer body ends in a gap that counts the rest.
const BODY_LINES: u32 = 400;

/// What `reptest show` knows besides the check: where its case is, and
/// the suite's statements and readings, when it has them.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// Where the case is, as [`case_place`](super::case_place) says.
    pub place: &'a str,
    /// The suite's statements.
    pub statements: Option<&'a Statements>,
    /// The suite's readings.
    pub readings: Option<&'a Readings>,
    /// The case files or directories given for the suite (none: the
    /// default one), which the `reptest run` line repeats.
    pub cases: &'a [PathBuf],
}

/// The check at `index` of `case`, in full.
pub fn render(case: &Case, index: usize, context: &Context<'_>) -> String {
    let check = &case.checks[index];
    let id = case.check_id(index);
    let mut out = String::new();
    let _ = writeln!(out, "check     {}", visible(&id));
    let _ = writeln!(out, "case file {}", visible(context.place));
    let _ = writeln!(out, "why       {}", visible(&flat(&case.why)));
    let _ = writeln!(out, "agent     {}", visible(&agents_text(check)));
    let _ = writeln!(out, "url       {}", visible(&check.url));
    if let Some(response) = &case.response {
        let _ = writeln!(out, "response  {}", visible(&response.to_string()));
    }
    if !check.tags.is_empty() {
        let tags: Vec<String> = check.tags.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "tags      {}", tags.join(", "));
    }
    let _ = writeln!(out, "\nexpected");
    for profile in ProfileId::ALL {
        let expect = check.expect(profile);
        let basis = match (profile, &check.source) {
            (ProfileId::Google, Some(source)) => format!(
                "Google's documentation: {}, {} ({})",
                source.document, source.section, source.date
            ),
            (ProfileId::Rfc, _) => match &check.basis.clause {
                Some(section) => format!("{} {}", held_to(check, profile), clause::link(section)),
                None => held_to(check, profile),
            },
            _ => held_to(check, profile),
        };
        let _ = writeln!(out, "  {:<7} {:<22} {}", profile.name(), expect.name(), visible(&basis));
    }
    statements(&mut out, check.basis.statements.as_slice(), context.statements);
    if let Some(reading) = &check.basis.reading {
        reading_text(&mut out, reading, check.rfc, context.readings);
    }
    let lines = crate::format::excerpt::split_lines(&case.body).len();
    let _ = writeln!(out, "\nbody ({lines} line(s), {} byte(s))", case.body.len());
    let body = numbered(super::excerpt::head(&case.body, BODY_LINES));
    if body.is_empty() {
        let _ = writeln!(out, "  (empty)");
    }
    for line in body {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(out, "\nreproduce");
    match check_command(case, index, context.cases) {
        Some(command) => {
            let _ = writeln!(out, "  {}", visible(&command));
            let _ = writeln!(
                out,
                "  (asks rep-rfc; add --impl NAME, --adapter 'PROGRAM' or --command 'TEMPLATE' to ask \
                 another parser, or --all to ask every one)"
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  (a case about fetching: `reptest check` cannot simulate its response; run the check itself)"
            );
        }
    }
    let _ = writeln!(
        out,
        "  {}   (this check alone, against the built-ins or any parser you name)",
        visible(&run_command(&id, context.cases))
    );
    let _ = writeln!(out, "  {}", visible(&show_command(&id, context.cases)));
    out
}

/// The statements a check tests, each with its section, level and what it
/// says; an id the suite's statements do not hold is shown alone.
fn statements(out: &mut String, ids: &[String], known: Option<&Statements>) {
    if ids.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nstatement(s) tested (cases/statements.yaml)");
    for id in ids {
        match known.and_then(|statements| statements.get(id)) {
            Some(statement) => {
                let _ = writeln!(
                    out,
                    "  {}  RFC 9309 §{} {} ({})\n    {}",
                    visible(id),
                    statement.section,
                    statement.level.name(),
                    clause::title(&statement.section).unwrap_or(""),
                    visible(&flat(&statement.says))
                );
            }
            None => {
                let _ = writeln!(out, "  {}", visible(id));
            }
        }
    }
}

/// The reading a check names: its question, its options, and whether the
/// check is open (every option passes) or follows the suite's choice.
fn reading_text(out: &mut String, id: &str, rfc: Expect, readings: Option<&Readings>) {
    let _ = writeln!(out, "\nreading {} (cases/readings.yaml)", visible(id));
    if let Some(reading) = readings.and_then(|readings| readings.get(id)) {
        let _ = writeln!(out, "  {}", visible(&flat(&reading.question)));
        for option in &reading.options {
            let chosen = if option.id == reading.choice {
                "  (rep-rfc's choice)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "  - {}: {}{chosen}",
                visible(&option.id),
                visible(&flat(&option.says))
            );
        }
    }
    let note = match rfc {
        Expect::ImplementationDefined => "  open: under rfc the answer shows the option taken, never a miss",
        _ => "  the rfc expectation follows the suite's choice",
    };
    let _ = writeln!(out, "{note}");
}

/// `text` on one line, its runs of white space made single spaces.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
