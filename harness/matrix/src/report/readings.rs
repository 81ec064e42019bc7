//! The readings part of the model: for each point RFC 9309 leaves open, the
//! checks resting on it, every implementation's answers there and the option
//! those make; and the coverage of each normative statement.
//!
//! A reading's open checks (an `implementation-defined` rfc expectation that
//! names the reading) are where its options part. An implementation that
//! answers every one of them as `rep-rfc` does takes `rep-rfc`'s choice; one
//! that answers none of them so, on a reading with two options, takes the
//! other; one that answers as Google's parser where `rep-rfc` does not is
//! reported as Google's; anything else is mixed, with the count.

use super::suite::clause_of;
use crate::model::readings::{
    Reading as ModelReading, ReadingAnswers, ReadingOption, ReadingsReport, Statement, Taken,
};
use crate::model::Prose;
use rep_core::case::statements::{CoverageKind, Statements};
use rep_core::case::{Case, ProfileId, Reading, Readings};
use rep_core::implementation::ImplError;
use rep_core::runner::{Matrix, Row, Status};

/// The readings of `readings` as answered in `matrix`, whose column
/// `choice` is `rep-rfc`'s; `columns` are the matrix columns reported, in
/// order; with `statements`, the coverage of each.
pub(super) fn readings(
    readings: &Readings,
    statements: Option<&Statements>,
    matrix: &Matrix<'_>,
    columns: &[usize],
    choice: usize,
) -> ReadingsReport {
    ReadingsReport {
        readings: readings
            .readings
            .iter()
            .map(|reading| model_reading(reading, matrix, columns, choice))
            .collect(),
        statements: statements.map(|statements| coverage(statements, matrix, readings)),
    }
}

fn model_reading(reading: &Reading, matrix: &Matrix<'_>, columns: &[usize], choice: usize) -> ModelReading {
    let rows: Vec<&Row<'_>> = matrix
        .rows
        .iter()
        .filter(|row| row.check().basis.reading.as_deref() == Some(reading.id.as_str()))
        .collect();
    let answers = columns
        .iter()
        .map(|&column| {
            let letters: String = rows.iter().map(|row| letter(row, column)).collect();
            let comparable: Vec<&&Row<'_>> = rows.iter().filter(|row| letter(row, column) != '·').collect();
            let as_choice = comparable
                .iter()
                .filter(|row| letter(row, column) == letter(row, choice))
                .count();
            ReadingAnswers {
                implementation: matrix.impls[column].name.clone(),
                letters,
                comparable: comparable.len(),
                as_choice,
                taken: taken(reading, matrix, column, choice),
            }
        })
        .collect();
    ModelReading {
        id: reading.id.clone(),
        question: Prose::from_marked(reading.question.trim()),
        clauses: reading.clauses.iter().map(|section| clause_of(section)).collect(),
        supports: Prose::from_marked(reading.supports.trim()),
        options: reading
            .options
            .iter()
            .map(|option| ReadingOption {
                id: option.id.clone(),
                says: Prose::from_marked(option.says.trim()),
            })
            .collect(),
        choice: reading.choice.clone(),
        why: Prose::from_marked(reading.why.trim()),
        checks: rows.iter().map(|row| row.id()).collect(),
        open_checks: open_rows(matrix, reading).len(),
        answers,
    }
}

/// One letter per answer: `A` allowed, `D` disallowed, `E` error, `·` n/a.
fn letter(row: &Row<'_>, column: usize) -> char {
    match &row.answers[column] {
        Ok(outcome) if outcome.allowed => 'A',
        Ok(_) => 'D',
        Err(ImplError::Failed(_)) => 'E',
        Err(ImplError::Unsupported(_)) => '·',
    }
}

/// The rows of `matrix` where `reading`'s options part: open under rfc, and
/// naming the reading.
fn open_rows<'m, 'a>(matrix: &'m Matrix<'a>, reading: &Reading) -> Vec<&'m Row<'a>> {
    matrix
        .rows
        .iter()
        .filter(|row| {
            let check = row.check();
            check.basis.reading.as_deref() == Some(reading.id.as_str())
                && check.expect(ProfileId::Rfc).allowed().is_none()
        })
        .collect()
}

/// The option the implementation in `column` takes on `reading`, judged
/// against `rep-rfc`'s answers in `choice_column`.
fn taken(reading: &Reading, matrix: &Matrix<'_>, column: usize, choice_column: usize) -> Taken {
    let verdict = |row: &Row<'_>, at: usize| row.answers[at].as_ref().ok().map(|outcome| outcome.allowed);
    let rows: Vec<(&Row<'_>, bool, bool)> = open_rows(matrix, reading)
        .into_iter()
        .filter(|row| row.status(column, ProfileId::Rfc) == Status::Reading)
        .filter_map(|row| Some((row, verdict(row, column)?, verdict(row, choice_column)?)))
        .collect();
    if rows.is_empty() {
        return Taken::NotAnswered;
    }
    let as_choice = rows.iter().filter(|(_, answer, choice)| answer == choice).count();
    let as_google = rows
        .iter()
        .all(|(row, answer, _)| row.check().google.allowed() == Some(*answer));
    if as_choice == rows.len() {
        return Taken::Choice(reading.choice.clone());
    }
    if as_choice == 0 && reading.options.len() == 2 {
        let other = reading.options.iter().find(|option| option.id != reading.choice);
        return Taken::Other(other.map_or_else(String::new, |option| option.id.clone()));
    }
    if as_google {
        return Taken::AsGoogle;
    }
    Taken::Mixed {
        as_choice,
        of: rows.len(),
    }
}

/// Coverage per normative statement: definite, reading and open checks counted apart.
fn coverage(statements: &Statements, matrix: &Matrix<'_>, readings: &Readings) -> Vec<Statement> {
    let mut cases: Vec<&Case> = Vec::new();
    for row in &matrix.rows {
        if cases.last().is_none_or(|case| case.id != row.case.id) {
            cases.push(row.case);
        }
    }
    statements
        .statements
        .iter()
        .map(|statement| {
            let covered = statement.covered(cases.iter().copied(), readings);
            let note = statement.note.as_deref().map(str::trim).unwrap_or("");
            let note = match statement.coverage {
                CoverageKind::Checked => note.to_string(),
                CoverageKind::Implementation if note.is_empty() => "left to the implementation".to_string(),
                CoverageKind::Implementation => format!("left to the implementation: {note}"),
                CoverageKind::Outside => format!("not a parser's verdict: {note}"),
                CoverageKind::Gap => format!("no check yet: {note}"),
            };
            Statement {
                id: statement.id.clone(),
                clause: clause_of(&statement.section),
                level: statement.level.name().to_string(),
                says: Prose::from_marked(statement.says.trim()),
                definite: covered.definite.len(),
                reading: covered.reading.len(),
                open: covered.open.len(),
                note: Prose::from_marked(&note),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rep_core::case::{Basis, Expect, ReadingOption as CaseOption};
    use rep_core::implementation::{DecidingLine, Outcome};
    use rep_core::runner::ImplInfo;

    fn reading(options: &[&str]) -> Reading {
        Reading {
            id: "r".into(),
            question: "q".into(),
            clauses: vec!["2.2.2".into()],
            options: options
                .iter()
                .map(|id| CaseOption {
                    id: id.to_string(),
                    says: "s".into(),
                })
                .collect(),
            supports: "s".into(),
            choice: "a".into(),
            why: "w".into(),
        }
    }

    /// Three open checks of reading `r` whose google expectations are
    /// allowed, disallowed, disallowed; `answers[i]` is column i's verdicts
    /// (column 0 is rep-rfc), `None` for an error.
    fn taken_by(reading: &Reading, answers: &[[Option<bool>; 3]]) -> Vec<Taken> {
        let mut case = rep_core::case::Case::sample(Expect::ImplementationDefined, Expect::Allowed);
        case.checks[0].basis = Basis {
            reading: Some("r".into()),
            ..Basis::default()
        };
        let mut second = case.checks[0].clone();
        second.google = Expect::Disallowed;
        case.checks.push(second.clone());
        case.checks.push(second);
        let answer = |verdict: Option<bool>| match verdict {
            Some(allowed) => Ok(Outcome {
                allowed,
                line: DecidingLine::At(1),
                detail: None,
            }),
            None => Err(ImplError::Failed("x".into())),
        };
        let rows = (0..3)
            .map(|index| Row {
                case: &case,
                index,
                answers: answers.iter().map(|column| answer(column[index])).collect(),
            })
            .collect();
        let impls = (0..answers.len())
            .map(|index| ImplInfo {
                name: format!("p{index}"),
                claims: ProfileId::Rfc,
            })
            .collect();
        let matrix = Matrix {
            impls,
            rows,
            elapsed: std::time::Duration::ZERO,
        };
        (0..answers.len())
            .map(|column| taken(reading, &matrix, column, 0))
            .collect()
    }

    #[test]
    fn the_option_follows_the_answers_on_the_open_checks() {
        let (t, f) = (Some(true), Some(false));
        let columns = [
            [t, t, t],
            [t, t, t],
            [f, f, f],
            [t, f, f],
            [f, t, f],
            [None, None, None],
        ];
        let found = taken_by(&reading(&["a", "b"]), &columns);
        assert_eq!(found[1], Taken::Choice("a".into()));
        assert_eq!(found[2], Taken::Other("b".into()));
        assert_eq!(found[3], Taken::AsGoogle);
        assert_eq!(found[4], Taken::Mixed { as_choice: 1, of: 3 });
        assert_eq!(found[5], Taken::NotAnswered);
        // With three options, answering none as rep-rfc names no option.
        let three = taken_by(&reading(&["a", "b", "c"]), &columns);
        assert_eq!(three[2], Taken::Mixed { as_choice: 0, of: 3 });
    }
}
