//! `reptest import`: convert another suite's cases into case files.

use std::path::PathBuf;

use rep_core::import;

const AFTER_HELP: &str = "\
Each test becomes a case (named after its file and its number, from 1) and each
expectation a check: STANDARD ones expect their outcome under both profiles,
GOOGLE_SPECIFIC ones under the google profile only (rfc: implementation-defined).
The explanation becomes the case's why. User agents and URLs are kept as written;
an expectation with an empty agent or URL cannot be a check and is left out with a
warning. A mistake in the input (syntax, unknown field, bad enum value, missing
outcome) is an error with its file:line:column, and then nothing is written.
Run the result with `reptest run --cases OUTDIR`. Give the import a directory of its own:
inside a suite with a readings.yaml (as this repository's cases/), every definite rfc
expectation must name an RFC 9309 clause or a reading, and spec-test expectations name none.

Exit status: 0 when the case files were written, 1 when one could not be written,
2 for a usage error or a mistake in the input (nothing written).";

/// The suites `reptest import` converts.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Source {
    SpecTest,
}

/// The flags of `reptest import`.
#[derive(clap::Args)]
#[command(override_usage = "reptest import spec-test INPUT --out OUTDIR", after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The suite the input belongs to: spec-test is Google's robotstxt-spec-test, protobuf
    /// text-format files (RobotsTxtSpecification messages)
    #[arg(value_enum, value_name = "SOURCE")]
    source: Source,
    /// One such file, or a directory searched recursively for *.textproto, *.txtpb, *.textpb and
    /// *.pbtxt
    #[arg(value_name = "INPUT")]
    input: PathBuf,
    /// Where the case files go (created if missing); each input file becomes
    /// OUTDIR/<its directories>/<its name>.yaml, in kebab case, replacing a file of that name
    #[arg(long, value_name = "OUTDIR", required = true, help_heading = "Output")]
    out: PathBuf,
}

/// Runs `reptest import`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    let Source::SpecTest = options.source;
    let import = import::spec_test(&options.input);
    for warning in &import.warnings {
        eprintln!("warning: {warning}");
    }
    if !import.errors.is_empty() {
        for error in &import.errors {
            eprintln!("{error}");
        }
        eprintln!(
            "reptest import: {} problem(s) in the input; nothing was written.",
            import.errors.len()
        );
        return 2;
    }
    let (mut cases, mut checks, mut google_only) = (0, 0, 0);
    for file in &import.files {
        let path = options.out.join(&file.output);
        if let Err(error) = rep_core::atomic::write_atomically(&path, file.converted.yaml.as_bytes()) {
            eprintln!("reptest import: cannot write {}: {error}", path.display());
            return 1;
        }
        let converted = &file.converted;
        println!(
            "{} -> {}: {} case(s), {} check(s), {} of them google-only",
            file.source.display(),
            path.display(),
            converted.cases,
            converted.checks,
            converted.google_only
        );
        cases += converted.cases;
        checks += converted.checks;
        google_only += converted.google_only;
    }
    let left_out = match import.warnings.len() {
        0 => "nothing left out".to_string(),
        n => format!("{n} warning(s) above name what was left out"),
    };
    println!(
        "imported {cases} case(s) with {checks} check(s) ({google_only} google-only) from {} file(s); {left_out}. \
         Run them with: reptest run --cases {}",
        import.files.len(),
        options.out.display()
    );
    0
}
