//! Failures that explain themselves: new misses grouped by the statement
//! they test (the biggest group first, a case for checks that name none),
//! each ending with the command that shows it again; and `reptest show`'s
//! rendering of one check with the commands that reproduce it.

use rep_core::case::statements::Statements;
use rep_core::case::{embedded, load_paths, CaseFile};
use rep_core::format::show::{render, Context};
use rep_core::format::{render_with, Format, View};
use rep_core::implementation::{Answer, DecidingLine, Implementation, Loaded, Outcome};
use rep_core::runner::run;
use std::time::Duration;

/// Cases written so that a parser allowing everything misses five checks:
/// one of `encode-before-comparing`, three of `most-octets-wins` (in two
/// cases), one of a case that names no statement.
const GROUPED: &str = r#"source: explained misses test
cases:
  - name: encoded-slash
    why: An encoded slash stays encoded.
    robots: "User-agent: *\nDisallow: /a%2Fb\n"
    clause: "2.2.2"
    level: must
    statements: [encode-before-comparing]
    checks:
      - { name: a-2fb, agent: FooBot, url: "https://example.com/a%2Fb", expect: disallowed }
  - name: longest
    why: The longest match decides.
    robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n"
    clause: "2.2.2"
    level: must
    statements: [most-octets-wins]
    checks:
      - { name: a, agent: FooBot, url: "https://example.com/a", expect: disallowed }
      - { name: a-c, agent: FooBot, url: "https://example.com/a/c", expect: disallowed }
      - { name: a-b, agent: FooBot, url: "https://example.com/a/b", expect: allowed }
  - name: no-statement
    why: A case that names no statement.
    robots: "User-agent: *\nDisallow: /\n"
    clause: "2.2.2"
    level: must
    checks:
      - { name: root, agent: FooBot, url: "https://example.com/", expect: disallowed }
  - name: longest-reversed
    why: The longest match decides, whatever the order.
    robots: "User-agent: *\nAllow: /a/b\nDisallow: /a\n"
    clause: "2.2.2"
    level: must
    statements: [most-octets-wins]
    checks:
      - { name: a, agent: FooBot, url: "https://example.com/a", expect: disallowed }
"#;

/// A check whose body, agents and URL hold what a terminal or a shell
/// would act on, and which names a reading.
const AWKWARD: &str = r#"source: explained misses test
cases:
  - name: awkward
    why: >-
      Every byte shows.
    robots_escaped: 'User-agent: *\r\nDisallow: /it''s\tx\r# \x00\xFF\x1B[2J\nAllow: /\n'
    clause: "2.2.2"
    level: must
    statements: [most-octets-wins]
    checks:
      - { name: quoted, agents: ["Foo Bot", "Bar\tBot"], url: "https://example.com/it's?q=$HOME", expect: allowed }
"#;

/// Allows everything, claiming rfc.
struct AllowAll;

impl Loaded for AllowAll {
    fn check(&self, _agents: &[&[u8]], _url: &[u8]) -> Answer {
        Ok(Outcome {
            allowed: true,
            line: DecidingLine::NotReported,
            detail: None,
        })
    }
}

impl Implementation for AllowAll {
    fn name(&self) -> &str {
        "allow-all"
    }
    fn claims(&self) -> rep_core::case::ProfileId {
        rep_core::case::ProfileId::Rfc
    }
    fn load(&self, _robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(AllowAll)
    }
}

/// `yaml` loaded as the case file `cases/explained.yaml`, as the
/// compiled-in suite names its files.
fn load(yaml: &str) -> Vec<CaseFile> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("explained.yaml");
    std::fs::write(&path, yaml).unwrap();
    let mut files = load_paths(&[path]).unwrap_or_else(|problems| panic!("{problems}"));
    for case in files.iter_mut().flat_map(|file| file.cases.iter_mut()) {
        case.file = "cases/explained.yaml".into();
    }
    files
}

fn statements() -> Statements {
    embedded::statements().expect("the suite has statements").unwrap()
}

#[test]
fn new_misses_are_grouped_by_statement_biggest_first_each_with_its_reproduce_line() {
    let files = load(GROUPED);
    let impls: Vec<Box<dyn Implementation>> = vec![Box::new(AllowAll)];
    let mut matrix = run(&files, &impls, |_, _| {});
    matrix.elapsed = Duration::ZERO;
    let statements = statements();
    let view = View {
        built_in: Some("4.0.0"),
        statements: Some(&statements),
        ..View::default()
    };
    let table = render_with(&matrix, Format::Table, &view);
    let headings: Vec<&str> = table.lines().filter(|line| line.starts_with("━━")).collect();
    assert_eq!(
        headings,
        [
            "━━ 3 miss(es) · RFC 9309 §2.2.2 MUST `most-octets-wins`",
            "━━ 1 miss(es) · RFC 9309 §2.2.2 MUST `encode-before-comparing`",
            "━━ 1 miss(es) · case explained/no-statement (it names no statement)",
        ],
        "{table}"
    );
    let misses: Vec<&str> = table.lines().filter(|line| line.starts_with("MISS ")).collect();
    assert_eq!(misses.len(), 5, "{table}");
    for id in [
        "explained/longest/a",
        "explained/longest/a-c",
        "explained/longest-reversed/a",
        "explained/encoded-slash/a-2fb",
        "explained/no-statement/root",
    ] {
        assert!(
            table.contains(&format!("\n  reproduce: reptest show {id}\n")),
            "{id}: {table}"
        );
    }
    assert!(
        table.contains("(compiled-in suite 4.0.0, cases/explained.yaml:"),
        "{table}"
    );
    insta::assert_snapshot!("grouped_misses", table);
    let markdown = render_with(&matrix, Format::Markdown, &view);
    let headings: Vec<&str> = markdown.lines().filter(|line| line.starts_with("#### ")).collect();
    assert_eq!(
        headings,
        [
            "#### 3 of RFC 9309 §2.2.2 MUST `most-octets-wins`",
            "#### 1 of RFC 9309 §2.2.2 MUST `encode-before-comparing`",
            "#### 1 in case `explained/no-statement` (it names no statement)",
        ],
        "{markdown}"
    );
    assert_eq!(markdown.matches("\n##### MISS ").count(), 5, "{markdown}");
    assert_eq!(
        markdown.matches("Reproduce: `reptest show explained/").count(),
        5,
        "{markdown}"
    );
}

#[test]
fn show_prints_the_whole_check_and_commands_that_survive_a_shell() {
    let files = load(AWKWARD);
    let case = &files[0].cases[0];
    let statements = statements();
    let context = Context {
        place: "cases/explained.yaml:3",
        statements: Some(&statements),
        readings: None,
        cases: &["my cases".into()],
    };
    let shown = render(case, 0, &context);
    // Nothing in it can act on a terminal.
    assert!(!shown.contains(['\u{1b}', '\0', '\r', '\t']), "{shown}");
    assert!(shown.contains(r"| # \x00\xFF\x1B[2J"), "{shown}");
    assert!(
        shown.contains(" --agent='Foo Bot' --agent=$'Bar\\x09Bot' -- 'https://example.com/it'\\''s?q=$HOME'\n"),
        "{shown}"
    );
    insta::assert_snapshot!("show", shown);
}
