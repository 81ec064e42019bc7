//! Text with code spans: what the model holds where a page shows words
//! around code (a rule quoted in an explanation, an agent in a reading's
//! question). Each rendering writes the spans its own way; no page is
//! parsed back.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Words and code, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct Prose(pub Vec<Span>);

/// One piece of [`Prose`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Span {
    /// Plain words.
    Text(String),
    /// Code: shown as written, every byte visible.
    Code(String),
}

impl Prose {
    /// Plain words only.
    pub fn text(words: impl Into<String>) -> Prose {
        Prose(vec![Span::Text(words.into())])
    }

    /// Text whose code is marked the way the suite's authors and `rep`'s
    /// explanations mark it: a run of backticks up to the next run of as
    /// many, one space taken off each end when both ends have one. An
    /// unclosed run is text.
    pub fn from_marked(marked: &str) -> Prose {
        let mut spans = Vec::new();
        let mut words = String::new();
        let mut rest = marked;
        while let Some(at) = rest.find('`') {
            let run = rest[at..].chars().take_while(|&c| c == '`').count();
            let after = &rest[at + run..];
            match closing(after, run) {
                Some(end) => {
                    words.push_str(&rest[..at]);
                    if !words.is_empty() {
                        spans.push(Span::Text(std::mem::take(&mut words)));
                    }
                    let code = &after[..end];
                    let code = match code.strip_prefix(' ').and_then(|c| c.strip_suffix(' ')) {
                        Some(inner) if !inner.is_empty() => inner,
                        _ => code,
                    };
                    spans.push(Span::Code(code.to_string()));
                    rest = &after[end + run..];
                }
                None => {
                    words.push_str(&rest[..at + run]);
                    rest = after;
                }
            }
        }
        words.push_str(rest);
        if !words.is_empty() {
            spans.push(Span::Text(words));
        }
        Prose(spans)
    }

    /// A verdict's explanation by `rep`'s matcher, which quotes the deciding
    /// rule between its first and last backticks (`` line 2 `Disallow: /a` in
    /// … ``): the rule's pattern comes from the file, backticks and all, so
    /// everything between those two is one code span.
    pub fn quoting_rule(explanation: &str) -> Prose {
        match (explanation.find('`'), explanation.rfind('`')) {
            (Some(first), Some(last)) if first < last => Prose(
                [
                    Span::Text(explanation[..first].to_string()),
                    Span::Code(explanation[first + 1..last].to_string()),
                    Span::Text(explanation[last + 1..].to_string()),
                ]
                .into_iter()
                .filter(|span| !matches!(span, Span::Text(words) if words.is_empty()))
                .collect(),
            ),
            _ => Prose::text(explanation),
        }
    }

    /// The words and code as plain text, code unmarked.
    pub fn plain(&self) -> String {
        self.0
            .iter()
            .map(|span| match span {
                Span::Text(text) | Span::Code(text) => text.as_str(),
            })
            .collect()
    }
}

/// Where the run of exactly `run` backticks that closes a code span starts in `text`.
fn closing(text: &str, run: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'`' {
            at += 1;
            continue;
        }
        let length = bytes[at..].iter().take_while(|&&b| b == b'`').count();
        if length == run {
            return Some(at);
        }
        at += length;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_are_told_from_words() {
        let prose = Prose::from_marked("line 2 `Disallow: /a` in the `*` group");
        assert_eq!(
            prose.0,
            [
                Span::Text("line 2 ".into()),
                Span::Code("Disallow: /a".into()),
                Span::Text(" in the ".into()),
                Span::Code("*".into()),
                Span::Text(" group".into()),
            ]
        );
        assert_eq!(Prose::from_marked("`` a`b ``").0, [Span::Code("a`b".into())]);
        assert_eq!(Prose::from_marked("an ` alone").0, [Span::Text("an ` alone".into())]);
        assert_eq!(prose.plain(), "line 2 Disallow: /a in the * group");
        let quoted = Prose::quoting_rule("disallowed: line 6 `Disallow: /`x`` in the * group");
        assert_eq!(quoted.0[1], Span::Code("Disallow: /`x`".into()));
    }
}
