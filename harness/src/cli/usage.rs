//! Usage errors, told one way whoever found them — clap reading the flags,
//! or a command checking how they combine:
//!
//! ```text
//! reptest diff: --iterations takes a number, not `many`
//! usage: reptest diff [OPTIONS]
//! Try `reptest diff --help`.
//! ```
//!
//! and exit status 2. Help and the version go to stdout with status 0.

use super::values::either;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::CommandFactory;
use std::ffi::OsString;

/// Tells a usage error of `reptest <path>` (`path` is `run`, `adapters
/// install`, or empty for `reptest` itself) on stderr; gives exit status 2.
pub(crate) fn usage_error(path: &str, message: &str) -> u8 {
    let named = match path {
        "" => "reptest".to_string(),
        path => format!("reptest {path}"),
    };
    let usage = usage_of(path);
    eprintln!("{named}: {message}\nusage: {usage}\nTry `{named} --help`.");
    2
}

/// What clap could not take in `argv` (help and version included): told
/// like any usage error; gives the exit status.
pub(crate) fn clap_error(error: &clap::Error, argv: &[OsString]) -> u8 {
    if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = error.print();
        return 0;
    }
    let path = command_path(argv);
    let message = match error.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => format!("give a command: {}", commands(&path)),
        ErrorKind::InvalidSubcommand => format!(
            "unknown command `{}`; choose from {}",
            text(error.get(ContextKind::InvalidSubcommand)),
            commands(&path)
        ),
        _ => message(error),
    };
    usage_error(&path, &message)
}

/// The commands `reptest <path>` takes: `a, b or c`.
fn commands(path: &str) -> String {
    let command = command_at(path);
    let names: Vec<&str> = command
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
        .map(|sub| sub.get_name())
        .collect();
    either(&names)
}

/// `reptest <path>`'s command, built.
fn command_at(path: &str) -> clap::Command {
    let mut command = crate::Cli::command();
    command.build();
    for name in path.split_whitespace() {
        match command.find_subcommand(name) {
            Some(sub) => command = sub.clone(),
            None => break,
        }
    }
    command
}

/// The first line of the usage of `reptest <path>`, without `Usage: `.
fn usage_of(path: &str) -> String {
    let usage = command_at(path).render_usage().to_string();
    let first = usage.lines().next().unwrap_or_default();
    first.trim_start_matches("Usage:").trim().to_string()
}

/// The subcommands `argv` names (`adapters install`), as far as they exist.
fn command_path(argv: &[OsString]) -> String {
    let mut command = crate::Cli::command();
    let mut path = Vec::new();
    for arg in argv.iter().skip(1).filter_map(|arg| arg.to_str()) {
        if arg.starts_with('-') {
            continue;
        }
        let Some(sub) = command.find_subcommand(arg).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    path.join(" ")
}

/// A context value as text.
fn text(value: Option<&ContextValue>) -> String {
    match value {
        Some(ContextValue::String(one)) => one.clone(),
        Some(ContextValue::Strings(many)) => many.join(", "),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

/// The flag an argument's display names: `--format <FORMAT>` → `--format`,
/// `<SOURCE>` → `SOURCE`.
fn flag(display: &str) -> String {
    let first = display.split_whitespace().next().unwrap_or_default();
    first
        .trim_matches(|c| matches!(c, '<' | '>' | '[' | ']' | '.'))
        .to_string()
}

/// The error's message, in the words of the flags it is about.
pub(crate) fn message(error: &clap::Error) -> String {
    let get = |kind| text(error.get(kind));
    let arg = flag(&get(ContextKind::InvalidArg));
    match error.kind() {
        ErrorKind::ValueValidation => match std::error::Error::source(error) {
            Some(source) => format!("{arg} {source}"),
            None => first_paragraph(error),
        },
        ErrorKind::InvalidValue if get(ContextKind::InvalidValue).is_empty() => format!("{arg} needs a value"),
        ErrorKind::InvalidValue => {
            let valid = match error.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(valid)) => valid.clone(),
                _ => Vec::new(),
            };
            let valid: Vec<&str> = valid.iter().map(String::as_str).collect();
            let value = get(ContextKind::InvalidValue);
            format!("{arg} must be {}, not `{value}`", either(&valid))
        }
        ErrorKind::UnknownArgument => {
            let suggested = get(ContextKind::SuggestedArg);
            let tip = match suggested.as_str() {
                "" => String::new(),
                suggested => format!("; did you mean `{}`?", flag(suggested)),
            };
            format!("unexpected argument `{}`{tip}", get(ContextKind::InvalidArg))
        }
        ErrorKind::MissingRequiredArgument => format!("missing {}", get(ContextKind::InvalidArg)),
        _ => first_paragraph(error),
    }
}

/// clap's own message: its first paragraph, without `error: `.
fn first_paragraph(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let message = rendered.split("\n\n").next().unwrap_or_default();
    message.trim_start_matches("error: ").trim().to_string()
}
