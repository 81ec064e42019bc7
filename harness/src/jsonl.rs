//! `reptest check --jsonl`: one JSON request per input line, one JSON answer
//! per output line, in order. A bad line costs only its own answer.
//!
//! Parsed bodies are cached, so a stream that asks many questions about the
//! same robots.txt parses it once; output is buffered and flushed whenever
//! the input has nothing more waiting, so an interactive client gets each
//! answer as soon as it was asked for.

use crate::case::decode_base64;
use crate::implementation::{Answer, Implementation, Loaded};
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};

/// Parsed bodies kept at most; the cache is emptied when it fills up.
const CACHE_ENTRIES: usize = 64;

#[derive(Deserialize)]
struct Request {
    robots: Option<String>,
    robots_base64: Option<String>,
    agent: Option<String>,
    agents: Option<Vec<String>>,
    url: String,
}

/// Answers every line of `input` on `output` with `implementation`.
/// Fails only when reading or writing fails.
pub fn serve(implementation: &dyn Implementation, input: impl Read, output: impl Write) -> io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut output = BufWriter::with_capacity(1 << 16, output);
    let mut cache: HashMap<Vec<u8>, Box<dyn Loaded + '_>> = HashMap::new();
    let mut line = Vec::new();
    loop {
        if input.buffer().is_empty() {
            output.flush()?;
        }
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let reply = match answer(implementation, &mut cache, trim_line_end(&line)) {
            Ok(Ok(outcome)) => json!({ "allowed": outcome.allowed, "line": outcome.line }),
            Ok(Err(error)) => json!({ "error": error.to_string() }),
            Err(message) => json!({ "error": message }),
        };
        serde_json::to_writer(&mut output, &reply)?;
        output.write_all(b"\n")?;
    }
    output.flush()
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The answer to one request line, or what is wrong with the line.
fn answer<'i>(
    implementation: &'i dyn Implementation,
    cache: &mut HashMap<Vec<u8>, Box<dyn Loaded + 'i>>,
    line: &[u8],
) -> Result<Answer, String> {
    let request: Request = serde_json::from_slice(line).map_err(|e| format!("bad request line: {e}"))?;
    let body = match (request.robots, request.robots_base64) {
        (Some(text), None) => text.into_bytes(),
        (None, Some(encoded)) => {
            decode_base64(&encoded).map_err(|(at, why)| format!("robots_base64: character {at}: {why}"))?
        }
        _ => return Err("give exactly one of robots and robots_base64".into()),
    };
    let agents = match (request.agent, request.agents) {
        (Some(agent), None) => vec![agent],
        (None, Some(agents)) if !agents.is_empty() => agents,
        _ => return Err("give exactly one of agent and agents (a non-empty list)".into()),
    };
    let agents: Vec<&str> = agents.iter().map(String::as_str).collect();
    if !cache.contains_key(&body) {
        if cache.len() >= CACHE_ENTRIES {
            cache.clear();
        }
        let loaded = implementation.load(&body);
        cache.insert(body.clone(), loaded);
    }
    Ok(cache[&body].check(&agents, &request.url))
}
