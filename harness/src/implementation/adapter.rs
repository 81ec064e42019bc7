//! A persistent external implementation speaking JSON lines.
//!
//! Protocol: for each check the harness writes one line to the program's
//! stdin, `{"robots": "<text>"` (or `"robots_base64"` when the body is not
//! UTF-8)`, "agents": ["A", …], "url": "<url>"}`, and reads one line from its
//! stdout: `{"allowed": true|false, "line": <n>|null}`, or
//! `{"error": "<message>"}` for a failure, or `{"unsupported": "<why>"}`
//! for a check it cannot answer (reported as n/a). A program that exits, hangs
//! past the timeout or prints something else costs that one check; it is
//! restarted for the next.

use super::{Answer, ImplError, Implementation, Loaded, Outcome};
use crate::case::{encode_base64, ProfileId};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// An external program kept running across checks.
pub struct Adapter {
    name: String,
    argv: Vec<String>,
    claims: ProfileId,
    timeout: Duration,
    process: Mutex<Option<Running>>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<String>>,
}

impl Running {
    fn start(argv: &[String]) -> Result<Running, String> {
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
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
            name,
            argv,
            claims,
            timeout,
            process: Mutex::new(None),
        }
    }

    fn ask(&self, request: &str) -> Answer {
        let mut process = self.process.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if process.is_none() {
            *process = Some(Running::start(&self.argv).map_err(ImplError::Failed)?);
        }
        let running = process.as_mut().expect("started above");
        let sent = writeln!(running.stdin, "{request}").and_then(|()| running.stdin.flush());
        let reply = match sent {
            Ok(()) => running.lines.recv_timeout(self.timeout),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        match reply {
            Ok(line) => parse_reply(&line).unwrap_or_else(|garbage| {
                // One stray line would shift every later answer onto the wrong
                // check, so a fresh process is the only safe way on.
                let how = process.take().map(Running::stop).unwrap_or_default();
                Err(ImplError::Failed(format!(
                    "{garbage}; the adapter was stopped ({how}) and restarts for the next check"
                )))
            }),
            Err(RecvTimeoutError::Timeout) => {
                let how = process.take().map(Running::stop).unwrap_or_default();
                Err(ImplError::Failed(format!(
                    "no answer within {:?}; the adapter was stopped ({how}) and restarts for the next check",
                    self.timeout
                )))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let how = process.take().map(Running::stop).unwrap_or_default();
                Err(ImplError::Failed(format!(
                    "the adapter exited ({how}); it restarts for the next check"
                )))
            }
        }
    }
}

/// Reads one reply line of the protocol: the answer, or (`Err`) why the
/// line is not a reply at all.
fn parse_reply(line: &str) -> Result<Answer, String> {
    let garbage = || {
        format!(
            "unreadable answer (expected {{\"allowed\": bool, \"line\": n|null}}): {}",
            clip(line)
        )
    };
    let value: serde_json::Value = serde_json::from_str(line).map_err(|_| garbage())?;
    let text = |value: &serde_json::Value| value.as_str().map_or_else(|| value.to_string(), str::to_string);
    if let Some(error) = value.get("error") {
        return Ok(Err(ImplError::Failed(format!("the adapter reported: {}", text(error)))));
    }
    if let Some(why) = value.get("unsupported") {
        return Ok(Err(ImplError::Unsupported(text(why))));
    }
    let allowed = value
        .get("allowed")
        .and_then(serde_json::Value::as_bool)
        .ok_or_else(garbage)?;
    let line = match value.get("line") {
        None | Some(serde_json::Value::Null) => None,
        Some(line) => Some(line.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(garbage)?),
    };
    Ok(Ok(Outcome {
        allowed,
        line: line.filter(|&n| n != 0),
        detail: None,
    }))
}

/// At most 200 characters of `text`, for messages.
fn clip(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// The request line for one check.
pub fn request_line(robots: &[u8], agents: &[&str], url: &str) -> String {
    let mut request = serde_json::Map::new();
    match std::str::from_utf8(robots) {
        Ok(text) => request.insert("robots".into(), text.into()),
        Err(_) => request.insert("robots_base64".into(), encode_base64(robots).into()),
    };
    request.insert(
        "agents".into(),
        agents.iter().map(|&agent| serde_json::Value::from(agent)).collect(),
    );
    request.insert("url".into(), url.into());
    serde_json::Value::Object(request).to_string()
}

struct Pending<'a> {
    adapter: &'a Adapter,
    robots: Vec<u8>,
}

impl Loaded for Pending<'_> {
    fn check(&self, agents: &[&str], url: &str) -> Answer {
        self.adapter.ask(&request_line(&self.robots, agents, url))
    }
}

impl Implementation for Adapter {
    fn name(&self) -> &str {
        &self.name
    }

    fn claims(&self) -> ProfileId {
        self.claims
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
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
    fn replies_are_read_strictly() {
        assert_eq!(
            parse_reply(r#"{"allowed": false, "line": 3}"#).unwrap().unwrap().line,
            Some(3)
        );
        assert!(
            parse_reply(r#"{"allowed": true, "line": null}"#)
                .unwrap()
                .unwrap()
                .allowed
        );
        assert!(parse_reply(r#"{"allowed": "yes"}"#).is_err());
        assert!(parse_reply(r#"{"allowed": true, "line": -1}"#).is_err());
        assert!(parse_reply("allowed").is_err());
        assert!(matches!(parse_reply(r#"{"error": "boom"}"#), Ok(Err(ImplError::Failed(m))) if m.contains("boom")));
        assert!(matches!(
            parse_reply(r#"{"unsupported": "x"}"#),
            Ok(Err(ImplError::Unsupported(_)))
        ));
    }

    #[test]
    fn requests_carry_non_utf8_bodies_as_base64() {
        assert!(request_line(b"User-agent: *\n", &["A"], "/x").contains(r#""robots":"User-agent: *\n""#));
        assert!(request_line(b"\xff", &["A", "B"], "/x").contains(r#""robots_base64":"/w==""#));
    }
}
