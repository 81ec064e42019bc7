//! One pass of one contender over the corpus (one-shot, the URL of
//! `one_shot`; or, for `rep_parse_once`, the `check_many` sample parsed once
//! and checked 100 times per file), for instruction counting: `valgrind --tool=callgrind
//! --collect-atstart=no --toggle-collect='*measured_pass*' <this binary>
//! <contender>`. Instruction counts repeat exactly on a loaded machine, so
//! they say where time goes when times are noisy. `report.py` runs it for
//! each contender; with no contender named it lists them.

use rep::{Profile, Robots};
use rep_bench::{corpus_probes, google_one_shot, rep_check_once, rep_one_shot, scan_only, Probe};

/// The contenders, by the name given on the command line.
const CONTENDERS: [&str; 5] = ["scan_only", "rep_check_once", "rep", "google", "rep_parse_once"];
/// The shape of the `check_many` benchmark: URLs per file, one file in so many.
const URLS_PER_FILE: usize = 100;
const STRIDE: usize = 40;

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

/// `check_many/rep_parse_once`: each file parsed once, then checked.
#[inline(never)]
fn measured_pass_parse_once(probes: &[Probe]) -> usize {
    let mut allowed = 0;
    for probe in probes {
        let robots = Robots::parse(&probe.body, Profile::GOOGLE);
        for url in &probe.urls {
            allowed += usize::from(robots.check_bytes(&[&probe.agent], url).allowed);
        }
    }
    allowed
}

fn main() {
    // `cargo bench` appends `--bench`; only the contender's name matters.
    let Some(contender) = std::env::args().skip(1).find(|arg| CONTENDERS.contains(&arg.as_str())) else {
        eprintln!("usage: instructions <{}>", CONTENDERS.join("|"));
        return;
    };
    let probes: Vec<Probe> = if contender == "rep_parse_once" {
        corpus_probes(URLS_PER_FILE).into_iter().step_by(STRIDE).collect()
    } else {
        corpus_probes(1)
    };
    let bytes: usize = probes.iter().map(|probe| probe.body.len()).sum();
    let outcome = if contender == "rep_parse_once" {
        measured_pass_parse_once(&probes)
    } else {
        measured_pass(&contender, &probes)
    };
    println!("{contender}: {} files, {bytes} bytes, outcome {outcome}", probes.len());
}
