//! Running the suite against a parser: every selected check through the
//! caller's closure, scored under one profile, against a list of expected
//! failures.

use crate::check::{Answer, Check, Expect, Level, Profile};
use crate::expected::ExpectedFailures;
use crate::Suite;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// How many lines of a body a report shows, and how many characters of one line.
const BODY_LINES: usize = 12;
const LINE_WIDTH: usize = 100;

/// A run being set up: the suite, the profile it is scored under, and the
/// expected failures. Made by [`Suite::profile`].
pub struct Run {
    suite: Suite,
    profile: Profile,
    expected: ExpectedFailures,
    /// Whether [`Run::expected_failures`] was called: with a list, a departure
    /// it does not name fails the run, as `reptest run --expected-failures` does.
    listed: bool,
}

/// The counts of a run that met its expectations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The suite version run.
    pub suite_version: String,
    /// The profile scored.
    pub profile: Profile,
    /// Checks selected (after any id prefix).
    pub checks: usize,
    /// Checks answered as expected.
    pub passed: usize,
    /// Listed checks that still miss.
    pub expected_failures: usize,
    /// Checks the parser answered [`Answer::Unsupported`].
    pub unsupported: usize,
    /// Checks whose expectation is implementation-defined under the profile
    /// and that the parser answered: asked, but the verdict is not scored.
    pub not_scored: usize,
    /// Under the rfc profile, checks missed whose clause is a SHOULD or a MAY
    /// and that no list names: a lesser mark than a MUST miss, counted here
    /// and never failing a run without an expected-failures list.
    pub departures: usize,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rep-suite {} ({} profile): {} checks: {} passed, {} expected failures, {} unsupported, \
             {} not scored (implementation-defined), {} departures from a SHOULD or MAY (not failures)",
            self.suite_version,
            self.profile,
            self.checks,
            self.passed,
            self.expected_failures,
            self.unsupported,
            self.not_scored,
            self.departures
        )
    }
}

/// What the parser did on a check it missed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// It gave the other verdict.
    Answered(Answer),
    /// It panicked, with this message.
    Panicked(String),
}

/// A check the parser missed and the list does not name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miss {
    /// The check.
    pub check: Check,
    /// What was expected under the run's profile.
    pub expected: Expect,
    /// What the parser did instead.
    pub got: Wrong,
    /// `Some(SHOULD or MAY)` when the miss departs from a clause of that
    /// level rather than breaking a MUST (rfc profile, a verdict not a panic).
    pub departure: Option<Level>,
    /// What the miss breaks under the run's profile ([`Check::held_to`]),
    /// e.g. `RFC 9309 §2.2.2 MUST`: the report groups misses by it.
    pub held_to: String,
}

/// A listed check that no longer misses: its line should go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stale {
    /// The check id.
    pub id: String,
    /// Its line in the list.
    pub line: usize,
    /// Why it is not a miss (passes now, answered unsupported, not scored).
    pub reason: String,
}

/// Why a run failed: new misses, stale entries, or a list or selection that
/// cannot be right. Its `Display` is the readable report [`Run::run`] panics with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The counts, as far as they go.
    pub summary: Summary,
    /// Misses that are not listed, in suite order.
    pub new_misses: Vec<Miss>,
    /// Listed checks that no longer miss, in suite order.
    pub stale: Vec<Stale>,
    /// Lines of the list that are not a known id, and prefixes that select nothing.
    pub problems: Vec<String>,
}

impl Run {
    pub(crate) fn new(suite: Suite, profile: Profile) -> Run {
        Run {
            suite,
            profile,
            expected: ExpectedFailures::default(),
            listed: false,
        }
    }

    /// The checks this parser is known to miss: the text of an
    /// expected-failures list, one check id per line, a line starting with
    /// `#` a comment (the format `reptest baseline` writes). Usually
    /// `include_str!("expected-failures.txt")`.
    pub fn expected_failures(mut self, list: &str) -> Run {
        self.expected = ExpectedFailures::parse(list);
        self.listed = true;
        self
    }

    /// Asks `answer` every selected check and scores the answers. A panic in
    /// `answer` counts as a miss of that check (the default panic hook still
    /// prints it). Where the expectation under the profile is
    /// `implementation-defined` the verdict is not scored, but a panic is
    /// still a miss: the rule `reptest` follows for an error, so one
    /// expected-failures list serves both.
    ///
    /// Under the rfc profile a wrong verdict on a check whose clause is a
    /// SHOULD or a MAY is a departure, not a failure of the profile: without
    /// an expected-failures list it is only counted ([`Summary::departures`]);
    /// once a list is given, a departure it does not name fails like a miss,
    /// so a change either way is caught (again as `reptest` does).
    ///
    /// # Panics
    ///
    /// With the [`Report`] as message when a check the list does not name is
    /// missed, a listed check is not missed (stale entry), the list has a
    /// line that is not a check id of this suite, an id prefix selects
    /// nothing, or the parser answered no check at all (everything
    /// unsupported): so a test that calls this fails exactly then.
    pub fn run(self, answer: impl FnMut(&Check) -> Answer) -> Summary {
        match self.try_run(answer) {
            Ok(summary) => summary,
            Err(report) => panic!("\n{report}"),
        }
    }

    /// [`Run::run`] without the panic: the summary, or the report of what went wrong.
    pub fn try_run(self, mut answer: impl FnMut(&Check) -> Answer) -> Result<Summary, Box<Report>> {
        let mut report = Report {
            summary: Summary {
                suite_version: self.suite.version().to_string(),
                profile: self.profile,
                checks: 0,
                passed: 0,
                expected_failures: 0,
                unsupported: 0,
                not_scored: 0,
                departures: 0,
            },
            new_misses: Vec::new(),
            stale: Vec::new(),
            problems: self.expected.problems.clone(),
        };
        for prefix in self.suite.unmatched_prefixes() {
            report.problems.push(format!("no check id starts with `{prefix}`"));
        }
        for (id, line) in &self.expected.ids {
            if !self.suite.all_checks().iter().any(|check| &check.id == id) {
                report.problems.push(format!(
                    "line {line}: `{id}` is not a check of suite {}: renamed or removed (see the suite's CHANGES.md)?",
                    self.suite.version()
                ));
            }
        }
        for check in self.suite.checks() {
            report.summary.checks += 1;
            let listed = self.expected.ids.get(&check.id).copied();
            let stale = |reason: &str| Stale {
                id: check.id.clone(),
                line: listed.unwrap_or_default(),
                reason: reason.to_string(),
            };
            let expected = check.expect(self.profile);
            let expected_allowed = match expected {
                Expect::Allowed => Some(true),
                Expect::Disallowed => Some(false),
                Expect::ImplementationDefined => None,
            };
            let got = match catch_unwind(AssertUnwindSafe(|| answer(check))) {
                Ok(Answer::Unsupported(why)) => {
                    report.summary.unsupported += 1;
                    if listed.is_some() {
                        report.stale.push(stale(&format!("answered unsupported ({why})")));
                    }
                    continue;
                }
                Ok(_) if expected_allowed.is_none() => {
                    report.summary.not_scored += 1;
                    if listed.is_some() {
                        report.stale.push(stale(&format!(
                            "implementation-defined under the {} profile and answered, so never a miss",
                            self.profile
                        )));
                    }
                    continue;
                }
                Ok(verdict) if Some(verdict == Answer::Allowed) == expected_allowed => {
                    report.summary.passed += 1;
                    if listed.is_some() {
                        report.stale.push(stale("passes now"));
                    }
                    continue;
                }
                Ok(verdict) => Wrong::Answered(verdict),
                Err(panic) => Wrong::Panicked(panic_message(panic.as_ref())),
            };
            let departure = match (&got, check.basis.level) {
                (Wrong::Answered(_), Some(level @ (Level::Should | Level::May))) if self.profile == Profile::Rfc => {
                    Some(level)
                }
                _ => None,
            };
            if listed.is_some() {
                report.summary.expected_failures += 1;
            } else if departure.is_some() && !self.listed {
                report.summary.departures += 1;
            } else {
                report.new_misses.push(Miss {
                    held_to: check.held_to(self.profile),
                    check: check.clone(),
                    expected,
                    got,
                    departure,
                });
            }
        }
        let answered = report.summary.passed
            + report.summary.expected_failures
            + report.summary.departures
            + report.new_misses.len();
        if answered == 0 {
            report.problems.push(format!(
                "the parser answered none of the {} checks (each was unsupported or not scored): such a run tests \
                 nothing",
                report.summary.checks
            ));
        }
        if report.new_misses.is_empty() && report.stale.is_empty() && report.problems.is_empty() {
            Ok(report.summary)
        } else {
            Err(Box::new(report))
        }
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Wrong::Answered(Answer::Allowed) => f.write_str("got allowed"),
            Wrong::Answered(Answer::Disallowed) => f.write_str("got disallowed"),
            Wrong::Answered(Answer::Unsupported(why)) => write!(f, "got unsupported ({why})"),
            Wrong::Panicked(message) => write!(f, "the parser panicked: {message}"),
        }
    }
}

impl fmt::Display for Miss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let check = &self.check;
        let level = match self.departure {
            Some(Level::Should) => " (a departure from a SHOULD)",
            Some(Level::May) => " (a departure from a MAY)",
            Some(Level::Must) | None => "",
        };
        writeln!(f, "  {}: expected {}, {}{level}", check.id, self.expected, self.got)?;
        writeln!(f, "      held to:   {}", self.held_to)?;
        writeln!(f, "      agents:    {}", check.agents.join(", "))?;
        writeln!(f, "      url:       {}", check.url.escape_debug())?;
        if let Some(response) = &check.response {
            let status = response
                .status
                .map_or("network error".to_string(), |code| format!("HTTP {code}"));
            write!(f, "      fetch:     {status} after {} redirect(s)", response.redirects)?;
            if !response.redirect_hops.is_empty() {
                write!(f, " (to {})", response.redirect_hops.join(", "))?;
            }
            if let Some(robots_url) = &response.robots_url {
                write!(f, " for {robots_url}")?;
            }
            if response.failing_hours > 0 {
                write!(f, ", failing for {} h", response.failing_hours)?;
            }
            if let Some(content_type) = &response.content_type {
                write!(f, ", served as {content_type}")?;
            }
            if let Some(cached) = &response.cached {
                write!(f, "; a cached copy {} h old", cached.age_hours)?;
                if let Some(cache_control) = &cached.cache_control {
                    write!(f, " (Cache-Control: {cache_control})")?;
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "      body:")?;
        for line in numbered_body(&check.body) {
            writeln!(f, "      {line}")?;
        }
        let why = check.why.split_whitespace().collect::<Vec<_>>().join(" ");
        writeln!(f, "      case:      {}:{} — {why}", check.file, check.line)?;
        writeln!(f, "      reproduce: {}", check.reproduce())
    }
}

/// The first lines of `body`, numbered from 1 as the suite numbers them
/// (a line ends at LF, CR LF or a CR alone), each made printable: control
/// characters escaped, a line that is not UTF-8 shown byte by byte.
fn numbered_body(body: &[u8]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        lines.push(&rest[..end]);
        let ending = match rest.get(end..end + 2) {
            Some(b"\r\n") => 2,
            _ => 1,
        };
        rest = rest.get(end + ending..).unwrap_or_default();
    }
    if lines.is_empty() {
        return vec!["  (empty)".to_string()];
    }
    let mut shown: Vec<String> = lines
        .iter()
        .take(BODY_LINES)
        .enumerate()
        .map(|(index, line)| {
            let text = match std::str::from_utf8(line) {
                Ok(text) => text
                    .chars()
                    .map(|c| {
                        if c.is_control() {
                            c.escape_default().to_string()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect::<String>(),
                Err(_) => line.escape_ascii().to_string(),
            };
            let text = match text.char_indices().nth(LINE_WIDTH) {
                Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], line.len()),
                None => text,
            };
            format!("{:>4} | {text}", index + 1)
        })
        .collect();
    if lines.len() > BODY_LINES {
        shown.push(format!(
            "     … {} more lines ({} bytes in all)",
            lines.len() - BODY_LINES,
            body.len()
        ));
    }
    shown
}

impl Report {
    /// The new misses grouped by [`Miss::held_to`], the biggest group first
    /// (ties in the order the groups first appear), each group in suite order.
    pub fn misses_by_what_they_break(&self) -> Vec<(&str, Vec<&Miss>)> {
        let mut groups: Vec<(&str, Vec<&Miss>)> = Vec::new();
        for miss in &self.new_misses {
            match groups.iter_mut().find(|(held_to, _)| *held_to == miss.held_to) {
                Some((_, misses)) => misses.push(miss),
                None => groups.push((&miss.held_to, vec![miss])),
            }
        }
        groups.sort_by_key(|(_, misses)| std::cmp::Reverse(misses.len()));
        groups
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "rep-suite {} ({} profile): {} new miss(es), {} stale expected failure(s), {} problem(s)",
            self.summary.suite_version,
            self.summary.profile,
            self.new_misses.len(),
            self.stale.len(),
            self.problems.len()
        )?;
        if !self.new_misses.is_empty() {
            writeln!(
                f,
                "\nNew misses, by what they break (the biggest group first): fix the parser, or add their ids to the \
                 expected-failures list."
            )?;
            for (held_to, misses) in self.misses_by_what_they_break() {
                writeln!(f, "\n{held_to}: {} new miss(es)", misses.len())?;
                for miss in misses {
                    write!(f, "{miss}")?;
                }
            }
        }
        if !self.stale.is_empty() {
            writeln!(
                f,
                "\nStale expected failures: these listed checks no longer miss; remove their lines."
            )?;
            for stale in &self.stale {
                writeln!(f, "  line {}: {} ({})", stale.line, stale.id, stale.reason)?;
            }
        }
        if !self.problems.is_empty() {
            writeln!(f, "\nProblems:")?;
            for problem in &self.problems {
                writeln!(f, "  {problem}")?;
            }
        }
        if !self.new_misses.is_empty() {
            writeln!(
                f,
                "\nTo accept every new miss as expected, add these lines to the list:"
            )?;
            for miss in &self.new_misses {
                // A comment is one line, whatever the panic message holds.
                let got = miss.got.to_string().replace(['\n', '\r'], " ");
                writeln!(f, "# expected {}, {got}\n{}", miss.expected, miss.check.id)?;
            }
        }
        writeln!(f, "\n{}", self.summary)
    }
}
