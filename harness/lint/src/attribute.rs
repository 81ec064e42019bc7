//! From checks on which parsers disagree to findings per line.
//!
//! For each check where the parsers that answered do not all agree, the
//! majority's verdict is taken as the file's reading (a tie goes to the side
//! Google's parser is on). Each parser of the minority is then paired with
//! one of the majority (a built-in where one is there) and the file's lines
//! are cut down, in whole lines and by halves, to the fewest on which the
//! pair still disagrees the same way. Among those, the responsible lines are
//! the ones whose change makes the minority parser answer like the majority:
//! the lines a confirmed library behaviour of the matrix edits (its
//! construct taken out), else the line whose canonical spelling settles it,
//! else all the lines left. A finding is reported once per set of
//! responsible lines, with every parser that reads them otherwise.
//!
//! A check whose minority parser, verdict and `rep` deciding lines match one
//! already attributed is counted with it without cutting again, so the work
//! grows with the number of distinct differences, not of checks.

use rep::{Profile, Robots};
use rep_core::diff::{shrink, Probe};
use rep_core::implementation::{join_command, Answer, Implementation};
use rep_matrix::measure::behaviour::{self, catalogue, Diagnosis};
use std::collections::HashMap;

use crate::ask::{verdict, verdicts, Check, Parser};
use crate::lines::{shown, with_ends};
use crate::model::{Because, Disagreement, Edit, Example, Finding, Fix, Reading, Severity, Side};

/// The most asks of one pair of parsers while cutting the lines for one difference.
const MAX_TRIES_PER_CUT: usize = 300;

/// The most differences cut per run; checks past it that match none already
/// found are counted as disagreeing but not attributed.
pub const MAX_CUTS: usize = 60;

/// What the caller prints to re-check an example: the `--robots` argument
/// and any implementation flags of its own.
#[derive(Clone, Debug, Default)]
pub struct Recheck {
    /// The `--robots` value (a path, or `-`).
    pub robots: String,
    /// Implementation flags after `--all` (e.g. `--adapter …`), as one
    /// command line would give them; empty for none.
    pub flags: String,
}

impl Recheck {
    fn command(&self, check: &Check) -> String {
        let words = [
            "--robots".to_string(),
            self.robots.clone(),
            "--agent".to_string(),
            check.agent.clone(),
            check.url.clone(),
        ];
        let flags = if self.flags.is_empty() {
            String::new()
        } else {
            format!(" {}", self.flags)
        };
        format!("reptest check --all{flags} {}", join_command(&words))
    }
}

/// One finding being gathered: its lines and who reads them how.
struct Gathered {
    lines: Vec<u32>,
    majority_allowed: bool,
    majority: Vec<usize>,
    example: Check,
    readings: Vec<(Vec<usize>, bool, Option<Because>, Check)>,
    fix: Option<Fix>,
    checks: Vec<usize>,
}

/// The state of one attribution run over one body.
struct Attribution<'a> {
    parsers: &'a [Parser],
    body: &'a [u8],
    lines: Vec<&'a [u8]>,
    diagnoses: HashMap<usize, Diagnosis>,
    google: Option<usize>,
}

/// What cutting one difference found.
struct Cut {
    lines: Vec<u32>,
    because: Option<Because>,
    fix: Option<Fix>,
}

/// The findings of disagreement among `parsers` on `checks` of `body`
/// (`answers[parser][check]`), and on how many checks they disagreed.
pub fn disagreements(
    parsers: &[Parser],
    body: &[u8],
    checks: &[Check],
    answers: &[Vec<Answer>],
    recheck: &Recheck,
) -> (Vec<Finding>, usize) {
    let google = ["google", "rep-google"]
        .iter()
        .find_map(|name| parsers.iter().position(|parser| parser.name == *name));
    let mut run = Attribution {
        parsers,
        body,
        lines: with_ends(body),
        diagnoses: HashMap::new(),
        google,
    };
    let mut gathered: Vec<Gathered> = Vec::new();
    let mut known: HashMap<(usize, bool, Option<u32>, Option<u32>), usize> = HashMap::new();
    let mut disagreeing = 0;
    let mut cuts = 0;
    let rfc = Robots::parse(body, Profile::RFC9309);
    let google_profile = Robots::parse(body, Profile::GOOGLE);
    for (index, check) in checks.iter().enumerate() {
        let said: Vec<Option<bool>> = answers
            .iter()
            .map(|column| column[index].as_ref().ok().map(|outcome| outcome.allowed))
            .collect();
        let Some(majority) = run.majority(&said) else {
            continue;
        };
        disagreeing += 1;
        let deciding = (
            rfc.check(&check.agent, &check.url).line(),
            google_profile.check(&check.agent, &check.url).line(),
        );
        for parser in (0..parsers.len()).filter(|&p| said[p] == Some(!majority)) {
            let signature = (parser, !majority, deciding.0, deciding.1);
            let at = match known.get(&signature).copied().or_else(|| {
                let partner = run.partner(&said, majority);
                run.already_found(&gathered, parser, partner, check, majority)
            }) {
                Some(at) => {
                    known.insert(signature, at);
                    at
                }
                None if cuts < MAX_CUTS => {
                    cuts += 1;
                    let partner = run.partner(&said, majority);
                    let cut = run.cut(parser, partner, check, majority);
                    let same = |g: &Gathered| g.lines == cut.lines && g.majority_allowed == majority;
                    let at = gathered.iter().position(same).unwrap_or_else(|| {
                        gathered.push(Gathered {
                            lines: cut.lines.clone(),
                            majority_allowed: majority,
                            majority: (0..parsers.len()).filter(|&p| said[p] == Some(majority)).collect(),
                            example: check.clone(),
                            readings: Vec::new(),
                            fix: None,
                            checks: Vec::new(),
                        });
                        gathered.len() - 1
                    });
                    gathered[at].add(parser, !majority, cut, check);
                    known.insert(signature, at);
                    at
                }
                None => continue,
            };
            let finding = &mut gathered[at];
            if finding.checks.last() != Some(&index) {
                finding.checks.push(index);
            }
        }
    }
    let findings = gathered
        .into_iter()
        .map(|gathered| run.finding(gathered, recheck))
        .collect();
    (findings, disagreeing)
}

impl Gathered {
    /// Adds `parser`, which answers `allowed` for the reason `cut` found,
    /// to the reading of that reason (a new one if none has it yet); and the
    /// cut's fix if this finding has none.
    fn add(&mut self, parser: usize, allowed: bool, cut: Cut, check: &Check) {
        if self.fix.is_none() {
            self.fix = cut.fix;
        }
        let id = cut.because.as_ref().map(|because| &because.id);
        let same = |reading: &&mut (Vec<usize>, bool, Option<Because>, Check)| {
            reading.1 == allowed && reading.2.as_ref().map(|because| &because.id) == id
        };
        match self.readings.iter_mut().find(same) {
            Some(reading) if !reading.0.contains(&parser) => reading.0.push(parser),
            Some(_) => {}
            None => self.readings.push((vec![parser], allowed, cut.because, check.clone())),
        }
    }
}

impl Attribution<'_> {
    /// The majority verdict of `said`, or `None` when every verdict given is the same.
    fn majority(&self, said: &[Option<bool>]) -> Option<bool> {
        let allowed = said.iter().filter(|&&v| v == Some(true)).count();
        let disallowed = said.iter().filter(|&&v| v == Some(false)).count();
        if allowed == 0 || disallowed == 0 {
            return None;
        }
        Some(match allowed.cmp(&disallowed) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => self.google.and_then(|g| said[g]).unwrap_or(true),
        })
    }

    /// The finding already gathered that accounts for `parser` answering
    /// `!majority` on `check`: the lines of every finding it reads otherwise
    /// taken out of the file together bring it round to `partner`'s answer
    /// (two blank lines in a row each end a group for a library that ends
    /// groups at blank lines: either alone changes nothing); the first of
    /// those findings.
    fn already_found(
        &self,
        gathered: &[Gathered],
        parser: usize,
        partner: usize,
        check: &Check,
        majority: bool,
    ) -> Option<usize> {
        let (library, reference) = (self.implementation(parser), self.implementation(partner));
        let reads_it = |finding: &Gathered| {
            finding
                .readings
                .iter()
                .any(|reading| reading.1 != majority && reading.0.contains(&parser))
        };
        let settles = |body: &[u8]| {
            verdict(library, body, check) == Some(majority) && verdict(reference, body, check) == Some(majority)
        };
        // A behaviour's construct taken out of the whole file (every blank
        // line of it, every `$`, …), as the cut took it out of the lines left.
        let by_behaviour = gathered.iter().position(|finding| {
            reads_it(finding)
                && finding.readings.iter().any(|reading| {
                    reading.0.contains(&parser)
                        && reading
                            .2
                            .as_ref()
                            .and_then(|because| catalogue::behaviour(&because.id))
                            .and_then(|behaviour| {
                                (behaviour.vary)(&Probe {
                                    body: self.body.to_vec(),
                                    agents: vec![check.agent.clone()],
                                    url: check.url.clone(),
                                })
                            })
                            .is_some_and(|varied| varied.agents == [check.agent.clone()] && settles(&varied.body))
                })
        });
        if by_behaviour.is_some() {
            return by_behaviour;
        }
        let first = gathered.iter().position(reads_it)?;
        let lines: Vec<u32> = gathered
            .iter()
            .filter(|finding| reads_it(finding))
            .flat_map(|finding| finding.lines.iter().copied())
            .collect();
        let without: Vec<usize> = (0..self.lines.len())
            .filter(|&i| !lines.contains(&(i as u32 + 1)))
            .collect();
        settles(&self.join(&without)).then_some(first)
    }

    /// A parser of the majority to cut against: a built-in where one is
    /// there (fast, and its reading is the one explained).
    fn partner(&self, said: &[Option<bool>], majority: bool) -> usize {
        let on_majority = |p: &usize| said[*p] == Some(majority);
        ["google", "rep-google", "rep-rfc"]
            .iter()
            .find_map(|name| {
                self.parsers
                    .iter()
                    .position(|parser| parser.name == *name)
                    .filter(on_majority)
            })
            .or_else(|| (0..self.parsers.len()).find(on_majority))
            .expect("a majority has a parser")
    }

    fn implementation(&self, parser: usize) -> &dyn Implementation {
        self.parsers[parser].implementation.as_ref()
    }

    /// Cuts the lines on which `parser` (answering `!majority`) and `partner`
    /// (answering `majority`) disagree on `check`, and finds the responsible ones.
    fn cut(&mut self, parser: usize, partner: usize, check: &Check, majority: bool) -> Cut {
        let parsers = self.parsers;
        let (library, reference) = (
            parsers[parser].implementation.as_ref(),
            parsers[partner].implementation.as_ref(),
        );
        let same_way = |body: &[u8]| {
            verdict(library, body, check) == Some(!majority) && verdict(reference, body, check) == Some(majority)
        };
        let mut tries = 0;
        let kept = shrink((0..self.lines.len()).collect::<Vec<usize>>(), |subset| {
            tries += 1;
            tries <= MAX_TRIES_PER_CUT && same_way(&self.join(subset))
        });
        let minimal = Probe {
            body: self.join(&kept),
            agents: vec![check.agent.clone()],
            url: check.url.clone(),
        };
        if let Some((because, edited)) = self.behaviour(parser, partner, &minimal, majority) {
            let lines: Vec<u32> = edited.iter().map(|&i| kept[i] as u32 + 1).collect();
            if !lines.is_empty() {
                let fix = self.behaviour_fix(&because.id, check);
                return Cut {
                    lines,
                    because: Some(because),
                    fix,
                };
            }
        }
        let because = self.switches(parser, partner, &minimal);
        for &line in &kept {
            let canonical = rep_core::diff::canonical(self.lines[line]);
            if canonical == self.lines[line] {
                continue;
            }
            let mut edited: Vec<Vec<u8>> = self.lines.iter().map(|line| line.to_vec()).collect();
            edited[line] = canonical.clone();
            let body = edited.concat();
            let settled = verdict(library, &body, check).is_some()
                && verdict(library, &body, check) == verdict(reference, &body, check);
            if settled {
                let fix = self
                    .agreed_on(&body, check)
                    .then(|| self.fix_of(&[(line, Some(canonical))], "spell the line as RFC 9309 writes it"));
                return Cut {
                    lines: vec![line as u32 + 1],
                    because,
                    fix,
                };
            }
        }
        // Nothing names the construct: the rules left are the lines to look
        // at (the user-agent line they need is not what is read otherwise,
        // or a behaviour about agents would have named it).
        let rules: Vec<usize> = kept.iter().copied().filter(|&i| is_rule_line(self.lines[i])).collect();
        let lines = if rules.is_empty() { kept } else { rules };
        Cut {
            lines: lines.iter().map(|&i| i as u32 + 1).collect(),
            because,
            fix: None,
        }
    }

    /// The lines `indices` of the body, joined.
    fn join(&self, indices: &[usize]) -> Vec<u8> {
        indices.iter().flat_map(|&i| self.lines[i].iter().copied()).collect()
    }

    /// The library behaviour behind `parser`'s reading of `minimal`, and
    /// the indexes of `minimal`'s lines its edit changes.
    fn behaviour(
        &mut self,
        parser: usize,
        partner: usize,
        minimal: &Probe,
        majority: bool,
    ) -> Option<(Because, Vec<usize>)> {
        if self.parsers[parser].implementation.rep_profile().is_some() || is_built_in(&self.parsers[parser].name) {
            return None;
        }
        let parsers = self.parsers;
        let library = parsers[parser].implementation.as_ref();
        let diagnosis = self
            .diagnoses
            .entry(parser)
            .or_insert_with(|| behaviour::diagnose(library));
        let reference = parsers[partner].implementation.as_ref();
        let cause = behaviour::explain(diagnosis, minimal, Some(majority), |varied| {
            let check = Check {
                agent: varied.agents.first().cloned().unwrap_or_default(),
                url: varied.url.clone(),
            };
            (
                verdict(library, &varied.body, &check),
                verdict(reference, &varied.body, &check),
            )
        })?;
        let before = with_ends(&minimal.body);
        let after = with_ends(&cause.varied.probe.body);
        let edited: Vec<usize> = if before.len() == after.len() {
            (0..before.len()).filter(|&i| before[i] != after[i]).collect()
        } else {
            (0..before.len()).filter(|&i| !after.contains(&before[i])).collect()
        };
        let because = Because {
            id: cause.behaviour.id.clone(),
            title: cause.behaviour.title.clone(),
        };
        Some((because, edited))
    }

    /// For two profiles of `rep` (or `rep-rfc` against Google's parser), the
    /// switches that account for their difference on `minimal`.
    fn switches(&self, parser: usize, partner: usize, minimal: &Probe) -> Option<Because> {
        let profile = |p: usize| {
            self.parsers[p]
                .implementation
                .rep_profile()
                .or_else(|| (self.parsers[p].name == "google").then_some(Profile::GOOGLE))
        };
        let (a, b) = (profile(parser)?, profile(partner)?);
        let switches = match rep::explain(a, b, &minimal.body, &minimal.agent_bytes(), minimal.url.as_bytes()) {
            rep::Explanation::Single(switches) | rep::Explanation::Combination(switches) => switches,
            _ => return None,
        };
        let names: Vec<&str> = switches.iter().map(|switch| switch.name()).collect();
        Some(Because {
            id: names.join("+"),
            title: format!(
                "Google's parser departs from RFC 9309 here (switch{} of rep: {})",
                if names.len() == 1 { "" } else { "es" },
                names.join(", ")
            ),
        })
    }

    /// The behaviour's edit applied to the whole file, if every parser then
    /// agrees with what Google's parser read before and only lines changed.
    fn behaviour_fix(&self, id: &str, check: &Check) -> Option<Fix> {
        let behaviour = catalogue::behaviour(id)?;
        let probe = Probe {
            body: self.body.to_vec(),
            agents: vec![check.agent.clone()],
            url: check.url.clone(),
        };
        let varied = (behaviour.vary)(&probe)?;
        if varied.agents != probe.agents || varied.url != probe.url || !self.agreed_on(&varied.body, check) {
            return None;
        }
        let after = with_ends(&varied.body);
        if after.len() != self.lines.len() {
            return None;
        }
        let edits: Vec<(usize, Option<Vec<u8>>)> = (0..after.len())
            .filter(|&i| after[i] != self.lines[i])
            .map(|i| (i, Some(after[i].to_vec())))
            .collect();
        let text = |line: &[u8]| shown(&[line], 1).text;
        let only_ends = edits
            .iter()
            .all(|(i, to)| to.as_deref().is_some_and(|to| text(self.lines[*i]) == text(to)));
        if edits.is_empty() || (!only_ends && edits.iter().any(|(i, _)| is_agent_line(self.lines[*i]))) {
            return None;
        }
        let how = if only_ends {
            "end these lines with LF (or CRLF) instead of a lone CR"
        } else {
            "take out the construct some parsers misread"
        };
        Some(self.fix_of(&edits, how))
    }

    /// Whether every parser that answers gives `body` the verdict Google's
    /// parser gives the file as it is, on `check`.
    fn agreed_on(&self, body: &[u8], check: &Check) -> bool {
        let Some(google) = self.google else {
            return false;
        };
        let Some(wanted) = verdict(self.implementation(google), self.body, check) else {
            return false;
        };
        let said = verdicts(self.parsers, body, check);
        said.iter().all(|v| v.is_none_or(|v| v == wanted)) && said.iter().any(Option::is_some)
    }

    fn fix_of(&self, edits: &[(usize, Option<Vec<u8>>)], how: &str) -> Fix {
        Fix {
            how: how.to_string(),
            edits: edits
                .iter()
                .map(|(line, to)| Edit {
                    line: *line as u32 + 1,
                    from: shown(&self.lines, *line as u32 + 1).text,
                    to: to.as_ref().map(|to| shown(&[to.as_slice()], 1).text),
                })
                .collect(),
        }
    }

    /// The finding of one gathered difference.
    fn finding(&self, gathered: Gathered, recheck: &Recheck) -> Finding {
        let name = |p: &usize| self.parsers[*p].name.clone();
        let example = |check: &Check| Example {
            agent: check.agent.clone(),
            url: check.url.clone(),
            recheck: recheck.command(check),
        };
        let explained = |profile| {
            Robots::parse(self.body, profile)
                .check(&gathered.example.agent, &gathered.example.url)
                .to_string()
        };
        let readings: Vec<Reading> = gathered
            .readings
            .iter()
            .map(|(parsers, allowed, because, check)| Reading {
                parsers: sorted_names(parsers, name),
                allowed: *allowed,
                because: because.clone(),
                example: example(check),
            })
            .collect();
        let others: Vec<String> = readings.iter().flat_map(|r| r.parsers.clone()).collect();
        // A parser that reads the lines otherwise on some check is not
        // counted with the majority, though it agreed on the first example.
        let majority: Vec<usize> = gathered
            .majority
            .iter()
            .copied()
            .filter(|p| !others.contains(&name(p)))
            .collect();
        let lines: Vec<_> = gathered.lines.iter().map(|&n| shown(&self.lines, n)).collect();
        let numbers: Vec<String> = gathered.lines.iter().map(u32::to_string).collect();
        Finding {
            rule: "disagreement".to_string(),
            severity: Severity::Warning,
            message: format!(
                "{} read line{} {} otherwise than the {} parser{} that find {} {} for {}",
                others.join(", "),
                if lines.len() == 1 { "" } else { "s" },
                numbers.join(", "),
                majority.len(),
                if majority.len() == 1 { "" } else { "s" },
                gathered.example.url,
                if gathered.majority_allowed {
                    "allowed"
                } else {
                    "disallowed"
                },
                gathered.example.agent,
            ),
            lines,
            clause: None,
            disagreement: Some(Disagreement {
                rfc: explained(Profile::RFC9309),
                google: explained(Profile::GOOGLE),
                majority: Side {
                    allowed: gathered.majority_allowed,
                    parsers: sorted_names(&majority, name),
                },
                readings,
                fix: gathered.fix,
                checks: gathered.checks.len(),
            }),
            crawlers: Vec::new(),
        }
    }
}

fn sorted_names(parsers: &[usize], name: impl Fn(&usize) -> String) -> Vec<String> {
    let mut sorted = parsers.to_vec();
    sorted.sort_unstable();
    sorted.iter().map(name).collect()
}

fn is_built_in(name: &str) -> bool {
    rep_core::implementation::BUILT_IN.contains(&name)
}

/// The key of `line` before its colon, trimmed.
fn key(line: &[u8]) -> &[u8] {
    let end = line.iter().position(|&b| b == b':').unwrap_or(0);
    line[..end].trim_ascii()
}

fn is_agent_line(line: &[u8]) -> bool {
    key(line).eq_ignore_ascii_case(b"user-agent")
}

fn is_rule_line(line: &[u8]) -> bool {
    let key = key(line);
    key.eq_ignore_ascii_case(b"allow") || key.eq_ignore_ascii_case(b"disallow")
}
