//! Writes the input of the batch-path measurement to stdout: the real-world
//! corpus as `reptest check --jsonl` requests, five checks per file from the
//! file's own agents and rules, every body base64-encoded (the form a client
//! that does not know a body's encoding sends).
//!
//! `cargo run --release -p rep-bench --bin jsonl-input > checks.jsonl`

use std::io::{BufWriter, Write};

use rep_core::corpus;
use rep_core::protocol::{Request, BASE64};

use base64::Engine as _;

/// Checks per corpus file.
const CHECKS_PER_FILE: usize = 5;

fn main() {
    let files = corpus::fetch().unwrap_or_else(|error| {
        eprintln!("jsonl-input: {error}");
        std::process::exit(2);
    });
    let mut out = BufWriter::new(std::io::stdout().lock());
    for file in &files {
        let encoded = BASE64.encode(&file.body);
        for query in rep_generate::crawler_sample(&file.body, CHECKS_PER_FILE) {
            let request = Request {
                id: None,
                robots: None,
                robots_base64: Some(encoded.as_str().into()),
                agent: None,
                agents: Some(query.agents.into_iter().map(Into::into).collect()),
                url: query.url.into(),
            };
            let line = serde_json::to_string(&request).expect("a request always serialises");
            if writeln!(out, "{line}").is_err() {
                std::process::exit(1);
            }
        }
    }
}
