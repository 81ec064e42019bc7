//! An external implementation run once per check from a command template,
//! compatible with Google's robotstxt-spec-test: `%robots%` becomes the path
//! of a file holding the body, `%url%` the URL and `%user-agent%` the agent.
//!
//! The verdict is the word `allowed` or `disallowed` if the program prints
//! exactly one of them (as a word, any case), else its exit code: by default
//! 0 allowed and 1 disallowed (both configurable, see [`ExitCodes`]). Any
//! other exit code, death by a signal or a timeout is an error, never a
//! verdict: a crashing parser must not pass for a strict one.

use super::process::run_with_timeout;
use super::program::{External, Program};
use super::{Answer, DecidingLine, ImplError, Loaded, Outcome};
use crate::case::ProfileId;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

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

static NEXT_FILE: AtomicU64 = AtomicU64::new(0);

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

    fn run(&self, robots_file: &Path, agents: &[&[u8]], url: &[u8]) -> Answer {
        let [agent] = agents else {
            return Err(ImplError::Unsupported(format!(
                "a command template takes one user-agent; this check names {}",
                agents.len()
            )));
        };
        let robots_path = robots_file.to_string_lossy();
        let (agent, url) = (String::from_utf8_lossy(agent), String::from_utf8_lossy(url));
        let argv: Vec<String> = self
            .program
            .argv
            .iter()
            .map(|word| {
                word.replace("%robots%", &robots_path)
                    .replace("%url%", &url)
                    .replace("%user-agent%", &agent)
            })
            .collect();
        let finished = run_with_timeout(
            Command::new(&argv[0]).args(&argv[1..]).envs(self.env.iter().cloned()),
            self.program.timeout,
        )
        .map_err(|error| ImplError::Failed(error.to_string()))?;
        let output = String::from_utf8_lossy(&finished.stdout).to_lowercase();
        let words: Vec<&str> = output.split(|c: char| !c.is_ascii_alphabetic()).collect();
        let allowed = match (words.contains(&"allowed"), words.contains(&"disallowed")) {
            (true, false) => true,
            (false, true) => false,
            _ => match finished.status.code() {
                Some(code) if code == self.exit_codes.allowed => true,
                Some(code) if code == self.exit_codes.disallowed => false,
                Some(code) => {
                    return Err(ImplError::Failed(format!(
                        "the command exited with {code}, which is neither the allowed code ({}) nor the \
                         disallowed one ({}){}",
                        self.exit_codes.allowed,
                        self.exit_codes.disallowed,
                        stderr_note(&finished.stderr_tail())
                    )))
                }
                None => {
                    return Err(ImplError::Failed(format!(
                        "the command died: {}{}",
                        finished.status,
                        stderr_note(&finished.stderr_tail())
                    )))
                }
            },
        };
        Ok(Outcome::new(allowed, DecidingLine::NotReported))
    }
}

/// `; its last stderr line: …`, or nothing when it wrote none.
fn stderr_note(tail: &str) -> String {
    if tail.is_empty() {
        String::new()
    } else {
        format!("; its last stderr line: {tail}")
    }
}

/// The body written to a temporary file, removed when dropped.
struct BodyFile<'a> {
    template: &'a CommandTemplate,
    path: Result<PathBuf, String>,
}

impl Loaded for BodyFile<'_> {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        match &self.path {
            Ok(path) => self.template.run(path, agents, url),
            Err(e) => Err(ImplError::Failed(e.clone())),
        }
    }
}

impl Drop for BodyFile<'_> {
    fn drop(&mut self) {
        if let Ok(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

impl External for CommandTemplate {
    fn program(&self) -> &Program {
        &self.program
    }

    fn load_body(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        let number = NEXT_FILE.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("reptest-{}-{number}-robots.txt", std::process::id()));
        let path = std::fs::write(&path, robots)
            .map(|()| path.clone())
            .map_err(|e| format!("cannot write the body to {}: {e}", path.display()));
        Box::new(BodyFile { template: self, path })
    }
}
