//! One distinct difference on a parser's page: what it is, the minimal case
//! (beside the original lines of a real-world file), why each reference
//! answers as it does and which switch of `rep` reproduces the parser, and a
//! program that reproduces it by calling the library directly, with the
//! answer it prints — which `reptest adapters verify` runs.

use std::fmt::Write;

use crate::catalogue::snippet::{fence, render};
use crate::catalogue::third_party::Reproduce;
use crate::measure::cause::headline;
use crate::measure::collect::Source;
use crate::measure::differences::Difference;
use rep_core::case::clause;
use rep_core::diff::{canonical, SMALL_BYTES, SMALL_LINES};
use rep_core::format::escape::{code_span, fenced, text};
use rep_core::format::excerpt::{excerpt, ExcerptLine};
use rep_generate::split_lines;

/// The words before a reproduction's program, up to the answer: `verify`
/// finds programs by them.
pub const RUN_IT: &str = "Run it (the library called directly, no adapter); it prints";

/// What the page says when the adapter reported an error: the library gave
/// no verdict — it raises, or answers something that is neither.
pub const RAISES: &str = "no verdict (it raises, or prints neither allowed nor disallowed)";

fn verdict_word(answer: Option<bool>) -> &'static str {
    match answer {
        Some(true) => "allowed",
        Some(false) => "disallowed",
        None => "no definite answer",
    }
}

fn counts_text(difference: &Difference) -> String {
    let parts: Vec<String> = Source::ALL
        .iter()
        .filter_map(|source| {
            let count = difference.counts.get(source).copied().unwrap_or(0);
            (count > 0).then(|| format!("{} {count}", source.name()))
        })
        .collect();
    parts.join(", ")
}

/// The body of a case, fenced, with control bytes made visible.
fn body_block(out: &mut String, body: &[u8]) {
    let mut lines = String::new();
    for line in excerpt(body, &[]) {
        if let ExcerptLine::Line(_, shown, _) = line {
            let _ = writeln!(lines, "{shown}");
        }
    }
    if body.is_empty() {
        lines.push_str("(empty file)\n");
    }
    out.push_str(&fenced("text", &lines));
}

/// For a real-world difference: the site, and the lines of its file that the
/// minimal case's lines came from, with their numbers.
fn original_lines(out: &mut String, difference: &Difference) {
    let Some((file, _)) = difference.origin.split_once('#') else {
        return;
    };
    if !matches!(difference.counts.keys().next(), Some(Source::RealWorld | Source::Edge)) {
        return;
    }
    let original = split_lines(&difference.original.body);
    let canon: Vec<Vec<u8>> = original.iter().map(|line| canonical(line)).collect();
    let mut shown = Vec::new();
    for line in split_lines(&difference.minimal.body) {
        let wanted = canonical(&line);
        let found = (0..original.len()).find(|&at| original[at] == line || (canon[at] == wanted && wanted != b"\n"));
        if let Some(at) = found.filter(|at| !shown.contains(at)) {
            shown.push(at);
        }
    }
    shown.sort_unstable();
    let _ =
        writeln!(
        out,
        "From the real-world file {} (asked agent {} and URL {}); the lines the case keeps, as the file has them:\n",
        code_span(file),
        difference.original.agents.iter().map(|a| code_span(a)).collect::<Vec<_>>().join(", "),
        code_span(&difference.original.url)
    );
    let mut lines = String::new();
    for at in shown {
        let line = String::from_utf8_lossy(&original[at]);
        let _ = writeln!(
            lines,
            "{:>5}  {}",
            at + 1,
            line.trim_end_matches(['\r', '\n']).escape_debug()
        );
    }
    out.push_str(&fenced("text", &lines));
    out.push('\n');
}

/// The matcher's explanation of a verdict as Markdown. It quotes the deciding
/// rule between its first and last backticks (`` line 2 `Disallow: /a` in …
/// ``), and the rule's pattern comes from the file, backticks and all: the
/// words around it are shown as text, the rule as one code span.
fn verdict_markdown(explanation: &str) -> String {
    match (explanation.find('`'), explanation.rfind('`')) {
        (Some(first), Some(last)) if first < last => format!(
            "{}{}{}",
            text(&explanation[..first]),
            code_span(&explanation[first + 1..last]),
            text(&explanation[last + 1..])
        ),
        _ => text(explanation),
    }
}

/// Why a case stays big, when it does.
fn size_note(out: &mut String, difference: &Difference) {
    let lines = split_lines(&difference.minimal.body).len();
    let bytes = difference.minimal.body.len();
    if lines <= SMALL_LINES && bytes <= SMALL_BYTES {
        return;
    }
    let why = if difference.signature.is_hang() {
        "a hang is shown as measured: asking again would only wait again"
    } else if difference.counts.contains_key(&Source::Suite) && difference.total() == 1 {
        "a case of the suite is kept as it is, held to the suite's expectations"
    } else {
        "every smaller body the minimiser tried within its budget lost the difference, so it may depend on the \
         body's size or on many lines together"
    };
    let _ = writeln!(out, "The case stays at {lines} lines and {bytes} bytes: {why}.\n");
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
            let (verb, reference) = if difference.signature.parser_allows {
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

/// Writes difference number `number` of parser `name` (version `version`).
pub fn write(
    out: &mut String,
    number: usize,
    name: &str,
    version: &str,
    language: &str,
    reproduce: Option<&Reproduce>,
    difference: &Difference,
) {
    let signature = &difference.signature;
    let _ = writeln!(out, "#### {number}. {name} {}\n", headline(difference));
    let took = if signature.failure.is_some() {
        format!("It took down {} checks", difference.total())
    } else {
        format!("{} checks", difference.total())
    };
    let merged = merged_note(difference);
    let _ = writeln!(
        out,
        "{took} ({}){merged}; {}; RFC 9309 [§{}]({}). First seen: {}.\n",
        counts_text(difference),
        signature.relation.describe(),
        difference.clause,
        clause::link(difference.clause),
        text(&difference.origin)
    );
    if let Some(cause) = difference
        .cause
        .as_ref()
        .map(|cause| cause.describe())
        .filter(|c| !c.is_empty())
    {
        let _ = writeln!(out, "Cause, on the minimal case: {cause}.\n");
    }
    original_lines(out, difference);
    body_block(out, &difference.minimal.body);
    let agents: Vec<String> = difference.minimal.agents.iter().map(|agent| code_span(agent)).collect();
    let _ = writeln!(out, "- agent: {}", agents.join(", "));
    let _ = writeln!(out, "- URL: {}", code_span(&difference.minimal.url));
    let _ = writeln!(
        out,
        "- expected: {} under RFC 9309 ({}), {} under Google's parser",
        verdict_word(difference.references.rfc),
        verdict_markdown(&difference.expected_because),
        verdict_word(difference.references.google)
    );
    let _ = writeln!(out, "- actual ({}): {}\n", text(version), text(&difference.parser_says));
    size_note(out, difference);
    snippet(out, language, reproduce, difference);
}

fn snippet(out: &mut String, language: &str, reproduce: Option<&Reproduce>, difference: &Difference) {
    let Some(reproduce) = reproduce else {
        return;
    };
    if difference.signature.is_hang() {
        out.push_str("No program: the library did not answer within the timeout.\n\n");
        return;
    }
    let minimal = &difference.minimal;
    let prints = match difference.parser_says.as_str() {
        "allowed" | "disallowed" => format!("`{}`", difference.parser_says),
        _ => RAISES.to_string(),
    };
    match render(reproduce, language, &minimal.body, &minimal.agents, &minimal.url) {
        Ok(program) => {
            let _ = writeln!(out, "{RUN_IT} {prints}:\n\n{}", fenced(fence(language), &program));
        }
        Err(why) => {
            let _ = writeln!(out, "No program: {why}.\n");
        }
    }
}
