//! How often the two references — Google's parser and `rep` under the RFC
//! 9309 profile (`rep-rfc`) — disagree on the samples of a directory of
//! robots.txt files (the real-world corpus). A parser cannot be judged on a
//! check where the references part, so the crawler-like sample should keep
//! this under 1%; a high figure usually means the sample asks something no
//! crawler asks.
//!
//! ```sh
//! corpus=$(python3 tools/fetch_sdist.py --project protego --filename protego-0.7.0.tar.gz \
//!     --sha256 2c032d9736a1f4f0c4318f3558353ae34da5cd038f1a5e064ded7548df315e5a \
//!     --member tests/test_data/ | tail -1)/protego-0.7.0/tests/test_data
//! cargo run -q -p rep-generate --example reference_agreement -- "$corpus" [BUDGET] [SHOW]
//! ```
//!
//! BUDGET is the checks per file (4 by default, as the measurement asks);
//! SHOW is how many disagreements of each sample to print (10 by default).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use rep::{Profile, Robots, Switch};
use rep_generate::{crawler_sample, edge_sample, Query};

struct Tally {
    checks: usize,
    errors: usize,
    disagreements: Vec<(String, Query, bool)>,
}

fn measure(files: &[(String, Vec<u8>)], budget: usize, sample: fn(&[u8], usize) -> Vec<Query>) -> Tally {
    let mut tally = Tally {
        checks: 0,
        errors: 0,
        disagreements: Vec::new(),
    };
    for (name, body) in files {
        let robots = Robots::parse(body, Profile::RFC9309);
        for query in sample(body, budget) {
            tally.checks += 1;
            let agents: Vec<&str> = query.agents.iter().map(String::as_str).collect();
            let rfc = robots.check_agents(&agents, &query.url).allowed;
            match rep_reference::check(body, &agents, &query.url) {
                Ok(google) if google.allowed != rfc => tally.disagreements.push((name.clone(), query, google.allowed)),
                Ok(_) => {}
                Err(_) => tally.errors += 1,
            }
        }
    }
    tally
}

/// The switches that each, turned on alone in the RFC profile, give
/// Google's answer to `query` (joined by `+`), or `several` if none alone does.
fn cause(files: &[(String, Vec<u8>)], name: &str, query: &Query, google: bool) -> String {
    let body = &files
        .iter()
        .find(|(n, _)| n == name)
        .expect("the file the check came from")
        .1;
    let agents: Vec<&str> = query.agents.iter().map(String::as_str).collect();
    let alone: Vec<&str> = Switch::ALL
        .into_iter()
        .filter(|&switch| {
            let profile = Profile::RFC9309.with(switch, true);
            Robots::parse(body, profile).check_agents(&agents, &query.url).allowed == google
        })
        .map(Switch::name)
        .collect();
    if alone.is_empty() {
        "several".to_owned()
    } else {
        alone.join("+")
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: reference_agreement CORPUS_DIR [BUDGET] [SHOW]");
        return ExitCode::from(2);
    };
    let budget: usize = args.next().and_then(|b| b.parse().ok()).unwrap_or(4);
    let show: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut files = Vec::new();
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(error) => {
            eprintln!("cannot read {}: {error}", dir.display());
            return ExitCode::from(2);
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || !path.is_file() {
            continue;
        }
        match std::fs::read(&path) {
            Ok(body) => files.push((name, body)),
            Err(error) => eprintln!("skipping {}: {error}", path.display()),
        }
    }
    files.sort();
    println!("{} files, {budget} checks per file at most", files.len());
    for (label, sample) in [
        ("crawler_sample", crawler_sample as fn(&[u8], usize) -> Vec<Query>),
        ("edge_sample", edge_sample),
    ] {
        let tally = measure(&files, budget, sample);
        let queries: Vec<Query> = files.iter().flat_map(|(_, body)| sample(body, budget)).collect();
        let share = |test: &dyn Fn(&Query) -> bool| {
            100.0 * queries.iter().filter(|q| test(q)).count() as f64 / queries.len().max(1) as f64
        };
        println!(
            "{label}: absolute {:.1}%, with a query {:.1}%, agent unnamed {:.1}%, well-known {:.1}%, \
             the file's own {:.1}%",
            share(&|q| q.url.starts_with(rep_generate::ORIGIN)),
            share(&|q| q.url.contains('?')),
            share(&|q| q.agents[0] == rep_generate::UNNAMED_AGENT),
            share(&|q| rep_generate::WELL_KNOWN_CRAWLERS.contains(&q.agents[0].as_str())),
            share(&|q| q.agents[0] != rep_generate::UNNAMED_AGENT
                && !rep_generate::WELL_KNOWN_CRAWLERS.contains(&q.agents[0].as_str())),
        );
        let share = 100.0 * tally.disagreements.len() as f64 / tally.checks.max(1) as f64;
        println!(
            "{label}: {} checks, Google and rep-rfc disagree on {} ({share:.2}%), Google errors {}",
            tally.checks,
            tally.disagreements.len(),
            tally.errors
        );
        let mut by_cause: BTreeMap<String, usize> = BTreeMap::new();
        for (name, query, google) in &tally.disagreements {
            *by_cause.entry(cause(&files, name, query, *google)).or_default() += 1;
        }
        let mut by_cause: Vec<_> = by_cause.into_iter().collect();
        by_cause.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        println!("  by cause (the one switch that, turned on in rep-rfc, gives Google's answer): {by_cause:?}");
        let mut by_agent: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, query, _) in &tally.disagreements {
            *by_agent.entry(query.agents[0].as_str()).or_default() += 1;
        }
        let mut by_agent: Vec<_> = by_agent.into_iter().collect();
        by_agent.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        println!("  by agent: {:?}", &by_agent[..by_agent.len().min(8)]);
        for (name, query, google) in tally.disagreements.iter().take(show) {
            println!(
                "  {name}: agent {:?}, url {:?}: google {}, rep-rfc {}",
                query.agents[0],
                query.url,
                if *google { "allowed" } else { "disallowed" },
                if *google { "disallowed" } else { "allowed" }
            );
        }
    }
    ExitCode::SUCCESS
}
