//! The case file exactly as written, before validation. Every struct denies
//! unknown fields so a typo in a key is an error with a location.

use super::{Expect, Level};
use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use std::fmt;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFile {
    pub source: String,
    pub cases: Vec<RawCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCase {
    pub name: String,
    pub why: String,
    pub clause: Option<String>,
    pub level: Option<Level>,
    pub reading: Option<String>,
    pub statements: Option<Vec<String>>,
    pub source: Option<RawSource>,
    pub robots: Option<String>,
    pub robots_escaped: Option<String>,
    pub robots_base64: Option<String>,
    pub robots_parts: Option<Vec<RawPart>>,
    pub response: Option<RawResponse>,
    /// Capability tags the content cannot show (see `tags`).
    pub tags: Option<Vec<String>>,
    pub checks: Vec<RawCheck>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPart {
    pub text: Option<String>,
    pub escaped: Option<String>,
    pub base64: Option<String>,
    #[serde(default = "one")]
    pub times: u32,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawResponse {
    /// The robots.txt URL the crawler asked for first; absent, the file
    /// governs every URL a check names.
    pub url: Option<String>,
    pub status: HttpStatus,
    #[serde(default)]
    pub redirects: RawRedirects,
    pub content_type: Option<String>,
    pub cached: Option<RawCached>,
    /// Hours the file has been failing this way (defaults to the cached
    /// copy's age, else 0).
    pub failing_for_hours: Option<u32>,
}

/// The redirects followed: how many (`redirects: 2`, hops on the same
/// authority), or the URL each one led to, in order.
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum RawRedirects {
    Count(u32),
    Hops(Vec<String>),
}

impl Default for RawRedirects {
    fn default() -> RawRedirects {
        RawRedirects::Count(0)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCached {
    pub age_hours: u32,
    /// The copy's own body, when it differs from the response's.
    pub robots: Option<String>,
    pub cache_control: Option<String>,
}

/// An HTTP status (100..=599), or `network-error` (`None`).
pub(crate) struct HttpStatus(pub Option<u16>);

impl<'de> Deserialize<'de> for HttpStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HttpStatus, D::Error> {
        struct StatusVisitor;
        impl Visitor<'_> for StatusVisitor {
            type Value = HttpStatus;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an HTTP status from 100 to 599, or network-error")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<HttpStatus, E> {
                match u16::try_from(v) {
                    Ok(status) if (100..=599).contains(&status) => Ok(HttpStatus(Some(status))),
                    _ => Err(E::invalid_value(de::Unexpected::Unsigned(v), &self)),
                }
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<HttpStatus, E> {
                Err(E::invalid_value(de::Unexpected::Signed(v), &self))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<HttpStatus, E> {
                match v {
                    "network-error" => Ok(HttpStatus(None)),
                    _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
        }
        deserializer.deserialize_any(StatusVisitor)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCheck {
    /// The check's name, unique in its case (see `names`).
    pub name: Option<String>,
    pub agent: Option<String>,
    pub agents: Option<Vec<String>>,
    pub url: String,
    pub expect: Option<Expect>,
    pub rfc: Option<Expect>,
    pub google: Option<Expect>,
    pub clause: Option<String>,
    pub level: Option<Level>,
    pub reading: Option<String>,
    /// Capability tags the content cannot show (see `tags`).
    pub tags: Option<Vec<String>>,
    pub statements: Option<Vec<String>>,
    pub source: Option<RawSource>,
}

/// Where a `google` expectation that rests on Google's documents rather than
/// on its compiled parser comes from.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSource {
    pub document: String,
    pub date: String,
    pub section: String,
}
