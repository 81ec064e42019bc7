//! Coverage per statement of RFC 9309 (`cases/statements.yaml`): every
//! definite `rfc` check names the statements it tests and is graded at their
//! level, a statement counts as checked only through checks whose verdict it
//! decides, and the file's claims about each statement hold.

use rep::{check_once, Profile, Switch};
use rep_core::case::statements::{load_statements, CoverageKind, Statement, Statements};
use rep_core::case::{load_paths, load_readings, Case, CaseFile, Check, Expect, Level, Readings};
use std::path::PathBuf;

fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cases")
}

fn readings() -> Readings {
    load_readings(&cases_dir().join("readings.yaml")).unwrap_or_else(|_| panic!("cases/readings.yaml loads"))
}

fn suite() -> Vec<CaseFile> {
    load_paths(&[cases_dir()]).unwrap_or_else(|errors| panic!("{errors}"))
}

fn statements() -> Statements {
    load_statements(&cases_dir().join("statements.yaml")).unwrap_or_else(|problems| {
        panic!(
            "{}",
            problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
        )
    })
}

/// Every check of the suite with its id and case.
fn checks(files: &[CaseFile]) -> impl Iterator<Item = (String, &Case, &Check)> {
    files.iter().flat_map(|file| &file.cases).flat_map(|case| {
        case.checks
            .iter()
            .enumerate()
            .map(move |(index, check)| (case.check_id(index), case, check))
    })
}

fn definite(check: &Check) -> bool {
    check.rfc != Expect::ImplementationDefined
}

fn strength(level: Level) -> u8 {
    match level {
        Level::Must => 3,
        Level::Should => 2,
        Level::May => 1,
    }
}

#[test]
fn every_checked_statement_keeps_a_definite_check() {
    let files = suite();
    let statements = statements();
    let readings = readings();
    let mut problems = Vec::new();
    for statement in &statements.statements {
        let covered = statement.covered(files.iter().flat_map(|file| &file.cases), &readings);
        let id = format!("§{} {} `{}`", statement.section, statement.level.name(), statement.id);
        match statement.coverage {
            CoverageKind::Checked if covered.definite.is_empty() => problems.push(format!(
                "{id} has lost its last definite check: add one, or say in statements.yaml why it cannot have one"
            )),
            CoverageKind::Gap | CoverageKind::Implementation | CoverageKind::Outside
                if !covered.definite.is_empty() =>
            {
                problems.push(format!(
                    "{id} is marked {:?} but {} check(s) name it with a definite verdict ({}): mark it checked, or \
                     fix the check",
                    statement.coverage,
                    covered.definite.len(),
                    covered.definite[0]
                ))
            }
            _ => {}
        }
        if statement.coverage != CoverageKind::Checked && statement.note.as_deref().is_none_or(str::is_empty) {
            problems.push(format!("{id} is not checked and its note does not say why"));
        }
    }
    assert!(
        statements.statements.len() >= 45,
        "only {} statements",
        statements.statements.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every definite rfc check names at least one statement, every name is a
/// statement, and the check's level is the weakest of its statements' (an
/// example of §5 takes the level of what it illustrates), its clause the
/// section of one of them.
#[test]
fn every_definite_check_names_its_statements_and_takes_their_level() {
    let files = suite();
    let statements = statements();
    let mut problems = Vec::new();
    for (id, _, check) in checks(&files) {
        let basis = &check.basis;
        let named: Vec<&Statement> = basis
            .statements
            .iter()
            .filter_map(|name| match statements.get(name) {
                Some(statement) => Some(statement),
                None => {
                    problems.push(format!("{id} names `{name}`, which statements.yaml does not have"));
                    None
                }
            })
            .collect();
        if !definite(check) {
            continue;
        }
        if basis.statements.is_empty() {
            problems.push(format!(
                "{id} is definite ({}) but names no statement: add `statements: [id]` to the check or its case",
                check.rfc
            ));
            continue;
        }
        let weakest = named
            .iter()
            .filter_map(|statement| statement.grade())
            .min_by_key(|level| strength(*level));
        if let Some(weakest) = weakest {
            if basis.level != Some(weakest) {
                problems.push(format!(
                    "{id} is graded {} but the weakest statement it names is a {}: set `level: {}`",
                    basis.level.map_or("nothing", Level::name),
                    weakest.name(),
                    weakest.name().to_lowercase()
                ));
            }
        }
        if !named
            .iter()
            .any(|statement| Some(&statement.section) == basis.clause.as_ref())
        {
            problems.push(format!(
                "{id} cites §{} but names statements of {}",
                basis.clause.as_deref().unwrap_or("nothing"),
                named
                    .iter()
                    .map(|statement| format!("§{}", statement.section))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A MAY permits without requiring: a check whose verdict rests on one is
/// open, so no definite check is graded MAY or names a MAY statement.
#[test]
fn no_definite_check_rests_on_a_may() {
    let files = suite();
    let statements = statements();
    let resting: Vec<String> = checks(&files)
        .filter(|(_, _, check)| definite(check))
        .filter(|(_, _, check)| {
            check.basis.level == Some(Level::May)
                || check
                    .basis
                    .statements
                    .iter()
                    .any(|name| statements.get(name).and_then(Statement::grade) == Some(Level::May))
        })
        .map(|(id, _, check)| format!("{id} ({})", check.rfc))
        .collect();
    assert!(
        resting.is_empty(),
        "definite checks that rest on a MAY (make them implementation-defined, or name the MUST or SHOULD that \
         decides them):\n{}",
        resting.join("\n")
    );
}

/// rep's verdict on `check` (a case with no fetch response) under `profile`,
/// with the body and URL passed through `rewrite`.
fn verdict(case: &Case, check: &Check, profile: Profile, rewrite: impl Fn(&[u8]) -> Vec<u8>) -> rep::Verdict {
    check_once(
        &rewrite(&case.body),
        profile,
        &check.agent_bytes(),
        &rewrite(check.url.as_bytes()),
    )
}

/// The checks naming `statement` that are definite, with their case; a
/// fetch case (whose verdict passes through the fetch model) is refused.
fn definite_checks_of<'a>(files: &'a [CaseFile], statement: &str) -> Vec<(String, &'a Case, &'a Check)> {
    let found: Vec<_> = checks(files)
        .filter(|(_, _, check)| definite(check) && check.basis.statements.iter().any(|name| name == statement))
        .collect();
    for (id, case, _) in &found {
        assert!(
            case.response.is_none(),
            "{id}: a fetch check cannot name `{statement}`, whose links are tested on parse verdicts"
        );
    }
    found
}

/// A statement that names switches is tested only by checks whose verdict
/// under the rfc profile flips when one of them is turned on: the verdict
/// would change if the statement were broken.
#[test]
fn a_check_tests_a_statement_with_switches_only_if_one_flips_it() {
    let files = suite();
    let statements = statements();
    let mut problems = Vec::new();
    let mut tested = 0;
    for statement in statements
        .statements
        .iter()
        .filter(|statement| !statement.switches.is_empty())
    {
        let switches: Vec<Switch> = statement
            .switches
            .iter()
            .map(|name| Switch::from_name(name).expect("statements.yaml names rep's switches"))
            .collect();
        for (id, case, check) in definite_checks_of(&files, &statement.id) {
            tested += 1;
            let rfc = verdict(case, check, Profile::RFC9309, <[u8]>::to_vec).allowed;
            let flips = switches.iter().any(|&switch| {
                verdict(case, check, Profile::RFC9309.with(switch, true), <[u8]>::to_vec).allowed != rfc
            });
            if !flips {
                problems.push(format!(
                    "{id} names `{}`, but turning on {} leaves rep's verdict as it is: the check does not rest on \
                     it (name the statement that decides it)",
                    statement.id,
                    statement.switches.join(" or ")
                ));
            }
        }
    }
    assert!(tested >= 5, "only {tested} checks name a statement with switches");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `text` with every escape of an unreserved character decoded (as §2.2.2
/// has it done to a URL before comparing) and then lower-cased.
fn decoded_lower_case(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some((&byte, tail)) = rest.split_first() {
        let escaped = match tail {
            [high, low, ..] if byte == b'%' => std::str::from_utf8(&[*high, *low])
                .ok()
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                .filter(|decoded| decoded.is_ascii_alphanumeric() || b"-._~".contains(decoded)),
            _ => None,
        };
        match escaped {
            Some(decoded) => {
                out.push(decoded);
                rest = &tail[2..];
            }
            None => {
                out.push(byte);
                rest = tail;
            }
        }
    }
    out.to_ascii_lowercase()
}

/// No switch makes rep's matching ignore case, but lower-casing the body and
/// the URL (their unreserved escapes decoded first) does just that: keys,
/// agents and escapes' hex are already compared without regard to case. A
/// check tests `matching-is-case-sensitive` only if that flips rep's verdict.
#[test]
fn a_check_tests_case_sensitive_matching_only_if_ignoring_case_flips_it() {
    let files = suite();
    let found = definite_checks_of(&files, "matching-is-case-sensitive");
    assert!(
        found.len() >= 3,
        "only {} checks test case-sensitive matching",
        found.len()
    );
    let unmoved: Vec<String> = found
        .into_iter()
        .filter(|(_, case, check)| {
            let as_given = verdict(case, check, Profile::RFC9309, <[u8]>::to_vec).allowed;
            verdict(case, check, Profile::RFC9309, decoded_lower_case).allowed == as_given
        })
        .map(|(id, _, _)| id)
        .collect();
    assert!(
        unmoved.is_empty(),
        "checks that name matching-is-case-sensitive but get the same verdict when case is ignored:\n{}",
        unmoved.join("\n")
    );
}

/// Every allow line becomes a disallow line and the reverse.
fn swap_allow_and_disallow(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 16);
    for line in body.split_inclusive(|&byte| byte == b'\n' || byte == b'\r') {
        let start = line
            .iter()
            .position(|byte| !matches!(byte, b' ' | b'\t'))
            .unwrap_or(line.len());
        let (blank, rest) = line.split_at(start);
        out.extend_from_slice(blank);
        let lower = rest.to_ascii_lowercase();
        if lower.starts_with(b"disallow") {
            out.extend_from_slice(b"Allow");
            out.extend_from_slice(&rest[b"disallow".len()..]);
        } else if lower.starts_with(b"allow") {
            out.extend_from_slice(b"Disallow");
            out.extend_from_slice(&rest[b"allow".len()..]);
        } else {
            out.extend_from_slice(rest);
        }
    }
    out
}

/// A check tests `allow-wins-a-tie` only if a tie decides it: an allow rule
/// wins, and with every allow and disallow swapped an allow rule still wins
/// (without a tie, the former allow, now a disallow, would win). A check that
/// names reading `rule-length` may tie under another of its options only, so
/// rep's length decides nothing there and it is left out.
#[test]
fn a_check_tests_allow_wins_a_tie_only_if_a_tie_decides_it() {
    let files = suite();
    let found: Vec<_> = definite_checks_of(&files, "allow-wins-a-tie")
        .into_iter()
        .filter(|(_, _, check)| check.basis.reading.as_deref() != Some("rule-length"))
        .collect();
    assert!(found.len() >= 3, "only {} checks test the tie", found.len());
    let won_by_an_allow = |verdict: &rep::Verdict| {
        verdict.allowed
            && verdict
                .rule
                .as_ref()
                .is_some_and(|rule| rule.kind == rep::RuleKind::Allow)
    };
    let untied: Vec<String> = found
        .into_iter()
        .filter(|(_, case, check)| {
            let as_given = verdict(case, check, Profile::RFC9309, <[u8]>::to_vec);
            let swapped = check_once(
                &swap_allow_and_disallow(&case.body),
                Profile::RFC9309,
                &check.agent_bytes(),
                check.url.as_bytes(),
            );
            !(won_by_an_allow(&as_given) && won_by_an_allow(&swapped))
        })
        .map(|(id, _, _)| id)
        .collect();
    assert!(
        untied.is_empty(),
        "checks that name allow-wins-a-tie but are not decided by a tie:\n{}",
        untied.join("\n")
    );
}

#[test]
fn lower_casing_decodes_unreserved_escapes_first() {
    assert_eq!(decoded_lower_case(b"/%58yz%2F%7e%41"), b"/xyz%2f~a".to_vec());
}

#[test]
fn swapping_allow_and_disallow_keeps_everything_else() {
    assert_eq!(
        swap_allow_and_disallow(b"User-agent: *\r\n  allow: /a\nDISALLOW:/b\rSitemap: /s"),
        b"User-agent: *\r\n  Disallow: /a\nAllow:/b\rSitemap: /s".to_vec()
    );
}
