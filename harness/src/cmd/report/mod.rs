//! `reptest report`: run the whole suite against the built-ins and every
//! third-party parser whose adapter can start here, and write the
//! conformance matrix (`conformance.md`, `conformance.json`) under `reports/`.

mod parsers;

use crate::cli::progress::Progress;
use crate::cli::values::number;
use crate::cli::{load_cases_or_exit, start_all, usage_error, ImplChoice};
use crate::cmd::measure::DEFAULT_FUZZ_CHECKS;
use rep_core::case::ProfileId;
use rep_core::case::{load_readings, Readings};
use rep_core::implementation::{self, Implementation, BUILT_IN};
use rep_core::runner;
use rep_core::workspace::{absolute_root, cases_dir};
use rep_matrix::catalogue::third_party::{self, Places, ThirdParty};
use rep_matrix::pages::conformance::{Conformance, Entry};
use rep_matrix::pages::readings_page;
use std::path::{Path, PathBuf};
use std::time::Duration;

const AFTER_HELP: &str = "\
Third-party parsers run through the adapters in harness/adapters/; each needs its library
installed (the message for a missing one says how). Your own parser joins the matrix with
the implementation flags above (--adapter or --command, with --name and --profile); the
built-ins always run, so --impl is not taken here.

Exit status: 0 when the report was written, 1 when a third-party dependency is missing
(without --skip-missing), 2 for a usage error, a malformed case file or a parser of yours
that cannot start.";

/// The flags of `reptest report`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// A case file or a directory of them (repeatable) [default: the workspace's cases/]
    #[arg(long, value_name = "PATH", help_heading = "Cases")]
    cases: Vec<PathBuf>,
    /// List a third-party parser whose dependency is missing as "not run" instead of failing
    #[arg(long, help_heading = "Parsers")]
    skip_missing: bool,
    /// Run only the built-ins (rep-rfc, rep-google, google)
    #[arg(long, help_heading = "Parsers")]
    built_in_only: bool,
    /// Of the bundled third-party parsers, run only this one (repeatable)
    #[arg(long, value_name = "NAME", help_heading = "Parsers")]
    only: Vec<String>,
    /// Run the suite only: no real-world or generated measurements, no parser pages
    #[arg(long, help_heading = "Measurements")]
    suite_only: bool,
    /// Take the third-party measurements from FILE (`reptest measure`, or shards combined by
    /// `reptest merge`) instead of measuring here
    #[arg(long, value_name = "FILE", help_heading = "Measurements")]
    measurements: Option<PathBuf>,
    /// The real-world corpus to measure on: real-world (the pinned protego 0.7.0 files) or a
    /// directory of robots.txt files
    #[arg(
        long,
        value_name = "WHAT",
        default_value = "real-world",
        help_heading = "Measurements"
    )]
    corpus: String,
    /// The reference generated stream's length
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FUZZ_CHECKS, value_parser = number::<u64>,
          help_heading = "Measurements")]
    fuzz_checks: u64,
    /// Where to write conformance.md and conformance.json [default: the workspace's reports/]
    #[arg(long, value_name = "DIR", help_heading = "Output")]
    out: Option<PathBuf>,
    #[command(flatten)]
    yours: ImplChoice,
}

/// How long a bundled parser may take for one check here: longer than the
/// runner's default, so a busy machine does not turn a slow answer into an
/// error and the report stays the same from run to run.
const REPORT_TIMEOUT: Duration = Duration::from_secs(30);

/// Runs `reptest report`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    if options.yours.names_a_built_in() {
        return usage_error(
            "report",
            "the built-ins always run in a report; add your parser with --adapter or --command",
        );
    }
    // Absolute, so adapters start from any directory and links can be worked out.
    let root = absolute_root();
    let files = match load_cases_or_exit("report", &options.cases) {
        Ok(files) => files,
        Err(status) => return status,
    };
    let Lineup { entries, impls, ran } = match lineup(&options, &root) {
        Ok(lineup) => lineup,
        Err(status) => return status,
    };
    let progress = Progress::new("report", "case runs");
    let matrix = runner::run(&files, &impls, |done, total| {
        progress.count(done as u64, Some(total as u64), "")
    });
    progress.finish();
    let out = options.out.clone().unwrap_or_else(|| root.join("reports"));
    if let Err(error) = std::fs::create_dir_all(&out) {
        eprintln!("reptest report: cannot create {}: {error}", out.display());
        return 2;
    }
    let (measured, corpus) = if ran.is_empty() || options.suite_only {
        (Vec::new(), String::new())
    } else {
        match parsers::third_parties(&options, &ran, &impls, &matrix, &out) {
            Ok(done) => done,
            Err(message) => {
                eprintln!("reptest report: {message}");
                return 2;
            }
        }
    };
    let report = Conformance {
        matrix: &matrix,
        entries,
        case_link_prefix: link_prefix(&out, &root),
        reproduce: reproduce_commands(options.built_in_only),
        measured,
        corpus,
    };
    write_report(&report, &options.cases, &out)
}

/// Who a report runs: entries for the conformance page, the
/// implementations, and the third-party parsers among them with their versions.
struct Lineup {
    entries: Vec<Entry>,
    impls: Vec<Box<dyn Implementation>>,
    ran: Vec<(&'static ThirdParty, String)>,
}

/// The built-ins, yours (started), and the bundled parsers installed here;
/// the exit status when yours cannot start or a parser is missing (without
/// `--skip-missing`).
fn lineup(options: &Args, root: &Path) -> Result<Lineup, u8> {
    let mut entries: Vec<Entry> = BUILT_IN.iter().map(|name| built_in_entry(name)).collect();
    let mut impls: Vec<Box<dyn Implementation>> = BUILT_IN
        .iter()
        .filter_map(|name| implementation::built_in(name))
        .collect();
    let yours = options.yours.build(&[]);
    start_all("report", &yours)?;
    for implementation in yours {
        entries.push(Entry {
            name: implementation.name().to_string(),
            kind: "yours: --adapter / --command".to_string(),
            version: None,
            claims: implementation.claims(),
            not_run: None,
        });
        impls.push(implementation);
    }
    let mut ran: Vec<(&ThirdParty, String)> = Vec::new();
    if !options.built_in_only {
        let mut missing = Vec::new();
        let places = Places::of(root);
        for party in third_party::bundled()
            .iter()
            .filter(|party| options.only.is_empty() || options.only.contains(&party.name))
        {
            match party.probe(root) {
                Ok(version) => {
                    impls.push(Box::new(party.adapter_at(&places, REPORT_TIMEOUT)));
                    entries.push(third_party_entry(party, Some(version.clone()), None));
                    ran.push((party, version));
                }
                Err(detail) => {
                    entries.push(third_party_entry(party, None, Some(party.missing_hint())));
                    // One whose pinned version cannot be had is listed as such, never awaited.
                    if party.is_available() {
                        missing.push(format!("{}: {}\n  ({detail})", party.name, party.missing_hint()));
                    }
                }
            }
        }
        if !missing.is_empty() && !options.skip_missing {
            for why in &missing {
                eprintln!("reptest report: {why}");
            }
            eprintln!("reptest report: nothing was written; install the above, or pass --skip-missing to list them as not run.");
            return Err(1);
        }
    }
    Ok(Lineup { entries, impls, ran })
}

/// Writes the conformance pages (and the readings page, for the
/// workspace's own cases) under `out`; gives the exit status.
fn write_report(report: &Conformance<'_, '_>, cases: &[PathBuf], out: &Path) -> u8 {
    let matrix = report.matrix;
    let mut written = std::fs::write(out.join("conformance.md"), report.markdown())
        .and_then(|()| std::fs::write(out.join("conformance.json"), report.json()));
    if let Some(readings) = readings(cases) {
        let choice = matrix.impls.iter().position(|info| info.name == "rep-rfc").unwrap_or(0);
        written = written.and_then(|()| {
            std::fs::write(
                out.join("readings.md"),
                readings_page::markdown(&readings, matrix, choice),
            )
        });
    }
    match written {
        Ok(()) => {
            eprintln!(
                "reptest report: wrote {} and {} ({} checks × {} implementations)",
                out.join("conformance.md").display(),
                out.join("conformance.json").display(),
                matrix.rows.len(),
                matrix.impls.len()
            );
            0
        }
        Err(error) => {
            eprintln!(
                "reptest report: cannot write the report under {}: {error}",
                out.display()
            );
            2
        }
    }
}

/// The suite's readings, when the report covers the workspace's own cases;
/// a problem with the file was reported by the loader already.
fn readings(cases: &[PathBuf]) -> Option<Readings> {
    if !cases.is_empty() {
        return None;
    }
    load_readings(&cases_dir().join("readings.yaml")).ok()
}

fn built_in_entry(name: &str) -> Entry {
    let (kind, version, claims) = match name {
        "google" => (
            "built-in: Google's C++ parser (reference/)",
            implementation::google_version(),
            ProfileId::Google,
        ),
        "rep-google" => ("built-in: this repository's matcher", None, ProfileId::Google),
        _ => ("built-in: this repository's matcher", None, ProfileId::Rfc),
    };
    Entry {
        name: name.to_string(),
        kind: kind.to_string(),
        version,
        claims,
        not_run: implementation::missing_built_in(name).map(str::to_string),
    }
}

fn third_party_entry(party: &ThirdParty, version: Option<String>, not_run: Option<String>) -> Entry {
    Entry {
        name: party.name.to_string(),
        kind: format!("{} adapter", party.language),
        version,
        claims: party.claims,
        not_run,
    }
}

/// `../cases/` when the report goes to `<root>/reports` (the committed
/// place), so case names link to their files on GitHub; no links elsewhere.
fn link_prefix(out: &Path, root: &Path) -> Option<String> {
    // `out` exists by now: the report directory is created before rendering.
    let out = std::fs::canonicalize(out).ok()?;
    (out == root.join("reports")).then(|| "../cases/".to_string())
}

/// The commands that regenerate the report, install steps first.
fn reproduce_commands(built_in_only: bool) -> Vec<String> {
    let mut commands = Vec::new();
    if !built_in_only {
        commands.push("cargo reptest adapters install".to_string());
    }
    let flags = if built_in_only { " --built-in-only" } else { "" };
    commands.push(format!("cargo reptest report{flags}"));
    commands
}
