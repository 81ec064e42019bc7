//! Diagnostics name the line and the problem.

use rep::{diagnose, DiagnosticKind, Profile};

fn diagnostics(body: &[u8], profile: Profile) -> Vec<(u32, DiagnosticKind)> {
    diagnose(body, profile)
        .iter()
        .map(|d| (d.line, d.kind.clone()))
        .collect()
}

#[test]
fn google_profile_reports_what_it_accepted() {
    let body = b"Disallow: /early\nUser agent: FooBot\nDisalow: /a\nDisallowed: /b\nAllow /c\nCrawl-delay: 4\nhello there world\n";
    let found = diagnostics(body, Profile::GOOGLE);
    assert_eq!(
        found,
        vec![
            (1, DiagnosticKind::RuleOutsideGroup),
            (
                2,
                DiagnosticKind::AcceptedMisspelling {
                    key: "User agent".into(),
                    meant: "user-agent"
                }
            ),
            (
                3,
                DiagnosticKind::AcceptedMisspelling {
                    key: "Disalow".into(),
                    meant: "disallow"
                }
            ),
            (
                4,
                DiagnosticKind::AcceptedKeyPrefix {
                    key: "Disallowed".into(),
                    meant: "disallow"
                }
            ),
            (5, DiagnosticKind::MissingColon { accepted: true }),
            (
                6,
                DiagnosticKind::UnknownKey {
                    key: "Crawl-delay".into()
                }
            ),
            (7, DiagnosticKind::MissingColon { accepted: false }),
        ]
    );
}

#[test]
fn rfc_profile_reports_what_it_refused() {
    let body = b"User-agent: FooBot/1.0\nDisalow: /a\nAllow /c\nDisallow: relative\n";
    let found = diagnostics(body, Profile::RFC9309);
    assert_eq!(
        found,
        vec![
            (
                1,
                DiagnosticKind::InvalidProductToken {
                    value: "FooBot/1.0".into(),
                    used: None
                }
            ),
            (2, DiagnosticKind::UnknownKey { key: "Disalow".into() }),
            (3, DiagnosticKind::MissingColon { accepted: false }),
            (
                4,
                DiagnosticKind::PatternCannotMatch {
                    pattern: "relative".into()
                }
            ),
        ]
    );
}

#[test]
fn encoding_problems_and_bom_are_reported() {
    let body = b"\xEF\xBB\xBFUser-agent: *\nDisallow: /\xFF\nDisallow: /a\0b\n";
    let found = diagnostics(body, Profile::GOOGLE);
    assert_eq!(
        found,
        vec![
            (1, DiagnosticKind::ByteOrderMark { skipped: 3 }),
            (2, DiagnosticKind::InvalidUtf8),
            (3, DiagnosticKind::NulByte),
        ]
    );
}

#[test]
fn cut_lines_and_the_size_limit_are_reported() {
    let long = format!("User-agent: *\nDisallow: /{}\n", "a".repeat(20_000));
    let found = diagnostics(long.as_bytes(), Profile::GOOGLE);
    assert_eq!(
        found,
        vec![(
            2,
            DiagnosticKind::LineTooLong {
                length: 20_011,
                kept: 16_663
            }
        )]
    );

    let big = format!("User-agent: *\n{}Disallow: /late\n", "#\n".repeat(300_000));
    let found = diagnostics(big.as_bytes(), Profile::RFC9309);
    // 14 bytes of the first line, then 2-byte lines: the first line that is
    // not wholly within 512,000 bytes is line 1 + (512,000 - 14) / 2 + 1.
    assert_eq!(found, vec![(255_995, DiagnosticKind::PastSizeLimit { limit: 512_000 })]);
}

#[test]
fn diagnostics_display_their_line() {
    let text = diagnose(b"User-agent: *\nDisalow: /a\n", Profile::GOOGLE)[0].to_string();
    assert_eq!(text, "line 2: misspelled key `Disalow` read as `disallow`");
}
