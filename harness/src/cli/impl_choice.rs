//! `--impl`, `--adapter`, `--command`, `--name`, `--profile`, `--timeout`:
//! which implementations a subcommand runs.

use super::{Args, UsageError};
use crate::case::ProfileId;
use crate::implementation::{self, split_command, Adapter, CommandTemplate, Implementation, DEFAULT_TIMEOUT};
use std::time::Duration;

/// Which implementations to run, as given by `--impl`, `--adapter`,
/// `--command`, `--name`, `--profile` and `--timeout`.
#[derive(Default)]
pub struct ImplChoice {
    built_in: Vec<String>,
    external: Vec<External>,
    profile: Option<ProfileId>,
    timeout: Option<Duration>,
}

struct External {
    kind: ExternalKind,
    argv: Vec<String>,
    name: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ExternalKind {
    Adapter,
    Command,
}

/// The help text for the implementation flags, shared by `run` and `check`.
pub const IMPL_HELP: &str = "\
  --impl NAME          a built-in implementation: rep-rfc, rep-google, google (repeatable)
  --adapter 'CMD ARGS' an external parser kept running, speaking JSON lines (repeatable);
                       see harness/adapters/ for the protocol and an example
  --command 'TEMPLATE' an external parser run once per check, robotstxt-spec-test style:
                       %robots% (a file with the body), %url%, %user-agent%; the verdict is
                       a printed word allowed/disallowed, else exit code 0 = allowed
  --name NAME          name the external implementation given just before
  --profile rfc|google the profile external implementations claim (default: rfc)
  --timeout SECS       per-check time limit for external implementations (default: 5)
";

impl ImplChoice {
    /// Consumes `flag` if it is one of the implementation flags; `Ok(false)`
    /// when it is not.
    pub fn accept(&mut self, flag: &str, args: &mut Args) -> Result<bool, UsageError> {
        match flag {
            "--impl" => {
                let name = args.value(flag)?;
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
                let argv = split_command(&args.value(flag)?).map_err(|e| UsageError(format!("{flag}: {e}")))?;
                self.external.push(External { kind, argv, name: None });
            }
            "--name" => {
                let name = args.value(flag)?;
                let external = self
                    .external
                    .last_mut()
                    .ok_or_else(|| UsageError("--name must follow an --adapter or --command".into()))?;
                external.name = Some(name);
            }
            "--profile" => {
                let name = args.value(flag)?;
                let profile = ProfileId::from_name(&name)
                    .ok_or_else(|| UsageError(format!("--profile must be rfc or google, not `{name}`")))?;
                self.profile = Some(profile);
            }
            "--timeout" => {
                let value = args.value(flag)?;
                let seconds: f64 = value
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 86_400.0)
                    .ok_or_else(|| {
                        UsageError(format!("--timeout takes a positive number of seconds, not `{value}`"))
                    })?;
                self.timeout = Some(Duration::from_secs_f64(seconds));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Whether nothing was chosen.
    pub fn is_empty(&self) -> bool {
        self.built_in.is_empty() && self.external.is_empty()
    }

    /// The chosen implementations, in the order given (built-ins first), or
    /// `default` built-ins when none was chosen.
    pub fn build(&self, default: &[&str]) -> Vec<Box<dyn Implementation>> {
        let built_in: Vec<&str> = if self.is_empty() {
            default.to_vec()
        } else {
            self.built_in.iter().map(String::as_str).collect()
        };
        let mut impls: Vec<Box<dyn Implementation>> = built_in
            .iter()
            .filter_map(|name| implementation::built_in(name))
            .collect();
        let claims = self.profile.unwrap_or(ProfileId::Rfc);
        let timeout = self.timeout.unwrap_or(DEFAULT_TIMEOUT);
        for external in &self.external {
            let mut name = external.name.clone().unwrap_or_else(|| default_name(&external.argv));
            let mut suffix = 2;
            while impls.iter().any(|other| other.name() == name) {
                name = format!(
                    "{}-{suffix}",
                    external.name.clone().unwrap_or_else(|| default_name(&external.argv))
                );
                suffix += 1;
            }
            let argv = external.argv.clone();
            impls.push(match external.kind {
                ExternalKind::Adapter => Box::new(Adapter::new(name, argv, claims, timeout)),
                ExternalKind::Command => Box::new(CommandTemplate::new(name, argv, claims, timeout)),
            });
        }
        impls
    }
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
    fn unknown_built_ins_are_refused() {
        let mut choice = ImplChoice::default();
        let mut args = Args::new(vec!["rep-nope".into()]);
        assert!(choice.accept("--impl", &mut args).is_err());
        assert_eq!(choice.accept("--format", &mut args), Ok(false));
    }
}
