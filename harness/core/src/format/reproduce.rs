//! Commands that reproduce a check: `reptest show <id>`, which every
//! reported miss ends with, and a `reptest check` line that carries the
//! check's body, agents and URL, so it asks any parser the same question
//! anywhere, whatever bytes they hold.

use crate::case::{Case, Check};
use base64::Engine as _;
use std::path::PathBuf;

/// Bodies up to this size travel in the command line itself, as base64 (a
/// single argument of Linux may hold 128 KiB); a larger one is piped from
/// `reptest show --body`.
const LARGEST_INLINE_BODY: usize = 48 * 1024;

/// `reptest show <id>`, with `--cases` for each of `cases` (the case files
/// or directories the id is from, none for the default suite).
pub fn show_command(id: &str, cases: &[PathBuf]) -> String {
    format!("reptest show {}{}", shell_word(id), cases_flags(cases))
}

/// `reptest run --filter <id>`, with `--cases` as [`show_command`] has them.
pub fn run_command(id: &str, cases: &[PathBuf]) -> String {
    format!("reptest run --filter {}{}", shell_word(id), cases_flags(cases))
}

/// ` --cases <path>` for each of `cases`.
fn cases_flags(cases: &[PathBuf]) -> String {
    cases
        .iter()
        .map(|path| format!(" --cases {}", shell_word(&path.display().to_string())))
        .collect()
}

/// A `reptest check` command line that asks the check's question (with
/// `reptest check`'s default implementation, rep-rfc), or `None` for a
/// case about fetching, whose response `reptest check` cannot simulate.
/// The body goes as base64 (`--robots-base64`), or, when too large for one
/// argument, from `reptest show <id> --body`; agents and URL are quoted for
/// a POSIX shell, with `$'…'` escapes for bytes a terminal would act on. A
/// value with a NUL, which no argument can carry, makes it a JSON line for
/// `reptest check --jsonl` instead.
pub fn check_command(case: &Case, index: usize, cases: &[PathBuf]) -> Option<String> {
    if case.response.is_some() {
        return None;
    }
    let check = &case.checks[index];
    let encoded = base64::engine::general_purpose::STANDARD.encode(&case.body);
    if check
        .agents
        .iter()
        .chain([&check.url])
        .any(|value| value.contains('\0'))
    {
        return Some(jsonl_command(check, &encoded));
    }
    let body = if case.body.len() <= LARGEST_INLINE_BODY {
        format!("reptest check --robots-base64 {encoded}")
    } else {
        format!(
            "{} --body | reptest check --robots -",
            show_command(&case.check_id(index), cases)
        )
    };
    let agents: String = check
        .agents
        .iter()
        .map(|agent| format!(" --agent={}", shell_word(agent)))
        .collect();
    Some(format!("{body}{agents} -- {}", shell_word(&check.url)))
}

/// `printf '%s\n' '<request>' | reptest check --jsonl --impl rep-rfc`.
fn jsonl_command(check: &Check, encoded_body: &str) -> String {
    let request = serde_json::json!({
        "robots_base64": encoded_body,
        "agents": check.agents,
        "url": check.url,
    });
    let line = super::escape::json_controls_escaped(&request.to_string());
    format!(
        "printf '%s\\n' {} | reptest check --jsonl --impl rep-rfc",
        shell_word(&line)
    )
}

/// `text` as one word of a POSIX shell command, printable on a terminal:
/// bare when it is made only of characters no shell treats specially,
/// else in single quotes, else (when it holds a character a terminal would
/// act on or not show, see [`control_escape`](super::escape::control_escape))
/// in `$'…'` with such characters as `\xNN` escapes of their UTF-8 bytes.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "%+,-./:=@_".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_string();
    }
    if !text.chars().any(|c| super::escape::control_escape(c).is_some()) {
        return format!("'{}'", text.replace('\'', r"'\''"));
    }
    let mut word = String::from("$'");
    for c in text.chars() {
        match c {
            '\\' | '\'' => {
                word.push('\\');
                word.push(c);
            }
            c if super::escape::control_escape(c).is_some() => {
                let mut bytes = [0; 4];
                for byte in c.encode_utf8(&mut bytes).bytes() {
                    word.push_str(&format!("\\x{byte:02X}"));
                }
            }
            c => word.push(c),
        }
    }
    word.push('\'');
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Expect;

    #[test]
    fn words_are_quoted_only_as_much_as_a_shell_needs() {
        assert_eq!(shell_word("https://example.com/a"), "https://example.com/a");
        // `?` and `*` are patterns to a shell: quoted.
        assert_eq!(shell_word("https://example.com/a?b=*"), "'https://example.com/a?b=*'");
        assert_eq!(shell_word("FooBot"), "FooBot");
        assert_eq!(shell_word("Foo Bot's"), r"'Foo Bot'\''s'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("a\tb'\\\u{202E}"), r"$'a\x09b\'\\\xE2\x80\xAE'");
    }

    #[test]
    fn a_check_line_carries_body_agents_and_url() {
        let mut case = Case::sample(Expect::Allowed, Expect::Allowed);
        case.body = b"User-agent: *\r\nDisallow: /x\n".to_vec();
        case.checks[0].agents = vec!["-Foo".into(), "Bar".into()];
        case.checks[0].url = "/a b".into();
        assert_eq!(
            check_command(&case, 0, &[]).unwrap(),
            "reptest check --robots-base64 VXNlci1hZ2VudDogKg0KRGlzYWxsb3c6IC94Cg== --agent=-Foo --agent=Bar -- '/a b'"
        );
        case.checks[0].url = "/a\0".into();
        let jsonl = check_command(&case, 0, &[]).unwrap();
        assert!(jsonl.starts_with("printf '%s\\n' '{"), "{jsonl}");
        assert!(jsonl.contains(r#""url":"/a\u0000""#), "{jsonl}");
        case.body = vec![b'#'; LARGEST_INLINE_BODY + 1];
        case.checks[0].url = "/".into();
        assert_eq!(
            check_command(&case, 0, &[]).unwrap(),
            "reptest show x/y/z --body | reptest check --robots - --agent=-Foo --agent=Bar -- /"
        );
        case.response = Some(crate::case::ResponseSpec {
            url: None,
            status: Some(500),
            redirects: 0,
            hops: Vec::new(),
            failing_for_hours: None,
            content_type: None,
            cached: None,
        });
        assert_eq!(check_command(&case, 0, &[]), None);
    }
}
