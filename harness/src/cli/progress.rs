//! A one-line progress counter on stderr, shown only when stderr is a
//! terminal and redrawn at most ten times a second.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A progress line: `reptest <what>: <text>`.
pub struct Progress {
    shown: bool,
    last: Mutex<Option<Instant>>,
}

impl Progress {
    /// A progress line, drawn only on a terminal.
    pub fn new() -> Progress {
        Progress {
            shown: std::io::stderr().is_terminal(),
            last: Mutex::new(None),
        }
    }

    /// Redraws the line with `text` (unless it was drawn less than 100 ms ago).
    pub fn show(&self, text: &str) {
        if !self.shown {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        if last.is_some_and(|at| at.elapsed() < Duration::from_millis(100)) {
            return;
        }
        *last = Some(Instant::now());
        let mut err = std::io::stderr();
        let _ = write!(err, "\r{text}\x1b[K");
        let _ = err.flush();
    }

    /// Clears the line.
    pub fn finish(&self) {
        if self.shown {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}

impl Default for Progress {
    fn default() -> Progress {
        Progress::new()
    }
}
