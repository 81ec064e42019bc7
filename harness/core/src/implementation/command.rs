//! An external implementation run once per check from a command template,
//! compatible with Google's robotstxt-spec-test: `%robots%` becomes the path
//! of a file holding the body, `%url%` the URL and `%user-agent%` the agent,
//! in one pass (a URL that contains `%user-agent%` reaches the program as it
//! is).
//!
//! The verdict is the word `allowed` or `disallowed` if the program prints
//! exactly one of them (as a word, any case), else its exit code: by default
//! 0 allowed and 1 disallowed (both configurable, see [`ExitCodes`]). Any
//! other exit code, death by a signal (whatever was printed first) or a
//! timeout is an error, never a verdict: a crashing parser must not pass for
//! a strict one. Each run is a process group of its own, killed with all it
//! started when the program ends or its time runs out.

use super::process::run_with_timeout;
use super::program::{External, Program};
use super::{Answer, DecidingLine, ImplError, Loaded, Outcome};
use crate::case::{ProfileId, Tag};
use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tempfile::NamedTempFile;

/// The exit codes that stand for a verdict when the program prints neither
/// `allowed` nor `disallowed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExitCodes {
    /// The code meaning "allowed" (default 0).
    pub allowed: i32,
    /// The code meaning "disallowed" (default 1).
    pub disallowed: i32,
}

impl Default for ExitCodes {
    fn default() -> ExitCodes {
        ExitCodes {
            allowed: 0,
            disallowed: 1,
        }
    }
}

/// A per-check command line with placeholders.
pub struct CommandTemplate {
    program: Program,
    exit_codes: ExitCodes,
    env: Vec<(String, String)>,
}

impl CommandTemplate {
    /// A template `argv` (words may contain `%robots%`, `%url%`,
    /// `%user-agent%`), named `name`, claiming `claims`.
    pub fn new(name: String, argv: Vec<String>, claims: ProfileId, timeout: Duration) -> CommandTemplate {
        CommandTemplate {
            program: Program {
                name,
                argv,
                claims,
                timeout,
            },
            exit_codes: ExitCodes::default(),
            env: Vec::new(),
        }
    }

    /// The same template, each command run with `env` added to its
    /// environment.
    pub fn with_env(self, env: Vec<(String, String)>) -> CommandTemplate {
        CommandTemplate { env, ..self }
    }

    /// The same template, reading verdicts from `exit_codes`.
    pub fn with_exit_codes(self, exit_codes: ExitCodes) -> CommandTemplate {
        CommandTemplate { exit_codes, ..self }
    }

    fn run(&self, robots_file: &Path, agents: &[&[u8]], url: &[u8], limit: Duration) -> Answer {
        let [agent] = agents else {
            return Err(ImplError::Unsupported(format!(
                "a command template takes one user-agent; this check names {}",
                agents.len()
            )));
        };
        let robots_path = robots_file.to_string_lossy();
        let (agent, url) = (String::from_utf8_lossy(agent), String::from_utf8_lossy(url));
        let values = [("%robots%", &*robots_path), ("%url%", &*url), ("%user-agent%", &*agent)];
        let argv: Vec<String> = self.program.argv.iter().map(|word| substitute(word, &values)).collect();
        let finished = run_with_timeout(
            Command::new(&argv[0]).args(&argv[1..]).envs(self.env.iter().cloned()),
            limit,
        )
        .map_err(|error| ImplError::Failed(error.to_string()))?;
        let Some(exit_code) = finished.status.code() else {
            return Err(ImplError::Failed(format!(
                "the command died ({}): a crash is never a verdict, whatever it printed first{}",
                finished.status,
                stderr_note(&finished.stderr_tail())
            )));
        };
        let output = String::from_utf8_lossy(&finished.stdout).to_lowercase();
        let words: Vec<&str> = output.split(|c: char| !c.is_ascii_alphabetic()).collect();
        let allowed = match (words.contains(&"allowed"), words.contains(&"disallowed")) {
            (true, false) => true,
            (false, true) => false,
            _ => match exit_code {
                code if code == self.exit_codes.allowed => true,
                code if code == self.exit_codes.disallowed => false,
                code => {
                    return Err(ImplError::Failed(format!(
                        "the command exited with {code}, which is neither the allowed code ({}) nor the \
                         disallowed one ({}){}",
                        self.exit_codes.allowed,
                        self.exit_codes.disallowed,
                        stderr_note(&finished.stderr_tail())
                    )))
                }
            },
        };
        Ok(Outcome::new(allowed, DecidingLine::NotReported))
    }
}

/// `word` with each placeholder replaced by its value, in one pass: a value
/// is put in as it is, even when it holds a placeholder itself.
fn substitute(word: &str, values: &[(&str, &str)]) -> String {
    let mut substituted = String::with_capacity(word.len());
    let mut rest = word;
    while let Some(at) = rest.find('%') {
        substituted.push_str(&rest[..at]);
        rest = &rest[at..];
        match values.iter().find(|(placeholder, _)| rest.starts_with(placeholder)) {
            Some((placeholder, value)) => {
                substituted.push_str(value);
                rest = &rest[placeholder.len()..];
            }
            None => {
                substituted.push('%');
                rest = &rest[1..];
            }
        }
    }
    substituted.push_str(rest);
    substituted
}

/// `; its last stderr line: …`, or nothing when it wrote none.
fn stderr_note(tail: &str) -> String {
    if tail.is_empty() {
        String::new()
    } else {
        format!("; its last stderr line: {tail}")
    }
}

/// The body written to a temporary file (an unpredictable name in the
/// temporary directory, created afresh), removed when dropped.
struct BodyFile<'a> {
    template: &'a CommandTemplate,
    file: Result<NamedTempFile, String>,
}

impl Loaded for BodyFile<'_> {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        match &self.file {
            Ok(file) => self
                .template
                .program
                .patiently(|limit| self.template.run(file.path(), agents, url, limit)),
            Err(e) => Err(ImplError::Failed(e.clone())),
        }
    }
}

impl External for CommandTemplate {
    fn program(&self) -> &Program {
        &self.program
    }

    /// One `%user-agent%` per command: a check with several agents is n/a.
    fn supports_tag(&self, tag: Tag) -> bool {
        tag != Tag::MultiAgent
    }

    fn load_body(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        let file = tempfile::Builder::new()
            .prefix("reptest-")
            .suffix("-robots.txt")
            .tempfile()
            .and_then(|mut file| file.write_all(robots).and_then(|()| file.flush()).map(|()| file))
            .map_err(|e| {
                format!(
                    "cannot write the body to a temporary file in {}: {e}",
                    std::env::temp_dir().display()
                )
            });
        Box::new(BodyFile { template: self, file })
    }
}

#[cfg(test)]
mod tests {
    use super::substitute;

    #[test]
    fn placeholders_are_substituted_once() {
        let values = [("%url%", "/%user-agent%"), ("%user-agent%", "Foo%url%Bot")];
        assert_eq!(substitute("%url%", &values), "/%user-agent%");
        assert_eq!(substitute("a=%user-agent%;", &values), "a=Foo%url%Bot;");
        assert_eq!(substitute("100% %url%%%", &values), "100% /%user-agent%%%");
        assert_eq!(substitute("%url", &values), "%url");
    }
}
