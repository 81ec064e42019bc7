//! What a differential run found: its counts (the part a shard's file
//! carries and shards add up) and the examples kept for minimising.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use super::compare::{Disagreement, Probe};

/// A disagreement as observed, before minimising.
#[derive(Clone, Debug)]
pub struct Observed {
    /// The full input.
    pub probe: Probe,
    /// What differed.
    pub disagreement: Disagreement,
    /// Where it came from, for people.
    pub origin: String,
    /// Its place in the run's fixed order (generated input or corpus file,
    /// then check), so the examples kept do not depend on thread timing.
    pub order: String,
}

/// Disagreements kept per class for minimising and writing.
const EXAMPLES_PER_CLASS: usize = 3;

/// The outcome of a run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// What was counted.
    pub counts: Counts,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// The first failing disagreements of each class in the run's order,
    /// for minimising.
    pub examples: Vec<Observed>,
}

/// The counts of a run (or of one shard of it), as a partial run's file
/// carries them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    /// Checks run (each on both implementations).
    pub checks: u64,
    /// Bodies generated.
    pub bodies: u64,
    /// Disagreements per class, failures and explained differences alike.
    pub by_class: BTreeMap<String, u64>,
    /// For profile pairs: how often each switch was credited with an
    /// explained difference (one difference may credit several).
    pub by_switch: BTreeMap<String, u64>,
    /// Disagreements that are bugs.
    pub failures: u64,
}

impl Counts {
    /// Adds `other`, the counts of another shard of the same run.
    fn merge(&mut self, other: Counts) {
        self.checks += other.checks;
        self.bodies += other.bodies;
        for (class, count) in other.by_class {
            *self.by_class.entry(class).or_default() += count;
        }
        for (switch, count) in other.by_switch {
            *self.by_switch.entry(switch).or_default() += count;
        }
        self.failures += other.failures;
    }
}

impl Summary {
    /// Counts `observed` in, keeping it as an example when it is among the
    /// first of its class.
    pub(super) fn add(&mut self, observed: Observed) {
        let counts = &mut self.counts;
        *counts.by_class.entry(observed.disagreement.class.clone()).or_default() += 1;
        for switch in &observed.disagreement.switches {
            *counts.by_switch.entry(switch.name().to_string()).or_default() += 1;
        }
        if observed.disagreement.failure {
            counts.failures += 1;
            self.keep_example(observed);
        }
    }

    fn keep_example(&mut self, observed: Observed) {
        self.examples.push(observed);
        self.examples.sort_by(|a, b| {
            a.disagreement
                .class
                .cmp(&b.disagreement.class)
                .then_with(|| a.order.cmp(&b.order))
        });
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        self.examples.retain(|example| {
            let count = seen.entry(example.disagreement.class.clone()).or_default();
            *count += 1;
            *count <= EXAMPLES_PER_CLASS
        });
    }

    /// Adds `other`, the summary of another shard of the same run.
    pub fn merge(&mut self, other: Summary) {
        self.counts.merge(other.counts);
        self.elapsed = self.elapsed.max(other.elapsed);
        for example in other.examples {
            self.keep_example(example);
        }
    }
}

impl Summary {
    /// The run in a few lines under `header`: checks and speed, the
    /// disagreements by class, the switches credited.
    pub fn describe(&self, header: &str) -> String {
        let counts = &self.counts;
        let seconds = self.elapsed.as_secs_f64().max(1e-9);
        let mut text = format!("{header}\n");
        let _ = writeln!(
            text,
            "checks: {} on {} bodies in {seconds:.1} s = {:.0} checks/s ({:.0} implementation calls/s)",
            counts.checks,
            counts.bodies,
            counts.checks as f64 / seconds,
            2.0 * counts.checks as f64 / seconds
        );
        if counts.by_class.is_empty() {
            text.push_str("disagreements: none\n");
        } else {
            let _ = writeln!(text, "disagreements by class ({} failing):", counts.failures);
            for (class, count) in &counts.by_class {
                let _ = writeln!(text, "  {class}: {count}");
            }
        }
        if !counts.by_switch.is_empty() {
            text.push_str("switches credited with explained differences:\n");
            for (switch, count) in &counts.by_switch {
                let _ = writeln!(text, "  {switch}: {count}");
            }
        }
        text
    }
}
