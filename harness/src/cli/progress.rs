//! Progress of long work on stderr. On a terminal, an indicatif bar with
//! counts and an estimate (a spinner while the total is unknown), cleared
//! when done. Anywhere else (a CI log), plain lines: none while the work is
//! young, then at most one every [`INTERVAL`], and the final count when any
//! was written — a short run stays silent. Nothing at all with `--quiet`.
//! Engines report through callbacks; this is what those callbacks call.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a plain progress line may be written (and how long work runs
/// before the first one).
const INTERVAL: Duration = Duration::from_secs(5);

static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: no progress from here on.
pub(crate) fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// The progress of one piece of work of `reptest <command>`.
pub(crate) struct Progress {
    prefix: String,
    unit: &'static str,
    done: AtomicU64,
    mode: Mode,
}

enum Mode {
    Quiet,
    Bar(ProgressBar),
    Lines(Mutex<Lines>),
}

/// What the plain lines need: when the work started, when a line was last
/// written, and the latest state to write.
struct Lines {
    started: Instant,
    last: Instant,
    written: bool,
    latest: (u64, Option<u64>, String),
}

impl Progress {
    /// Progress of `reptest <command>`, counted in `unit` ("case runs").
    pub(crate) fn new(command: &str, unit: &'static str) -> Progress {
        let mode = if QUIET.load(Ordering::Relaxed) {
            Mode::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new_spinner().with_prefix(format!("reptest {command}"));
            bar.set_style(style(unit, false));
            bar.enable_steady_tick(Duration::from_millis(120));
            Mode::Bar(bar)
        } else {
            let now = Instant::now();
            Mode::Lines(Mutex::new(Lines {
                started: now,
                last: now,
                written: false,
                latest: (0, None, String::new()),
            }))
        };
        Progress {
            prefix: format!("reptest {command}"),
            unit,
            done: AtomicU64::new(0),
            mode,
        }
    }

    /// `done` of `total` units (the total when known), with a note such as
    /// "3 disagreements".
    pub(crate) fn count(&self, done: u64, total: Option<u64>, note: &str) {
        self.done.fetch_max(done, Ordering::Relaxed);
        match &self.mode {
            Mode::Quiet => {}
            Mode::Bar(bar) => {
                if total.is_some() && bar.length() != total {
                    bar.set_style(style(self.unit, true));
                    bar.set_length(total.unwrap_or_default());
                }
                bar.set_position(self.done.load(Ordering::Relaxed));
                bar.set_message(if note.is_empty() {
                    String::new()
                } else {
                    format!(", {note}")
                });
            }
            Mode::Lines(lines) => {
                let mut lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                lines.latest = (self.done.load(Ordering::Relaxed), total, note.to_string());
                if lines.last.elapsed() >= INTERVAL {
                    lines.last = Instant::now();
                    lines.written = true;
                    eprintln!("{}", self.line(&lines));
                }
            }
        }
    }

    /// One more unit done, of `total`; gives how many are done.
    pub(crate) fn advance(&self, total: u64) -> u64 {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        self.count(done, Some(total), "");
        done
    }

    /// What is going on now, beside the count ("pip install …").
    pub(crate) fn note(&self, note: &str) {
        let (done, total) = match &self.mode {
            Mode::Bar(bar) => (bar.position(), bar.length()),
            Mode::Lines(lines) => {
                let lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                (lines.latest.0, lines.latest.1)
            }
            Mode::Quiet => return,
        };
        self.count(done, total, note);
    }

    /// A line worth keeping in the log ("protego measured in 12.0 s"),
    /// written above the bar; not with `--quiet`.
    pub(crate) fn println(&self, line: &str) {
        match &self.mode {
            Mode::Quiet => {}
            Mode::Bar(bar) => bar.println(line),
            Mode::Lines(_) => eprintln!("{line}"),
        }
    }

    /// A step of the work ("asking the references"): kept in the log as
    /// `reptest <command>: <step>`, and shown beside the spinner.
    pub(crate) fn step(&self, step: &str) {
        self.println(&format!("{}: {step}", self.prefix));
        if let Mode::Bar(bar) = &self.mode {
            bar.set_message(step.to_string());
        }
    }

    /// Runs `print` (which writes to stdout) without tearing the bar.
    pub(crate) fn suspend<R>(&self, print: impl FnOnce() -> R) -> R {
        match &self.mode {
            Mode::Bar(bar) => bar.suspend(print),
            _ => print(),
        }
    }

    /// The work is over: the bar goes; a log that had progress lines gets
    /// the final count.
    pub(crate) fn finish(&self) {
        match &self.mode {
            Mode::Quiet => {}
            Mode::Bar(bar) => bar.finish_and_clear(),
            Mode::Lines(lines) => {
                let lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                if lines.written {
                    eprintln!("{}, done", self.line(&lines));
                }
            }
        }
    }

    /// A plain progress line: `reptest run: 120/950 case runs (14 s)`.
    fn line(&self, lines: &Lines) -> String {
        let (done, total, note) = &lines.latest;
        let of = total.map(|total| format!("/{total}")).unwrap_or_default();
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(", {note}")
        };
        let seconds = lines.started.elapsed().as_secs();
        format!("{}: {done}{of} {}{note} ({seconds} s)", self.prefix, self.unit)
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Mode::Bar(bar) = &self.mode {
            bar.finish_and_clear();
        }
    }
}

/// The bar's look: counts and an estimate when the total is known, a
/// spinner and the time spent when it is not (or the work has no count).
fn style(unit: &str, bar: bool) -> ProgressStyle {
    let template = if unit.is_empty() {
        "{prefix} {spinner} {msg} ({elapsed})".to_string()
    } else if bar {
        format!("{{prefix}} [{{bar:30}}] {{pos}}/{{len}} {unit}{{msg}} (eta {{eta}})")
    } else {
        format!("{{prefix}} {{spinner}} {{pos}} {unit}{{msg}} ({{elapsed}})")
    };
    ProgressStyle::with_template(&template)
        .expect("the progress templates are valid")
        .progress_chars("=> ")
}
