//! External implementations: the JSON-lines adapter (including one that
//! crashes, hangs and answers garbage) and the per-check command template.

use rep_core::case::{load_paths, ProfileId};
use rep_core::implementation::{
    check_once, split_command, Adapter, CommandTemplate, ExitCodes, ImplError, Implementation,
};
use rep_core::runner::{run, Status};
use std::path::PathBuf;
use std::time::Duration;

fn harness_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn adapter(script: &str, timeout: Duration) -> Adapter {
    let path = harness_dir().join(script);
    Adapter::new(
        "adapter".into(),
        vec!["python3".into(), path.display().to_string()],
        ProfileId::Rfc,
        timeout,
    )
}

#[test]
fn a_misbehaving_adapter_costs_only_its_own_checks() {
    let flaky = adapter("tests/fixtures/flaky_adapter.py", Duration::from_millis(1500));
    let body = b"User-agent: *\nAllow: /\n";
    let ok = |url: &str| check_once(&flaky, body, &[b"A"], url.as_bytes());
    assert_eq!(ok("/fine").map(|o| (o.allowed, o.line.number())), Ok((true, Some(1))));
    match ok("/crash") {
        Err(ImplError::Failed(why)) => {
            assert!(why.contains("exited"), "{why}");
            assert!(why.contains("crashing on purpose"), "{why}");
        }
        other => panic!("crash: {other:?}"),
    }
    // Restarted for the next check.
    assert_eq!(ok("/fine").map(|o| o.allowed), Ok(true));
    // A hang is asked once more, with four times the limit, before it is an
    // error that names both limits; an answer slower than the limit but
    // within the longer one is an answer, so errors do not depend on load.
    match ok("/hang") {
        Err(ImplError::Failed(why)) => assert!(
            why.starts_with("no answer within 1.5s, nor within 6s when asked again;"),
            "{why}"
        ),
        other => panic!("hang: {other:?}"),
    }
    assert_eq!(ok("/slow").map(|o| o.allowed), Ok(true));
    assert_eq!(ok("/fine").map(|o| o.allowed), Ok(true));
    match ok("/garbage") {
        Err(ImplError::Failed(why)) => assert!(why.contains("this is not JSON") && why.contains("restarts"), "{why}"),
        other => panic!("garbage: {other:?}"),
    }
    assert_eq!(ok("/fine").map(|o| o.allowed), Ok(true));
    assert!(matches!(ok("/error"), Err(ImplError::Failed(why)) if why.contains("asked to fail")));
    // An answer that names another check, or none, is never taken for this one's.
    match ok("/wrong-id") {
        Err(ImplError::Failed(why)) => assert!(why.contains("but answers check") && why.contains("restarts"), "{why}"),
        other => panic!("wrong id: {other:?}"),
    }
    assert_eq!(ok("/fine").map(|o| o.allowed), Ok(true));
    match ok("/no-id") {
        Err(ImplError::Failed(why)) => assert!(why.contains("carries no id"), "{why}"),
        other => panic!("no id: {other:?}"),
    }
    // An extra line is answered correctly, but it would shift the next
    // answer: the next check sees an old id and errs instead, and the
    // restarted adapter answers the one after.
    assert_eq!(ok("/extra").map(|o| o.allowed), Ok(true));
    assert!(matches!(ok("/fine"), Err(ImplError::Failed(why)) if why.contains("but answers check")));
    assert_eq!(ok("/fine").map(|o| o.allowed), Ok(true));
    assert!(matches!(ok("/multi"), Err(ImplError::Unsupported(_))));
    // Not UTF-8: sent as base64, which this adapter ignores (no "robots" key).
    assert_eq!(
        check_once(&flaky, b"Allow\xff", &[b"A"], b"/fine").map(|o| o.allowed),
        Ok(false)
    );
}

#[test]
fn an_adapter_that_cannot_start_is_an_error_per_check() {
    let missing = Adapter::new(
        "missing".into(),
        vec!["/nonexistent/reptest-adapter".into()],
        ProfileId::Rfc,
        Duration::from_secs(1),
    );
    assert!(
        matches!(check_once(&missing, b"", &[b"A"], b"/"), Err(ImplError::Failed(why)) if why.contains("cannot start"))
    );
}

#[test]
fn cpython_robotparser_runs_the_fixture_suite_through_the_adapter() {
    let files = load_paths(&[harness_dir().join("tests/fixtures/valid/basic.yaml")]).unwrap_or_else(|e| panic!("{e}"));
    let impls: Vec<Box<dyn Implementation>> = vec![Box::new(adapter(
        "adapters/python_robotparser.py",
        Duration::from_secs(5),
    ))];
    let matrix = run(&files, &impls, |_, _| {});
    let status = |id: &str| {
        let row = matrix
            .rows
            .iter()
            .find(|row| row.id() == id)
            .unwrap_or_else(|| panic!("{id}"));
        (row.status(0, ProfileId::Rfc), row.answers[0].clone())
    };
    // robotparser applies the first matching rule, so `Disallow: /archive`
    // hides the longer Allow: a known departure from RFC 9309 §2.2.2.
    assert_eq!(status("basic/longest-match-wins/archive-public").0, Status::Fail);
    assert_eq!(status("basic/longest-match-wins/archive-x").0, Status::Pass);
    assert_eq!(status("basic/base64-body/x").0, Status::Pass);
    // Two agents: the adapter says it cannot answer; fetch cases are n/a.
    assert_eq!(status("basic/escaped-crlf-body/a-ff").0, Status::NotApplicable);
    assert_eq!(status("basic/fetch-server-error/root").0, Status::NotApplicable);
    assert!(matrix.any_claimed_miss());
}

fn command(template: &str) -> CommandTemplate {
    CommandTemplate::new(
        "cmd".into(),
        split_command(template).unwrap(),
        ProfileId::Google,
        Duration::from_secs(2),
    )
}

#[test]
fn command_templates_answer_by_printed_word_or_exit_code() {
    let body = b"User-agent: *\nDisallow: /private\n";
    let allowed = |template: &str, url: &str| {
        check_once(&command(template), body, &[b"FooBot"], url.as_bytes()).map(|o| o.allowed)
    };
    assert_eq!(allowed("true", "/"), Ok(true));
    assert_eq!(allowed("false", "/"), Ok(false));
    // The printed word wins over the exit code; DISALLOWED is not ALLOWED.
    assert_eq!(
        allowed("sh -c 'echo \"user-agent with URI: DISALLOWED\"; exit 0'", "/"),
        Ok(false)
    );
    assert_eq!(allowed("sh -c 'echo Allowed; exit 1'", "/"), Ok(true));
    // Placeholders: the body file, the URL and the agent reach the program.
    let grep = "sh -c 'grep -q \"^Disallow: $1\" \"$0\" && test \"$2\" = FooBot && exit 1; exit 0' %robots% %url% %user-agent%";
    assert_eq!(allowed(grep, "/private"), Ok(false));
    assert_eq!(allowed(grep, "/public"), Ok(true));
    assert!(matches!(
        check_once(&command("sh -c 'kill -9 $$'"), body, &[b"A"], b"/"),
        Err(ImplError::Failed(why)) if why.contains("died")
    ));
    // Exit codes other than the allowed and disallowed ones are errors, not
    // verdicts; the codes can be set, as robotstxt-spec-test conventions vary.
    assert!(matches!(
        check_once(&command("sh -c 'exit 3'"), body, &[b"A"], b"/"),
        Err(ImplError::Failed(why)) if why.contains("exited with 3")
    ));
    let spec_style = command("sh -c 'exit 3'").with_exit_codes(ExitCodes {
        allowed: 2,
        disallowed: 3,
    });
    assert_eq!(
        check_once(&spec_style, body, &[b"A"], b"/").map(|o| o.allowed),
        Ok(false)
    );
    assert!(matches!(
        check_once(&command("sleep 30"), body, &[b"A"], b"/"),
        Err(ImplError::Failed(why)) if why.starts_with("no answer within 2s, nor within 8s when asked again")
    ));
    // Slower than the 2 s limit, within the longer one it is asked again with.
    assert_eq!(allowed("sh -c 'sleep 3; echo allowed'", "/"), Ok(true));
    assert!(matches!(
        check_once(&command("true"), body, &[b"A", b"B"], b"/"),
        Err(ImplError::Unsupported(_))
    ));
}
