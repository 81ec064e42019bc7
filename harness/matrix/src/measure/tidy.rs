//! Whole readable lines. The minimiser keeps a difference's signature, and
//! the signature counts constructs such as CR line ends or a misspelt key:
//! a minimal case can keep debris the difference does not need (a trailing
//! line holding only a CR, `user-agent :` spelt oddly). Each step here
//! takes one kind of debris out; a step is kept when the parser and both
//! references answer the tidied case as they answered the case found, so
//! what it shows is unchanged and a maintainer can read it.

use rep_core::diff::Probe;

/// The keys a tidied case spells as people write them.
const KEYS: [&str; 5] = ["User-agent", "Allow", "Disallow", "Sitemap", "Crawl-delay"];

/// One tidying step: the case with one kind of debris gone, `None` when it
/// has none.
type Step = fn(&Probe) -> Option<Probe>;

/// The steps, tried in this order.
const STEPS: [Step; 7] = [
    drop_bom,
    line_ends_to_lf,
    drop_comments,
    trim_lines,
    drop_blank_lines,
    spell_keys,
    drop_control_characters,
];

/// `minimal` with every step kept whose result `same` accepts (the parser
/// and the references answer it as they answer `minimal`).
pub fn tidy(minimal: &Probe, same: impl Fn(&Probe) -> bool) -> Probe {
    STEPS
        .iter()
        .fold(minimal.clone(), |current, step| match step(&current) {
            Some(tidied) if tidied != current && same(&tidied) => tidied,
            _ => current,
        })
}

/// `probe` with its body's lines (split at LF) each through `change`
/// (`None` drops the line); `None` when nothing changed.
fn map_lines(probe: &Probe, change: impl Fn(&[u8]) -> Option<Vec<u8>>) -> Option<Probe> {
    let mut lines: Vec<&[u8]> = probe.body.split(|&b| b == b'\n').collect();
    // A final LF ends the last line rather than starting an empty one.
    if probe.body.ends_with(b"\n") {
        lines.pop();
    }
    let body: Vec<u8> = lines
        .into_iter()
        .filter_map(change)
        .flat_map(|line| line.into_iter().chain([b'\n']))
        .collect();
    (body != probe.body).then(|| Probe { body, ..probe.clone() })
}

fn drop_bom(probe: &Probe) -> Option<Probe> {
    let body = probe.body.strip_prefix("\u{feff}".as_bytes())?;
    Some(Probe {
        body: body.to_vec(),
        ..probe.clone()
    })
}

/// CRLF and a lone CR both made LF.
fn line_ends_to_lf(probe: &Probe) -> Option<Probe> {
    let text = String::from_utf8_lossy(&probe.body);
    let body = text.replace("\r\n", "\n").replace('\r', "\n").into_bytes();
    (body != probe.body && std::str::from_utf8(&probe.body).is_ok()).then(|| Probe { body, ..probe.clone() })
}

fn drop_comments(probe: &Probe) -> Option<Probe> {
    map_lines(probe, |line| match line.iter().position(|&b| b == b'#') {
        Some(0) => None,
        Some(at) => Some(line[..at].to_vec()),
        None => Some(line.to_vec()),
    })
}

/// Whitespace and control characters at either end of a line.
fn trim_lines(probe: &Probe) -> Option<Probe> {
    let debris = |b: &u8| b.is_ascii_whitespace() || b.is_ascii_control();
    map_lines(probe, |line| {
        let start = line.iter().position(|b| !debris(b)).unwrap_or(line.len());
        let end = line.iter().rposition(|b| !debris(b)).map_or(start, |at| at + 1);
        Some(line[start..end].to_vec())
    })
}

fn drop_blank_lines(probe: &Probe) -> Option<Probe> {
    map_lines(probe, |line| (!line.trim_ascii().is_empty()).then(|| line.to_vec()))
}

/// A line whose key is one of [`KEYS`] in another spelling (case, space
/// around the colon) written `Key: value`.
fn spell_keys(probe: &Probe) -> Option<Probe> {
    map_lines(probe, |line| {
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            return Some(line.to_vec());
        };
        let key = String::from_utf8_lossy(line[..colon].trim_ascii()).to_string();
        let value = line[colon + 1..].trim_ascii();
        Some(match KEYS.iter().find(|known| known.eq_ignore_ascii_case(&key)) {
            Some(known) if value.is_empty() => format!("{known}:").into_bytes(),
            Some(known) => [known.as_bytes(), b": ", value].concat(),
            None => line.to_vec(),
        })
    })
}

/// Control characters but LF, in the body and the agents.
fn drop_control_characters(probe: &Probe) -> Option<Probe> {
    let control = |b: &u8| b.is_ascii_control() && *b != b'\n';
    let body: Vec<u8> = probe.body.iter().copied().filter(|b| !control(b)).collect();
    let agents: Vec<String> = probe
        .agents
        .iter()
        .map(|agent| agent.chars().filter(|c| !c.is_ascii_control()).collect())
        .collect();
    (body != probe.body || agents != probe.agents).then(|| Probe {
        body,
        agents,
        url: probe.url.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(body: &str) -> Probe {
        Probe {
            body: body.as_bytes().to_vec(),
            agents: vec!["MJ12bot".into()],
            url: "https://example.com/".into(),
        }
    }

    #[test]
    fn debris_goes_where_nothing_depends_on_it() {
        let found = probe("\u{feff}user-agent : MJ12bot \r\nDisallow: / # all\n\r");
        let tidied = tidy(&found, |_| true);
        assert_eq!(
            String::from_utf8_lossy(&tidied.body),
            "User-agent: MJ12bot\nDisallow: /\n"
        );
    }

    #[test]
    fn a_step_that_changes_an_answer_is_not_taken() {
        // Only the key's spelling matters here: every other step is taken.
        let found = probe("Disallow : /a\r\n\r");
        let keeps_spelling = |candidate: &Probe| candidate.body.starts_with(b"Disallow :");
        let tidied = tidy(&found, keeps_spelling);
        assert_eq!(String::from_utf8_lossy(&tidied.body), "Disallow : /a\n");
    }

    #[test]
    fn a_readable_case_is_left_as_it_is() {
        let found = probe("User-agent: *\nDisallow: /a\n");
        assert_eq!(tidy(&found, |_| true), found);
    }
}
