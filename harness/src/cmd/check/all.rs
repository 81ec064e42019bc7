//! `reptest check --all`: every parser's verdict on each URL, side by side.
//! Every cell shows its control characters as escapes, so an agent, a URL,
//! a rule or an error cannot act on the terminal or fake a row.

use super::Args;
use rep_core::format::escape::{json_controls_escaped, visible, visible_bytes};
use rep_core::format::excerpt::split_lines;
use rep_core::implementation::{Answer, DecidingLine, ImplError, DEFAULT_TIMEOUT};
use rep_matrix::lineup::{ask_side_by_side, Lineup, NotReady, Question, Ready};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::Write;

/// One parser in `check --all`: its answers, one per URL.
struct Column {
    name: String,
    version: String,
    answers: Vec<Answer>,
}

/// `check --all`: every parser's verdict on each URL, side by side.
pub(super) fn check_all(body: &[u8], options: &Args) -> u8 {
    let (columns, not_run) = ask_everyone(body, options);
    let errors = columns
        .iter()
        .flat_map(|column| &column.answers)
        .any(|answer| matches!(answer, Err(ImplError::Failed(_))));
    let shown = if options.json {
        let document = side_by_side_json(body, options, &columns, &not_run);
        format!(
            "{}\n",
            json_controls_escaped(&serde_json::to_string_pretty(&document).expect("JSON values serialise"))
        )
    } else {
        side_by_side_text(body, &options.agents, &options.urls, &columns, &not_run)
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(shown.as_bytes());
    let _ = stdout.flush();
    u8::from(errors)
}

/// The implementations `check --all` asks, each with its version: the
/// built-ins of this build, the installed bundled parsers, then yours;
/// and those it cannot ask.
fn everyone(options: &Args) -> (Vec<Ready>, Vec<NotReady>) {
    Lineup::built_ins()
        .with_bundled(|_| true, DEFAULT_TIMEOUT)
        .with_yours(options.impls.build(&[]))
        .split_ready()
}

/// Asks every implementation about every URL, side by side in time too
/// (most of the wait is interpreters starting).
fn ask_everyone(body: &[u8], options: &Args) -> (Vec<Column>, Vec<NotReady>) {
    let (asked, not_run) = everyone(options);
    let agents: Vec<&[u8]> = options.agents.iter().map(String::as_bytes).collect();
    let questions: Vec<Question<'_>> = options
        .urls
        .iter()
        .map(|url| (agents.as_slice(), url.as_bytes()))
        .collect();
    let answers = ask_side_by_side(&asked, body, &questions);
    let columns = asked
        .into_iter()
        .zip(answers)
        .map(|(asked, answers)| Column {
            name: asked.implementation.name().to_string(),
            version: asked.version,
            answers,
        })
        .collect();
    (columns, not_run)
}

/// An answer's verdict word, and what goes in the deciding-line column.
fn verdict_and_line(answer: &Answer, body: &[u8]) -> (&'static str, String) {
    match answer {
        Ok(outcome) => (
            if outcome.allowed { "allowed" } else { "disallowed" },
            match outcome.line {
                DecidingLine::At(line) => format!("{line}: {}", line_text(body, line)),
                DecidingLine::NoRule => "no rule matched".to_string(),
                DecidingLine::NotReported => "not reported".to_string(),
            },
        ),
        Err(ImplError::Unsupported(why)) => ("n/a", why.clone()),
        Err(ImplError::Failed(why)) => ("error", why.clone()),
    }
}

/// Line `line` (1-based, numbered as the matcher numbers them: a CR ends a
/// line too) of `body`, trimmed and shortened for a table, control
/// characters and bytes that are not UTF-8 shown as escapes.
fn line_text(body: &[u8], line: u32) -> String {
    let text = split_lines(body)
        .get(line.saturating_sub(1) as usize)
        .map(|(bytes, _)| visible_bytes(bytes.trim_ascii()))
        .unwrap_or_default();
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Whether the parsers that gave a verdict on URL `index` agree, in words.
fn agreement(columns: &[Column], index: usize) -> (bool, String) {
    let by = |allowed: bool| -> Vec<&str> {
        columns
            .iter()
            .filter(|column| matches!(&column.answers[index], Ok(outcome) if outcome.allowed == allowed))
            .map(|column| column.name.as_str())
            .collect()
    };
    let (allowed, disallowed) = (by(true), by(false));
    match (allowed.len(), disallowed.len()) {
        (0, 0) => (true, "no parser gave a verdict".to_string()),
        (n, 0) => (true, format!("all {n} that gave a verdict agree: allowed")),
        (0, n) => (true, format!("all {n} that gave a verdict agree: disallowed")),
        (a, d) => {
            let (few, word) = if a <= d {
                (&allowed, "allowed")
            } else {
                (&disallowed, "disallowed")
            };
            (
                false,
                format!(
                    "they disagree: {a} allowed, {d} disallowed ({word}: {})",
                    few.join(", ")
                ),
            )
        }
    }
}

/// The side-by-side table, one per URL, then the parsers not run.
fn side_by_side_text(
    body: &[u8],
    agents: &[String],
    urls: &[String],
    columns: &[Column],
    not_run: &[NotReady],
) -> String {
    let mut out = format!("agent(s): {}\n", visible(&agents.join(", ")));
    for (index, url) in urls.iter().enumerate() {
        let (_, summary) = agreement(columns, index);
        let _ = writeln!(out, "\n{} — {}", visible(url), visible(&summary));
        let mut rows = vec![["parser", "version", "verdict", "deciding line, or why not"].map(String::from)];
        for column in columns {
            let (verdict, line) = verdict_and_line(&column.answers[index], body);
            rows.push([&column.name, &column.version, verdict, &line].map(|cell| visible(cell).into_owned()));
        }
        let widths: Vec<usize> = (0..3)
            .map(|at| rows.iter().map(|row| row[at].chars().count()).max().unwrap_or(0))
            .collect();
        for row in &rows {
            let _ = writeln!(
                out,
                "  {:<w0$}  {:<w1$}  {:<w2$}  {}",
                row[0],
                row[1],
                row[2],
                row[3],
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2]
            );
        }
    }
    if !not_run.is_empty() {
        let _ = writeln!(out, "\nnot run:");
        let width = not_run
            .iter()
            .map(|parser| visible(&parser.name).chars().count())
            .max()
            .unwrap_or(0);
        for parser in not_run {
            let _ = writeln!(out, "  {:<width$}  {}", visible(&parser.name), visible(&parser.why));
        }
    }
    out
}

/// The same as [`side_by_side_text`], as one JSON document.
fn side_by_side_json(body: &[u8], options: &Args, columns: &[Column], not_run: &[NotReady]) -> Value {
    let urls: Vec<Value> = options
        .urls
        .iter()
        .enumerate()
        .map(|(index, url)| {
            let answers: Vec<Value> = columns
                .iter()
                .map(|column| {
                    let answer = &column.answers[index];
                    let (verdict, said) = verdict_and_line(answer, body);
                    let line = answer.as_ref().ok().and_then(|outcome| outcome.line.number());
                    json!({
                        "parser": column.name,
                        "version": column.version,
                        "verdict": verdict,
                        "line": line,
                        "line_text": line.map(|line| line_text(body, line)),
                        "line_reported": answer.as_ref().is_ok_and(|outcome| outcome.line != DecidingLine::NotReported),
                        "message": answer.as_ref().err().map(|_| said),
                    })
                })
                .collect();
            let (agree, summary) = agreement(columns, index);
            json!({ "url": url, "agree": agree, "summary": summary, "answers": answers })
        })
        .collect();
    let not_run: Vec<Value> = not_run
        .iter()
        .map(|parser| json!({ "parser": parser.name, "why": parser.why }))
        .collect();
    json!({ "agents": options.agents, "urls": urls, "not_run": not_run })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_by_side_table_shows_hostile_text_as_escapes() {
        let hostile = "x\r\x1b[2Kallowed\n\x07\x7f\u{9b}31m";
        let columns = [Column {
            name: format!("parser{hostile}"),
            version: format!("1.0{hostile}"),
            answers: vec![
                Err(ImplError::Failed(format!("boom{hostile}"))),
                Ok(rep_core::implementation::Outcome::new(false, DecidingLine::At(2))),
            ],
        }];
        let not_run = [NotReady {
            name: format!("absent{hostile}"),
            version: "built in".into(),
            why: format!("missing{hostile}"),
        }];
        let body = b"User-agent: *\nDisallow: /\x1b[2K\rallowed\xff\n";
        let table = side_by_side_text(
            body,
            &[format!("Foo{hostile}")],
            &[format!("https://example.com/{hostile}"), "https://example.com/".into()],
            &columns,
            &not_run,
        );
        assert!(
            !table.chars().any(|c| c.is_control() && c != '\n'),
            "a control character in:\n{table}"
        );
        assert!(
            table.contains("boomx\\r\\x1B[2Kallowed\\n\\x07\\x7F\\x9B31m"),
            "{table}"
        );
        assert!(table.contains("2: Disallow: /\\x1B[2K"), "{table}");
        assert!(!table.lines().any(|line| line.trim() == "allowed"), "{table}");
    }

    #[test]
    fn a_deciding_line_is_found_as_the_matcher_numbers_lines() {
        let body = b"User-agent: *\rDisallow: /a\r\nAllow: /b\n";
        assert_eq!(line_text(body, 2), "Disallow: /a");
        assert_eq!(line_text(body, 3), "Allow: /b");
        assert_eq!(line_text(body, 4), "");
    }
}
