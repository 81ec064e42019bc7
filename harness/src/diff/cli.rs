//! `reptest diff` and `reptest promote`: argument parsing, progress on a
//! terminal, the closing summary, minimising and writing findings.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::cli::{default_cases_dir, Args, ImplChoice, UsageError, IMPL_HELP};
use crate::corpus;
use crate::generate::Generated;

use super::compare::{Differ, Probe};
use super::engine::Engine;
use super::finding::{promote, Finding};
use super::minimise::minimise;
use super::run::{run, Budget, Config, Observed, Summary};

/// Checks run when neither `--iterations` nor `--seconds` is given.
const DEFAULT_CHECKS: u64 = 100_000;

const DIFF_USAGE: &str = "usage: reptest diff [--impl A --impl B] [--iterations N | --seconds S] [--seed N]
                    [--corpus DIR|real-world|cases] [--threads N] [--findings DIR] [--max-findings N]
       reptest diff [--impl A --impl B] --replay TARGET FILE [--findings DIR]
  --impl         rep-google, rep-rfc or google (default: --impl rep-google --impl google);
                 an external parser instead with --adapter or --command (below), listed after
                 the built-ins; deciding lines are compared only when both sides report them
  --iterations   checks to run (default 100000); --seconds: run for this long instead
  --seed         names the generated stream (default 0); the same seed replays the same inputs
  --corpus       also mutate these robots.txt files (half the inputs); `real-world` fetches the
                 pinned protego 0.7.0 corpus into the cache, `cases` takes the suite's case bodies
  --findings     where minimised disagreements go (default reports/findings)
  --max-findings most findings to minimise and write per run (default 10)
  --replay       check the input a fuzz target (diff_google, diff_bytes, profiles_explained,
                 no_panic) saw in FILE, e.g. a libFuzzer crash artifact, and write its findings
Exit status: 0 when no disagreement is a failure, 1 otherwise, 2 on bad usage.
rep-rfc vs rep-google differences are failures only when no differing switch explains them.";

const PROMOTE_USAGE: &str = "usage: reptest promote <id> [--findings DIR] [--cases DIR]
  moves reports/findings/<id>.yaml to cases/regressions/<id>.yaml with a `why` placeholder
  that the case loader rejects until a person writes the real explanation";

struct DiffArgs {
    impls: Vec<Engine>,
    budget: Budget,
    seed: u64,
    corpus: Option<String>,
    threads: usize,
    findings: PathBuf,
    max_findings: usize,
    replay: Option<(String, PathBuf)>,
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.replace('_', "")
        .parse()
        .map_err(|_| format!("{flag} takes a number, not `{text}`"))
}

fn parse_diff(args: &[String]) -> Result<DiffArgs, String> {
    let mut parsed = DiffArgs {
        impls: Vec::new(),
        budget: Budget::Checks(DEFAULT_CHECKS),
        seed: 0,
        corpus: None,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        findings: PathBuf::from("reports/findings"),
        max_findings: 10,
        replay: None,
    };
    let mut budget_given = false;
    let mut external = ImplChoice::default();
    let mut args = Args::new(args.to_vec());
    while let Some(flag) = args.next_arg() {
        let flag = flag.as_str();
        let mut value = || args.value(flag).map_err(|UsageError(message)| message);
        match flag {
            "--impl" => {
                let name = value()?;
                let engine = Engine::from_name(&name).ok_or_else(|| {
                    format!(
                        "unknown implementation `{name}`; built in: {} (others: --adapter, --command)",
                        Engine::NAMES.join(", ")
                    )
                })?;
                parsed.impls.push(engine);
            }
            "--iterations" | "--seconds" => {
                if budget_given {
                    return Err("give one of --iterations and --seconds, once".to_owned());
                }
                budget_given = true;
                let text = value()?;
                parsed.budget = if flag == "--iterations" {
                    Budget::Checks(number(&text, flag)?)
                } else {
                    let seconds: f64 = number(&text, flag)?;
                    if !(seconds.is_finite() && seconds > 0.0) {
                        return Err(format!("--seconds takes a positive number, not `{text}`"));
                    }
                    Budget::Time(Duration::from_secs_f64(seconds))
                };
            }
            "--seed" => parsed.seed = number(&value()?, flag)?,
            "--corpus" => parsed.corpus = Some(value()?),
            "--threads" => parsed.threads = number::<usize>(&value()?, flag)?.max(1),
            "--findings" => parsed.findings = PathBuf::from(value()?),
            "--max-findings" => parsed.max_findings = number(&value()?, flag)?,
            "--replay" => {
                let target = value()?;
                let file = PathBuf::from(args.value("--replay TARGET").map_err(|UsageError(message)| message)?);
                parsed.replay = Some((target, file));
            }
            "-h" | "--help" => return Err(String::new()),
            other => {
                if !external
                    .accept(other, &mut args)
                    .map_err(|UsageError(message)| message)?
                {
                    return Err(format!("unknown argument `{other}`"));
                }
            }
        }
    }
    if !external.is_empty() {
        let built = external.build(&[]);
        parsed.impls.extend(
            built
                .into_iter()
                .map(|implementation| Engine::External(Arc::from(implementation))),
        );
    }
    match parsed.impls.len() {
        0 => parsed.impls = vec![Engine::Rep(rep::Profile::GOOGLE), Engine::Google],
        2 => {}
        n => {
            return Err(format!(
                "give exactly two implementations (or none for the default), not {n}"
            ))
        }
    }
    Ok(parsed)
}

/// `reptest diff ARGS`; returns the process exit status.
pub fn diff_main(args: &[String]) -> u8 {
    let args = match parse_diff(args) {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("reptest diff: {message}");
            }
            eprintln!("{DIFF_USAGE}\nExternal implementations:\n{IMPL_HELP}");
            return 2;
        }
    };
    if let Some((target, file)) = &args.replay {
        return replay_main(&args, target, file);
    }
    let corpus_files = match &args.corpus {
        None => Vec::new(),
        Some(dir) => {
            let loaded = match dir.as_str() {
                "real-world" => corpus::fetch(),
                "cases" => corpus::from_cases(&default_cases_dir()),
                _ => corpus::load_dir(Path::new(dir)),
            };
            match loaded {
                Ok(files) if !files.is_empty() => files,
                Ok(_) => {
                    eprintln!("reptest diff: --corpus {dir} holds no files");
                    return 2;
                }
                Err(error) => {
                    eprintln!("reptest diff: {error}");
                    return 2;
                }
            }
        }
    };
    let differ = Differ::new(args.impls[0].clone(), args.impls[1].clone());
    let config = Config {
        differ,
        budget: args.budget,
        seed: args.seed,
        corpus: &corpus_files,
        threads: args.threads,
    };
    let terminal = std::io::stderr().is_terminal();
    // Panics inside the implementations are caught and reported as
    // disagreements; the default hook would print each one as well.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let summary = run(&config, |checks, failures| {
        if terminal {
            let mut err = std::io::stderr();
            let _ = write!(err, "\rreptest diff: {checks} checks, {failures} disagreements   ");
            let _ = err.flush();
        }
    });
    if terminal {
        eprintln!();
    }
    let written = write_findings(
        &config.differ,
        &summary.examples,
        &args,
        &format!("--seed {}", config.seed),
    );
    std::panic::set_hook(default_hook);
    print_summary(&config, &summary, &written);
    u8::from(summary.failures > 0)
}

/// Minimises `examples`, writing one finding per distinct minimised input.
fn write_findings(differ: &Differ, examples: &[Observed], args: &DiffArgs, how: &str) -> Vec<String> {
    let mut written = Vec::new();
    for observed in examples.iter().take(args.max_findings) {
        let class = observed.disagreement.class.clone();
        let small = minimise(observed.probe.clone(), |candidate| {
            differ.judge_probe(candidate).is_some_and(|d| d.class == class)
        });
        let Some(disagreement) = differ.judge_probe(&small) else {
            continue;
        };
        let origin = format!(
            "reptest diff --impl {} --impl {} {how} ({}); minimised",
            differ.a.name(),
            differ.b.name(),
            observed.origin
        );
        let finding = Finding {
            differ,
            probe: &small,
            disagreement: &disagreement,
            origin: &origin,
        };
        match finding.write(&args.findings) {
            Ok(path) if !written.contains(&path.display().to_string()) => written.push(path.display().to_string()),
            Ok(_) => {}
            Err(error) => eprintln!(
                "reptest diff: cannot write a finding to {}: {error}",
                args.findings.display()
            ),
        }
    }
    written
}

/// `reptest diff --replay TARGET FILE`: the checks of one fuzz input.
fn replay_main(args: &DiffArgs, target: &str, file: &Path) -> u8 {
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("reptest diff: cannot read {}: {error}", file.display());
            return 2;
        }
    };
    let Some(input) = Generated::from_fuzz_input(target, &bytes) else {
        eprintln!(
            "reptest diff: --replay takes diff_google, diff_bytes, profiles_explained or no_panic, not `{target}`"
        );
        return 2;
    };
    let differ = Differ::new(args.impls[0].clone(), args.impls[1].clone());
    let mut examples = Vec::new();
    for (number, query) in input.queries.iter().enumerate() {
        let probe = Probe {
            body: input.body.clone(),
            agents: query.agents.clone(),
            url: query.url.clone(),
        };
        let verdict = differ.judge_probe(&probe);
        println!(
            "check {number}: agents {:?}, url {:?}: {}",
            query.agents,
            query.url,
            verdict
                .as_ref()
                .map_or("agree".to_owned(), |d| format!("{}: {} vs {}", d.class, d.a, d.b))
        );
        if let Some(disagreement) = verdict.filter(|d| d.failure) {
            examples.push(Observed {
                probe,
                disagreement,
                origin: format!("{target} input {}, check {number}", file.display()),
            });
        }
    }
    let how = format!("--replay {target}");
    for path in write_findings(&differ, &examples, args, &how) {
        println!("finding written: {path}");
    }
    u8::from(!examples.is_empty())
}

fn print_summary(config: &Config, summary: &Summary, written: &[String]) {
    let seconds = summary.elapsed.as_secs_f64().max(1e-9);
    println!(
        "reptest diff: {} vs {}, seed {}, {} thread(s){}",
        config.differ.a.name(),
        config.differ.b.name(),
        config.seed,
        config.threads,
        if config.corpus.is_empty() {
            String::new()
        } else {
            format!(", {} corpus files mutated", config.corpus.len())
        }
    );
    println!(
        "checks: {} on {} bodies in {:.1} s = {:.0} checks/s ({:.0} implementation calls/s)",
        summary.checks,
        summary.bodies,
        seconds,
        summary.checks as f64 / seconds,
        2.0 * summary.checks as f64 / seconds
    );
    if summary.by_class.is_empty() {
        println!("disagreements: none");
    } else {
        println!("disagreements by class ({} failing):", summary.failures);
        for (class, count) in &summary.by_class {
            println!("  {class}: {count}");
        }
    }
    if !summary.by_switch.is_empty() {
        println!("switches credited with explained differences:");
        for (switch, count) in &summary.by_switch {
            println!("  {switch}: {count}");
        }
    }
    for path in written {
        println!("finding written: {path}");
    }
}

/// `reptest promote <id> ...`; returns the process exit status.
pub fn promote_main(args: &[String]) -> u8 {
    let mut id = None;
    let mut findings = PathBuf::from("reports/findings");
    let mut cases = PathBuf::from("cases/regressions");
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let target = match arg.as_str() {
            "--findings" => &mut findings,
            "--cases" => &mut cases,
            "-h" | "--help" => {
                eprintln!("{PROMOTE_USAGE}");
                return 2;
            }
            _ if id.is_none() && !arg.starts_with('-') => {
                id = Some(arg.clone());
                continue;
            }
            other => {
                eprintln!("reptest promote: unexpected argument `{other}`\n{PROMOTE_USAGE}");
                return 2;
            }
        };
        match iter.next() {
            Some(dir) => *target = PathBuf::from(dir),
            None => {
                eprintln!("reptest promote: {arg} needs a directory\n{PROMOTE_USAGE}");
                return 2;
            }
        }
    }
    let Some(id) = id else {
        eprintln!("reptest promote: which finding? give its id\n{PROMOTE_USAGE}");
        return 2;
    };
    match promote(&id, &findings, &cases) {
        Ok(path) => {
            println!(
                "promoted to {}: now replace its `why` (and confirm its expectations); the loader rejects it until then",
                path.display()
            );
            0
        }
        Err(message) => {
            eprintln!("reptest promote: {message}");
            1
        }
    }
}
