//! One-shot throughput, Google's usage model: for every file of the
//! real-world corpus, parse the body and check one URL derived from its
//! first rule. One iteration covers all 4,231 files, so the throughput is in
//! files per second: `one_shot/rep_check_once` (the one-pass API) and
//! `one_shot/rep` (`Robots::parse` then `check`) against `one_shot/google`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

mod support;

/// `rep`'s one-pass API for Google's usage model: nothing is kept, and
/// groups that cannot apply are not matched.
fn rep_check_once(body: &[u8], agent: &[u8], url: &[u8]) -> bool {
    rep::check_once(body, rep::Profile::GOOGLE, &[agent], url).allowed
}

fn one_shot(c: &mut Criterion<support::ThreadCpuTime>) {
    let probes = support::corpus_probes(1);
    let mut group = c.benchmark_group("one_shot");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(probes.len() as u64));
    group.bench_function("rep", |b| {
        b.iter(|| {
            for probe in &probes {
                black_box(support::rep_one_shot(&probe.body, &probe.agent, &probe.urls[0]));
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
    group.bench_function("google", |b| {
        b.iter(|| {
            for probe in &probes {
                black_box(support::google_one_shot(&probe.body, &probe.agent, &probe.urls[0]));
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = support::config(8);
    targets = one_shot
}
criterion_main!(benches);
