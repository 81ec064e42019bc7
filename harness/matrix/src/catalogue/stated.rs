//! What a bundled parser's own documentation says it follows (`stated`) and
//! the short program that calls its library directly (`reproduce`), as
//! `parsers.yaml` gives them: read, checked, and carried into
//! [`ThirdParty`](super::third_party::ThirdParty).

use rep_core::case::ProfileId;
use serde::Deserialize;

/// What the library's own documentation says it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stated {
    /// The profile it names: `None` when it names neither RFC 9309 nor
    /// Google's parser.
    pub profile: Option<ProfileId>,
    /// The document(s) it names, in a few words ("" when none).
    pub names: String,
    /// Where it says so.
    pub source: String,
    /// What it says, in the project's words.
    pub says: String,
}

/// How a reproduction writes the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyForm {
    /// A string: a body that is not UTF-8 cannot be written.
    Text,
    /// A byte string, any body.
    Bytes,
    /// A string when the body is UTF-8, else a byte string.
    TextOrBytes,
}

/// A program in the library's language calling it directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reproduce {
    /// How `@ROBOTS@` is written.
    pub body: BodyForm,
    /// The program, with `@ROBOTS@`, `@AGENT@` and `@URL@`.
    pub code: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStated {
    profile: String,
    names: String,
    source: String,
    says: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawReproduce {
    body: String,
    code: String,
}

/// A stated profile is one of three, and always says where and what.
pub(super) fn stated(raw: RawStated) -> Result<Stated, String> {
    let profile = match raw.profile.as_str() {
        "none" => None,
        "rfc" => Some(ProfileId::Rfc),
        "google" => Some(ProfileId::Google),
        other => return Err(format!("stated.profile: must be rfc, google or none, not `{other}`")),
    };
    if profile.is_some() && raw.names.trim().is_empty() {
        return Err("stated.names: a stated rfc or google profile names the document".into());
    }
    for (field, value) in [("stated.source", &raw.source), ("stated.says", &raw.says)] {
        if value.trim().is_empty() {
            return Err(format!("{field}: must not be empty"));
        }
    }
    Ok(Stated {
        profile,
        names: raw.names,
        source: raw.source,
        says: raw.says,
    })
}

/// A reproduction template has a known body form and all three placeholders.
pub(super) fn reproduce(raw: RawReproduce) -> Result<Reproduce, String> {
    let body = match raw.body.as_str() {
        "text" => BodyForm::Text,
        "bytes" => BodyForm::Bytes,
        "text-or-bytes" => BodyForm::TextOrBytes,
        other => {
            return Err(format!(
                "reproduce.body: must be text, bytes or text-or-bytes, not `{other}`"
            ))
        }
    };
    for placeholder in ["@ROBOTS@", "@AGENT@", "@URL@"] {
        if !raw.code.contains(placeholder) {
            return Err(format!("reproduce.code: {placeholder} is missing"));
        }
    }
    Ok(Reproduce { body, code: raw.code })
}
