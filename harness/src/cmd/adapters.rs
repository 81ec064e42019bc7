//! `reptest adapters`: the bundled third-party parsers of
//! `harness/adapters/parsers.yaml` — list them, install them, write their
//! expected failures and hold them to them.

use crate::cli::load_cases_or_exit;
use crate::cli::{options_or_exit, seconds, Args, UsageError};
use rep_core::baseline::{judge, write, ExpectedFailures};
use rep_core::case::CaseFile;
use rep_core::implementation::Implementation;
use rep_core::pool;
use rep_core::runner::{self, Matrix};
use rep_core::workspace::absolute_root;
use rep_matrix::catalogue::install::{plan, run_step, Failure, Plan, System};
use rep_matrix::catalogue::third_party::{bundled, probe_all, InstallKind, Places, Probe, ThirdParty};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const HELP: &str = "\
reptest adapters — the bundled third-party parsers (harness/adapters/parsers.yaml)

Usage: reptest adapters list     [PARSERS]
       reptest adapters install  [PARSERS]
       reptest adapters baseline [PARSERS] [--cases PATH] [--expected DIR] [--timeout SECS]
       reptest adapters test     [PARSERS] [--cases PATH] [--expected DIR] [--timeout SECS]

  list      every parser, one line each: name, language, library, pinned version, how it
            is installed, and whether it is installed here (else the command that installs it)
  install   installs what is missing into the cache directory (tools/fetch_sdist.py
            --print-cache-dir), under adapters/<name>: pip --target, npm --prefix, cargo
            --target-dir; Debian packages with apt-get, only as root on Debian. Reports each
            parser as installed, already there, failed (with the installer's last lines) or
            skipped, and goes on after a failure
  baseline  runs the suite against each parser and writes its expected failures to
            DIR/<name>.txt (what `reptest baseline` writes for it): regenerates them all
  test      runs the suite against each parser and holds it to DIR/<name>.txt, as
            `reptest run --adapter … --expected-failures DIR/<name>.txt` does; a parser that
            is not installed, or has no such file, fails

PARSERS (by default: every parser for list, every available one otherwise):
  NAME                 a parser by name (repeatable)
  --language L         the parsers of a language: Python, JavaScript, Rust, Perl, Ruby (repeatable)
  --kind K             the parsers installed by pip, npm, cargo, apt or none (repeatable)
  --cases PATH         a case file or a directory of them (repeatable; default: cases/)
  --expected DIR       where the expected-failure files are (default: harness/adapters/expected)
  --timeout SECS       per-check time limit (default: 30, so that a parser slow on the
                       pathological cases gives its verdict however loaded the machine is)

Exit status: 0 when everything asked for was done (installed, written, passed), 1 when
something was not, 2 for a usage error or a malformed case file.
";

/// The `adapters` subcommands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    List,
    Install,
    Baseline,
    Test,
}

struct Options {
    action: Action,
    chosen: Vec<&'static ThirdParty>,
    cases: Vec<PathBuf>,
    expected: Option<PathBuf>,
    timeout: Duration,
}

/// The per-check time limit of `baseline` and `test`: far above what any
/// bundled parser takes on an idle machine (robots-txt-parser takes
/// seconds on the 16 KiB wildcard lines), so a verdict never turns into a
/// timeout because the machine is busy and the files stay stable.
const SUITE_TIMEOUT: Duration = Duration::from_secs(30);

/// Which parsers were asked for, as given.
#[derive(Default)]
struct Choice {
    names: Vec<String>,
    languages: Vec<String>,
    kinds: Vec<InstallKind>,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let action = match args.next_arg().as_deref() {
        None | Some("-h" | "--help" | "help") => return Ok(None),
        Some("list") => Action::List,
        Some("install") => Action::Install,
        Some("baseline") => Action::Baseline,
        Some("test") => Action::Test,
        Some(other) => {
            return Err(UsageError(format!(
                "unknown subcommand `{other}`: choose list, install, baseline or test"
            )))
        }
    };
    let mut options = Options {
        action,
        chosen: Vec::new(),
        cases: Vec::new(),
        expected: None,
        timeout: SUITE_TIMEOUT,
    };
    let mut choice = Choice::default();
    let runs_the_suite = matches!(action, Action::Baseline | Action::Test);
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--language" => choice.languages.push(args.value(&arg)?),
            "--kind" => {
                let name = args.value(&arg)?;
                let kind = InstallKind::from_name(&name)
                    .ok_or_else(|| UsageError(format!("--kind must be pip, npm, cargo, apt or none, not `{name}`")))?;
                choice.kinds.push(kind);
            }
            "--cases" | "--expected" | "--timeout" if !runs_the_suite => {
                return Err(UsageError(format!(
                    "{arg} is for `adapters baseline` and `adapters test`"
                )))
            }
            "--cases" => options.cases.push(PathBuf::from(args.value(&arg)?)),
            "--expected" => options.expected = Some(PathBuf::from(args.value(&arg)?)),
            "--timeout" => options.timeout = seconds(&arg, &args.value(&arg)?)?,
            flag if flag.starts_with('-') => return Err(UsageError(format!("unknown option `{flag}`"))),
            name => choice.names.push(name.to_string()),
        }
    }
    options.chosen = choice.chosen(action)?;
    if options.chosen.is_empty() {
        return Err(UsageError(
            "no bundled parser matches the names, --language and --kind given".into(),
        ));
    }
    Ok(Some(options))
}

impl Choice {
    /// The parsers asked for, in registry order: the named ones, else every
    /// one (only the available ones, except for `list`), narrowed by
    /// `--language` and `--kind`.
    fn chosen(&self, action: Action) -> Result<Vec<&'static ThirdParty>, UsageError> {
        let known = |what: &str, given: &[String], have: Vec<String>| -> Result<(), UsageError> {
            match given
                .iter()
                .find(|one| !have.iter().any(|known| known.eq_ignore_ascii_case(one)))
            {
                Some(unknown) => Err(UsageError(format!(
                    "no bundled parser has the {what} `{unknown}`; choose from {}",
                    have.into_iter()
                        .collect::<BTreeSet<_>>()
                        .into_iter()
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
                None => Ok(()),
            }
        };
        known("name", &self.names, bundled().iter().map(|p| p.name.clone()).collect())?;
        known(
            "language",
            &self.languages,
            bundled().iter().map(|p| p.language.clone()).collect(),
        )?;
        let everything = self.names.is_empty() && action != Action::List;
        Ok(bundled()
            .iter()
            .filter(|parser| self.names.is_empty() || self.names.contains(&parser.name))
            .filter(|parser| {
                self.languages.is_empty() || self.languages.iter().any(|l| l.eq_ignore_ascii_case(&parser.language))
            })
            .filter(|parser| self.kinds.is_empty() || self.kinds.contains(&parser.install.kind))
            .filter(|parser| !everything || parser.is_available())
            .collect())
    }
}

/// Runs `reptest adapters` with the arguments after `adapters`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("adapters", parse(args), &[HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    let chosen = &options.chosen;
    let root = absolute_root();
    let places = Places::of(&root);
    match options.action {
        Action::List => {
            print!(
                "{}",
                list(chosen, &probe_all(chosen, &places), &places, System::this_machine())
            );
            0
        }
        Action::Install => install(chosen, &places),
        Action::Baseline | Action::Test => {
            let files = match load_cases_or_exit(&format!("adapters {}", name_of(options.action)), &options.cases) {
                Ok(files) => files,
                Err(status) => return status,
            };
            let expected = options
                .expected
                .clone()
                .unwrap_or_else(|| root.join("harness").join("adapters").join("expected"));
            suite(options.action, chosen, &places, &files, &expected, options.timeout)
        }
    }
}

fn name_of(action: Action) -> &'static str {
    match action {
        Action::List => "list",
        Action::Install => "install",
        Action::Baseline => "baseline",
        Action::Test => "test",
    }
}

/// The `list` table: one line per parser.
fn list(parsers: &[&ThirdParty], probes: &[Probe], places: &Places, system: System) -> String {
    let mut rows = vec![["name", "language", "library", "version", "install", "status"].map(String::from)];
    for (parser, probe) in parsers.iter().zip(probes) {
        let how = || how_to_install(parser, places, system);
        let status = match probe {
            Probe::Installed(version) => format!("installed: {version}"),
            Probe::OtherVersion(found) => format!("other version installed ({found}); to replace it: {}", how()),
            Probe::Missing(_) => format!("not installed; to install: {}", how()),
            Probe::Unavailable(why) => format!("not available: {why}"),
        };
        rows.push([
            parser.name.clone(),
            parser.language.clone(),
            parser.library.clone(),
            parser.version.clone(),
            parser.install.kind.name().to_string(),
            status,
        ]);
    }
    table(&rows)
}

/// What installs one parser here, as a command line (or what stands in the way).
fn how_to_install(parser: &ThirdParty, places: &Places, system: System) -> String {
    match plan(&[parser], places, system).remove(0) {
        Plan::Run { commands, .. } => {
            let lines: Vec<String> = commands.iter().map(|command| command.shown()).collect();
            format!(
                "`reptest adapters install {}`, which runs `{}`",
                parser.name,
                lines.join(" && ")
            )
        }
        Plan::Blocked { why, .. } => why,
        Plan::Unavailable(_) => "nothing can be (not available)".to_string(),
        Plan::Nothing(_) => parser.missing_hint(),
    }
}

/// Rows as columns padded to their widest cell (the last one unpadded).
fn table<const N: usize>(rows: &[[String; N]]) -> String {
    let widths: Vec<usize> = (0..N)
        .map(|column| rows.iter().map(|row| row[column].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (column, cell) in row.iter().enumerate() {
            if column + 1 < N {
                let _ = write!(line, "{cell:<width$}  ", width = widths[column]);
            } else {
                line.push_str(cell);
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// How installing one parser ended.
enum Outcome {
    AlreadyThere(String),
    Installed(String),
    Failed(String),
    Skipped(String),
}

/// `reptest adapters install`: installs the missing ones, goes on after a
/// failure, and sums up per parser.
fn install(chosen: &[&ThirdParty], places: &Places) -> u8 {
    let mut outcomes: Vec<Option<Outcome>> = chosen.iter().map(|_| None).collect();
    let mut missing = Vec::new();
    for (index, probe) in probe_all(chosen, places).into_iter().enumerate() {
        match probe {
            Probe::Installed(version) => outcomes[index] = Some(Outcome::AlreadyThere(version)),
            _ => missing.push(chosen[index]),
        }
    }
    let steps = plan(&missing, places, System::this_machine());
    let runs = steps.iter().filter(|step| matches!(step, Plan::Run { .. })).count();
    eprintln!(
        "reptest adapters install: {} parser(s) asked for, {} already there; {runs} install step(s) to run",
        chosen.len(),
        chosen.len() - missing.len()
    );
    let mut run = 0;
    for step in &steps {
        let outcome = match step {
            Plan::Run {
                parsers,
                commands,
                needs,
            } => {
                run += 1;
                let names: Vec<&str> = parsers.iter().map(|parser| parser.name.as_str()).collect();
                eprintln!("[{run}/{runs}] {}", names.join(", "));
                for command in commands {
                    eprintln!("    $ {}", command.shown());
                }
                let started = Instant::now();
                let result = run_step(commands, needs, progress_every(Duration::from_secs(15), started));
                eprintln!(
                    "    {} after {} s",
                    if result.is_ok() { "done" } else { "failed" },
                    started.elapsed().as_secs()
                );
                match result {
                    // Parsers sharing a step may still fare differently (one
                    // adapter may not start), so each is probed again.
                    Ok(()) => None,
                    Err(failure) => Some(Outcome::Failed(failed(&failure))),
                }
            }
            Plan::Blocked { why, .. } => Some(Outcome::Failed(format!("cannot be installed here: {why}"))),
            Plan::Unavailable(parser) => Some(Outcome::Skipped(format!(
                "not available: {}",
                parser.unavailable.as_deref().unwrap_or_default()
            ))),
            Plan::Nothing(parser) => Some(Outcome::Failed(format!(
                "nothing to install, yet {}",
                parser.missing_hint()
            ))),
        };
        for parser in step.parsers() {
            let index = chosen
                .iter()
                .position(|chosen| chosen.name == parser.name)
                .expect("planned parsers are chosen ones");
            outcomes[index] = Some(match &outcome {
                Some(Outcome::Failed(why)) => Outcome::Failed(why.clone()),
                Some(Outcome::Skipped(why)) => Outcome::Skipped(why.clone()),
                _ => match parser.probe_at(places).into_result() {
                    Ok(version) => Outcome::Installed(version),
                    Err(why) => Outcome::Failed(format!("the installer succeeded, but the adapter says: {why}")),
                },
            });
        }
    }
    let mut rows = Vec::new();
    let mut all_done = true;
    for (parser, outcome) in chosen.iter().zip(outcomes) {
        let (word, detail) = match outcome.expect("every chosen parser was probed or planned") {
            Outcome::AlreadyThere(version) => ("already there", version),
            Outcome::Installed(version) => ("installed", version),
            Outcome::Failed(why) => {
                all_done = false;
                ("FAILED", why)
            }
            Outcome::Skipped(why) => {
                all_done = false;
                ("skipped", why)
            }
        };
        rows.push([parser.name.clone(), word.to_string(), detail]);
    }
    print!("{}", table(&rows));
    u8::from(!all_done)
}

/// The failure of an install step, with the installer's last lines indented.
fn failed(failure: &Failure) -> String {
    let mut out = format!("`{}` {}", failure.command, failure.how);
    if !failure.tail.is_empty() {
        out.push_str("; its last output:");
        for line in &failure.tail {
            let _ = write!(out, "\n      | {line}");
        }
    }
    out
}

/// A line handler that prints, at most every `every`, how long the step
/// has run and its latest output line.
fn progress_every(every: Duration, started: Instant) -> impl FnMut(&str) {
    let mut last_shown = started;
    move |line: &str| {
        if last_shown.elapsed() >= every && !line.trim().is_empty() {
            last_shown = Instant::now();
            let line: String = line.trim().chars().take(100).collect();
            eprintln!("    … {} s: {line}", started.elapsed().as_secs());
        }
    }
}

/// `baseline` and `test`: the suite against each parser, as many parsers
/// at a time as there are cores (each adapter answers one check at a
/// time), each reported as soon as it is done.
fn suite(
    action: Action,
    chosen: &[&ThirdParty],
    places: &Places,
    files: &[CaseFile],
    expected: &Path,
    timeout: Duration,
) -> u8 {
    if action == Action::Baseline {
        if let Err(error) = std::fs::create_dir_all(expected) {
            eprintln!(
                "reptest adapters baseline: cannot create {}: {error}",
                expected.display()
            );
            return 1;
        }
    }
    let probes = probe_all(chosen, places);
    let parsers: Vec<_> = chosen.iter().zip(&probes).collect();
    let failed = pool::each(&parsers, pool::cores(), |(parser, probe)| {
        let file = expected.join(format!("{}.txt", parser.name));
        let result = (*probe)
            .clone()
            .into_result()
            .map_err(|why| format!("not run: {why}"))
            .and_then(|version| {
                one_parser(action, parser, places, files, &file, timeout).map(|said| format!("{version}: {said}"))
            });
        match result {
            Ok(said) => {
                println!("{}: {said}", parser.name);
                false
            }
            Err(why) => {
                println!("{}: FAILED: {why}", parser.name);
                true
            }
        }
    });
    u8::from(failed.contains(&true))
}

/// Runs the suite against one installed parser and writes its expected
/// failures to `file` (baseline) or holds it to them (test).
fn one_parser(
    action: Action,
    parser: &ThirdParty,
    places: &Places,
    files: &[CaseFile],
    file: &Path,
    timeout: Duration,
) -> Result<String, String> {
    // Never given up on after a run of errors (no `Patience`): which checks
    // fall after such a run depends on the order the runner's threads take
    // the cases in, and the files must not. A parser that cannot answer at
    // all is stopped here instead, and one slow on a few pathological checks
    // costs `timeout` for each.
    let adapter = parser.adapter_at(places, timeout);
    adapter.start().map_err(|why| format!("cannot start: {why}"))?;
    let impls: [Box<dyn Implementation>; 1] = [Box::new(adapter)];
    let matrix = runner::run(files, &impls, |_, _| {});
    match action {
        Action::Baseline => write_baseline(&matrix, file),
        _ => test_against(&matrix, file),
    }
}

/// Writes the expected failures of a one-parser `matrix` to `file`.
fn write_baseline(matrix: &Matrix<'_>, file: &Path) -> Result<String, String> {
    // A bundled parser's hang on a pathological case is what it does: its
    // faults are recorded, each under its message, as the list's comments say.
    let text = write(matrix, true)?;
    std::fs::write(file, &text).map_err(|error| format!("cannot write {}: {error}", file.display()))?;
    let listed = ExpectedFailures::parse(&text).map_or(0, |list| list.len());
    Ok(format!("wrote {} ({listed} expected failures)", file.display()))
}

/// Holds a one-parser `matrix` to the expected failures in `file`.
fn test_against(matrix: &Matrix<'_>, file: &Path) -> Result<String, String> {
    let shown = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|error| {
        format!("cannot read {shown} ({error}); write it with `reptest adapters baseline` and the parser's name")
    })?;
    let list = ExpectedFailures::parse(&text).map_err(|why| format!("{shown}: {why}"))?;
    // Every check of the suite ran, so nothing listed was filtered out.
    let judgement = judge(matrix, &list, &BTreeSet::new());
    let explained = judgement.explain(&shown);
    if judgement.passed() {
        Ok(explained.trim_end().to_string())
    } else {
        Err(format!("\n{}", explained.trim_end()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(args: &[&str]) -> Options {
        parse(args.iter().map(|s| s.to_string()).collect())
            .expect("parses")
            .expect("not help")
    }

    fn names(args: &[&str]) -> Vec<String> {
        options(args).chosen.iter().map(|parser| parser.name.clone()).collect()
    }

    #[test]
    fn parsers_are_chosen_by_name_language_and_kind() {
        assert_eq!(names(&["install", "webrobots", "protego"]), ["protego", "webrobots"]);
        assert_eq!(
            names(&["test", "--language", "javascript"]),
            ["robots-parser", "robots-txt-guard", "robots-txt-parser", "robots-js"]
        );
        let python = names(&["install", "--kind", "pip", "--kind", "none"]);
        assert!(python.contains(&"cpython-robotparser".to_string()) && python.contains(&"protego".to_string()));
        assert!(
            !python.contains(&"reppy".to_string()),
            "unavailable ones only when named"
        );
        assert!(
            names(&["list"]).contains(&"reppy".to_string()),
            "list shows every parser"
        );
        assert_eq!(names(&["install", "reppy"]), ["reppy"]);
    }

    #[test]
    fn unknown_names_and_misplaced_options_are_usage_errors() {
        let error = parse(vec!["install".into(), "protgo".into()]).err().expect("refused");
        assert!(
            error.0.contains("no bundled parser has the name `protgo`; choose from"),
            "{}",
            error.0
        );
        assert!(parse(vec!["frobnicate".into()]).is_err());
        assert!(parse(vec!["install".into(), "--kind".into(), "conda".into()]).is_err());
        assert!(parse(vec!["install".into(), "--cases".into(), "x".into()]).is_err());
        assert!(parse(vec!["list".into(), "--timeout".into(), "5".into()]).is_err());
        assert!(parse(vec!["test".into(), "--timeout".into(), "-1".into()]).is_err());
        assert_eq!(
            options(&["test", "--timeout", "2.5"]).timeout,
            Duration::from_millis(2500)
        );
        let none = parse(
            ["test", "--language", "perl", "--kind", "pip"]
                .map(String::from)
                .to_vec(),
        );
        assert!(none.err().expect("refused").0.contains("no bundled parser matches"));
    }

    #[test]
    fn tables_align_every_column_but_the_last() {
        let rows = [
            ["a", "bb", "x"].map(String::from),
            ["ccc", "d", "long last cell"].map(String::from),
        ];
        assert_eq!(table(&rows), "a    bb  x\nccc  d   long last cell\n");
    }
}
