//! The implementation flags: which implementations a subcommand runs, and
//! how external ones are treated.

use super::{seconds, Args, UsageError};
use rep_core::case::ProfileId;
use rep_core::implementation::{
    self, join_command, split_command, Adapter, CommandTemplate, ExitCodes, Implementation, Patience,
    DEFAULT_MAX_ERRORS, DEFAULT_TIMEOUT,
};
use std::time::Duration;

/// Which implementations to run, as given by `--impl`, `--adapter`,
/// `--command`, `--name`, `--profile`, `--timeout`, `--exit-allowed`,
/// `--exit-disallowed` and `--max-errors`.
#[derive(Default)]
pub struct ImplChoice {
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
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ExternalKind {
    Adapter,
    Command,
}

/// The help text for the implementation flags, shared by every subcommand
/// that runs implementations.
pub const IMPL_HELP: &str = "\
Implementations:
  --impl NAME          a built-in implementation: rep-rfc, rep-google, google (repeatable)
  --adapter 'CMD ARGS' an external parser kept running, speaking JSON lines (repeatable);
                       see harness/adapters/README.md for the protocol and examples
  --command 'TEMPLATE' an external parser run once per check, robotstxt-spec-test style:
                       %robots% (a file with the body), %url%, %user-agent%; the verdict is
                       a printed word allowed/disallowed, else the exit code (below)
  --name NAME          name the external implementation given just before
  --profile rfc|google the profile the external implementation given just before claims;
                       given before any, the default for all of them (default: rfc)
  --timeout SECS       per-check time limit for external implementations (default: 5)
  --exit-allowed N     --command exit code meaning allowed (default 0)
  --exit-disallowed N  --command exit code meaning disallowed (default 1); any other exit
                       code or a crash is an error for that check
  --max-errors N       give an external implementation up after N consecutive errors and
                       report its remaining checks as not run (default 10; 0: never)
";

/// Parses an exit code or count flag's value.
fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, UsageError> {
    value
        .parse()
        .map_err(|_| UsageError(format!("{flag} takes a whole number, not `{value}`")))
}

impl ImplChoice {
    /// Consumes `flag` if it is one of the implementation flags; `Ok(false)`
    /// when it is not.
    pub fn accept(&mut self, flag: &str, args: &mut Args) -> Result<bool, UsageError> {
        const FLAGS: [&str; 9] = [
            "--impl",
            "--adapter",
            "--command",
            "--name",
            "--profile",
            "--timeout",
            "--exit-allowed",
            "--exit-disallowed",
            "--max-errors",
        ];
        if !FLAGS.contains(&flag) {
            return Ok(false);
        }
        let value = args.value(flag)?;
        self.apply(flag, &value)?;
        self.given.extend([flag.to_string(), value]);
        if self.exit_codes.allowed == self.exit_codes.disallowed {
            return Err(UsageError(format!(
                "--exit-allowed and --exit-disallowed are both {}: a verdict needs two different codes",
                self.exit_codes.allowed
            )));
        }
        Ok(true)
    }

    /// The flags of this choice as a command line would give them (the
    /// `default` built-ins as `--impl` flags when nothing was chosen).
    pub fn flags(&self, default: &[&str]) -> String {
        if self.given.is_empty() {
            return default
                .iter()
                .map(|name| format!("--impl {name}"))
                .collect::<Vec<_>>()
                .join(" ");
        }
        join_command(&self.given)
    }

    /// Applies one implementation flag and its value.
    fn apply(&mut self, flag: &str, value: &str) -> Result<(), UsageError> {
        match flag {
            "--impl" => {
                let name = value.to_string();
                if let Some(why) = implementation::missing_built_in(&name) {
                    return Err(UsageError(format!("--impl {name}: {why}")));
                }
                if implementation::built_in(&name).is_none() {
                    return Err(UsageError(format!(
                        "no built-in implementation `{name}`; choose from {} (or use --adapter / --command)",
                        implementation::BUILT_IN.join(", ")
                    )));
                }
                self.built_in.push(name);
            }
            "--adapter" | "--command" => {
                let kind = if flag == "--adapter" {
                    ExternalKind::Adapter
                } else {
                    ExternalKind::Command
                };
                let argv = split_command(value).map_err(|e| UsageError(format!("{flag}: {e}")))?;
                self.external.push(External {
                    kind,
                    argv,
                    name: None,
                    profile: None,
                });
            }
            "--name" => {
                let name = value.to_string();
                let external = self
                    .external
                    .last_mut()
                    .ok_or_else(|| UsageError("--name must follow an --adapter or --command".into()))?;
                external.name = Some(name);
            }
            "--profile" => {
                let name = value.to_string();
                let profile = ProfileId::from_name(&name)
                    .ok_or_else(|| UsageError(format!("--profile must be rfc or google, not `{name}`")))?;
                match self.external.last_mut() {
                    Some(external) => external.profile = Some(profile),
                    None => self.profile = Some(profile),
                }
            }
            "--timeout" => self.timeout = Some(seconds(flag, value)?),
            "--exit-allowed" => self.exit_codes.allowed = number(flag, value)?,
            "--exit-disallowed" => self.exit_codes.disallowed = number(flag, value)?,
            "--max-errors" => self.max_errors = Some(number(flag, value)?),
            _ => unreachable!("accept passes only implementation flags"),
        }
        Ok(())
    }

    /// Whether nothing was chosen.
    pub fn is_empty(&self) -> bool {
        self.built_in.is_empty() && self.external.is_empty()
    }

    /// The chosen implementations, in the order given (built-ins first), or
    /// the `default` built-ins this build has when none was chosen (a default
    /// this build lacks is named on stderr). External ones are given up on
    /// after `--max-errors` consecutive errors.
    pub fn build(&self, default: &[&str]) -> Vec<Box<dyn Implementation>> {
        let built_in: Vec<&str> = if self.is_empty() {
            for name in default {
                if let Some(why) = implementation::missing_built_in(name) {
                    eprintln!("reptest: running without `{name}`: {why}");
                }
            }
            default.to_vec()
        } else {
            self.built_in.iter().map(String::as_str).collect()
        };
        let mut impls: Vec<Box<dyn Implementation>> = built_in
            .iter()
            .filter_map(|name| implementation::built_in(name))
            .collect();
        let timeout = self.timeout.unwrap_or(DEFAULT_TIMEOUT);
        let max_errors = self.max_errors.unwrap_or(DEFAULT_MAX_ERRORS);
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
                ExternalKind::Adapter => Box::new(Adapter::new(name, argv, claims, timeout)),
                ExternalKind::Command => {
                    Box::new(CommandTemplate::new(name, argv, claims, timeout).with_exit_codes(self.exit_codes))
                }
            };
            impls.push(Box::new(Patience::new(inner, max_errors)));
        }
        impls
    }
}

/// Starts every implementation; on the first that cannot run, says so for
/// `reptest <command>` and gives exit status 2, before anything ran.
pub fn start_all(command: &str, impls: &[Box<dyn Implementation>]) -> Result<(), u8> {
    for implementation in impls {
        if let Err(why) = implementation.start() {
            eprintln!(
                "reptest {command}: {} cannot start, so nothing was run: {why}",
                implementation.name()
            );
            return Err(2);
        }
    }
    Ok(())
}

/// A readable name for an external command: the file name of its last word
/// that is neither a flag nor a placeholder (`python3 x/adapter.py` →
/// `adapter.py`).
fn default_name(argv: &[String]) -> String {
    argv.iter()
        .rev()
        .find(|word| !word.starts_with('-') && !word.contains('%'))
        .and_then(|word| word.rsplit('/').next())
        .filter(|name| !name.is_empty())
        .unwrap_or("external")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn external_names_come_from_the_program() {
        assert_eq!(default_name(&["python3".into(), "h/adapters/p.py".into()]), "p.py");
        assert_eq!(
            default_name(&["./prog".into(), "%robots%".into(), "%url%".into()]),
            "prog"
        );
    }

    #[test]
    fn profiles_follow_their_external_implementation() {
        let mut choice = ImplChoice::default();
        let mut args = Args::new(
            [
                "--profile",
                "google",
                "--adapter",
                "a",
                "--adapter",
                "b",
                "--profile",
                "rfc",
                "--command",
                "c",
            ]
            .map(String::from)
            .to_vec(),
        );
        while let Some(flag) = args.next_arg() {
            assert_eq!(choice.accept(&flag, &mut args), Ok(true), "{flag}");
        }
        let claims: Vec<ProfileId> = choice.build(&[]).iter().map(|i| i.claims()).collect();
        assert_eq!(claims, [ProfileId::Google, ProfileId::Rfc, ProfileId::Google]);
    }

    #[test]
    fn exit_codes_must_differ() {
        let mut choice = ImplChoice::default();
        let mut args = Args::new(vec!["0".into()]);
        assert!(choice.accept("--exit-disallowed", &mut args).is_err());
    }

    #[test]
    fn unknown_built_ins_are_refused() {
        let mut choice = ImplChoice::default();
        let mut args = Args::new(vec!["rep-nope".into()]);
        assert!(choice.accept("--impl", &mut args).is_err());
        assert_eq!(choice.accept("--format", &mut args), Ok(false));
    }
}
