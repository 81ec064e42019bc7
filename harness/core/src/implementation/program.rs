//! What the two kinds of external implementation share — a program, its
//! name, the profile it claims and how long one check may take — and the
//! one `Implementation` they both are: they differ only in how a body is
//! loaded (a persistent adapter, or a file handed to a command per check).

use super::{smoke_check, Implementation, Loaded};
use crate::case::{ProfileId, Tag};
use std::time::Duration;

/// How an adapter's transport fault's message ends during a run: the next
/// check starts a fresh process. Start-up failures leave it out (nothing
/// runs on).
pub(super) const RESTARTS: &str = "; it restarts for the next check";

/// An external program under test.
pub struct Program {
    /// The name used on the command line and in reports.
    pub name: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The profile it claims.
    pub claims: ProfileId,
    /// How long one check may take.
    pub timeout: Duration,
}

/// An external implementation: a [`Program`] and how it takes in a body.
pub trait External: Send + Sync {
    /// The program.
    fn program(&self) -> &Program;

    /// Takes in a robots.txt body for the checks that follow.
    fn load_body(&self, robots: &[u8]) -> Box<dyn Loaded + '_>;

    /// Whether it can be asked checks with capability tag `tag`
    /// ([`Implementation::supports`]).
    fn supports_tag(&self, tag: Tag) -> bool {
        let _ = tag;
        true
    }
}

impl<T: External> Implementation for T {
    fn name(&self) -> &str {
        &self.program().name
    }

    fn claims(&self) -> ProfileId {
        self.program().claims
    }

    fn supports(&self, tag: Tag) -> bool {
        self.supports_tag(tag)
    }

    /// Fails unless the program answers the plainest check.
    fn start(&self) -> Result<(), String> {
        smoke_check(self).map_err(|why| {
            let why = why.strip_suffix(RESTARTS).unwrap_or(&why);
            format!("`{}` cannot answer a plain check: {why}", self.program().argv.join(" "))
        })
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        self.load_body(robots)
    }
}
