//! The constructs of an input that libraries are known to read otherwise
//! than the references (see [`super::behaviour`]), found from the input and
//! the reference's verdict alone. They are part of a difference's signature,
//! so inputs a reference decided alike but that hold different constructs —
//! `Allow: /` listed before the deciding `Disallow`, a group named by part
//! of the agent — are not one difference, and minimising keeps the
//! construct in the case.

use rep::{check_once, Profile, Reason, RuleKind, Verdict};
use rep_core::diff::Probe;
use rep_generate::split_lines;

/// The constructs of `probe` that `verdict` (reached under `base`) leaves
/// room for a library to read otherwise: `earlier-match` (a rule of the
/// other kind that also matches comes before the deciding one, in its
/// group), `partial-agent` (a group is named by part of an agent asked),
/// `agent-not-token` (a group names an agent asked whole, and it holds
/// characters a product token may not), `lone-cr` (a CR alone ends a line),
/// `no-path` (the URL has no path), `rule-before-agents` (a rule comes
/// before any user-agent line), `repeated-group` (two groups name the same
/// agent).
pub fn constructs(probe: &Probe, verdict: &Verdict, base: Profile) -> Vec<String> {
    let lines: Vec<Line> = split_lines(&probe.body).iter().map(|bytes| Line::read(bytes)).collect();
    let asked: Vec<String> = probe.agents.iter().map(|agent| agent.to_ascii_lowercase()).collect();
    let names = lines
        .iter()
        .filter(|line| line.key == "user-agent")
        .map(|line| line.value.to_ascii_lowercase());
    let mut found = Vec::new();
    if earlier_match(probe, verdict, base, &lines) {
        found.push("earlier-match");
    }
    let names: Vec<String> = names.filter(|name| !name.is_empty() && name != "*").collect();
    if names
        .iter()
        .any(|name| asked.iter().any(|agent| agent != name && agent.contains(name.as_str())))
    {
        found.push("partial-agent");
    }
    if asked
        .iter()
        .any(|agent| !is_token(agent) && names.iter().any(|name| name == agent))
    {
        found.push("agent-not-token");
    }
    let body = &probe.body;
    if (0..body.len()).any(|at| body[at] == b'\r' && body.get(at + 1) != Some(&b'\n')) {
        found.push("lone-cr");
    }
    if !has_path(&probe.url) {
        found.push("no-path");
    }
    let first_agent = lines
        .iter()
        .position(|line| line.key == "user-agent")
        .unwrap_or(lines.len());
    if lines[..first_agent].iter().any(Line::is_rule) {
        found.push("rule-before-agents");
    }
    if repeated_group(&lines) {
        found.push("repeated-group");
    }
    found.into_iter().map(String::from).collect()
}

/// A line read plainly: its key (lower case) and value.
struct Line {
    key: String,
    value: String,
    bytes: Vec<u8>,
}

impl Line {
    fn read(bytes: &[u8]) -> Line {
        let text = String::from_utf8_lossy(bytes);
        let text = text.split('#').next().unwrap_or_default();
        let (key, value) = text.split_once(':').unwrap_or(("", ""));
        Line {
            key: key.trim().to_ascii_lowercase(),
            value: value.trim().to_string(),
            bytes: bytes.to_vec(),
        }
    }

    fn is_rule(&self) -> bool {
        self.key == "allow" || self.key == "disallow"
    }
}

/// Whether a name starts two groups (user-agent lines after a rule).
fn repeated_group(lines: &[Line]) -> bool {
    let mut named: Vec<String> = Vec::new();
    let mut after_rule = true;
    for line in lines {
        if line.key == "user-agent" {
            let name = line.value.to_ascii_lowercase();
            if after_rule && named.contains(&name) {
                return true;
            }
            named.push(name);
            after_rule = false;
        } else if line.is_rule() {
            after_rule = true;
        }
    }
    false
}

fn is_token(agent: &str) -> bool {
    agent.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-' || b == b'_')
}

/// Whether the URL has a path after its authority (a bare path always has).
fn has_path(url: &str) -> bool {
    match url.find("://") {
        Some(at) => url[at + 3..].contains('/'),
        None => true,
    }
}

/// Whether a rule of the other kind than the deciding one, between the
/// deciding rule and the user-agent lines above it, matches the URL too.
fn earlier_match(probe: &Probe, verdict: &Verdict, base: Profile, lines: &[Line]) -> bool {
    let Some(rule) = verdict.rule.as_ref().filter(|_| verdict.reason == Reason::RuleMatched) else {
        return false;
    };
    let deciding = (rule.line as usize).saturating_sub(1).min(lines.len());
    let group_start = lines[..deciding]
        .iter()
        .rposition(|line| line.key == "user-agent")
        .map_or(0, |at| at + 1);
    let other_kind = match rule.kind {
        RuleKind::Allow => "disallow",
        RuleKind::Disallow => "allow",
    };
    // An empty `Disallow:` allows everything to a library that stops at
    // the first rule it meets: before a deciding disallow it is an earlier
    // match of the other kind.
    let empty_disallow =
        |line: &Line| rule.kind == RuleKind::Disallow && line.key == "disallow" && line.value.is_empty();
    if lines[group_start..deciding].iter().any(empty_disallow) {
        return true;
    }
    lines[group_start..deciding]
        .iter()
        .filter(|line| line.key == other_kind && !line.value.is_empty())
        .any(|line| {
            let alone = [&b"User-agent: *\n"[..], &line.bytes, b"\n"].concat();
            check_once(&alone, base, &[b"x".as_slice()], probe.url.as_bytes()).reason == Reason::RuleMatched
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(body: &str, agent: &str, url: &str) -> Vec<String> {
        let probe = Probe {
            body: body.as_bytes().to_vec(),
            agents: vec![agent.into()],
            url: url.into(),
        };
        let verdict = check_once(&probe.body, Profile::RFC9309, &probe.agent_bytes(), url.as_bytes());
        constructs(&probe, &verdict, Profile::RFC9309)
    }

    #[test]
    fn allow_root_listed_first_is_an_earlier_match() {
        let body = "User-agent: *\nAllow: /\nDisallow: /private/\n";
        assert_eq!(
            found(body, "FooBot", "https://example.com/private/x"),
            ["earlier-match"]
        );
        // Listed after, it is not: the first match is the longest.
        let body = "User-agent: *\nDisallow: /private/\nAllow: /\n";
        assert_eq!(
            found(body, "FooBot", "https://example.com/private/x"),
            Vec::<String>::new()
        );
        // An empty disallow allows everything to a library that stops at it.
        let body = "User-agent: *\nDisallow:\nDisallow: /private/\n";
        assert_eq!(
            found(body, "FooBot", "https://example.com/private/x"),
            ["earlier-match"]
        );
        // A rule of another group above does not count.
        let body = "User-agent: x\nAllow: /\nUser-agent: *\nDisallow: /private/\n";
        assert_eq!(
            found(body, "FooBot", "https://example.com/private/x"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn agents_and_line_ends_are_found() {
        let body = "User-agent: Googlebot\nDisallow: /a\nUser-agent: *\nDisallow: /b\n";
        assert_eq!(
            found(body, "Googlebot-Image", "https://example.com/b"),
            ["partial-agent"]
        );
        let body = "User-agent: *\nDisallow:\nUser-agent: MJ12bot\nDisallow: /\n";
        assert_eq!(found(body, "MJ12bot", "https://example.com/"), ["agent-not-token"]);
        assert_eq!(
            found("User-agent: *\rDisallow: /a\n", "FooBot", "https://example.com/a"),
            ["lone-cr"]
        );
        assert_eq!(
            found("User-agent: *\nDisallow: /\n", "FooBot", "https://example.com"),
            ["no-path"]
        );
        assert_eq!(
            found("Disallow: /a\n", "FooBot", "https://example.com/a"),
            ["rule-before-agents"]
        );
    }
}
