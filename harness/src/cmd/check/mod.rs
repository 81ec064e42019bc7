//! `reptest check`: one implementation's verdict on URLs, with explanations,
//! or (with `--jsonl`) a batch service on stdin/stdout, or (with `--all`)
//! every parser's verdict side by side. What it prints of the rules,
//! agents, URLs and errors shows their control characters as escapes
//! (`rep_core::format::escape`): nothing in them can act on the terminal
//! or fake a line.

mod all;

use crate::cli::{start_all, usage_error, ImplChoice};
use rep_core::format::escape::{json_controls_escaped, visible};
use rep_core::implementation::{ImplError, Implementation, Prepared};
use rep_core::jsonl;
use serde_json::json;
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
    /// The robots.txt body as base64 (as `reptest show` gives it: any bytes, through any shell)
    #[arg(long, value_name = "B64", help_heading = "Input", conflicts_with = "robots")]
    robots_base64: Option<String>,
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
        let given = options.robots.is_some()
            || options.robots_base64.is_some()
            || !options.agents.is_empty()
            || !options.urls.is_empty();
        return given.then_some(
            "--jsonl reads robots, agents and URLs from stdin; drop --robots, --robots-base64, --agent and URLs",
        );
    }
    let missing = (options.robots.is_none() && options.robots_base64.is_none())
        || options.agents.is_empty()
        || options.urls.is_empty();
    missing.then_some(
        "give --robots FILE|- (or --robots-base64 B64), at least one --agent and at least one URL (or --jsonl)",
    )
}

/// Runs `reptest check`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    if let Some(message) = mistake(&options) {
        return usage_error("check", message);
    }
    if options.all {
        return match read_robots(&options) {
            Ok(body) => all::check_all(&body, &options),
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
    let body = match read_robots(&options) {
        Ok(body) => body,
        Err(message) => {
            eprintln!("reptest check: {message}");
            return 2;
        }
    };
    check_urls(implementation.as_ref(), &body, &options)
}

/// The body `--robots-base64` carries, or that `--robots` names (stdin for `-`).
fn read_robots(options: &Args) -> Result<Vec<u8>, String> {
    if let Some(encoded) = &options.robots_base64 {
        return rep_core::case::decode_base64(encoded)
            .map_err(|(at, why)| format!("--robots-base64: at character {}: {why}", at + 1));
    }
    let path = options.robots.as_deref().unwrap_or("-");
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
        let line = if options.json {
            json_controls_escaped(&line)
        } else {
            visible(&line).into_owned()
        };
        let _ = writeln!(stdout, "{line}");
    }
    status
}
