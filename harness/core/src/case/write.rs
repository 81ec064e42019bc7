//! Writing values of a case file (`cases/README.md`) so that the case loader
//! reads back exactly what was meant: strings in YAML double quotes, and a
//! body in the simplest of the schema's forms that carries its bytes
//! exactly.

use std::fmt::Write as _;

/// The indentation of a case's keys (`  - name:` puts them at four spaces).
const CASE_KEY_INDENT: &str = "    ";
/// The indentation of a block body's lines, two more than its key.
const BLOCK_INDENT: &str = "      ";

/// A YAML double-quoted scalar holding `text` exactly: `"` and `\` escaped,
/// and every character YAML may not carry as is (controls, line and
/// paragraph separators, the byte-order mark, non-characters) written as a
/// YAML escape.
pub fn double_quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if is_plain(c) => out.push(c),
            c if (c as u32) < 0x100 => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c if (c as u32) < 0x10000 => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08X}", c as u32);
            }
        }
    }
    out.push('"');
    out
}

/// Whether YAML carries `c` unescaped inside a scalar and reads it back as
/// the same character: YAML's printable set, less the characters a YAML 1.1
/// reader takes for line breaks (U+0085, U+2028, U+2029) and the byte-order
/// mark (which a reader may drop).
fn is_plain(c: char) -> bool {
    matches!(c, ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && !matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}')
}

/// Names for checks of one case asking about `urls`, in order: the slug of
/// each URL's path and query (`/a/b?c` → `a-b-c`, `/` → `root`), numbered
/// from `-2` where two would share one; unique, and valid check names.
pub fn check_names<'a>(urls: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut taken = std::collections::HashSet::new();
    urls.into_iter()
        .map(|url| {
            let base = path_slug(url);
            let mut name = base.clone();
            let mut number = 2;
            while !taken.insert(name.clone()) {
                name = format!("{base}-{number}");
                number += 1;
            }
            name
        })
        .collect()
}

/// The kebab-case slug of `url`'s path and query (after the scheme and
/// host, when it has them), at most 40 characters; `root` when empty.
fn path_slug(url: &str) -> String {
    let path = match url.split_once("://") {
        Some((_, rest)) => rest.find(['/', '?', '#']).map_or("", |at| &rest[at..]),
        None => url,
    };
    let mut slug = String::new();
    for c in path.chars().map(|c| c.to_ascii_lowercase()) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.len() >= 40 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "root".to_string()
    } else {
        slug.to_string()
    }
}

/// The form a body is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BodyForm {
    /// `robots:` as a literal block (or `""` when empty).
    Text,
    /// `robots_escaped:` in single quotes.
    Escaped,
    /// `robots_base64:`, for bodies that are mostly not text.
    Base64,
}

/// The simplest form that carries `body` exactly: plain text when a YAML
/// literal block reads back byte for byte; base64 when more than half of
/// the bytes would need a `\xHH` escape; the escaped form otherwise.
pub(crate) fn body_form(body: &[u8]) -> BodyForm {
    let Ok(text) = std::str::from_utf8(body) else {
        return escaped_or_base64(body);
    };
    if text.is_empty() || block_indicator(text).is_some() {
        BodyForm::Text
    } else {
        escaped_or_base64(body)
    }
}

fn escaped_or_base64(body: &[u8]) -> BodyForm {
    let hex_escaped: usize = body
        .utf8_chunks()
        .map(|chunk| {
            let odd: usize = chunk
                .valid()
                .chars()
                .filter(|&c| !is_plain(c) && !matches!(c, '\n' | '\r' | '\t' | '\0'))
                .map(char::len_utf8)
                .sum();
            odd + chunk.invalid().len()
        })
        .sum();
    if hex_escaped * 2 > body.len() {
        BodyForm::Base64
    } else {
        BodyForm::Escaped
    }
}

/// The header of a YAML literal block that reads back as `text` (`|`, `|-`,
/// `|+`, with the indentation indicator `2` when the first line starts with
/// a space or a tab), or `None` when no literal block can: a character YAML cannot
/// carry, a CR (YAML turns CR LF into LF), whitespace at the end of a line
/// (editors strip it), or no line with text on it.
fn block_indicator(text: &str) -> Option<String> {
    if text.chars().any(|c| !is_plain(c) && !matches!(c, '\n' | '\t')) {
        return None;
    }
    let content = text.trim_end_matches('\n');
    if content.split('\n').any(|line| line.ends_with([' ', '\t'])) {
        return None;
    }
    let first = content.split('\n').find(|line| !line.is_empty())?;
    // A reader guesses the indentation from the first line, so a first line
    // that starts with blanks needs it stated.
    let indentation = if first.starts_with([' ', '\t']) { "2" } else { "" };
    let chomping = match text.len() - content.len() {
        0 => "-",
        1 => "",
        _ => "+",
    };
    Some(format!("|{indentation}{chomping}"))
}

/// The body as a case's `robots…:` line(s), keys indented for a case item,
/// in the form [`body_form`] chooses; ends with a newline.
pub fn body(body: &[u8]) -> String {
    let mut out = String::new();
    match body_form(body) {
        BodyForm::Text => {
            let text = std::str::from_utf8(body).expect("the text form is chosen only for UTF-8");
            let Some(header) = block_indicator(text) else {
                return format!("{CASE_KEY_INDENT}robots: \"\"\n");
            };
            let _ = writeln!(out, "{CASE_KEY_INDENT}robots: {header}");
            // Every line, the trailing empty ones included for `|+`; the
            // final newline is the block's own.
            for line in text.strip_suffix('\n').unwrap_or(text).split('\n') {
                if line.is_empty() {
                    out.push('\n');
                } else {
                    let _ = writeln!(out, "{BLOCK_INDENT}{line}");
                }
            }
        }
        BodyForm::Escaped => {
            let _ = writeln!(out, "{CASE_KEY_INDENT}robots_escaped: {}", escaped(body));
        }
        BodyForm::Base64 => {
            use base64::Engine as _;
            let encoded = base64::engine::general_purpose::STANDARD.encode(body);
            let _ = writeln!(out, "{CASE_KEY_INDENT}robots_base64: \"{encoded}\"");
        }
    }
    out
}

/// The escaped body form in YAML single quotes: text YAML carries as is,
/// `\n \r \t \0 \\`, `''` for a quote, and `\xHH` for every other byte.
fn escaped(body: &[u8]) -> String {
    let mut out = String::from("'");
    for chunk in body.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\0' => out.push_str("\\0"),
                '\\' => out.push_str("\\\\"),
                '\'' => out.push_str("''"),
                c if is_plain(c) => out.push(c),
                c => {
                    let mut buffer = [0u8; 4];
                    for byte in c.encode_utf8(&mut buffer).bytes() {
                        let _ = write!(out, "\\x{byte:02X}");
                    }
                }
            }
        }
        for byte in chunk.invalid() {
            let _ = write!(out, "\\x{byte:02X}");
        }
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_are_chosen_by_what_yaml_can_carry() {
        assert_eq!(body_form(b""), BodyForm::Text);
        assert_eq!(body_form(b"User-agent: *\nDisallow: /\n"), BodyForm::Text);
    }

    #[test]
    fn check_names_are_slugs_of_the_path_and_unique() {
        let names = check_names([
            "https://example.com/",
            "https://example.com/a/b?c=D",
            "https://other.example/a/b?c=d",
            "/x.html",
            "https://example.com/\u{e9}",
        ]);
        assert_eq!(names, ["root", "a-b-c-d", "a-b-c-d-2", "x-html", "root-2"]);
        let long = check_names([format!("https://example.com/{}", "ab".repeat(40)).as_str()]);
        assert_eq!(long[0].len(), 40);
        for name in names.iter().chain(&long) {
            assert!(crate::case::readings::is_kebab_case(name), "{name}");
        }
        assert_eq!(body_form(" Allow: /é\n\tx\n\n".as_bytes()), BodyForm::Text);
        assert_eq!(body_form(b"a\r\n"), BodyForm::Escaped);
        assert_eq!(body_form(b"a \n"), BodyForm::Escaped);
        assert_eq!(body_form(b"\n\n"), BodyForm::Escaped);
        assert_eq!(body_form(b"\xEF\xBB\xBFUser-agent: *\n"), BodyForm::Escaped);
        assert_eq!(body_form(b"Disallow: /\xFF\n"), BodyForm::Escaped);
        assert_eq!(body_form(b"\x01\x02\xFFab"), BodyForm::Base64);
    }

    #[test]
    fn block_headers_keep_the_ending_and_the_indentation() {
        assert_eq!(block_indicator("a"), Some("|-".into()));
        assert_eq!(block_indicator("a\n"), Some("|".into()));
        assert_eq!(block_indicator("\na\n\n\n"), Some("|+".into()));
        assert_eq!(block_indicator("  a\nb\n"), Some("|2".into()));
        assert_eq!(block_indicator("\n\ta\n"), Some("|2".into()));
    }

    #[test]
    fn escaped_keeps_text_and_escapes_the_rest() {
        assert_eq!(escaped(b"a'b\\\r\n\t\0\x7F\xFF\xC3\xA9"), r"'a''b\\\r\n\t\0\x7F\xFFé'");
        assert_eq!(escaped("\u{feff}".as_bytes()), r"'\xEF\xBB\xBF'");
    }

    #[test]
    fn double_quoted_escapes_what_yaml_cannot_carry() {
        assert_eq!(
            double_quoted("a\"\\\n\t\u{1}\u{85}é\u{2028}\u{feff}\u{fffe}"),
            r#""a\"\\\n\t\x01\x85é\u2028\uFEFF\uFFFE""#
        );
    }
}
