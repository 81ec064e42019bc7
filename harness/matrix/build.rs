//! Embeds the files the bundled parsers' adapters run from (the scripts
//! under `harness/adapters/`, the shared `rep_adapter.*` modules, the Rust
//! adapter crate's sources), with the parser self-test and the expected
//! failures, so an installed `reptest` runs its adapters without the source
//! checkout (`catalogue::adapter_files` writes them into the cache). Writes
//! `$OUT_DIR/adapter_files.rs`: a list of (path under `harness/adapters/`,
//! bytes), sorted by path.
//!
//! The Rust adapter crate's manifest is embedded without its
//! `[dev-dependencies]`: they name the suite crate by a path into this
//! workspace, which does not exist beside the copy, and the copy is only
//! ever built, never tested (its tests stay in the tree).

use std::path::{Path, PathBuf};

/// The directory of the Rust adapter crate, under `harness/adapters/`.
const RUST_CRATE: &str = "rust-robotstxt";

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    // A link inside the crate (harness/matrix/adapters -> ../adapters), so `cargo package`
    // stores the files in the package and its build finds them there.
    let adapters = manifest.join("adapters");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    // The scripts and the shared modules beside them, and the self-test.
    for path in listed(&adapters) {
        let name = file_name(&path);
        let script = path
            .extension()
            .is_some_and(|extension| ["py", "js", "pl", "rb"].iter().any(|known| extension == *known));
        if path.is_file() && (script || name == "self-test.yaml") {
            files.push((name, path));
        }
    }
    for path in listed(&adapters.join("expected")) {
        if path.extension().is_some_and(|extension| extension == "txt") {
            files.push((format!("expected/{}", file_name(&path)), path));
        }
    }
    // The Rust adapter crate through links of its own (rust-adapter/{build.rs,src,manifest.toml}):
    // `cargo package` leaves out a directory that holds a Cargo.toml (adapters/rust-robotstxt
    // is one), so the package carries the crate's files only under names that are not a manifest.
    let rust_crate = manifest.join("rust-adapter");
    files.push((format!("{RUST_CRATE}/build.rs"), rust_crate.join("build.rs")));
    let mut sources = Vec::new();
    walk_rust(&rust_crate.join("src"), &mut sources);
    for path in sources {
        let relative = path.strip_prefix(&rust_crate).expect("found under the crate");
        let relative: Vec<String> = relative
            .components()
            .map(|part| file_name(Path::new(part.as_os_str())))
            .collect();
        files.push((format!("{RUST_CRATE}/{}", relative.join("/")), path));
    }
    let manifest_text =
        std::fs::read_to_string(rust_crate.join("manifest.toml")).expect("the Rust adapter's Cargo.toml reads");
    let built_manifest = out_dir.join("rust-adapter-Cargo.toml");
    std::fs::write(&built_manifest, without_table(&manifest_text, "[dev-dependencies]")).expect("OUT_DIR is writable");
    files.push((format!("{RUST_CRATE}/Cargo.toml"), built_manifest));
    files.sort();

    // A new or removed file changes a directory; an edited one, its own entry.
    for dir in [adapters.clone(), adapters.join("expected"), rust_crate.join("src")] {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    println!("cargo:rerun-if-changed={}", rust_crate.join("manifest.toml").display());
    let mut out = String::from("/// The adapter files: (path under `harness/adapters/`, bytes), sorted by path.\n");
    out.push_str("pub(crate) static FILES: &[(&str, &[u8])] = &[\n");
    for (name, path) in &files {
        let absolute = std::fs::canonicalize(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            absolute.display().to_string()
        ));
    }
    out.push_str("];\n");
    std::fs::write(out_dir.join("adapter_files.rs"), out).expect("OUT_DIR is writable");
}

/// The entries of `dir`, sorted.
fn listed(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = entries.map(|entry| entry.expect("a directory entry").path()).collect();
    paths.sort();
    paths
}

/// Every `*.rs` file under `dir`.
fn walk_rust(dir: &Path, found: &mut Vec<PathBuf>) {
    for path in listed(dir) {
        if path.is_dir() {
            walk_rust(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().expect("a named entry").to_string_lossy().into_owned()
}

/// `manifest` without the table whose header line is `header`: its lines up
/// to the next table header.
fn without_table(manifest: &str, header: &str) -> String {
    let mut inside = false;
    let mut kept = String::new();
    for line in manifest.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            inside = trimmed == header;
        }
        if !inside {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}
