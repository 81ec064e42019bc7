//! A problem in an input file, with its place: what the case loader and the
//! importer report, printed as `file:line:column: message`.

use std::fmt;
use std::path::PathBuf;

/// One problem in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file (or the path given, when it cannot be read).
    pub path: PathBuf,
    /// 1-based line and column, when the problem has a place in the file.
    pub position: Option<(usize, usize)>,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, column)) => write!(f, "{}:{line}:{column}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

/// Every problem found, in file order, one per line when printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for problem in &self.0 {
            writeln!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}
