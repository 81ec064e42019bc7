//! `reptest check`: one implementation's verdict on URLs, with explanations,
//! or (with `--jsonl`) a batch service on stdin/stdout, or (with `--all`)
//! every parser's verdict side by side.

use crate::cli::{start_all, usage_error, ImplChoice};
use rep_core::implementation::{self, Answer, DecidingLine, ImplError, Implementation, Prepared, BUILT_IN};
use rep_core::jsonl;
use rep_core::workspace::absolute_root;
use rep_matrix::catalogue::third_party::{bundled, probe_all, Places, Probe, ThirdParty};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::{Read, Write};

const USAGE: &str = "\
reptest check [IMPLEMENTATION] --robots FILE|- --agent A [--agent B] [--json] URL...
       reptest check --all [--adapter|--command …] --robots FILE|- --agent A [--json] URL...
       reptest check [IMPLEMENTATION] --jsonl";

const AFTER_HELP: &str = "\
IMPLEMENTATION is one of the implementation flags above; it defaults to --impl rep-rfc.

Exit status: 0, or 1 when a check (with --jsonl: a line) ended in an error, or 2 for a usage
error or an implementation that cannot start (with --all, a parser that cannot start shows its
error in its rows instead).";

/// The flags of `reptest check`.
#[derive(clap::Args)]
#[command(override_usage = USAGE, after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The URLs to ask about
    #[arg(value_name = "URL")]
    urls: Vec<String>,
    /// The robots.txt body (- reads stdin)
    #[arg(long, value_name = "FILE|-", help_heading = "Input")]
    robots: Option<String>,
    /// The agent (repeatable: any of them, Google's multi-agent check)
    #[arg(long = "agent", value_name = "A", help_heading = "Input")]
    agents: Vec<String>,
    /// Every built-in and every installed bundled third-party parser (and yours, given with
    /// --adapter or --command), side by side: for each URL a table of parser, version, verdict and
    /// deciding line (or n/a or the error), whether they agree, and the parsers that could not run
    #[arg(long, help_heading = "Mode")]
    all: bool,
    /// Batch mode: each stdin line is a JSON request {"id": N (optional), "robots": TEXT |
    /// "robots_base64": B64, "agent": A | "agents": [A, ..], "url": URL} and each answer line, in
    /// order, carries the request's id and {"allowed": BOOL, "line": N|null}, {"unsupported":
    /// TEXT} or {"error": TEXT}; an error names the stdin line it answers
    #[arg(long, help_heading = "Mode")]
    jsonl: bool,
    /// One JSON object per URL instead of text (with --all: one JSON document)
    #[arg(long, help_heading = "Output")]
    json: bool,
    #[command(flatten)]
    impls: ImplChoice,
}

/// Why the flags do not make one check, if they do not.
fn mistake(options: &Args) -> Option<&'static str> {
    if options.all && (options.jsonl || options.impls.names_a_built_in()) {
        return Some(
            "--all asks every built-in and every installed bundled parser: it takes neither --impl nor --jsonl \
             (add your own parser with --adapter or --command)",
        );
    }
    if options.jsonl {
        let given = options.robots.is_some() || !options.agents.is_empty() || !options.urls.is_empty();
        return given.then_some("--jsonl reads robots, agents and URLs from stdin; drop --robots, --agent and URLs");
    }
    let missing = options.robots.is_none() || options.agents.is_empty() || options.urls.is_empty();
    missing.then_some("give --robots FILE|-, at least one --agent and at least one URL (or --jsonl)")
}

/// Runs `reptest check`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    if let Some(message) = mistake(&options) {
        return usage_error("check", message);
    }
    if options.all {
        return match read_robots(options.robots.as_deref().unwrap_or("-")) {
            Ok(body) => check_all(&body, &options),
            Err(message) => {
                eprintln!("reptest check: {message}");
                2
            }
        };
    }
    let mut impls = options.impls.build(&["rep-rfc"]);
    if impls.len() != 1 {
        eprintln!("reptest check: choose exactly one implementation (got {})", impls.len());
        return 2;
    }
    if let Err(status) = start_all("check", &impls) {
        return status;
    }
    let implementation = impls.remove(0);
    if options.jsonl {
        let stdin = std::io::stdin().lock();
        let stdout = std::io::stdout().lock();
        return match jsonl::serve(implementation.as_ref(), stdin, stdout) {
            Ok(served) => u8::from(served.errors > 0),
            Err(error) => {
                eprintln!("reptest check --jsonl: {error}");
                1
            }
        };
    }
    let body = match read_robots(options.robots.as_deref().unwrap_or("-")) {
        Ok(body) => body,
        Err(message) => {
            eprintln!("reptest check: {message}");
            return 2;
        }
    };
    check_urls(implementation.as_ref(), &body, &options)
}

fn read_robots(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut body = Vec::new();
        std::io::stdin()
            .read_to_end(&mut body)
            .map_err(|e| format!("cannot read robots.txt from stdin: {e}"))?;
        return Ok(body);
    }
    std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))
}

fn check_urls(implementation: &dyn Implementation, body: &[u8], options: &Args) -> u8 {
    let prepared = Prepared::body(implementation, body);
    let agents: Vec<&[u8]> = options.agents.iter().map(String::as_bytes).collect();
    let mut status = 0;
    let mut stdout = std::io::stdout().lock();
    for url in &options.urls {
        let answer = prepared.check(&agents, url.as_bytes());
        if matches!(answer, Err(ImplError::Failed(_))) {
            status = 1;
        }
        let line = match (&answer, options.json) {
            (Ok(outcome), true) => json!({
                "url": url,
                "allowed": outcome.allowed,
                "line": outcome.line.number(),
                "explanation": outcome.explanation(),
            })
            .to_string(),
            (Err(error), true) => json!({ "url": url, "error": error.to_string() }).to_string(),
            (Ok(outcome), false) => format!("{url}: {}", outcome.explanation()),
            (Err(error), false) => format!("{url}: error: {error}"),
        };
        let _ = writeln!(stdout, "{line}");
    }
    status
}

/// One parser in `check --all`: its answers, one per URL.
struct Column {
    name: String,
    version: String,
    answers: Vec<Answer>,
}

/// An implementation `check --all` asks, with the version it shows.
struct Asked {
    implementation: Box<dyn Implementation>,
    version: String,
}

/// A parser `check --all` could not ask, and why.
struct NotRun {
    name: String,
    why: String,
}

/// `check --all`: every parser's verdict on each URL, side by side.
fn check_all(body: &[u8], options: &Args) -> u8 {
    let (columns, not_run) = ask_everyone(body, options);
    let errors = columns
        .iter()
        .flat_map(|column| &column.answers)
        .any(|answer| matches!(answer, Err(ImplError::Failed(_))));
    let shown = if options.json {
        let document = side_by_side_json(body, options, &columns, &not_run);
        format!(
            "{}\n",
            serde_json::to_string_pretty(&document).expect("JSON values serialise")
        )
    } else {
        side_by_side_text(body, options, &columns, &not_run)
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(shown.as_bytes());
    let _ = stdout.flush();
    u8::from(errors)
}

/// The implementations `check --all` asks, each with its version: the
/// built-ins of this build, the installed bundled parsers, then yours;
/// and those it cannot ask.
fn everyone(options: &Args) -> (Vec<Asked>, Vec<NotRun>) {
    let mut asked = Vec::new();
    let mut not_run = Vec::new();
    for name in BUILT_IN {
        match (implementation::built_in(name), implementation::missing_built_in(name)) {
            (Some(built_in), _) => {
                let version = match name {
                    "google" => implementation::google_version().unwrap_or_else(|| "built in".into()),
                    _ => "built in".to_string(),
                };
                asked.push(Asked {
                    implementation: built_in,
                    version,
                });
            }
            (None, why) => not_run.push(NotRun {
                name: name.to_string(),
                why: why.unwrap_or("not in this build").to_string(),
            }),
        }
    }
    let root = absolute_root();
    let parsers: Vec<&ThirdParty> = bundled().iter().collect();
    for (parser, probe) in parsers.iter().zip(probe_all(&parsers, &Places::of(&root))) {
        match probe {
            Probe::Installed(version) => asked.push(Asked {
                implementation: Box::new(parser.adapter(&root)),
                version,
            }),
            _ => not_run.push(NotRun {
                name: parser.name.clone(),
                why: parser.missing_hint(),
            }),
        }
    }
    for yours in options.impls.build(&[]) {
        asked.push(Asked {
            implementation: yours,
            version: "yours".to_string(),
        });
    }
    (asked, not_run)
}

/// Asks every implementation about every URL, side by side in time too
/// (most of the wait is interpreters starting).
fn ask_everyone(body: &[u8], options: &Args) -> (Vec<Column>, Vec<NotRun>) {
    let (asked, not_run) = everyone(options);
    let agents: Vec<&[u8]> = options.agents.iter().map(String::as_bytes).collect();
    let failed_everywhere = |why: String| -> Vec<Answer> {
        options
            .urls
            .iter()
            .map(|_| Err(ImplError::Failed(why.clone())))
            .collect()
    };
    let answers: Vec<Vec<Answer>> = std::thread::scope(|scope| {
        let running: Vec<_> = asked
            .iter()
            .map(|asked| {
                let (agents, implementation) = (&agents, asked.implementation.as_ref());
                scope.spawn(move || match implementation.start() {
                    Err(why) => failed_everywhere(format!("cannot start: {why}")),
                    Ok(()) => {
                        let prepared = Prepared::body(implementation, body);
                        let urls = options.urls.iter();
                        urls.map(|url| prepared.check(agents, url.as_bytes())).collect()
                    }
                })
            })
            .collect();
        running
            .into_iter()
            .map(|thread| {
                thread
                    .join()
                    .unwrap_or_else(|_| failed_everywhere("the check panicked".into()))
            })
            .collect()
    });
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

/// Line `line` (1-based) of `body`, trimmed and shortened for a table.
fn line_text(body: &[u8], line: u32) -> String {
    let text = body
        .split(|&byte| byte == b'\n')
        .nth(line.saturating_sub(1) as usize)
        .map(|bytes| String::from_utf8_lossy(bytes).trim().to_string())
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
fn side_by_side_text(body: &[u8], options: &Args, columns: &[Column], not_run: &[NotRun]) -> String {
    let mut out = format!("agent(s): {}\n", options.agents.join(", "));
    for (index, url) in options.urls.iter().enumerate() {
        let (_, summary) = agreement(columns, index);
        let _ = writeln!(out, "\n{url} — {summary}");
        let mut rows = vec![["parser", "version", "verdict", "deciding line, or why not"].map(String::from)];
        for column in columns {
            let (verdict, line) = verdict_and_line(&column.answers[index], body);
            rows.push([column.name.clone(), column.version.clone(), verdict.to_string(), line]);
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
        let width = not_run.iter().map(|parser| parser.name.len()).max().unwrap_or(0);
        for parser in not_run {
            let _ = writeln!(out, "  {:<width$}  {}", parser.name, parser.why);
        }
    }
    out
}

/// The same as [`side_by_side_text`], as one JSON document.
fn side_by_side_json(body: &[u8], options: &Args, columns: &[Column], not_run: &[NotRun]) -> Value {
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
