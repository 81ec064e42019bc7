//! The Rust peers, each adapted to the two shapes every benchmark measures:
//! one-shot (parse a body and check one URL) and parse once, check many.
//!
//! How each API maps (all take `&str` bodies except `texting_robots`; a body
//! or URL that is not UTF-8 is converted lossily before timing starts):
//!
//! | peer | parse | check | agent |
//! | --- | --- | --- | --- |
//! | `robotstxt` 0.3.0 | none: every check re-parses, like Google's C++ | `DefaultMatcher::one_agent_allowed_by_robots(body, agent, url)` | one, at check time |
//! | `texting_robots` 0.2.2 | `Robot::new(agent, body)` keeps the agent's rules | `Robot::allowed(url)` | one, at parse time |
//! | `robotparser` 0.11.0 | `parse_robots_txt(origin, body)` | `can_fetch(agent, &Url::parse(url))` | one, at check time |
//! | `robots_txt` 0.7.0 | `Robots::from_str_lossy(body)` | `SimpleMatcher::new(&choose_section(agent).rules).check_path(path)` | one, at check time |
//!
//! `robotparser` checks a parsed `url::Url`, so its checks include parsing
//! the URL (as a crawler holding a URL string would). `robots_txt` checks a
//! path, which is the probe URL after [`ORIGIN`]; `rep`, Google's parser and
//! the others find the path themselves. A peer that fails to parse a body
//! (only `texting_robots` can) or panics on it is counted as "disallowed";
//! [`PeerProbe::new`] reports, before timing, which probes a peer cannot run.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rep_bench::{Probe, ORIGIN};

/// A probe in the form the peers take: text rather than bytes.
pub struct PeerProbe {
    /// The body as given, for peers that take bytes.
    pub body: Vec<u8>,
    /// The body as text (lossy for the few corpus files that are not UTF-8).
    pub text: String,
    pub agent: String,
    pub urls: Vec<String>,
}

impl PeerProbe {
    pub fn new(probe: &Probe) -> PeerProbe {
        let lossy = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        PeerProbe {
            body: probe.body.clone(),
            text: lossy(&probe.body),
            agent: lossy(&probe.agent),
            urls: probe.urls.iter().map(|url| lossy(url)).collect(),
        }
    }
}

/// One peer crate in the two shapes.
pub trait Peer {
    /// The name used in benchmark ids and the report.
    const NAME: &'static str;
    /// What parsing keeps, borrowing the probe where the crate does.
    type Parsed<'p>;

    fn parse<'p>(probe: &'p PeerProbe) -> Self::Parsed<'p>;

    fn check(parsed: &Self::Parsed<'_>, probe: &PeerProbe, url: &str) -> bool;

    /// Parses the probe and checks one URL.
    fn one_shot(probe: &PeerProbe, url: &str) -> bool {
        Self::check(&Self::parse(probe), probe, url)
    }
}

/// Runs a peer's code, turning a panic into "disallowed" so that one bad
/// input does not end the whole benchmark run.
pub fn guarded(run: impl FnOnce() -> bool) -> bool {
    catch_unwind(AssertUnwindSafe(run)).unwrap_or(false)
}

/// The peers' panics are counted, not printed on every iteration.
pub fn silence_panics() {
    std::panic::set_hook(Box::new(|_| {}));
}

/// The Rust port of Google's parser: no parsed form, every check parses.
pub struct RobotsTxt;

impl Peer for RobotsTxt {
    const NAME: &'static str = "robotstxt";
    type Parsed<'p> = &'p str;

    fn parse(probe: &PeerProbe) -> &str {
        &probe.text
    }

    fn check(text: &&str, probe: &PeerProbe, url: &str) -> bool {
        robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(text, &probe.agent, url)
    }
}

pub struct TextingRobots;

impl Peer for TextingRobots {
    const NAME: &'static str = "texting_robots";
    type Parsed<'p> = Option<texting_robots::Robot>;

    fn parse(probe: &PeerProbe) -> Option<texting_robots::Robot> {
        texting_robots::Robot::new(&probe.agent, &probe.body).ok()
    }

    fn check(robot: &Option<texting_robots::Robot>, _probe: &PeerProbe, url: &str) -> bool {
        robot.as_ref().is_some_and(|robot| robot.allowed(url))
    }
}

pub struct RobotParser;

impl Peer for RobotParser {
    const NAME: &'static str = "robotparser";
    type Parsed<'p> = robotparser::model::RobotsTxt;

    fn parse(probe: &PeerProbe) -> robotparser::model::RobotsTxt {
        let origin = url::Url::parse(ORIGIN).expect("the probe origin is a URL").origin();
        robotparser::parser::parse_robots_txt(origin, &probe.text).get_result()
    }

    fn check(robots: &robotparser::model::RobotsTxt, probe: &PeerProbe, url: &str) -> bool {
        use robotparser::service::RobotsTxtService;
        url::Url::parse(url).is_ok_and(|url| robots.can_fetch(&probe.agent, &url))
    }
}

pub struct RobotsTxtCrate;

impl Peer for RobotsTxtCrate {
    const NAME: &'static str = "robots_txt";
    type Parsed<'p> = robots_txt::Robots<'p>;

    fn parse<'p>(probe: &'p PeerProbe) -> robots_txt::Robots<'p> {
        robots_txt::Robots::from_str_lossy(&probe.text)
    }

    fn check(robots: &robots_txt::Robots<'_>, probe: &PeerProbe, url: &str) -> bool {
        let path = url.strip_prefix(ORIGIN).unwrap_or(url);
        let section = robots.choose_section(&probe.agent);
        robots_txt::matcher::SimpleMatcher::new(&section.rules).check_path(path)
    }
}

/// How many of `probes` make `P` panic or fail on its first URL: said
/// before timing, so a reader knows what a peer's figure includes.
pub fn report_failures<P: Peer>(probes: &[PeerProbe]) {
    let failures = probes
        .iter()
        .filter(|probe| catch_unwind(AssertUnwindSafe(|| P::one_shot(probe, &probe.urls[0]))).is_err())
        .count();
    if failures > 0 {
        eprintln!(
            "{}: panics on {failures} of {} probes (counted as disallowed)",
            P::NAME,
            probes.len()
        );
    }
}

/// Says on stderr how many of `answers` differ from Google's (`google`, in
/// the same order), as `<bench>: <name> answers differently from Google on
/// <n> of <m> checks`: `report.py` shows the count beside the peer's time,
/// so that a shortcut is not mistaken for speed.
pub fn report_answers(bench: &str, name: &str, answers: &[bool], google: &[bool]) {
    let differing = answers
        .iter()
        .zip(google)
        .filter(|(answer, google)| answer != google)
        .count();
    eprintln!(
        "{bench}: {name} answers differently from Google on {differing} of {} checks",
        google.len()
    );
}

/// [`report_answers`] for peer `P`, parsing each probe once and checking
/// all its URLs (a panic counts as "disallowed", as in the benchmarks).
pub fn report_disagreements<P: Peer>(bench: &str, probes: &[PeerProbe], google: &[bool]) {
    let answers: Vec<bool> = probes
        .iter()
        .flat_map(|probe| {
            let parsed = catch_unwind(AssertUnwindSafe(|| P::parse(probe))).ok();
            let answers: Vec<bool> = probe
                .urls
                .iter()
                .map(|url| {
                    parsed
                        .as_ref()
                        .is_some_and(|parsed| guarded(|| P::check(parsed, probe, url)))
                })
                .collect();
            answers
        })
        .collect();
    report_answers(bench, P::NAME, &answers, google);
}
