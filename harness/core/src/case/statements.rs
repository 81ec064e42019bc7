//! The normative statements of RFC 9309 as data (`cases/statements.yaml`):
//! each MUST, SHOULD and MAY, the plain statements the suite grades as MUST,
//! and each example of §5. From them, coverage is counted per statement
//! rather than per section, and a definite check is never counted with an
//! implementation-defined one.
//!
//! A check names the statements it tests (`statements: [id, ...]` on the
//! check or, as a default, its case). A definite check counts for every
//! statement it names. An open check counts for the statements it names; one
//! that names none counts where it cites the statement's section, or cites
//! none and names a reading that concerns that section. An open check is
//! reading-dependent when it names a reading, and left to the implementation
//! when it does not.
//!
//! A statement may name the switches of rep's profile (`rep::Switch`) that
//! break it: a check that tests such a statement is one whose verdict under
//! the `rfc` profile flips when one of them is turned on (the suite's tests
//! hold every link to that).

use super::{clause, Case, Expect, Level, Readings};
use crate::problem::Problem;
use serde::Deserialize;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// How strongly a statement is made, or that it is an example of §5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StatementLevel {
    /// MUST, MUST NOT, REQUIRED, or a plain statement of the protocol.
    Must,
    /// SHOULD, SHOULD NOT.
    Should,
    /// MAY.
    May,
    /// One of the examples of §5.
    Example,
}

impl StatementLevel {
    /// `MUST`, `SHOULD`, `MAY` or `example`.
    pub fn name(self) -> &'static str {
        match self {
            StatementLevel::Must => "MUST",
            StatementLevel::Should => "SHOULD",
            StatementLevel::May => "MAY",
            StatementLevel::Example => "example",
        }
    }
}

/// What the suite can show about a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CoverageKind {
    /// A verdict shows it; at least one definite check must rest on it.
    Checked,
    /// Left to the implementation: no verdict can be definite.
    Implementation,
    /// It binds the site or the crawler's identity, not a parser's verdict.
    Outside,
    /// A verdict could show it, but no case does yet.
    Gap,
}

/// One normative statement.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Statement {
    /// Kebab-case, unique in the file.
    pub id: String,
    /// The RFC 9309 section that makes it.
    pub section: String,
    /// How strongly.
    pub level: StatementLevel,
    /// A paraphrase in the suite's own words.
    pub says: String,
    /// What the suite can show about it.
    pub coverage: CoverageKind,
    /// Why, for a statement that is not simply `checked`.
    #[serde(default)]
    pub note: Option<String>,
    /// The switches of rep's profile (by name) whose turning on breaks the
    /// statement; empty when none does (the `note` then says so).
    #[serde(default)]
    pub switches: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatementsFile {
    statements: Vec<Statement>,
}

/// A suite's statements, as loaded from its `statements.yaml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statements {
    /// The file.
    pub path: PathBuf,
    /// Every statement, in file order.
    pub statements: Vec<Statement>,
}

/// The checks that rest on one statement, by kind, as check ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Covered {
    /// Definite `rfc` expectations at the statement's section and level.
    pub definite: Vec<String>,
    /// Open expectations that name a reading.
    pub reading: Vec<String>,
    /// Open expectations that name no reading: left to the implementation.
    pub open: Vec<String>,
}

impl Statement {
    /// The checks of `cases` that rest on this statement; `readings` says
    /// which sections an open check that names no statement and cites no
    /// section concerns.
    pub fn covered<'c>(&self, cases: impl IntoIterator<Item = &'c Case>, readings: &Readings) -> Covered {
        let concerns_this = |reading: &Option<String>| {
            let reading = reading.as_deref().and_then(|id| readings.get(id));
            reading.is_some_and(|reading| reading.clauses.contains(&self.section))
        };
        let mut covered = Covered::default();
        for case in cases {
            for (index, check) in case.checks.iter().enumerate() {
                let basis = &check.basis;
                let named = basis.statements.contains(&self.id);
                let cites_this = match &basis.clause {
                    Some(section) => *section == self.section,
                    None => concerns_this(&basis.reading),
                };
                let list = match check.rfc {
                    Expect::ImplementationDefined if named || (basis.statements.is_empty() && cites_this) => {
                        match basis.reading {
                            Some(_) => &mut covered.reading,
                            None => &mut covered.open,
                        }
                    }
                    Expect::Allowed | Expect::Disallowed if named => &mut covered.definite,
                    _ => continue,
                };
                list.push(case.check_id(index));
            }
        }
        covered
    }

    /// The level a check that tests this statement is graded at, or `None`
    /// for an example of §5, which takes the level of what it illustrates.
    pub fn grade(&self) -> Option<Level> {
        match self.level {
            StatementLevel::Must => Some(Level::Must),
            StatementLevel::Should => Some(Level::Should),
            StatementLevel::May => Some(Level::May),
            StatementLevel::Example => None,
        }
    }
}

impl Statements {
    /// The statement called `id`.
    pub fn get(&self, id: &str) -> Option<&Statement> {
        self.statements.iter().find(|statement| statement.id == id)
    }
}

/// Loads and checks the statements file at `path`.
pub fn load_statements(path: &Path) -> Result<Statements, Vec<Problem>> {
    parse_statements(path, &super::depth::read_text(path)?)
}

/// Reads and checks the statements file `path` whose text is `text`.
pub fn parse_statements(path: &Path, text: &str) -> Result<Statements, Vec<Problem>> {
    let error = |position: Option<(usize, usize)>, message: String| Problem {
        path: path.to_path_buf(),
        position,
        message,
    };
    let file: StatementsFile = super::depth::read_yaml(path, text)?;
    let mut problems = Vec::new();
    let mut ids = HashSet::new();
    for statement in &file.statements {
        let id = &statement.id;
        if !super::readings::is_kebab_case(id) || !ids.insert(id.as_str()) {
            problems.push(format!("statement `{id}`: ids must be kebab-case and unique"));
        }
        if clause::title(&statement.section).is_none() {
            problems.push(format!(
                "statement `{id}`: RFC 9309 has no section {}",
                statement.section
            ));
        }
        if statement.says.trim().is_empty() {
            problems.push(format!("statement `{id}`: `says` is empty"));
        }
        for name in &statement.switches {
            if rep::Switch::from_name(name).is_none() {
                problems.push(format!("statement `{id}`: rep has no switch `{name}`"));
            }
        }
        let needs_note = matches!(statement.coverage, CoverageKind::Outside | CoverageKind::Gap);
        if needs_note && statement.note.as_deref().is_none_or(|note| note.trim().is_empty()) {
            problems.push(format!(
                "statement `{id}`: an `outside` or `gap` statement says why in `note`"
            ));
        }
    }
    if problems.is_empty() {
        Ok(Statements {
            path: path.to_path_buf(),
            statements: file.statements,
        })
    } else {
        Err(problems.into_iter().map(|message| error(None, message)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_definite_check_rests_only_on_the_statements_it_names() {
        use crate::case::{Basis, CaseFile};
        let mut case = Case::sample(Expect::Allowed, Expect::Allowed);
        case.checks[0].basis = Basis {
            clause: Some("2.2.2".into()),
            level: Some(Level::Should),
            reading: None,
            statements: vec!["tie".into()],
        };
        let mut open = case.checks[0].clone();
        open.name = "open".into();
        open.rfc = Expect::ImplementationDefined;
        open.basis = Basis {
            reading: Some("strict-keys".into()),
            ..Basis::default()
        };
        case.checks.push(open);
        let files = [CaseFile {
            path: "x.yaml".into(),
            id: "x".into(),
            source: String::new(),
            cases: vec![case],
        }];
        let statement = |id: &str, section: &str| Statement {
            id: id.into(),
            section: section.into(),
            level: StatementLevel::Should,
            says: "s".into(),
            coverage: CoverageKind::Checked,
            note: None,
            switches: Vec::new(),
        };
        let cases = || files.iter().flat_map(|file| &file.cases);
        let readings = Readings {
            path: "readings.yaml".into(),
            readings: vec![crate::case::Reading {
                id: "strict-keys".into(),
                question: "q".into(),
                clauses: vec!["2.2.2".into()],
                options: Vec::new(),
                supports: "s".into(),
                choice: "c".into(),
                why: "w".into(),
            }],
        };
        let named = statement("tie", "2.2.2").covered(cases(), &readings);
        assert_eq!(
            (named.definite, named.reading),
            (vec!["x/y/z".to_string()], vec!["x/y/open".to_string()])
        );
        // Same section and level, not named: the definite check is not its.
        let other = statement("case", "2.2.2").covered(cases(), &readings);
        assert_eq!((other.definite.len(), other.reading.len()), (0, 1));
        let elsewhere = statement("group", "2.2.1").covered(cases(), &readings);
        assert!(elsewhere.definite.is_empty() && elsewhere.reading.is_empty());
    }
}
