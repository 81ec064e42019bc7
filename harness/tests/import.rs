//! `reptest import spec-test`: the text-format reader on the fixtures under
//! `tests/fixtures/spec-test/`, the case files it writes read back by the
//! case loader byte for byte, and the whole path through the binary:
//! import, then run the result against rep-google and Google's parser.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rep_core::case::{load_paths, CaseFile, Expect};
use rep_core::import::{spec_test, Import};

fn fixtures(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/spec-test")
        .join(path)
}

/// An empty directory of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("import").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Imports `input` with no errors, writes the case files under `out`, and
/// loads them back with the suite's loader.
fn import_and_load(input: &Path, out: &Path) -> (Import, Vec<CaseFile>) {
    let import = spec_test(input);
    assert!(import.errors.is_empty(), "{:?}", import.errors);
    for file in &import.files {
        let path = out.join(&file.output);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &file.converted.yaml).unwrap();
    }
    let loaded = load_paths(&[out.to_path_buf()]).unwrap_or_else(|errors| panic!("{errors}"));
    (import, loaded)
}

fn reptest(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(args)
        .output()
        .expect("reptest starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn file<'a>(files: &'a [CaseFile], id: &str) -> &'a CaseFile {
    files
        .iter()
        .find(|file| file.id == id)
        .unwrap_or_else(|| panic!("no case file {id}"))
}

#[test]
fn every_escape_and_quote_style_reaches_the_case_body_byte_for_byte() {
    let (_, files) = import_and_load(&fixtures("valid"), &scratch("escapes"));
    let escapes = file(&files, "escapes");
    assert_eq!(escapes.source, "robotstxt-spec-test file escapes.textproto");
    let names: Vec<&str> = escapes.cases.iter().map(|case| case.name.as_str()).collect();
    assert_eq!(names, ["escapes-1", "escapes-2"]);
    // \a \b \f \v \? \\ \' \" then octal \101 \60 \7, hex \x41 \X4a \xe9, \0,
    // and three concatenated literals in both quote styles, with \r \n \t
    // and octal UTF-8 (\303\251).
    let first: &[u8] = b"# \x07\x08\x0c\x0b?\\'\" A0\x07AJ\xe9\0\n\
                         User-agent: FooBot\r\n\
                         Disallow:\t/private\n\
                         Allow: /private/\xc3\xa9\n";
    assert_eq!(escapes.cases[0].body, first);
    let second = "User-agent: *\nDisallow: /it's\nDisallow: /\"q\"\nDisallow: /é😀\n";
    assert_eq!(escapes.cases[1].body, second.as_bytes());
    let non_utf8 = file(&files, "non-utf8");
    assert_eq!(non_utf8.cases[0].body, b"User-agent: *\nDisallow: /\xff\n");
    let mut binary: Vec<u8> = (0xf0..=0xff).rev().collect();
    binary.extend_from_slice(b"\nDisallow: /\n");
    assert_eq!(non_utf8.cases[1].body, binary);
}

#[test]
fn expectations_become_checks_per_test_type_and_why_comes_from_the_explanation() {
    let (import, files) = import_and_load(&fixtures("valid"), &scratch("checks"));
    let escapes = file(&files, "escapes");
    let checks = &escapes.cases[0].checks;
    assert_eq!(checks.len(), 3);
    assert_eq!(
        (checks[0].rfc, checks[0].google),
        (Expect::Disallowed, Expect::Disallowed)
    );
    assert_eq!((checks[1].rfc, checks[1].google), (Expect::Allowed, Expect::Allowed));
    assert_eq!(checks[1].url, "https://example.com/private/%C3%A9");
    assert_eq!(
        escapes.cases[0].why,
        "Check 1: The tab before the path is whitespace around the value.\n\
         Check 2: The longer allow wins; its \"é\" is compared percent-encoded."
    );

    // GOOGLE_SPECIFIC: google only, the RFC left open; agents and relative
    // URLs kept as written; an empty agent or URL left out with a warning.
    let google = file(&files, "google/specific");
    assert_eq!(google.source, "robotstxt-spec-test file google/specific.txtpb");
    assert_eq!(
        google.cases.len(),
        1,
        "test 2 had only an expectation with an empty URL"
    );
    let case = &google.cases[0];
    assert_eq!(case.id, "google/specific/specific-1");
    assert_eq!(case.why, "Google's parser accepts this misspelling of disallow.");
    let checks: Vec<(&str, &str, Expect, Expect)> = case
        .checks
        .iter()
        .map(|check| (check.agents[0].as_str(), check.url.as_str(), check.rfc, check.google))
        .collect();
    assert_eq!(
        checks,
        [
            (
                "FooBot",
                "https://example.com/typo",
                Expect::ImplementationDefined,
                Expect::Disallowed
            ),
            (
                "FooBot/1.0",
                "/typo-too",
                Expect::ImplementationDefined,
                Expect::Disallowed
            ),
        ]
    );
    let warnings: Vec<String> = import.warnings.iter().map(ToString::to_string).collect();
    let specific = fixtures("valid/google/specific.txtpb").display().to_string();
    // Six about what was left out, then three from string-fields-not-utf8
    // (its own test below).
    assert_eq!(warnings.len(), 9, "{warnings:#?}");
    assert!(warnings[0].starts_with(&format!(
        "{specific}:15:7: test 1: an expectation with an empty useragent"
    )));
    assert!(warnings[1].starts_with(&format!(
        "{specific}:20:23: test 2: an expectation with an empty testurl"
    )));
    assert!(warnings[2].starts_with(&format!("{specific}:18:3: test 2 has no expectation")));
    // A file left with no case is not written: the loader refuses an empty one.
    let nothing = fixtures("valid/nothing-to-check.textproto").display().to_string();
    assert!(warnings[3].starts_with(&format!("{nothing}:5:21: test 1: an expectation with an empty testurl")));
    assert!(warnings[4].starts_with(&format!("{nothing}:3:7: test 1 has no expectation")));
    assert_eq!(
        warnings[5],
        format!("{nothing}: no test here has a check the case format can carry: no case file written")
    );
    let totals: Vec<(usize, usize, usize)> = import
        .files
        .iter()
        .map(|file| (file.converted.cases, file.converted.checks, file.converted.google_only))
        .collect();
    assert_eq!(totals, [(2, 5, 0), (1, 2, 2), (2, 2, 0), (2, 3, 1)]);
}

#[test]
fn string_fields_that_are_not_utf8_are_read_lossily_with_a_warning_and_bodies_stay_exact() {
    let (import, files) = import_and_load(&fixtures("valid"), &scratch("lossy"));
    let lossy = file(&files, "string-fields-not-utf8");
    let cases = &lossy.cases;
    assert_eq!(cases.len(), 2);
    // The body is bytes: \xEF\x11\xBF kept exactly, not decoded.
    assert_eq!(cases[0].body, b"\xEF\x11\xBFUser-agent: FooBot\nDisallow: /x\n");
    // The explanation is a string: each invalid sequence is one U+FFFD.
    assert_eq!(
        cases[0].why,
        "Only the first byte of a byte order mark, then \u{11}: the first line reads as \
         \"\u{11}\u{FFFD}User-agent\" and names no group, so the rule after it applies to nobody."
    );
    let checks: Vec<(&str, &str)> = cases[1]
        .checks
        .iter()
        .map(|check| (check.agents[0].as_str(), check.url.as_str()))
        .collect();
    assert_eq!(
        checks,
        [
            ("FooBot", "https://example.com/\u{FFFD}"),
            ("FooBot\u{FFFD}", "https://example.com/private")
        ]
    );
    let path = fixtures("valid/string-fields-not-utf8.textproto").display().to_string();
    let warnings: Vec<String> = import
        .warnings
        .iter()
        .map(ToString::to_string)
        .filter(|warning| warning.starts_with(&path))
        .collect();
    let expected = [
        (
            13,
            29,
            "`additional_explanation`",
            "(from byte 77 of 148)",
            "the case's why carries that text",
        ),
        (
            21,
            14,
            "`testurl`",
            "(from byte 21 of 21)",
            "the check's URL is that text",
        ),
        (
            27,
            16,
            "`useragent`",
            "(from byte 7 of 7)",
            "the check's agent is that text",
        ),
    ];
    assert_eq!(warnings.len(), expected.len(), "{warnings:#?}");
    for (warning, (line, column, field, from, consequence)) in warnings.iter().zip(expected) {
        let head = format!("{path}:{line}:{column}: {field} is a string field, but its value is not UTF-8 {from}");
        assert!(
            warning.starts_with(&head) && warning.contains(consequence),
            "expected `{head}…{consequence}…`, got `{warning}`"
        );
    }
}

#[test]
fn an_expectation_without_explanation_gets_a_why_naming_its_source() {
    let dir = scratch("no-explanation");
    let input = dir.join("in/Plain_File.textproto");
    std::fs::create_dir_all(input.parent().unwrap()).unwrap();
    std::fs::write(
        &input,
        "tests { robotstxt: 'x' }\ntests { robotstxt: 'User-agent: *\\nDisallow: /\\n'\n\
         test_expectations { testurl: 'https://example.com/' useragent: 'FooBot' expected_outcome: DISALLOWED } }",
    )
    .unwrap();
    let (import, files) = import_and_load(&input, &dir.join("out"));
    assert_eq!(import.warnings.len(), 1, "test 1 has no expectations");
    let case = &file(&files, "plain-file").cases[0];
    assert_eq!(case.name, "plain-file-2");
    assert_eq!(
        case.why,
        "Imported from robotstxt-spec-test file Plain_File.textproto, test 2, which gives no explanation."
    );
}

/// Each malformed fixture holds one mistake: (file, line, column, part of
/// the message).
const MALFORMED: &[(&str, usize, usize, &str)] = &[
    ("unclosed-string.textproto", 3, 14, "not closed on its line"),
    ("unknown-escape.textproto", 3, 28, "`\\q` is not an escape"),
    ("octal-above-255.textproto", 3, 15, "above `\\377`"),
    ("short-unicode-escape.textproto", 3, 15, "exactly 4 hex digits"),
    ("missing-colon.textproto", 3, 13, "expected `:` after `robotstxt`"),
    (
        "unclosed-message.textproto",
        2,
        7,
        "message opened here is not closed (missing `>`)",
    ),
    ("unexpected-character.textproto", 3, 14, "unexpected character '@'"),
    (
        "list-without-comma.textproto",
        2,
        29,
        "expected `,` or `]` in the list of `tests`",
    ),
    ("extension-name.textproto", 2, 1, "extension and Any field names"),
    (
        "unknown-field.textproto",
        4,
        3,
        "unknown field `robots_txt` in RobotsTxtTest",
    ),
    ("wrong-kind.textproto", 3, 22, "`test_expectations` takes a message"),
    (
        "given-twice.textproto",
        4,
        3,
        "`robotstxt` is given twice (first at 3:3)",
    ),
    (
        "unknown-enum-value.textproto",
        3,
        69,
        "`MAYBE` is not a value of enum Outcome",
    ),
    ("missing-outcome.textproto", 3, 21, "no expected_outcome"),
    ("file-not-utf8.textproto", 3, 15, "the file is not UTF-8"),
];

#[test]
fn each_malformed_file_is_one_error_at_its_file_line_and_column() {
    for &(name, line, column, message) in MALFORMED {
        let path = fixtures("malformed").join(name);
        let import = spec_test(&path);
        let errors: Vec<String> = import.errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 1, "{name}: {errors:#?}");
        let expected = format!("{}:{line}:{column}: ", path.display());
        assert!(
            errors[0].starts_with(&expected) && errors[0].contains(message),
            "{name}: expected `{expected}…{message}…`, got `{}`",
            errors[0]
        );
    }
    // Every fixture in the directory is in the table, and a directory
    // reports every file's problem at once.
    let on_disk = std::fs::read_dir(fixtures("malformed")).unwrap().count();
    assert_eq!(
        on_disk,
        MALFORMED.len(),
        "a malformed fixture is missing from the table"
    );
    assert_eq!(spec_test(&fixtures("malformed")).errors.len(), MALFORMED.len());
}

#[test]
fn every_body_round_trips_through_the_form_chosen_for_it() {
    let mut bodies: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\n".to_vec(),
        b"\n\n".to_vec(),
        b"User-agent: *\nDisallow: /".to_vec(),
        b"User-agent: *\nDisallow: /\n".to_vec(),
        b"User-agent: *\nDisallow: /\n\n\n".to_vec(),
        b"\n\nUser-agent: *\n".to_vec(),
        b"  User-agent: *\n Disallow: /\n".to_vec(),
        b"\tUser-agent: *\n\tDisallow:\t/\n".to_vec(),
        b"User-agent: * \n".to_vec(),
        b"User-agent: *\r\nDisallow: /\r\n".to_vec(),
        b"User-agent: *\rDisallow: /\r".to_vec(),
        b"# 'quoted' \"double\" \\ # : - ? |\n---\n...\n".to_vec(),
        "\u{feff}User-agent: *\n".as_bytes().to_vec(),
        "User-agent: *\nDisallow: /\u{2028}\u{85}\u{a0}é😀\n"
            .as_bytes()
            .to_vec(),
        (0..=255u8).collect(),
        (0..=255u8).rev().chain(*b"User-agent: *\n").collect(),
    ];
    // Each byte alone inside a line of text.
    bodies.extend((0..=255u8).map(|byte| [b"Disallow: /a".as_slice(), &[byte], b"b\n"].concat()));
    let octal = |body: &[u8]| body.iter().map(|byte| format!("\\{byte:03o}")).collect::<String>();
    let textproto: String = bodies
        .iter()
        .map(|body| {
            format!(
                "tests {{ robotstxt: \"{}\" test_expectations {{ testurl: '/' useragent: 'A' expected_outcome: ALLOWED }} }}\n",
                octal(body)
            )
        })
        .collect();
    let dir = scratch("round-trip");
    let input = dir.join("bodies.textproto");
    std::fs::write(&input, textproto).unwrap();
    let (import, files) = import_and_load(&input, &dir.join("out"));
    let loaded: Vec<&[u8]> = file(&files, "bodies")
        .cases
        .iter()
        .map(|case| case.body.as_slice())
        .collect();
    assert_eq!(loaded.len(), bodies.len());
    for (index, (got, want)) in loaded.iter().zip(&bodies).enumerate() {
        assert_eq!(got, want, "body {index} did not round-trip");
    }
    // Every form and every block header was exercised.
    let yaml = &import.files[0].converted.yaml;
    for form in [
        "robots: \"\"\n",
        "robots: |\n",
        "robots: |-\n",
        "robots: |+\n",
        "robots: |2\n",
        "robots_escaped: '",
        "robots_base64: \"",
    ] {
        assert!(yaml.contains(form), "no body written as `{form}`");
    }
}

#[test]
fn imported_cases_run_against_rep_google_and_google() {
    let out = scratch("end-to-end").join("cases");
    let out_arg = out.display().to_string();
    let imported = reptest(&[
        "import",
        "spec-test",
        &fixtures("valid").display().to_string(),
        "--out",
        &out_arg,
    ]);
    let stdout = text(&imported.stdout);
    let stderr = text(&imported.stderr);
    assert_eq!(imported.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("imported 7 case(s) with 12 check(s) (3 google-only) from 4 file(s); 9 warning(s)"),
        "{stdout}"
    );
    assert_eq!(stderr.matches("warning: ").count(), 9, "{stderr}");
    for written in [
        "escapes.yaml",
        "non-utf8.yaml",
        "google/specific.yaml",
        "string-fields-not-utf8.yaml",
    ] {
        assert!(out.join(written).is_file(), "{written} not written");
    }
    assert!(!out.join("nothing-to-check.yaml").exists());
    let run = reptest(&["run", "--cases", &out_arg, "--impl", "rep-google", "--impl", "google"]);
    let report = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{report}{}", text(&run.stderr));
    assert!(report.contains("12 checks in 7 cases"), "{report}");
    assert!(report.contains("OK: every implementation meets"), "{report}");
}

#[test]
fn malformed_input_writes_nothing_and_exits_two() {
    let out = scratch("malformed").join("cases");
    let out_arg = out.display().to_string();
    let result = reptest(&[
        "import",
        "spec-test",
        &fixtures("malformed").display().to_string(),
        "--out",
        &out_arg,
    ]);
    assert_eq!(result.status.code(), Some(2));
    assert_eq!(text(&result.stdout), "");
    let stderr = text(&result.stderr);
    assert!(
        stderr.contains(&format!(
            "{} problem(s) in the input; nothing was written.",
            MALFORMED.len()
        )),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing is written when the input has a mistake");
}

#[test]
fn usage_mistakes_and_help() {
    let help = reptest(&["import", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("Usage: reptest import spec-test INPUT --out OUTDIR"));
    for args in [
        &["import"][..],
        &["import", "yaml", "x", "--out", "y"],
        &["import", "spec-test", "x"],
        &["import", "spec-test", "--out", "y"],
        &["import", "spec-test", "x", "--out", "y", "z"],
    ] {
        let result = reptest(args);
        assert_eq!(result.status.code(), Some(2), "{args:?}");
        assert!(text(&result.stderr).contains("Try `reptest import --help`"), "{args:?}");
    }
    let missing = reptest(&[
        "import",
        "spec-test",
        "/nonexistent/spec-test",
        "--out",
        "/nonexistent/out",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("/nonexistent/spec-test: cannot read"));
    let top = reptest(&["--help"]);
    assert!(text(&top.stdout).contains("import    Convert Google's robotstxt-spec-test files"));
}
