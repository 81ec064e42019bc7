//! A persistent external implementation speaking the JSON-lines protocol of
//! [`crate::protocol`]: one request line per check on the program's stdin,
//! one answer line on its stdout. A program that exits, hangs past the
//! timeout (reading its request or answering it), prints something else or
//! an answer line longer than [`MAX_LINE`] costs that one check; it is
//! stopped, with every process it started, and restarted for the next.

use super::process::Group;
use super::program::{External, Program, RESTARTS};
use super::{Answer, DecidingLine, ImplError, Loaded, Outcome, NO_ANSWER, RAISED_BY_LIBRARY};
use crate::case::{ProfileId, Tag};
use crate::protocol::{read_line, Line, Reply, Request, MAX_LINE};
use std::collections::BTreeSet;
use std::io::{BufReader, Read, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an adapter's first process may take for its first answer, at
/// least: starting an interpreter and importing a library can take seconds
/// on a loaded machine.
const STARTUP_GRACE: Duration = Duration::from_secs(10);

/// How much of one stderr line is kept for messages; the rest of a longer
/// line is read and dropped.
const STDERR_LINE_KEPT: usize = 64 << 10;

/// How long a stopped adapter's stderr may take to reach its end, so its
/// last words (written just before it exited) make it into the message.
const STDERR_SETTLE: Duration = Duration::from_millis(500);

/// How many reports of an adapter's threads may wait unread.
const EVENTS_WAITING: usize = 4;

/// An external program kept running across checks.
pub struct Adapter {
    program: Program,
    /// Environment variables set for the program, on top of reptest's own.
    env: Vec<(String, String)>,
    /// The capability tags its library takes, when declared (parsers.yaml's
    /// `supports`); undeclared, it is asked every check and may answer
    /// `unsupported` itself.
    supports: Option<BTreeSet<Tag>>,
    process: Mutex<Option<Running>>,
    next_id: AtomicU64,
    started: AtomicBool,
}

/// What the threads around a running adapter report.
enum Event {
    /// The request with this id is written whole to the adapter's stdin.
    Sent(u64),
    /// Writing a request failed: the adapter closed its stdin.
    Unwritable,
    /// An answer line (lossily decoded: a line that is not UTF-8 is garbage
    /// like any other).
    Line(String),
    /// An answer line longer than [`MAX_LINE`].
    TooLong,
    /// Its stdout ended.
    Closed,
}

/// Why an exchange with the adapter gave no answer line.
enum Fault {
    /// The request was not written whole in time: it stopped reading.
    NotReading,
    /// The request was written, and no answer came in time.
    Silent,
    /// The answer line passed [`MAX_LINE`].
    TooLong,
    /// It closed its stdin or stdout: it exited, or is about to.
    Exited,
}

struct Running {
    group: Group,
    requests: Sender<(u64, Vec<u8>)>,
    events: Receiver<Event>,
    stderr_tail: Arc<Mutex<String>>,
    stderr_ended: Receiver<()>,
}

impl Running {
    fn start(argv: &[String], env: &[(String, String)]) -> Result<Running, String> {
        let mut group = Group::spawn(
            Command::new(&argv[0])
                .args(&argv[1..])
                .envs(env.iter().map(|(key, value)| (key, value)))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .map_err(|e| format!("cannot start `{}`: {e}", argv.join(" ")))?;
        let child = group.child();
        let (stdin, stdout, stderr) = match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
            (Some(stdin), Some(stdout), Some(stderr)) => (stdin, stdout, stderr),
            _ => return Err("the adapter's pipes could not be opened".into()),
        };
        // Writing and reading happen on threads so an adapter that stops
        // reading or answering cannot block the run: the check waits on the
        // channel with a deadline instead.
        // A few events at most wait unread: an adapter that answers more
        // than asked then blocks on its stdout instead of filling memory.
        let (sender, events) = mpsc::sync_channel(EVENTS_WAITING);
        let (requests, to_write) = mpsc::channel();
        write_requests(stdin, to_write, sender.clone());
        read_answers(stdout, sender);
        let stderr_tail = Arc::new(Mutex::new(String::new()));
        let (ended, stderr_ended) = mpsc::channel();
        keep_stderr_tail(stderr, Arc::clone(&stderr_tail), ended);
        Ok(Running {
            group,
            requests,
            events,
            stderr_tail,
            stderr_ended,
        })
    }

    /// Sends request `id` and waits until `deadline` for an answer line.
    fn exchange(&self, id: u64, request: Vec<u8>, deadline: Instant) -> Result<String, Fault> {
        if self.requests.send((id, request)).is_err() {
            return Err(Fault::Exited);
        }
        let mut sent = false;
        loop {
            match self
                .events
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                // An earlier request's: an answer came before its write was reported.
                Ok(Event::Sent(written)) => sent |= written == id,
                Ok(Event::Line(line)) => return Ok(line),
                Ok(Event::TooLong) => return Err(Fault::TooLong),
                Ok(Event::Unwritable | Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Exited)
                }
                Err(RecvTimeoutError::Timeout) if sent => return Err(Fault::Silent),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::NotReading),
            }
        }
    }

    /// Ends the process and every process it started, and says how it
    /// ended, with its last stderr line.
    fn stop(mut self) -> String {
        let status = self
            .group
            .stop()
            .map_or_else(|e| e.to_string(), |status| status.to_string());
        // With the whole group gone the stream ends at once, unless a process
        // that left the group holds it: then the tail is what came so far.
        let _ = self.stderr_ended.recv_timeout(STDERR_SETTLE);
        let tail = self.stderr_tail.lock().map(|tail| tail.clone()).unwrap_or_default();
        if tail.is_empty() {
            status
        } else {
            format!("{status}; its last stderr line: {}", clip(&tail))
        }
    }
}

/// Writes each request to the adapter's stdin, reporting each one written.
fn write_requests(mut stdin: ChildStdin, requests: Receiver<(u64, Vec<u8>)>, events: SyncSender<Event>) {
    std::thread::spawn(move || {
        for (id, request) in requests {
            let written = stdin.write_all(&request).and_then(|()| stdin.flush());
            let event = match written {
                Ok(()) => Event::Sent(id),
                Err(_) => Event::Unwritable,
            };
            if events.send(event).is_err() || written.is_err() {
                break;
            }
        }
    });
}

/// Reads answer lines from the adapter's stdout, none longer than
/// [`MAX_LINE`].
fn read_answers(stdout: ChildStdout, events: SyncSender<Event>) {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let event = match read_line(&mut reader, MAX_LINE) {
                Ok(Line::Whole(line)) => Event::Line(String::from_utf8_lossy(&line).into_owned()),
                Ok(Line::TooLong) => Event::TooLong,
                Ok(Line::End) | Err(_) => Event::Closed,
            };
            let last = !matches!(event, Event::Line(_));
            if events.send(event).is_err() || last {
                break;
            }
        }
    });
}

/// Keeps the last non-empty line the adapter wrote to stderr, read as bytes
/// (a line that is not UTF-8 does not stop it), and says when it ends.
fn keep_stderr_tail(stderr: impl Read + Send + 'static, tail: Arc<Mutex<String>>, ended: Sender<()>) {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stderr);
        loop {
            match read_line(&mut reader, STDERR_LINE_KEPT) {
                Ok(Line::Whole(line)) => {
                    let line = String::from_utf8_lossy(&line);
                    let line = line.trim();
                    if !line.is_empty() {
                        if let Ok(mut tail) = tail.lock() {
                            *tail = line.to_string();
                        }
                    }
                }
                // The rest of the line is read as lines of its own; its end
                // becomes the tail.
                Ok(Line::TooLong) => {}
                Ok(Line::End) | Err(_) => break,
            }
        }
        let _ = ended.send(());
    });
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
            supports: None,
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

    /// The same adapter, declared to take the capability tags in `supports`
    /// and no others: a check with another is n/a without being asked.
    pub fn with_supports(mut self, supports: BTreeSet<Tag>) -> Adapter {
        self.supports = Some(supports);
        self
    }

    /// Sends one check and reads its answer, which must carry the check's
    /// id, within `limit`.
    fn ask(&self, body: &[u8], agents: &[&[u8]], url: &[u8], limit: Duration) -> Answer {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut request =
            serde_json::to_vec(&Request::new(Some(id), body, agents, url)).expect("a request always serialises");
        request.push(b'\n');
        let mut process = self.process.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // The first process also loads its interpreter and library while the
        // run starts everything at once: that is not the check's time, so its
        // first answer may take longer. Restarts get the plain timeout, so a
        // parser that hangs costs little.
        let timeout = if process.is_none() {
            let first = !self.started.swap(true, Ordering::Relaxed);
            *process = Some(Running::start(&self.program.argv, &self.env).map_err(ImplError::Failed)?);
            if first {
                limit.max(STARTUP_GRACE)
            } else {
                limit
            }
        } else {
            limit
        };
        let running = process.as_ref().expect("started above");
        let size = request.len();
        // `None`: it exited, which the stopping below tells the rest of.
        let fault = match running.exchange(id, request, Instant::now() + timeout) {
            Ok(line) => match parse_reply(&line, id) {
                Ok(answer) => return answer,
                // A stray or missing line would shift every later answer onto
                // the wrong check, so a fresh process is the only safe way on.
                Err(garbage) => Some(garbage),
            },
            Err(Fault::Silent) => Some(format!("{NO_ANSWER} {timeout:?}")),
            Err(Fault::NotReading) => Some(format!(
                "{NO_ANSWER} {timeout:?}: the adapter did not read the whole request ({size} bytes) from its stdin"
            )),
            Err(Fault::TooLong) => Some(format!(
                "the answer line is longer than {} MiB, the protocol's cap",
                MAX_LINE >> 20
            )),
            Err(Fault::Exited) => None,
        };
        let how = process.take().map(Running::stop).unwrap_or_default();
        Err(ImplError::Failed(match fault {
            Some(fault) => format!("{fault}; the adapter was stopped ({how}){RESTARTS}"),
            None => format!("the adapter exited ({how}){RESTARTS}"),
        }))
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
        let adapter = self.adapter;
        adapter
            .program
            .patiently(|limit| adapter.ask(&self.robots, agents, url, limit))
    }
}

impl External for Adapter {
    fn program(&self) -> &Program {
        &self.program
    }

    fn supports_tag(&self, tag: Tag) -> bool {
        self.supports.as_ref().is_none_or(|supports| supports.contains(&tag))
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
