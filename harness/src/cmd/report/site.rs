//! `reptest site`: render the static site from a report's `report.json`,
//! with no run: the committed report becomes the published pages in seconds.

use rep_core::workspace::absolute_root;
use rep_matrix::model::from_json;
use rep_matrix::report::REPORT_FILE;
use rep_matrix::site;
use std::path::PathBuf;
use std::time::Instant;

const AFTER_HELP: &str = "\
The site is plain HTML, one CSS file and a little inline JavaScript: it opens from the file system
and from any static host. It is not committed; CI builds it and a workflow publishes it.

Exit status: 0 when the site was written, 1 when the report cannot be read or the site written.";

/// The flags of `reptest site`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The report to render [default: the workspace's reports/report.json]
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Where to write the site [default: site/ beside the report]
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Runs `reptest site`; returns the exit status.
pub(crate) fn main(options: Args) -> u8 {
    let started = Instant::now();
    let report_path = options
        .report
        .unwrap_or_else(|| absolute_root().join("reports").join(REPORT_FILE));
    let out = options.out.unwrap_or_else(|| {
        report_path
            .parent()
            .map_or_else(|| PathBuf::from("site"), |dir| dir.join("site"))
    });
    let report = match std::fs::read_to_string(&report_path)
        .map_err(|error| format!("cannot read {}: {error}", report_path.display()))
        .and_then(|json| from_json(&json).map_err(|why| format!("{}: {why}", report_path.display())))
    {
        Ok(report) => report,
        Err(why) => {
            eprintln!("reptest site: {why}");
            return 1;
        }
    };
    match site::write(&report, &out) {
        Ok(files) => {
            eprintln!(
                "reptest site: wrote {files} files under {} in {:.1} s (open index.html)",
                out.display(),
                started.elapsed().as_secs_f64()
            );
            0
        }
        Err(why) => {
            eprintln!("reptest site: {why}");
            1
        }
    }
}
