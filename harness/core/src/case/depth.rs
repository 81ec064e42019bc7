//! The nesting limit of the suite's YAML files. serde_yaml's parser takes
//! time that grows with the square of the nesting depth (15 s for 64k
//! levels, over a minute for 200k), long before its own recursion limit
//! applies, so a file is first streamed through a parser that stops as soon
//! as the depth passes [`MAX_YAML_DEPTH`]: a refused file costs no more
//! than its first levels.

use crate::problem::Problem;
use std::path::Path;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::Marker;

/// The deepest nesting of sequences and mappings a case, readings or
/// statements file may have. The suite's deepest case file needs 6
/// (see `cases/README.md`).
pub const MAX_YAML_DEPTH: usize = 64;

/// What the parser says when flow collections (`[`, `{`) nest past its own
/// limit of 255 levels, which it finds while looking ahead, before it
/// yields the events that would count them.
const PARSER_TOO_DEEP: &str = "recursion limit exceeded";

/// The text of the data file at `path` (readings, statements), or the
/// problem of reading it.
pub(super) fn read_text(path: &Path) -> Result<String, Vec<Problem>> {
    std::fs::read_to_string(path).map_err(|e| vec![problem(path, None, format!("cannot read: {e}"))])
}

/// `text`, the data file `path`, read as a `T` once its depth is checked
/// ([`check_depth`]); a problem names the file, and the line and column
/// where they are known.
pub(super) fn read_yaml<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, Vec<Problem>> {
    check_depth(text).map_err(|(position, message)| vec![problem(path, Some(position), message)])?;
    serde_yaml::from_str(text).map_err(|e| {
        let position = e.location().map(|at| (at.line(), at.column()));
        vec![problem(path, position, e.to_string())]
    })
}

fn problem(path: &Path, position: Option<(usize, usize)>, message: String) -> Problem {
    Problem {
        path: path.to_path_buf(),
        position,
        message,
    }
}

/// `Err` with the 1-based line and column where `text` nests deeper than
/// [`MAX_YAML_DEPTH`], and what is wrong. Any other problem this parser
/// finds is let through: serde_yaml reads the text next and reports it its
/// way.
pub(super) fn check_depth(text: &str) -> Result<(), ((usize, usize), String)> {
    let refused = |at: &Marker| {
        Err((
            (at.line(), at.col() + 1),
            format!(
                "nested more than {MAX_YAML_DEPTH} levels deep (sequences and mappings within one another): \
                 the file is refused unread; case files need a handful of levels"
            ),
        ))
    };
    let mut parser = Parser::new_from_str(text);
    let mut depth = 0usize;
    loop {
        match parser.next_token() {
            Ok((Event::StreamEnd, _)) => return Ok(()),
            Ok((Event::SequenceStart(..) | Event::MappingStart(..), at)) => {
                depth += 1;
                if depth > MAX_YAML_DEPTH {
                    return refused(&at);
                }
            }
            Ok((Event::SequenceEnd | Event::MappingEnd, _)) => depth = depth.saturating_sub(1),
            Ok(_) => {}
            Err(error) if error.info() == PARSER_TOO_DEEP => return refused(error.marker()),
            Err(_) => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_refused_past_the_limit_in_flow_and_block_style() {
        let flow = |levels: usize| format!("a: {}{}\n", "[".repeat(levels), "]".repeat(levels));
        assert_eq!(check_depth(&flow(MAX_YAML_DEPTH - 1)), Ok(()));
        let ((line, column), message) = check_depth(&flow(MAX_YAML_DEPTH)).expect_err("refused");
        assert_eq!((line, column), (1, 4 + MAX_YAML_DEPTH - 1));
        assert!(message.contains("more than 64 levels"), "{message}");
        let block: String = (0..=MAX_YAML_DEPTH)
            .map(|level| format!("{}k:\n", " ".repeat(level)))
            .collect();
        assert!(check_depth(&block).is_err());
        let ((line, _), message) = check_depth(&format!("x: 1\n{}", flow(200_000))).expect_err("refused");
        assert_eq!(line, 2, "{message}");
        assert_eq!(check_depth("a: [unclosed\n"), Ok(()), "left to serde_yaml to report");
    }
}
