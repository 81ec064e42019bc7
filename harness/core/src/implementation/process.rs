//! Running an external program to completion within a time limit, its
//! output captured: a per-check command, an adapter's version probe, an
//! installer (whose output lines are also handed over as they come).

use super::NO_ANSWER;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A program that ran to its end.
#[derive(Debug)]
pub struct Finished {
    /// How it ended.
    pub status: ExitStatus,
    /// Everything it wrote to stdout.
    pub stdout: Vec<u8>,
    /// Everything it wrote to stderr.
    pub stderr: Vec<u8>,
}

impl Finished {
    /// The last non-empty line of stderr, for messages.
    pub fn stderr_tail(&self) -> String {
        String::from_utf8_lossy(&self.stderr)
            .lines()
            .rev()
            .find(|line| !line.trim().is_empty())
            .unwrap_or("")
            .trim()
            .to_string()
    }
}

/// Why a program did not run to its end.
#[derive(Debug)]
pub enum RunError {
    /// It could not be started (not found, not executable).
    Start {
        /// The program.
        program: String,
        /// What the OS said.
        error: io::Error,
    },
    /// It was still running when the time ran out, and was killed.
    TimedOut(Duration),
    /// Waiting for it failed.
    Wait(io::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Start { program, error } => write!(f, "cannot start `{program}`: {error}"),
            RunError::TimedOut(limit) => write!(f, "{NO_ANSWER} {limit:?}; the command was killed"),
            RunError::Wait(error) => write!(f, "cannot wait for the command: {error}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Runs `command` with stdin closed and stdout and stderr captured, killing
/// it when it outlives `timeout`. Output is read while it runs, so a chatty
/// program cannot block on a full pipe.
pub fn run_with_timeout(command: &mut Command, timeout: Duration) -> Result<Finished, RunError> {
    run_watched(command, timeout, |_| {})
}

/// [`run_with_timeout`], also handing each line the program writes (stdout
/// and stderr alike, in the order they arrive, without the line end) to
/// `on_line` while it runs, on the calling thread: for progress on long
/// programs such as installers.
pub fn run_watched(
    command: &mut Command,
    timeout: Duration,
    mut on_line: impl FnMut(&str),
) -> Result<Finished, RunError> {
    let program = command.get_program().to_string_lossy().into_owned();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| RunError::Start { program, error })?;
    let (sender, lines) = mpsc::channel();
    let stdout = drain(child.stdout.take(), sender.clone());
    let stderr = drain(child.stderr.take(), sender);
    let status =
        wait_until(&mut child, Instant::now() + timeout, &lines, &mut on_line).map_err(|error| match error {
            None => RunError::TimedOut(timeout),
            Some(error) => RunError::Wait(error),
        })?;
    let finished = Finished {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    };
    // Both readers have ended, so every line they sent is waiting here.
    lines.try_iter().for_each(|line| on_line(&line));
    Ok(finished)
}

/// Reads a pipe to its end on a thread of its own, sending each line on as
/// it comes.
fn drain(pipe: Option<impl Read + Send + 'static>, lines: Sender<String>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut output = Vec::new();
        let Some(pipe) = pipe else { return output };
        let mut reader = BufReader::new(pipe);
        loop {
            let start = output.len();
            match reader.read_until(b'\n', &mut output) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&output[start..]);
                    // The receiver may be gone (the program was killed): the
                    // output is still collected.
                    let _ = lines.send(line.trim_end_matches(['\n', '\r']).to_string());
                }
            }
        }
        output
    })
}

/// Waits for `child` until `deadline`, handing the lines that arrive
/// meanwhile to `on_line`; past the deadline, kills it and answers
/// `Err(None)`.
fn wait_until(
    child: &mut Child,
    deadline: Instant,
    lines: &Receiver<String>,
    on_line: &mut impl FnMut(&str),
) -> Result<ExitStatus, Option<io::Error>> {
    loop {
        lines.try_iter().for_each(|line| on_line(&line));
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(None);
            }
            Err(error) => return Err(Some(error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_status_and_timeouts() {
        let done = run_with_timeout(
            Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]),
            Duration::from_secs(10),
        )
        .expect("sh runs");
        assert_eq!(done.status.code(), Some(3));
        assert_eq!(done.stdout, b"out\n");
        assert_eq!(done.stderr_tail(), "err");
        let slow = run_with_timeout(Command::new("sleep").arg("5"), Duration::from_millis(50));
        assert!(matches!(slow, Err(RunError::TimedOut(_))), "{slow:?}");
        let missing = run_with_timeout(&mut Command::new("/nonexistent/program"), Duration::from_secs(1));
        assert!(matches!(missing, Err(RunError::Start { .. })), "{missing:?}");
    }

    #[test]
    fn watched_programs_hand_over_every_line_of_both_streams() {
        let mut seen = Vec::new();
        let done = run_watched(
            Command::new("sh").args(["-c", "echo one; echo two >&2; sleep 0.1; printf 'three\\r\\nfour'"]),
            Duration::from_secs(10),
            |line| seen.push(line.to_string()),
        )
        .expect("sh runs");
        assert!(done.status.success());
        assert_eq!(done.stdout, b"one\nthree\r\nfour", "the captured output is unchanged");
        // The two streams race, so only the order within each is certain.
        let stdout_lines: Vec<&String> = seen.iter().filter(|line| *line != "two").collect();
        assert_eq!(stdout_lines, ["one", "three", "four"]);
        assert_eq!(seen.len(), 4, "{seen:?}");
    }
}
