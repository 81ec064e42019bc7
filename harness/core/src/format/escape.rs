//! Text that came from outside (robots.txt bodies, agents, URLs, file names,
//! what adapters say) made safe for the place it is shown, one function per
//! place:
//!
//! | where | function |
//! |---|---|
//! | a terminal or a plain-text report | [`visible`], [`visible_bytes`] |
//! | Markdown: a table cell, a list item, a sentence | [`text`] |
//! | Markdown: inline code in a sentence or a list item | [`code_span`] |
//! | Markdown: inline code in a table cell | [`cell_code_span`] |
//! | Markdown: a block of lines (bodies, programs) | [`fenced`] |
//! | Markdown: a path in a link's target | [`link_path`] |
//! | JSON meant for a terminal as well as a program | [`json_controls_escaped`] |
//! | the project's own Markdown, on one table-cell line | [`authored_cell`] |
//!
//! Every output shows a character that does not print the same way, the way
//! the site's body view does ([`control_escape`]): a tab as `\t`, a line feed
//! and a carriage return as `\n` and `\r`, any other control character (C0,
//! DEL, C1) as `\xNN`, a bidirectional control as `\u{NNNN}`, and a byte
//! that is not UTF-8 as `\xNN`. So a rule, an agent or an error message can
//! neither move the cursor, nor clear a line, nor start a line of its own,
//! nor reorder what is shown around it, nor become markup.

use std::borrow::Cow;
use std::fmt::Write;

/// How `c` is shown when it does not print as itself: `\t`, `\n`, `\r` by
/// name, any other control character (C0, DEL, C1) as `\xNN`, and a
/// bidirectional control (which reorders the text shown around it, so a
/// URL could read as another) as `\u{NNNN}`; `None` for a character that
/// prints as itself. The site's body view and every text output use this
/// one convention.
pub fn control_escape(c: char) -> Option<String> {
    match c {
        '\t' => Some("\\t".to_string()),
        '\n' => Some("\\n".to_string()),
        '\r' => Some("\\r".to_string()),
        c if c.is_control() => Some(format!("\\x{:02X}", u32::from(c))),
        c if is_bidi_control(c) => Some(format!("\\u{{{:04X}}}", u32::from(c))),
        _ => None,
    }
}

/// Whether `c` is one of Unicode's bidirectional controls: the marks, the
/// embeddings and overrides, the isolates.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// How a byte that is not UTF-8 is shown: `\xNN`.
pub fn invalid_byte_escape(byte: u8) -> String {
    format!("\\x{byte:02X}")
}

/// `text` for a terminal or a plain-text report: every character that does
/// not print shown as its escape ([`control_escape`]), so nothing in it acts
/// on the terminal or starts a line. Borrowed when there is nothing to show.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| control_escape(c).is_some()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    push_visible(&mut out, text);
    Cow::Owned(out)
}

/// `bytes` as [`visible`] shows text, with every byte that is not UTF-8
/// shown as `\xNN`.
pub fn visible_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        push_visible(&mut out, chunk.valid());
        for &byte in chunk.invalid() {
            out.push_str(&invalid_byte_escape(byte));
        }
    }
    out
}

fn push_visible(out: &mut String, text: &str) {
    for c in text.chars() {
        match control_escape(c) {
            Some(shown) => out.push_str(&shown),
            None => out.push(c),
        }
    }
}

/// `text` as Markdown that shows exactly these characters wherever inline
/// text goes — a table cell, a list item, a heading, a sentence: nothing in
/// it is markup. Control characters are shown as escapes (a line break
/// cannot end the cell or start a block); `<`, `>` and `&` become entities
/// (no HTML, no autolink, no entity of the text's own); every other
/// character Markdown may act on inline (`\` `` ` `` `[` `]` `|` `~` `$`, and
/// `*` `_` unless alone between blanks or, for `_`, inside a word) is
/// backslash-escaped; so is a first character that could start a block
/// (`#`, `+`, `-`, `=`, or the `.` / `)` of a number). Ordinary words,
/// numbers and names come out unchanged. Blanks are kept:
/// text put at the start of a line must not begin with four of them (that
/// would be a code block, shown as text all the same).
pub fn text(text: &str) -> String {
    let chars: Vec<char> = visible(text).chars().collect();
    let first = chars.iter().position(|c| *c != ' ').unwrap_or(0);
    let mut out = String::with_capacity(chars.len() + 8);
    let word = |at: Option<&char>| at.is_some_and(|c| c.is_alphanumeric());
    let blank = |at: Option<&char>| at.is_none_or(|c| *c == ' ');
    let lone = |at: usize| blank(at.checked_sub(1).and_then(|before| chars.get(before))) && blank(chars.get(at + 1));
    for (at, &c) in chars.iter().enumerate() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '[' | ']' | '|' | '~' | '$' => {
                out.push('\\');
                out.push(c);
            }
            // A lone `*` or `_` between blanks (`the * group`) opens and
            // closes nothing, and an underscore inside a word (`robots_txt`)
            // never emphasises: both keep their look.
            '*' | '_' if at != first && lone(at) => out.push(c),
            '_' if at > 0 && word(chars.get(at - 1)) && word(chars.get(at + 1)) => out.push(c),
            '*' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '#' | '+' | '-' | '=' if at == first => {
                out.push('\\');
                out.push(c);
            }
            '.' | ')' if ordered_list_marker(&chars[first..], at - first) => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether the `.` or `)` at `at` ends a number that starts the text and is
/// followed by a blank or nothing: an ordered list's marker at a line start.
fn ordered_list_marker(chars: &[char], at: usize) -> bool {
    (1..=9).contains(&at)
        && chars[..at].iter().all(char::is_ascii_digit)
        && chars.get(at + 1).is_none_or(|next| *next == ' ' || *next == '\t')
}

/// `text` as Markdown inline code, in a sentence or a list item (in a table
/// cell use [`cell_code_span`]): every character shown as itself, control
/// characters as escapes; the delimiter is one backtick longer than the
/// longest run of backticks inside, so no run closes it early, with a space
/// inside each end when the text begins or ends with a backtick (or with
/// spaces at both ends, which Markdown would otherwise strip).
///
/// ```text
/// code_span("/a\0b")  →  `/a\x00b`
/// code_span("a`b")    →  `` a`b ``
/// ```
pub fn code_span(text: &str) -> String {
    let shown = visible(text);
    if shown.is_empty() {
        // An empty span cannot be written; a single space shows as nothing
        // and still reads as code.
        return "` `".to_string();
    }
    let delimiter = "`".repeat(longest_run(&shown, '`') + 1);
    let padded = shown.contains('`') || (shown.starts_with(' ') && shown.ends_with(' ') && shown.trim() != "");
    let pad = if padded { " " } else { "" };
    format!("{delimiter}{pad}{shown}{pad}{delimiter}")
}

/// `text` as inline code in a table cell: [`code_span`] with its pipes
/// escaped, since a table splits its row at every pipe not escaped, code or
/// not (and takes the backslash off again inside the cell).
pub fn cell_code_span(text: &str) -> String {
    code_span(text).replace('|', "\\|")
}

/// `content` as a fenced code block with info string `info` (a word of
/// ours: `text`, `python` …), ending with a line break: the fence is made
/// of backticks, one more than the longest run of backticks in `content`
/// and at least three, so no line of the content can close it. Control
/// characters other than the line feeds and tabs that lay the content out
/// are shown as escapes.
pub fn fenced(info: &str, content: &str) -> String {
    let fence = "`".repeat((longest_run(content, '`') + 1).max(3));
    let mut out = format!("{fence}{info}\n");
    for c in content.chars() {
        match control_escape(c) {
            Some(shown) if c != '\n' && c != '\t' => out.push_str(&shown),
            _ => out.push(c),
        }
    }
    if !content.is_empty() && !content.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&fence);
    out.push('\n');
    out
}

/// `path` made safe as (part of) a link's target: every byte other than
/// ASCII letters, digits and `-` `.` `_` `~` `/` percent-encoded, so a
/// space, a parenthesis or an angle bracket cannot end the target early.
pub fn link_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for &byte in path.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// A JSON document for a terminal: serde_json escapes the C0 controls in
/// strings but writes DEL, the C1 controls and the bidirectional controls
/// as they are; this writes them as `\uNNNN` too. Outside strings JSON
/// holds none, so the document means the same.
pub fn json_controls_escaped(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if (c.is_control() && !c.is_ascii_whitespace()) || is_bidi_control(c) {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// The longest run of `mark` in `text`.
fn longest_run(text: &str, mark: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for c in text.chars() {
        run = if c == mark { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

#[cfg(test)]
mod tests;
