//! External programs, each in a process group of its own ([`Group`]), so
//! that whatever a program starts goes when it goes; and running one to
//! completion within a time limit, its output captured: a per-check command,
//! an adapter's version probe, an installer (whose output lines are also
//! handed over as they come).

use super::NO_ANSWER;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// The most a program run to completion may write to stdout, and to stderr:
/// 64 MiB each. More is a fault ([`RunError::TooMuchOutput`]), found
/// without holding more than this much.
pub const MAX_OUTPUT: usize = 64 << 20;

/// A running program and everything it starts: on Unix it leads a process
/// group of its own, and the whole group is killed when the program is
/// stopped or the `Group` dropped, so no child of it outlives reptest's use
/// of it. Elsewhere only the program itself is killed.
pub(crate) struct Group {
    child: Child,
}

impl Group {
    /// Starts `command` as the leader of a new process group.
    pub(crate) fn spawn(command: &mut Command) -> io::Result<Group> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(command, 0);
        Ok(Group {
            child: command.spawn()?,
        })
    }

    /// The program.
    pub(crate) fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Kills every process left in the group, the program included if it
    /// still runs.
    fn kill_all(&mut self) {
        #[cfg(unix)]
        {
            // The group outlives its leader while any member is left, so this
            // reaches the children of a program that has already ended.
            // Failing means the group is empty: nothing to do.
            let group = rustix::process::Pid::from_child(&self.child);
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        #[cfg(not(unix))]
        let _ = self.child.kill();
    }

    /// Kills the whole group and says how the program ended.
    pub(crate) fn stop(&mut self) -> io::Result<ExitStatus> {
        self.kill_all();
        self.child.wait()
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        let _ = self.stop();
    }
}

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

/// One of a program's two output streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

impl fmt::Display for Stream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        })
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
    /// It ended, but its output stayed open until the time ran out: a
    /// process it started held it. Those left in its process group were
    /// killed.
    OutputHeldOpen(Duration),
    /// It wrote more than [`MAX_OUTPUT`] to one stream, and was killed.
    TooMuchOutput(Stream),
    /// Waiting for it failed.
    Wait(io::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Start { program, error } => write!(f, "cannot start `{program}`: {error}"),
            RunError::TimedOut(limit) => write!(
                f,
                "{NO_ANSWER} {limit:?}; the command was killed, with its process group"
            ),
            RunError::OutputHeldOpen(limit) => write!(
                f,
                "{NO_ANSWER} {limit:?}: the command exited, but a process it started kept its output open; \
                 its process group was killed"
            ),
            RunError::TooMuchOutput(stream) => write!(
                f,
                "the command wrote more than {} MiB to its {stream}, the most reptest reads; it was killed",
                MAX_OUTPUT >> 20
            ),
            RunError::Wait(error) => write!(f, "cannot wait for the command: {error}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Runs `command` with stdin closed and stdout and stderr captured, killing
/// it when it outlives `timeout`. Output is read while it runs, so a chatty
/// program cannot block on a full pipe.
pub fn run_with_timeout(command: &mut Command, timeout: Duration) -> Result<Finished, RunError> {
    run(command, timeout, None)
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
    run(command, timeout, Some(&mut on_line))
}

/// Runs `command` to its end within `timeout`, handing its lines to
/// `on_line` when there is one to hand them to.
///
/// Its output is complete when both streams end, which a process it started
/// and left running can put off: that counts against the same time limit.
/// Whatever is left of its process group then is killed, so nothing it
/// started outlives it.
fn run(
    command: &mut Command,
    timeout: Duration,
    mut on_line: Option<&mut dyn FnMut(&str)>,
) -> Result<Finished, RunError> {
    let deadline = Instant::now() + timeout;
    let program = command.get_program().to_string_lossy().into_owned();
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut group = Group::spawn(command).map_err(|error| RunError::Start { program, error })?;
    let (sender, events) = mpsc::channel();
    let by_line = on_line.is_some();
    drain(group.child().stdout.take(), Stream::Stdout, by_line, sender.clone());
    drain(group.child().stderr.take(), Stream::Stderr, by_line, sender);
    let mut output = Collected::default();
    // Dropping `group`, on any return, kills whatever is left of it.
    let status = loop {
        for event in events.try_iter() {
            output.take(event, &mut on_line)?;
        }
        match group.child().try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            Ok(None) => return Err(RunError::TimedOut(timeout)),
            Err(error) => return Err(RunError::Wait(error)),
        }
    };
    output
        .finish(&events, deadline, &mut on_line)
        .map_err(|error| match error {
            Some(error) => error,
            None => RunError::OutputHeldOpen(timeout),
        })?;
    Ok(Finished {
        status,
        stdout: output.stdout.unwrap_or_default(),
        stderr: output.stderr.unwrap_or_default(),
    })
}

/// What a reader thread reports.
enum Event {
    /// A line (lossily decoded, without its end).
    Line(String),
    /// The stream ended; everything on it.
    Ended(Stream, Vec<u8>),
    /// The stream passed [`MAX_OUTPUT`]; it is no longer read.
    Overflowed(Stream),
}

/// The streams gathered so far.
#[derive(Default)]
struct Collected {
    stdout: Option<Vec<u8>>,
    stderr: Option<Vec<u8>>,
}

impl Collected {
    fn take(&mut self, event: Event, on_line: &mut Option<&mut dyn FnMut(&str)>) -> Result<(), RunError> {
        match event {
            Event::Line(line) => {
                if let Some(on_line) = on_line {
                    on_line(&line);
                }
            }
            Event::Ended(Stream::Stdout, bytes) => self.stdout = Some(bytes),
            Event::Ended(Stream::Stderr, bytes) => self.stderr = Some(bytes),
            Event::Overflowed(stream) => return Err(RunError::TooMuchOutput(stream)),
        }
        Ok(())
    }

    /// Takes events until both streams have ended; `Err(None)` when the
    /// deadline comes first.
    fn finish(
        &mut self,
        events: &Receiver<Event>,
        deadline: Instant,
        on_line: &mut Option<&mut dyn FnMut(&str)>,
    ) -> Result<(), Option<RunError>> {
        while self.stdout.is_none() || self.stderr.is_none() {
            match events.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(event) => self.take(event, on_line).map_err(Some)?,
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return Err(None),
            }
        }
        Ok(())
    }
}

/// Reads a pipe to its end, or to [`MAX_OUTPUT`], on a thread of its own,
/// sending everything at the end, and each line as it comes when `by_line`.
fn drain(pipe: Option<impl Read + Send + 'static>, stream: Stream, by_line: bool, events: Sender<Event>) {
    std::thread::spawn(move || {
        let mut output = Vec::new();
        if let Some(pipe) = pipe {
            let mut reader = BufReader::new(pipe);
            loop {
                let start = output.len();
                // One byte past the cap, to see it passed.
                let mut room = (&mut reader).take((MAX_OUTPUT + 1).saturating_sub(start) as u64);
                let read = match by_line {
                    true => room.read_until(b'\n', &mut output),
                    false => room.read_to_end(&mut output),
                };
                match read {
                    Ok(0) | Err(_) => break,
                    Ok(_) if output.len() > MAX_OUTPUT => {
                        let _ = events.send(Event::Overflowed(stream));
                        return;
                    }
                    Ok(_) if by_line => {
                        let line = String::from_utf8_lossy(&output[start..]);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        // The receiver may be gone (the program was killed):
                        // then nobody wants the rest.
                        if events.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                    Ok(_) => {}
                }
            }
        }
        let _ = events.send(Event::Ended(stream, output));
    });
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
