//! `reptest adapters`: the bundled third-party parsers of
//! `harness/adapters/parsers.yaml` — list them, install them, write their
//! expected failures and hold them to them.

mod install;
mod suite;
mod verify;

use crate::cli::values::{one_of, seconds};
use crate::cli::{load_cases_or_exit, usage_error};
use rep_core::workspace::{find_root, root};
use rep_matrix::catalogue::adapter_files;
use rep_matrix::catalogue::install::{plan, Plan, System};
use rep_matrix::catalogue::third_party::{bundled, probe_all, InstallKind, Places, Probe, ThirdParty};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

const AFTER_HELP: &str = "\
Exit status: 0 when everything asked for was done (installed, written, passed), 1 when
something was not, 2 for a usage error or a malformed case file.";

/// The flags of `reptest adapters`: one of its subcommands.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

/// The `adapters` subcommands, each with its flags.
#[derive(clap::Subcommand)]
enum Command {
    /// List the parsers and whether each is installed here
    ///
    /// Every parser, one line each: name, language, library, pinned version, how it is installed,
    /// and whether it is installed here (else the command that installs it).
    #[command(after_help = AFTER_HELP)]
    List(Parsers),
    /// Install the parsers that are missing here
    ///
    /// Installs what is missing into the cache directory ($REP_CACHE_DIR, else
    /// $XDG_CACHE_HOME/rep, else ~/.cache/rep), under adapters/<name>: pip --target, npm --prefix, cargo --target-dir; Debian packages with
    /// apt-get, only as root on Debian. Reports each parser as installed, already there, failed
    /// (with the installer's last lines) or skipped, and goes on after a failure.
    #[command(after_help = AFTER_HELP)]
    Install(Parsers),
    /// Write each parser's expected failures
    ///
    /// Runs the suite against each parser and writes its expected failures to DIR/<name>.txt
    /// (what `reptest baseline` writes for it): regenerates them all.
    #[command(after_help = AFTER_HELP)]
    Baseline(Suite),
    /// Hold each parser to its expected failures
    ///
    /// Runs the suite against each parser and holds it to DIR/<name>.txt, as `reptest run
    /// --adapter … --expected-failures DIR/<name>.txt` does; a parser that is not installed, or
    /// has no such file, fails.
    #[command(after_help = AFTER_HELP)]
    Test(Suite),
    /// Run the reproduction programs of each parser's differences
    ///
    /// Every distinct difference of a parser in reports/report.json (and so on its page) carries a
    /// short program that calls the library directly; this runs each one and checks the library
    /// answers what the report says. A difference that does not reproduce outside the adapter fails. Python, JavaScript, Perl and Ruby
    /// programs run with their interpreter; a Rust page's programs are built as one crate under the
    /// cache (<cache>/verify/<name>, sharing <cache>/verify/target), one cargo build per page.
    #[command(after_help = AFTER_HELP)]
    Verify(Verify),
}

/// The flags of `verify`.
#[derive(clap::Args)]
struct Verify {
    #[command(flatten)]
    parsers: Parsers,
    /// The report whose programs to run [default: reports/report.json of the workspace, or of the
    /// current directory outside one]
    #[arg(long, value_name = "FILE", help_heading = "Report")]
    report: Option<PathBuf>,
    /// Per-program time limit
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = seconds, help_heading = "Report")]
    timeout: Duration,
}

/// Which parsers: by default every parser for `list`, every available one otherwise.
#[derive(clap::Args)]
#[command(next_help_heading = "Parsers")]
struct Parsers {
    /// A parser by name (repeatable)
    #[arg(value_name = "NAME")]
    names: Vec<String>,
    /// The parsers of a language: Python, JavaScript, Rust, Perl, Ruby (repeatable)
    #[arg(long = "language", value_name = "L")]
    languages: Vec<String>,
    /// The parsers installed by pip, npm, cargo, apt or none (repeatable)
    #[arg(long = "kind", value_name = "K",
          value_parser = one_of(&["pip", "npm", "cargo", "apt", "none"], InstallKind::from_name))]
    kinds: Vec<InstallKind>,
}

/// The flags of `baseline` and `test`.
#[derive(clap::Args)]
struct Suite {
    #[command(flatten)]
    parsers: Parsers,
    /// A case file or a directory of them (repeatable) [default: cases/]
    #[arg(long, value_name = "PATH", help_heading = "Suite")]
    cases: Vec<PathBuf>,
    /// Where the expected-failure files are [default: harness/adapters/expected of the workspace;
    /// outside one, `test` reads the copy built in and `baseline` writes under the current
    /// directory]
    #[arg(long, value_name = "DIR", help_heading = "Suite")]
    expected: Option<PathBuf>,
    /// Per-check time limit, far above what any bundled parser takes on an idle machine, so that a
    /// parser slow on the pathological cases gives its verdict however loaded the machine is
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = seconds, help_heading = "Suite")]
    timeout: Duration,
}

/// What the `adapters` subcommands do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    List,
    Install,
    Baseline,
    Test,
    Verify,
}

struct Options {
    action: Action,
    chosen: Vec<&'static ThirdParty>,
    cases: Vec<PathBuf>,
    /// The expected-failures directory (baseline, test) or the report (verify).
    expected: Option<PathBuf>,
    timeout: Duration,
}

impl Command {
    fn action(&self) -> Action {
        match self {
            Command::List(_) => Action::List,
            Command::Install(_) => Action::Install,
            Command::Baseline(_) => Action::Baseline,
            Command::Test(_) => Action::Test,
            Command::Verify(_) => Action::Verify,
        }
    }
}

/// The subcommand's flags as a plan, or why they do not make one.
fn options(command: Command) -> Result<Options, String> {
    let action = command.action();
    let (parsers, cases, expected, timeout) = match command {
        Command::List(parsers) | Command::Install(parsers) => (parsers, Vec::new(), None, Duration::ZERO),
        Command::Baseline(suite) | Command::Test(suite) => (suite.parsers, suite.cases, suite.expected, suite.timeout),
        Command::Verify(verify) => (verify.parsers, Vec::new(), verify.report, verify.timeout),
    };
    let chosen = parsers.chosen(action)?;
    if chosen.is_empty() {
        return Err("no bundled parser matches the names, --language and --kind given".into());
    }
    Ok(Options {
        action,
        chosen,
        cases,
        expected,
        timeout,
    })
}

impl Parsers {
    /// The parsers asked for, in registry order: the named ones, else every
    /// one (only the available ones, except for `list`), narrowed by
    /// `--language` and `--kind`.
    fn chosen(&self, action: Action) -> Result<Vec<&'static ThirdParty>, String> {
        let known = |what: &str, given: &[String], have: Vec<String>| -> Result<(), String> {
            match given
                .iter()
                .find(|one| !have.iter().any(|known| known.eq_ignore_ascii_case(one)))
            {
                Some(unknown) => Err(format!(
                    "no bundled parser has the {what} `{unknown}`; choose from {}",
                    have.into_iter()
                        .collect::<BTreeSet<_>>()
                        .into_iter()
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
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

/// Runs `reptest adapters`; returns the exit status.
pub(crate) fn main(Args { command }: Args) -> u8 {
    let action = command.action();
    let options = match options(command) {
        Ok(options) => options,
        Err(message) => return usage_error(&format!("adapters {}", name_of(action)), &message),
    };
    let chosen = &options.chosen;
    let places = Places::here();
    match options.action {
        Action::List => {
            print!(
                "{}",
                list(chosen, &probe_all(chosen, &places), &places, System::this_machine())
            );
            0
        }
        Action::Install => install::install(chosen, &places),
        Action::Verify => {
            let report = options.expected.clone();
            verify::main(chosen, &places, report.as_deref(), options.timeout)
        }
        Action::Baseline | Action::Test => {
            let files = match load_cases_or_exit(&format!("adapters {}", name_of(options.action)), &options.cases) {
                Ok(files) => files,
                Err(status) => return status,
            };
            let expected = match options.expected.clone() {
                Some(dir) => dir,
                None => match default_expected_dir(options.action) {
                    Ok(dir) => dir,
                    Err(why) => {
                        eprintln!("reptest adapters {}: {why}", name_of(options.action));
                        return 1;
                    }
                },
            };
            suite::suite(options.action, chosen, &places, &files, &expected, options.timeout)
        }
    }
}

/// Where `baseline` writes and `test` reads the expected failures when not
/// told: the workspace's `harness/adapters/expected`; outside a workspace
/// `test` reads the copy built in (with the adapters, under the cache) and
/// `baseline` writes `harness/adapters/expected` under the current
/// directory, which stands in for the workspace.
fn default_expected_dir(action: Action) -> Result<PathBuf, String> {
    let in_tree = root().join("harness").join("adapters").join("expected");
    match (find_root(), action) {
        (None, Action::Test) => adapter_files::dir().map(|dir| dir.join("expected")),
        _ => Ok(in_tree),
    }
}

fn name_of(action: Action) -> &'static str {
    match action {
        Action::List => "list",
        Action::Install => "install",
        Action::Baseline => "baseline",
        Action::Test => "test",
        Action::Verify => "verify",
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `reptest adapters ARGS…`, read as the binary reads it.
    fn parse(args: &[&str]) -> Result<Options, String> {
        #[derive(clap::Parser)]
        struct Adapters {
            #[command(subcommand)]
            command: Command,
        }
        let adapters =
            <Adapters as clap::Parser>::try_parse_from(std::iter::once("adapters").chain(args.iter().copied()))
                .map_err(|error| error.to_string())?;
        super::options(adapters.command)
    }

    fn options(args: &[&str]) -> Options {
        parse(args).expect("parses")
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
        let error = parse(&["install", "protgo"]).err().expect("refused");
        assert!(
            error.contains("no bundled parser has the name `protgo`; choose from"),
            "{error}"
        );
        assert!(parse(&["frobnicate"]).is_err());
        assert!(parse(&["install", "--kind", "conda"]).is_err());
        assert!(parse(&["install", "--cases", "x"]).is_err());
        assert!(parse(&["list", "--timeout", "5"]).is_err());
        assert!(parse(&["test", "--timeout", "-1"]).is_err());
        assert_eq!(
            options(&["test", "--timeout", "2.5"]).timeout,
            Duration::from_millis(2500)
        );
        let none = parse(&["test", "--language", "perl", "--kind", "pip"]);
        assert!(none.err().expect("refused").contains("no bundled parser matches"));
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
