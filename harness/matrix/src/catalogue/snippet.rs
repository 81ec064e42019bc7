//! A parser's reproduction template filled with one case: the body, the
//! agent and the URL written as literals of the library's language, with
//! the escapes `parsers.yaml`'s head describes, so the program can be
//! pasted and run as it stands.

use super::stated::{BodyForm, Reproduce};

/// The program reproducing one check, or why it cannot be written (several
/// agents, or a body that is not UTF-8 for a text-only library).
pub fn render(
    reproduce: &Reproduce,
    language: &str,
    body: &[u8],
    agents: &[String],
    url: &str,
) -> Result<String, String> {
    let [agent] = agents else {
        return Err("the check names several agents; the program asks one".into());
    };
    let text = std::str::from_utf8(body).ok();
    let robots = match (language, reproduce.body, text) {
        ("Perl", _, _) => perl(body.iter().map(|&b| u32::from(b))),
        (_, BodyForm::Text, None) => {
            return Err("the body is not UTF-8 and the library takes text".into());
        }
        (_, BodyForm::Text | BodyForm::TextOrBytes, Some(text)) => text_literal(language, text)?,
        (_, _, _) => bytes_literal(language, body)?,
    };
    Ok(reproduce
        .code
        .replace("@ROBOTS@", &robots)
        .replace("@AGENT@", &text_literal(language, agent)?)
        .replace("@URL@", &text_literal(language, url)?))
}

/// The fence's language tag for `language`.
pub fn fence(language: &str) -> &'static str {
    match language {
        "Python" => "python",
        "JavaScript" => "javascript",
        "Rust" => "rust",
        "Perl" => "perl",
        "Ruby" => "ruby",
        _ => "text",
    }
}

fn printable(c: char) -> bool {
    (' '..='~').contains(&c)
}

/// The common escapes of a double-quoted literal; `None` for the rest.
fn common(c: char, extra: &[char]) -> Option<String> {
    match c {
        '\\' => Some("\\\\".into()),
        '"' => Some("\\\"".into()),
        '\n' => Some("\\n".into()),
        '\r' => Some("\\r".into()),
        '\t' => Some("\\t".into()),
        c if extra.contains(&c) => Some(format!("\\{c}")),
        c if printable(c) => Some(c.to_string()),
        _ => None,
    }
}

fn text_literal(language: &str, text: &str) -> Result<String, String> {
    let mut out = String::from("\"");
    for c in text.chars() {
        let code = u32::from(c);
        let escaped = match language {
            "Python" => common(c, &[]).unwrap_or_else(|| match code {
                0..=0xff => format!("\\x{code:02x}"),
                0x100..=0xffff => format!("\\u{code:04x}"),
                _ => format!("\\U{code:08x}"),
            }),
            "JavaScript" => common(c, &[]).unwrap_or_else(|| {
                let mut units = [0u16; 2];
                c.encode_utf16(&mut units)
                    .iter()
                    .map(|unit| format!("\\u{unit:04x}"))
                    .collect()
            }),
            "Rust" => common(c, &[]).unwrap_or_else(|| format!("\\u{{{code:x}}}")),
            "Ruby" => common(c, &['#']).unwrap_or_else(|| format!("\\u{{{code:x}}}")),
            "Perl" => return Ok(perl(text.chars().map(u32::from))),
            other => return Err(format!("no literals known for {other}")),
        };
        out.push_str(&escaped);
    }
    out.push('"');
    Ok(out)
}

fn bytes_literal(language: &str, body: &[u8]) -> Result<String, String> {
    let inner: String = body
        .iter()
        .map(|&byte| {
            common(char::from(byte), if language == "Ruby" { &['#'] } else { &[] })
                .filter(|_| byte < 0x80)
                .unwrap_or_else(|| format!("\\x{byte:02x}"))
        })
        .collect();
    Ok(match language {
        "Python" | "Rust" => format!("b\"{inner}\""),
        "JavaScript" => format!("Buffer.from(\"{inner}\", \"latin1\")"),
        "Ruby" => format!("\"{inner}\".b"),
        other => return Err(format!("no byte literals known for {other}")),
    })
}

/// A Perl double-quoted string of `units` (bytes or code points).
fn perl(units: impl Iterator<Item = u32>) -> String {
    let mut out = String::from("\"");
    for unit in units {
        let escaped = char::from_u32(unit)
            .filter(|_| unit < 0x80)
            .and_then(|c| common(c, &['$', '@']))
            .unwrap_or_else(|| format!("\\x{{{unit:x}}}"));
        out.push_str(&escaped);
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn template(body: BodyForm) -> Reproduce {
        Reproduce {
            body,
            code: "r = @ROBOTS@\na = @AGENT@\nu = @URL@\n".into(),
        }
    }

    #[test]
    fn literals_escape_what_each_language_needs() {
        let agents = ["Bot\u{e9}".to_string()];
        let body = b"User-agent: *\nDisallow: /\"$@#\\\n";
        let python = render(
            &template(BodyForm::Text),
            "Python",
            body,
            &agents,
            "https://a/\u{1F600}",
        )
        .unwrap();
        assert!(
            python.contains(r#"r = "User-agent: *\nDisallow: /\"$@#\\\n""#),
            "{python}"
        );
        assert!(
            python.contains(r#"a = "Bot\xe9""#) && python.contains(r#"\U0001f600"#),
            "{python}"
        );
        let js = render(
            &template(BodyForm::Text),
            "JavaScript",
            body,
            &agents,
            "https://a/\u{1F600}",
        )
        .unwrap();
        assert!(js.contains(r#"\ud83d\ude00"#) && js.contains(r#""Bot\u00e9""#), "{js}");
        let perl = render(&template(BodyForm::Bytes), "Perl", body, &agents, "https://a/").unwrap();
        assert!(
            perl.contains(r#"/\"\$\@#\\\n""#) && perl.contains(r#""Bot\x{e9}""#),
            "{perl}"
        );
        let ruby = render(&template(BodyForm::Bytes), "Ruby", b"\xff#", &agents, "u").unwrap();
        assert!(ruby.contains(r#"r = "\xff\#".b"#), "{ruby}");
    }

    #[test]
    fn a_text_only_library_cannot_be_given_bytes_and_one_agent_is_asked() {
        let agents = ["A".to_string()];
        assert!(render(&template(BodyForm::Text), "Python", b"\xff", &agents, "u").is_err());
        let bytes = render(&template(BodyForm::TextOrBytes), "Python", b"\xff", &agents, "u").unwrap();
        assert!(bytes.contains(r#"r = b"\xff""#), "{bytes}");
        let two = ["A".to_string(), "B".to_string()];
        assert!(render(&template(BodyForm::Bytes), "Python", b"", &two, "u").is_err());
    }
}
