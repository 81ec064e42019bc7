//! Rust programs: each is the `main.rs` of a crate whose dependencies its
//! first line names. Building one crate per program would cost a cargo
//! build per difference, so all the programs of a page become modules of
//! one scratch crate (each file included as written, its `main` called when
//! the binary is given the program's number), built once. The crate lives
//! in `<cache>/verify/<name>/` and every parser's crate shares the target
//! directory `<cache>/verify/target/`, so the libraries are compiled once
//! and a page that did not change is not rebuilt; nothing is written in the
//! work tree.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::{could_not_run, Program};
use crate::catalogue::install::INSTALL_TIMEOUT;
use crate::catalogue::third_party::{Places, ThirdParty};
use rep_core::implementation::process::{run_with_timeout, Finished};

/// The language whose programs are built here.
pub(super) const LANGUAGE: &str = "Rust";

/// How a program's first line names its crate's dependencies.
const DEPENDENCIES_LINE: &str = "// Cargo.toml: [dependencies]";

/// How many lines of a failed build's first error a message shows.
const ERROR_LINES: usize = 8;

/// The `[dependencies]` entries a Rust program's first line names
/// (`// Cargo.toml: [dependencies] robotstxt = "=0.3.0", url = "2"`), each
/// as a line of a Cargo.toml, or what is wrong with that line.
pub fn dependencies(code: &str) -> Result<Vec<String>, String> {
    let first = code.lines().next().unwrap_or("");
    let listed = first
        .strip_prefix(DEPENDENCIES_LINE)
        .ok_or_else(|| format!("the first line must be `{DEPENDENCIES_LINE} name = \"version\", …`, not `{first}`"))?;
    let entries: Vec<String> = listed.split(',').map(|entry| entry.trim().to_string()).collect();
    match entries.iter().find(|entry| {
        let (name, version) = entry.split_once(" = ").unwrap_or_default();
        name.is_empty() || !version.starts_with('"') || !version.ends_with('"') || version.len() < 3
    }) {
        Some(bad) => Err(format!(
            "the first line's dependency `{bad}` is not written `name = \"version\"`"
        )),
        None => Ok(entries),
    }
}

/// Builds `programs` as one crate and runs each, given `timeout`: what each
/// run finished with, in order. `Err` when the crate cannot be written or
/// built (a program that does not compile fails the whole page, named by
/// the compiler's first error).
pub(super) fn run_all(
    party: &ThirdParty,
    places: &Places,
    programs: &[Program],
    timeout: Duration,
) -> Result<Vec<Result<Finished, String>>, String> {
    if programs.is_empty() {
        return Ok(Vec::new());
    }
    let cache = places.cache.as_ref().map_err(Clone::clone)?;
    let root = cache.join("verify");
    let project = root.join(&party.name);
    let target = root.join("target");
    write_crate(&project, &package(&party.name), programs)?;
    build(&project, &target)?;
    let binary = target.join("debug").join(package(&party.name));
    let shown = binary.display().to_string();
    Ok((1..=programs.len())
        .map(|number| {
            run_with_timeout(Command::new(&binary).arg(number.to_string()), timeout)
                .map_err(|error| could_not_run(&shown, error))
        })
        .collect())
}

/// The scratch crate's package (and binary) name.
fn package(parser: &str) -> String {
    format!("reptest-verify-{parser}")
}

/// The module a program becomes.
fn module(number: usize) -> String {
    format!("program_{number:03}")
}

/// Writes the crate: its Cargo.toml, one file per program and the
/// `main.rs` that dispatches to them. Files already as they should be are
/// left alone, so cargo rebuilds only what changed; program files of an
/// earlier, longer page are removed.
fn write_crate(project: &Path, package: &str, programs: &[Program]) -> Result<(), String> {
    let mut wanted = BTreeSet::new();
    for program in programs {
        let named = dependencies(&program.code).map_err(|why| format!("the program of #{}: {why}", program.heading))?;
        wanted.extend(named);
    }
    let manifest = format!(
        "# Written by `reptest adapters verify`: the reproduction programs of one page.\n\
         [package]\nname = \"{package}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         # Not part of any workspace around it.\n[workspace]\n\n[dependencies]\n{}\n",
        wanted.into_iter().collect::<Vec<_>>().join("\n")
    );
    let source = project.join("src");
    std::fs::create_dir_all(&source).map_err(|error| format!("cannot create {}: {error}", source.display()))?;
    write_if_changed(&project.join("Cargo.toml"), &manifest)?;
    let mut main = String::from(
        "// Written by `reptest adapters verify`: each program of the page as a module,\n\
         // run by its number.\n",
    );
    let mut arms = String::new();
    for (index, program) in programs.iter().enumerate() {
        let (number, module) = (index + 1, module(index + 1));
        write_if_changed(&source.join(format!("{module}.rs")), &program.code)?;
        // The program's `main` is private to its module; `run` is how the dispatcher reaches it.
        main.push_str(&format!(
            "mod {module} {{\n    include!(\"{module}.rs\");\n\n    pub fn run() {{\n        main()\n    }}\n}}\n"
        ));
        arms.push_str(&format!("        Some(\"{number}\") => {module}::run(),\n"));
    }
    main.push_str(&format!(
        "\nfn main() {{\n    match std::env::args().nth(1).as_deref() {{\n{arms}        \
         other => panic!(\"no program numbered {{other:?}}\"),\n    }}\n}}\n"
    ));
    write_if_changed(&source.join("main.rs"), &main)?;
    remove_stale(&source, programs.len())
}

fn write_if_changed(path: &Path, content: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|written| written == content) {
        return Ok(());
    }
    std::fs::write(path, content).map_err(|error| format!("cannot write {}: {error}", path.display()))
}

/// Removes the program files numbered above `count`.
fn remove_stale(source: &Path, count: usize) -> Result<(), String> {
    let entries = std::fs::read_dir(source).map_err(|error| format!("cannot list {}: {error}", source.display()))?;
    let current: BTreeSet<PathBuf> = (1..=count).map(|n| source.join(format!("{}.rs", module(n)))).collect();
    for path in entries.filter_map(|entry| Some(entry.ok()?.path())) {
        let is_program = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("program_"));
        if is_program && !current.contains(&path) {
            std::fs::remove_file(&path).map_err(|error| format!("cannot remove {}: {error}", path.display()))?;
        }
    }
    Ok(())
}

/// `cargo build` of the crate at `project` into `target` (a debug build,
/// as `cargo run` of a pasted program is).
fn build(project: &Path, target: &Path) -> Result<(), String> {
    let manifest = project.join("Cargo.toml");
    let mut command = Command::new("cargo");
    command
        .args(["build", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(target);
    let shown = format!("cargo build --manifest-path {}", manifest.display());
    let finished = run_with_timeout(&mut command, INSTALL_TIMEOUT).map_err(|error| could_not_run(&shown, error))?;
    if finished.status.success() {
        return Ok(());
    }
    Err(format!(
        "`{shown}` failed ({}):\n{}",
        finished.status,
        first_error(&String::from_utf8_lossy(&finished.stderr))
    ))
}

/// The compiler's first error and the lines after it (where it is), else
/// the last lines of `stderr`.
fn first_error(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let start = lines
        .iter()
        .position(|line| line.starts_with("error"))
        .unwrap_or(lines.len().saturating_sub(ERROR_LINES));
    lines[start..]
        .iter()
        .take(ERROR_LINES)
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_names_the_dependencies() {
        let code = "// Cargo.toml: [dependencies] robotparser = \"=0.11.0\", url = \"2\"\nfn main() {}\n";
        assert_eq!(
            dependencies(code).unwrap(),
            ["robotparser = \"=0.11.0\"", "url = \"2\""]
        );
        let missing = dependencies("fn main() {}\n").unwrap_err();
        assert!(missing.contains("`fn main() {}`"), "{missing}");
        let bad = dependencies("// Cargo.toml: [dependencies] robotstxt 0.3\n").unwrap_err();
        assert!(bad.contains("`robotstxt 0.3`"), "{bad}");
    }

    #[test]
    fn a_page_becomes_one_crate_of_modules_and_a_shorter_page_leaves_no_stale_file() {
        let scratch = std::env::temp_dir().join(format!("reptest-rust-crate-test-{}", std::process::id()));
        let program = |prints: &str| Program {
            heading: format!("1. x {prints}"),
            prints: Some(prints.into()),
            code: format!("// Cargo.toml: [dependencies] url = \"2\"\nfn main() {{ println!(\"{prints}\"); }}\n"),
        };
        write_crate(
            &scratch,
            "reptest-verify-x",
            &[program("allowed"), program("disallowed")],
        )
        .unwrap();
        let main = std::fs::read_to_string(scratch.join("src/main.rs")).unwrap();
        assert!(main.contains("include!(\"program_002.rs\")"), "{main}");
        assert!(main.contains("Some(\"2\") => program_002::run()"), "{main}");
        let manifest = std::fs::read_to_string(scratch.join("Cargo.toml")).unwrap();
        assert!(manifest.contains("[dependencies]\nurl = \"2\"\n"), "{manifest}");
        write_crate(&scratch, "reptest-verify-x", &[program("allowed")]).unwrap();
        assert!(!scratch.join("src/program_002.rs").exists());
        assert!(scratch.join("src/program_001.rs").exists());
        std::fs::remove_dir_all(&scratch).unwrap();
    }

    #[test]
    fn a_build_failure_shows_the_first_error() {
        let stderr = "warning: unused\nerror[E0425]: cannot find value `x`\n --> src/program_007.rs:3:5\n";
        assert!(first_error(stderr).starts_with("error[E0425]"));
        assert!(first_error(stderr).contains("program_007.rs"));
    }
}
