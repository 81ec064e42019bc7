//! Parse once, check 100 URLs: `rep`'s cost per check, against Google's
//! one-shot cost for the same (file, URL) pairs (Google's API re-parses the
//! body on every call). Over a fixed sample of the real-world corpus: every
//! `STRIDE`-th file in name order, 100 URLs each derived from its rules.
//! Every function's throughput is in checks, so criterion's per-element time
//! is the per-check cost. Each Rust peer parses once per file inside the
//! timing, then checks the file's 100 URLs (`robotstxt` has no parsed form,
//! so its every check parses).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput};
use rep::{Profile, Robots};
use rep_bench::{corpus_probes, google_one_shot, rep_check_once, Probe, ThreadCpuTime};

mod peers;

use peers::{guarded, Peer, PeerProbe};

/// URLs checked per parsed file.
const URLS_PER_FILE: usize = 100;
/// One file in `STRIDE` of the corpus: Google's side costs a full parse per
/// check, so the whole corpus would take minutes per sample.
const STRIDE: usize = 40;

fn bench_peer<P: Peer>(group: &mut BenchmarkGroup<'_, ThreadCpuTime>, probes: &[PeerProbe], google: &[bool]) {
    peers::report_failures::<P>(probes);
    peers::report_disagreements::<P>("check_many", probes, google);
    group.bench_function(format!("{}_parse_once", P::NAME), |b| {
        b.iter(|| {
            for probe in probes {
                let parsed = P::parse(probe);
                for url in &probe.urls {
                    black_box(guarded(|| P::check(&parsed, probe, url)));
                }
            }
        })
    });
}

fn check_many(c: &mut Criterion<ThreadCpuTime>) {
    peers::silence_panics();
    let probes: Vec<Probe> = corpus_probes(URLS_PER_FILE).into_iter().step_by(STRIDE).collect();
    let parsed: Vec<Robots> = probes
        .iter()
        .map(|probe| Robots::parse(&probe.body, Profile::GOOGLE))
        .collect();
    let checks = (probes.len() * URLS_PER_FILE) as u64;
    let mut group = c.benchmark_group("check_many");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(checks));
    // The check alone, on bodies parsed before the measurement.
    group.bench_function("rep_check", |b| {
        b.iter(|| {
            for (probe, robots) in probes.iter().zip(&parsed) {
                for url in &probe.urls {
                    black_box(robots.check_bytes(&[&probe.agent], url).allowed);
                }
            }
        })
    });
    // One parse per file and its 100 checks: the parse amortised.
    group.bench_function("rep_parse_once", |b| {
        b.iter(|| {
            for probe in &probes {
                let robots = Robots::parse(&probe.body, Profile::GOOGLE);
                for url in &probe.urls {
                    black_box(robots.check_bytes(&[&probe.agent], url).allowed);
                }
            }
        })
    });
    group.bench_function("rep_check_once", |b| {
        b.iter(|| {
            for probe in &probes {
                for url in &probe.urls {
                    black_box(rep_check_once(&probe.body, &probe.agent, url));
                }
            }
        })
    });
    group.bench_function("google_one_shot", |b| {
        b.iter(|| {
            for probe in &probes {
                for url in &probe.urls {
                    black_box(google_one_shot(&probe.body, &probe.agent, url));
                }
            }
        })
    });
    let peer_probes: Vec<PeerProbe> = probes.iter().map(PeerProbe::new).collect();
    // Google's answers, in probe then URL order, for judging the peers':
    // a peer that answers differently is not doing the same work.
    let google: Vec<bool> = probes
        .iter()
        .flat_map(|probe| {
            probe
                .urls
                .iter()
                .map(|url| google_one_shot(&probe.body, &probe.agent, url))
        })
        .collect();
    let rep: Vec<bool> = probes
        .iter()
        .zip(&parsed)
        .flat_map(|(probe, robots)| {
            probe
                .urls
                .iter()
                .map(|url| robots.check_bytes(&[&probe.agent], url).allowed)
        })
        .collect();
    peers::report_answers("check_many", "rep", &rep, &google);
    bench_peer::<peers::RobotsTxt>(&mut group, &peer_probes, &google);
    bench_peer::<peers::TextingRobots>(&mut group, &peer_probes, &google);
    bench_peer::<peers::RobotParser>(&mut group, &peer_probes, &google);
    bench_peer::<peers::RobotsTxtCrate>(&mut group, &peer_probes, &google);
    group.finish();
}

criterion_group! {
    name = benches;
    config = rep_bench::config(10);
    targets = check_many
}
criterion_main!(benches);
