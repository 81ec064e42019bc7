//! One-shot throughput, Google's usage model: for every file of the
//! real-world corpus, parse the body and check one URL derived from its
//! first rule. One iteration covers all 4,231 files, so the throughput is in
//! files per second: `one_shot/rep_check_once` (the one-pass API) and
//! `one_shot/rep` (`Robots::parse` then `check`) against `one_shot/google`,
//! each Rust peer, and `one_shot/scan_only`, the time to find every line end
//! and do nothing else.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput};
use rep_bench::{corpus_probes, google_one_shot, rep_check_once, rep_one_shot, scan_only, ThreadCpuTime};

mod peers;

use peers::{guarded, Peer, PeerProbe};

fn bench_peer<P: Peer>(group: &mut BenchmarkGroup<'_, ThreadCpuTime>, probes: &[PeerProbe], google: &[bool]) {
    peers::report_failures::<P>(probes);
    peers::report_disagreements::<P>("one_shot", probes, google);
    group.bench_function(P::NAME, |b| {
        b.iter(|| {
            for probe in probes {
                black_box(guarded(|| P::one_shot(probe, &probe.urls[0])));
            }
        })
    });
}

fn one_shot(c: &mut Criterion<ThreadCpuTime>) {
    peers::silence_panics();
    let probes = corpus_probes(1);
    let peer_probes: Vec<PeerProbe> = probes.iter().map(PeerProbe::new).collect();
    let mut group = c.benchmark_group("one_shot");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(probes.len() as u64));
    group.bench_function("scan_only", |b| {
        b.iter(|| {
            for probe in &probes {
                black_box(scan_only(&probe.body));
            }
        })
    });
    group.bench_function("rep_check_once", |b| {
        b.iter(|| {
            for probe in &probes {
                black_box(rep_check_once(&probe.body, &probe.agent, &probe.urls[0]));
            }
        })
    });
    group.bench_function("rep", |b| {
        b.iter(|| {
            for probe in &probes {
                black_box(rep_one_shot(&probe.body, &probe.agent, &probe.urls[0]));
            }
        })
    });
    group.bench_function("google", |b| {
        b.iter(|| {
            for probe in &probes {
                black_box(google_one_shot(&probe.body, &probe.agent, &probe.urls[0]));
            }
        })
    });
    // Google's answers, to say how often each peer's differ.
    let google: Vec<bool> = probes
        .iter()
        .map(|probe| google_one_shot(&probe.body, &probe.agent, &probe.urls[0]))
        .collect();
    bench_peer::<peers::RobotsTxt>(&mut group, &peer_probes, &google);
    bench_peer::<peers::TextingRobots>(&mut group, &peer_probes, &google);
    bench_peer::<peers::RobotParser>(&mut group, &peer_probes, &google);
    bench_peer::<peers::RobotsTxtCrate>(&mut group, &peer_probes, &google);
    group.finish();
}

criterion_group! {
    name = benches;
    config = rep_bench::config(8);
    targets = one_shot
}
criterion_main!(benches);
