//! A differential run ends when its stop flag is set (as `reptest diff`'s
//! SIGINT and SIGTERM handlers set it), summarising what it checked so far,
//! however large its budget.

use rep::Profile;
use rep_core::diff::{run, Budget, Config, Differ};
use rep_core::implementation::RepImpl;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[test]
fn a_run_stops_when_its_flag_is_set_and_counts_what_it_checked() {
    let stop = AtomicBool::new(false);
    let config = Config {
        differ: Differ::new(
            Arc::new(RepImpl::new(Profile::RFC9309)),
            Arc::new(RepImpl::new(Profile::GOOGLE)),
        ),
        budget: Budget::Checks(u64::MAX),
        seed: 1,
        corpus: &[],
        mutations: 1,
        threads: 2,
        stop: &stop,
    };
    let summary = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        run(&config, |_, _| {})
    });
    assert!(stop.load(Ordering::Relaxed));
    assert!(
        summary.counts.checks > 0 && summary.counts.checks < u64::MAX,
        "{}",
        summary.counts.checks
    );
    assert!(summary.counts.bodies > 0);
}
