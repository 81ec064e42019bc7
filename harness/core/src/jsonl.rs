//! `reptest check --jsonl`: the batch service. One request per input line,
//! one answer per output line, in order, in the protocol of
//! [`crate::protocol`]. A bad line costs only its own answer.
//!
//! Parsed bodies are cached, so a stream that asks many questions about the
//! same robots.txt parses it once; output is buffered and flushed whenever
//! the input has nothing more waiting, so an interactive client gets each
//! answer as soon as it was asked for.

use crate::implementation::{Answer, ImplError, Implementation, Prepared};
use crate::protocol::{Reply, Request, WireBody};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};

/// Bodies kept at most; the cache is emptied when it fills up.
const CACHE_ENTRIES: usize = 64;

/// What a service run saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Served {
    /// Lines answered.
    pub lines: u64,
    /// Lines answered with an error (a bad request or a failed check).
    pub errors: u64,
}

/// Bodies taken in, by the form the request carried them in: a client asks
/// many questions about one body in a row, so the body is found again
/// without decoding it, and the last one without looking further. A short
/// list compared by length first costs less than hashing a long body.
struct Cache<'i> {
    implementation: &'i dyn Implementation,
    bodies: Vec<((bool, Box<str>), Prepared<'i>)>,
    last: usize,
}

impl<'i> Cache<'i> {
    /// The body `wire` carries, taken in by the implementation.
    fn prepared(&mut self, wire: WireBody<'_>) -> Result<&Prepared<'i>, String> {
        let key = match wire {
            WireBody::Text(text) => (false, text),
            WireBody::Base64(text) => (true, text),
        };
        let same =
            |(base64, text): &(bool, Box<str>)| *base64 == key.0 && text.len() == key.1.len() && **text == *key.1;
        if !self.bodies.get(self.last).is_some_and(|(known, _)| same(known)) {
            match self.bodies.iter().position(|(known, _)| same(known)) {
                Some(found) => self.last = found,
                None => {
                    let body = wire.decode()?;
                    if self.bodies.len() >= CACHE_ENTRIES {
                        self.bodies.clear();
                    }
                    let prepared = Prepared::body(self.implementation, &body);
                    self.bodies.push(((key.0, Box::from(key.1)), prepared));
                    self.last = self.bodies.len() - 1;
                }
            }
        }
        Ok(&self.bodies[self.last].1)
    }
}

/// Answers every line of `input` on `output` with `implementation`.
/// Fails only when reading or writing fails.
pub fn serve(implementation: &dyn Implementation, input: impl Read, output: impl Write) -> io::Result<Served> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut output = BufWriter::with_capacity(1 << 16, output);
    let mut cache = Cache {
        implementation,
        bodies: Vec::new(),
        last: 0,
    };
    let mut served = Served::default();
    let mut line = Vec::new();
    loop {
        if input.buffer().is_empty() {
            output.flush()?;
        }
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        served.lines += 1;
        let (id, answer) = answer(&mut cache, trim_line_end(&line));
        let answer = answer.map_err(|message| format!("stdin line {}: {message}", served.lines));
        let reply = match answer {
            Ok(Ok(outcome)) => Reply::Verdict {
                id,
                allowed: outcome.allowed,
                line: outcome.line.number(),
            },
            Ok(Err(ImplError::Unsupported(why))) => Reply::Unsupported { id, unsupported: why },
            Ok(Err(error)) => Reply::Error {
                id,
                error: error.to_string(),
            },
            Err(message) => Reply::Error { id, error: message },
        };
        if matches!(reply, Reply::Error { .. }) {
            served.errors += 1;
        }
        serde_json::to_writer(&mut output, &reply)?;
        output.write_all(b"\n")?;
    }
    output.flush()?;
    Ok(served)
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The request's id (when it could be read) and the answer to it, or what
/// is wrong with the line.
fn answer(cache: &mut Cache<'_>, line: &[u8]) -> (Option<u64>, Result<Answer, String>) {
    let request: Request = match serde_json::from_slice(line) {
        Ok(request) => request,
        Err(error) => {
            // serde_json counts lines inside the request; the stdin line is
            // what the client needs, so only the column is kept.
            let message = error.to_string();
            let message = message.split(" at line ").next().unwrap_or(&message);
            return (
                None,
                Err(format!("column {}: bad request line: {message}", error.column())),
            );
        }
    };
    let checked = (|| {
        let agents = request.agents()?;
        let agents: Vec<&[u8]> = agents.iter().map(|agent| agent.as_bytes()).collect();
        let prepared = cache.prepared(request.wire_body()?)?;
        Ok(prepared.check(&agents, request.url.as_bytes()))
    })();
    (request.id, checked)
}
