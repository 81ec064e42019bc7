//! Markdown to HTML for the subset the generated pages use: headings,
//! paragraphs, tables, fenced code, lists, and inline code, bold and links,
//! with the backslash escapes and entities that
//! [`escape`](rep_core::format::escape) writes for text from outside. The
//! parser pages are written as Markdown by `ParserPage`; the site shows the
//! same text through this, so the two never say different things.

use super::html::esc;
use rep_core::format::escape::Fence;
use std::fmt::Write;

/// Where a link may go: `rewrite(target)` gives the target to use, or `None`
/// to show the text without a link (a file of the repository the site does not carry).
pub type Rewrite<'a> = &'a dyn Fn(&str) -> Option<String>;

/// `markdown` as HTML.
pub fn to_html(markdown: &str, rewrite: Rewrite<'_>) -> String {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut out = String::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        if line.trim().is_empty() {
            at += 1;
        } else if let Some(fence) = Fence::opening(line) {
            let end = (at + 1..lines.len())
                .find(|&i| fence.closed_by(lines[i]))
                .unwrap_or(lines.len());
            out.push_str("<pre class=\"code\">");
            for code in &lines[at + 1..end] {
                let _ = writeln!(out, "{}", esc(code));
            }
            out.push_str("</pre>\n");
            at = end + 1;
        } else if let Some(level) = heading_level(line) {
            let text = line[level..].trim();
            let _ = writeln!(
                out,
                "<h{level} id=\"{}\">{}</h{level}>",
                slug(text),
                inline(text, rewrite)
            );
            at += 1;
        } else if line.starts_with('|') {
            let end = (at..lines.len())
                .find(|&i| !lines[i].starts_with('|'))
                .unwrap_or(lines.len());
            table(&lines[at..end], rewrite, &mut out);
            at = end;
        } else if line.starts_with("- ") {
            out.push_str("<ul>\n");
            while at < lines.len() && lines[at].starts_with("- ") {
                let _ = writeln!(out, "<li>{}</li>", inline(&lines[at][2..], rewrite));
                at += 1;
            }
            out.push_str("</ul>\n");
        } else {
            let end = (at..lines.len())
                .find(|&i| {
                    let l = lines[i];
                    l.trim().is_empty()
                        || l.starts_with('|')
                        || Fence::opening(l).is_some()
                        || heading_level(l).is_some()
                })
                .unwrap_or(lines.len());
            let text: Vec<&str> = lines[at..end].iter().map(|l| l.trim()).collect();
            let _ = writeln!(out, "<p>{}</p>", inline(&text.join(" "), rewrite));
            at = end;
        }
    }
    out
}

fn heading_level(line: &str) -> Option<usize> {
    let level = line.chars().take_while(|&c| c == '#').count();
    ((1..=6).contains(&level) && line[level..].starts_with(' ')).then_some(level)
}

/// An anchor id for a heading.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.to_lowercase().chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// A table's cells: split at `|` not escaped by a backslash.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().expect("one cell").push('|');
                chars.next();
            }
            '|' => cells.push(String::new()),
            _ => cells.last_mut().expect("one cell").push(c),
        }
    }
    cells.into_iter().map(|cell| cell.trim().to_string()).collect()
}

fn table(lines: &[&str], rewrite: Rewrite<'_>, out: &mut String) {
    let aligns: Vec<&str> = lines
        .get(1)
        .map(|l| {
            cells(l)
                .iter()
                .map(|c| {
                    if c.ends_with(':') && !c.starts_with(':') {
                        "num"
                    } else {
                        ""
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    out.push_str("<div class=\"wide\"><table class=\"md\"><thead><tr>");
    for cell in cells(lines[0]) {
        let _ = write!(out, "<th>{}</th>", inline(&cell, rewrite));
    }
    out.push_str("</tr></thead><tbody>\n");
    for line in lines.iter().skip(2) {
        out.push_str("<tr>");
        for (index, cell) in cells(line).iter().enumerate() {
            let class = aligns.get(index).copied().unwrap_or("");
            let _ = write!(out, "<td class=\"{class}\">{}</td>", inline(cell, rewrite));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div>\n");
}

/// Inline Markdown: `code`, **bold**, [text](target), a backslash before
/// punctuation and the entities `&amp;`, `&lt;`, `&gt;` for the character
/// itself.
pub fn inline(text: &str, rewrite: Rewrite<'_>) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if rest.starts_with('`') {
            match code_span(rest) {
                Some((code, used)) => {
                    let _ = write!(out, "<code>{}</code>", esc(code));
                    rest = &rest[used..];
                }
                None => {
                    // A run never closed is text, all of it.
                    let run = rest.len() - rest.trim_start_matches('`').len();
                    out.push_str(&rest[..run]);
                    rest = &rest[run..];
                }
            }
            continue;
        }
        if let Some(escaped) = rest
            .strip_prefix('\\')
            .and_then(|after| after.chars().next())
            .filter(char::is_ascii_punctuation)
        {
            out.push_str(&esc(&escaped.to_string()));
            rest = &rest[2..];
            continue;
        }
        if let Some((entity, c)) = ENTITIES.iter().find(|(entity, _)| rest.starts_with(entity)) {
            out.push_str(&esc(&c.to_string()));
            rest = &rest[entity.len()..];
            continue;
        }
        if let Some(after) = rest.strip_prefix("**") {
            if let Some(end) = after.find("**") {
                let _ = write!(out, "<b>{}</b>", inline(&after[..end], rewrite));
                rest = &after[end + 2..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix('[') {
            if let Some((label, target, used)) = link(after) {
                match rewrite(target) {
                    Some(href) => {
                        let _ = write!(out, "<a href=\"{}\">{}</a>", esc(&href), inline(label, rewrite));
                    }
                    None => out.push_str(&inline(label, rewrite)),
                }
                rest = &after[used..];
                continue;
            }
        }
        let first = rest.chars().next().map_or(1, char::len_utf8);
        let next = rest[first..]
            .find(['`', '*', '[', '\\', '&'])
            .map_or(rest.len(), |at| at + first);
        out.push_str(&esc(&rest[..next]));
        rest = &rest[next..];
    }
    out
}

/// The entities text from outside is written with, and their characters.
const ENTITIES: [(&str, char); 3] = [("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>')];

/// A code span at the start of `text`: a run of backticks, then everything
/// up to the next run of exactly as many, one space taken off each end when
/// both ends have one. The code and the bytes used; `None` when the run is
/// never closed (it is text then).
fn code_span(text: &str) -> Option<(&str, usize)> {
    let opening = text.len() - text.trim_start_matches('`').len();
    if opening == 0 {
        return None;
    }
    let mut at = opening;
    while at < text.len() {
        let run = text[at..].len() - text[at..].trim_start_matches('`').len();
        if run == opening {
            let code = &text[opening..at];
            let stripped = code
                .strip_prefix(' ')
                .and_then(|code| code.strip_suffix(' '))
                .filter(|_| code.trim() != "");
            return Some((stripped.unwrap_or(code), at + run));
        }
        at += run.max(text[at..].chars().next().map_or(1, char::len_utf8));
    }
    None
}

/// `label](target)` at the start of `text`: the label, the target and the
/// bytes used. The label ends at the first `]` that is neither escaped nor
/// inside a code span.
fn link(text: &str) -> Option<(&str, &str, usize)> {
    let mut at = 0;
    let close = loop {
        let rest = &text[at..];
        let c = rest.chars().next()?;
        if rest.starts_with("](") {
            break at;
        } else if c == '\\' {
            at += 1 + rest[1..].chars().next().map_or(0, char::len_utf8);
        } else if let Some((_, used)) = code_span(rest) {
            at += used;
        } else {
            at += c.len_utf8();
        }
    };
    let end = text[close + 2..].find(')')? + close + 2;
    Some((&text[..close], &text[close + 2..end], end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_subset() {
        let keep = |target: &str| (!target.ends_with(".md")).then(|| target.to_string());
        let html = to_html(
            "# A b\n\ntext `x<y` **bold** [l](https://e/) [m](p.md)\n\n| a | b |\n|---|--:|\n| 1 \\| 2 | 3 |\n\n```text\n<z>\n```\n- i\n",
            &keep,
        );
        assert!(html.contains("<h1 id=\"a-b\">A b</h1>"));
        assert!(html.contains("<code>x&lt;y</code> <b>bold</b> <a href=\"https://e/\">l</a> m</p>"));
        assert!(html.contains("<td class=\"\">1 | 2</td><td class=\"num\">3</td>"));
        assert!(html.contains("<pre class=\"code\">&lt;z&gt;\n</pre>"));
        assert!(html.contains("<li>i</li>"));
    }

    #[test]
    fn text_from_outside_shows_as_itself() {
        use rep_core::format::escape::{cell_code_span, code_span, fenced, text};
        let keep = |target: &str| Some(target.to_string());
        let hostile = "a <b>&amp; *c* **d** _e_ [l](https://evil.example/) \\ | `x` ``y";
        let markdown = format!(
            "{}\n\n{}\n\n| h |\n|---|\n| {} |\n\n{}",
            text(hostile),
            code_span(hostile),
            cell_code_span(hostile),
            fenced("text", "```\n<img>\n[l](https://evil.example/)\n")
        );
        let shown = "a &lt;b&gt;&amp;amp; *c* **d** _e_ [l](https://evil.example/) \\ | `x` ``y";
        assert_eq!(
            to_html(&markdown, &keep),
            format!(
                "<p>{shown}</p>\n<p><code>{shown}</code></p>\n\
                 <div class=\"wide\"><table class=\"md\"><thead><tr><th>h</th></tr></thead><tbody>\n\
                 <tr><td class=\"\"><code>{shown}</code></td></tr>\n</tbody></table></div>\n\
                 <pre class=\"code\">```\n&lt;img&gt;\n[l](https://evil.example/)\n</pre>\n"
            )
        );
    }

    #[test]
    fn a_link_label_ends_at_its_own_bracket() {
        let keep = |target: &str| Some(target.to_string());
        let label = rep_core::format::escape::text("x](https://evil.example/) `](y)`");
        let html = to_html(&format!("[{label}](../cases/x.yaml#L1)\n"), &keep);
        assert_eq!(
            html,
            "<p><a href=\"../cases/x.yaml#L1\">x](https://evil.example/) `](y)`</a></p>\n"
        );
    }
}
