//! Embeds the suite: every case file under the workspace's `cases/`, its
//! `readings.yaml`, `statements.yaml` and `CHANGES.md`, compiled in with `include_str!` (as
//! `rep-suite` embeds the export), so an installed `reptest` runs without
//! the source checkout. Writes `$OUT_DIR/embedded_cases.rs`: a list of
//! (path under `cases/`, text), sorted by path.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    // A symbolic link to the workspace's cases/, stored as the files in the packaged crate.
    let cases = manifest.join("cases");
    println!("cargo:rerun-if-changed={}", cases.display());
    let mut files = Vec::new();
    walk(&cases, &mut files);
    files.sort();
    let mut out = String::from("/// The YAML files under `cases/` (case files, readings.yaml, statements.yaml): (path under `cases/`, text).\n");
    out.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let relative: Vec<String> = file
            .strip_prefix(&cases)
            .expect("found under cases/")
            .components()
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect();
        let absolute = std::fs::canonicalize(file).expect("a file just listed exists");
        out.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            relative.join("/"),
            absolute.display().to_string()
        ));
    }
    out.push_str("];\n");
    let changes = std::fs::canonicalize(cases.join("CHANGES.md")).expect("cases/CHANGES.md exists");
    out.push_str("/// `cases/CHANGES.md`: its top heading names the suite version.\n");
    out.push_str(&format!(
        "pub static CHANGES: &str = include_str!({:?});\n",
        changes.display().to_string()
    ));
    let target = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_cases.rs");
    std::fs::write(&target, out).expect("OUT_DIR is writable");
}

/// Every `*.yaml` / `*.yml` file under `dir` (the export's directory holds
/// JSON only, so it contributes nothing).
fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            walk(&path, found);
        } else if path
            .extension()
            .is_some_and(|extension| extension == "yaml" || extension == "yml")
        {
            found.push(path);
        }
    }
}
