//! The JSON-lines adapter protocol (harness/adapters/README.md), shared by
//! the adapter binaries: read a request per line, answer one line per request,
//! echoing the request's `id`.

use base64::Engine;
use serde_json::{json, Map, Value};
use std::io::{BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

/// One check as the harness asks it.
pub struct Request {
    /// The robots.txt body (decoded from `robots_base64` when it was not UTF-8).
    pub robots: Vec<u8>,
    /// The agents; more than one means "may any of them fetch".
    pub agents: Vec<String>,
    /// The URL to check.
    pub url: String,
}

impl Request {
    /// The body as text, or `Unsupported` naming `library` when it is not
    /// UTF-8: for libraries that only parse strings, where a lossy conversion
    /// would test the conversion rather than the parser.
    pub fn text_body(&self, library: &str) -> Result<&str, NoVerdict> {
        std::str::from_utf8(&self.robots)
            .map_err(|_| NoVerdict::Unsupported(format!("{library} takes the body as text and this body is not UTF-8")))
    }

    /// The single agent, or `Unsupported` naming `library` when the check
    /// has several: for libraries without a multi-agent question.
    pub fn single_agent(&self, library: &str) -> Result<&str, NoVerdict> {
        match self.agents.as_slice() {
            [agent] => Ok(agent),
            _ => Err(NoVerdict::Unsupported(format!(
                "{library} checks one user-agent at a time"
            ))),
        }
    }

    /// The URL as a `url::Url`, or `Unsupported` when it is a bare path or
    /// not a URL the `url` crate reads: the adapter, not the library, would
    /// fail there, and an error must be the library's own.
    pub fn absolute_url(&self) -> Result<url::Url, NoVerdict> {
        if self.url.starts_with('/') {
            return Err(NoVerdict::Unsupported(format!(
                "the adapter needs an absolute URL, and `{}` is a bare path",
                self.url
            )));
        }
        url::Url::parse(&self.url).map_err(|error| {
            NoVerdict::Unsupported(format!("the adapter cannot read `{}` as a URL: {error}", self.url))
        })
    }
}

/// A library's answer to one check.
pub struct Verdict {
    /// May the agent fetch the URL?
    pub allowed: bool,
    /// The deciding line (1-based), when the library can tell.
    pub line: Option<u32>,
}

/// Why a check got no verdict.
pub enum NoVerdict {
    /// The library cannot answer this kind of check (reported as n/a).
    Unsupported(String),
    /// Something went wrong for this check (reported as an error).
    Error(String),
}

/// Answers every request on stdin with `decide` until stdin ends. A request
/// that cannot be read, and a panic inside `decide`, become `error` answers:
/// the adapter never dies on one bad check. With the single argument
/// `--version` it prints `version` instead (`<library> <version>`).
pub fn serve(version: &str, decide: impl Fn(&Request) -> Result<Verdict, NoVerdict>) {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{version}");
        return;
    }
    // A library's panic becomes that check's error answer (below); the
    // default hook would also print it to stderr for every such check.
    panic::set_hook(Box::new(|_| {}));
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let answer = answer(&line, &decide);
        if writeln!(stdout, "{answer}").and_then(|()| stdout.flush()).is_err() {
            break;
        }
    }
}

/// The answer line for one request line.
fn answer(line: &str, decide: &impl Fn(&Request) -> Result<Verdict, NoVerdict>) -> Value {
    let value: Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(e) => return json!({ "id": null, "error": format!("unreadable request: {e}") }),
    };
    let reply = match parse(&value) {
        Ok(request) => panic::catch_unwind(AssertUnwindSafe(|| decide(&request))).unwrap_or_else(|payload| {
            Err(NoVerdict::Error(format!(
                "the library panicked: {}",
                panic_message(&*payload)
            )))
        }),
        Err(why) => Err(NoVerdict::Error(why)),
    };
    let mut answer = Map::new();
    if let Some(id) = value.get("id") {
        answer.insert("id".into(), id.clone());
    }
    match reply {
        Ok(Verdict { allowed, line }) => {
            answer.insert("allowed".into(), allowed.into());
            answer.insert("line".into(), line.into());
        }
        Err(NoVerdict::Unsupported(why)) => {
            answer.insert("unsupported".into(), why.into());
        }
        Err(NoVerdict::Error(why)) => {
            answer.insert("error".into(), why.into());
        }
    }
    Value::Object(answer)
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    if let Some(message) = payload.downcast_ref::<&str>() {
        message
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message
    } else {
        "no message"
    }
}

fn parse(value: &Value) -> Result<Request, String> {
    let robots = match (value.get("robots"), value.get("robots_base64")) {
        (Some(Value::String(text)), None) => text.as_bytes().to_vec(),
        (None, Some(Value::String(encoded))) => base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .map_err(|e| format!("robots_base64 is not base64: {e}"))?,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn always_allowed(_: &Request) -> Result<Verdict, NoVerdict> {
        Ok(Verdict {
            allowed: true,
            line: Some(2),
        })
    }

    #[test]
    fn answers_echo_the_request_id() {
        let line = r#"{"id": 17, "robots": "", "agents": ["A"], "url": "/"}"#;
        assert_eq!(
            answer(line, &always_allowed),
            json!({"id": 17, "allowed": true, "line": 2})
        );
    }

    #[test]
    fn a_request_without_id_gets_an_answer_without_id() {
        let line = r#"{"robots": "", "agents": ["A"], "url": "/"}"#;
        assert_eq!(answer(line, &always_allowed), json!({"allowed": true, "line": 2}));
    }

    #[test]
    fn an_unreadable_line_is_answered_with_a_null_id() {
        let reply = answer("{not json", &always_allowed);
        assert_eq!(reply["id"], Value::Null);
        assert!(reply["error"].as_str().unwrap().starts_with("unreadable request"));
    }

    #[test]
    fn a_malformed_request_keeps_its_id() {
        let reply = answer(
            r#"{"id": "x1", "robots": "", "agents": "A", "url": "/"}"#,
            &always_allowed,
        );
        assert_eq!(reply["id"], "x1");
        assert!(reply["error"].as_str().unwrap().contains("agents"));
    }

    #[test]
    fn a_base64_body_is_decoded_to_bytes() {
        let line = r#"{"id": 1, "robots_base64": "/3g=", "agents": ["A"], "url": "/"}"#;
        let body_is_ff_x = |request: &Request| {
            Ok(Verdict {
                allowed: request.robots == b"\xffx",
                line: None,
            })
        };
        assert_eq!(answer(line, &body_is_ff_x)["allowed"], true);
        let bad = r#"{"id": 2, "robots_base64": "*", "agents": ["A"], "url": "/"}"#;
        assert!(answer(bad, &body_is_ff_x)["error"].as_str().unwrap().contains("base64"));
    }

    #[test]
    fn a_panic_becomes_an_error_answer() {
        let line = r#"{"id": 3, "robots": "", "agents": ["A"], "url": "/"}"#;
        let reply = answer(line, &|_: &Request| -> Result<Verdict, NoVerdict> { panic!("boom") });
        assert_eq!(reply["id"], 3);
        assert!(reply["error"].as_str().unwrap().contains("boom"));
    }

    #[test]
    fn a_url_the_adapter_cannot_read_is_unsupported_not_an_error() {
        let path_of = |request: &Request| -> Result<Verdict, NoVerdict> {
            request.absolute_url().map(|url| Verdict {
                allowed: url.path() == "/x",
                line: None,
            })
        };
        for url in ["", "/x", "https://example.com:8080+"] {
            let line = json!({"id": 1, "robots": "", "agents": ["A"], "url": url}).to_string();
            let reply = answer(&line, &path_of);
            assert!(reply["unsupported"].is_string(), "{url}: {reply}");
        }
        let line = r#"{"id": 1, "robots": "", "agents": ["A"], "url": "https://example.com/x"}"#;
        assert_eq!(answer(line, &path_of)["allowed"], true);
    }
}
