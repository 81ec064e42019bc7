//! A persistent external implementation speaking the JSON-lines protocol of
//! [`crate::protocol`]: one request line per check on the program's stdin,
//! one answer line on its stdout. A program that exits, hangs past the
//! timeout or prints something else costs that one check; it is restarted
//! for the next.

use super::program::{External, Program};
use super::{Answer, DecidingLine, ImplError, Loaded, Outcome, NO_ANSWER, RAISED_BY_LIBRARY};
use crate::case::ProfileId;
use crate::protocol::{Reply, Request};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How a transport fault's message ends during a run: the next check
/// starts a fresh process. Start-up failures leave it out (nothing runs on).
pub const RESTARTS: &str = "; it restarts for the next check";

/// How long an adapter's first process may take for its first answer, at
/// least: starting an interpreter and importing a library can take seconds
/// on a loaded machine.
const STARTUP_GRACE: Duration = Duration::from_secs(10);

/// An external program kept running across checks.
pub struct Adapter {
    program: Program,
    /// Environment variables set for the program, on top of reptest's own.
    env: Vec<(String, String)>,
    process: Mutex<Option<Running>>,
    next_id: AtomicU64,
    started: AtomicBool,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<String>>,
}

impl Running {
    fn start(argv: &[String], env: &[(String, String)]) -> Result<Running, String> {
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .envs(env.iter().map(|(key, value)| (key, value)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", argv.join(" ")))?;
        let (stdin, stdout, stderr) = match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
            (Some(stdin), Some(stdout), Some(stderr)) => (stdin, stdout, stderr),
            _ => return Err("the adapter's pipes could not be opened".into()),
        };
        // Reading happens on threads so a hung adapter cannot block the run:
        // the check waits on the channel with a timeout instead.
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(String::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Ok(mut tail) = tail.lock() {
                    *tail = line;
                }
            }
        });
        Ok(Running {
            child,
            stdin,
            lines,
            stderr_tail,
        })
    }

    /// Ends the process and says how it ended, with its last stderr line.
    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let status = self
            .child
            .wait()
            .map_or_else(|e| e.to_string(), |status| status.to_string());
        let tail = self.stderr_tail.lock().map(|tail| tail.clone()).unwrap_or_default();
        if tail.is_empty() {
            status
        } else {
            format!("{status}; its last stderr line: {tail}")
        }
    }
}

impl Adapter {
    /// An adapter running `argv`, named `name`, claiming `claims`, with a
    /// per-check `timeout`.
    pub fn new(name: String, argv: Vec<String>, claims: ProfileId, timeout: Duration) -> Adapter {
        Adapter {
            program: Program {
                name,
                argv,
                claims,
                timeout,
            },
            env: Vec::new(),
            process: Mutex::new(None),
            next_id: AtomicU64::new(1),
            started: AtomicBool::new(false),
        }
    }

    /// The same adapter, its program started with `env` added to the
    /// environment (where a bundled parser finds its library: PYTHONPATH,
    /// NODE_PATH).
    pub fn with_env(mut self, env: Vec<(String, String)>) -> Adapter {
        self.env = env;
        self
    }

    /// Sends one check and reads its answer, which must carry the check's id.
    fn ask(&self, body: &[u8], agents: &[&[u8]], url: &[u8]) -> Answer {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let request =
            serde_json::to_string(&Request::new(Some(id), body, agents, url)).expect("a request always serialises");
        let mut process = self.process.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // The first process also loads its interpreter and library while the
        // run starts everything at once: that is not the check's time, so its
        // first answer may take longer. Restarts get the plain timeout, so a
        // parser that hangs costs little.
        let timeout = if process.is_none() {
            let first = !self.started.swap(true, Ordering::Relaxed);
            *process = Some(Running::start(&self.program.argv, &self.env).map_err(ImplError::Failed)?);
            if first {
                self.program.timeout.max(STARTUP_GRACE)
            } else {
                self.program.timeout
            }
        } else {
            self.program.timeout
        };
        let running = process.as_mut().expect("started above");
        let sent = writeln!(running.stdin, "{request}").and_then(|()| running.stdin.flush());
        let reply = match sent {
            Ok(()) => running.lines.recv_timeout(timeout),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        match reply {
            Ok(line) => parse_reply(&line, id).unwrap_or_else(|garbage| {
                // A stray or missing line would shift every later answer onto
                // the wrong check, so a fresh process is the only safe way on.
                let how = process.take().map(Running::stop).unwrap_or_default();
                Err(ImplError::Failed(format!(
                    "{garbage}; the adapter was stopped ({how}){RESTARTS}"
                )))
            }),
            Err(RecvTimeoutError::Timeout) => {
                let how = process.take().map(Running::stop).unwrap_or_default();
                Err(ImplError::Failed(format!(
                    "{NO_ANSWER} {timeout:?}; the adapter was stopped ({how}){RESTARTS}"
                )))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let how = process.take().map(Running::stop).unwrap_or_default();
                Err(ImplError::Failed(format!("the adapter exited ({how}){RESTARTS}")))
            }
        }
    }
}

/// Reads one reply line of the protocol, which answers the check with id
/// `id`: the answer, or (`Err`) why the line is not that check's answer.
fn parse_reply(line: &str, id: u64) -> Result<Answer, String> {
    let reply: Reply = serde_json::from_str(line).map_err(|_| {
        format!(
            "unreadable answer (expected {{\"id\": {id}, \"allowed\": bool, \"line\": n|null}}): {}",
            clip(line)
        )
    })?;
    if reply.id() != Some(id) {
        let carried = reply.id().map_or("no id".to_string(), |other| format!("id {other}"));
        return Err(format!(
            "the answer carries {carried} but answers check {id}: an answer is missing, extra or out of order: {}",
            clip(line)
        ));
    }
    Ok(match reply {
        Reply::Verdict { allowed, line, .. } => Ok(Outcome::new(
            allowed,
            // 0 is how some libraries say "no line"; null says nothing either.
            line.filter(|&n| n != 0)
                .map_or(DecidingLine::NotReported, DecidingLine::At),
        )),
        Reply::Unsupported { unsupported, .. } => Err(ImplError::Unsupported(unsupported)),
        Reply::Error { error, .. } => Err(ImplError::Failed(format!("{RAISED_BY_LIBRARY}{error}"))),
    })
}

/// At most 200 characters of `text`, for messages.
fn clip(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

struct Pending<'a> {
    adapter: &'a Adapter,
    robots: Vec<u8>,
}

impl Loaded for Pending<'_> {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        self.adapter.ask(&self.robots, agents, url)
    }
}

impl External for Adapter {
    fn program(&self) -> &Program {
        &self.program
    }

    fn load_body(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(Pending {
            adapter: self,
            robots: robots.to_vec(),
        })
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        if let Some(running) = self.process.get_mut().ok().and_then(Option::take) {
            running.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_become_answers() {
        let answer = |line: &str| parse_reply(line, 7).unwrap();
        let line = |text: &str| answer(text).unwrap().line;
        assert_eq!(line(r#"{"id": 7, "allowed": false, "line": 3}"#), DecidingLine::At(3));
        assert_eq!(
            line(r#"{"id": 7, "allowed": true, "line": 0}"#),
            DecidingLine::NotReported
        );
        assert!(answer(r#"{"id": 7, "allowed": true, "line": null}"#).unwrap().allowed);
        assert!(parse_reply("allowed", 7).is_err());
        assert!(matches!(answer(r#"{"id": 7, "error": "boom"}"#), Err(ImplError::Failed(m)) if m.contains("boom")));
        assert!(matches!(
            answer(r#"{"id": 7, "unsupported": "x"}"#),
            Err(ImplError::Unsupported(_))
        ));
    }

    #[test]
    fn an_answer_for_another_check_is_refused() {
        let refused = parse_reply(r#"{"id": 6, "allowed": true, "line": null}"#, 7).unwrap_err();
        assert!(refused.contains("id 6 but answers check 7"), "{refused}");
        let refused = parse_reply(r#"{"allowed": true, "line": null}"#, 7).unwrap_err();
        assert!(refused.contains("no id"), "{refused}");
    }
}
