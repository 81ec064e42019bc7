//! The `response:` of a fetch case: the robots.txt URL first asked for, the
//! redirects (a count, or the URL each led to), the final status, the
//! cached copy and how long the file has been failing, each checked
//! against the others.

use super::locate::Item;
use super::raw::{RawRedirects, RawResponse};
use super::validate::Validator;
use super::{CachedSpec, ResponseSpec};

impl Validator<'_> {
    /// The case's simulated response, or `None` with every problem reported.
    pub(super) fn response(&mut self, raw: &RawResponse, item: Option<&Item>) -> Option<ResponseSpec> {
        let problems_before = self.errors.len();
        let at = self.at(item, Some("response"));
        if let Some(url) = &raw.url {
            if !is_robots_txt_url(url) {
                self.report(
                    at,
                    format!(
                        "response url `{url}` is not the /robots.txt of an authority: write it as \
                         https://example.com/robots.txt (scheme, host, optional port, then /robots.txt)"
                    ),
                );
            }
        }
        let (redirects, hops) = match &raw.redirects {
            RawRedirects::Count(count) => (*count, Vec::new()),
            RawRedirects::Hops(hops) => (u32::try_from(hops.len()).unwrap_or(u32::MAX), hops.clone()),
        };
        if !hops.is_empty() && raw.url.is_none() {
            self.report(
                at,
                "response lists redirect hops but no `url`: give the robots.txt URL first asked for, whose \
                 authority the rules then govern (RFC 9309 §2.3.1.2)"
                    .into(),
            );
        }
        if let Some(hop) = hops.iter().find(|hop| authority_of(hop).is_none()) {
            self.report(
                at,
                format!("redirect hop `{hop}` is not an absolute URL: write it as https://host/path"),
            );
        }
        if let Some(hours) = raw.failing_for_hours {
            if matches!(raw.status.0, Some(200..=399)) {
                self.report(
                    at,
                    format!(
                        "`failing_for_hours` is for a failed request (4xx, 5xx or network-error), but the \
                         status is {}: drop it, or change the status",
                        raw.status.0.unwrap_or_default()
                    ),
                );
            }
            if let Some(cached) = raw.cached.as_ref().filter(|cached| hours > cached.age_hours) {
                self.report(
                    at,
                    format!(
                        "`failing_for_hours` ({hours}) is longer than the cached copy's age ({}): the copy was \
                         fetched before the failures began, so it is at least as old",
                        cached.age_hours
                    ),
                );
            }
        }
        if self.errors.len() > problems_before {
            return None;
        }
        Some(ResponseSpec {
            url: raw.url.clone(),
            status: raw.status.0,
            redirects,
            hops,
            failing_for_hours: raw.failing_for_hours,
            content_type: raw.content_type.clone(),
            cached: raw.cached.as_ref().map(|cached| CachedSpec {
                age_hours: cached.age_hours,
                body: cached.robots.as_ref().map(|robots| robots.as_bytes().to_vec()),
                cache_control: cached.cache_control.clone(),
            }),
        })
    }
}

/// The authority of an absolute URL (`scheme://authority/...`), if it has one.
fn authority_of(url: &str) -> Option<&str> {
    let (scheme, rest) = url.split_once("://")?;
    let scheme_is_valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    (scheme_is_valid && !authority.is_empty()).then_some(authority)
}

/// Whether `url` is `scheme://authority/robots.txt`, the only place a
/// robots.txt file is looked for (RFC 9309 §2.3).
fn is_robots_txt_url(url: &str) -> bool {
    authority_of(url).is_some_and(|authority| url.ends_with(&format!("://{authority}/robots.txt")))
}

#[cfg(test)]
mod tests {
    use super::super::load::parse_file;
    use super::*;
    use std::path::Path;

    /// The problems of a one-case fetch file with `response` (a YAML flow
    /// mapping), or the response it loads to.
    fn load(response: &str) -> Result<ResponseSpec, Vec<String>> {
        let text = format!(
            "source: s\ncases:\n  - name: c\n    why: w\n    response: {response}\n    checks:\n      \
             - {{ name: x, agent: A, url: \"https://example.com/x\", expect: allowed }}\n"
        );
        parse_file(Path::new("f.yaml"), &text, "f", None)
            .map(|file| file.cases[0].response.clone().expect("a fetch case"))
            .map_err(|problems| problems.iter().map(|problem| problem.message.clone()).collect())
    }

    #[test]
    fn hops_a_first_url_and_a_clock_load_and_the_count_stays_a_shorthand() {
        let response = load(
            "{ url: \"https://example.com/robots.txt\", redirects: [\"https://www.example.com/robots.txt\", \
             \"https://cdn.example.net/r.txt\"], status: 503, failing_for_hours: 12, cached: { age_hours: 48 } }",
        )
        .unwrap();
        assert_eq!(response.url.as_deref(), Some("https://example.com/robots.txt"));
        assert_eq!(response.redirects, 2);
        assert_eq!(response.hops[1], "https://cdn.example.net/r.txt");
        assert_eq!((response.failing_hours(), response.cached_age_hours()), (12, Some(48)));
        let counted = load("{ status: 200, redirects: 3 }").unwrap();
        assert_eq!((counted.redirects, counted.hops.len(), counted.url), (3, 0, None));
        let copy_only = load("{ status: 503, cached: { age_hours: 30 } }").unwrap();
        assert_eq!(copy_only.failing_hours(), 30, "without a clock: failing since the copy");
        assert_eq!(load("{ status: network-error }").unwrap().failing_hours(), 0);
    }

    #[test]
    fn responses_that_contradict_themselves_are_refused_with_the_reason() {
        let refused = [
            (
                "{ status: 200, redirects: [\"https://a.example/robots.txt\"] }",
                "but no `url`",
            ),
            (
                "{ url: \"https://example.com/robots.txt\", status: 200, redirects: [\"/robots.txt\"] }",
                "redirect hop `/robots.txt` is not an absolute URL",
            ),
            (
                "{ url: \"https://example.com/x/robots.txt\", status: 200 }",
                "is not the /robots.txt of an authority",
            ),
            ("{ status: 200, failing_for_hours: 3 }", "the status is 200"),
            (
                "{ status: 503, failing_for_hours: 50, cached: { age_hours: 48 } }",
                "longer than the cached copy's age (48)",
            ),
        ];
        for (response, wanted) in refused {
            let problems = load(response).expect_err(response);
            assert!(
                problems.iter().any(|problem| problem.contains(wanted)),
                "{response}: wanted `{wanted}` in {problems:?}"
            );
        }
    }

    #[test]
    fn robots_txt_urls_are_told_from_others() {
        assert!(is_robots_txt_url("https://example.com/robots.txt"));
        assert!(is_robots_txt_url("http://example.com:8080/robots.txt"));
        for not in [
            "https://example.com/folder/robots.txt",
            "https://example.com/robots.txt?x",
            "https:///robots.txt",
            "example.com/robots.txt",
            "1x://example.com/robots.txt",
        ] {
            assert!(!is_robots_txt_url(not), "{not}");
        }
        assert_eq!(authority_of("https://a.example:1/x?y"), Some("a.example:1"));
        assert_eq!(authority_of("/x"), None);
    }
}
