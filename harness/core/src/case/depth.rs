//! The nesting limit of the suite's YAML files. serde_yaml's parser takes
//! time that grows with the square of the nesting depth (15 s for 64k
//! levels, over a minute for 200k), long before its own recursion limit
//! applies, so a file is first streamed through a parser that stops as soon
//! as the depth passes [`MAX_YAML_DEPTH`]: a refused file costs no more
//! than its first levels.

use yaml_rust2::parser::{Event, Parser};

/// The deepest nesting of sequences and mappings a case, readings or
/// statements file may have. The suite's deepest case file needs 6
/// (see `cases/README.md`).
pub const MAX_YAML_DEPTH: usize = 64;

/// `Err` with the 1-based line and column where `text` nests deeper than
/// [`MAX_YAML_DEPTH`], and what is wrong. A text this parser cannot read is
/// let through: serde_yaml reads it next and reports the problem its way.
pub(super) fn check_depth(text: &str) -> Result<(), ((usize, usize), String)> {
    let mut parser = Parser::new_from_str(text);
    let mut depth = 0usize;
    while let Ok((event, at)) = parser.next_token() {
        match event {
            Event::SequenceStart(..) | Event::MappingStart(..) => depth += 1,
            Event::SequenceEnd | Event::MappingEnd => depth = depth.saturating_sub(1),
            Event::StreamEnd => break,
            _ => {}
        }
        if depth > MAX_YAML_DEPTH {
            return Err((
                (at.line(), at.col() + 1),
                format!(
                    "nested more than {MAX_YAML_DEPTH} levels deep (sequences and mappings within one \
                     another): the file is refused unread; case files need a handful of levels"
                ),
            ));
        }
    }
    Ok(())
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
        let block: String = (0..=MAX_YAML_DEPTH).map(|level| format!("{}k:\n", " ".repeat(level))).collect();
        assert!(check_depth(&block).is_err());
        assert_eq!(check_depth("a: [unclosed\n"), Ok(()), "left to serde_yaml to report");
    }
}
