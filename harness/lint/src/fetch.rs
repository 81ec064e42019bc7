//! URL mode: robots.txt fetched as RFC 9309 §2.3.1 says a crawler fetches
//! it, with a real HTTP client: redirects followed by hand (each hop
//! recorded, across authorities, five at most, §2.3.1.2), the status read
//! as §2.3.1.3–4 read it, the body read to the 500 KiB every crawler must
//! parse (§2.5) and no further, the content type kept. What each crawler
//! then does comes from `rep::fetch::decide`, the model the suite's
//! `fetch/` cases hold to account, and the case that states it is named.

use rep::fetch::{
    decide, FetchDecision, FetchPolicy, Response, GOOGLE_STOP_HOURS, MAX_REDIRECTS, UNREACHABLE_GRACE_HOURS,
};
use std::io::Read;
use std::time::Duration;

use crate::model::{CrawlerBehaviour, FetchReport, Finding, Hop, Severity};
use crate::rules::rule_named;

/// The most bytes read of a body: RFC 9309 §2.5's floor, 500 KiB, and the
/// limit Google's crawler documents.
pub const SIZE_LIMIT: usize = rep::RFC_MIN_SIZE_LIMIT;

/// Whether this build fetches `https://` URLs (the cargo feature `https`).
pub const HTTPS: bool = cfg!(feature = "https");

/// A fetch: its report, the body to lint (empty when there is none) and its findings.
#[derive(Debug)]
pub struct Fetched {
    /// How it went.
    pub report: FetchReport,
    /// The body of the final response, cut at [`SIZE_LIMIT`].
    pub body: Vec<u8>,
    /// What a site owner should know about the response.
    pub findings: Vec<Finding>,
}

/// Fetches `url`, each request given `timeout` in all.
pub fn fetch(url: &str, timeout: Duration) -> Fetched {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .max_redirects(0)
        .http_status_as_error(false)
        .timeout_global(Some(timeout))
        .user_agent(concat!("reptest-lint/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let mut hops: Vec<Hop> = Vec::new();
    let mut asked = url.to_string();
    loop {
        let response = match agent.get(&asked).call() {
            Ok(response) => response,
            Err(error) => return failed(url, hops, format!("{asked}: {error}")),
        };
        let status = response.status().as_u16();
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        };
        let location = header("location").filter(|_| (300..400).contains(&status));
        let content_type = header("content-type");
        if let Some(location) = location {
            let next = resolve(&asked, &location);
            hops.push(Hop {
                url: asked.clone(),
                status,
                location: Some(location),
            });
            if hops.len() as u32 > MAX_REDIRECTS {
                return finish(url, hops, Some(status), None, Vec::new(), false);
            }
            asked = next;
            continue;
        }
        let mut body = Vec::new();
        let read = response
            .into_body()
            .into_reader()
            .take(SIZE_LIMIT as u64 + 1)
            .read_to_end(&mut body);
        if let Err(error) = read {
            return failed(url, hops, format!("{asked}: reading the body: {error}"));
        }
        let truncated = body.len() > SIZE_LIMIT;
        body.truncate(SIZE_LIMIT);
        hops.push(Hop {
            url: asked,
            status,
            location: None,
        });
        return finish(url, hops, Some(status), content_type, body, truncated);
    }
}

/// `location` (a `Location` header) made absolute against `base`.
fn resolve(base: &str, location: &str) -> String {
    if location.contains("://") {
        return location.to_string();
    }
    let scheme_end = base.find("://").map_or(0, |at| at + 3);
    let scheme = &base[..scheme_end.saturating_sub(3)];
    if let Some(rest) = location.strip_prefix("//") {
        return format!("{scheme}://{rest}");
    }
    let path_start = base[scheme_end..].find('/').map_or(base.len(), |at| scheme_end + at);
    if location.starts_with('/') {
        return format!("{}{location}", &base[..path_start]);
    }
    let directory_end = base[..base.find('?').unwrap_or(base.len())]
        .rfind('/')
        .filter(|&at| at >= path_start)
        .map_or(base.len(), |at| at + 1);
    let directory = &base[..directory_end];
    if directory_end == base.len() && path_start == base.len() {
        return format!("{base}/{location}");
    }
    format!("{directory}{location}")
}

fn failed(url: &str, hops: Vec<Hop>, why: String) -> Fetched {
    let redirects = hops.iter().filter(|hop| hop.location.is_some()).count() as u32;
    let report = FetchReport {
        url: url.to_string(),
        hops,
        status: None,
        failure: Some(why),
        content_type: None,
        truncated: false,
    };
    Fetched {
        findings: findings(&report, redirects, b""),
        report,
        body: Vec::new(),
    }
}

fn finish(
    url: &str,
    hops: Vec<Hop>,
    status: Option<u16>,
    content_type: Option<String>,
    body: Vec<u8>,
    truncated: bool,
) -> Fetched {
    let redirects = hops.iter().filter(|hop| hop.location.is_some()).count() as u32;
    let report = FetchReport {
        url: url.to_string(),
        hops,
        status,
        failure: None,
        content_type,
        truncated,
    };
    let findings = findings(&report, redirects, &body);
    Fetched { report, body, findings }
}

/// The findings of a fetch that ended in `report` after `redirects` redirects.
pub fn findings(report: &FetchReport, redirects: u32, body: &[u8]) -> Vec<Finding> {
    let mut found = Vec::new();
    let status = report.status;
    let response = Response {
        status,
        redirects,
        body,
        cached: None,
        failing_hours: 0,
    };
    let crawlers = crawlers(&response);
    let case = |name: &str| Some(name.to_string());
    if redirects > MAX_REDIRECTS {
        found.push(finding(
            "too-many-redirects",
            Severity::Error,
            format!(
                "more than {MAX_REDIRECTS} redirects; crawlers may stop following and treat the file as unavailable"
            ),
            crawlers_with(&crawlers, case("fetch/redirects/six-redirects")),
        ));
        return found;
    }
    if redirects > 0 {
        let hosts: Vec<&str> = report.hops.iter().map(|hop| authority(&hop.url)).collect();
        let across = hosts.windows(2).any(|pair| !pair[0].eq_ignore_ascii_case(pair[1]));
        found.push(finding(
            "redirect",
            Severity::Note,
            format!(
                "redirected {redirects} time{}{}; crawlers apply the file they reach to {}",
                if redirects == 1 { "" } else { "s" },
                if across { " across hosts" } else { "" },
                authority(&report.url)
            ),
            vec![
                behaviour(
                    "RFC 9309",
                    "follows up to five redirects and applies the rules it reaches to the authority it asked",
                    None,
                ),
                behaviour(
                    "Google's crawler",
                    "follows the redirects and uses the file for the site it asked about",
                    case("fetch/redirects/rules-apply-to-the-initial-authority"),
                ),
            ],
        ));
    }
    match status {
        None => found.push(finding(
            "server-error",
            Severity::Error,
            format!(
                "the file could not be fetched ({}): crawlers treat it as unreachable",
                report.failure.as_deref().unwrap_or("network failure")
            ),
            crawlers_with(&crawlers, case("fetch/status/network-error-disallows-everything")),
        )),
        Some(code @ 500..=599) | Some(code @ 429) => found.push(finding(
            if code == 429 { "client-error" } else { "server-error" },
            if code == 429 {
                Severity::Warning
            } else {
                Severity::Error
            },
            format!("the server answers {code}"),
            crawlers_with(
                &crawlers,
                case(if code == 429 {
                    "fetch/status/status-429-differs"
                } else {
                    "fetch/status/status-503-disallows-everything"
                }),
            ),
        )),
        Some(code @ 300..=499) => found.push(finding(
            "client-error",
            Severity::Warning,
            format!("the server answers {code}: the file is unavailable"),
            crawlers_with(&crawlers, case("fetch/status/status-404-allows-everything")),
        )),
        Some(200..=299) => {
            let plain = report
                .content_type
                .as_deref()
                .is_some_and(|kind| kind.trim().to_ascii_lowercase().starts_with("text/plain"));
            if !plain {
                found.push(finding(
                    "content-type",
                    Severity::Warning,
                    match &report.content_type {
                        Some(kind) => format!("served as `{kind}`, not `text/plain`"),
                        None => "served without a Content-Type, not as `text/plain`".to_string(),
                    },
                    vec![
                        behaviour("RFC 9309", "leaves it open: following the rules or treating the file as unavailable are both defensible", None),
                        behaviour("Google's crawler", "tries to read rules from the file whatever its type", case("fetch/content-type/served-as-html")),
                    ],
                ));
            }
            if report.truncated {
                found.push(finding(
                    "size-limit",
                    Severity::Error,
                    format!(
                        "the body is larger than {SIZE_LIMIT} bytes; only the first {SIZE_LIMIT} were read and linted"
                    ),
                    vec![
                        behaviour(
                            "RFC 9309",
                            "must parse at least the first 500 KiB and may ignore the rest",
                            None,
                        ),
                        behaviour(
                            "Google's crawler",
                            "ignores everything past 500 KiB",
                            case("fetch/size-limit/rule-just-before-and-just-after-512000-bytes"),
                        ),
                    ],
                ));
            }
        }
        Some(code) => found.push(finding(
            "server-error",
            Severity::Error,
            format!("the server answers {code}, outside HTTP's classes"),
            crawlers_with(&crawlers, case("fetch/status/status-599-disallows-everything")),
        )),
    }
    found
}

fn finding(rule: &str, severity: Severity, message: String, crawlers: Vec<CrawlerBehaviour>) -> Finding {
    Finding {
        rule: rule.to_string(),
        severity,
        lines: Vec::new(),
        message,
        clause: rule_named(rule).and_then(|rule| rule.clause).map(str::to_string),
        disagreement: None,
        crawlers,
    }
}

fn behaviour(crawler: &str, does: &str, case: Option<String>) -> CrawlerBehaviour {
    CrawlerBehaviour {
        crawler: crawler.to_string(),
        does: does.to_string(),
        case,
    }
}

fn crawlers_with(crawlers: &[CrawlerBehaviour], case: Option<String>) -> Vec<CrawlerBehaviour> {
    crawlers
        .iter()
        .map(|crawler| CrawlerBehaviour {
            case: case.clone(),
            ..crawler.clone()
        })
        .collect()
}

/// What each policy of `rep::fetch` does with `response`, over time when it fails.
fn crawlers(response: &Response) -> Vec<CrawlerBehaviour> {
    let copy: &[u8] = b"";
    let at = |policy, hours: u32, cached: Option<&'static [u8]>| {
        decide(
            policy,
            &Response {
                failing_hours: hours,
                cached,
                ..*response
            },
        )
    };
    let said = |decision: FetchDecision| match decision {
        FetchDecision::Parse(_) => "follows the rules of the file it got",
        FetchDecision::AllowAll => "may crawl every URL",
        FetchDecision::DisallowAll => "crawls no URL",
    };
    let failing = matches!(at(FetchPolicy::Rfc9309, 0, None), FetchDecision::DisallowAll);
    let rfc = if failing {
        format!(
            "{} while it lasts; after about {} days it may use a cached copy or treat the file as unavailable",
            said(at(FetchPolicy::Rfc9309, 0, None)),
            UNREACHABLE_GRACE_HOURS / 24
        )
    } else {
        said(at(FetchPolicy::Rfc9309, 0, None)).to_string()
    };
    let google_first = at(FetchPolicy::GoogleCrawler, 0, None);
    let google = if matches!(google_first, FetchDecision::DisallowAll) {
        format!(
            "{} for the first {GOOGLE_STOP_HOURS} hours, then {} for {} days (its last good copy), then {}",
            said(google_first),
            said(at(FetchPolicy::GoogleCrawler, GOOGLE_STOP_HOURS, Some(copy))),
            UNREACHABLE_GRACE_HOURS / 24,
            said(at(
                FetchPolicy::GoogleCrawler,
                GOOGLE_STOP_HOURS + UNREACHABLE_GRACE_HOURS + 1,
                None
            )),
        )
    } else {
        said(google_first).to_string()
    };
    vec![
        behaviour("RFC 9309", &rfc, None),
        behaviour("Google's crawler", &google, None),
    ]
}

/// The `scheme://authority` of `url`.
fn authority(url: &str) -> &str {
    let start = url.find("://").map_or(0, |at| at + 3);
    let end = url[start..].find(['/', '?', '#']).map_or(url.len(), |at| start + at);
    &url[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_is_resolved_against_the_url_asked() {
        let base = "https://example.com/dir/robots.txt";
        assert_eq!(
            resolve(base, "https://cdn.example.net/r.txt"),
            "https://cdn.example.net/r.txt"
        );
        assert_eq!(
            resolve(base, "//cdn.example.net/r.txt"),
            "https://cdn.example.net/r.txt"
        );
        assert_eq!(resolve(base, "/other.txt"), "https://example.com/other.txt");
        assert_eq!(resolve(base, "other.txt"), "https://example.com/dir/other.txt");
        assert_eq!(resolve("http://h", "x.txt"), "http://h/x.txt");
    }

    #[test]
    fn a_server_error_says_what_each_crawler_does_over_time() {
        let response = Response {
            status: Some(503),
            redirects: 0,
            body: b"",
            cached: None,
            failing_hours: 0,
        };
        let said = crawlers(&response);
        assert!(said[0].does.starts_with("crawls no URL"), "{said:?}");
        assert!(
            said[1]
                .does
                .starts_with("crawls no URL for the first 12 hours, then follows the rules"),
            "{said:?}"
        );
    }

    #[test]
    fn every_case_a_fetch_finding_cites_is_a_case_of_the_suite() {
        let files = rep_core::case::embedded::load().expect("the suite loads");
        let ids: Vec<&str> = files.iter().flat_map(|f| &f.cases).map(|c| c.id.as_str()).collect();
        let hop = |status, location: Option<&str>| Hop {
            url: "https://example.com/robots.txt".into(),
            status,
            location: location.map(str::to_string),
        };
        let mut cited = Vec::new();
        for (status, redirects, content_type, truncated) in [
            (Some(200), 1, Some("text/html"), true),
            (Some(301), 6, None, false),
            (Some(404), 0, None, false),
            (Some(429), 0, None, false),
            (Some(503), 0, None, false),
            (Some(599), 0, None, false),
            (None, 0, None, false),
        ] {
            let mut hops: Vec<Hop> = (0..redirects).map(|_| hop(301, Some("/next"))).collect();
            hops.extend(status.map(|status| hop(status, None)));
            let report = FetchReport {
                url: "https://example.com/robots.txt".into(),
                hops,
                status,
                failure: None,
                content_type: content_type.map(str::to_string),
                truncated,
            };
            for finding in findings(&report, redirects, b"") {
                assert!(!finding.crawlers.is_empty(), "{finding:?}");
                cited.extend(finding.crawlers.into_iter().filter_map(|crawler| crawler.case));
            }
        }
        assert!(cited.len() >= 8, "{cited:?}");
        for case in &cited {
            assert!(ids.contains(&case.as_str()), "no case {case}");
        }
    }
}
