//! Heap held by a parsed `Robots`, relative to its body, over the corpus.
//!
//! Not a criterion benchmark: a counting global allocator records the bytes
//! live after `Robots::parse` returns (everything the value owns, capacity
//! included) and the peak while it ran. Prints one JSON object on stdout
//! (read by `report.py`) and a summary on stderr. Run alone with
//! `cargo bench -p rep-bench --bench memory`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use rep::{Profile, Robots};

/// Counts the bytes live on the heap and their high-water mark.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        grew(new_size);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One file's figures, in bytes.
struct Measured {
    name: String,
    body: usize,
    kept: usize,
    peak: usize,
}

/// Parses `body` and returns (heap kept by the result, peak heap during the
/// parse), both counted from what was live before.
fn measure(body: &[u8]) -> (usize, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let robots = Robots::parse(body, Profile::GOOGLE);
    let kept = LIVE.load(Ordering::Relaxed) - before;
    let peak = PEAK.load(Ordering::Relaxed) - before;
    drop(std::hint::black_box(robots));
    (kept, peak)
}

fn percentile(sorted: &[f64], fraction: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
}

fn main() {
    let files = rep_core::corpus::fetch().unwrap_or_else(|error| panic!("benchmark corpus unavailable: {error}"));
    let measured: Vec<Measured> = files
        .iter()
        .map(|file| {
            let (kept, peak) = measure(&file.body);
            Measured {
                name: file.name.clone(),
                body: file.body.len(),
                kept,
                peak,
            }
        })
        .collect();
    // An empty body has no size to be relative to; its heap is reported
    // in the totals only.
    let sized: Vec<&Measured> = measured.iter().filter(|file| file.body > 0).collect();
    let mut ratios: Vec<f64> = sized.iter().map(|file| file.kept as f64 / file.body as f64).collect();
    ratios.sort_by(f64::total_cmp);
    let worst = sized
        .iter()
        .max_by(|a, b| (a.kept as f64 / a.body as f64).total_cmp(&(b.kept as f64 / b.body as f64)))
        .expect("the corpus has non-empty files");
    let total_body: usize = measured.iter().map(|file| file.body).sum();
    let total_kept: usize = measured.iter().map(|file| file.kept).sum();
    let max_peak_ratio = sized
        .iter()
        .map(|file| file.peak as f64 / file.body as f64)
        .fold(0.0, f64::max);
    let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
    eprintln!(
        "memory: {} files ({} empty); kept/body mean {mean:.2}×, median {:.2}×, worst {:.2}× ({}, {} bytes), \
         all files {:.2}×",
        measured.len(),
        measured.len() - sized.len(),
        percentile(&ratios, 0.5),
        ratios[ratios.len() - 1],
        worst.name,
        worst.body,
        total_kept as f64 / total_body as f64,
    );
    println!(
        "{{\"files\": {}, \"empty_files\": {}, \"mean_ratio\": {mean:.4}, \"median_ratio\": {:.4}, \
         \"p90_ratio\": {:.4}, \"worst_ratio\": {:.4}, \"worst_file\": {:?}, \"worst_body_bytes\": {}, \
         \"worst_kept_bytes\": {}, \"total_body_bytes\": {total_body}, \"total_kept_bytes\": {total_kept}, \
         \"max_peak_ratio\": {max_peak_ratio:.4}}}",
        measured.len(),
        measured.len() - sized.len(),
        percentile(&ratios, 0.5),
        percentile(&ratios, 0.9),
        ratios[ratios.len() - 1],
        worst.name,
        worst.body,
        worst.kept,
    );
}
