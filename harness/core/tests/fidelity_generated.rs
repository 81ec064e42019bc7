//! Fidelity bar (issue 3): on 100,000 generated checks with a fixed seed,
//! `rep` under the google profile decides exactly what Google's parser
//! decides: the same `allowed` and the same deciding line.
//!
//! The million-check run is the same comparison, longer:
//! `cargo reptest diff --iterations 1000000 --seed 1`.

use rep::Profile;
use rep_core::diff::{run, Budget, Config, Differ};
use rep_core::implementation::{describe, GoogleReference, RepImpl};
use std::sync::Arc;

const CHECKS: u64 = 100_000;
const SEED: u64 = 20_261_130;

#[test]
fn rep_google_agrees_with_google_on_100_000_generated_checks() {
    let config = Config {
        differ: Differ::new(Arc::new(RepImpl::new(Profile::GOOGLE)), Arc::new(GoogleReference)),
        budget: Budget::Checks(CHECKS),
        seed: SEED,
        corpus: &[],
        mutations: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        stop: &std::sync::atomic::AtomicBool::new(false),
    };
    let summary = run(&config, |_, _| {});
    assert!(
        summary.counts.checks >= CHECKS,
        "only {} checks ran",
        summary.counts.checks
    );
    let examples: Vec<String> = summary
        .examples
        .iter()
        .map(|e| {
            format!(
                "{} ({}): body {:?}, agents {:?}, url {:?}: rep-google {}, google {}",
                e.disagreement.class,
                e.origin,
                String::from_utf8_lossy(&e.probe.body),
                e.probe.agents,
                e.probe.url,
                describe(&e.disagreement.a),
                describe(&e.disagreement.b)
            )
        })
        .collect();
    assert!(
        summary.counts.by_class.is_empty(),
        "disagreements {:?}; first ones:\n{}",
        summary.counts.by_class,
        examples.join("\n")
    );
}
