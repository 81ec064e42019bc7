//! What an implementation answers for one check: a verdict with its deciding
//! line and explanation, or why there is none.

use std::fmt;

/// The line that decided a verdict, as far as the implementation tells.
///
/// "No rule decided" and "the implementation does not say" are different
/// answers: two implementations that both report lines disagree when one
/// names a line and the other says no rule decided, but nothing can be
/// compared with an implementation that reports no lines at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecidingLine {
    /// This 1-based line decided.
    At(u32),
    /// No rule decided (the default verdict applies).
    NoRule,
    /// The implementation does not report deciding lines.
    NotReported,
}

impl DecidingLine {
    /// The line number, when there is one.
    pub fn number(self) -> Option<u32> {
        match self {
            DecidingLine::At(line) => Some(line),
            DecidingLine::NoRule | DecidingLine::NotReported => None,
        }
    }

    /// From Google's convention, where 0 means "no deciding line".
    pub fn from_google(line: u32) -> DecidingLine {
        match line {
            0 => DecidingLine::NoRule,
            line => DecidingLine::At(line),
        }
    }

    /// Whether two reports can both be true: equal, or one of them unknown.
    pub fn compatible(self, other: DecidingLine) -> bool {
        self == other || self == DecidingLine::NotReported || other == DecidingLine::NotReported
    }
}

/// What an implementation decided for one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `true` when the URL may be fetched.
    pub allowed: bool,
    /// The deciding line.
    pub line: DecidingLine,
    /// Why, when the implementation can say.
    pub detail: Option<Detail>,
}

/// An implementation's explanation of an [`Outcome`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The project matcher's full verdict.
    Verdict(rep::Verdict),
    /// Free text (fetch decisions, external programs).
    Text(String),
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::Verdict(verdict) => write!(f, "{verdict}"),
            Detail::Text(text) => f.write_str(text),
        }
    }
}

impl Outcome {
    /// A verdict without an explanation.
    pub fn new(allowed: bool, line: DecidingLine) -> Outcome {
        Outcome {
            allowed,
            line,
            detail: None,
        }
    }

    /// `allowed` or `disallowed`, with the deciding line when there is one.
    pub fn short(&self) -> String {
        let verdict = if self.allowed { "allowed" } else { "disallowed" };
        match self.line.number() {
            Some(line) => format!("{verdict} (line {line})"),
            None => verdict.to_string(),
        }
    }

    /// The explanation, or [`short`](Outcome::short) when there is none.
    pub fn explanation(&self) -> String {
        match &self.detail {
            Some(detail) => detail.to_string(),
            None => self.short(),
        }
    }
}

/// Why an implementation gave no verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImplError {
    /// The implementation cannot answer this kind of check (a fetch case, or
    /// several agents for a one-agent command): reported as "n/a".
    Unsupported(String),
    /// It crashed, hung, threw, panicked or answered garbage: an error.
    Failed(String),
}

impl fmt::Display for ImplError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImplError::Unsupported(why) => write!(f, "n/a: {why}"),
            ImplError::Failed(why) => f.write_str(why),
        }
    }
}

/// How the message of an error the library itself raised begins (an
/// adapter's `error` reply): an answer of the library, not a fault of the
/// transport, so it never counts towards giving an adapter up.
pub const RAISED_BY_LIBRARY: &str = "the adapter reported: ";

/// How the message of every failure caused by a hang begins (an adapter or
/// a command that outlived its timeout). Whoever asks again on purpose (the
/// minimiser) looks for it, because each such failure costs a whole timeout.
pub const NO_ANSWER: &str = "no answer within";

/// The answer to one check.
pub type Answer = Result<Outcome, ImplError>;

/// Whether two answers agree: the same verdict and compatible deciding lines.
/// An unsupported check agrees with anything (there is nothing to compare);
/// two failures agree only when their messages do.
pub fn agree(a: &Answer, b: &Answer) -> bool {
    match (a, b) {
        (Err(ImplError::Unsupported(_)), _) | (_, Err(ImplError::Unsupported(_))) => true,
        (Ok(x), Ok(y)) => x.allowed == y.allowed && x.line.compatible(y.line),
        _ => a == b,
    }
}

/// An answer in the words of the differential reports: `allowed, deciding
/// line 3`, `disallowed, no deciding line`, `failed: …`, `n/a: …`.
pub fn describe(answer: &Answer) -> String {
    match answer {
        Ok(outcome) => {
            let verdict = if outcome.allowed { "allowed" } else { "disallowed" };
            match outcome.line {
                DecidingLine::At(line) => format!("{verdict}, deciding line {line}"),
                DecidingLine::NoRule => format!("{verdict}, no deciding line"),
                DecidingLine::NotReported => format!("{verdict}, deciding line not reported"),
            }
        }
        Err(ImplError::Failed(message)) => format!("failed: {message}"),
        Err(ImplError::Unsupported(why)) => format!("n/a: {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(allowed: bool, line: DecidingLine) -> Answer {
        Ok(Outcome::new(allowed, line))
    }

    #[test]
    fn lines_are_compared_only_when_both_sides_report_them() {
        assert!(agree(
            &at(true, DecidingLine::At(2)),
            &at(true, DecidingLine::NotReported)
        ));
        assert!(!agree(&at(true, DecidingLine::At(2)), &at(true, DecidingLine::NoRule)));
        assert!(!agree(
            &at(true, DecidingLine::NoRule),
            &at(false, DecidingLine::NoRule)
        ));
        assert!(agree(
            &Err(ImplError::Unsupported("x".into())),
            &at(false, DecidingLine::NoRule)
        ));
        assert!(!agree(
            &Err(ImplError::Failed("x".into())),
            &at(false, DecidingLine::NoRule)
        ));
    }

    #[test]
    fn descriptions_keep_no_rule_and_not_reported_apart() {
        assert_eq!(describe(&at(true, DecidingLine::NoRule)), "allowed, no deciding line");
        assert_eq!(
            describe(&at(false, DecidingLine::NotReported)),
            "disallowed, deciding line not reported"
        );
        assert_eq!(describe(&at(false, DecidingLine::At(4))), "disallowed, deciding line 4");
    }
}
