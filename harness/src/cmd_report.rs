//! `reptest report`: run the whole suite against the built-ins and every
//! third-party parser whose adapter can start here, and write the
//! conformance matrix (`conformance.md`, `conformance.json`) under `reports/`.

use crate::case::ProfileId;
use crate::cli::progress::Progress;
use crate::cli::workspace::{absolute_root, load_cases_or_exit};
use crate::cli::{options_or_exit, start_all, Args, ImplChoice, UsageError, IMPL_HELP};
use crate::implementation::third_party::{self, ThirdParty};
use crate::implementation::{self, Implementation, BUILT_IN};
use crate::report::conformance::{Conformance, Entry};
use crate::runner;
use std::path::{Path, PathBuf};

const HELP: &str = "\
reptest report — regenerate the conformance matrix (every implementation × every case)

Usage: reptest report [OPTIONS]

  --out DIR         where to write conformance.md and conformance.json (default: the workspace's reports/)
  --skip-missing    list a third-party parser whose dependency is missing as \"not run\" instead of failing
  --built-in-only   run only the built-ins (rep-rfc, rep-google, google)
  --cases PATH      a case file or a directory of them (repeatable; default: the workspace's cases/)

Third-party parsers run through the adapters in harness/adapters/; each needs its library
installed (the message for a missing one says how). Your own parser joins the matrix with
the implementation flags below (--adapter or --command, with --name and --profile); the
built-ins always run, so --impl is not taken here.

Exit status: 0 when the report was written, 1 when a third-party dependency is missing
(without --skip-missing), 2 for a usage error, a malformed case file or a parser of yours
that cannot start.
";

struct Options {
    out: Option<PathBuf>,
    cases: Vec<PathBuf>,
    skip_missing: bool,
    built_in_only: bool,
    yours: ImplChoice,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut options = Options {
        out: None,
        cases: Vec::new(),
        skip_missing: false,
        built_in_only: false,
        yours: ImplChoice::default(),
    };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--out" => options.out = Some(PathBuf::from(args.value("--out")?)),
            "--cases" => options.cases.push(PathBuf::from(args.value("--cases")?)),
            "--skip-missing" => options.skip_missing = true,
            "--built-in-only" => options.built_in_only = true,
            "--impl" => {
                return Err(UsageError(
                    "the built-ins always run in a report; add your parser with --adapter or --command".into(),
                ))
            }
            flag if options.yours.accept(flag, &mut args)? => {}
            other => return Err(UsageError(format!("unexpected argument `{other}`"))),
        }
    }
    Ok(Some(options))
}

/// Runs `reptest report` with the arguments after `report`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("report", parse(args), &[HELP, IMPL_HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    // Absolute, so adapters start from any directory and links can be worked out.
    let root = absolute_root();
    let files = match load_cases_or_exit("report", &options.cases) {
        Ok(files) => files,
        Err(status) => return status,
    };
    let mut entries: Vec<Entry> = BUILT_IN.iter().map(|name| built_in_entry(name)).collect();
    let mut impls: Vec<Box<dyn Implementation>> = BUILT_IN
        .iter()
        .filter_map(|name| implementation::built_in(name))
        .collect();
    let yours = options.yours.build(&[]);
    if let Err(status) = start_all("report", &yours) {
        return status;
    }
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
    if !options.built_in_only {
        let mut missing = Vec::new();
        for party in third_party::bundled() {
            match party.probe(&root) {
                Ok(version) => {
                    impls.push(Box::new(party.adapter(&root)));
                    entries.push(third_party_entry(party, Some(version), None));
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
            return 1;
        }
    }
    let progress = Progress::new();
    let matrix = runner::run(&files, &impls, |done, total| {
        progress.show(&format!("reptest report: {done}/{total} case runs"))
    });
    progress.finish();
    let out = options.out.unwrap_or_else(|| root.join("reports"));
    if let Err(error) = std::fs::create_dir_all(&out) {
        eprintln!("reptest report: cannot create {}: {error}", out.display());
        return 2;
    }
    let report = Conformance {
        matrix: &matrix,
        entries,
        case_link_prefix: link_prefix(&out, &root),
        reproduce: reproduce_commands(options.built_in_only),
    };
    let written = std::fs::write(out.join("conformance.md"), report.markdown())
        .and_then(|()| std::fs::write(out.join("conformance.json"), report.json()));
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
    commands.push(format!("cargo run --release -p rep-harness -- report{flags}"));
    commands
}
