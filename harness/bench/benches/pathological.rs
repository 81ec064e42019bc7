//! Worst cases, each one-shot (parse + one check):
//! `pathological/<input>/rep` (`Robots::parse` + `check`) and
//! `pathological/<input>/rep_check_once` against
//! `pathological/<input>/google` and each Rust peer. `rep` must never take
//! more than 10× Google's time on any one, and less than every peer.

use std::fmt::Write;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode};
use rep_bench::{corpus_probes, google_one_shot, rep_check_once, rep_one_shot, ThreadCpuTime};

mod peers;

use peers::{guarded, Peer, PeerProbe};

/// The URL length the issue names as the worst a crawler will see.
const LONG_URL: usize = 2048;
/// The 500 KiB parse limit, in bytes.
const LIMIT_BYTES: usize = 512_000;

struct Input {
    name: &'static str,
    body: Vec<u8>,
    agent: Vec<u8>,
    url: Vec<u8>,
}

impl Input {
    fn new(name: &'static str, body: String, url: String) -> Input {
        Input {
            name,
            body: body.into_bytes(),
            agent: b"ExampleBot".to_vec(),
            url: url.into_bytes(),
        }
    }
}

/// `https://example.com` followed by `path_start`, then `fill` repeated, cut
/// to exactly [`LONG_URL`] bytes.
fn long_url(path_start: &str, fill: &str) -> String {
    let mut url = format!("https://example.com{path_start}");
    while url.len() < LONG_URL {
        url.push_str(fill);
    }
    url.truncate(LONG_URL);
    url
}

/// 400 `*a` pieces and then a `b` the URL never contains: every piece is
/// found, the last is not; once open-ended, once anchored with `$`.
fn wildcard_chain() -> Input {
    let chain = "*a".repeat(400);
    let body = format!("User-agent: *\nDisallow: /{chain}*b\nAllow: /{chain}*b$\n");
    Input::new("wildcard_chain", body, long_url("/", "a"))
}

/// 10,000 rules in one group, none matching, each failing only near the end
/// of its literal prefix.
fn ten_thousand_rules() -> Input {
    let mut body = String::from("User-agent: *\n");
    for i in 0..10_000 {
        let key = if i % 4 == 0 { "Allow" } else { "Disallow" };
        writeln!(body, "{key}: /section{i:05}/item*.html").expect("writing to a String");
    }
    Input::new(
        "ten_thousand_rules",
        body,
        "https://example.com/section99999/item/page.html".to_owned(),
    )
}

/// An ordinary group of 60 rules (prefixes, query wildcards, anchored
/// extensions) against a 2,048-byte URL that none of them matches.
fn url_2kb() -> Input {
    let mut body = String::from("User-agent: *\n");
    for i in 0..20 {
        writeln!(body, "Disallow: /dir{i}/\nDisallow: /*?param{i}=\nAllow: /*.ext{i}$").expect("writing to a String");
    }
    Input::new("url_2kb", body, long_url("/", "segment/"))
}

/// 512,000 bytes of rules, each the 26 letters in a rotated order joined by
/// `*` (every third one anchored), against a 2,048-byte URL of the letters
/// without `z`: the pieces before `z` are found, `z` never is.
fn wildcard_500k() -> Input {
    let letters: Vec<char> = ('a'..='z').collect();
    let mut body = String::from("User-agent: *\n");
    let mut rule = 0;
    while body.len() < LIMIT_BYTES {
        let pieces: Vec<String> = (0..26).map(|k| letters[(rule + k) % 26].to_string()).collect();
        let anchor = if rule % 3 == 0 { "$" } else { "" };
        writeln!(body, "Disallow: /*{}{anchor}", pieces.join("*")).expect("writing to a String");
        rule += 1;
    }
    body.truncate(LIMIT_BYTES);
    Input::new("wildcard_500k", body, long_url("/", "abcdefghijklmnopqrstuvwxy"))
}

/// The largest file of the real-world corpus (about 1.3 MB), with a URL from
/// its first rule.
fn largest_corpus_file() -> Input {
    let probe = corpus_probes(1)
        .into_iter()
        .max_by_key(|probe| probe.body.len())
        .expect("the corpus is not empty");
    Input {
        name: "largest_corpus_file",
        body: probe.body,
        agent: probe.agent,
        url: probe.urls.into_iter().next().expect("one URL per probe"),
    }
}

fn bench_peer<P: Peer>(group: &mut BenchmarkGroup<'_, ThreadCpuTime>, input: &Input) {
    let probe = PeerProbe::new(&rep_bench::Probe {
        body: input.body.clone(),
        agent: input.agent.clone(),
        urls: vec![input.url.clone()],
    });
    peers::report_failures::<P>(std::slice::from_ref(&probe));
    group.bench_with_input(BenchmarkId::new(input.name, P::NAME), &probe, |b, probe| {
        b.iter(|| black_box(guarded(|| P::one_shot(probe, &probe.urls[0]))))
    });
}

fn pathological(c: &mut Criterion<ThreadCpuTime>) {
    peers::silence_panics();
    let inputs = [
        wildcard_chain(),
        ten_thousand_rules(),
        url_2kb(),
        wildcard_500k(),
        largest_corpus_file(),
    ];
    let mut group = c.benchmark_group("pathological");
    group.sampling_mode(SamplingMode::Flat);
    for input in &inputs {
        group.bench_with_input(BenchmarkId::new(input.name, "rep"), input, |b, input| {
            b.iter(|| black_box(rep_one_shot(&input.body, &input.agent, &input.url)))
        });
        group.bench_with_input(BenchmarkId::new(input.name, "rep_check_once"), input, |b, input| {
            b.iter(|| black_box(rep_check_once(&input.body, &input.agent, &input.url)))
        });
        group.bench_with_input(BenchmarkId::new(input.name, "google"), input, |b, input| {
            b.iter(|| black_box(google_one_shot(&input.body, &input.agent, &input.url)))
        });
        bench_peer::<peers::RobotsTxt>(&mut group, input);
        bench_peer::<peers::TextingRobots>(&mut group, input);
        bench_peer::<peers::RobotParser>(&mut group, input);
        bench_peer::<peers::RobotsTxtCrate>(&mut group, input);
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = rep_bench::config(3);
    targets = pathological
}
criterion_main!(benches);
