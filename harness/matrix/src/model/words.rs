//! The words of each figure, defined once: every rendering prints a score,
//! its counts and the stamp through these, so the Markdown, the site and
//! `report.json` cannot say different things.

use super::parsers::{Agreement, Difference, Measured, Measurement, Parser, ReferenceVerdict, Source};
use super::suite::{Stated, Tally};
use super::{Prose, Report, Span, Stamp};

impl Tally {
    /// `474/598 (79.3%)`, or `–` when nothing was scored.
    pub fn score_text(&self) -> String {
        match self.percent() {
            Some(percent) => format!("{}/{} ({percent:.1}%)", self.pass, self.scored()),
            None => "–".to_string(),
        }
    }

    /// The percentage alone, `79.3%`, or `–`.
    pub fn percent_text(&self) -> String {
        self.percent()
            .map_or("–".to_string(), |percent| format!("{percent:.1}%"))
    }

    /// The counts behind the score, as the site's hover text says them.
    pub fn detail(&self) -> String {
        format!(
            "{}/{} checks met ({} MUST misses, {} SHOULD / {} MAY departures, {} errors; {} implementation-defined, \
             {} reading, {} n/a not scored)",
            self.pass,
            self.scored(),
            self.fail,
            self.should,
            self.may,
            self.error,
            self.implementation_defined,
            self.reading,
            self.not_applicable
        )
    }
}

impl Agreement {
    /// A percentage of agreement with Google's parser (`google`) or RFC 9309:
    /// `–` when nothing was compared, `n/a` when every check was n/a.
    pub fn score_text(&self, google: bool) -> String {
        if self.all_not_applicable() {
            return "n/a".into();
        }
        let percent = if google {
            self.google_percent()
        } else {
            self.rfc_percent()
        };
        percent.map_or("–".to_string(), |p| format!("{p:.1}%"))
    }

    /// The counts behind the agreement with Google's parser, for hover text.
    pub fn google_detail(&self) -> String {
        format!(
            "{} of {} checks agree with Google's parser ({} errors, {} n/a)",
            self.agree_google, self.compared_google, self.errors, self.not_applicable
        )
    }
}

impl Parser {
    /// Its published real-world figure against Google's parser (`google`) or
    /// RFC 9309, `97.9%`: the headline (the mean over kinds of probe) when
    /// the kinds were measured apart, else the agreement over every check.
    pub fn real_world_text(&self, google: bool) -> String {
        let headline = if google {
            self.real_world.headline_google
        } else {
            self.real_world.headline_rfc
        };
        match headline {
            Some(percent) if !self.real_world.kinds.is_empty() => format!("{percent:.1}%"),
            _ => self.agreement(Source::RealWorld, true).score_text(google),
        }
    }

    /// How its real-world figure against Google's parser is made, for hover text.
    pub fn real_world_detail(&self) -> String {
        let agreement = self.agreement(Source::RealWorld, true);
        match self.real_world.headline_google {
            Some(_) if !self.real_world.kinds.is_empty() => format!(
                "the mean over {} kinds of probe; {}",
                self.real_world.kinds.len(),
                agreement.google_detail()
            ),
            _ => agreement.google_detail(),
        }
    }
}

impl Source {
    /// What the sample is, in a few words, for a measurements table.
    pub fn described(self) -> &'static str {
        match self {
            Source::Suite => "the suite's cases (expectations of each profile)",
            Source::RealWorld => "real world",
            Source::Edge => "edge forms of the same files",
            Source::Fuzz => "generated inputs, the reference stream",
            Source::Explore => "generated inputs, an explored stream",
        }
    }
}

/// What each measurement is and is not: its name and a description.
pub const SAMPLES: [(&str, &str); 3] = [
    (
        "Real world",
        "the corpus files as they are, asked what a crawler asks — absolute plain URLs, the file's own agents \
         whole, two well-known crawler tokens and one unnamed token; every rule of every group that applies to the \
         agent, asked six ways (its own path, a page below it, a sibling it does not cover, its path with a query, \
         the root, an unrelated path), one check of each kind per file, chosen by a shuffle seeded with the file's \
         bytes when a file offers more, so that within a kind every file weighs the same. It is not a sample of crawl traffic, and it does not exercise \
         escapes, bare paths or odd bytes. Its columns give the headline: the mean over the three kinds that \
         place a URL against a rule (its own path, a page below it, a path beside it); each parser's page has \
         all six kinds with their counts, and says why.",
    ),
    (
        "Edge forms",
        "the same files asked in forms crawlers do not send — letters percent-encoded, lower-case escapes, bare \
         paths, patterns as written, bodies that are not UTF-8. It measures corner handling, not everyday agreement.",
    ),
    (
        "Generated",
        "a fixed seeded stream of synthetic files and checks on absolute URLs, text and non-UTF-8 bodies counted \
         apart. It finds rare causes; its percentages weigh odd inputs far above their share on the web.",
    ),
];

impl Stamp {
    /// What the report was made from, one fact a line: label and value.
    /// The libraries' versions are the implementations', so `report` lists them.
    pub fn facts(&self, report: &Report) -> Vec<(&'static str, String)> {
        let known = |value: &Option<String>| value.clone().unwrap_or_else(|| "not known".to_string());
        let mut facts = vec![
            ("made", self.made.clone()),
            ("suite version", known(&self.suite_version)),
            ("commit", known(&self.commit)),
        ];
        let tools: Vec<String> = self
            .tools
            .iter()
            .map(|tool| {
                // `rustc --version` and `python3 --version` name themselves; `node --version` does not.
                let named = tool
                    .version
                    .to_lowercase()
                    .starts_with(&tool.name.trim_end_matches('3').to_lowercase());
                if named {
                    tool.version.clone()
                } else {
                    format!("{} {}", tool.name, tool.version)
                }
            })
            .collect();
        facts.push(("tools", tools.join("; ")));
        let libraries: Vec<String> = report
            .suite
            .implementations
            .iter()
            .filter(|implementation| implementation.not_run.is_none())
            .filter_map(|implementation| Some(format!("{} {}", implementation.name, implementation.version.as_ref()?)))
            .collect();
        facts.push(("libraries", libraries.join("; ")));
        if let Some(corpus) = &self.corpus {
            facts.push((
                "corpus",
                format!(
                    "{}, collected {}",
                    corpus.described,
                    corpus.collected.as_deref().unwrap_or("at a date not recorded")
                ),
            ));
        }
        facts
    }
}

impl Stated {
    /// What the implementation's own documentation states, in a sentence.
    pub fn sentence(&self) -> Prose {
        let says = self.says.as_deref().unwrap_or("");
        match (self.profile, self.source.as_deref()) {
            (Some(profile), source) => Prose::text(format!(
                "Stated profile: {profile}{}{}. Misses are counted against it.",
                if says.is_empty() {
                    String::new()
                } else {
                    format!(" — {says}")
                },
                source.map(|source| format!(" (source: {source})")).unwrap_or_default()
            )),
            (None, Some(source)) => Prose::text(format!(
                "Stated profile: none stated — its documentation names neither RFC 9309 nor Google's parser{} \
                 (source: {source}). Both scores are shown and neither is favoured; only departures from both \
                 references and failures count as misses.",
                if says.is_empty() {
                    String::new()
                } else {
                    format!(": {says}")
                },
            )),
            (None, None) => Prose::text(
                "Stated profile: none stated, and no statement of its documentation is known; both scores are \
                 shown and neither is favoured.",
            ),
        }
    }
}

impl Measured {
    /// How often the references part on each sample, and which
    /// implementation was the Google reference when it was not Google's parser.
    pub fn references_sentence(&self) -> Prose {
        let google = &self.google_reference;
        let mut spans = Vec::new();
        if google != "google" {
            spans.push(Span::Text("The Google reference here is ".into()));
            spans.push(Span::Code(google.clone()));
            spans.push(Span::Text(format!(
                ": Google's parser is not in this build, and every \"Google\" figure compares with {google} instead. "
            )));
        }
        let parts: Vec<String> = self
            .references_part
            .iter()
            .filter(|part| part.source != Source::Explore)
            .map(|part| {
                let share = if part.checks == 0 {
                    0.0
                } else {
                    100.0 * part.differ as f64 / part.checks as f64
                };
                format!(
                    "{} {} of {} checks ({share:.2}%)",
                    part.source.name(),
                    part.differ,
                    part.checks
                )
            })
            .collect();
        if !parts.is_empty() {
            spans.push(Span::Text("Google's parser and ".into()));
            spans.push(Span::Code("rep-rfc".into()));
            spans.push(Span::Text(format!(
                " themselves answer differently on: {}. On those checks a parser agrees with one reference at \
                 most, so neither score can be 100%.",
                parts.join("; ")
            )));
        }
        Prose(spans)
    }

    /// What a measurement row is, in words: the sample, with the corpus or the stream's seed.
    pub fn measurement_label(&self, measurement: &Measurement, report: &Report) -> String {
        match measurement.source {
            Source::RealWorld => format!(
                "real world: {}",
                report
                    .stamp
                    .corpus
                    .as_ref()
                    .map_or("the corpus", |corpus| corpus.described.as_str())
            ),
            Source::Fuzz => format!("generated inputs, the reference stream (seed {})", self.reference_seed),
            Source::Explore => format!(
                "generated inputs explored with seed {}",
                self.explore_seed.unwrap_or_default()
            ),
            source => source.described().to_string(),
        }
    }
}

impl ReferenceVerdict {
    /// The verdict as a word.
    pub fn word(&self) -> &'static str {
        match self.allowed {
            Some(true) => "allowed",
            Some(false) => "disallowed",
            None => "no definite answer",
        }
    }

    /// The verdict under `reference` (`RFC 9309`, `Google's parser`), with
    /// its reason: one the RFC leaves open under a reading says so, and
    /// never reads as a requirement.
    pub fn sentence(&self, reference: &str) -> Prose {
        let mut spans = match &self.reading {
            Some(reading) => vec![
                Span::Text(format!("open under {reference} (reading ")),
                Span::Code(reading.clone()),
                Span::Text("; ".into()),
                Span::Code("rep-rfc".into()),
                Span::Text(format!(" chooses {})", self.word())),
            ],
            None => vec![Span::Text(format!("{} under {reference}", self.word()))],
        };
        if let Some(reason) = &self.reason {
            spans.push(Span::Text(" (".into()));
            spans.extend(reason.0.iter().cloned());
            spans.push(Span::Text(")".into()));
        }
        Prose(spans)
    }
}

impl Difference {
    /// How many checks it explains, where from, what was merged into it and
    /// how it stands against the references, in one sentence (without its
    /// clause and origin).
    pub fn extent(&self) -> String {
        let took = if self.fails {
            format!("It took down {} checks", self.total())
        } else {
            format!("{} checks", self.total())
        };
        let counts: Vec<String> = self
            .counts
            .iter()
            .map(|count| format!("{} {}", count.source.name(), count.checks))
            .collect();
        let merged = if self.merged > 0 {
            format!("; {} more groups of inputs with the same cause merged in", self.merged)
        } else {
            String::new()
        };
        let other_way = match self.other_way {
            0 => String::new(),
            checks => {
                let (verb, reference) = if self.parser_allows {
                    ("disallows", "allows")
                } else {
                    ("allows", "disallows")
                };
                format!(
                    "; in {checks} of the {} checks the parser {verb} where the reference {reference}, from the \
                     same cause",
                    self.total()
                )
            }
        };
        format!("{took} ({}){merged}{other_way}; {}", counts.join(", "), self.relation)
    }
}
