//! One pass of one contender over the corpus (one-shot, the URL of
//! `one_shot`), for instruction counting: `valgrind --tool=callgrind
//! --collect-atstart=no --toggle-collect='*measured_pass*' <this binary>
//! <contender>`. Instruction counts repeat exactly on a loaded machine, so
//! they say where time goes when times are noisy. `report.py` runs it for
//! each contender; with no contender named it lists them.

use rep_bench::{corpus_probes, google_one_shot, rep_check_once, rep_one_shot, scan_only, Probe};

/// The contenders, by the name given on the command line.
const CONTENDERS: [&str; 4] = ["scan_only", "rep_check_once", "rep", "google"];

/// The work being counted, kept out of line so that callgrind can switch
/// collection on for it alone.
#[inline(never)]
fn measured_pass(contender: &str, probes: &[Probe]) -> usize {
    let mut outcome = 0;
    for probe in probes {
        let (body, agent, url) = (&probe.body, &probe.agent, &probe.urls[0]);
        outcome += match contender {
            "scan_only" => scan_only(body),
            "rep_check_once" => usize::from(rep_check_once(body, agent, url)),
            "rep" => usize::from(rep_one_shot(body, agent, url)),
            _ => usize::from(google_one_shot(body, agent, url)),
        };
    }
    outcome
}

fn main() {
    // `cargo bench` appends `--bench`; only the contender's name matters.
    let Some(contender) = std::env::args().skip(1).find(|arg| CONTENDERS.contains(&arg.as_str())) else {
        eprintln!("usage: instructions <{}>", CONTENDERS.join("|"));
        return;
    };
    let probes = corpus_probes(1);
    let bytes: usize = probes.iter().map(|probe| probe.body.len()).sum();
    let outcome = measured_pass(&contender, &probes);
    println!("{contender}: {} files, {bytes} bytes, outcome {outcome}", probes.len());
}
