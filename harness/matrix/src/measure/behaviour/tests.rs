//! Each probe against fakes whose behaviour is known: `rep`'s Google
//! profile asked an input the fake rewrites first, the way a library with
//! one behaviour reads it. The rewrites are written here, apart from the
//! catalogue's edits, so a probe is not tested against itself.

use super::*;
use rep::Profile;
use rep_core::case::ProfileId;
use rep_core::implementation::{Answer, DecidingLine, Loaded, Outcome};

pub(crate) type Rewrite = fn(Probe) -> Probe;

/// A library that reads each input by `rewrite`, then decides as `rep`'s
/// Google profile (which gives the conforming answer to every question).
pub(crate) struct Fake {
    pub(crate) rewrite: Rewrite,
}

struct FakeLoaded {
    body: Vec<u8>,
    rewrite: Rewrite,
}

impl Loaded for FakeLoaded {
    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Answer {
        let mut probe = (self.rewrite)(Probe {
            body: bytes_as_text(&self.body),
            agents: agents.iter().map(|a| String::from_utf8_lossy(a).into_owned()).collect(),
            url: String::from_utf8_lossy(url).into_owned(),
        });
        probe.body = text_as_bytes(&probe.body);
        // Google's profile, which gives the conforming answer to every
        // question, Google-only ones too.
        let verdict = rep::check_once(&probe.body, Profile::GOOGLE, &probe.agent_bytes(), probe.url.as_bytes());
        Ok(Outcome {
            allowed: verdict.allowed,
            line: DecidingLine::NotReported,
            detail: None,
        })
    }
}

impl Implementation for Fake {
    fn name(&self) -> &str {
        "fake"
    }
    fn claims(&self) -> ProfileId {
        ProfileId::Rfc
    }
    fn load(&self, robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(FakeLoaded {
            body: robots.to_vec(),
            rewrite: self.rewrite,
        })
    }
}

/// The first of the private-use characters that stand for the bytes of a
/// body outside UTF-8 while a fake's rewrite reads it as text.
const BYTE_STAND_INS: u32 = 0xF700;

/// `body` as UTF-8 text with each byte outside UTF-8 stood for by a
/// private-use character, so that a fake's rewrite, which reads text, does
/// not also read such a body with replacement characters (a behaviour of
/// its own); [`text_as_bytes`] undoes it.
fn bytes_as_text(body: &[u8]) -> Vec<u8> {
    let mut text = String::new();
    for chunk in body.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(
            chunk
                .invalid()
                .iter()
                .filter_map(|&byte| char::from_u32(BYTE_STAND_INS + u32::from(byte))),
        );
    }
    text.into_bytes()
}

/// The bytes [`bytes_as_text`] stood for, back in their place.
fn text_as_bytes(text: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len());
    for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            match u32::from(c)
                .checked_sub(BYTE_STAND_INS)
                .filter(|offset| *offset < 0x100)
            {
                Some(offset) => bytes.push(offset as u8),
                None => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            }
        }
        bytes.extend_from_slice(chunk.invalid());
    }
    bytes
}

#[test]
fn bytes_outside_utf8_survive_a_rewrite_through_text() {
    let body = b"User-agent: *\nDisallow: /caf\xE9\xFF\n";
    let text = bytes_as_text(body);
    assert!(std::str::from_utf8(&text).is_ok());
    assert_eq!(text_as_bytes(&text), body);
    assert_eq!(text_as_bytes(b"plain \xC3\xA9"), b"plain \xC3\xA9");
}

fn text(probe: &Probe) -> String {
    String::from_utf8_lossy(&probe.body).into_owned()
}

fn with_text(probe: Probe, body: String) -> Probe {
    Probe {
        body: body.into_bytes(),
        ..probe
    }
}

/// Each line of the body through `change` (`None` drops it).
fn map_lines(probe: Probe, change: impl FnMut(&str) -> Option<String>) -> Probe {
    let body: String = text(&probe)
        .lines()
        .filter_map(change)
        .map(|line| line + "\n")
        .collect();
    with_text(probe, body)
}

fn value(line: &str) -> Option<&str> {
    line.split_once(':').map(|(_, value)| value.trim())
}

fn is_rule(line: &str) -> bool {
    let key = line.split(':').next().unwrap_or_default().trim().to_ascii_lowercase();
    key == "allow" || key == "disallow"
}

fn no_dollar(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        (!(is_rule(line) && value(line).is_some_and(|v| v.ends_with('$')))).then(|| line.to_string())
    })
}

fn no_wildcard(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        (!(is_rule(line) && value(line).is_some_and(|v| v.contains('*')))).then(|| line.to_string())
    })
}

/// A library splitting at LF only reads a line with a lone CR as one line
/// with a key that holds the rest: nothing it knows.
fn lf_only(probe: Probe) -> Probe {
    let body: String = text(&probe)
        .split_inclusive('\n')
        .filter(|line| !line.trim_end_matches(['\r', '\n']).contains('\r'))
        .collect();
    with_text(probe, body)
}

fn case_fold(probe: Probe) -> Probe {
    let url = probe.url.to_ascii_lowercase();
    let probe = map_lines(probe, |line| {
        Some(if is_rule(line) {
            line.to_ascii_lowercase()
        } else {
            line.to_string()
        })
    });
    Probe { url, ..probe }
}

/// Rules before the first user-agent line read as a group for every agent.
fn rules_before_agents(probe: Probe) -> Probe {
    let body = text(&probe);
    let first_agent = body
        .lines()
        .position(|line| line.to_ascii_lowercase().starts_with("user-agent"))
        .unwrap_or(usize::MAX);
    let moved_up = |at: usize, line: &str| at < first_agent && is_rule(line);
    let before: Vec<&str> = body
        .lines()
        .enumerate()
        .filter(|(at, line)| moved_up(*at, line))
        .map(|(_, line)| line)
        .collect();
    let after: Vec<&str> = body
        .lines()
        .enumerate()
        .filter(|(at, line)| !moved_up(*at, line))
        .map(|(_, line)| line)
        .collect();
    if before.is_empty() {
        return probe;
    }
    let mut moved: String = after.iter().map(|line| format!("{line}\n")).collect();
    moved.push_str("User-agent: *\n");
    moved.extend(before.iter().map(|line| format!("{line}\n")));
    with_text(probe, moved)
}

/// Groups named by a part of the agent asked renamed to the agent.
fn agent_containing(probe: Probe, contains: fn(&str, &str) -> bool) -> Probe {
    let asked = probe.agents[0].clone();
    map_lines(probe, |line| {
        let is_agent = line.to_ascii_lowercase().starts_with("user-agent");
        let name = value(line).unwrap_or_default().to_ascii_lowercase();
        Some(
            if is_agent && name != "*" && !name.is_empty() && contains(&asked.to_ascii_lowercase(), &name) {
                format!("User-agent: {asked}")
            } else {
                line.to_string()
            },
        )
    })
}

fn agent_substring(probe: Probe) -> Probe {
    agent_containing(probe, |asked, name| asked.contains(name))
}

fn agent_prefix(probe: Probe) -> Probe {
    agent_containing(probe, |asked, name| asked.starts_with(name))
}

/// Digits and punctuation in a product token read as letters, on both sides.
fn any_token(probe: Probe) -> Probe {
    let plain = |s: &str| s.replace(|c: char| c.is_ascii_digit() || c == '.', "x");
    let agents = probe.agents.iter().map(|agent| plain(agent)).collect();
    let probe = map_lines(probe, |line| {
        Some(if line.to_ascii_lowercase().starts_with("user-agent") {
            plain(line)
        } else {
            line.to_string()
        })
    });
    Probe { agents, ..probe }
}

/// The first rule that matches decides, for a body of one group.
fn first_match(probe: Probe) -> Probe {
    let body = text(&probe);
    if body.to_ascii_lowercase().matches("user-agent").count() != 1 {
        return probe;
    }
    let agent = body.lines().find(|line| !is_rule(line)).unwrap_or_default().to_string();
    let first = body.lines().filter(|line| is_rule(line)).find(|line| {
        let alone = format!("{agent}\n{line}\n");
        rep::check_once(
            alone.as_bytes(),
            Profile::RFC9309,
            &probe.agent_bytes(),
            probe.url.as_bytes(),
        )
        .reason
            == rep::Reason::RuleMatched
    });
    match first {
        Some(line) => {
            let body = format!("{agent}\n{line}\n");
            with_text(probe, body)
        }
        None => probe,
    }
}

/// Only the first group of each single name is read.
fn first_group_only(probe: Probe) -> Probe {
    let mut seen: Vec<String> = Vec::new();
    let mut skipping = false;
    let mut previous_agent = false;
    map_lines(probe, |line| {
        let is_agent = line.to_ascii_lowercase().starts_with("user-agent");
        if is_agent && !previous_agent {
            let name = value(line).unwrap_or_default().to_ascii_lowercase();
            skipping = seen.contains(&name);
            seen.push(name);
        }
        previous_agent = is_agent;
        (!skipping).then(|| line.to_string())
    })
}

/// A path's trailing `?` dropped, as URL APIs that give path and query apart do.
fn empty_query_dropped(probe: Probe) -> Probe {
    let url = probe.url.strip_suffix('?').unwrap_or(&probe.url).to_string();
    Probe { url, ..probe }
}

/// A `/` put before a rule that lacks it.
fn slash_added(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        Some(match value(line) {
            Some(v) if is_rule(line) && !v.is_empty() && !v.starts_with(['/', '*']) => {
                format!("{}: /{v}", line.split(':').next().unwrap_or_default())
            }
            _ => line.to_string(),
        })
    })
}

/// A byte order mark read as part of the first line's key.
fn bom_kept(probe: Probe) -> Probe {
    match text(&probe).strip_prefix('\u{feff}') {
        Some(rest) => {
            let body = format!("x{rest}");
            with_text(probe, body)
        }
        None => probe,
    }
}

/// A line ended by CRLF holds the CR in its value: for these questions,
/// a line that means nothing.
fn crlf_kept(probe: Probe) -> Probe {
    let body: String = text(&probe)
        .split_inclusive('\n')
        .filter(|line| !line.ends_with("\r\n"))
        .collect();
    with_text(probe, body)
}

/// A user-agent line whose name does not start with a letter dropped, so
/// the rules below it join the group above.
fn untokened_agent_ignored(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        let untokened = line.to_ascii_lowercase().starts_with("user-agent")
            && value(line).is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()));
        (!untokened).then(|| line.to_string())
    })
}

/// A rule written as a full URL read as a path holding it.
fn absolute_url_rule(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        Some(match value(line) {
            Some(v) if is_rule(line) && v.starts_with("http") => {
                format!("{}: /{v}", line.split(':').next().unwrap_or_default())
            }
            _ => line.to_string(),
        })
    })
}

/// A group whose name is more than a product token names no agent asked.
fn group_name_whole(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        Some(match value(line) {
            Some(v)
                if line.to_ascii_lowercase().starts_with("user-agent")
                    && v != "*"
                    && !v.contains('\r')
                    && !v.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_') =>
            {
                "User-agent: NoSuchBot".to_string()
            }
            _ => line.to_string(),
        })
    })
}

/// The `*` group out of reach of Google's ads agents.
fn ads_skip_star(probe: Probe) -> Probe {
    if !probe.agents[0].eq_ignore_ascii_case("mediapartners-google") {
        return probe;
    }
    map_lines(probe, |line| {
        Some(
            if line.to_ascii_lowercase().starts_with("user-agent") && value(line) == Some("*") {
                "User-agent: NoSuchBot".to_string()
            } else {
                line.to_string()
            },
        )
    })
}

/// Of a run of user-agent lines, only the last kept.
fn last_agent_only(probe: Probe) -> Probe {
    let body = text(&probe);
    let lines: Vec<&str> = body.lines().collect();
    let is_agent = |line: &str| line.to_ascii_lowercase().starts_with("user-agent");
    let kept: String = lines
        .iter()
        .enumerate()
        .filter(|(at, line)| !(is_agent(line) && lines.get(at + 1).is_some_and(|next| is_agent(next))))
        .map(|(_, line)| format!("{line}\n"))
        .collect();
    with_text(probe, kept)
}

/// An empty `Disallow:` takes every `Disallow` of the file with it.
fn empty_disallow_allows_all(probe: Probe) -> Probe {
    let body = text(&probe);
    let empty = body
        .lines()
        .any(|line| line.to_ascii_lowercase().starts_with("disallow") && value(line) == Some(""));
    if !empty {
        return probe;
    }
    map_lines(probe, |line| {
        (!line.to_ascii_lowercase().starts_with("disallow")).then(|| line.to_string())
    })
}

/// The fragment kept as part of the path.
fn fragment_kept(probe: Probe) -> Probe {
    let url = probe.url.replace('#', "%23");
    Probe { url, ..probe }
}

/// A rule's trailing `?` dropped.
fn rule_empty_query_dropped(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        Some(if is_rule(line) {
            line.trim_end_matches('?').to_string()
        } else {
            line.to_string()
        })
    })
}

fn collapse(text: &str) -> String {
    let mut out = text.to_string();
    while out.contains("//") {
        out = out.replace("//", "/");
    }
    out
}

/// `//` read as `/` in rules and in the URL's path.
fn collapses_slashes(probe: Probe) -> Probe {
    let (origin, path) = probe.url.split_at(probe.url.find("://").map_or(0, |at| at + 3));
    let url = format!("{origin}{}", collapse(path));
    let probe = map_lines(probe, |line| {
        Some(if is_rule(line) {
            collapse(line)
        } else {
            line.to_string()
        })
    });
    Probe { url, ..probe }
}

/// `%26` in a rule read as `&`.
fn decodes_reserved(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        Some(if is_rule(line) {
            line.replace("%26", "&")
        } else {
            line.to_string()
        })
    })
}

fn allow_ignored(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        (!line.to_ascii_lowercase().starts_with("allow")).then(|| line.to_string())
    })
}

/// An `Allow` holding non-ASCII characters ranked below every `Disallow`
/// (it counts few characters before encoding): for these questions, as
/// though it were not there.
fn length_before_encoding(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        let short_allow = line.to_ascii_lowercase().starts_with("allow") && !line.is_ascii();
        (!short_allow).then(|| line.to_string())
    })
}

/// A rule's value taken after the last colon of its line.
fn value_after_last_colon(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        Some(match line.rsplit_once(':') {
            Some((_, last)) if is_rule(line) => {
                format!("{}: {}", line.split(':').next().unwrap_or_default(), last.trim())
            }
            _ => line.to_string(),
        })
    })
}

/// `*` and `$` left out of a rule's length: for these questions, an Allow
/// holding one loses to a Disallow it ties with when they are counted.
fn specials_not_counted(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        let special_allow = line.to_ascii_lowercase().starts_with("allow") && line.contains(['*', '$']);
        (!special_allow).then(|| line.to_string())
    })
}

/// An Allow dropped where a Disallow of the same pattern follows it.
fn tie_disallow_wins(probe: Probe) -> Probe {
    let body = text(&probe);
    let disallowed: Vec<String> = body
        .lines()
        .filter(|line| line.to_ascii_lowercase().starts_with("disallow"))
        .filter_map(|line| value(line).map(str::to_string))
        .collect();
    map_lines(probe, |line| {
        let tied = line.to_ascii_lowercase().starts_with("allow")
            && value(line).is_some_and(|v| disallowed.iter().any(|d| d == v));
        (!tied).then(|| line.to_string())
    })
}

/// A line with a space before its colon dropped.
fn space_before_colon_unread(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        let spaced = line.split_once(':').is_some_and(|(key, _)| key.ends_with([' ', '\t']));
        (!spaced).then(|| line.to_string())
    })
}

/// A rule starting with `*` dropped.
fn leading_star_unread(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        (!(is_rule(line) && value(line).is_some_and(|v| v.starts_with('*')))).then(|| line.to_string())
    })
}

/// ` Disallow:` on a user-agent line starts a line of its own.
fn rule_on_agent_line(probe: Probe) -> Probe {
    map_lines(probe, |line| {
        Some(if line.to_ascii_lowercase().starts_with("user-agent") {
            line.replace(" Disallow:", "\nDisallow:")
        } else {
            line.to_string()
        })
    })
}

fn conforming(probe: Probe) -> Probe {
    probe
}

fn confirmed_by(rewrite: Rewrite) -> Vec<String> {
    diagnose(&Fake { rewrite })
        .confirmed()
        .map(|finding| finding.id.clone())
        .collect()
}

#[test]
fn every_question_is_answered_the_conforming_way_by_its_references() {
    for behaviour in catalogue::all() {
        for question in behaviour.questions {
            let verdict = |profile| {
                rep::check_once(
                    question.body.as_bytes(),
                    profile,
                    &[question.agent.as_bytes()],
                    question.url.as_bytes(),
                )
                .allowed
            };
            let id = behaviour.id;
            // Which profile gives the conforming answer, and which (if
            // any) answers as the library does where the question shows
            // the behaviour.
            let (conforming, showing) = match behaviour.reference {
                catalogue::Reference::Both => (vec![Profile::GOOGLE, Profile::RFC9309], None),
                catalogue::Reference::Google => (vec![Profile::GOOGLE], Some(Profile::RFC9309)),
                catalogue::Reference::Rfc => (vec![Profile::RFC9309], Some(Profile::GOOGLE)),
            };
            for profile in conforming {
                assert_eq!(
                    verdict(profile),
                    question.conforming,
                    "{id} {question:?} under {profile:?}"
                );
            }
            if let Some(profile) = showing.filter(|_| question.shown != question.conforming) {
                assert_eq!(verdict(profile), question.shown, "{id} {question:?} under {profile:?}");
            }
        }
    }
}

#[test]
fn every_behaviour_has_a_question_that_shows_it() {
    for behaviour in catalogue::all() {
        assert!(
            behaviour.questions.iter().any(|q| q.shown != q.conforming),
            "{} shows nothing",
            behaviour.id
        );
    }
}

#[test]
fn a_conforming_library_shows_no_behaviour() {
    assert_eq!(confirmed_by(conforming), Vec::<String>::new());
}

#[test]
fn each_fake_is_diagnosed_with_its_behaviour_and_nothing_else() {
    let fakes: [(&str, Rewrite); 32] = [
        ("leading-star-unread", leading_star_unread),
        ("rule-on-agent-line", rule_on_agent_line),
        ("space-before-colon-unread", space_before_colon_unread),
        ("specials-not-counted", specials_not_counted),
        ("tie-disallow-wins", tie_disallow_wins),
        ("value-after-last-colon", value_after_last_colon),
        ("bom-kept", bom_kept),
        ("crlf-kept", crlf_kept),
        ("agent-line-not-a-token-ignored", untokened_agent_ignored),
        ("absolute-url-rule", absolute_url_rule),
        ("group-name-whole", group_name_whole),
        ("ads-agents-skip-star", ads_skip_star),
        ("last-agent-only", last_agent_only),
        ("empty-disallow-allows-all", empty_disallow_allows_all),
        ("fragment-kept", fragment_kept),
        ("rule-empty-query-dropped", rule_empty_query_dropped),
        ("collapses-slashes", collapses_slashes),
        ("decodes-reserved", decodes_reserved),
        ("allow-ignored", allow_ignored),
        ("length-before-encoding", length_before_encoding),
        ("empty-query-dropped", empty_query_dropped),
        ("rule-slash-added", slash_added),
        ("first-group-only", first_group_only),
        ("no-end-anchor", no_dollar),
        ("no-wildcard", no_wildcard),
        ("lf-only", lf_only),
        ("case-folds-paths", case_fold),
        ("rules-before-agents", rules_before_agents),
        ("agent-substring", agent_substring),
        ("agent-prefix", agent_prefix),
        ("product-token-any-characters", any_token),
        ("first-match", first_match),
    ];
    for (id, rewrite) in fakes {
        assert_eq!(confirmed_by(rewrite), [id], "the fake for {id}");
    }
}

/// The cause `explain` names for `fake` on a case, asked as the report asks.
fn explained(rewrite: Rewrite, body: &str, agent: &str, url: &str) -> Option<String> {
    explained_against(Profile::RFC9309, rewrite, body, agent, url)
}

/// The same, where the difference departs from `reference`.
fn explained_against(reference: Profile, rewrite: Rewrite, body: &str, agent: &str, url: &str) -> Option<String> {
    let fake = Fake { rewrite };
    let rfc = rep_core::implementation::RepImpl::new(reference);
    let minimal = Probe {
        body: body.as_bytes().to_vec(),
        agents: vec![agent.into()],
        url: url.into(),
    };
    assert_ne!(
        answer(&fake, &minimal),
        answer(&rfc, &minimal),
        "not a difference: {body:?}"
    );
    explain(&diagnose(&fake), &minimal, answer(&rfc, &minimal), |varied| {
        (answer(&fake, varied), answer(&rfc, varied))
    })
    .map(|cause| cause.behaviour.id)
}

#[test]
fn digits_in_the_product_token_are_named_not_the_wildcard_or_the_anchor() {
    // The case robots-txt-guard and robotexclusionrulesparser met: a group
    // MJ12Bot that both references ignore and the library obeys.
    let body = "User-agent: *\nAllow: /core/*.css$\nUser-agent: MJ12Bot\nDisallow: /\n";
    assert_eq!(
        explained(any_token, body, "MJ12Bot", "https://example.com/core/.css").as_deref(),
        Some("product-token-any-characters")
    );
    let body = "User-agent: *\nDisallow:\nUser-agent: MJ12bot\nDisallow: /\n";
    assert_eq!(
        explained(any_token, body, "MJ12bot", "https://example.com/").as_deref(),
        Some("product-token-any-characters")
    );
}

#[test]
fn a_repeated_group_is_named_for_a_library_that_reads_only_the_first() {
    let body = "User-agent: *\nDisallow: /a\nUser-agent: *\nDisallow: /b\n";
    assert_eq!(
        explained(first_group_only, body, "BarBot", "https://example.com/b").as_deref(),
        Some("first-group-only")
    );
}

#[test]
fn in_a_debris_case_an_edit_that_moves_the_reference_is_no_cause() {
    // The fake has no `$`; the case, a misspelt key besides, disagrees with
    // RFC 9309 and dropping the anchored rule moves the reference to the
    // library's answer: in whole readable lines that names the behaviour,
    // in debris it does not (another oddity may be the cause).
    let readable = "User-agent: *\nDisallow: /*.gif$\n";
    assert_eq!(
        explained(no_dollar, readable, "FooBot", "https://example.com/a.gif").as_deref(),
        Some("no-end-anchor")
    );
    let debris = "uSER-AGENT: *\nDisallow: /*.gif$\n";
    assert_eq!(
        explained(no_dollar, debris, "FooBot", "https://example.com/a.gif"),
        None
    );
}

#[test]
fn cr_only_line_ends_are_named_for_a_library_that_splits_at_lf() {
    let body = "User-agent: *\rDisallow: /*.json$\n";
    assert_eq!(
        explained(lf_only, body, "Googlebot-Image", "https://example.com/.json").as_deref(),
        Some("lf-only")
    );
}

#[test]
fn allow_root_listed_first_is_the_first_match() {
    let body = "User-agent: *\nAllow: /\nDisallow: /private/\n";
    assert_eq!(
        explained(first_match, body, "FooBot", "https://example.com/private/x").as_deref(),
        Some("first-match")
    );
}

#[test]
fn no_dollar_is_named_on_an_anchored_rule() {
    let body = "User-agent: *\nDisallow: /*.gif$\n";
    assert_eq!(
        explained(no_dollar, body, "FooBot", "https://example.com/a.gif").as_deref(),
        Some("no-end-anchor")
    );
}

fn no_dollar_and_agent_prefix(probe: Probe) -> Probe {
    no_dollar(agent_prefix(probe))
}

#[test]
fn a_confirmed_behaviour_whose_construct_the_case_lacks_is_not_named() {
    // Both behaviours are the library's; the case has no `$`, so only the
    // agent's prefix can be its cause.
    assert_eq!(
        confirmed_by(no_dollar_and_agent_prefix),
        ["agent-prefix", "no-end-anchor"]
    );
    let body = "User-agent: Foo\nDisallow: /a\n";
    assert_eq!(
        explained(no_dollar_and_agent_prefix, body, "FooBot", "https://example.com/a").as_deref(),
        Some("agent-prefix")
    );
    // A library with no behaviour confirmed has none to name.
    let minimal = Probe {
        body: body.as_bytes().to_vec(),
        agents: vec!["FooBot".into()],
        url: "https://example.com/a".into(),
    };
    assert_eq!(
        explain(&diagnose(&Fake { rewrite: conforming }), &minimal, Some(true), |_| (
            Some(true),
            Some(true)
        )),
        None
    );
}

#[test]
fn readable_cases_are_whole_lines_people_write() {
    let case = |body: &str, agent: &str| Probe {
        body: body.as_bytes().to_vec(),
        agents: vec![agent.into()],
        url: "https://example.com/".into(),
    };
    assert!(readable(
        &case("User-agent: *\nDisallow: /a\n\nAllow:\n", "FooBot"),
        None
    ));
    assert!(!readable(&case("user-agent\x0C: a\r", "a"), None));
    assert!(!readable(&case("uSER-AGENTX *\nDisallow: /\n", "FooBot"), None));
    assert!(!readable(&case("User-agent: *\ndiasllow: /\n", "FooBot"), None));
    assert!(!readable(&case("User-agent: *\nDisallow: /\n", " "), None));
    // The construct a behaviour is about is part of a readable case for it.
    assert!(!readable(&case("User-agent: *\rDisallow: /a\n", "FooBot"), None));
    assert!(readable(
        &case("User-agent: *\rDisallow: /a\n", "FooBot"),
        Some("lf-only")
    ));
}

#[test]
fn the_cases_the_pages_met_are_named_by_their_library_behaviour() {
    let cases: [(&str, Rewrite, &str, &str, &str); 8] = [
        (
            "crlf-kept",
            crlf_kept,
            "User-agent: *\r\nDisallow: /filter/tips/\r\n",
            "Baiduspider",
            "https://example.com/filter/tips/",
        ),
        (
            "last-agent-only",
            last_agent_only,
            "User-agent: Virgilio\nUser-agent: VoilaBot\nDisallow: /\n",
            "Virgilio",
            "https://example.com/",
        ),
        (
            "allow-ignored",
            allow_ignored,
            "User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n",
            "Applebot",
            "https://example.com/wp-admin/admin-ajax.php",
        ),
        (
            "decodes-reserved",
            decodes_reserved,
            "User-agent: *\nDisallow: /p/raw&x\nDisallow: /p/enc%26x\n",
            "FooBot",
            "https://example.com/p/enc&x",
        ),
        (
            "agent-line-not-a-token-ignored",
            untokened_agent_ignored,
            "User-agent: *\nDisallow: /forum/adm/\nUser-agent: 008\nDisallow: /\n",
            "UnnamedReptestBot",
            "https://example.com/",
        ),
        (
            "absolute-url-rule",
            absolute_url_rule,
            "User-agent: *\nDisallow: https://www.example.org/a.pdf\n",
            "FooBot",
            "https://example.com/https://www.example.org/a.pdf",
        ),
        (
            "fragment-kept",
            fragment_kept,
            "User-agent: *\nDisallow: /a$\n",
            "FooBot",
            "http://example.com/a#",
        ),
        (
            "first-group-only",
            first_group_only,
            "User-agent: *\nDisallow: /wp-admin/\nUser-agent: *\nUser-agent: Googlebot\nDisallow: /mshots/v1/\n",
            "Googlebot",
            "https://example.com/mshots/v1/",
        ),
    ];
    for (id, rewrite, body, agent, url) in cases {
        assert_eq!(explained(rewrite, body, agent, url).as_deref(), Some(id), "{body:?}");
    }
}

#[test]
fn a_group_name_longer_than_its_token_is_named_against_google() {
    for (body, agent) in [
        ("User-agent: Foo\u{0}Bar\nDisallow: /a\n", "Foo"),
        (
            "User-agent: Mediapartners-Google*\nDisallow: /a\n",
            "Mediapartners-Google",
        ),
    ] {
        assert_eq!(
            explained_against(Profile::GOOGLE, group_name_whole, body, agent, "https://example.com/a").as_deref(),
            Some("group-name-whole"),
            "{body:?}"
        );
    }
}

fn first_group_only_and_first_match(probe: Probe) -> Probe {
    first_match(first_group_only(probe))
}

#[test]
fn two_behaviours_are_named_together_where_one_alone_leaves_the_difference() {
    // The case cpython-robotparser met: the second `*` group is dropped and
    // the first matching rule decides; taking one construct out leaves the
    // other's difference.
    let body = "User-agent: *\nDisallow: /wp-admin/\nUser-agent: *\nAllow: /wp-admin/admin-ajax.php\n";
    assert_eq!(
        explained(
            first_group_only_and_first_match,
            body,
            "AhrefsBot",
            "https://example.com/wp-admin/admin-ajax.php"
        )
        .as_deref(),
        Some("first-group-only+first-match")
    );
}

/// The agent's own group (one agent line, then rules) left for the `*`
/// group where none of its rules matches the URL: its name dropped, its
/// rules for other paths joining the group above, which these questions
/// leave without effect.
fn no_match_falls_to_star(probe: Probe) -> Probe {
    let path = probe
        .url
        .splitn(4, '/')
        .nth(3)
        .map(|path| format!("/{path}"))
        .unwrap_or_default();
    let body = text(&probe);
    let own = |line: &str| {
        line.to_ascii_lowercase().starts_with("user-agent") && value(line) == Some(probe.agents[0].as_str())
    };
    let lines: Vec<&str> = body.lines().collect();
    let Some(start) = lines.iter().position(|line| own(line)) else {
        return probe;
    };
    // Only a group of one agent and its rules: enough for these questions.
    if !lines.get(start + 1).is_some_and(|line| is_rule(line)) {
        return probe;
    }
    let matching = lines[start + 1..]
        .iter()
        .take_while(|line| !line.to_ascii_lowercase().starts_with("user-agent"))
        .any(|line| is_rule(line) && value(line).is_some_and(|v| !v.is_empty() && path.starts_with(v)));
    if matching {
        return probe;
    }
    let agent = probe.agents[0].clone();
    map_lines(probe, |line| {
        (!(line.to_ascii_lowercase().starts_with("user-agent") && value(line) == Some(agent.as_str())))
            .then(|| line.to_string())
    })
}

#[test]
fn a_library_falling_back_where_no_rule_of_its_group_matches_is_named() {
    assert_eq!(confirmed_by(no_match_falls_to_star), ["no-match-falls-to-star"]);
    let body = "User-agent: Twitterbot\nDisallow: /images/\nUser-agent: *\nDisallow: /\n";
    assert_eq!(
        explained(no_match_falls_to_star, body, "Twitterbot", "https://example.com/").as_deref(),
        Some("no-match-falls-to-star")
    );
}

#[test]
fn titles_are_one_line_of_plain_text() {
    for behaviour in catalogue::all() {
        assert!(
            !behaviour.title.chars().any(char::is_control),
            "{}: {:?}",
            behaviour.id,
            behaviour.title
        );
    }
}
