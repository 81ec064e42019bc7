//! One distinct difference on a parser's page: what it is, the minimal case
//! (beside the original lines of a real-world file), what each reference
//! answers and why, what the library does, and a program that reproduces it
//! by calling the library directly, with the answer it prints.

use std::fmt::Write;

use super::prose;
use crate::model::parsers::{Difference, Excerpt, Parser, Program, ReferenceVerdict};
use rep_core::format::escape::{code_span, fenced, text};

/// The words before a reproduction's program, up to the answer.
const RUN_IT: &str = "Run it (the library called directly, no adapter); it prints";

/// What the page says when the library gives no verdict: it raises, or
/// answers something that is neither.
const RAISES: &str = "no verdict (it raises, or prints neither allowed nor disallowed)";

fn verdict_word(answer: Option<bool>) -> &'static str {
    match answer {
        Some(true) => "allowed",
        Some(false) => "disallowed",
        None => "no definite answer",
    }
}

/// One reference's verdict, with its reason: a check the RFC leaves open
/// under a reading says so, and never reads as a requirement.
fn reference(verdict: &ReferenceVerdict, reference: &str) -> String {
    let reason = verdict
        .reason
        .as_ref()
        .map(|reason| format!(" ({})", prose(reason)))
        .unwrap_or_default();
    match &verdict.reading {
        Some(reading) if reference == "RFC 9309" => format!(
            "open under RFC 9309 (reading {}; `rep-rfc` chooses {}{reason})",
            code_span(reading),
            verdict_word(verdict.allowed)
        ),
        _ => format!("{} under {reference}{reason}", verdict_word(verdict.allowed)),
    }
}

fn counts_text(difference: &Difference) -> String {
    let parts: Vec<String> = difference
        .counts
        .iter()
        .map(|count| format!("{} {}", count.source.name(), count.checks))
        .collect();
    parts.join(", ")
}

/// What was merged into a difference: other groups of inputs of the same
/// cause, and the checks among them answered the other way round.
fn merged_note(difference: &Difference) -> String {
    let merged = if difference.merged > 0 {
        format!(
            "; {} more groups of inputs with the same cause merged in",
            difference.merged
        )
    } else {
        String::new()
    };
    match difference.other_way {
        0 => merged,
        checks => {
            let (verb, reference) = if difference.parser_allows {
                ("disallows", "allows")
            } else {
                ("allows", "disallows")
            };
            format!(
                "{merged}; in {checks} of the {} checks the parser {verb} where the reference {reference}, \
                 from the same cause",
                difference.total()
            )
        }
    }
}

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
    let took = if difference.fails {
        format!("It took down {} checks", difference.total())
    } else {
        format!("{} checks", difference.total())
    };
    let _ = writeln!(
        out,
        "{took} ({}){}; {}; RFC 9309 [§{}]({}). First seen: {}.\n",
        counts_text(difference),
        merged_note(difference),
        difference.relation,
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
        reference(&difference.references.rfc, "RFC 9309"),
        reference(&difference.references.google, "Google's parser")
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
