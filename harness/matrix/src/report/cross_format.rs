//! One model rendered three ways — `report.json`, the Markdown pages and the
//! site — and every figure and label compared across them: what each
//! implementation states, its scores with their counts (the site's hover
//! text included), a parser's measurements, a difference's expectations,
//! and the stamp on every page. The HTML is read with scraper, the Markdown
//! with pulldown-cmark: our own output, read back here only.

use super::tests::fixed_stamp;
use super::*;
use crate::measure::collect::{Collected, References, Source, Tally as Measured_};
use crate::measure::found::{Difference, Standing};
use crate::measure::signature::{Relation, Signature};
use crate::model::suite::{Implementation, Stated as ModelStated};
use crate::model::Profile;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use rep_core::case::{Basis, Case, Expect, Level};
use rep_core::diff::Probe;
use rep_core::implementation::{DecidingLine, Outcome};
use rep_core::runner::{ImplInfo, Matrix, Row};
use scraper::{Html, Selector};
use std::collections::BTreeMap;

/// Four checks: a MUST, a SHOULD, a reading's open point and a MAY.
fn cases() -> Vec<Case> {
    let mut case = Case::sample(Expect::Allowed, Expect::Allowed);
    case.id = "rfc9309/2.2.2-sample/one".into();
    case.name = "one".into();
    case.body = b"User-agent: *\nDisallow: /a\n".to_vec();
    case.checks[0].basis = Basis {
        clause: Some("2.2.2".into()),
        level: Some(Level::Must),
        reading: None,
        statements: vec!["most-octets-wins".into()],
    };
    let mut should = case.checks[0].clone();
    should.name = "should".into();
    should.rfc = Expect::Disallowed;
    should.basis.level = Some(Level::Should);
    let mut open = case.checks[0].clone();
    open.name = "open".into();
    open.rfc = Expect::ImplementationDefined;
    open.google = Expect::Disallowed;
    open.basis.reading = Some("query-delimiters".into());
    let mut may = case.checks[0].clone();
    may.name = "may".into();
    may.rfc = Expect::Disallowed;
    may.google = Expect::Disallowed;
    may.basis.level = Some(Level::May);
    case.checks.extend([should, open, may]);
    vec![case]
}

fn implementation(name: &str, stated: Option<Profile>, page: bool) -> Implementation {
    Implementation {
        name: name.into(),
        kind: "Python adapter".into(),
        language: "Python".into(),
        version: Some(format!("{name} 1.0")),
        stated: ModelStated {
            profile: stated,
            names: None,
            source: Some("its README, the first paragraph".into()),
            says: None,
        },
        judged_by: stated.unwrap_or(Profile::Rfc),
        not_run: None,
        scores: None,
        page,
        sections: Vec::new(),
    }
}

/// A difference first seen on the open check: RFC 9309 leaves it to a reading.
fn on_the_open_check() -> Difference {
    let minimal = Probe {
        body: b"User-agent: *\nDisallow: /a?b\n".to_vec(),
        agents: vec!["FooBot".into()],
        url: "https://example.com/a%3Fb".into(),
    };
    Difference {
        signature: Signature::of(&minimal, Relation::DepartsFromRfc, true),
        counts: BTreeMap::from([(Source::Suite, 1), (Source::RealWorld, 4)]),
        origin: "rfc9309/2.2.2-sample/one/open".into(),
        original: minimal.clone(),
        original_source: Source::RealWorld,
        original_checks: 4,
        minimal,
        parser_says: "allowed".into(),
        references: References {
            google: Some(true),
            rfc: Some(false),
        },
        expected_because: "disallowed: line 2 `Disallow: /a?b` in the * group is the longest match (4 octets)".into(),
        google_because: None,
        clause: "2.2.2",
        standing: Standing::DiffersFromOne,
        cause: None,
        merged: 0,
        other_way: 0,
    }
}

/// The report of three implementations on [`cases`] — one stating rfc, one
/// stating nothing (measured, with a page), one stating google — and the
/// measured one's difference.
fn report_of(cases: &[Case]) -> Report {
    let answers = [
        // rep-rfc: every definite rfc expectation met.
        [true, false, false, false],
        // lib-none: met, departs from the SHOULD, the reading, departs from the MAY.
        [true, true, false, true],
        // lib-google: as Google.
        [true, true, false, false],
    ];
    let rows = (0..4)
        .map(|index| Row {
            case: &cases[0],
            index,
            answers: answers
                .iter()
                .map(|column| Ok(Outcome::new(column[index], DecidingLine::At(2))))
                .collect(),
        })
        .collect();
    let names = ["rep-rfc", "lib-none", "lib-google"];
    let matrix = Matrix {
        impls: names
            .iter()
            .map(|name| ImplInfo {
                name: name.to_string(),
                claims: ProfileId::Rfc,
            })
            .collect(),
        rows,
        elapsed: std::time::Duration::ZERO,
    };
    let implementations = vec![
        implementation("rep-rfc", Some(Profile::Rfc), false),
        implementation("lib-none", None, true),
        implementation("lib-google", Some(Profile::Google), false),
    ];
    let mut suite = suite::suite(&matrix, implementations, false);
    let subject = Subject {
        name: "lib-none".into(),
        language: "Python".into(),
        about: "a library of this test".into(),
        version: "lib-none 1.0".into(),
        stated: None,
        reproduce: None,
        adapter: "python3 lib_none.py".into(),
    };
    let mut collected = Collected::default();
    collected.tallies.insert(
        Source::RealWorld,
        Measured_ {
            checks: 200,
            not_applicable: 0,
            errors: 3,
            compared_google: 197,
            agree_google: 180,
            compared_rfc: 197,
            agree_rfc: 170,
        },
    );
    // Three kinds of probe: the headline is the mean of the two rule kinds,
    // (83/97 + 97/100) / 2 = 91.3% with Google and (73/97 + 97/100) / 2 =
    // 86.1% with the RFC; the root kind is shown but not averaged (with it
    // the means would be 77.5% and 74.1%). The pooled real-world figures,
    // set above, are 180/197 = 91.4% and 170/197 = 86.3%.
    for (kind, errors, agree_google, agree_rfc) in [("literal", 3, 83, 73), ("below", 0, 97, 97), ("root", 0, 50, 50)] {
        collected.kinds.insert(
            kind.into(),
            Measured_ {
                checks: 100,
                not_applicable: 0,
                errors,
                compared_google: 100 - errors,
                agree_google,
                compared_rfc: 100 - errors,
                agree_rfc,
            },
        );
    }
    let found = Found {
        listed: vec![on_the_open_check()],
        explored: Vec::new(),
        rare: 0,
        behaviours: Default::default(),
    };
    let analyses = Analyses {
        parsers: vec![(subject, collected, found)],
        measurements: crate::measure::Measurements {
            format: crate::measure::FORMAT.into(),
            corpus: "a test corpus, 3 files".into(),
            shard: rep_core::diff::shard::Shard::WHOLE,
            explore_seed: None,
            fuzz_checks: 0,
            references: BTreeMap::from([(Source::RealWorld, (197, 9))]),
            parsers: BTreeMap::new(),
        },
        google: "google".into(),
    };
    let mut stamp = fixed_stamp();
    stamp.corpus = Some(model::Corpus {
        described: analyses.measurements.corpus.clone(),
        collected: Some("2020-02".into()),
    });
    let measured = measured(&analyses, &mut suite);
    Report {
        format: model::FORMAT.into(),
        stamp,
        suite,
        measured: Some(measured),
        readings: None,
        reproduce: vec!["reptest report".into()],
    }
}

/// The rows of the first table after `heading` in `markdown`, as cell texts.
fn markdown_table(markdown: &str, heading: &str) -> Vec<Vec<String>> {
    let from = markdown.find(heading).unwrap_or_else(|| panic!("no {heading}"));
    let events: Vec<Event<'_>> = Parser::new_ext(&markdown[from..], Options::ENABLE_TABLES).collect();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut in_body = false;
    for event in events {
        match event {
            Event::End(TagEnd::TableHead) => in_body = true,
            Event::End(TagEnd::Table) => break,
            Event::Start(Tag::TableRow) if in_body => rows.push(Vec::new()),
            Event::Start(Tag::TableCell) if in_body => rows.last_mut().expect("a row").push(String::new()),
            Event::Text(text) | Event::Code(text) if in_body => {
                if let Some(cell) = rows.last_mut().and_then(|row| row.last_mut()) {
                    cell.push_str(&text);
                }
            }
            _ => {}
        }
    }
    rows
}

/// Whether the cell of `row` under the summary's column `index` is bold in `markdown`.
fn bold_in_row(markdown: &str, name: &str, cell: &str) -> bool {
    markdown
        .lines()
        .find(|line| line.starts_with(&format!("| {name} |")))
        .is_some_and(|line| line.contains(&format!("**{cell}**")))
}

fn select<'h>(html: &'h Html, selector: &str) -> Vec<scraper::ElementRef<'h>> {
    html.select(&Selector::parse(selector).expect("a selector")).collect()
}

fn text_of(element: &scraper::ElementRef<'_>) -> String {
    element.text().collect::<String>().trim().to_string()
}

#[test]
fn every_figure_and_label_is_the_same_in_json_markdown_and_html() {
    let cases = cases();
    let report = report_of(&cases);
    // JSON: the model itself, read back whole.
    let json = model::to_json(&report);
    assert_eq!(model::from_json(&json).expect("report.json reads back"), report);
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let markdown: BTreeMap<PathBuf, String> = pages::pages(&report).into_iter().collect();
    let site: BTreeMap<PathBuf, String> = crate::site::pages(&report).into_iter().collect();
    let conformance = &markdown[Path::new("conformance.md")];
    let index = Html::parse_document(&site[Path::new("index.html")]);
    let summary = markdown_table(conformance, "## Summary");
    for (position, implementation) in report.suite.implementations.iter().enumerate() {
        let scores = implementation.scores.expect("it ran");
        let json_implementation = &value["suite"]["implementations"][position];
        // What it states: one label everywhere, from one field.
        let label = implementation.stated.label();
        assert_eq!(
            json_implementation["stated"]["profile"],
            implementation
                .stated
                .profile
                .map_or(serde_json::Value::Null, |p| p.name().into())
        );
        let row = summary
            .iter()
            .find(|row| row[0] == implementation.name)
            .unwrap_or_else(|| panic!("no summary row for {}", implementation.name));
        assert_eq!(row[3], label, "{row:?}");
        let html_row = select(&index, &format!("#scores tr[data-impl=\"{}\"]", implementation.name));
        let html_row = html_row.first().expect("an overview row");
        let states = select(
            &index,
            &format!("#scores tr[data-impl=\"{}\"] td.states", implementation.name),
        );
        assert_eq!(text_of(&states[0]), label);
        // Scores: the same counts, the same denominator, the same percentage.
        let bars = html_row
            .select(&Selector::parse("td.score").expect("a selector"))
            .collect::<Vec<_>>();
        for (column, profile, cell) in [(0, Profile::Rfc, &row[4]), (1, Profile::Google, &row[7])] {
            let tally = scores.of(profile);
            assert_eq!(*cell, tally.score_text(), "{} {profile}", implementation.name);
            assert_eq!(
                json_implementation["scores"][profile.name()]["pass"].as_u64(),
                Some(tally.pass as u64)
            );
            let bar = &bars[column];
            assert_eq!(
                text_of(
                    &bar.select(&Selector::parse("span.num").expect("a selector"))
                        .next()
                        .expect("a number")
                ),
                tally.percent_text()
            );
            let hover = bar.value().attr("title").expect("hover text");
            assert_eq!(hover, tally.detail());
            let (met, scored) = cell.split_once(' ').expect("n/m (p%)").0.split_once('/').expect("n/m");
            assert!(
                hover.starts_with(&format!("{met}/{scored} checks met")),
                "the hover counts {hover:?} and the Markdown's {cell:?} share a denominator"
            );
            let stated = implementation.stated.profile == Some(profile);
            assert_eq!(bar.value().classes().any(|class| class == "claimed"), stated);
            assert_eq!(bold_in_row(conformance, &implementation.name, cell), stated, "{cell}");
        }
        assert_eq!(row[5], scores.rfc.fail.to_string());
        assert_eq!(row[6], format!("{} / {}", scores.rfc.should, scores.rfc.may));
    }
    // The departures are scored: 1 met of 3 for the parser that departs from a SHOULD and a MAY.
    let none = report
        .suite
        .implementation("lib-none")
        .and_then(|i| i.scores)
        .expect("lib-none ran");
    assert_eq!((none.rfc.pass, none.rfc.scored()), (1, 3));
    // The measured parser: the same agreement on its page, in both forms, and in the overview.
    let page_md = &markdown[Path::new("parsers/lib-none.md")];
    let page_html = Html::parse_document(&site[Path::new("parser/lib-none.html")]);
    let parser = &report.measured.as_ref().expect("measured").parsers[0];
    let real = parser.agreement(crate::model::parsers::Source::RealWorld, true);
    let md_rows = markdown_table(page_md, "## Measurements");
    let html_rows: Vec<Vec<String>> = select(&page_html, "table.measurements tbody tr")
        .iter()
        .map(|tr| {
            tr.select(&Selector::parse("td").expect("a selector"))
                .map(|td| text_of(&td))
                .collect()
        })
        .collect();
    assert_eq!(md_rows, html_rows);
    assert!(md_rows.iter().any(|row| row[0] == "real world: a test corpus, 3 files"
        && row[2] == real.score_text(true)
        && row[2] == "91.4%"));
    let hover = select(&index, "#scores tr[data-impl=\"lib-none\"] td.score");
    // The real-world headline is the mean over the rule kinds, the same in every form.
    assert_eq!(parser.real_world_text(true), "91.3%");
    assert_eq!(parser.real_world_text(false), "86.1%");
    assert_eq!(text_of(&hover[2]), "91.3%");
    assert_eq!(
        hover[2].value().attr("title"),
        Some(parser.real_world_detail().as_str())
    );
    assert!(parser.real_world_detail().ends_with(&real.google_detail()));
    let overview_md = markdown_table(conformance, "| parser | language | states | real world: Google");
    assert!(
        overview_md
            .iter()
            .any(|row| row[0] == "lib-none" && row[3] == "91.3%" && row[4] == "86.1%"),
        "{overview_md:?}"
    );
    let kinds_md = markdown_table(page_md, "### Real world, by kind of probe");
    let kinds_html: Vec<Vec<String>> = select(&page_html, "table.kinds tbody tr")
        .iter()
        .map(|tr| {
            tr.select(&Selector::parse("td").expect("a selector"))
                .map(|td| text_of(&td))
                .collect()
        })
        .collect();
    assert_eq!(kinds_md, kinds_html);
    assert_eq!(kinds_md.len(), 3, "{kinds_md:?}");
    assert_eq!(kinds_md[0][3], "85.6%", "83/97");
    let headline = parser.real_world.headline.as_ref().expect("a headline").plain();
    assert!(
        headline.starts_with("Headline: 91.3% agreement with Google's parser, 86.1% with RFC 9309. The real-world"),
        "{headline}"
    );
    assert!(page_md.contains(&headline), "{page_md}");
    assert!(select(&page_html, "p").iter().any(|p| text_of(p) == headline));
    // What it states, in the same sentence on both pages.
    let sentence = report
        .suite
        .implementation("lib-none")
        .expect("listed")
        .stated
        .sentence()
        .plain();
    assert!(sentence.starts_with("Stated profile: none stated"), "{sentence}");
    assert!(page_md.contains(&sentence), "{page_md}");
    assert_eq!(text_of(&select(&page_html, "p.stated")[0]), sentence);
    // A check the case leaves open under a reading reads as open, never as a requirement.
    let expected_html = text_of(&select(&page_html, "li.expected")[0]);
    assert!(
        expected_html
            .starts_with("expected: open under RFC 9309 (reading query-delimiters; rep-rfc chooses disallowed"),
        "{expected_html}"
    );
    let expected_md = page_md
        .lines()
        .find(|line| line.starts_with("- expected: "))
        .expect("an expected line");
    assert!(!expected_md.contains("disallowed under RFC 9309"), "{expected_md}");
    let md_events: String = Parser::new(expected_md)
        .filter_map(|event| match event {
            Event::Text(text) | Event::Code(text) => Some(text.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(format!("- {md_events}").replacen("- ", "", 1), expected_html);
    // The stamp, on every page of both forms.
    for (label, value) in report.stamp.facts(&report) {
        for (path, text) in &markdown {
            assert!(
                text.contains(&format!("- {label}: ")),
                "{} lacks {label}",
                path.display()
            );
        }
        for (path, text) in site
            .iter()
            .filter(|(path, _)| path.extension().is_some_and(|e| e == "html"))
        {
            let html = Html::parse_document(text);
            let facts: Vec<String> = select(&html, "footer dl.stamp dd").iter().map(text_of).collect();
            assert!(
                facts.contains(&value),
                "{} lacks {label} {value:?}: {facts:?}",
                path.display()
            );
        }
    }
}

#[test]
fn the_stamp_is_what_was_injected() {
    let cases = cases();
    let mut report = report_of(&cases);
    report.stamp.tools.push(model::Tool {
        name: "node".into(),
        version: "v20.0.0".into(),
    });
    let facts: BTreeMap<&str, String> = report.stamp.facts(&report).into_iter().collect();
    assert_eq!(facts["tools"], "rustc 1.0.0; node v20.0.0");
    assert_eq!(facts["made"], "2026-01-02T03:04:05Z");
    assert_eq!(facts["commit"], "0123456789abcdef");
    assert_eq!(facts["suite version"], "9.9.9");
    assert_eq!(facts["corpus"], "a test corpus, 3 files, collected 2020-02");
    assert_eq!(
        facts["libraries"],
        "rep-rfc rep-rfc 1.0; lib-none lib-none 1.0; lib-google lib-google 1.0"
    );
}

#[test]
fn verify_takes_its_programs_from_the_model() {
    let cases = cases();
    let mut report = report_of(&cases);
    let parser = &mut report.measured.as_mut().expect("measured").parsers[0];
    parser.differences[0].program = Some(crate::model::parsers::Program::Runs {
        fence: "python".into(),
        code: "print(\"allowed\")\n".into(),
        prints: Some("allowed".into()),
    });
    let programs = crate::catalogue::verify::programs(parser);
    assert_eq!(programs.len(), 1);
    assert_eq!(programs[0].prints.as_deref(), Some("allowed"));
    assert_eq!(programs[0].code, "print(\"allowed\")\n");
    assert!(programs[0].heading.starts_with("1. "), "{}", programs[0].heading);
}
