//! Collecting diagnostics in a read of their own. Parsing for checks skips
//! every line that cannot be a directive it keeps (comments, unknown keys,
//! a page of HTML served as robots.txt), which is most of a parse's work
//! when diagnostics are built alongside; so they are made only when asked.

use crate::diagnostic::{Diagnostic, Noticed};
use crate::reader::{read, Agent, Handler};
use crate::{Profile, RuleKind};

/// Keeps every diagnostic the reader reports, with its text.
struct Collector {
    found: Vec<Diagnostic>,
}

impl<'a> Handler<'a> for Collector {
    const WANTS_NOTES: bool = true;
    const WANTS_SITEMAPS: bool = false;

    fn note(&mut self, line: u32, noticed: Noticed<'a>) {
        self.found.push(Diagnostic {
            line,
            kind: noticed.kind(),
        });
    }

    fn wants_rules(&self) -> bool {
        false
    }

    fn group_start(&mut self) {}

    fn agent(&mut self, _line: u32, _agent: Agent<'a>) {}

    fn rule(&mut self, _line: u32, _kind: RuleKind, _value: &'a [u8], _may_need_escaping: bool) {}
}

/// What the parser notices about `body` under `profile`, in line order:
/// unknown keys, accepted leniencies, lines it cannot use, bytes it skips.
/// [`Robots::parse`](crate::Robots::parse) reads the same lines the same
/// way but keeps none of this.
///
/// ```
/// use rep::{diagnose, Profile};
/// let found = diagnose(b"User-agent: *\nDisalow: /a\n", Profile::GOOGLE);
/// assert_eq!(found[0].to_string(), "line 2: misspelled key `Disalow` read as `disallow`");
/// ```
pub fn diagnose(body: &[u8], profile: Profile) -> Vec<Diagnostic> {
    let mut collector = Collector { found: Vec::new() };
    read(body, &profile, &mut collector);
    collector.found
}
