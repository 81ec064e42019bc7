//! The suite part of the model: every implementation of the lineup with what
//! it states and its scores, and every check with every answer, its mark and
//! its standing under both profiles — worked out here once, from the run.

use crate::catalogue::third_party::Stated as CatalogueStated;
use crate::lineup::{Member, Origin};
use crate::model::suite::{
    Answer, Basis, Case, Check, Clause, Deciding, Expect, Implementation, Mark, Scores, SectionScore, Stated, Status,
    Suite, Tally, Verdict,
};
use crate::model::{Body, Profile, Prose};
use rep_core::case::{clause, ProfileId};
use rep_core::implementation::{DecidingLine, ImplError};
use rep_core::runner::{self, Matrix, Row};

/// A member of the lineup as the report lists it, before the run: what it
/// is and states; scores come with [`suite`].
pub(super) fn implementation(member: &Member) -> Implementation {
    let (kind, language, stated) = match member.origin {
        Origin::BuiltIn if member.name == "google" => (
            "built-in: Google's C++ parser (reference/)".to_string(),
            "C++".to_string(),
            built_in_stated(
                member.claims,
                "Google's own parser: the google profile is its behaviour",
            ),
        ),
        Origin::BuiltIn => (
            "built-in: this repository's matcher".to_string(),
            "Rust".to_string(),
            built_in_stated(member.claims, "this repository: the profile it is built with"),
        ),
        Origin::Bundled(party) => (
            format!("{} adapter", party.language),
            party.language.clone(),
            party.stated.as_ref().map_or_else(nothing_stated, catalogue_stated),
        ),
        Origin::Yours => (
            "yours: --adapter / --command".to_string(),
            "yours".to_string(),
            Stated {
                profile: Some(member.claims.into()),
                names: None,
                source: Some("the --profile given to reptest".to_string()),
                says: Some(format!("You gave it the {} profile.", member.claims)),
            },
        ),
    };
    Implementation {
        name: member.name.clone(),
        kind,
        language,
        version: member.version.clone(),
        judged_by: stated.profile.unwrap_or(Profile::Rfc),
        stated,
        not_run: member.ready.as_ref().err().cloned(),
        scores: None,
        page: false,
        sections: Vec::new(),
    }
}

fn built_in_stated(claims: ProfileId, source: &str) -> Stated {
    Stated {
        profile: Some(claims.into()),
        names: Some(match claims {
            ProfileId::Rfc => "RFC 9309".to_string(),
            ProfileId::Google => "Google's parser".to_string(),
        }),
        source: Some(source.to_string()),
        says: None,
    }
}

fn nothing_stated() -> Stated {
    Stated {
        profile: None,
        names: None,
        source: None,
        says: None,
    }
}

/// What `parsers.yaml` records of a library's own documentation.
pub(super) fn catalogue_stated(stated: &CatalogueStated) -> Stated {
    let some = |text: &str| (!text.trim().is_empty()).then(|| text.trim().to_string());
    Stated {
        profile: stated.profile.map(Profile::from),
        names: some(&stated.names),
        source: some(&stated.source),
        says: some(&stated.says),
    }
}

/// The suite as run: `implementations` (every member, in report order)
/// given their scores, and every check of `matrix` with every answer.
/// `links_to_cases`: the report is the committed one, whose pages link case files.
pub(super) fn suite(matrix: &Matrix<'_>, mut implementations: Vec<Implementation>, links_to_cases: bool) -> Suite {
    let mut columns = Vec::new();
    for implementation in &mut implementations {
        if implementation.not_run.is_some() {
            continue;
        }
        let Some(column) = matrix.impls.iter().position(|info| info.name == implementation.name) else {
            continue;
        };
        implementation.scores = Some(Scores {
            rfc: tally(&matrix.tally(column, ProfileId::Rfc)),
            google: tally(&matrix.tally(column, ProfileId::Google)),
        });
        columns.push((implementation.name.clone(), column));
    }
    let mut cases: Vec<Case> = Vec::new();
    for row in &matrix.rows {
        let check = check(row, &columns);
        match cases.last_mut() {
            Some(case) if case.id == row.case.id => case.checks.push(check),
            _ => {
                let mut case = case(row.case);
                case.checks.push(check);
                cases.push(case);
            }
        }
    }
    for implementation in &mut implementations {
        if let Some(column) = columns.iter().position(|(name, _)| *name == implementation.name) {
            implementation.sections = sections(&cases, column, implementation.judged_by);
        }
    }
    Suite {
        implementations,
        columns: columns.into_iter().map(|(name, _)| name).collect(),
        cases,
        links_to_cases,
    }
}

/// Per section, in order (the RFC's by number, then directories by name):
/// the answers of `column` met and scored under `profile`.
fn sections(cases: &[Case], column: usize, profile: Profile) -> Vec<SectionScore> {
    let mut sections: Vec<SectionScore> = Vec::new();
    for case in cases {
        let at = match sections.iter().position(|score| score.section == case.section) {
            Some(at) => at,
            None => {
                sections.push(SectionScore {
                    section: case.section.clone(),
                    met: 0,
                    scored: 0,
                });
                sections.len() - 1
            }
        };
        for check in &case.checks {
            match check.answers[column].status(profile) {
                Status::Met => {
                    sections[at].met += 1;
                    sections[at].scored += 1;
                }
                Status::Missed | Status::Departs | Status::Error => sections[at].scored += 1,
                Status::Reading | Status::ImplementationDefined | Status::NotApplicable => {}
            }
        }
    }
    sections.sort_by(|a, b| section_order(&a.section, &b.section));
    sections
}

/// Sections in the order the report lists them: the RFC's by number, then directories by name.
fn section_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |s: &str| -> (bool, Vec<u32>, String) {
        match s.strip_prefix('§') {
            Some(number) => (
                false,
                number.split('.').filter_map(|p| p.parse().ok()).collect(),
                String::new(),
            ),
            None => (true, Vec::new(), s.to_string()),
        }
    };
    key(a).cmp(&key(b))
}

fn tally(tally: &runner::Tally) -> Tally {
    Tally {
        pass: tally.pass,
        fail: tally.fail,
        should: tally.should,
        may: tally.may,
        error: tally.error,
        not_applicable: tally.not_applicable,
        reading: tally.reading,
        implementation_defined: tally.implementation_defined,
    }
}

/// The id of a case's file: its id without the trailing `/<name>`.
pub(super) fn file_id(case: &rep_core::case::Case) -> &str {
    case.id.strip_suffix(&format!("/{}", case.name)).unwrap_or(&case.id)
}

/// A case without its checks.
fn case(case: &rep_core::case::Case) -> Case {
    Case {
        id: case.id.clone(),
        file: format!("cases/{}.yaml", file_id(case)),
        line: case.line,
        section: section(case),
        why: Prose::from_marked(case.why.trim()),
        response: case.response.as_ref().map(ToString::to_string),
        body: Body::of(shown(&case.body)),
        bytes: case.body.len(),
        checks: Vec::new(),
    }
}

/// The bytes of a case's body the report shows: a page of hundreds of
/// kilobytes of repeated lines tells a reader no more than its first 16 KiB
/// and its length (the case file holds the rest).
const SHOWN_BYTES: usize = 16 * 1024;

/// The part of `body` the report shows: all of it up to [`SHOWN_BYTES`],
/// else up to the last line end before that.
fn shown(body: &[u8]) -> &[u8] {
    if body.len() <= SHOWN_BYTES {
        return body;
    }
    let head = &body[..SHOWN_BYTES];
    match head.iter().rposition(|&byte| byte == b'\n') {
        Some(end) => &body[..=end],
        None => head,
    }
}

/// The heat map's section of a case: `§2.2.2` for the RFC's own cases (from
/// the file name), else the directory (`google/`).
fn section(case: &rep_core::case::Case) -> String {
    let mut parts = case.id.split('/');
    let directory = parts.next().unwrap_or("");
    if directory == "rfc9309" {
        let file = parts.next().unwrap_or("");
        let number = file.split('-').next().unwrap_or(file);
        if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.') {
            return format!("§{number}");
        }
    }
    format!("{directory}/")
}

/// A clause of RFC 9309 with its title and link.
pub(super) fn clause_of(section: &str) -> Clause {
    Clause {
        section: section.to_string(),
        title: clause::title(section).map(str::to_string),
        link: clause::link(section),
    }
}

fn expect(expect: rep_core::case::Expect) -> Expect {
    match expect {
        rep_core::case::Expect::Allowed => Expect::Allowed,
        rep_core::case::Expect::Disallowed => Expect::Disallowed,
        rep_core::case::Expect::ImplementationDefined => Expect::ImplementationDefined,
    }
}

fn check(row: &Row<'_>, columns: &[(String, usize)]) -> Check {
    let check = row.check();
    let answers: Vec<Answer> = columns.iter().map(|(_, column)| answer(row, *column)).collect();
    Check {
        id: row.id(),
        number: row.index + 1,
        agents: check.agents.clone(),
        url: check.url.clone(),
        rfc: expect(check.rfc),
        google: expect(check.google),
        basis: Basis {
            clause: check.basis.clause.as_deref().map(clause_of),
            level: check.basis.level.map(|level| level.name().to_string()),
            reading: check.basis.reading.clone(),
        },
        differs: Mark::differ(answers.iter().map(|answer| answer.mark)),
        answers,
    }
}

fn answer(row: &Row<'_>, column: usize) -> Answer {
    let (verdict, line, why) = match &row.answers[column] {
        Ok(outcome) => (
            if outcome.allowed {
                Verdict::Allowed
            } else {
                Verdict::Disallowed
            },
            match outcome.line {
                DecidingLine::At(line) => Some(Deciding::Line(line)),
                DecidingLine::NoRule => Some(Deciding::NoRule),
                DecidingLine::NotReported => None,
            },
            None,
        ),
        Err(ImplError::Failed(why)) => (Verdict::Error, None, Some(why.clone())),
        Err(ImplError::Unsupported(why)) => (Verdict::NotApplicable, None, Some(why.clone())),
    };
    Answer {
        verdict,
        line,
        why,
        mark: mark(row, column),
        rfc: status(row.status(column, ProfileId::Rfc)),
        google: status(row.status(column, ProfileId::Google)),
    }
}

fn status(status: runner::Status) -> Status {
    match status {
        runner::Status::Pass => Status::Met,
        runner::Status::Fail => Status::Missed,
        runner::Status::Departure(_) => Status::Departs,
        runner::Status::Error => Status::Error,
        runner::Status::NotApplicable => Status::NotApplicable,
        runner::Status::Reading => Status::Reading,
        runner::Status::ImplementationDefined => Status::ImplementationDefined,
    }
}

/// The mark of implementation `column`'s answer in `row`: how it compares
/// with both profiles' expectations at once.
fn mark(row: &Row<'_>, column: usize) -> Mark {
    let met = |profile| match row.status(column, profile) {
        runner::Status::Pass => Some(true),
        runner::Status::Fail | runner::Status::Departure(_) => Some(false),
        _ => None,
    };
    match &row.answers[column] {
        Err(ImplError::Failed(_)) => return Mark::Error,
        Err(ImplError::Unsupported(_)) => return Mark::NotApplicable,
        Ok(_) => {}
    }
    match (met(ProfileId::Rfc), met(ProfileId::Google)) {
        (None, None) => Mark::Open,
        (Some(true), Some(false)) => Mark::RfcOnly,
        (Some(false), Some(true)) => Mark::GoogleOnly,
        (rfc, google) if rfc != Some(false) && google != Some(false) => Mark::Both,
        _ => Mark::Neither,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rep_core::case::Expect as CaseExpect;
    use rep_core::implementation::Outcome;

    fn mark_of(rfc: CaseExpect, google: CaseExpect, allowed: bool) -> Mark {
        let case = rep_core::case::Case::sample(rfc, google);
        let answer = Ok(Outcome::new(allowed, DecidingLine::NotReported));
        mark(
            &Row {
                case: &case,
                index: 0,
                answers: vec![answer],
            },
            0,
        )
    }

    #[test]
    fn a_long_body_is_shown_up_to_a_line_end() {
        let body = "Disallow: /a\n".repeat(5000);
        let head = shown(body.as_bytes());
        assert!(head.len() <= SHOWN_BYTES && head.ends_with(b"\n"), "{}", head.len());
        assert!(head.len() > SHOWN_BYTES - 14);
        assert_eq!(shown(b"short"), b"short");
    }

    #[test]
    fn sections_sort_by_number_then_directory() {
        let mut sections = vec!["google/", "§2.2.2", "§2.10", "§2.2", "fetch/"];
        sections.sort_by(|a, b| section_order(a, b));
        assert_eq!(sections, ["§2.2", "§2.2.2", "§2.10", "fetch/", "google/"]);
    }

    #[test]
    fn marks_combine_both_profiles() {
        use CaseExpect::*;
        assert_eq!(mark_of(Allowed, Allowed, true), Mark::Both);
        assert_eq!(mark_of(Allowed, Disallowed, true), Mark::RfcOnly);
        assert_eq!(mark_of(Allowed, Disallowed, false), Mark::GoogleOnly);
        assert_eq!(mark_of(Allowed, Allowed, false), Mark::Neither);
        assert_eq!(mark_of(ImplementationDefined, Disallowed, false), Mark::Both);
        assert_eq!(mark_of(ImplementationDefined, Disallowed, true), Mark::Neither);
        assert_eq!(mark_of(ImplementationDefined, ImplementationDefined, true), Mark::Open);
    }

    #[test]
    fn n_a_differs_from_nothing() {
        use Mark::*;
        assert!(!Mark::differ([Both, NotApplicable, Both]));
        assert!(!Mark::differ([NotApplicable, NotApplicable]));
        assert!(!Mark::differ([]));
        assert!(Mark::differ([NotApplicable, Both, Error]));
        assert!(Mark::differ([RfcOnly, GoogleOnly]));
    }
}
