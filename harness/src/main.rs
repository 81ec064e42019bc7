//! `reptest`: the conformance suite runner. Each subcommand lives in its own
//! module under `cmd/` with its flags (`Args`) and its `main`; this file
//! reads the command line and dispatches.

mod cli;
mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// What `--version` says after `reptest`.
const VERSION: &str = if cfg!(feature = "google") {
    concat!(env!("CARGO_PKG_VERSION"), " (with Google's parser built in)")
} else {
    concat!(
        env!("CARGO_PKG_VERSION"),
        " (without Google's parser (cargo feature `google` off))"
    )
};

/// reptest — conformance suite and tools for robots.txt parsers
#[derive(Parser)]
#[command(
    name = "reptest",
    version = VERSION,
    args_override_self = true,
    max_term_width = 100,
    after_help = "Each command explains itself: reptest <COMMAND> --help."
)]
pub(crate) struct Cli {
    /// Print no progress (bars, periodic lines, steps) on stderr
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the YAML cases against implementations and report
    Run(cmd::run::Args),
    /// Write the expected-failures file of an implementation
    Baseline(cmd::baseline::Args),
    /// Ask one implementation about URLs, or answer JSON lines
    Check(cmd::check::Args),
    /// Print one check in full, with a command that reproduces it anywhere
    Show(cmd::show::Args),
    /// How every parser reads one robots.txt file or URL, line by line
    Lint(cmd::lint::Args),
    /// Compare two implementations on generated inputs, write findings
    Diff(cmd::diff::Args),
    /// Regenerate the report under reports/: report.json and its Markdown pages
    Report(cmd::report::Args),
    /// Render the static site from a report's report.json
    Site(cmd::report::site::Args),
    /// Measure third-party parsers on the real-world corpus and generated inputs
    Measure(cmd::measure::Args),
    /// Combine the measurements of the shards of one run
    Merge(cmd::merge::Args),
    /// Move a finding from reports/findings/ into cases/regressions/
    Promote(cmd::promote::Args),
    /// Write the whole suite as one JSON file for parsers in any language
    Export(cmd::export::Args),
    /// Convert Google's robotstxt-spec-test files into case files
    Import(cmd::import::Args),
    /// List, install and test the bundled third-party parsers
    Adapters(cmd::adapters::Args),
    /// Print the version (as --version does)
    #[command(hide = true)]
    Version,
}

/// [`VERSION`] and the version of the suite built in.
fn version() -> &'static str {
    let suite = rep_core::case::embedded::version().unwrap_or_else(|why| format!("unknown: {why}"));
    // Made once per process, for clap, which keeps it for the whole run.
    Box::leak(format!("{VERSION}, suite {suite} built in").into_boxed_str())
}

fn main() -> ExitCode {
    let argv: Vec<_> = std::env::args_os().collect();
    let parsed = <Cli as clap::CommandFactory>::command()
        .version(version())
        .try_get_matches_from(&argv)
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) => return ExitCode::from(cli::usage::clap_error(&error, &argv)),
    };
    cli::progress::set_quiet(cli.quiet);
    let status = match cli.command {
        Command::Run(args) => cmd::run::main(args),
        Command::Baseline(args) => cmd::baseline::main(args),
        Command::Check(args) => cmd::check::main(args),
        Command::Show(args) => cmd::show::main(args),
        Command::Lint(args) => cmd::lint::main(args),
        Command::Diff(args) => cmd::diff::main(args),
        Command::Report(args) => cmd::report::main(args),
        Command::Site(args) => cmd::report::site::main(args),
        Command::Measure(args) => cmd::measure::main(args),
        Command::Merge(args) => cmd::merge::main(args),
        Command::Promote(args) => cmd::promote::main(args),
        Command::Export(args) => cmd::export::main(args),
        Command::Import(args) => cmd::import::main(args),
        Command::Adapters(args) => cmd::adapters::main(args),
        Command::Version => {
            println!("reptest {}", version());
            0
        }
    };
    ExitCode::from(status)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_well_formed() {
        <super::Cli as clap::CommandFactory>::command().debug_assert();
    }
}
