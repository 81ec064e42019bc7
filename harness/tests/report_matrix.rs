//! `reptest report` on the fixture cases with the built-ins only: the
//! conformance matrix has its summary, legend, one row per case;
//! `report.json` holds the same counts and validates against the schema
//! written beside it; and two runs write the same files but for the stamp's time.

use std::path::PathBuf;

fn fixtures() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/valid")
        .display()
        .to_string()
}

/// Runs the report into a fresh directory; returns (markdown, json).
fn report(dir_name: &str) -> (String, String) {
    let out = std::env::temp_dir().join(format!("reptest-report-{}-{dir_name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let args = [
        "--built-in-only",
        "--cases",
        &fixtures(),
        "--out",
        &out.display().to_string(),
    ];
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_reptest"))
        .arg("report")
        .args(args)
        .output()
        .expect("reptest starts");
    assert!(
        output.status.success(),
        "reptest report failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let files = (read("conformance.md"), read("report.json"));
    let schema: serde_json::Value = serde_json::from_str(&read("report.schema.json")).expect("the schema parses");
    let report: serde_json::Value = serde_json::from_str(&files.1).expect("report.json parses");
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let problems: Vec<String> = validator.iter_errors(&report).map(|error| error.to_string()).collect();
    assert!(
        problems.is_empty(),
        "report.json does not match its schema: {problems:?}"
    );
    let _ = std::fs::remove_dir_all(&out);
    files
}

/// The ids and check counts of the fixture cases, read from the loader.
fn fixture_cases() -> Vec<(String, usize)> {
    let files = rep_core::case::load_paths(&[PathBuf::from(fixtures())]).unwrap_or_else(|e| panic!("{e}"));
    files
        .iter()
        .flat_map(|file| &file.cases)
        .map(|case| (case.id.clone(), case.checks.len()))
        .collect()
}

#[test]
fn markdown_has_summary_legend_and_one_row_per_case() {
    let (markdown, _) = report("md");
    for name in ["rep-rfc", "rep-google", "google"] {
        assert!(
            markdown.lines().any(|line| line.starts_with(&format!("| {name} |"))),
            "no summary row for {name}:\n{markdown}"
        );
    }
    assert!(markdown.contains("## Legend"), "{markdown}");
    for symbol in ["| ✓ |", "| R |", "| G |", "| ✗ |", "| ? |", "| E |", "| · |"] {
        assert!(markdown.contains(symbol), "legend lacks {symbol}");
    }
    assert!(
        markdown.contains("| case | rep-rfc | rep-google | google |"),
        "{markdown}"
    );
    let cases = fixture_cases();
    assert!(cases.len() >= 2, "the fixtures should hold several cases");
    for (id, checks) in &cases {
        let (_, rest) = id.split_once('/').expect("fixture ids have a directory");
        // The full matrix, after its heading, has one row per case.
        let full = markdown.split("\n## Matrix\n").nth(1).expect("a full matrix");
        let rows: Vec<&str> = full
            .lines()
            .filter(|line| line.starts_with(&format!("| {rest} |")))
            .collect();
        assert_eq!(rows.len(), 1, "one row for {id}:\n{markdown}");
        // The pruned matrix repeats it only when the implementations differ.
        let pruned = markdown.split("\n## Matrix\n").next().unwrap_or_default();
        let pruned_rows = pruned
            .lines()
            .filter(|line| line.starts_with(&format!("| {rest} |")))
            .count();
        let cells: Vec<&str> = rows[0].split(" | ").skip(1).map(|c| c.trim_end_matches(" |")).collect();
        // Alike when, check by check, the implementations that could answer
        // (`·` is n/a, which differs from nothing) give the same symbol.
        let symbols: Vec<Vec<char>> = cells.iter().map(|cell| cell.chars().collect()).collect();
        let alike = (0..symbols[0].len()).all(|check| {
            let mut answered = symbols.iter().map(|cell| cell[check]).filter(|&symbol| symbol != '·');
            let first = answered.next();
            answered.all(|symbol| Some(symbol) == first)
        });
        assert_eq!(pruned_rows, usize::from(!alike), "pruned matrix and {id}:\n{markdown}");
        // One symbol per check in each of the three implementation cells.
        let cells: Vec<&str> = rows[0].split(" | ").skip(1).map(|c| c.trim_end_matches(" |")).collect();
        assert_eq!(cells.len(), 3, "{}", rows[0]);
        for cell in cells {
            assert_eq!(cell.chars().count(), *checks, "{}", rows[0]);
        }
    }
    assert!(markdown.contains("cargo reptest report --built-in-only"));
    // Not the committed place: no links into cases/.
    assert!(!markdown.contains("](../cases/"));
}

#[test]
fn json_parses_and_counts_match() {
    let (_, json) = report("json");
    let value: serde_json::Value = serde_json::from_str(&json).expect("report.json parses");
    assert_eq!(value["format"], "reptest-report/1");
    let cases = fixture_cases();
    let suite = &value["suite"];
    let listed = suite["cases"].as_array().expect("cases is a list");
    assert_eq!(listed.len(), cases.len());
    let checks: usize = cases.iter().map(|(_, n)| n).sum();
    for ((id, n), case) in cases.iter().zip(listed) {
        assert_eq!(case["id"], id.as_str());
        assert_eq!(case["checks"].as_array().map(Vec::len), Some(*n), "{id}");
        for check in case["checks"].as_array().into_iter().flatten() {
            assert_eq!(check["answers"].as_array().map(Vec::len), Some(3), "{id}");
        }
    }
    assert_eq!(suite["columns"], serde_json::json!(["rep-rfc", "rep-google", "google"]));
    let impls = suite["implementations"].as_array().expect("implementations is a list");
    for implementation in impls {
        for profile in ["rfc", "google"] {
            let tally = &implementation["scores"][profile];
            let counted: u64 = [
                "pass",
                "fail",
                "should",
                "may",
                "error",
                "not_applicable",
                "reading",
                "implementation_defined",
            ]
            .iter()
            .map(|key| tally[key].as_u64().expect("a count"))
            .sum();
            assert_eq!(counted as usize, checks, "{implementation}");
        }
    }
    // The stamp says when, from which commit and suite, and with what.
    let stamp = &value["stamp"];
    assert!(
        stamp["made"].as_str().is_some_and(|made| made.ends_with('Z')),
        "{stamp}"
    );
    let tools: Vec<&str> = stamp["tools"]
        .as_array()
        .expect("tools is a list")
        .iter()
        .filter_map(|tool| tool["name"].as_str())
        .collect();
    assert_eq!(tools, ["rustc", "python3", "node"]);
}

/// `text` with the stamp's time, the one thing two runs may differ in, taken out.
fn timeless(text: &str) -> String {
    text.lines()
        .filter(|line| !line.contains("\"made\": ") && !line.starts_with("- made: "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn two_runs_write_identical_files() {
    let (first, second) = (report("first"), report("second"));
    assert_eq!(timeless(&first.0), timeless(&second.0));
    assert_eq!(timeless(&first.1), timeless(&second.1));
}
