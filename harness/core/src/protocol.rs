//! The JSON-lines protocol, both directions: what `reptest` sends to a
//! persistent adapter and what `reptest check --jsonl` reads, and the answers
//! to both. One request per line, one answer per line, in order.
//!
//! | direction | line |
//! |---|---|
//! | request | `{"id": 7, "robots": "<text>", "agents": ["FooBot"], "url": "https://example.com/x"}` |
//! | request, body not UTF-8 | `"robots_base64": "<standard base64>"` instead of `"robots"` |
//! | request, one agent (`check --jsonl` only) | `"agent": "FooBot"` instead of `"agents"` |
//! | answer | `{"id": 7, "allowed": true, "line": 3}` (`line`: the deciding line, or `null`) |
//! | answer, cannot answer this check | `{"id": 7, "unsupported": "why"}` |
//! | answer, failure | `{"id": 7, "error": "why"}` |
//!
//! `id` is optional in requests; an answer carries the id of its request.
//! No line reptest reads may be longer than [`MAX_LINE`].

use std::borrow::Cow;
use std::io::{self, BufRead, Read};

use base64::Engine as _;
use serde::{Deserialize, Serialize};

/// The base64 flavour of the protocol: the standard alphabet, padded.
pub const BASE64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

/// The longest answer line reptest reads from an adapter, without its line
/// end: 64 MiB. A longer one is a fault of the adapter, found without ever
/// holding more than this much of it.
pub const MAX_LINE: usize = 64 << 20;

/// One line read under a cap by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its `\n`.
    Whole(Vec<u8>),
    /// A line longer than the cap: `cap + 1` bytes of it were read (and
    /// dropped), the rest is left unread.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line from `reader`, reading at most `cap + 1` bytes of it,
/// so an endless line costs no more memory than the cap. The last line may
/// lack its `\n`.
pub fn read_line(reader: &mut impl BufRead, cap: usize) -> io::Result<Line> {
    let mut line = Vec::new();
    let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
    if reader.take(limit).read_until(b'\n', &mut line)? == 0 {
        return Ok(Line::End);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.len() > cap {
        return Ok(Line::TooLong);
    }
    Ok(Line::Whole(line))
}

/// One check, as a request line. Strings borrow from the line when they
/// can (JSON strings without escapes), so the batch service does not copy
/// every body it reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request<'a> {
    /// Echoed in the answer, so an answer can never be taken for another's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The body, when it is UTF-8.
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub robots: Option<Cow<'a, str>>,
    /// The body in base64, when it is not UTF-8.
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub robots_base64: Option<Cow<'a, str>>,
    /// One agent (the short form `check --jsonl` accepts).
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub agent: Option<Cow<'a, str>>,
    /// The agents: more than one means "may any of them fetch".
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub agents: Option<Vec<Cow<'a, str>>>,
    /// The URL to check.
    #[serde(borrow)]
    pub url: Cow<'a, str>,
}

/// How a request carries its body: the text, or its base64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum WireBody<'r> {
    /// `robots`: the text itself.
    Text(&'r str),
    /// `robots_base64`: the body encoded.
    Base64(&'r str),
}

impl WireBody<'_> {
    /// The body's bytes.
    pub fn decode(self) -> Result<Vec<u8>, String> {
        match self {
            WireBody::Text(text) => Ok(text.as_bytes().to_vec()),
            WireBody::Base64(encoded) => BASE64
                .decode(encoded)
                .map_err(|error| format!("robots_base64 is not standard padded base64: {error}")),
        }
    }
}

impl Request<'static> {
    /// The request for one check; the body goes as text when it is UTF-8 and
    /// as base64 otherwise. Agents and URL that are not UTF-8 are sent with
    /// replacement characters (JSON strings cannot carry raw bytes).
    pub fn new(id: Option<u64>, body: &[u8], agents: &[&[u8]], url: &[u8]) -> Request<'static> {
        let (robots, robots_base64) = match std::str::from_utf8(body) {
            Ok(text) => (Some(Cow::Owned(text.to_string())), None),
            Err(_) => (None, Some(Cow::Owned(BASE64.encode(body)))),
        };
        Request {
            id,
            robots,
            robots_base64,
            agent: None,
            agents: Some(agents.iter().map(|agent| Cow::Owned(lossy(agent))).collect()),
            url: Cow::Owned(lossy(url)),
        }
    }
}

impl Request<'_> {
    /// How the body is carried, or what is wrong with the body fields.
    pub(crate) fn wire_body(&self) -> Result<WireBody<'_>, String> {
        match (&self.robots, &self.robots_base64) {
            (Some(text), None) => Ok(WireBody::Text(text)),
            (None, Some(encoded)) => Ok(WireBody::Base64(encoded)),
            _ => Err("give exactly one of robots and robots_base64".into()),
        }
    }

    /// The body bytes, or what is wrong with the request's body fields.
    pub fn body(&self) -> Result<Vec<u8>, String> {
        self.wire_body()?.decode()
    }

    /// The agents, or what is wrong with the request's agent fields.
    pub fn agents(&self) -> Result<Vec<&str>, String> {
        match (&self.agent, &self.agents) {
            (Some(agent), None) => Ok(vec![agent.as_ref()]),
            (None, Some(agents)) if !agents.is_empty() => Ok(agents.iter().map(|agent| agent.as_ref()).collect()),
            _ => Err("give exactly one of agent and agents (a non-empty list)".into()),
        }
    }
}

/// Serde helpers that write bytes as one standard base64 string, for JSON
/// files that carry robots.txt bodies.
pub(crate) mod base64_bytes {
    use super::BASE64;
    use base64::Engine as _;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `bytes` as base64.
    pub(crate) fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&BASE64.encode(bytes))
    }

    /// Reads base64 back into bytes.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(deserializer)?;
        BASE64.decode(text).map_err(serde::de::Error::custom)
    }
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// One answer line.
///
/// Read strictly: a line that mixes the forms (`allowed` beside `error`) or
/// adds fields is not an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub(crate) enum Reply {
    /// A verdict.
    Verdict {
        /// The request's id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// `true` when the URL may be fetched.
        allowed: bool,
        /// The deciding line, `null` when none is reported.
        line: Option<u32>,
    },
    /// The implementation cannot answer this kind of check (n/a).
    Unsupported {
        /// The request's id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// Why not.
        unsupported: String,
    },
    /// The check failed.
    Error {
        /// The request's id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// What went wrong.
        error: String,
    },
}

impl Reply {
    /// The id the answer carries.
    pub fn id(&self) -> Option<u64> {
        match self {
            Reply::Verdict { id, .. } | Reply::Unsupported { id, .. } | Reply::Error { id, .. } => *id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_whole_up_to_the_cap_and_never_past_it() {
        let mut reader = io::BufReader::new(&b"12345\n123456\n1234567\nend"[..]);
        assert_eq!(read_line(&mut reader, 6).unwrap(), Line::Whole(b"12345".to_vec()));
        assert_eq!(read_line(&mut reader, 6).unwrap(), Line::Whole(b"123456".to_vec()));
        assert_eq!(read_line(&mut reader, 6).unwrap(), Line::TooLong);
        // What is left of the long line is left unread.
        assert_eq!(read_line(&mut reader, 6).unwrap(), Line::Whole(Vec::new()));
        assert_eq!(read_line(&mut reader, 6).unwrap(), Line::Whole(b"end".to_vec()));
        assert_eq!(read_line(&mut reader, 6).unwrap(), Line::End);
    }

    #[test]
    fn an_endless_line_stops_at_the_cap() {
        // An unbounded reader would never return from this input.
        let mut endless = io::BufReader::new(io::repeat(b'x'));
        assert_eq!(read_line(&mut endless, MAX_LINE).unwrap(), Line::TooLong);
    }

    #[test]
    fn requests_round_trip_with_text_or_base64_bodies() {
        for body in [&b"User-agent: *\nDisallow: /x\n"[..], b"Allow: /\xff\n", b""] {
            let request = Request::new(Some(9), body, &[b"FooBot", b"Bar"], b"https://example.com/x?y");
            let line = serde_json::to_string(&request).unwrap();
            let back: Request = serde_json::from_str(&line).unwrap();
            assert_eq!(back, request);
            assert_eq!(back.body().unwrap(), body);
            assert_eq!(back.agents().unwrap(), ["FooBot", "Bar"]);
        }
        let line = serde_json::to_string(&Request::new(None, b"\xff", &[b"A"], b"/")).unwrap();
        assert_eq!(line, r#"{"robots_base64":"/w==","agents":["A"],"url":"/"}"#);
    }

    #[test]
    fn replies_round_trip_and_are_read_strictly() {
        for reply in [
            Reply::Verdict {
                id: Some(3),
                allowed: false,
                line: Some(3),
            },
            Reply::Verdict {
                id: None,
                allowed: true,
                line: None,
            },
            Reply::Unsupported {
                id: Some(1),
                unsupported: "one agent only".into(),
            },
            Reply::Error {
                id: None,
                error: "boom".into(),
            },
        ] {
            let line = serde_json::to_string(&reply).unwrap();
            assert_eq!(serde_json::from_str::<Reply>(&line).unwrap(), reply, "{line}");
        }
        assert_eq!(
            serde_json::to_string(&Reply::Verdict {
                id: None,
                allowed: true,
                line: Some(2)
            })
            .unwrap(),
            r#"{"allowed":true,"line":2}"#
        );
        for garbage in [
            r#"{"allowed": true, "line": 1, "error": "x"}"#,
            r#"{"allowed": "yes"}"#,
            r#"{"allowed": true, "line": -1}"#,
            "allowed",
            "{}",
        ] {
            assert!(serde_json::from_str::<Reply>(garbage).is_err(), "{garbage}");
        }
    }

    #[test]
    fn a_request_names_its_body_and_agents_once() {
        fn parse(line: &str) -> Request<'_> {
            serde_json::from_str(line).unwrap()
        }
        assert!(
            parse(r#"{"robots": "", "robots_base64": "", "agent": "A", "url": "/"}"#)
                .body()
                .is_err()
        );
        assert!(parse(r#"{"robots": "", "agent": "A", "agents": ["B"], "url": "/"}"#)
            .agents()
            .is_err());
        assert!(parse(r#"{"robots_base64": "!!", "agent": "A", "url": "/"}"#)
            .body()
            .is_err());
    }
}
