//! The option an implementation takes on each reading of RFC 9309: what a
//! check that depends on a reading is reported as, instead of a miss.
//!
//! A reading's open checks (an `implementation-defined` rfc expectation that
//! names the reading) are where its options part. An implementation that
//! answers every one of them as `rep-rfc` does takes `rep-rfc`'s choice; one
//! that answers none of them so, on a reading with two options, takes the
//! other; one that answers as Google's parser where `rep-rfc` does not is
//! reported as Google's; anything else is mixed, with the count. The parser
//! pages, the conformance matrix and `readings.md` all show this.

use rep_core::case::{ProfileId, Reading, Readings};
use rep_core::format::escape::cell_code_span;
use rep_core::runner::{Matrix, Row, Status};

/// What an implementation does on one reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The option `rep-rfc` takes (its id).
    Choice(String),
    /// The other option of a two-option reading (its id).
    Other(String),
    /// Google's parser's answers, where they differ from `rep-rfc`'s.
    AsGoogle,
    /// Some answers as `rep-rfc`'s choice, some not.
    Mixed {
        /// Checks answered as `rep-rfc` does.
        as_choice: usize,
        /// Checks both answered.
        of: usize,
    },
    /// It answered none of the reading's open checks (n/a or errors), or the
    /// run has none.
    NotAnswered,
}

impl Taken {
    /// In a few words, as Markdown for a table cell: `` `one-character` ``,
    /// `as Google`, `mixed (3/5 as rep-rfc)`, `another option (0/5 as
    /// rep-rfc)`, `–`.
    pub fn label(&self) -> String {
        match self {
            Taken::Choice(id) | Taken::Other(id) => cell_code_span(id),
            Taken::AsGoogle => "as Google".to_string(),
            Taken::Mixed { as_choice: 0, of } => format!("another option (0/{of} as rep-rfc)"),
            Taken::Mixed { as_choice, of } => format!("mixed ({as_choice}/{of} as rep-rfc)"),
            Taken::NotAnswered => "–".to_string(),
        }
    }
}

impl Taken {
    /// For machines: the option id, `as-google`, `mixed`, or `None`.
    pub fn id(&self) -> Option<String> {
        match self {
            Taken::Choice(id) | Taken::Other(id) => Some(id.clone()),
            Taken::AsGoogle => Some("as-google".to_string()),
            Taken::Mixed { .. } => Some("mixed".to_string()),
            Taken::NotAnswered => None,
        }
    }
}

/// The rows of `matrix` where `reading`'s options part: open under rfc, and
/// naming the reading.
pub fn open_rows<'m, 'a>(matrix: &'m Matrix<'a>, reading: &Reading) -> Vec<&'m Row<'a>> {
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
pub fn taken(reading: &Reading, matrix: &Matrix<'_>, column: usize, choice_column: usize) -> Taken {
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

/// Every reading with the option the implementation in `column` takes on
/// it, in file order: what a parser page shows.
pub fn options_of<'r>(
    readings: &'r Readings,
    matrix: &Matrix<'_>,
    column: usize,
    choice_column: usize,
) -> Vec<(&'r Reading, Taken)> {
    readings
        .readings
        .iter()
        .map(|reading| (reading, taken(reading, matrix, column, choice_column)))
        .collect()
}

/// A Markdown section for one parser's page: its option on every reading
/// whose open checks it answered, with the number of those checks. Empty
/// when it answered none.
pub fn section(readings: &Readings, matrix: &Matrix<'_>, column: usize, choice_column: usize) -> String {
    let rows: Vec<String> = options_of(readings, matrix, column, choice_column)
        .into_iter()
        .filter(|(_, taken)| *taken != Taken::NotAnswered)
        .map(|(reading, taken)| {
            let count = open_rows(matrix, reading).len();
            let chosen = if matches!(taken, Taken::Choice(_)) {
                " (as rep-rfc)"
            } else {
                ""
            };
            format!(
                "| {} | {}{chosen} | {count} |\n",
                cell_code_span(&reading.id),
                taken.label()
            )
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "## Readings\n\nWhere RFC 9309 can be read more than one way, the option this parser takes (from its \
         answers on the reading's open checks; never a miss). The readings are explained in \
         [readings.md](../readings.md).\n\n| reading | option | open checks |\n|---|---|---:|\n",
    );
    out.extend(rows);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rep_core::case::{Basis, Case, Expect, ReadingOption};
    use rep_core::implementation::{DecidingLine, ImplError, Outcome};
    use rep_core::runner::ImplInfo;

    fn reading(options: &[&str]) -> Reading {
        Reading {
            id: "r".into(),
            question: "q".into(),
            clauses: vec!["2.2.2".into()],
            options: options
                .iter()
                .map(|id| ReadingOption {
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
        let mut case = Case::sample(Expect::ImplementationDefined, Expect::Allowed);
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
            .map(|index| rep_core::runner::Row {
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
        assert_eq!(found[4].label(), "mixed (1/3 as rep-rfc)");
    }
}
