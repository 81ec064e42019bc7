//! One distinct difference on a parser's page: what it is, the minimal case
//! (beside the original lines of a real-world file), what each reference
//! answers and why, what the library does, and a program that reproduces it
//! by calling the library directly, with the answer it prints.

use std::fmt::Write;

use super::prose;
use crate::model::parsers::{Difference, Excerpt, Parser, Program};
use rep_core::format::escape::{code_span, fenced, text};

/// The words before a reproduction's program, up to the answer.
const RUN_IT: &str = "Run it (the library called directly, no adapter); it prints";

/// What the page says when the library gives no verdict: it raises, or
/// answers something that is neither.
const RAISES: &str = "no verdict (it raises, or prints neither allowed nor disallowed)";

/// Lines of a real-world file, numbered.
fn excerpt(out: &mut String, excerpt: &Excerpt, intro: &str) {
    let agents: Vec<String> = excerpt.agents.iter().map(|a| code_span(a)).collect();
    let checks = excerpt
        .checks
        .map(|checks| format!(", standing for {checks} checks"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{intro} {} (asked agent {} and URL {}{checks}); the lines the case keeps, as the file has them:\n",
        code_span(&excerpt.file),
        agents.join(", "),
        code_span(&excerpt.url)
    );
    let lines: String = excerpt
        .lines
        .iter()
        .map(|line| format!("{:>5}  {}\n", line.number, line.text))
        .collect();
    out.push_str(&fenced("text", &lines));
    out.push('\n');
}

/// Writes `difference` of `parser`.
pub(super) fn write(out: &mut String, parser: &Parser, difference: &Difference) {
    let _ = writeln!(
        out,
        "#### {}. {} {}\n",
        difference.number,
        text(&parser.name),
        prose(&difference.headline)
    );
    let _ = writeln!(
        out,
        "{}; RFC 9309 [§{}]({}). First seen: {}.\n",
        text(&difference.extent()),
        difference.clause.section,
        difference.clause.link,
        text(&difference.first_seen)
    );
    if let Some(cause) = &difference.cause {
        let _ = writeln!(out, "What the library does: {}.\n", prose(&cause.title));
        for evidence in &cause.evidence {
            let _ = writeln!(out, "- {}", prose(evidence));
        }
        if !cause.evidence.is_empty() {
            out.push('\n');
        }
    }
    if let Some(switch) = &difference.rep_switch {
        let _ = writeln!(out, "Cause, on the minimal case: {}.\n", prose(switch));
    }
    if let Some(original) = &difference.original {
        excerpt(out, original, "From the real-world file");
    }
    let mut lines: String = difference
        .minimal
        .shown
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    if lines.is_empty() {
        lines.push_str("(empty file)\n");
    }
    out.push_str(&fenced("text", &lines));
    let agents: Vec<String> = difference.minimal.agents.iter().map(|agent| code_span(agent)).collect();
    let _ = writeln!(out, "- agent: {}", agents.join(", "));
    let _ = writeln!(out, "- URL: {}", code_span(&difference.minimal.url));
    let _ = writeln!(
        out,
        "- expected: {}, {}",
        prose(&difference.references.rfc.sentence("RFC 9309")),
        prose(&difference.references.google.sentence("Google's parser"))
    );
    let _ = writeln!(
        out,
        "- actual ({}): {}\n",
        text(&parser.version),
        text(&difference.parser_says)
    );
    if let Some(note) = &difference.size_note {
        let _ = writeln!(out, "{}\n", text(note));
    }
    if let Some(biggest) = &difference.biggest {
        excerpt(out, biggest, "Its biggest real-world example is");
    }
    match &difference.program {
        Some(Program::Runs { fence, code, prints }) => {
            let prints = prints.as_ref().map_or(RAISES.to_string(), |word| format!("`{word}`"));
            let _ = writeln!(out, "{RUN_IT} {prints}:\n\n{}", fenced(fence, code));
        }
        Some(Program::None { why }) => {
            let _ = writeln!(out, "No program: {}.\n", text(why));
        }
        None => {}
    }
}
