//! `case/<id>.html`: one case — its body with line numbers and every byte
//! that does not print made visible, each check's agent and URL, what each
//! profile expects and on what basis, and every implementation's verdict
//! with the line that decided it.

use maud::{html, Markup};

use super::frame::{frame, parser_file, prose, shown, url_encode, Depth};
use crate::model::suite::{Case, Check, Deciding, Verdict};
use crate::model::{Profile, Report};
use rep_core::format::escape::{control_escape, invalid_byte_escape};

/// One character made visible: a span with a hover text, or the character.
/// Control characters are written as every output of `reptest` writes them
/// ([`control_escape`]); the byte order mark and the no-break space, which a
/// page can style, are named.
fn visible(c: char) -> Markup {
    match c {
        '\u{FEFF}' => return html! { span.ctl title="byte order mark U+FEFF" { "BOM" } },
        '\u{A0}' => return html! { span.ctl title="no-break space U+00A0" { "NBSP" } },
        _ => {}
    }
    match control_escape(c) {
        Some(escaped) => {
            let what = match c {
                '\t' => "tab".to_string(),
                c if c.is_control() => format!("control character U+{:04X}", u32::from(c)),
                c => format!("bidirectional control U+{:04X}", u32::from(c)),
            };
            html! { span.ctl title=(what) { (escaped) } }
        }
        None => html! { (c) },
    }
}

/// One line of a body, trailing blanks marked.
fn line_html(line: &[u8]) -> Markup {
    let kept = line.len() - line.iter().rev().take_while(|&&b| b == b' ').count();
    let trailing = line.len() - kept;
    html! {
        @for chunk in line[..kept].utf8_chunks() {
            @for c in chunk.valid().chars() { (visible(c)) }
            @for byte in chunk.invalid() {
                span.bad title=(format!("byte 0x{byte:02X}: not UTF-8")) { (invalid_byte_escape(*byte)) }
            }
        }
        @if trailing > 0 {
            span.trail title=(format!("{trailing} trailing space(s)")) { ("␠".repeat(trailing)) }
        }
    }
}

/// The body as a numbered listing, CR and a missing last line end shown.
pub(super) fn body_html(body: &[u8]) -> Markup {
    if body.is_empty() {
        return html! { p.empty { "(empty body)" } };
    }
    let mut lines: Vec<(&[u8], Markup)> = Vec::new();
    let (mut start, mut at) = (0, 0);
    while at <= body.len() {
        let end = at == body.len();
        let byte = body.get(at).copied();
        if !end && byte != Some(b'\n') && byte != Some(b'\r') {
            at += 1;
            continue;
        }
        if end && start == at {
            break;
        }
        let crlf = byte == Some(b'\r') && body.get(at + 1) == Some(&b'\n');
        let ending = match byte {
            Some(b'\r') if crlf => html! { span.ctl title="CR LF line end" { "\\r" } },
            Some(b'\r') => html! { span.ctl title="CR alone ends this line" { "\\r" } },
            Some(_) => html! {},
            None => html! { span.ctl title="the body ends without a line end" { "⏎̸" } },
        };
        lines.push((&body[start..at], ending));
        at += if crlf { 2 } else { 1 };
        start = at;
    }
    html! { ol.body { @for (line, ending) in &lines { li { (line_html(line)) (ending) } } } }
}

fn expectation(report: &Report, check: &Check, profile: Profile) -> Markup {
    html! {
        tr {
            th { (profile.name()) }
            td { (check.expect(profile).name()) }
            td {
                @match profile {
                    Profile::Google => "Google's parser, as the google/ cases document it",
                    Profile::Rfc => {
                        @if let Some(clause) = &check.basis.clause {
                            a href=(clause.link) { "RFC 9309 §" (clause.section) }
                            @if let Some(title) = &clause.title { " " (title) }
                            @if let Some(level) = &check.basis.level { " (" (level) ")" }
                        }
                        @if let Some(reading) = &check.basis.reading {
                            @if check.basis.clause.is_some() { "; " }
                            "reading "
                            @if report.readings.as_ref().is_some_and(|r| r.readings.iter().any(|x| &x.id == reading)) {
                                a href={ "../readings.html#" (reading) } { (reading) }
                            } @else { (reading) }
                        }
                        @if check.basis.clause.is_none() && check.basis.reading.is_none() { "RFC 9309" }
                    }
                }
            }
        }
    }
}

fn check_section(report: &Report, check: &Check) -> Markup {
    html! {
        section.check id={ "check-" (check.number) } {
            h2 { "Check " (check.number) " " small { (shown(&check.id)) } }
            p {
                "agent" @if check.agents.len() > 1 { "s" } " "
                @for (index, agent) in check.agents.iter().enumerate() {
                    @if index > 0 { ", " }
                    code { (shown(agent)) }
                }
                " · URL " code { (shown(&check.url)) }
            }
            table.expect {
                thead { tr { th { "profile" } th { "expects" } th { "basis" } } }
                tbody { (expectation(report, check, Profile::Rfc)) (expectation(report, check, Profile::Google)) }
            }
            table.verdicts {
                thead { tr { th { "implementation" } th { "states" } th { "verdict" } th { "deciding line" }
                    th { "rfc" } th { "google" } } }
                tbody {
                    @for (implementation, answer) in report.suite.ran().into_iter().zip(&check.answers) {
                        tr.verdict {
                            td { @if implementation.page {
                                a href={ "../parser/" (parser_file(&implementation.name)) } { (shown(&implementation.name)) }
                            } @else { (shown(&implementation.name)) } }
                            td { (implementation.stated.label()) }
                            td class=(answer.status(implementation.judged_by).class()) { (answer.verdict.word()) }
                            td {
                                @match (&answer.line, &answer.why) {
                                    (Some(Deciding::Line(line)), _) => { "line " (line) }
                                    (Some(Deciding::NoRule), _) => "no rule (default)",
                                    (None, Some(why)) if answer.verdict != Verdict::Allowed && answer.verdict != Verdict::Disallowed => (shown(why)),
                                    _ => "–",
                                }
                            }
                            td class=(answer.rfc.class()) { (answer.rfc.words()) }
                            td class=(answer.google.class()) { (answer.google.words()) }
                        }
                    }
                }
            }
        }
    }
}

/// The page of `case`.
pub(super) fn page(report: &Report, case: &Case) -> String {
    let body = case.body.bytes();
    let markup = html! {
        p.crumbs {
            a href={ "../matrix.html?section=" (url_encode(&case.section)) "&all=1" } { (case.section) }
            " · " code { (case.file) } " line " (case.line)
        }
        h1 { (shown(&case.id)) }
        p.why { (prose(&case.why)) }
        @if let Some(response) = &case.response { p.response { "Response: " (shown(response)) } }
        h2 { "Body " small { (case.bytes) " bytes" } }
        @if body.len() < case.bytes {
            p.cut { "The first " (body.len()) " bytes, up to a line end; the whole body is in " code { (case.file) } "." }
        }
        (body_html(&body))
        @for check in &case.checks { (check_section(report, check)) }
    };
    frame(report, &case.id, Depth::Sub, markup, "")
}

/// The escaped text of `markup`, for tests.
#[cfg(test)]
fn text_of(markup: Markup) -> String {
    markup.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_show_what_does_not_print() {
        let html = text_of(body_html(b"a\tb\x00\xff  \r\nc\rd"));
        assert_eq!(html.matches("<li>").count(), 3);
        assert!(html.contains("\\x00") && html.contains("\\xFF") && html.contains("␠␠"));
        assert!(html.contains("CR alone") && html.contains("without a line end"));
    }

    #[test]
    fn a_bidirectional_control_cannot_reorder_a_line() {
        let html = text_of(body_html("Disallow: /a\u{202e}gpj.exe\u{2066}".as_bytes()));
        assert!(!html.contains('\u{202e}') && !html.contains('\u{2066}'), "{html}");
        assert!(
            html.contains("<span class=\"ctl\" title=\"bidirectional control U+202E\">\\u{202E}</span>gpj.exe"),
            "{html}"
        );
    }
}
