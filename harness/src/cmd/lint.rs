//! `reptest lint FILE|URL|-`: how every parser in the lineup reads one
//! robots.txt file, by line, in the format asked for.

use crate::cli::{usage_error, ImplChoice};
use rep_core::implementation::DEFAULT_TIMEOUT;
use rep_lint::fetch::fetch;
use rep_lint::render::{json_schema, render, Format};
use rep_lint::{default_crawlers, lineup, lint, Options, Recheck, Severity};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::Duration;

/// The most bytes `lint` reads of a file or stdin: far past the 500 KiB
/// crawlers must read, so a real file is never refused, while a runaway
/// input stops with a message instead of filling memory.
const MAX_INPUT: u64 = 16 * 1024 * 1024;

const USAGE: &str = "reptest lint [OPTIONS] [--adapter|--command …] FILE|URL|-";

const AFTER_HELP: &str = "\
The file is asked what crawlers ask: the agents it names and well-known crawler tokens (--agent
adds one, --agents-file replaces the list), each rule's own path, a page below it, a sibling it
does not cover, its path with a query, `/` and an unrelated path. Every built-in, every installed
bundled parser and yours answer. Where they disagree, the lines responsible are found and
reported once each: what they mean under RFC 9309 and to Google, which parsers read them otherwise
and why (a library behaviour of the matrix, where known), an example per group that
`reptest check --all` asks again, and a rewrite on which every parser agrees where there is one.
What rep's parser notices (unknown keys, misspellings, rules outside a group, bytes that are not
UTF-8, content past the size limit) follows, with its clause.

A URL (http:// or https://) is fetched as RFC 9309 §2.3.1 says: up to five redirects, across
hosts, each hop shown; the status read as §2.3.1.3-4 read it, with what RFC 9309 and Google's
crawler then do; at most 500 KiB of the body; its content type. Then the body is linted.

Exit status: 0 when no finding reaches --fail-on, 1 when one does, 2 for a usage error, an input
that cannot be read or an output that cannot be written.";

/// The flags of `reptest lint`.
#[derive(clap::Args)]
#[command(override_usage = USAGE, after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The robots.txt file, an http(s) URL to fetch it from, or - for stdin
    #[arg(value_name = "FILE|URL|-", required_unless_present = "schema")]
    target: Option<String>,
    /// Output format: terminal (coloured on a terminal), markdown, json, sarif or html
    #[arg(long, value_name = "FORMAT", default_value = "terminal", value_parser = Format::NAMES)]
    format: String,
    /// Write the output to FILE (whole, or not at all) instead of stdout
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The least serious finding that makes the exit status 1
    #[arg(long, value_name = "LEVEL", default_value = "error", value_parser = ["note", "warning", "error"])]
    fail_on: String,
    /// Ask this agent too (repeatable)
    #[arg(long = "agent", value_name = "A")]
    agents: Vec<String>,
    /// Crawler tokens to ask instead of the built-in list of well-known ones, one per line
    /// (# starts a comment)
    #[arg(long, value_name = "FILE")]
    agents_file: Option<PathBuf>,
    /// The file's path in the repository, as SARIF results name it (default: FILE as given,
    /// or robots.txt for a URL or stdin)
    #[arg(long, value_name = "PATH")]
    artifact: Option<String>,
    /// Seconds a URL fetch may take in all, per request
    #[arg(long, value_name = "SECS", default_value_t = 20)]
    fetch_timeout: u64,
    /// Ask only the built-ins and yours, not the installed bundled parsers
    #[arg(long)]
    no_bundled: bool,
    /// Print the JSON Schema of --format json and exit
    #[arg(long)]
    schema: bool,
    #[command(flatten)]
    impls: ImplChoice,
}

/// Runs `reptest lint`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    if options.schema {
        return emit(&options, &json_schema());
    }
    if options.impls.names_a_built_in() {
        return usage_error(
            "lint",
            "lint asks every built-in and every installed bundled parser: it takes no --impl \
             (add your own parser with --adapter or --command)",
        );
    }
    let target = options.target.clone().unwrap_or_default();
    let is_url = target.starts_with("http://") || target.starts_with("https://");
    let crawlers = match &options.agents_file {
        Some(path) => match read_agents(path) {
            Ok(agents) => agents,
            Err(message) => return failed(&message),
        },
        None => default_crawlers(),
    };
    if target.starts_with("https://") && !rep_lint::fetch::HTTPS {
        return failed(
            "this reptest was built without TLS (the cargo feature `https` is off): it fetches http:// URLs only; \
             rebuild with it, or fetch the file yourself and lint it with `reptest lint FILE`",
        );
    }
    let (body, fetched) = if is_url {
        let fetched = fetch(&target, Duration::from_secs(options.fetch_timeout));
        (fetched.body.clone(), Some(fetched))
    } else {
        match read_input(&target) {
            Ok(body) => (body, None),
            Err(message) => return failed(&message),
        }
    };
    let (parsers, not_run) = lineup(!options.no_bundled, options.impls.build(&[]), DEFAULT_TIMEOUT);
    let lint_options = Options {
        source: target.clone(),
        crawlers: options.agents.iter().cloned().chain(crawlers).collect(),
        recheck: Recheck {
            robots: if is_url { "robots.txt".into() } else { target.clone() },
            flags: options.impls.flags(&[]),
        },
    };
    let report = lint(&body, &parsers, not_run, fetched, &lint_options);
    let format = Format::from_name(&options.format).expect("clap checked the format");
    let colour = options.out.is_none() && std::io::stdout().is_terminal();
    let artifact = options.artifact.clone().unwrap_or_else(|| {
        if is_url || target == "-" {
            "robots.txt".into()
        } else {
            target.clone()
        }
    });
    let status = emit(&options, &render(&report, format, colour, &artifact));
    if status != 0 {
        return status;
    }
    let threshold = match options.fail_on.as_str() {
        "note" => Severity::Note,
        "warning" => Severity::Warning,
        _ => Severity::Error,
    };
    u8::from(report.summary.reaches(threshold))
}

/// Writes `text` to `--out` or stdout; 2 when it cannot be written.
fn emit(options: &Args, text: &str) -> u8 {
    match &options.out {
        Some(path) => match rep_core::atomic::write_atomically(path, text.as_bytes()) {
            Ok(()) => 0,
            Err(error) => failed(&format!("cannot write {}: {error}", path.display())),
        },
        None => {
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(text.as_bytes());
            let _ = stdout.flush();
            0
        }
    }
}

fn failed(message: &str) -> u8 {
    eprintln!("reptest lint: {message}");
    2
}

/// The body at `path` (`-`: stdin), refused past [`MAX_INPUT`].
fn read_input(path: &str) -> Result<Vec<u8>, String> {
    let (name, reader): (String, Box<dyn Read>) = if path == "-" {
        ("stdin".into(), Box::new(std::io::stdin().lock()))
    } else {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        (path.to_string(), Box::new(file))
    };
    let mut body = Vec::new();
    reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut body)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if body.len() as u64 > MAX_INPUT {
        return Err(format!(
            "{name} is larger than {} MiB; crawlers must read only its first 500 KiB (RFC 9309 §2.5): \
             lint that part (head -c 512000 FILE | reptest lint -)",
            MAX_INPUT / (1024 * 1024)
        ));
    }
    Ok(body)
}

/// The crawler tokens of an agents file: one per line, `#` to the end of a line a comment.
fn read_agents(path: &PathBuf) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
        .map(str::to_string)
        .collect())
}
