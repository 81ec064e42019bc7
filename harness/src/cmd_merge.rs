//! `reptest merge`: the measurements of every shard of one run, combined
//! into the measurements of the whole run.

use std::path::PathBuf;

use crate::cli::{options_or_exit, Args, UsageError};
use crate::measure::{merge, Measurements};

const HELP: &str = "\
reptest merge — combine the measurement files of the shards of one run

Usage: reptest merge --out FILE PART.json...

Each PART is what `reptest measure --shard K/N` wrote; together they must be shards 1..N of
one run (same corpus, seed and check count). The result is what one unsharded run writes;
give it to `reptest report --measurements FILE`.

Exit status: 0 when written, 1 when the parts do not belong together, 2 for a usage error
or an unreadable part.
";

struct Options {
    out: PathBuf,
    parts: Vec<PathBuf>,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, UsageError> {
    let mut args = Args::new(args);
    let mut out = None;
    let mut parts = Vec::new();
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--out" => out = Some(PathBuf::from(args.value("--out")?)),
            flag if flag.starts_with("--") => return Err(UsageError(format!("unknown option `{flag}`"))),
            part => parts.push(PathBuf::from(part)),
        }
    }
    let out = out.ok_or_else(|| UsageError("say where the merged file goes: --out FILE".into()))?;
    if parts.is_empty() {
        return Err(UsageError("give the measurement files to merge".into()));
    }
    Ok(Some(Options { out, parts }))
}

/// Reads one measurements file, naming it in any error.
pub fn read(path: &std::path::Path) -> Result<Measurements, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    serde_json::from_str(&text).map_err(|error| format!("{} is not a measurements file: {error}", path.display()))
}

/// Runs `reptest merge` with the arguments after `merge`; returns the exit status.
pub fn main(args: Vec<String>) -> u8 {
    let options = match options_or_exit("merge", parse(args), &[HELP]) {
        Ok(options) => options,
        Err(status) => return status,
    };
    let mut parts = Vec::new();
    for path in &options.parts {
        match read(path) {
            Ok(part) => parts.push(part),
            Err(message) => {
                eprintln!("reptest merge: {message}");
                return 2;
            }
        }
    }
    let merged = match merge(parts) {
        Ok(merged) => merged,
        Err(message) => {
            eprintln!("reptest merge: {message}");
            return 1;
        }
    };
    let json = serde_json::to_string(&merged).expect("measurements always serialise");
    if let Err(error) = std::fs::write(&options.out, json + "\n") {
        eprintln!("reptest merge: cannot write {}: {error}", options.out.display());
        return 2;
    }
    eprintln!(
        "reptest merge: wrote {} ({} parts)",
        options.out.display(),
        options.parts.len()
    );
    0
}
