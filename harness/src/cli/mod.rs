//! What the subcommands share: reading flags ([`Args`], [`options_or_exit`]),
//! choosing implementations ([`ImplChoice`]), finding the workspace and
//! loading its cases ([`workspace`]), and progress on a terminal
//! ([`progress`]). This is the command layer: the only code that reads the
//! command line, prints, or decides exit statuses, together with the
//! `cmd_*` modules.

mod impl_choice;
pub mod print;
pub mod progress;
mod selection;

pub use impl_choice::{start_all, ImplChoice, IMPL_HELP};
pub use selection::{Selection, SELECTION_HELP};

use std::collections::VecDeque;
use std::time::Duration;

/// A command-line mistake: the message, printed with a pointer to `--help`.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

/// What a subcommand's argument parser found: options to run with, or a
/// request for help, or a mistake. Turned into an exit status here so that
/// every subcommand answers `--help` and mistakes the same way.
pub fn options_or_exit<T>(command: &str, parsed: Result<Option<T>, UsageError>, help: &[&str]) -> Result<T, u8> {
    match parsed {
        Ok(Some(options)) => Ok(options),
        Ok(None) => {
            print!("{}", help.concat());
            Err(0)
        }
        Err(UsageError(message)) => {
            let usage = help
                .concat()
                .lines()
                .find_map(|line| line.strip_prefix("Usage: ").map(str::to_string))
                .unwrap_or_else(|| format!("reptest {command} [OPTIONS]"));
            eprintln!("reptest {command}: {message}\nusage: {usage}\nTry `reptest {command} --help`.");
            Err(2)
        }
    }
}

/// A time limit flag's value: a positive number of seconds, under a day.
pub fn seconds(flag: &str, value: &str) -> Result<Duration, UsageError> {
    value
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| UsageError(format!("{flag} takes a positive number of seconds, not `{value}`")))
}

/// The arguments of a subcommand, consumed front to back. `--flag=value` is
/// read as `--flag value`.
pub struct Args {
    items: VecDeque<String>,
}

impl Args {
    /// Wraps the arguments after the subcommand name.
    pub fn new(items: Vec<String>) -> Args {
        Args {
            items: items.into_iter().collect(),
        }
    }

    /// The next argument, with `--flag=value` split into two.
    pub fn next_arg(&mut self) -> Option<String> {
        let arg = self.items.pop_front()?;
        if let (true, Some((flag, value))) = (arg.starts_with("--"), arg.split_once('=')) {
            self.items.push_front(value.to_string());
            return Some(flag.to_string());
        }
        Some(arg)
    }

    /// The value that must follow `flag`.
    pub fn value(&mut self, flag: &str) -> Result<String, UsageError> {
        self.items
            .pop_front()
            .ok_or_else(|| UsageError(format!("{flag} needs a value")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_with_equals_are_split() {
        let mut args = Args::new(vec!["--format=json".into(), "x".into()]);
        assert_eq!(args.next_arg().as_deref(), Some("--format"));
        assert_eq!(args.value("--format").unwrap(), "json");
        assert_eq!(args.next_arg().as_deref(), Some("x"));
        assert!(args.value("--cases").is_err());
    }
}

/// Loads the case files at `paths` (the workspace's `cases/` when empty).
/// On any problem, prints every one of them for `reptest <command>` and
/// gives exit status 2: a malformed suite runs nothing.
pub fn load_cases_or_exit(command: &str, paths: &[std::path::PathBuf]) -> Result<Vec<rep_core::case::CaseFile>, u8> {
    rep_core::workspace::load_cases(paths).map_err(|errors| {
        eprint!("{errors}");
        eprintln!(
            "reptest {command}: {} problem(s) in the case files; nothing was run.",
            errors.0.len()
        );
        2
    })
}
