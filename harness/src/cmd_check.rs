//! `reptest check`: one implementation's verdict on URLs, with explanations,
//! or (with `--jsonl`) a batch service on stdin/stdout.

use crate::cli::{options_or_exit, start_all, Args, ImplChoice, UsageError, IMPL_HELP};
use crate::implementation::{ImplError, Implementation, Prepared};
use crate::jsonl;
use serde_json::json;
use std::io::{Read, Write};

const HELP: &str = "\
reptest check — ask one implementation whether agents may fetch URLs

Usage: reptest check [IMPLEMENTATION] --robots FILE|- --agent A [--agent B] [--json] URL...
       reptest check [IMPLEMENTATION] --jsonl

IMPLEMENTATION is one of the implementation flags below (default: --impl rep-rfc).

  --robots FILE|-      the robots.txt body (- reads stdin)
  --agent A            the agent (repeatable: any of them, Google's multi-agent check)
  --json               one JSON object per URL instead of text
  --jsonl              batch mode: each stdin line is a JSON request
                       {\"id\": N (optional), \"robots\": TEXT | \"robots_base64\": B64,
                        \"agent\": A | \"agents\": [A, ..], \"url\": URL}
                       and each answer line, in order, carries the request's id and
                       {\"allowed\": BOOL, \"line\": N|null}, {\"unsupported\": TEXT} or {\"error\": TEXT};
                       an error names the stdin line it answers

";

const HELP_TAIL: &str = "
The implementation defaults to rep-rfc. Exit status: 0, or 1 when a check (with --jsonl: a
line) ended in an error, or 2 for a usage error or an implementation that cannot start.
";

struct Options {
    robots: Option<String>,
    agents: Vec<String>,
    urls: Vec<String>,
    json: bool,
    jsonl: bool,
    impls: ImplChoice,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut options = Options {
        robots: None,
        agents: Vec::new(),
        urls: Vec::new(),
        json: false,
        jsonl: false,
        impls: ImplChoice::default(),
    };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--robots" => options.robots = Some(args.value("--robots")?),
            "--agent" => options.agents.push(args.value("--agent")?),
            "--json" => options.json = true,
            "--jsonl" => options.jsonl = true,
            flag if options.impls.accept(flag, &mut args)? => {}
            flag if flag.starts_with("--") => return Err(UsageError(format!("unknown option `{flag}`"))),
            url => options.urls.push(url.to_string()),
        }
    }
    if options.jsonl {
        if options.robots.is_some() || !options.agents.is_empty() || !options.urls.is_empty() {
            return Err(UsageError(
                "--jsonl reads robots, agents and URLs from stdin; drop --robots, --agent and URLs".into(),
            ));
        }
    } else if options.robots.is_none() || options.agents.is_empty() || options.urls.is_empty() {
        return Err(UsageError(
            "give --robots FILE|-, at least one --agent and at least one URL (or --jsonl)".into(),
        ));
    }
    Ok(Some(options))
}

/// Runs `reptest check` with the arguments after `check`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("check", parse(args), &[HELP, IMPL_HELP, HELP_TAIL]) {
        Ok(options) => options,
        Err(status) => return status,
    };
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

fn check_urls(implementation: &dyn Implementation, body: &[u8], options: &Options) -> u8 {
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
