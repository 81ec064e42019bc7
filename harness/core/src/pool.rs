//! Work spread over a few threads: each item's own work stays in one thread
//! and in order (an adapter answers one question at a time), the items run
//! side by side, and the results come back in the items' order whatever
//! finished first. The runner's cases, the adapters' suite runs and the
//! measurement of parsers all go through it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The threads worth starting: one per core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `work(item)` for every item of `items`, on at most `threads` threads;
/// the results in the order of `items`.
///
/// ```
/// use rep_core::pool::each;
/// assert_eq!(each(&[1, 2, 3], 2, |n| n * 10), vec![10, 20, 30]);
/// ```
pub fn each<T: Sync, R: Send>(items: &[T], threads: usize, work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(index) else { break };
                let result = work(item);
                results.lock().unwrap_or_else(|p| p.into_inner())[index] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        // Every index below items.len() was taken by exactly one thread, and
        // a panic in `work` would have ended the scope with it.
        .map(|result| result.expect("every item was worked on"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_order_of_the_items() {
        let items: Vec<u64> = (0..50).collect();
        // Early items take longest, so they finish last.
        let got = each(&items, 4, |n| {
            std::thread::sleep(std::time::Duration::from_millis(50 - n));
            n * 2
        });
        assert_eq!(got, items.iter().map(|n| n * 2).collect::<Vec<_>>());
    }

    #[test]
    fn no_items_no_results() {
        assert!(each(&[] as &[u8], 3, |_| 1).is_empty());
    }
}
