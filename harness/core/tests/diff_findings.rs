//! A finding written by the differential engine is a valid case file: the
//! suite's loader reads it back with the same body, agents, URL and the
//! expectations Google's parser and `rep-rfc` gave. `promote` moves it into
//! a regressions directory with the `why` placeholder.

use std::fs;
use std::path::PathBuf;

use rep::Profile;
use rep_core::case::{load_paths, Expect, UNWRITTEN_WHY_MARKER as TODO_MARKER};
use rep_core::diff::{finding_id, promote, Differ, Finding, Probe};
use rep_core::implementation::{GoogleReference, RepImpl};
use std::sync::Arc;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reptest-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// A body with every byte class the writer must escape: CR, tab, NUL, a
/// partial BOM, invalid UTF-8, a quote and a backslash.
fn awkward_probe() -> Probe {
    Probe {
        body: b"\xef\xbbUser-agent: *\r\nDisallow:\t/a'b\\c\x00d\xff\nAllow: /%62\n".to_vec(),
        agents: vec!["Foo\"Bot".to_owned(), "B\u{f6}t\tx".to_owned()],
        url: "https://example.com/a'b\\c?x=\"y\"".to_owned(),
    }
}

#[test]
fn a_written_finding_loads_as_a_case_and_promotes() {
    let differ = Differ::new(Arc::new(RepImpl::new(Profile::RFC9309)), Arc::new(GoogleReference));
    let probe = awkward_probe();
    let agents = probe.agent_bytes();
    let google = rep_reference::check_bytes(&probe.body, &agents, probe.url.as_bytes()).expect("Google answers");
    let disagreement = differ
        .judge_probe(&probe)
        .expect("rep-rfc and Google disagree on this body");
    let finding = Finding {
        differ: &differ,
        probe: &probe,
        disagreement: &disagreement,
        origin: "diff_findings test",
        impl_flags: "--impl rep-rfc --impl google",
    };
    let dir = scratch("findings");
    let path = finding.write(&dir).expect("finding written");
    assert_eq!(path, dir.join(format!("{}.yaml", finding_id(&differ, &probe))));

    let files = load_paths(std::slice::from_ref(&path)).unwrap_or_else(|errors| panic!("{errors}"));
    let case = &files[0].cases[0];
    assert_eq!(case.body, probe.body);
    assert_eq!(case.checks.len(), 1);
    let check = &case.checks[0];
    assert_eq!(check.agents, probe.agents);
    assert_eq!(check.url, probe.url);
    let google_expect = if google.allowed {
        Expect::Allowed
    } else {
        Expect::Disallowed
    };
    assert_eq!(check.google, google_expect);
    assert!(!case.why.starts_with(TODO_MARKER));
    // The finding says how to check it again.
    let written = fs::read_to_string(&path).expect("finding file");
    assert!(
        written.contains(&format!(
            "# Recheck with: reptest run --cases {} --impl rep-rfc --impl google",
            path.display()
        )),
        "{written}"
    );

    let cases = scratch("regressions");
    let promoted = promote(&finding.id(), &dir, &cases).expect("promoted");
    assert!(!path.exists(), "the finding moved");
    let text = fs::read_to_string(&promoted).expect("promoted file");
    assert!(text.contains(&format!("why: \"{TODO_MARKER}:")), "{text}");
    // The placeholder keeps the promoted case out of the suite until a
    // person states the rule; with a real `why` the same file loads.
    let refused = load_paths(std::slice::from_ref(&promoted))
        .expect_err("placeholder why is refused")
        .0;
    assert!(refused[0].to_string().contains("placeholder `why`"), "{refused:?}");
    let reviewed = text.replacen(&format!("why: \"{TODO_MARKER}:"), "why: \"Reviewed:", 1);
    fs::write(&promoted, reviewed).expect("write reviewed case");
    load_paths(std::slice::from_ref(&promoted)).unwrap_or_else(|errors| panic!("{errors}"));
    assert!(
        promote(&finding.id(), &dir, &cases).is_err(),
        "a second promote has nothing to move"
    );
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&cases);
}
