//! The implementation flags: which implementations a subcommand runs, and
//! how external ones are treated. Their order matters (`--name`,
//! `--adapter-env` and `--profile` belong to the `--adapter` or `--command`
//! given just before),
//! so [`ImplChoice`] reads them from clap's matches in the order given.

use super::values::{env_pair, one_of, plain_name, seconds, whole};
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, ArgMatches, FromArgMatches};
use rep_core::case::ProfileId;
use rep_core::implementation::{
    self, join_command, split_command, Adapter, CommandTemplate, ExitCodes, Implementation, Patience,
    DEFAULT_MAX_ERRORS, DEFAULT_TIMEOUT,
};
use rep_matrix::lineup::{self, Unavailable};
use std::time::Duration;

/// Which implementations to run, as given by `--impl`, `--adapter`,
/// `--command`, `--name`, `--adapter-env`, `--profile`, `--timeout`, `--exit-allowed`,
/// `--exit-disallowed` and `--max-errors`. Flattened into a command's
/// arguments (`#[command(flatten)]`), under the heading "Implementations".
#[derive(Default)]
pub(crate) struct ImplChoice {
    built_in: Vec<String>,
    external: Vec<External>,
    /// `--profile` given before any external implementation: their default.
    profile: Option<ProfileId>,
    timeout: Option<Duration>,
    exit_codes: ExitCodes,
    max_errors: Option<usize>,
    /// Every flag and value taken, as given, for commands that rerun this choice.
    given: Vec<String>,
}

struct External {
    kind: ExternalKind,
    argv: Vec<String>,
    name: Option<String>,
    profile: Option<ProfileId>,
    env: Vec<(String, String)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ExternalKind {
    Adapter,
    Command,
}

/// The flags, each with its value's name and its help.
const FLAGS: [(&str, &str, &str); 10] = [
    (
        "impl",
        "NAME",
        "A built-in implementation: rep-rfc, rep-google, google (repeatable)",
    ),
    (
        "adapter",
        "'CMD ARGS'",
        "An external parser kept running, speaking JSON lines (repeatable); see \
         harness/adapters/README.md for the protocol and examples",
    ),
    (
        "command",
        "'TEMPLATE'",
        "An external parser run once per check, robotstxt-spec-test style: %robots% (a file with \
         the body), %url%, %user-agent%; the verdict is a printed word allowed/disallowed, else the \
         exit code (below)",
    ),
    ("name", "NAME", "Name the external implementation given just before"),
    (
        "adapter-env",
        "NAME=VALUE",
        "Set an environment variable for the external implementation given just before (repeatable); \
         --adapter and --command run a program with arguments, not a shell line",
    ),
    (
        "profile",
        "rfc|google",
        "The profile the external implementation given just before claims; given before any, the \
         default for all of them [default: rfc]",
    ),
    (
        "timeout",
        "SECS",
        "Per-check time limit for external implementations [default: 5]",
    ),
    ("exit-allowed", "N", "--command exit code meaning allowed [default: 0]"),
    (
        "exit-disallowed",
        "N",
        "--command exit code meaning disallowed; any other exit code or a crash is an error for that \
         check [default: 1]",
    ),
    (
        "max-errors",
        "N",
        "Give an external implementation up after N consecutive transport faults (no answer in time, \
         an unreadable answer, a crash; an error its library raised is an answer) and report its \
         remaining checks as not run, in one line (0: never) [default: 10]",
    ),
];

/// `--impl`'s value: a built-in this build has, or a bundled parser (whether
/// it is installed is found when the implementations are built).
fn lineup_name(name: &str) -> Result<String, String> {
    if let Some(why) = implementation::missing_built_in(name) {
        return Err(format!("{name}: {why}"));
    }
    if !lineup::names().iter().any(|known| known == name) {
        return Err(format!(
            "`{name}` is not a built-in implementation or a bundled parser; choose from {} (or use --adapter / --command)",
            lineup::names().join(", ")
        ));
    }
    Ok(name.to_string())
}

/// `--adapter`'s and `--command`'s value: a command line, split into words.
/// It is a program with arguments, not a shell line: a leading `NAME=VALUE`
/// word is refused with the flag that sets the environment instead.
fn command_line(text: &str) -> Result<Vec<String>, String> {
    let argv = split_command(text).map_err(|why| format!("takes a command line: {why}"))?;
    match argv.first() {
        Some(first) if env_pair(first).is_ok() && !first.contains('/') => Err(format!(
            "takes a program and its arguments, not a shell line: `{first}` would be run as the program; \
             give the variable with --adapter-env {first} after this flag"
        )),
        _ => Ok(argv),
    }
}

fn profile(text: &str) -> Result<ProfileId, String> {
    one_of(&["rfc", "google"], ProfileId::from_name)(text)
}

/// The clap argument of one implementation flag.
fn arg((id, value_name, help): (&'static str, &'static str, &'static str)) -> Arg {
    let arg = Arg::new(id)
        .long(id)
        .value_name(value_name)
        .help(help)
        .action(ArgAction::Append);
    match id {
        "impl" => arg.value_parser(lineup_name),
        "adapter" | "command" => arg.value_parser(command_line),
        "adapter-env" => arg.value_parser(env_pair),
        "name" => arg.value_parser(plain_name),
        "profile" => arg.value_parser(profile),
        "timeout" => arg.value_parser(seconds),
        "exit-allowed" | "exit-disallowed" => arg.value_parser(whole::<i32>),
        "max-errors" => arg.value_parser(whole::<usize>),
        _ => arg,
    }
}

impl clap::Args for ImplChoice {
    fn augment_args(command: clap::Command) -> clap::Command {
        // Last among a command's flags: those after it have no heading.
        command
            .next_help_heading("Implementations")
            .args(FLAGS.map(arg))
            .next_help_heading(None::<&'static str>)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for ImplChoice {
    /// The flags replayed in the order they were given.
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given: Vec<(usize, &str, String)> = Vec::new();
        for (id, _, _) in FLAGS {
            if let (Some(indices), Some(values)) = (matches.indices_of(id), matches.get_raw(id)) {
                let values = values.map(|value| value.to_string_lossy().into_owned());
                given.extend(indices.zip(values).map(|(index, value)| (index, id, value)));
            }
        }
        given.sort_by_key(|(index, _, _)| *index);
        let mut choice = ImplChoice::default();
        for (_, id, value) in given {
            let flag = format!("--{id}");
            choice.apply(&flag, &value).map_err(|why| conflict(&why))?;
            choice.given.extend([flag, value]);
        }
        if choice.exit_codes.allowed == choice.exit_codes.disallowed {
            return Err(conflict(&format!(
                "--exit-allowed and --exit-disallowed are both {}: a verdict needs two different codes",
                choice.exit_codes.allowed
            )));
        }
        Ok(choice)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

fn conflict(message: &str) -> clap::Error {
    clap::Error::raw(ErrorKind::ArgumentConflict, message)
}

/// Reads implementation flags from one string, as [`ImplChoice::flags`]
/// gives them (`--impl rep-google --adapter 'python3 x.py'`).
pub(crate) fn parse_flags(flags: &str) -> Result<ImplChoice, String> {
    let command = <ImplChoice as clap::Args>::augment_args(clap::Command::new("flags").no_binary_name(true));
    command
        .try_get_matches_from(split_command(flags)?)
        .and_then(|matches| ImplChoice::from_arg_matches(&matches))
        .map_err(|error| super::usage::message(&error))
}

impl ImplChoice {
    /// Whether `--impl` was given.
    pub(crate) fn names_a_built_in(&self) -> bool {
        !self.built_in.is_empty()
    }

    /// The flags of this choice as a command line would give them (the
    /// `default` built-ins as `--impl` flags when nothing was chosen).
    pub(crate) fn flags(&self, default: &[&str]) -> String {
        if self.given.is_empty() {
            return default
                .iter()
                .map(|name| format!("--impl {name}"))
                .collect::<Vec<_>>()
                .join(" ");
        }
        join_command(&self.given)
    }

    /// Applies one implementation flag and its value (clap checked the value).
    fn apply(&mut self, flag: &str, value: &str) -> Result<(), String> {
        match flag {
            "--impl" => self.built_in.push(lineup_name(value)?),
            "--adapter" | "--command" => {
                let kind = if flag == "--adapter" {
                    ExternalKind::Adapter
                } else {
                    ExternalKind::Command
                };
                self.external.push(External {
                    kind,
                    argv: command_line(value)?,
                    name: None,
                    profile: None,
                    env: Vec::new(),
                });
            }
            "--name" => {
                let external = self
                    .external
                    .last_mut()
                    .ok_or("--name must follow an --adapter or --command")?;
                external.name = Some(value.to_string());
            }
            "--adapter-env" => {
                let external = self
                    .external
                    .last_mut()
                    .ok_or("--adapter-env must follow an --adapter or --command")?;
                external.env.push(env_pair(value)?);
            }
            "--profile" => {
                let profile = profile(value)?;
                match self.external.last_mut() {
                    Some(external) => external.profile = Some(profile),
                    None => self.profile = Some(profile),
                }
            }
            "--timeout" => self.timeout = Some(seconds(value)?),
            "--exit-allowed" => self.exit_codes.allowed = whole(value)?,
            "--exit-disallowed" => self.exit_codes.disallowed = whole(value)?,
            "--max-errors" => self.max_errors = Some(whole(value)?),
            _ => unreachable!("only implementation flags are replayed"),
        }
        Ok(())
    }

    /// Whether nothing was chosen.
    fn is_empty(&self) -> bool {
        self.built_in.is_empty() && self.external.is_empty()
    }

    /// The chosen implementations, in the order given (`--impl` ones
    /// first), or the `default` built-ins this build has when none was
    /// chosen (a default this build lacks is named on stderr). A bundled
    /// parser that is not installed here is built as one that cannot start,
    /// with the reason. External ones and bundled parsers are given up on
    /// after `--max-errors` consecutive transport faults.
    pub(crate) fn build(&self, default: &[&str]) -> Vec<Box<dyn Implementation>> {
        let timeout = self.timeout.unwrap_or(DEFAULT_TIMEOUT);
        let max_errors = self.max_errors.unwrap_or(DEFAULT_MAX_ERRORS);
        let mut impls: Vec<Box<dyn Implementation>> = if self.is_empty() {
            for name in default {
                if let Some(why) = implementation::missing_built_in(name) {
                    eprintln!("reptest: running without `{name}`: {why}");
                }
            }
            default
                .iter()
                .filter_map(|name| implementation::built_in(name))
                .collect()
        } else {
            let by_name = |name: &String| match lineup::by_name(name, timeout) {
                Ok(built_in) if implementation::BUILT_IN.contains(&name.as_str()) => built_in,
                Ok(bundled) => Box::new(Patience::new(bundled, max_errors)),
                Err(why) => Box::new(Unavailable {
                    name: name.clone(),
                    why,
                }),
            };
            self.built_in.iter().map(by_name).collect()
        };
        for external in &self.external {
            let base = external.name.clone().unwrap_or_else(|| default_name(&external.argv));
            let mut name = base.clone();
            let mut suffix = 2;
            while impls.iter().any(|other| other.name() == name) {
                name = format!("{base}-{suffix}");
                suffix += 1;
            }
            let argv = external.argv.clone();
            let claims = external.profile.or(self.profile).unwrap_or(ProfileId::Rfc);
            let inner: Box<dyn Implementation> = match external.kind {
                ExternalKind::Adapter => {
                    Box::new(Adapter::new(name, argv, claims, timeout).with_env(external.env.clone()))
                }
                ExternalKind::Command => Box::new(
                    CommandTemplate::new(name, argv, claims, timeout)
                        .with_exit_codes(self.exit_codes)
                        .with_env(external.env.clone()),
                ),
            };
            impls.push(Box::new(Patience::new(inner, max_errors)));
        }
        impls
    }
}

/// Starts every implementation; on the first that cannot run, says so for
/// `reptest <command>` and gives exit status 2, before anything ran.
pub(crate) fn start_all(command: &str, impls: &[Box<dyn Implementation>]) -> Result<(), u8> {
    for implementation in impls {
        if let Err(why) = implementation.start() {
            eprintln!(
                "reptest {command}: {} cannot start, so nothing was run: {}",
                rep_core::format::escape::visible(implementation.name()),
                rep_core::format::escape::visible(&why.to_string())
            );
            return Err(2);
        }
    }
    Ok(())
}

/// A readable name for an external command: the file name of its last word
/// that is neither a flag nor a placeholder (`python3 x/adapter.py` →
/// `adapter.py`), when it is a plain name as `--name` takes; else `external`.
fn default_name(argv: &[String]) -> String {
    argv.iter()
        .rev()
        .find(|word| !word.starts_with('-') && !word.contains('%'))
        .and_then(|word| word.rsplit('/').next())
        .and_then(|name| plain_name(name).ok())
        .unwrap_or_else(|| "external".to_string())
}

#[cfg(test)]
mod tests;
