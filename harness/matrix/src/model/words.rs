//! The words of each figure, defined once: every rendering prints a score,
//! its counts and the stamp through these, so the Markdown, the site and
//! `report.json` cannot say different things.

use super::parsers::{Agreement, Source};
use super::suite::Tally;
use super::{Report, Stamp};

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
            .map(|tool| format!("{} {}", tool.name, tool.version))
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
