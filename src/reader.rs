//! Reading a body as a stream of events — groups, agents, rules, sitemaps —
//! in the shape of Google's `RobotsParseHandler`.
//!
//! Three handlers consume it: the builder behind [`Robots::parse`](crate::Robots::parse),
//! which keeps every group, rule and sitemap; the one-shot evaluator behind
//! [`check_once`](crate::check_once), which keeps only the best match so
//! far; and [`diagnose`](crate::diagnose), which keeps only the diagnostics.
//! Everything they need to agree on (what a line means, where a group
//! starts, which agent a user-agent line names, what is worth a diagnostic)
//! is decided here, once.
//!
//! The helpers the read loop calls for every line (`Lines::pass`,
//! `line_length` and `skip`, `LineEnds::find`, `leading_blanks`,
//! `common_directive`, `value_head`, the one-shot's `declines_rule`) are
//! `#[inline(always)]`: `read` is one large generic function, and whether
//! LLVM inlined them there flipped with unrelated edits, costing the
//! one-shot up to 6% more instructions when it did not.

use crate::diagnostic::Noticed;
use crate::lines::{parsed_region, Line, Lines};
use crate::parse::{common_directive, leading_blanks, parse_line, trim, Directive, Key, LineContent, Note};
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

    /// Whether [`sitemap`](Handler::sitemap) is wanted: a handler that
    /// wants neither notes nor sitemaps is spared reading sitemap lines.
    const WANTS_SITEMAPS: bool;

    /// A diagnostic: told only to handlers that want notes.
    fn note(&mut self, _line: u32, _noticed: Noticed<'a>) {}

    /// Whether the rules of the current group are wanted. A handler that
    /// wants no notes is not shown the rules it does not want (beyond the
    /// first of a group, which the reader needs to see where groups end).
    fn wants_rules(&self) -> bool;

    /// A user-agent line starts a new group (the first one, or one after a rule).
    fn group_start(&mut self);

    /// A user-agent line of the current group that names someone.
    fn agent(&mut self, line: u32, agent: Agent<'a>);

    /// Whether an allow or disallow inside a group, whose value starts with
    /// `head`, can be passed over unread: asked only of handlers that want
    /// no notes, before the rest of the line is scanned. `head` runs from
    /// the value's first byte to the end of the region (never past the
    /// line's kept part, but possibly past the line's end): the handler
    /// stops at the first byte it cannot judge. A declined rule still
    /// counts as a rule of its group.
    fn declines_rule(&mut self, _kind: RuleKind, _head: &[u8]) -> bool {
        false
    }

    /// An allow or disallow inside a group. `may_need_escaping` is false when
    /// the line holds neither `%` nor non-ASCII bytes, so Google's pattern
    /// escaping would leave `value` unchanged.
    fn rule(&mut self, line: u32, kind: RuleKind, value: &'a [u8], may_need_escaping: bool);

    /// A sitemap line: told only to handlers that want sitemaps or notes.
    fn sitemap(&mut self, _value: &'a [u8]) {}
}

fn is_c_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

fn is_token_byte(byte: u8) -> bool {
    TOKEN_BYTES[usize::from(byte)]
}

/// Which bytes may make up a product token: letters, `-` and `_`. A table,
/// since every user-agent line walks its token byte by byte.
const TOKEN_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u8).is_ascii_alphabetic() || byte == b'-' as usize || byte == b'_' as usize;
        byte += 1;
    }
    table
};

fn is_global(value: &[u8], profile: &Profile) -> bool {
    if profile.is_on(Switch::StarWithTrailingText) {
        value.first() == Some(&b'*') && value.get(1).map_or(true, |&b| is_c_space(b))
    } else {
        value == b"*"
    }
}

/// Whether a user-agent line names what its value's first bytes say: the
/// product token is the value's leading run of token bytes, whatever
/// follows it, and `*` names everyone when text does not go on after it.
fn agents_are_token_prefixes(profile: &Profile) -> bool {
    profile.is_on(Switch::ProductTokenPrefix) && profile.is_on(Switch::StarWithTrailingText)
}

/// What a user-agent line names (under [`agents_are_token_prefixes`]),
/// read from the first bytes of its value: `after_colon` is the rest of the
/// line after its colon, without its line end. What [`classify_agent`]
/// gives for the trimmed value, without finding where the value's text
/// ends, since neither `#` nor NUL nor a blank is a token byte and each of
/// them ends the text or follows a `*` that names everyone.
fn agent_ahead<'a>(after_colon: &'a [u8], profile: &Profile) -> Agent<'a> {
    let value = &after_colon[leading_blanks(after_colon, profile)..];
    match value {
        [b'*'] => Agent::Global,
        [b'*', next, ..]
            if is_c_space(*next) || *next == b'#' || (*next == 0 && profile.is_on(Switch::NulEndsText)) =>
        {
            Agent::Global
        }
        _ => Agent::Token(&value[..value.iter().take_while(|&&b| is_token_byte(b)).count()]),
    }
}

/// What a user-agent line does to the group structure: it starts a new
/// group unless it follows another user-agent line. Returns whether it did.
fn group_starts(groups: &mut GroupState) -> bool {
    let starts = !groups.in_group || groups.group_has_rules;
    if starts {
        *groups = GroupState {
            in_group: true,
            group_has_rules: false,
        };
    }
    starts
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

fn noticed(note: Note<'_>) -> Noticed<'_> {
    match note {
        Note::UnknownKey(key) => Noticed::UnknownKey(key),
        Note::Misspelling(key, meant) => Noticed::AcceptedMisspelling(key, meant.name()),
        Note::KeyPrefix(key, meant) => Noticed::AcceptedKeyPrefix(key, meant.name()),
        Note::MissingColon { accepted } => Noticed::MissingColon { accepted },
        Note::Unparsable => Noticed::Unparsable,
    }
}

/// Where the reader is in the group structure: a user-agent line after a
/// rule starts a new group; consecutive ones share a group.
#[derive(Default)]
struct GroupState {
    in_group: bool,
    group_has_rules: bool,
}

impl GroupState {
    /// Whether a line whose text starts with `first` can matter to a handler
    /// that wants no notes: a user-agent line always can; an allow or
    /// disallow only inside a group, and, once the group has a rule, only if
    /// the handler wants the group's rules; a sitemap only if the handler
    /// wants sitemaps. Every key (with Google's prefixes and misspellings)
    /// starts with its own first letter, so any other line is blank, a
    /// comment or a directive nobody acts on.
    fn may_matter<'a, H: Handler<'a>>(&self, first: Option<&u8>, handler: &H) -> bool {
        match first.map(|byte| byte | 0x20) {
            Some(b'u') => true,
            Some(b'a' | b'd') => self.in_group && (!self.group_has_rules || handler.wants_rules()),
            Some(b's') => H::WANTS_SITEMAPS,
            _ => false,
        }
    }
}

/// Reads `body` under `profile`, telling `handler` what it finds.
pub(crate) fn read<'a, H: Handler<'a>>(body: &'a [u8], profile: &Profile, handler: &mut H) {
    let (start, end) = parsed_region(body, profile);
    if H::WANTS_NOTES && start > 0 {
        handler.note(1, Noticed::ByteOrderMark { skipped: start });
    }
    let mut groups = GroupState::default();
    let mut lines = Lines::new(body, start, end, profile);
    while let Some(upcoming) = lines.upcoming() {
        let indent = match upcoming.first() {
            None | Some(b'\n' | b'\r') => {
                // Empty (most blank lines are): nothing to read or to note.
                lines.pass(0);
                continue;
            }
            Some(&first) if first > b' ' => 0,
            Some(_) => {
                let indent = leading_blanks(upcoming, profile);
                if matches!(upcoming.get(indent), None | Some(b'\n' | b'\r')) && indent <= lines.max_len() {
                    // Blank (at most whitespace, none of it cut): nothing
                    // to read or to note.
                    lines.pass(indent);
                    continue;
                }
                indent
            }
        };
        let text = &upcoming[indent..];
        if !H::WANTS_NOTES && !groups.may_matter(text.first(), handler) {
            lines.skip();
            continue;
        }
        let (line, content) = match common_directive(text, profile) {
            Some((key @ (Key::Allow | Key::Disallow), after_colon))
                if !H::WANTS_NOTES
                    && groups.in_group
                    && value_head(upcoming, indent + after_colon, &lines, profile)
                        .is_some_and(|head| handler.declines_rule(rule_kind(key), head)) =>
            {
                groups.group_has_rules = true;
                lines.skip();
                continue;
            }
            Some((key, after_colon)) => {
                if key == Key::UserAgent && !H::WANTS_NOTES && agents_are_token_prefixes(profile) {
                    let length = lines.line_length();
                    // A line that is cut goes to the general parse, which knows cuts.
                    let value = upcoming
                        .get(indent + after_colon..length)
                        .filter(|_| length <= lines.max_len());
                    if let Some(value) = value {
                        let agent = agent_ahead(value, profile);
                        lines.pass(length);
                        if group_starts(&mut groups) {
                            handler.group_start();
                        }
                        handler.agent(lines.number(), agent);
                        continue;
                    }
                }
                let line = lines.next_after(indent + after_colon);
                let content = common_content(&line, key, indent + after_colon, profile);
                (line, content)
            }
            None => {
                let line = lines.next_after(0);
                let content = parse_line(&line, profile);
                (line, content)
            }
        };
        if H::WANTS_NOTES {
            note_line(&line, handler);
        }
        let (directive, note) = match content {
            LineContent::Blank => continue,
            LineContent::Ignored(note) => (None, Some(note)),
            LineContent::Directive(directive, note) => (Some(directive), note),
        };
        if H::WANTS_NOTES {
            if let Some(note) = note {
                handler.note(line.number, noticed(note));
            }
        }
        if let Some(directive) = directive {
            dispatch(&line, directive, profile, &mut groups, handler);
        }
    }
    if H::WANTS_NOTES && end < body.len() {
        // The region ends either after a line end (the last "line" read is
        // the empty start of the first dropped one) or before one.
        let region_ends_a_line = end == start || matches!(body[..end].last(), Some(b'\n' | b'\r'));
        let last_line = lines.number();
        let first_dropped = if region_ends_a_line {
            last_line
        } else {
            last_line.saturating_add(1)
        };
        let limit = profile.size_limit().unwrap_or(end);
        handler.note(first_dropped, Noticed::PastSizeLimit { limit });
    }
}

fn rule_kind(key: Key) -> RuleKind {
    if key == Key::Allow {
        RuleKind::Allow
    } else {
        RuleKind::Disallow
    }
}

/// A rule's value from its first byte (after the blanks that follow the
/// colon at `after_colon`) to the end of the line's kept part or of the
/// region, whichever comes first: see [`Handler::declines_rule`]. `None`
/// when the colon itself is not kept (blanks before it crossed the
/// line-length cut): the line may be no rule at all, and the general parse
/// decides.
#[inline(always)]
fn value_head<'a>(upcoming: &'a [u8], after_colon: usize, lines: &Lines<'_>, profile: &Profile) -> Option<&'a [u8]> {
    let kept = upcoming.get(..lines.max_len()).unwrap_or(upcoming);
    let value = kept.get(after_colon..)?;
    Some(&value[leading_blanks(value, profile)..])
}

/// What a line that [`common_directive`] recognised says, its value
/// starting at `value_start`: what [`parse_line`] would find, without
/// searching for the key again.
fn common_content<'a>(line: &Line<'a>, key: Key, value_start: usize, profile: &Profile) -> LineContent<'a> {
    if line.cut.is_some() {
        // A cut line may have lost its colon: the general parse decides.
        return parse_line(line, profile);
    }
    let value = trim(line.text_between(value_start, profile), profile);
    LineContent::Directive(Directive { key, value }, None)
}

/// The diagnostics about a line's bytes, whatever it says.
fn note_line<'a, H: Handler<'a>>(line: &Line<'_>, handler: &mut H) {
    if let Some(cut) = &line.cut {
        handler.note(
            line.number,
            Noticed::LineTooLong {
                length: cut.length,
                kept: cut.kept,
            },
        );
    }
    if line.has_non_ascii && std::str::from_utf8(line.text).is_err() {
        handler.note(line.number, Noticed::InvalidUtf8);
    }
    if line.first_nul.is_some() {
        handler.note(line.number, Noticed::NulByte);
    }
}

/// Tells `handler` what a directive means for the group structure.
fn dispatch<'a, H: Handler<'a>>(
    line: &Line<'a>,
    directive: Directive<'a>,
    profile: &Profile,
    groups: &mut GroupState,
    handler: &mut H,
) {
    let value = directive.value;
    match directive.key {
        Key::UserAgent => {
            if group_starts(groups) {
                handler.group_start();
            }
            let (agent, valid) = classify_agent(value, profile);
            if H::WANTS_NOTES && !valid {
                let used = match agent {
                    Some(Agent::Token(token)) => Some(token),
                    _ => None,
                };
                handler.note(line.number, Noticed::InvalidProductToken { value, used });
            }
            if let Some(agent) = agent {
                handler.agent(line.number, agent);
            }
        }
        Key::Allow | Key::Disallow => {
            if !groups.in_group {
                if H::WANTS_NOTES {
                    handler.note(line.number, Noticed::RuleOutsideGroup);
                }
                return;
            }
            groups.group_has_rules = true;
            if H::WANTS_NOTES && !matches!(value.first(), None | Some(b'/' | b'*')) {
                handler.note(line.number, Noticed::PatternCannotMatch(value));
            }
            handler.rule(
                line.number,
                rule_kind(directive.key),
                value,
                line.has_non_ascii || line.has_percent,
            );
        }
        Key::Sitemap => handler.sitemap(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key and value a line yields, or `None` for no directive.
    fn directive(content: LineContent<'_>) -> Option<(Key, Vec<u8>)> {
        match content {
            LineContent::Directive(directive, _) => Some((directive.key, directive.value.to_vec())),
            LineContent::Blank | LineContent::Ignored(_) => None,
        }
    }

    #[test]
    fn common_directives_read_as_the_general_parse_reads_them() {
        let lines: &[&[u8]] = &[
            b"Disallow: /a",
            b"disallow:/a # note",
            b"DISALLOW \t : /a \t",
            b"\x0bAllow:\x0c/a\x0c",
            b"allow:",
            b"Allow: /a\0b",
            b"User-agent: FooBot/1.0",
            b"user-AGENT:*",
            b"Disallowed: /a",
            b"Allowance: /a",
            b"User-agents: x",
            b"Disallow /a",
            b"Disallow# : /a",
            b"Allow: /caf\xC3\xA9%2f",
        ];
        for profile in [Profile::GOOGLE, Profile::RFC9309] {
            for &text in lines {
                let indent = leading_blanks(text, &profile);
                let general = directive(parse_line(
                    &Lines::new(text, 0, text.len(), &profile).next_after(0),
                    &profile,
                ));
                let fast = common_directive(&text[indent..], &profile).map(|(key, after_colon)| {
                    let line = Lines::new(text, 0, text.len(), &profile).next_after(indent + after_colon);
                    directive(common_content(&line, key, indent + after_colon, &profile))
                });
                if let Some(fast) = fast {
                    assert_eq!(fast, general, "{:?} under {profile:?}", String::from_utf8_lossy(text));
                }
            }
        }
    }

    #[test]
    fn an_agent_read_ahead_is_the_agent_the_general_parse_names() {
        let named = |agent: Agent<'_>| match agent {
            Agent::Global => None,
            Agent::Token(token) => Some(token.to_vec()),
        };
        let lines: &[&[u8]] = &[
            b"User-agent: FooBot",
            b"User-agent: FooBot/1.0 (+http://x)",
            b"user-agent:\tfoo_bar-baz  ",
            b"User-agent: *",
            b"User-agent:*",
            b"User-agent: * # all",
            b"User-agent: *#all",
            b"User-agent: *\0x",
            b"User-agent: *\x0bx",
            b"User-agent: *x",
            b"User-agent: **",
            b"User-agent: \x0c*",
            b"User-agent: ",
            b"User-agent:",
            b"User-agent: # nobody",
            b"User-agent: \0FooBot",
            b"User-agent: Foo\0Bot",
            b"User-agent: Foo#Bot",
            b"User-agent: caf\xC3\xA9",
            b"User-agent: 123",
        ];
        let profile = Profile::GOOGLE;
        assert!(agents_are_token_prefixes(&profile));
        for &text in lines {
            let general = match parse_line(&Lines::new(text, 0, text.len(), &profile).next_after(0), &profile) {
                LineContent::Directive(directive, _) => classify_agent(directive.value, &profile).0.map(named),
                _ => None,
            };
            let (_, after_colon) = common_directive(text, &profile).expect("a user-agent line");
            let ahead = named(agent_ahead(&text[after_colon..], &profile));
            assert_eq!(Some(ahead), general, "{:?}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn common_directive_recognises_only_exact_keys_before_a_colon() {
        let recognised = |text: &[u8]| common_directive(text, &Profile::GOOGLE).map(|(key, _)| key);
        assert_eq!(recognised(b"Disallow: /a"), Some(Key::Disallow));
        assert_eq!(recognised(b"aLLow : /a"), Some(Key::Allow));
        assert_eq!(recognised(b"User-Agent:x"), Some(Key::UserAgent));
        assert_eq!(recognised(b"Disallowed: /a"), None);
        assert_eq!(recognised(b"Disallow /a"), None);
        assert_eq!(recognised(b"User-agen: x"), None);
        assert_eq!(recognised(b"Sitemap: /a"), None);
    }
}
