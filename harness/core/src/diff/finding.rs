//! Findings: a minimised disagreement written as a case file in the suite's
//! schema (`reports/findings/<id>.yaml`), and `promote`, which moves one into
//! `cases/regressions/` with a `why` placeholder that fails validation until
//! a person replaces it.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::compare::{Differ, Disagreement, Probe};
use crate::case::write::{self, double_quoted};
use crate::implementation::{built_in, check_once, describe, Answer, ImplError};

/// The `why` a promoted case carries until a person writes one: it starts
/// with [`crate::case::UNWRITTEN_WHY_MARKER`], so the case loader rejects it.
pub const WHY_PLACEHOLDER: &str = "TODO: say which rule this case pins and cite it (RFC 9309 section or Google \
                                   behaviour), and confirm the rfc expectation";

/// A short, stable id for a minimised disagreement: FNV-1a (64-bit) over the
/// pair of implementations and the probe, as 12 hex digits. Stable across
/// runs, platforms and versions, so the same bug found twice gets one file.
pub fn finding_id(differ: &Differ, probe: &Probe) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &byte in bytes.iter().chain(&[0xff]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    feed(differ.a.name().as_bytes());
    feed(differ.b.name().as_bytes());
    feed(&probe.body);
    for agent in &probe.agents {
        feed(agent.as_bytes());
    }
    feed(probe.url.as_bytes());
    format!("{:012x}", hash >> 16)
}

/// Everything a finding file records.
pub struct Finding<'a> {
    /// The compared pair.
    pub differ: &'a Differ,
    /// The minimised input.
    pub probe: &'a Probe,
    /// The disagreement on the minimised input.
    pub disagreement: &'a Disagreement,
    /// How it was found, e.g. the command and seed.
    pub origin: &'a str,
    /// The implementation flags that rerun the pair (`--impl A --impl B`,
    /// or the `--adapter`/`--command` flags that were given).
    pub impl_flags: &'a str,
}

impl Finding<'_> {
    /// The finding's id (see [`finding_id`]).
    pub fn id(&self) -> String {
        finding_id(self.differ, self.probe)
    }

    /// The case file text. Expectations: `google` is what Google's parser
    /// decided (the oracle of that profile); `rfc` is what `rep-rfc` decided,
    /// to be confirmed by whoever promotes the case.
    pub fn render(&self, path: &Path) -> String {
        let id = self.id();
        let probe = self.probe;
        let agents = probe.agent_bytes();
        let url = probe.url.as_bytes();
        let decide = |name: &str| match built_in(name) {
            Some(implementation) => check_once(implementation.as_ref(), &probe.body, &agents, url),
            None => Err(ImplError::Unsupported(format!(
                "{name} is not in this build of reptest"
            ))),
        };
        let (google, rfc) = (decide("google"), decide("rep-rfc"));
        let (a, b) = (self.differ.a.name(), self.differ.b.name());
        let d = self.disagreement;
        let mut out = String::new();
        let _ = writeln!(out, "# Differential finding {id}, written by `reptest diff`.");
        let _ = writeln!(out, "# Pair: {a} vs {b}; class: {}", d.class);
        let _ = writeln!(out, "#   {a}: {}", describe(&d.a));
        let _ = writeln!(out, "#   {b}: {}", describe(&d.b));
        let _ = writeln!(out, "#   google (oracle of the google profile): {}", describe(&google));
        let _ = writeln!(out, "#   rep-rfc: {}", describe(&rfc));
        let _ = writeln!(out, "# Found by: {}", self.origin);
        let _ = writeln!(
            out,
            "# Recheck with: reptest run --cases {} {}",
            path.display(),
            self.impl_flags
        );
        let _ = writeln!(out, "# Promote with: reptest promote {id}");
        let _ = writeln!(out, "source: \"reptest diff finding {id} ({a} vs {b})\"");
        let _ = writeln!(out, "cases:");
        let _ = writeln!(out, "  - name: finding-{id}");
        let _ = writeln!(
            out,
            "    why: {}",
            double_quoted(&format!(
                "Differential finding, not yet reviewed: {a} and {b} disagree ({}); {a}: {}; {b}: {}.",
                d.class,
                describe(&d.a),
                describe(&d.b)
            ))
        );
        out.push_str(&write::body(&probe.body));
        let _ = writeln!(out, "    checks:");
        let _ = writeln!(out, "      - name: {}", write::check_names([probe.url.as_str()])[0]);
        if probe.agents.len() == 1 {
            let _ = writeln!(out, "        agent: {}", double_quoted(&probe.agents[0]));
        } else {
            let list: Vec<String> = probe.agents.iter().map(|agent| double_quoted(agent)).collect();
            let _ = writeln!(out, "        agents: [{}]", list.join(", "));
        }
        let _ = writeln!(out, "        url: {}", double_quoted(&probe.url));
        let _ = writeln!(
            out,
            "        google: {}  # Google's parser decided this",
            expectation(&google)
        );
        let _ = writeln!(
            out,
            "        rfc: {}  # rep-rfc decided this: confirm against RFC 9309 before promoting",
            expectation(&rfc)
        );
        out
    }

    /// Writes the finding to `<dir>/<id>.yaml` and returns the path.
    pub fn write(&self, dir: &Path) -> io::Result<PathBuf> {
        let path = dir.join(format!("{}.yaml", self.id()));
        crate::atomic::write_atomically(&path, self.render(&path).as_bytes())?;
        Ok(path)
    }
}

fn expectation(answer: &Answer) -> &'static str {
    match answer {
        Ok(outcome) if outcome.allowed => "allowed",
        Ok(_) => "disallowed",
        Err(_) => "implementation-defined",
    }
}

/// Moves finding `id` from `findings_dir` to `<cases_dir>/<id>.yaml`,
/// replacing its `why` with [`WHY_PLACEHOLDER`]. Refuses to overwrite.
pub fn promote(id: &str, findings_dir: &Path, cases_dir: &Path) -> Result<PathBuf, String> {
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(format!(
            "`{id}` is not a finding id (hex digits, as in reports/findings/<id>.yaml)"
        ));
    }
    let from = findings_dir.join(format!("{id}.yaml"));
    let text = fs::read_to_string(&from).map_err(|error| {
        let known: Vec<String> = fs::read_dir(findings_dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".yaml").map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        format!(
            "cannot read {}: {error}; findings there: {}",
            from.display(),
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            }
        )
    })?;
    let to = cases_dir.join(format!("{id}.yaml"));
    if to.exists() {
        return Err(format!("{} already exists; not overwriting it", to.display()));
    }
    let mut replaced = false;
    let promoted: String = text
        .lines()
        .map(|line| {
            if !replaced && line.starts_with("    why: ") {
                replaced = true;
                format!("    why: {}\n", double_quoted(WHY_PLACEHOLDER))
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    if !replaced {
        return Err(format!(
            "{} has no `why:` line; was it written by reptest diff?",
            from.display()
        ));
    }
    crate::atomic::write_atomically(&to, promoted.as_bytes())
        .map_err(|error| format!("cannot write {}: {error}", to.display()))?;
    fs::remove_file(&from)
        .map_err(|error| format!("wrote {} but cannot remove {}: {error}", to.display(), from.display()))?;
    Ok(to)
}
