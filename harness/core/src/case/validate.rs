//! Validation of a parsed case file: names, `why`, checks and their
//! expectations, each problem with its position. The body forms are checked
//! in `body`.

use super::clause;
use super::locate::{Item, Locator, Position};
use super::raw::{RawCase, RawCheck, RawFile, RawSource};
use super::readings::{is_kebab_case, Readings};
use super::tags;
use super::{Basis, Case, CaseFile, Check, Expect, Source};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A `why` that starts with this is a placeholder (as `reptest promote`
/// writes), and the loader refuses it: a case enters the suite only with
/// its rule stated by a person.
pub const UNWRITTEN_WHY_MARKER: &str = "TODO";

/// A problem: where (when known) and what.
pub(super) type Problem = (Option<Position>, String);

/// Checks `raw`, parsed from `text` (the file at `path`, id prefix `id`):
/// the case file, or every problem found.
pub(super) fn validate_file(
    raw: RawFile,
    text: &str,
    path: &Path,
    id: &str,
    readings: Option<&Readings>,
) -> Result<CaseFile, Vec<Problem>> {
    let mut validator = Validator {
        locator: Locator::new(text),
        errors: Vec::new(),
        readings,
    };
    let case_items = validator.locator.cases();
    let mut names: HashMap<&str, usize> = HashMap::new();
    let mut cases = Vec::new();
    for (index, raw_case) in raw.cases.iter().enumerate() {
        let item = case_items.get(index);
        let line = item.map_or(1, |item| item.position(&validator.locator).0);
        if let Some(first) = names.insert(&raw_case.name, line) {
            let at = validator.at(item, Some("name"));
            validator.report(
                at,
                format!(
                    "duplicate case name `{}` (first used on line {first}): names must be unique within a file",
                    raw_case.name
                ),
            );
        }
        if let Some(mut case) = validator.case(raw_case, item, &format!("{id}/{}", raw_case.name), line) {
            case.file = path.to_path_buf();
            cases.push(case);
        }
    }
    if raw.cases.is_empty() {
        validator.report(
            Some((1, 1)),
            "the file has no cases: `cases:` needs at least one".into(),
        );
    }
    if raw.source.trim().is_empty() {
        validator.report(
            Some((1, 1)),
            "`source:` is empty: say what the cases derive from (e.g. \"RFC 9309 §2.2.2\")".into(),
        );
    }
    if validator.errors.is_empty() {
        Ok(CaseFile {
            path: path.to_path_buf(),
            id: id.to_string(),
            source: raw.source,
            cases,
        })
    } else {
        Err(validator.errors)
    }
}

pub(super) struct Validator<'a> {
    pub(super) locator: Locator<'a>,
    pub(super) errors: Vec<Problem>,
    /// The suite's readings, when a `readings.yaml` governs the file: then
    /// every definite rfc expectation must rest on a clause or a reading.
    readings: Option<&'a Readings>,
}

impl Validator<'_> {
    pub(super) fn report(&mut self, at: Option<Position>, message: String) {
        self.errors.push((at, message));
    }

    /// Where `key` of `item` is (or the item itself when `key` is `None`).
    pub(super) fn at(&self, item: Option<&Item>, key: Option<&str>) -> Option<Position> {
        let item = item?;
        Some(match key {
            Some(key) => self.locator.value_of(item, key),
            None => item.position(&self.locator),
        })
    }

    fn case(&mut self, raw: &RawCase, item: Option<&Item>, id: &str, line: usize) -> Option<Case> {
        let errors_before = self.errors.len();
        let name = &raw.name;
        if !is_kebab_case(name) {
            let at = self.at(item, Some("name"));
            self.report(
                at,
                format!("case name `{name}` is not kebab-case: use lowercase letters, digits and single hyphens"),
            );
        }
        if raw.why.trim().is_empty() {
            let at = self.at(item, Some("why"));
            self.report(
                at,
                format!("case `{name}` has an empty `why`: state the rule tested and cite its source"),
            );
        } else if raw.why.trim_start().starts_with(UNWRITTEN_WHY_MARKER) {
            let at = self.at(item, Some("why"));
            self.report(
                at,
                format!(
                    "case `{name}` still has a placeholder `why` (it starts with `{UNWRITTEN_WHY_MARKER}`): \
                     replace it with the rule tested and its citation"
                ),
            );
        }
        let body = self.body(raw, item);
        let response = raw.response.as_ref().map(|response| self.response(response, item));
        if raw.checks.is_empty() {
            let at = self.at(item, Some("checks"));
            self.report(at, format!("case `{name}` has no checks: add at least one"));
        }
        let check_items = item
            .map(|item| self.locator.sequence(item, "checks"))
            .unwrap_or_default();
        let items: Vec<Option<&Item>> = (0..raw.checks.len())
            .map(|index| check_items.get(index).or(item))
            .collect();
        self.validate_check_names(id, &raw.checks, &items);
        let case_tags = self.written_tags(raw.tags.as_deref(), item);
        let checks: Vec<Option<Check>> = raw
            .checks
            .iter()
            .zip(&items)
            .enumerate()
            .map(|(index, (check, check_item))| self.check((raw, item), check, *check_item, index + 1))
            .collect();
        if self.errors.len() > errors_before {
            return None;
        }
        let body = body?;
        let response = response.flatten();
        let mut checks = checks.into_iter().collect::<Option<Vec<_>>>()?;
        for check in &mut checks {
            check.tags.extend(&case_tags);
            check
                .tags
                .extend(tags::derived(&body, response.as_ref(), &check.agents, &check.url));
        }
        Some(Case {
            id: id.to_string(),
            name: name.clone(),
            why: raw.why.clone(),
            body,
            response,
            checks,
            file: PathBuf::new(),
            line,
        })
    }

    /// Check `number` of `case` (the raw case and where it is).
    fn check(
        &mut self,
        (case, case_item): (&RawCase, Option<&Item>),
        raw: &RawCheck,
        item: Option<&Item>,
        number: usize,
    ) -> Option<Check> {
        let agents = self.agents(raw, item, number)?;
        if raw.url.is_empty() {
            let at = self.at(item, Some("url"));
            self.report(
                at,
                format!("check {number}: the url is empty: give an absolute URL such as https://example.com/x"),
            );
            return None;
        }
        let (rfc, google) = self.expectations(raw, item, number)?;
        let basis = Basis {
            clause: raw.clause.clone().or_else(|| case.clause.clone()),
            level: raw.level.or(case.level),
            reading: raw.reading.clone().or_else(|| case.reading.clone()),
            statements: raw
                .statements
                .clone()
                .or_else(|| case.statements.clone())
                .unwrap_or_default(),
        };
        if let Some(problem) = self.basis_problem(&basis, rfc) {
            // The basis key of the check, else of its case, else the check.
            let keys = ["clause", "level", "reading"];
            let find =
                |item: Option<&Item>| item.and_then(|item| keys.iter().find_map(|key| self.locator.find(item, key)));
            let at = find(item).or_else(|| find(case_item)).or_else(|| self.at(item, None));
            self.report(at, format!("check {number}: {problem}"));
            return None;
        }
        if let Some(id) = basis.statements.iter().find(|id| !is_kebab_case(id)) {
            let at = match raw.statements {
                Some(_) => self.at(item, Some("statements")),
                None => self.at(case_item, Some("statements")),
            };
            self.report(
                at,
                format!(
                    "check {number}: statement `{id}` is not a statement id: name entries of statements.yaml by \
                     their kebab-case `id`"
                ),
            );
            return None;
        }
        let source = match (&raw.source, &case.source) {
            (Some(own), _) => self.source(Some(own), item, number)?,
            (None, inherited) => self.source(inherited.as_ref(), case_item, number)?,
        };
        let tags = self.written_tags(raw.tags.as_deref(), item);
        Some(Check {
            name: raw.name.clone().unwrap_or_default(),
            agents,
            url: raw.url.clone(),
            rfc,
            google,
            basis,
            source,
            tags,
        })
    }

    /// The check's source (its own, else its case's) with no field empty, or
    /// the problem reported.
    fn source(&mut self, raw: Option<&RawSource>, item: Option<&Item>, number: usize) -> Option<Option<Source>> {
        let Some(raw) = raw else { return Some(None) };
        let fields = [
            ("document", &raw.document),
            ("date", &raw.date),
            ("section", &raw.section),
        ];
        if let Some((field, _)) = fields.iter().find(|(_, text)| text.trim().is_empty()) {
            let at = self.at(item, Some("source"));
            self.report(
                at,
                format!(
                    "check {number}: the source's `{field}` is empty: name the document, its date or revision, and \
                     the section the google expectation rests on"
                ),
            );
            return None;
        }
        Some(Some(Source {
            document: raw.document.clone(),
            date: raw.date.clone(),
            section: raw.section.clone(),
        }))
    }

    /// The check's agents (`agent` or `agents`, none empty), or the problem reported.
    fn agents(&mut self, raw: &RawCheck, item: Option<&Item>, number: usize) -> Option<Vec<String>> {
        let agents = match (&raw.agent, &raw.agents) {
            (Some(agent), None) => vec![agent.clone()],
            (None, Some(agents)) if !agents.is_empty() => agents.clone(),
            (None, Some(_)) => {
                let at = self.at(item, Some("agents"));
                self.report(
                    at,
                    format!("check {number}: `agents` is empty: list at least one agent"),
                );
                return None;
            }
            (Some(_), Some(_)) => {
                let at = self.at(item, Some("agents"));
                self.report(
                    at,
                    format!("check {number} has both `agent` and `agents`: keep one (`agents` for several)"),
                );
                return None;
            }
            (None, None) => {
                let at = self.at(item, None);
                self.report(
                    at,
                    format!("check {number} names no agent: add `agent: Name` or `agents: [A, B]`"),
                );
                return None;
            }
        };
        if let Some(index) = agents.iter().position(String::is_empty) {
            let at = self.at(item, Some(if raw.agent.is_some() { "agent" } else { "agents" }));
            self.report(
                at,
                format!(
                    "check {number}: agent {} is empty: name a crawler by its product token (e.g. FooBot)",
                    index + 1
                ),
            );
            return None;
        }
        Some(agents)
    }

    /// The check's expectation under each profile (`expect` for both, or
    /// `rfc` and `google`), or the problem reported.
    fn expectations(&mut self, raw: &RawCheck, item: Option<&Item>, number: usize) -> Option<(Expect, Expect)> {
        let rfc = raw.rfc.or(raw.expect);
        let google = raw.google.or(raw.expect);
        let (Some(rfc), Some(google)) = (rfc, google) else {
            let missing: Vec<&str> = [("rfc", rfc.is_none()), ("google", google.is_none())]
                .into_iter()
                .filter_map(|(profile, missing)| missing.then_some(profile))
                .collect();
            let at = self.at(item, None);
            self.report(
                at,
                format!(
                    "check {number} has no expectation for the {} profile: add `expect:` (both profiles) or `{}:`",
                    missing.join(" and "),
                    missing.join(":` and `")
                ),
            );
            return None;
        };
        Some((rfc, google))
    }
}

impl Validator<'_> {
    /// What is wrong with what an rfc expectation rests on, if anything.
    fn basis_problem(&self, basis: &Basis, rfc: Expect) -> Option<String> {
        if let Some(section) = &basis.clause {
            if clause::title(section).is_none() {
                return Some(format!(
                    "RFC 9309 has no section `{section}`: write the section number alone, e.g. clause: \"2.2.2\""
                ));
            }
        }
        match (&basis.clause, basis.level) {
            (Some(section), None) => {
                return Some(format!(
                    "clause {section} needs a level: how strongly does the section say it (must, should or may)?"
                ))
            }
            (None, Some(level)) => {
                return Some(format!("level {} needs the clause it grades", level.name()));
            }
            _ => {}
        }
        if let Some(id) = &basis.reading {
            match self.readings {
                None => {
                    return Some(format!(
                        "it names reading `{id}`, but no readings.yaml governs this file (it goes in the suite's \
                         directory, beside the case files)"
                    ))
                }
                Some(readings) if readings.get(id).is_none() => {
                    return Some(format!("there is no reading `{id}` in {}", readings.path.display()))
                }
                Some(_) => {}
            }
        }
        let rests_on_nothing = basis.clause.is_none() && basis.reading.is_none();
        if self.readings.is_some() && rfc.allowed().is_some() && rests_on_nothing {
            return Some(format!(
                "its rfc expectation ({rfc}) rests on nothing: add `clause:` and `level:` (the RFC 9309 section and \
                 how strongly it says so), or `reading:` (a contested point in readings.yaml), to the check or its case"
            ));
        }
        None
    }
}
