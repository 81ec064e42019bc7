//! An external implementation run once per check from a command template,
//! compatible with Google's robotstxt-spec-test: `%robots%` becomes the path
//! of a file holding the body, `%url%` the URL and `%user-agent%` the agent.
//!
//! The verdict is the word `allowed` or `disallowed` if the program prints
//! exactly one of them (as a word, any case), else its exit code: 0 allowed,
//! any other disallowed. Death by a signal or a timeout is an error.

use super::process::run_with_timeout;
use super::{Answer, DecidingLine, ImplError, Implementation, Loaded, Outcome};
use crate::case::ProfileId;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A per-check command line with placeholders.
pub struct CommandTemplate {
    name: String,
    argv: Vec<String>,
    claims: ProfileId,
    timeout: Duration,
}

static NEXT_FILE: AtomicU64 = AtomicU64::new(0);

impl CommandTemplate {
    /// A template `argv` (words may contain `%robots%`, `%url%`,
    /// `%user-agent%`), named `name`, claiming `claims`.
    pub fn new(name: String, argv: Vec<String>, claims: ProfileId, timeout: Duration) -> CommandTemplate {
        CommandTemplate {
            name,
            argv,
            claims,
            timeout,
        }
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
            .argv
            .iter()
            .map(|word| {
                word.replace("%robots%", &robots_path)
                    .replace("%url%", &url)
                    .replace("%user-agent%", &agent)
            })
            .collect();
        let finished = run_with_timeout(Command::new(&argv[0]).args(&argv[1..]), self.timeout)
            .map_err(|error| ImplError::Failed(error.to_string()))?;
        let output = String::from_utf8_lossy(&finished.stdout).to_lowercase();
        let words: Vec<&str> = output.split(|c: char| !c.is_ascii_alphabetic()).collect();
        let allowed = match (words.contains(&"allowed"), words.contains(&"disallowed")) {
            (true, false) => true,
            (false, true) => false,
            _ => match finished.status.code() {
                Some(code) => code == 0,
                None => return Err(ImplError::Failed(format!("the command died: {}", finished.status))),
            },
        };
        Ok(Outcome::new(allowed, DecidingLine::NotReported))
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

impl Implementation for CommandTemplate {
    fn name(&self) -> &str {
        &self.name
    }

    fn claims(&self) -> ProfileId {
        self.claims
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        let number = NEXT_FILE.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("reptest-{}-{number}-robots.txt", std::process::id()));
        let path = std::fs::write(&path, robots)
            .map(|()| path.clone())
            .map_err(|e| format!("cannot write the body to {}: {e}", path.display()));
        Box::new(BodyFile { template: self, path })
    }
}
