//! `reptest`: the conformance suite runner. Each subcommand lives in its own
//! module of the library; this file only dispatches.

mod cli;
mod cmd;

use std::process::ExitCode;

const HELP: &str = "\
reptest — conformance suite and tools for robots.txt parsers

Usage: reptest <COMMAND> [OPTIONS]
       reptest --version

Commands:
  run      run the YAML cases against implementations and report (reptest run --help)
  baseline write the expected-failures file of an implementation (reptest baseline --help)
  check    ask one implementation about URLs, or answer JSON lines (reptest check --help)
  diff     compare two implementations on generated inputs, write findings (reptest diff --help)
  report   regenerate the conformance matrix under reports/ (reptest report --help)
  measure  measure third-party parsers on the real-world corpus and generated inputs (--help)
  merge    combine the measurements of the shards of one run (reptest merge --help)
  promote  move a finding from reports/findings/ into cases/regressions/ (reptest promote --help)
  export   write the whole suite as one JSON file for parsers in any language (reptest export --help)
  import   convert Google's robotstxt-spec-test files into case files (reptest import --help)
  adapters list, install and test the bundled third-party parsers (reptest adapters --help)
";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let command = args.next();
    let rest: Vec<String> = args.collect();
    let status = match command.as_deref() {
        Some("run") => cmd::run::main(rest),
        Some("baseline") => cmd::baseline::main(rest),
        Some("check") => cmd::check::main(rest),
        Some("diff") => cmd::diff::main(rest),
        Some("report") => cmd::report::main(rest),
        Some("measure") => cmd::measure::main(rest),
        Some("merge") => cmd::merge::main(rest),
        Some("promote") => cmd::promote::main(rest),
        Some("export") => cmd::export::main(rest),
        Some("import") => cmd::import::main(rest),
        Some("adapters") => cmd::adapters::main(rest),
        Some("-V" | "--version" | "version") => {
            let google = if cfg!(feature = "google") {
                "with Google's parser built in"
            } else {
                "without Google's parser (cargo feature `google` off)"
            };
            println!("reptest {} ({google})", env!("CARGO_PKG_VERSION"));
            0
        }
        None | Some("-h" | "--help" | "help") => {
            print!("{HELP}");
            0
        }
        Some(other) => {
            eprintln!("reptest: unknown command `{other}`\n\n{HELP}");
            2
        }
    };
    ExitCode::from(status)
}
