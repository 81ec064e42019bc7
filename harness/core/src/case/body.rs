//! The four body forms of a case: `robots` (text), `robots_escaped`,
//! `robots_base64` and `robots_parts` (pieces in any of the three, each
//! repeated `times`). Decoding itself is in `bytes`.

use super::bytes::{decode_base64, unescape};
use super::locate::{Item, Position};
use super::raw::{RawCase, RawPart};
use super::validate::Validator;

/// The largest body a case may build (parts repeated included): large enough
/// for every size-limit case, small enough that a typo in `times` cannot
/// exhaust memory.
const MAX_BODY_BYTES: u64 = 64 << 20;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Text,
    Escaped,
    Base64,
}

impl Validator<'_> {
    /// The case's body, decoded from whichever form it is written in.
    pub(super) fn body(&mut self, raw: &RawCase, item: Option<&Item>) -> Option<Vec<u8>> {
        let forms: Vec<&str> = [
            ("robots", raw.robots.is_some()),
            ("robots_escaped", raw.robots_escaped.is_some()),
            ("robots_base64", raw.robots_base64.is_some()),
            ("robots_parts", raw.robots_parts.is_some()),
        ]
        .into_iter()
        .filter_map(|(form, present)| present.then_some(form))
        .collect();
        let fetch = raw.response.is_some();
        match forms.len() {
            0 if fetch => return Some(Vec::new()),
            0 => {
                let at = self.at(item, None);
                self.report(
                    at,
                    format!(
                        "case `{}` has no body: give exactly one of robots, robots_escaped, robots_base64, robots_parts",
                        raw.name
                    ),
                );
                return None;
            }
            1 => {}
            _ => {
                let at = self.at(item, Some(forms[1]));
                self.report(
                    at,
                    format!(
                        "case `{}` has {} body forms ({}): keep exactly one",
                        raw.name,
                        forms.len(),
                        forms.join(", ")
                    ),
                );
                return None;
            }
        }
        if let Some(text) = &raw.robots {
            return Some(text.clone().into_bytes());
        }
        if let Some(text) = &raw.robots_escaped {
            let at = self.at(item, Some("robots_escaped"));
            return self.decode(text, Form::Escaped, at, "robots_escaped");
        }
        if let Some(text) = &raw.robots_base64 {
            let at = self.at(item, Some("robots_base64"));
            return self.decode(text, Form::Base64, at, "robots_base64");
        }
        let parts = raw.robots_parts.as_deref().unwrap_or_default();
        let part_items = item
            .map(|item| self.locator.sequence(item, "robots_parts"))
            .unwrap_or_default();
        self.parts(parts, &part_items, item)
    }

    fn parts(&mut self, parts: &[RawPart], items: &[Item], case: Option<&Item>) -> Option<Vec<u8>> {
        if parts.is_empty() {
            let at = self.at(case, Some("robots_parts"));
            self.report(at, "robots_parts is empty: list at least one part".into());
            return None;
        }
        let mut body = Vec::new();
        let mut ok = true;
        for (index, part) in parts.iter().enumerate() {
            let item = items.get(index).or(case);
            let forms: Vec<(&str, &String, Form)> = [
                ("text", &part.text, Form::Text),
                ("escaped", &part.escaped, Form::Escaped),
                ("base64", &part.base64, Form::Base64),
            ]
            .into_iter()
            .filter_map(|(key, value, form)| value.as_ref().map(|value| (key, value, form)))
            .collect();
            let [(key, value, form)] = forms[..] else {
                let at = self.at(item, None);
                self.report(
                    at,
                    format!(
                        "robots_parts item {} has {} of text/escaped/base64: give exactly one",
                        index + 1,
                        forms.len()
                    ),
                );
                ok = false;
                continue;
            };
            if part.times == 0 {
                let at = self.at(item, Some("times"));
                self.report(at, "times: 0 adds nothing: use 1 or more, or drop the part".into());
                ok = false;
                continue;
            }
            let at = self.at(item, Some(key));
            let Some(bytes) = self.decode(value, form, at, key) else {
                ok = false;
                continue;
            };
            if body.len() as u64 + bytes.len() as u64 * u64::from(part.times) > MAX_BODY_BYTES {
                let at = self.at(item, Some("times"));
                self.report(
                    at,
                    format!("the body would exceed {} MiB: lower times", MAX_BODY_BYTES >> 20),
                );
                return None;
            }
            for _ in 0..part.times {
                body.extend_from_slice(&bytes);
            }
        }
        ok.then_some(body)
    }

    fn decode(&mut self, text: &str, form: Form, at: Option<Position>, key: &str) -> Option<Vec<u8>> {
        let result = match form {
            Form::Text => Ok(text.as_bytes().to_vec()),
            Form::Escaped => {
                if self.double_quoted_latin1(text, at) {
                    self.report(
                        at,
                        format!(
                            "{key} is double-quoted and holds characters U+0080..U+00FF: YAML already turned each \
                             `\\xHH` into a character, not a byte. Write the value in single quotes ('…') so \
                             `\\xHH` means one byte"
                        ),
                    );
                    return None;
                }
                unescape(text)
            }
            Form::Base64 => decode_base64(text),
        };
        match result {
            Ok(bytes) => Some(bytes),
            Err((offset, problem)) => {
                let what = if form == Form::Base64 {
                    "invalid base64"
                } else {
                    "invalid escape"
                };
                self.report(
                    at,
                    format!("{key}: {what} at character {offset} of the value: {problem}"),
                );
                None
            }
        }
    }

    /// Whether the value at `at` is written in double quotes and holds a
    /// character that YAML's own `\xHH` escape would have produced.
    fn double_quoted_latin1(&self, text: &str, at: Option<Position>) -> bool {
        let quoted = at.is_some_and(|(line, column)| self.locator.line(line).chars().nth(column - 1) == Some('"'));
        quoted && text.chars().any(|c| ('\u{80}'..='\u{ff}').contains(&c))
    }
}
