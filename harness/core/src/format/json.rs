//! The JSON report: every implementation's tallies, every answer, each
//! check's class under the expected-failures list, and the verdict.

use super::{given_up, summary, View};
use crate::baseline::Class;
use crate::case::ProfileId;
use crate::implementation::ImplError;
use crate::runner::{Matrix, Row, Tally};
use serde_json::{json, Map, Value};

/// One implementation's tally under one profile; the score (a percentage)
/// is rounded to one decimal so reports do not churn on float noise.
pub fn tally_json(tally: &Tally) -> Value {
    json!({
        "pass": tally.pass,
        "fail": tally.fail,
        "should_departures": tally.should,
        "may_departures": tally.may,
        "error": tally.error,
        "not_applicable": tally.not_applicable,
        "reading": tally.reading,
        "implementation_defined": tally.implementation_defined,
        "score": tally.score().map(|score| (score * 10.0).round() / 10.0),
    })
}

/// A check's class in a few words: `met`, `departure` (a SHOULD or MAY
/// not followed, with no expected-failures list: it does not fail the run),
/// `new-miss` (every miss without a list), `expected-miss` or `stale`.
fn class_name(class: Class) -> &'static str {
    match class {
        Class::Met => "met",
        Class::Departure => "departure",
        Class::NewMiss => "new-miss",
        Class::ExpectedMiss => "expected-miss",
        Class::Stale => "stale",
    }
}

/// The JSON report, pretty-printed: every check with its class, and the
/// verdict (`passed`, `summary`) the exit status follows.
pub fn render(matrix: &Matrix<'_>, view: &View<'_>) -> String {
    let implementations: Vec<Value> = matrix
        .impls
        .iter()
        .enumerate()
        .map(|(index, info)| {
            let scores: Map<String, Value> = ProfileId::ALL
                .into_iter()
                .map(|profile| (profile.name().to_string(), tally_json(&matrix.tally(index, profile))))
                .collect();
            json!({ "name": info.name, "claims": info.claims.name(), "profiles": scores })
        })
        .collect();
    let checks: Vec<Value> = matrix.rows.iter().map(|row| check_json(matrix, view, row)).collect();
    let (passed, summary_line) = summary(matrix, view);
    let given_up: Vec<Value> = given_up(matrix)
        .into_iter()
        .map(|gone| json!({ "implementation": matrix.impls[gone.index].name, "not_run": gone.not_run, "reason": gone.reason }))
        .collect();
    let report = json!({
        "checks_total": matrix.rows.len(),
        "elapsed_seconds": matrix.elapsed.as_secs_f64(),
        "claimed_profile_missed": matrix.any_claimed_miss(),
        "passed": passed,
        "summary": summary_line,
        "expected_failures": view.baseline.map(|baseline| json!({
            "file": baseline.file,
            "expected_misses": baseline.judgement.expected,
            "new_misses": baseline.judgement.new_misses,
            "stale": baseline.judgement.stale,
            "unknown": baseline.judgement.unknown,
        })),
        "given_up": given_up,
        "implementations": implementations,
        "checks": checks,
    });
    super::escape::json_controls_escaped(
        &serde_json::to_string_pretty(&report).expect("a JSON value always serialises"),
    ) + "\n"
}

/// One check with every implementation's answer and its class.
fn check_json(matrix: &Matrix<'_>, view: &View<'_>, row: &Row<'_>) -> Value {
    let check = row.check();
    let results: Vec<Value> = matrix
        .impls
        .iter()
        .enumerate()
        .map(|(index, info)| {
            let mut result = Map::new();
            result.insert("implementation".into(), info.name.clone().into());
            match &row.answers[index] {
                Ok(outcome) => {
                    result.insert("allowed".into(), outcome.allowed.into());
                    result.insert("line".into(), outcome.line.number().into());
                    result.insert("explanation".into(), outcome.explanation().into());
                }
                Err(ImplError::Failed(why)) => {
                    result.insert("error".into(), why.clone().into());
                }
                Err(ImplError::Unsupported(why)) => {
                    result.insert("not_applicable".into(), why.clone().into());
                }
            }
            for profile in ProfileId::ALL {
                result.insert(format!("{profile}_status"), row.status(index, profile).name().into());
            }
            Value::Object(result)
        })
        .collect();
    json!({
        "id": row.id(),
        "class": class_name(view.class(matrix, row)),
        "case": row.case.id,
        "check": row.index + 1,
        "agents": check.agents,
        "url": check.url,
        "response": row.case.response.as_ref().map(|response| json!({
            "robots_url": response.url,
            "status": response.status,
            "redirects": response.redirects,
            "redirect_hops": response.hops,
            "failing_hours": response.failing_hours(),
            "content_type": response.content_type,
            "cached_age_hours": response.cached_age_hours(),
            "cached_has_its_own_body": response.cached.as_ref().map(|cached| cached.body.is_some()),
            "cache_control": response.cached.as_ref().and_then(|cached| cached.cache_control.as_deref()),
        })),
        "expect": { "rfc": check.rfc.name(), "google": check.google.name() },
        "rfc_basis": {
            "clause": check.basis.clause,
            "level": check.basis.level.map(|level| level.name()),
            "reading": check.basis.reading,
            "statements": check.basis.statements,
        },
        "case_file": super::case_place(row.case, view.built_in),
        "reproduce": super::reproduce::show_command(&row.id(), view.cases),
        "results": results,
    })
}
