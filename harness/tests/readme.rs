//! The README's drift test: what README.md tells a reader to type or to look
//! at must exist in this checkout, so a renamed flag, a moved directory or a
//! changed Action input fails here instead of in a reader's terminal:
//! (a) every `reptest` command in a `sh` block names a subcommand `reptest`
//!     has and only flags that subcommand's `--help` lists; its `--filter`
//!     values select checks of the suite, its paths exist;
//! (b) every other command's `--path`, `--manifest-path`, `-p` and script
//!     names what the workspace holds;
//! (c) every path written in backticks or as a link, and every entry of the
//!     Layout drawing, exists;
//! (d) the Action steps in `yaml` blocks use inputs `action.yml` declares, at
//!     the release of this suite, and the inputs table lists exactly them;
//! (e) CHANGELOG.md has the entry the release workflow reads its notes from.
//! The counts and versions the README states are held by tests/export.rs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|error| panic!("cannot read {path}: {error}"))
}

fn suite_version() -> String {
    let export: serde_json::Value = serde_json::from_str(&read("cases/export/rep-suite.json")).unwrap();
    export["suite_version"].as_str().unwrap().to_string()
}

/// The fenced blocks of `text` in `language`, each with the README line its
/// first line is on; fences may be indented (inside a list item).
fn blocks(text: &str, language: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut current {
            None if trimmed.starts_with("```") => {
                current = Some((index + 2, String::new()));
                if trimmed.trim_start_matches('`') != language {
                    // A block in another language: skipped up to its end.
                    current.as_mut().unwrap().0 = 0;
                }
            }
            None => {}
            Some((start, body)) => {
                if trimmed.starts_with("```") {
                    if *start != 0 {
                        found.push((*start, std::mem::take(body)));
                    }
                    current = None;
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
    }
    found
}

/// The commands of a `sh` block, each as its words with the README line it
/// starts on: lines joined at a trailing `\`, comments dropped, and split at
/// `|`, `&&`, `;` and `>` (what follows a `>` is a file the command writes).
fn commands(start: usize, block: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let mut logical = String::new();
    let mut line_of_logical = start;
    for (offset, line) in block.lines().enumerate() {
        if logical.is_empty() {
            line_of_logical = start + offset;
        }
        if let Some(head) = line.strip_suffix('\\') {
            logical.push_str(head);
            logical.push(' ');
            continue;
        }
        logical.push_str(line);
        let words = shlex::split(&logical).unwrap_or_else(|| panic!("README.md:{line_of_logical}: not shell words"));
        let mut command = Vec::new();
        let mut writing_to = false;
        for word in words {
            if ["|", "&&", ";"].contains(&word.as_str()) {
                found.push((line_of_logical, std::mem::take(&mut command)));
                writing_to = false;
            } else if word == ">" {
                writing_to = true;
            } else if !writing_to {
                command.push(word);
            }
        }
        found.push((line_of_logical, command));
        logical.clear();
    }
    found.retain(|(_, words)| !words.is_empty());
    found
}

fn help(args: &[&str]) -> Option<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .arg("--help")
        .output()
        .expect("reptest starts");
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Whether `help` lists `flag` as a flag (not as the start of a longer one).
fn lists_flag(help: &str, flag: &str) -> bool {
    help.match_indices(flag).any(|(at, _)| {
        !help[at + flag.len()..]
            .chars()
            .next()
            .is_some_and(|next| next.is_ascii_alphanumeric() || next == '-')
    })
}

/// A word that stands for what the reader supplies (`<id>`, `DIR`, `OUTDIR`).
fn is_placeholder(word: &str) -> bool {
    word.contains('<')
        || (word.chars().any(|c| c.is_ascii_uppercase()) && word.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

fn check_ids() -> Vec<String> {
    let export: serde_json::Value = serde_json::from_str(&read("cases/export/rep-suite.json")).unwrap();
    export["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["id"].as_str().unwrap().to_string())
        .collect()
}

/// The package names of the workspace's members (the root manifest's
/// `members = [...]` line and each member's `name = "..."` under `[package]`).
fn workspace_packages() -> BTreeSet<String> {
    let root_manifest = read("Cargo.toml");
    let members = root_manifest
        .lines()
        .find_map(|line| line.strip_prefix("members = ["))
        .expect("the root Cargo.toml lists its members on one line");
    let mut dirs: Vec<&str> = members
        .trim_end_matches(']')
        .split(',')
        .map(|dir| dir.trim().trim_matches('"'))
        .collect();
    dirs.push(".");
    dirs.into_iter()
        .map(|dir| {
            let manifest = read(&format!("{dir}/Cargo.toml"));
            manifest
                .lines()
                .skip_while(|line| line.trim() != "[package]")
                .find_map(|line| line.strip_prefix("name = \"")?.strip_suffix('"'))
                .unwrap_or_else(|| panic!("{dir}/Cargo.toml names no package"))
                .to_string()
        })
        .collect()
}

/// The problems of one command of the README.
fn command_problems(words: &[String], ids: &[String], packages: &BTreeSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let path_exists = |path: &str| is_placeholder(path) || path.starts_with('/') || root().join(path).exists();
    // Values of flags that name a file or directory of this checkout to read.
    for pair in words.windows(2) {
        if ["--cases", "--path", "--manifest-path", "--report"].contains(&pair[0]) && !path_exists(pair[1]) {
            problems.push(format!("{} {} does not exist", pair[0], pair[1]));
        }
        if ["-p", "--package"].contains(&pair[0]) && !packages.contains(pair[1]) {
            problems.push(format!("{} {}: no such package in the workspace", pair[0], pair[1]));
        }
        if pair[0] == "--filter" && !ids.iter().any(|id| id.contains(pair[1])) {
            problems.push(format!("--filter {} selects no check of the suite", pair[1]));
        }
    }
    if ["python3", "bash"].contains(&words[0]) && words.len() > 1 && !path_exists(words[1]) {
        problems.push(format!("{} does not exist", words[1]));
    }
    if words[0].contains('/') && !path_exists(words[0]) {
        problems.push(format!("{} does not exist", words[0]));
    }
    let reptest_args: &[&str] = match words.as_slice() {
        ["reptest", rest @ ..] => rest,
        ["cargo", "reptest", rest @ ..] => rest,
        _ => return problems,
    };
    let Some(subcommand) = reptest_args.first().filter(|word| !word.starts_with('-')) else {
        return problems;
    };
    let Some(mut text) = help(&[subcommand]) else {
        problems.push(format!("reptest has no subcommand {subcommand}"));
        return problems;
    };
    if let Some(second) = reptest_args
        .get(1)
        .filter(|word| !word.starts_with('-') && !is_placeholder(word))
    {
        if let Some(nested) = help(&[subcommand, second])
            .filter(|nested| nested.contains(&format!("Usage: reptest {subcommand} {second}")))
        {
            text = nested;
        }
    }
    text.push_str(&help(&[]).expect("reptest --help works"));
    for word in reptest_args.iter().filter(|word| word.starts_with("--")) {
        let flag = word.split('=').next().unwrap();
        if !lists_flag(&text, flag) {
            problems.push(format!("reptest {subcommand} has no flag {flag}"));
        }
    }
    problems
}

#[test]
fn every_command_in_the_readme_exists_with_its_flags_and_paths() {
    let readme = read("README.md");
    let ids = check_ids();
    let packages = workspace_packages();
    let mut problems = Vec::new();
    let mut reptest_commands = 0;
    for (start, block) in blocks(&readme, "sh") {
        for (line, words) in commands(start, &block) {
            if words.iter().take(2).any(|word| word == "reptest") {
                reptest_commands += 1;
            }
            for problem in command_problems(&words, &ids, &packages) {
                problems.push(format!("README.md:{line}: {problem}\n    {}", words.join(" ")));
            }
        }
    }
    // The README's main command and its CI commands are among those read.
    assert!(
        reptest_commands >= 20,
        "only {reptest_commands} reptest commands found in README.md"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Paths written by commands on demand, never committed, which the README
/// names as places a command writes.
const WRITTEN_ON_DEMAND: [&str; 4] = [
    "reports/site",
    "reports/findings",
    "cases/regressions",
    ".github/workflows/robots-conformance.yml",
];

/// The first directory names of this checkout a path the README names starts with.
const TOP: [&str; 13] = [
    "src/",
    "tests/",
    "reference/",
    "harness/",
    "cases/",
    "fuzz/",
    "reports/",
    "tools/",
    ".ci/",
    ".github/",
    "packages/",
    "action.yml",
    "CHANGELOG.md",
];

/// Every path of the checkout written in backticks or as a relative link.
fn named_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut candidates: Vec<&str> = line.split('`').skip(1).step_by(2).collect();
        candidates.extend(line.split("](").skip(1).filter_map(|rest| rest.split(')').next()));
        for candidate in candidates {
            let path = candidate.split('#').next().unwrap().trim_end_matches(['.', ',', ':']);
            let plain = !path.is_empty() && !path.contains(|c: char| c.is_whitespace() || "<>*…{}|$%".contains(c));
            if plain
                && TOP
                    .iter()
                    .any(|top| path.starts_with(top) || path == top.trim_end_matches('/'))
            {
                found.push((index + 1, path.to_string()));
            }
        }
    }
    found
}

#[test]
fn every_path_the_readme_names_exists() {
    let readme = read("README.md");
    let paths = named_paths(&readme);
    assert!(paths.len() >= 30, "only {} paths found in README.md", paths.len());
    let missing: Vec<String> = paths
        .iter()
        .filter(|(_, path)| !WRITTEN_ON_DEMAND.iter().any(|written| path.starts_with(written)))
        .filter(|(_, path)| !root().join(path).exists())
        .map(|(line, path)| format!("README.md:{line}: {path}"))
        .collect();
    assert!(
        missing.is_empty(),
        "the README names paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_readme_path_finder_finds_what_it_should() {
    let text = "See `harness/core/tests/snapshots/` and [the Action](action.yml), not `reptest run` or `<id>.yaml`.\n`cases/*.yaml`, `fuzz/README.md`.";
    let found: Vec<String> = named_paths(text).into_iter().map(|(_, path)| path).collect();
    assert_eq!(found, ["harness/core/tests/snapshots/", "action.yml", "fuzz/README.md"]);
}

#[test]
fn every_entry_of_the_layout_drawing_exists() {
    let readme = read("README.md");
    let layout = readme
        .split("## Layout\n\n```\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("README.md has a Layout section with a drawing");
    let mut parent = String::new();
    let mut drawn = 0;
    let mut missing = Vec::new();
    for line in layout.lines() {
        let indent = line.len() - line.trim_start().len();
        let Some(entry) = line.split_whitespace().next() else {
            continue;
        };
        if indent > 2 {
            continue; // a description's second line
        }
        let path = if indent == 0 {
            parent = entry.to_string();
            entry.to_string()
        } else {
            format!("{parent}{entry}")
        };
        drawn += 1;
        if !root().join(&path).exists() {
            missing.push(path);
        }
    }
    assert!(drawn >= 15, "only {drawn} entries read from the Layout drawing");
    assert!(missing.is_empty(), "the Layout draws what does not exist: {missing:?}");
    // Every crate of harness/ is drawn.
    for krate in ["src/", "core/", "matrix/", "generate/", "suite/", "bench/"] {
        assert!(
            layout.contains(&format!("\n  {krate}")),
            "the Layout does not draw harness/{krate}"
        );
    }
}

/// The `with:` inputs of every step of `value` that uses this repository's
/// Action, with the version it names.
fn action_steps(value: &serde_yaml::Value, found: &mut Vec<(String, Vec<String>)>) {
    match value {
        serde_yaml::Value::Mapping(mapping) => {
            if let Some(uses) = mapping.get("uses").and_then(|uses| uses.as_str()) {
                if uses.starts_with("OWNER/rep@") {
                    let inputs = mapping
                        .get("with")
                        .and_then(|with| with.as_mapping())
                        .map(|with| with.keys().map(|key| key.as_str().unwrap().to_string()).collect())
                        .unwrap_or_default();
                    found.push((uses.to_string(), inputs));
                }
            }
            mapping.values().for_each(|value| action_steps(value, found));
        }
        serde_yaml::Value::Sequence(items) => items.iter().for_each(|value| action_steps(value, found)),
        _ => {}
    }
}

#[test]
fn the_readme_uses_the_action_as_action_yml_declares_it() {
    let readme = read("README.md");
    let action: serde_yaml::Value = serde_yaml::from_str(&read("action.yml")).unwrap();
    let declared: BTreeSet<String> = action["inputs"]
        .as_mapping()
        .unwrap()
        .keys()
        .map(|key| key.as_str().unwrap().to_string())
        .collect();
    let release = format!("OWNER/rep@v{}", suite_version());
    let mut steps = Vec::new();
    for (line, block) in blocks(&readme, "yaml") {
        let value: serde_yaml::Value = serde_yaml::from_str(&block)
            .unwrap_or_else(|error| panic!("README.md:{line}: the yaml block does not parse: {error}"));
        action_steps(&value, &mut steps);
    }
    assert!(
        steps.len() >= 2,
        "the first screen's step and the workflow's: found {steps:?}"
    );
    for (uses, inputs) in &steps {
        assert_eq!(uses, &release, "the README's Action step names another release");
        for input in inputs {
            assert!(
                declared.contains(input),
                "the README gives the Action an input {input} that action.yml does not declare"
            );
        }
        assert!(inputs.iter().any(|input| input == "adapter" || input == "command"));
    }
    // The inputs table: one row per declared input, no other.
    let section = readme
        .split("## Use it in CI")
        .nth(1)
        .expect("README.md has a Use it in CI section");
    let tabled: BTreeSet<String> = section
        .lines()
        .take_while(|line| !line.starts_with("## "))
        .filter(|line| line.starts_with("| `"))
        .flat_map(|line| {
            line.split('|')
                .nth(1)
                .unwrap()
                .split(',')
                .map(|name| name.trim().trim_matches('`').to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(
        tabled, declared,
        "the README's table of inputs and action.yml's inputs differ"
    );
}

#[test]
fn the_changelog_has_the_entry_of_this_suite_release() {
    let changelog = read("CHANGELOG.md");
    let heading = format!("## [{}] - ", suite_version());
    assert!(
        changelog.lines().any(|line| line.starts_with(&heading)),
        "CHANGELOG.md has no line starting {heading:?}"
    );
    assert!(
        changelog.contains("cases/CHANGES.md"),
        "CHANGELOG.md does not point at the suite's own history"
    );
}
