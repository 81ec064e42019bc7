//! Reading a body as a stream of events — groups, agents, rules, sitemaps —
//! in the shape of Google's `RobotsParseHandler`.
//!
//! Two handlers consume it: the builder behind [`Robots::parse`](crate::Robots::parse),
//! which keeps everything, and the one-shot evaluator behind
//! [`check_once`](crate::check_once), which keeps only the best match so far.
//! Everything both need to agree on (what a line means, where a group
//! starts, which agent a user-agent line names, what is worth a diagnostic)
//! is decided here, once.

use crate::diagnostic::DiagnosticKind;
use crate::lines::{parsed_region, Lines};
use crate::parse::{parse_line, Key, LineContent, Note};
use crate::{Profile, RuleKind, Switch};

/// What a user-agent line names.
#[derive(Clone, Copy)]
pub(crate) enum Agent<'a> {
    /// The `*` group.
    Global,
    /// A product token, compared case-insensitively with the caller's agents.
    Token(&'a [u8]),
}

/// Receives the events of one body, in file order.
pub(crate) trait Handler<'a> {
    /// Whether [`note`](Handler::note) is wanted: a handler that drops
    /// diagnostics saves building them.
    const WANTS_NOTES: bool;

    /// A diagnostic.
    fn note(&mut self, line: u32, kind: DiagnosticKind);

    /// A user-agent line starts a new group (the first one, or one after a rule).
    fn group_start(&mut self);

    /// A user-agent line of the current group that names someone.
    fn agent(&mut self, line: u32, agent: Agent<'a>);

    /// An allow or disallow inside a group. `may_need_escaping` is false when
    /// the line holds neither `%` nor non-ASCII bytes, so Google's pattern
    /// escaping would leave `value` unchanged.
    fn rule(&mut self, line: u32, kind: RuleKind, value: &'a [u8], may_need_escaping: bool);

    /// A sitemap line.
    fn sitemap(&mut self, value: &'a [u8]);
}

fn is_c_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'-' || byte == b'_'
}

fn is_global(value: &[u8], profile: &Profile) -> bool {
    if profile.is_on(Switch::StarWithTrailingText) {
        value.first() == Some(&b'*') && value.get(1).map_or(true, |&b| is_c_space(b))
    } else {
        value == b"*"
    }
}

/// What a user-agent value names, and whether it was a valid product token.
fn classify_agent<'a>(value: &'a [u8], profile: &Profile) -> (Option<Agent<'a>>, bool) {
    if is_global(value, profile) {
        return (Some(Agent::Global), true);
    }
    let valid = !value.is_empty() && value.iter().all(|&b| is_token_byte(b));
    let token = if profile.is_on(Switch::ProductTokenPrefix) {
        Some(&value[..value.iter().take_while(|&&b| is_token_byte(b)).count()])
    } else {
        valid.then_some(value)
    };
    (token.map(Agent::Token), valid)
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn note_kind(note: Note<'_>) -> DiagnosticKind {
    match note {
        Note::UnknownKey(key) => DiagnosticKind::UnknownKey { key: lossy(key) },
        Note::Misspelling(key, meant) => DiagnosticKind::AcceptedMisspelling {
            key: lossy(key),
            meant: meant.name(),
        },
        Note::KeyPrefix(key, meant) => DiagnosticKind::AcceptedKeyPrefix {
            key: lossy(key),
            meant: meant.name(),
        },
        Note::MissingColon { accepted } => DiagnosticKind::MissingColon { accepted },
        Note::Unparsable => DiagnosticKind::Unparsable,
    }
}

/// Reads `body` under `profile`, telling `handler` what it finds.
pub(crate) fn read<'a, H: Handler<'a>>(body: &'a [u8], profile: &Profile, handler: &mut H) {
    let (start, end) = parsed_region(body, profile);
    if H::WANTS_NOTES && start > 0 {
        handler.note(1, DiagnosticKind::ByteOrderMark { skipped: start });
    }
    // Whether a group is open, and whether it has a rule yet: a user-agent
    // line after a rule starts a new group; consecutive ones share a group.
    let (mut in_group, mut group_has_rules) = (false, false);
    let mut last_line = 0;
    for line in Lines::new(body, start, end, profile) {
        last_line = line.number;
        if H::WANTS_NOTES {
            if let Some(cut) = &line.cut {
                handler.note(
                    line.number,
                    DiagnosticKind::LineTooLong {
                        length: cut.length,
                        kept: cut.kept,
                    },
                );
            }
            if line.has_non_ascii && std::str::from_utf8(line.text).is_err() {
                handler.note(line.number, DiagnosticKind::InvalidUtf8);
            }
            if line.first_nul.is_some() {
                handler.note(line.number, DiagnosticKind::NulByte);
            }
        }
        let (directive, note) = match parse_line(&line, profile) {
            LineContent::Blank => continue,
            LineContent::Ignored(note) => (None, Some(note)),
            LineContent::Directive(directive, note) => (Some(directive), note),
        };
        if H::WANTS_NOTES {
            if let Some(note) = note {
                handler.note(line.number, note_kind(note));
            }
        }
        let Some(directive) = directive else { continue };
        let value = directive.value;
        match directive.key {
            Key::UserAgent => {
                if !in_group || group_has_rules {
                    handler.group_start();
                    (in_group, group_has_rules) = (true, false);
                }
                let (agent, valid) = classify_agent(value, profile);
                if H::WANTS_NOTES && !valid {
                    let used = match agent {
                        Some(Agent::Token(token)) => Some(lossy(token)),
                        _ => None,
                    };
                    handler.note(
                        line.number,
                        DiagnosticKind::InvalidProductToken {
                            value: lossy(value),
                            used,
                        },
                    );
                }
                if let Some(agent) = agent {
                    handler.agent(line.number, agent);
                }
            }
            Key::Allow | Key::Disallow => {
                if !in_group {
                    if H::WANTS_NOTES {
                        handler.note(line.number, DiagnosticKind::RuleOutsideGroup);
                    }
                    continue;
                }
                group_has_rules = true;
                if H::WANTS_NOTES && !value.is_empty() && !matches!(value[0], b'/' | b'*') {
                    handler.note(
                        line.number,
                        DiagnosticKind::PatternCannotMatch { pattern: lossy(value) },
                    );
                }
                let kind = if directive.key == Key::Allow {
                    RuleKind::Allow
                } else {
                    RuleKind::Disallow
                };
                handler.rule(line.number, kind, value, line.has_non_ascii || line.has_percent);
            }
            Key::Sitemap => handler.sitemap(value),
        }
    }
    if H::WANTS_NOTES && end < body.len() {
        // The region ends either after a line end (the last "line" read is
        // the empty start of the first dropped one) or before one.
        let region_ends_a_line = end == start || matches!(body[end - 1], b'\n' | b'\r');
        let first_dropped = if region_ends_a_line { last_line } else { last_line + 1 };
        let limit = profile.size_limit().unwrap_or(end);
        handler.note(first_dropped, DiagnosticKind::PastSizeLimit { limit });
    }
}
