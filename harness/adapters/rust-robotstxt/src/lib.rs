//! The JSON-lines adapter protocol (harness/adapters/README.md), shared by
//! the adapter binaries: read a request per line, answer one line per request.

use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// One check as the harness asks it.
pub struct Request {
    /// The robots.txt body (decoded from `robots_base64` when it was not UTF-8).
    pub robots: Vec<u8>,
    /// The agents; more than one means "may any of them fetch".
    pub agents: Vec<String>,
    /// The URL to check.
    pub url: String,
}

/// What an adapter answers for one check.
pub enum Reply {
    /// A verdict, with the deciding line when the library can tell.
    Verdict { allowed: bool, line: Option<u32> },
    /// The library cannot answer this kind of check (reported as n/a).
    Unsupported(String),
}

/// Answers every request on stdin with `decide` until stdin ends. A request
/// that cannot be read, or a `decide` error, becomes an `error` answer: the
/// adapter never dies on one bad check. With the single argument `--version`
/// it prints `version` instead (how `reptest report` learns what it runs).
pub fn serve(version: &str, decide: impl Fn(&Request) -> Result<Reply, String>) {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{version}");
        return;
    }
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let answer = match parse(&line).and_then(|request| decide(&request)) {
            Ok(Reply::Verdict { allowed, line }) => json!({ "allowed": allowed, "line": line }),
            Ok(Reply::Unsupported(why)) => json!({ "unsupported": why }),
            Err(why) => json!({ "error": why }),
        };
        if writeln!(stdout, "{answer}").and_then(|()| stdout.flush()).is_err() {
            break;
        }
    }
}

fn parse(line: &str) -> Result<Request, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("unreadable request: {e}"))?;
    let robots = match (value.get("robots"), value.get("robots_base64")) {
        (Some(Value::String(text)), None) => text.as_bytes().to_vec(),
        (None, Some(Value::String(encoded))) => decode_base64(encoded)?,
        _ => return Err("the request needs exactly one of robots / robots_base64, as a string".into()),
    };
    let agents = value
        .get("agents")
        .and_then(Value::as_array)
        .and_then(|agents| {
            agents
                .iter()
                .map(|a| a.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
        })
        .ok_or("the request's agents must be a list of strings")?;
    let url = value
        .get("url")
        .and_then(Value::as_str)
        .ok_or("the request's url must be a string")?
        .to_string();
    Ok(Request { robots, agents, url })
}

/// Standard base64 with padding, as the harness writes it.
fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    let sextet = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("robots_base64: `{}` is not a base64 character", c as char)),
        } as u32)
    };
    let text = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.chunks(4) {
        let mut bits = 0u32;
        for &c in chunk {
            bits = bits << 6 | sextet(c)?;
        }
        match chunk.len() {
            4 => out.extend_from_slice(&[(bits >> 16) as u8, (bits >> 8) as u8, bits as u8]),
            3 => out.extend_from_slice(&[(bits >> 10) as u8, (bits >> 2) as u8]),
            2 => out.push((bits >> 4) as u8),
            _ => return Err("robots_base64: truncated".into()),
        }
    }
    Ok(out)
}
