//! Answers kept from one run to the next, so regenerating the matrix asks a
//! slow third-party parser only what it has not answered before.
//!
//! A [`Remembered`] implementation wraps another and keeps every answer the
//! library itself gave (a verdict, an "unsupported", or an error the library
//! raised) in a file named by a fingerprint of everything the answer depends
//! on besides the question: the parser's name and installed version and the
//! bytes of its adapter. A new version or an edited adapter is a new file, so
//! a remembered answer is always one this exact parser gave to this exact
//! question (body, agents, URL). A hang (no answer within the timeout) is
//! kept too: asking again only waits the whole timeout again, which is why a
//! run does not ask a hang twice either; `reptest report --fresh` does. Other
//! faults of the transport (a crash, a garbled reply) are cheap to ask again
//! and say nothing about the library: never kept.
//!
//! The file is read when the wrapper is made and rewritten, with the new
//! answers, when it is dropped (at the end of the command).
//!
//! An answer that took longer than [`SLOW_ANSWER`] is kept with that mark
//! and given back only after that long: the minimiser stops shrinking a
//! difference at a slow answer, so a run from remembered answers stops where
//! the run that asked stopped, and both write the same report.

use super::{
    Answer, DecidingLine, Detail, ImplError, Implementation, Loaded, Outcome, ASKED_AGAIN, NO_ANSWER, RAISED_BY_LIBRARY,
};
use crate::case::{ProfileId, ResponseSpec};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// An answer slower than this is slow to whoever times asks (see the module
/// documentation).
pub const SLOW_ANSWER: Duration = Duration::from_secs(1);

/// Raised when the file's layout or the meaning of a kept answer changes:
/// files of another layout are simply not found.
const LAYOUT: &str = "rep remembered answers 3";

/// A question's key: the first 16 bytes of a SHA-256 over the body, the
/// agents and the URL.
type Key = [u8; 16];

/// A kept answer, and whether it took longer than [`SLOW_ANSWER`] to give.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Kept {
    answer: Answer,
    slow: bool,
}

/// An implementation whose answers are remembered between runs.
pub struct Remembered {
    inner: Box<dyn Implementation>,
    file: PathBuf,
    known: HashMap<Key, Kept>,
    fresh: Mutex<Vec<(Key, Kept)>>,
}

impl Remembered {
    /// Wraps `inner`, remembering its answers in `dir` under a file named by
    /// `fingerprint` (every input besides the question that decides an
    /// answer: name, version, the adapter's bytes). A file that cannot be
    /// read is taken as empty: it only costs asking again.
    pub fn new(inner: Box<dyn Implementation>, dir: &Path, fingerprint: &[&[u8]]) -> Remembered {
        let mut digest = Sha256::new();
        digest.update(LAYOUT);
        for part in fingerprint {
            digest.update((part.len() as u64).to_le_bytes());
            digest.update(part);
        }
        let name: String = inner
            .name()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' })
            .collect();
        let file = dir.join(format!("{name}-{}.txt", hex(&digest.finalize()[..8])));
        crate::atomic::clean_once(dir);
        let known = std::fs::read_to_string(&file)
            .map(|text| text.lines().filter_map(parse_line).collect())
            .unwrap_or_default();
        Remembered {
            inner,
            file,
            known,
            fresh: Mutex::new(Vec::new()),
        }
    }

    /// The file the answers are kept in.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// How many answers the file held when the wrapper was made.
    pub fn remembered(&self) -> usize {
        self.known.len()
    }

    fn answer(&self, key: Key, ask: impl FnOnce() -> Answer) -> Answer {
        if let Some(kept) = self.known.get(&key).filter(|kept| !asked_once_only(&kept.answer)) {
            if kept.slow {
                std::thread::sleep(SLOW_ANSWER + Duration::from_millis(10));
            }
            return kept.answer.clone();
        }
        let started = Instant::now();
        let answer = ask();
        if keepable(&answer) {
            let kept = Kept {
                answer: answer.clone(),
                slow: started.elapsed() > SLOW_ANSWER,
            };
            self.fresh
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push((key, kept));
        }
        answer
    }

    /// Writes every answer, old and new, sorted by key so the same answers
    /// make the same file; through a temporary file, so a run killed while
    /// writing leaves the old file whole.
    fn save(&mut self) -> std::io::Result<()> {
        let fresh = std::mem::take(self.fresh.get_mut().unwrap_or_else(|poisoned| poisoned.into_inner()));
        if fresh.is_empty() {
            return Ok(());
        }
        self.known.extend(fresh);
        let mut lines: Vec<String> = self
            .known
            .iter()
            .map(|(key, kept)| {
                let slow = if kept.slow { "\tslow" } else { "" };
                format!("{}\t{}{slow}", hex(key), encode(&kept.answer))
            })
            .collect();
        lines.sort_unstable();
        let mut text = lines.join("\n");
        text.push('\n');
        crate::atomic::write_atomically(&self.file, text.as_bytes())
    }
}

impl Drop for Remembered {
    fn drop(&mut self) {
        if let Err(error) = self.save() {
            eprintln!(
                "reptest: could not keep {}'s answers in {}: {error} (the next run asks again)",
                self.inner.name(),
                self.file.display()
            );
        }
    }
}

/// Whether `answer` is a hang kept by a run that did not ask a hang again
/// with a longer limit ([`super::Program::patiently`]): asked afresh, so that
/// remembered errors do not depend on the load of the run that kept them.
fn asked_once_only(answer: &Answer) -> bool {
    matches!(answer, Err(ImplError::Failed(message)) if message.starts_with(NO_ANSWER) && !message.contains(ASKED_AGAIN))
}

/// Whether an answer is kept: the library's own (a verdict, an
/// "unsupported", an error it raised) or a hang, but not a crash or a garbled
/// reply of the transport.
fn keepable(answer: &Answer) -> bool {
    match answer {
        Ok(_) | Err(ImplError::Unsupported(_)) => true,
        Err(ImplError::Failed(message)) => message.starts_with(RAISED_BY_LIBRARY) || message.starts_with(NO_ANSWER),
    }
}

impl Implementation for Remembered {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn claims(&self) -> ProfileId {
        self.inner.claims()
    }

    fn rep_profile(&self) -> Option<rep::Profile> {
        self.inner.rep_profile()
    }

    fn in_check_order(&self) -> bool {
        self.inner.in_check_order()
    }

    fn start(&self) -> Result<(), String> {
        self.inner.start()
    }

    fn supports(&self, tag: crate::case::Tag) -> bool {
        self.inner.supports(tag)
    }

    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(RememberedBody {
            owner: self,
            body: Sha256::digest(robots).into(),
            inner: self.inner.load(robots),
        })
    }

    /// Fetch cases are few and most parsers answer them "n/a": asked each time.
    fn load_response(&self, response: &ResponseSpec, body: &[u8]) -> Option<Box<dyn Loaded + '_>> {
        self.inner.load_response(response, body)
    }
}

struct RememberedBody<'a> {
    owner: &'a Remembered,
    body: [u8; 32],
    inner: Box<dyn Loaded + 'a>,
}

impl Loaded for RememberedBody<'_> {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        let mut digest = Sha256::new();
        digest.update(self.body);
        digest.update((agents.len() as u64).to_le_bytes());
        for agent in agents {
            digest.update((agent.len() as u64).to_le_bytes());
            digest.update(agent);
        }
        digest.update(url);
        let mut key = [0; 16];
        key.copy_from_slice(&digest.finalize()[..16]);
        self.owner.answer(key, || self.inner.check(agents, url))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// An answer in one tab-free, newline-free field: `a` or `d` and the
/// deciding line (`-` no rule, `?` not reported), `u` or `e` and the message
/// as a JSON string; a verdict's text explanation follows a space, as a JSON
/// string too (which escapes every tab and line end).
fn encode(answer: &Answer) -> String {
    match answer {
        Ok(outcome) => {
            let line = match outcome.line {
                DecidingLine::At(line) => line.to_string(),
                DecidingLine::NoRule => "-".to_string(),
                DecidingLine::NotReported => "?".to_string(),
            };
            let detail = match &outcome.detail {
                Some(Detail::Text(text)) => format!(" {}", quoted(text)),
                Some(Detail::Verdict(_)) | None => String::new(),
            };
            format!("{}{line}{detail}", if outcome.allowed { 'a' } else { 'd' })
        }
        Err(ImplError::Unsupported(why)) => format!("u{}", quoted(why)),
        Err(ImplError::Failed(why)) => format!("e{}", quoted(why)),
    }
}

fn parse_line(line: &str) -> Option<(Key, Kept)> {
    let (key, rest) = line.split_once('\t')?;
    let (answer, slow) = match rest.split_once('\t') {
        Some((answer, "slow")) => (answer, true),
        Some(_) => return None,
        None => (rest, false),
    };
    let mut bytes = [0; 16];
    if key.len() != 32 {
        return None;
    }
    for (index, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(key.get(index * 2..index * 2 + 2)?, 16).ok()?;
    }
    Some((
        bytes,
        Kept {
            answer: decode(answer)?,
            slow,
        },
    ))
}

fn decode(field: &str) -> Option<Answer> {
    let mut chars = field.chars();
    let kind = chars.next()?;
    let rest = chars.as_str();
    Some(match kind {
        'a' | 'd' => {
            let (line, detail) = match rest.split_once(' ') {
                Some((line, text)) => (line, Some(Detail::Text(unquoted(text)?))),
                None => (rest, None),
            };
            let line = match line {
                "-" => DecidingLine::NoRule,
                "?" => DecidingLine::NotReported,
                number => DecidingLine::At(number.parse().ok()?),
            };
            Ok(Outcome {
                allowed: kind == 'a',
                line,
                detail,
            })
        }
        'u' => Err(ImplError::Unsupported(unquoted(rest)?)),
        'e' => Err(ImplError::Failed(unquoted(rest)?)),
        _ => return None,
    })
}

fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("a string always serialises")
}

fn unquoted(field: &str) -> Option<String> {
    serde_json::from_str(field).ok()
}

#[cfg(test)]
mod tests;
