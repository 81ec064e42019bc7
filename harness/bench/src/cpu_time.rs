//! A criterion measurement of the benchmark thread's CPU time instead of wall
//! time. The machine these benchmarks run on is shared (two cores, several
//! compilers and fuzzers): wall time then counts the time the thread waits
//! for a core, which differs between the `rep` and the Google measurement
//! and distorts their ratio. Both parsers run single-threaded in the calling
//! thread, so its CPU time is the work done; on a quiet machine the two
//! clocks agree.

use std::time::Duration;

use cpu_time::ThreadTime;
use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// Thread CPU time, in nanoseconds like [`WallTime`].
pub struct ThreadCpuTime;

/// Lends its formatter: the values are durations in the same unit.
static WALL_TIME: WallTime = WallTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = ThreadTime;
    type Value = Duration;

    fn start(&self) -> ThreadTime {
        ThreadTime::now()
    }

    fn end(&self, started: ThreadTime) -> Duration {
        started.elapsed()
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        WALL_TIME.formatter()
    }
}
