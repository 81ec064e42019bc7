//! What the benchmarks of `rep` share: the corpus probes, the clock (the
//! benchmark thread's CPU time) and criterion's settings, and the contenders
//! that need no peer crate — `rep` itself, Google's parser and the
//! scan-only limit. The Rust peers are adapted in `benches/peers/`, since
//! only the benchmarks depend on them.
//!
//! Run everything and regenerate `reports/performance.md` with
//! `python3 harness/bench/report.py`.

use std::time::Duration;

use criterion::Criterion;

mod contenders;
mod cpu_time;
mod probes;

pub use contenders::{google_one_shot, rep_check_once, rep_one_shot, scan_only};
pub use cpu_time::ThreadCpuTime;
pub use probes::{corpus_probes, Probe, ORIGIN};

/// Ten samples, one second of warm-up and `seconds` of measurement, in
/// thread CPU time: enough for stable ratios, short enough for a shared
/// two-core machine.
pub fn config(seconds: u64) -> Criterion<ThreadCpuTime> {
    Criterion::default()
        .with_measurement(ThreadCpuTime)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(seconds))
}
