//! `case/<id>.html`: one case — its body with line numbers and every byte
//! that does not print made visible, each check's agent and URL, what each
//! profile expects and on what basis, and every implementation's verdict
//! with the line that decided it.

use super::html::{esc, frame, parser_file, section, status_class, status_words, verdict_letter, Depth};
use super::Site;
use rep_core::case::{clause, Case, ProfileId};
use rep_core::format::escape::{control_escape, invalid_byte_escape};
use rep_core::implementation::{DecidingLine, ImplError};
use rep_core::runner::Row;
use std::fmt::Write;

/// One character made visible: a span with a hover text, or the character
/// escaped. Control characters are written as every output of `reptest`
/// writes them ([`control_escape`]); the byte order mark and the no-break
/// space, which a page can style, are named.
fn visible(c: char) -> String {
    match c {
        '\u{FEFF}' => return "<span class=\"ctl\" title=\"byte order mark U+FEFF\">BOM</span>".to_string(),
        '\u{A0}' => return "<span class=\"ctl\" title=\"no-break space U+00A0\">NBSP</span>".to_string(),
        _ => {}
    }
    match control_escape(c) {
        Some(shown) => {
            let what = match c {
                '\t' => "tab".to_string(),
                c if c.is_control() => format!("control character U+{:04X}", u32::from(c)),
                c => format!("bidirectional control U+{:04X}", u32::from(c)),
            };
            format!("<span class=\"ctl\" title=\"{what}\">{shown}</span>")
        }
        None => esc(&c.to_string()),
    }
}

/// One line of a body as HTML, trailing blanks marked.
fn line_html(line: &[u8]) -> String {
    let mut out = String::new();
    let kept = line.len() - line.iter().rev().take_while(|&&b| b == b' ').count();
    for chunk in line[..kept].utf8_chunks() {
        for c in chunk.valid().chars() {
            out.push_str(&visible(c));
        }
        for byte in chunk.invalid() {
            let _ = write!(
                out,
                "<span class=\"bad\" title=\"byte 0x{byte:02X}: not UTF-8\">{}</span>",
                invalid_byte_escape(*byte)
            );
        }
    }
    if kept < line.len() {
        let _ = write!(
            out,
            "<span class=\"trail\" title=\"{} trailing space(s)\">{}</span>",
            line.len() - kept,
            "␠".repeat(line.len() - kept)
        );
    }
    out
}

/// The body as a numbered listing, CR and missing line ends shown.
fn body_html(body: &[u8]) -> String {
    if body.is_empty() {
        return "<p class=\"empty\">(empty body)</p>\n".to_string();
    }
    let mut out = String::from("<ol class=\"body\">");
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
        let ending = match byte {
            Some(b'\r') if body.get(at + 1) == Some(&b'\n') => {
                "<span class=\"ctl\" title=\"CR LF line end\">\\r</span>"
            }
            Some(b'\r') => "<span class=\"ctl\" title=\"CR alone ends this line\">\\r</span>",
            Some(_) => "",
            None => "<span class=\"ctl\" title=\"the body ends without a line end\">⏎̸</span>",
        };
        let _ = write!(out, "<li>{}{ending}</li>", line_html(&body[start..at]));
        at += if byte == Some(b'\r') && body.get(at + 1) == Some(&b'\n') {
            2
        } else {
            1
        };
        start = at;
    }
    out.push_str("</ol>\n");
    out
}

fn expectation(site: &Site<'_, '_, '_>, row: &Row<'_>, profile: ProfileId) -> String {
    let check = row.check();
    let expect = check.expect(profile).name();
    let basis = match profile {
        ProfileId::Google => "Google's parser, as the google/ cases document it".to_string(),
        ProfileId::Rfc => {
            let mut parts = Vec::new();
            if let Some(section) = &check.basis.clause {
                let level = check
                    .basis
                    .level
                    .map(|l| format!(" ({})", l.name()))
                    .unwrap_or_default();
                let title = clause::title(section)
                    .map(|t| format!(" {}", esc(t)))
                    .unwrap_or_default();
                parts.push(format!(
                    "<a href=\"{}\">RFC 9309 §{}</a>{title}{level}",
                    esc(&clause::link(section)),
                    esc(section)
                ));
            }
            if let Some(reading) = &check.basis.reading {
                let known = site.readings.is_some_and(|r| r.get(reading).is_some());
                parts.push(if known {
                    format!("reading <a href=\"../readings.html#{0}\">{0}</a>", esc(reading))
                } else {
                    format!("reading {}", esc(reading))
                });
            }
            if parts.is_empty() {
                "RFC 9309".to_string()
            } else {
                parts.join("; ")
            }
        }
    };
    format!("<tr><th>{}</th><td>{expect}</td><td>{basis}</td></tr>", profile.name())
}

fn deciding(row: &Row<'_>, column: usize) -> String {
    match &row.answers[column] {
        Ok(outcome) => match outcome.line {
            DecidingLine::At(line) => format!("line {line}"),
            DecidingLine::NoRule => "no rule (default)".to_string(),
            DecidingLine::NotReported => "–".to_string(),
        },
        Err(ImplError::Failed(why)) | Err(ImplError::Unsupported(why)) => esc(why),
    }
}

fn check_section(site: &Site<'_, '_, '_>, row: &Row<'_>, out: &mut String) {
    let check = row.check();
    let number = row.index + 1;
    let _ = write!(
        out,
        "<section class=\"check\" id=\"check-{number}\">\n<h2>Check {number} <small>{}</small></h2>\n\
         <p>agent{} <code>{}</code> · URL <code>{}</code></p>\n\
         <table class=\"expect\"><thead><tr><th>profile</th><th>expects</th><th>basis</th></tr></thead><tbody>{}{}</tbody></table>\n",
        esc(&row.id()),
        if check.agents.len() > 1 { "s" } else { "" },
        check.agents.iter().map(|a| esc(a)).collect::<Vec<_>>().join("</code>, <code>"),
        esc(&check.url),
        expectation(site, row, ProfileId::Rfc),
        expectation(site, row, ProfileId::Google)
    );
    out.push_str(
        "<table class=\"verdicts\"><thead><tr><th>implementation</th><th>claims</th><th>verdict</th>\
         <th>deciding line</th><th>rfc</th><th>google</th></tr></thead><tbody>\n",
    );
    for column in site.columns() {
        let name = esc(&column.entry.name);
        let name = if site.has_page(&column.entry.name) {
            format!("<a href=\"../parser/{}\">{name}</a>", parser_file(&column.entry.name))
        } else {
            name
        };
        let verdict = match verdict_letter(row, column.index) {
            'A' => "allowed",
            'D' => "disallowed",
            'E' => "error",
            _ => "n/a",
        };
        let claimed = status_class(row, column.index, column.entry.claims);
        let status = |profile| {
            let class = status_class(row, column.index, profile);
            format!("<td class=\"{class}\">{}</td>", status_words(class))
        };
        let _ = writeln!(
            out,
            "<tr class=\"verdict\"><td>{name}</td><td>{}</td><td class=\"{claimed}\">{verdict}</td><td>{}</td>{}{}</tr>",
            column.entry.claims,
            deciding(row, column.index),
            status(ProfileId::Rfc),
            status(ProfileId::Google)
        );
    }
    out.push_str("</tbody></table>\n</section>\n");
}

/// The page of `case`, whose checks are `rows`.
pub fn page(site: &Site<'_, '_, '_>, case: &Case, rows: &[&Row<'_>]) -> String {
    let section = section(case);
    let mut out = String::new();
    let _ =
        write!(
        out,
        "<p class=\"crumbs\"><a href=\"../matrix.html?section={}&amp;all=1\">{}</a> · <code>{}</code> line {}</p>\n\
         <h1>{}</h1>\n<p class=\"why\">{}</p>\n",
        esc(&super::overview::url_encode(&section)),
        esc(&section),
        esc(&format!("cases/{}.yaml", case.id.strip_suffix(&format!("/{}", case.name)).unwrap_or(&case.id))),
        case.line,
        esc(&case.id),
        super::markdown::inline(case.why.trim(), &|_| None)
    );
    if let Some(response) = &case.response {
        let _ = writeln!(
            out,
            "<p class=\"response\">Response: {}</p>",
            esc(&response.to_string())
        );
    }
    let _ = writeln!(out, "<h2>Body <small>{} bytes</small></h2>", case.body.len());
    out.push_str(&body_html(&case.body));
    for row in rows {
        check_section(site, row, &mut out);
    }
    frame(&case.id, Depth::Sub, &out, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_show_what_does_not_print() {
        let html = body_html(b"a\tb\x00\xff  \r\nc\rd");
        assert_eq!(html.matches("<li>").count(), 3);
        assert!(html.contains("\\x00") && html.contains("\\xFF") && html.contains("␠␠"));
        assert!(html.contains("CR alone") && html.contains("without a line end"));
    }

    #[test]
    fn a_bidirectional_control_cannot_reorder_a_line() {
        let html = body_html("Disallow: /a\u{202e}gpj.exe\u{2066}".as_bytes());
        assert!(!html.contains('\u{202e}') && !html.contains('\u{2066}'), "{html}");
        assert!(
            html.contains("<span class=\"ctl\" title=\"bidirectional control U+202E\">\\u{202E}</span>gpj.exe"),
            "{html}"
        );
    }
}
