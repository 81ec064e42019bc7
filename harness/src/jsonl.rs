//! `reptest check --jsonl`: the batch service. One request per input line,
//! one answer per output line, in order, in the protocol of
//! [`crate::protocol`]. A bad line costs only its own answer.
//!
//! Parsed bodies are cached, so a stream that asks many questions about the
//! same robots.txt parses it once; output is buffered and flushed whenever
//! the input has nothing more waiting, so an interactive client gets each
//! answer as soon as it was asked for.

use crate::implementation::{Answer, ImplError, Implementation, Prepared};
use crate::protocol::{Reply, Request};
use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};

/// Parsed bodies kept at most; the cache is emptied when it fills up.
const CACHE_ENTRIES: usize = 64;

/// What a service run saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Served {
    /// Lines answered.
    pub lines: u64,
    /// Lines answered with an error (a bad request or a failed check).
    pub errors: u64,
}

/// Answers every line of `input` on `output` with `implementation`.
/// Fails only when reading or writing fails.
pub fn serve(implementation: &dyn Implementation, input: impl Read, output: impl Write) -> io::Result<Served> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut output = BufWriter::with_capacity(1 << 16, output);
    let mut cache: HashMap<Vec<u8>, Prepared<'_>> = HashMap::new();
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
        let (id, answer) = answer(implementation, &mut cache, trim_line_end(&line));
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
fn answer<'i>(
    implementation: &'i dyn Implementation,
    cache: &mut HashMap<Vec<u8>, Prepared<'i>>,
    line: &[u8],
) -> (Option<u64>, Result<Answer, String>) {
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
    let id = request.id;
    let checked = (|| {
        let body = request.body()?;
        let agents = request.agents()?;
        let agents: Vec<&[u8]> = agents.iter().map(|agent| agent.as_bytes()).collect();
        if !cache.contains_key(&body) {
            if cache.len() >= CACHE_ENTRIES {
                cache.clear();
            }
            let prepared = Prepared::body(implementation, &body);
            cache.insert(body.clone(), prepared);
        }
        Ok(cache[&body].check(&agents, request.url.as_bytes()))
    })();
    (id, checked)
}
