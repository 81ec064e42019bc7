//! Worst cases, each one-shot (parse + one check):
//! `pathological/<input>/rep` (`Robots::parse` + `check`) and
//! `pathological/<input>/rep_check_once` against
//! `pathological/<input>/google` and each Rust peer. `rep` must never take
//! more than 10× Google's time on any one, and less than every peer.
//!
//! Some peers take minutes on some inputs, and criterion needs at least
//! eleven calls. So each peer's call is first tried once in a child process
//! (this binary, with `REP_BENCH_ONE_CALL=<input>/<peer>`); one that has not
//! finished within [`PEER_CALL_LIMIT`] is killed and reported as such
//! instead of measured: on stderr, and as a line `<input>/<peer>` in the
//! file named by `REP_BENCH_TIMEOUTS`, if set (`report.py` reads it).

use std::fmt::Write;
use std::io::{BufRead, BufReader, Write as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{black_box, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode};
use rep_bench::{corpus_probes, google_one_shot, rep_check_once, rep_one_shot, ThreadCpuTime, ORIGIN};

mod peers;

use peers::{guarded, Peer, PeerProbe};

/// The URL length the issue names as the worst a crawler will see.
const LONG_URL: usize = 2048;
/// The 500 KiB parse limit, in bytes.
const LIMIT_BYTES: usize = 512_000;
/// The longest a peer's single call may take before it is reported as not
/// finishing rather than measured (`rep` takes at most milliseconds).
const PEER_CALL_LIMIT: Duration = Duration::from_secs(1);
/// Names the one call a child process makes.
const ONE_CALL_VAR: &str = "REP_BENCH_ONE_CALL";
/// Names the file that lists the calls that did not finish.
const TIMEOUTS_VAR: &str = "REP_BENCH_TIMEOUTS";

struct Input {
    body: Vec<u8>,
    agent: Vec<u8>,
    /// The URL timed.
    url: Vec<u8>,
    /// Paths (after [`ORIGIN`]) that the input's rules do match, checked
    /// untimed beside `url`: on them an answer shows whether a contender
    /// matched the rules or passed over them.
    matching: Vec<String>,
}

impl Input {
    fn new(body: String, url: String, matching: &[String]) -> Input {
        Input {
            body: body.into_bytes(),
            agent: b"ExampleBot".to_vec(),
            url: url.into_bytes(),
            matching: matching.iter().map(|path| format!("{ORIGIN}{path}")).collect(),
        }
    }

    /// Every URL whose answers are compared with Google's: the timed one first.
    fn answer_urls(&self) -> Vec<Vec<u8>> {
        let matching = self.matching.iter().map(|url| url.clone().into_bytes());
        std::iter::once(self.url.clone()).chain(matching).collect()
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
    let run = "a".repeat(800);
    Input::new(body, long_url("/", "a"), &[format!("/{run}bc"), format!("/{run}b")])
}

/// 10,000 rules in one group, none matching, each failing only near the end
/// of its literal prefix.
fn ten_thousand_rules() -> Input {
    let mut body = String::from("User-agent: *\n");
    for i in 0..10_000 {
        let key = if i % 4 == 0 { "Allow" } else { "Disallow" };
        writeln!(body, "{key}: /section{i:05}/item*.html").expect("writing to a String");
    }
    let matching = [
        "/section00042/item7.html".to_owned(),
        "/section00040/item.html".to_owned(),
    ];
    Input::new(
        body,
        "https://example.com/section99999/item/page.html".to_owned(),
        &matching,
    )
}

/// An ordinary group of 60 rules (prefixes, query wildcards, anchored
/// extensions) against a 2,048-byte URL that none of them matches.
fn url_2kb() -> Input {
    let mut body = String::from("User-agent: *\n");
    for i in 0..20 {
        writeln!(body, "Disallow: /dir{i}/\nDisallow: /*?param{i}=\nAllow: /*.ext{i}$").expect("writing to a String");
    }
    let matching = ["/dir3/x".to_owned(), "/a?param5=1".to_owned(), "/x.ext2".to_owned()];
    Input::new(body, long_url("/", "segment/"), &matching)
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
    let matching = [
        "/abcdefghijklmnopqrstuvwxyz".to_owned(),
        "/zbcdefghijklmnopqrstuvwxyza".to_owned(),
    ];
    Input::new(body, long_url("/", "abcdefghijklmnopqrstuvwxy"), &matching)
}

/// The largest file of the real-world corpus (about 1.3 MB), with a URL from
/// its first rule.
fn largest_corpus_file() -> Input {
    let probe = corpus_probes(1)
        .into_iter()
        .max_by_key(|probe| probe.body.len())
        .expect("the corpus is not empty");
    Input {
        body: probe.body,
        agent: probe.agent,
        url: probe.urls.into_iter().next().expect("one URL per probe"),
        matching: Vec::new(),
    }
}

/// The input as a peer takes it: its first URL is the one timed, the
/// others are [`Input::matching`].
fn peer_probe(input: &Input) -> PeerProbe {
    PeerProbe::new(&rep_bench::Probe {
        body: input.body.clone(),
        agent: input.agent.clone(),
        urls: input.answer_urls(),
    })
}

/// Whether one call of `peer` on `input`, in a child process, finishes
/// within [`PEER_CALL_LIMIT`], counted from when the child says its input is
/// ready. A child that cannot be run counts as not finishing, with the
/// reason on stderr.
fn finishes_in_time(input: &str, peer: &str) -> bool {
    let spawned = std::env::current_exe().and_then(|exe| {
        Command::new(exe)
            .env(ONE_CALL_VAR, format!("{input}/{peer}"))
            .stdout(Stdio::piped())
            .spawn()
    });
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            eprintln!("pathological: cannot run {input}/{peer} in a child process: {error}");
            return false;
        }
    };
    let mut ready = String::new();
    if let Some(stdout) = child.stdout.take() {
        // Returns at the child's "ready" line, or when it exits early.
        let _ = BufReader::new(stdout).read_line(&mut ready);
    }
    let started = Instant::now();
    while started.elapsed() < PEER_CALL_LIMIT {
        if let Ok(Some(status)) = child.try_wait() {
            return status.success();
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    // Killing fails only if the child has just exited; either way it is gone.
    let _ = child.kill();
    let _ = child.wait();
    false
}

/// Records that `input/peer` did not finish in time.
fn report_timeout(input: &str, peer: &str) {
    eprintln!(
        "pathological: {peer} did not finish one call on {input} within {:?}; not measured",
        PEER_CALL_LIMIT
    );
    if let Ok(path) = std::env::var(TIMEOUTS_VAR) {
        let appended = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut file| writeln!(file, "{input}/{peer}"));
        if let Err(error) = appended {
            eprintln!("pathological: cannot record the timeout in {path}: {error}");
        }
    }
}

fn bench_peer<P: Peer>(group: &mut BenchmarkGroup<'_, ThreadCpuTime>, name: &str, input: &Input, google: &[bool]) {
    if !finishes_in_time(name, P::NAME) {
        report_timeout(name, P::NAME);
        return;
    }
    let probe = peer_probe(input);
    peers::report_failures::<P>(std::slice::from_ref(&probe));
    peers::report_disagreements::<P>(&format!("pathological {name}"), std::slice::from_ref(&probe), google);
    group.bench_with_input(BenchmarkId::new(name, P::NAME), &probe, |b, probe| {
        b.iter(|| black_box(guarded(|| P::one_shot(probe, &probe.urls[0]))))
    });
}

/// Builds one input.
type BuildInput = fn() -> Input;

/// Every input, by the name it is built under.
const INPUTS: [(&str, BuildInput); 5] = [
    ("wildcard_chain", wildcard_chain),
    ("ten_thousand_rules", ten_thousand_rules),
    ("url_2kb", url_2kb),
    ("wildcard_500k", wildcard_500k),
    ("largest_corpus_file", largest_corpus_file),
];

fn pathological(c: &mut Criterion<ThreadCpuTime>) {
    peers::silence_panics();
    let mut group = c.benchmark_group("pathological");
    group.sampling_mode(SamplingMode::Flat);
    for (name, build) in INPUTS {
        let input = &build();
        group.bench_with_input(BenchmarkId::new(name, "rep"), input, |b, input| {
            b.iter(|| black_box(rep_one_shot(&input.body, &input.agent, &input.url)))
        });
        group.bench_with_input(BenchmarkId::new(name, "rep_check_once"), input, |b, input| {
            b.iter(|| black_box(rep_check_once(&input.body, &input.agent, &input.url)))
        });
        group.bench_with_input(BenchmarkId::new(name, "google"), input, |b, input| {
            b.iter(|| black_box(google_one_shot(&input.body, &input.agent, &input.url)))
        });
        let urls = input.answer_urls();
        let google: Vec<bool> = urls
            .iter()
            .map(|url| google_one_shot(&input.body, &input.agent, url))
            .collect();
        let rep: Vec<bool> = urls
            .iter()
            .map(|url| rep_one_shot(&input.body, &input.agent, url))
            .collect();
        peers::report_answers(&format!("pathological {name}"), "rep", &rep, &google);
        bench_peer::<peers::RobotsTxt>(&mut group, name, input, &google);
        bench_peer::<peers::TextingRobots>(&mut group, name, input, &google);
        bench_peer::<peers::RobotParser>(&mut group, name, input, &google);
        bench_peer::<peers::RobotsTxtCrate>(&mut group, name, input, &google);
    }
    group.finish();
}

/// The child's side of [`finishes_in_time`]: one call, then exit.
fn one_call(which: &str) {
    let (input_name, peer) = which.split_once('/').expect("REP_BENCH_ONE_CALL is <input>/<peer>");
    let (_, build) = INPUTS
        .into_iter()
        .find(|(name, _)| *name == input_name)
        .unwrap_or_else(|| panic!("no pathological input named {input_name}"));
    let probe = peer_probe(&build());
    let url = &probe.urls[0];
    peers::silence_panics();
    println!("ready");
    black_box(match peer {
        peers::RobotsTxt::NAME => guarded(|| peers::RobotsTxt::one_shot(&probe, url)),
        peers::TextingRobots::NAME => guarded(|| peers::TextingRobots::one_shot(&probe, url)),
        peers::RobotParser::NAME => guarded(|| peers::RobotParser::one_shot(&probe, url)),
        peers::RobotsTxtCrate::NAME => guarded(|| peers::RobotsTxtCrate::one_shot(&probe, url)),
        _ => panic!("no peer named {peer}"),
    });
}

fn main() {
    if let Ok(which) = std::env::var(ONE_CALL_VAR) {
        one_call(&which);
        return;
    }
    let mut criterion = rep_bench::config(3).configure_from_args();
    pathological(&mut criterion);
    criterion.final_summary();
}
