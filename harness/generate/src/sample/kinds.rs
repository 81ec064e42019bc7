//! The real-world measurement's checks, by kind: every rule of every group
//! that applies to an agent, asked several ways, so that agreement can be
//! published per kind and the headline does not hang on the mix of kinds.
//!
//! For each agent asked (the file's own product tokens, two well-known
//! crawlers and one token no file names), the groups that apply to it are
//! found with a loose scanner of our own (a group names the agent's product
//! token, compared case-insensitively; else the `*` groups apply), and each
//! of their rules gives a check of each rule kind: its literal path, a page
//! below it, a sibling it does not cover, the literal path with a query.
//! Each agent is also asked `/` and an unrelated path. A file that offers
//! more than `per_kind` checks of one kind gets `per_kind` of them, chosen by
//! a shuffle seeded with a hash of the body: the same file always gives the
//! same checks, and a large file costs no more than a small one.

use super::{absolute, below, fnv1a, literal, plain, with_query, Query};
use super::{UNNAMED_AGENT, WELL_KNOWN_CRAWLERS};
use crate::harvest::is_token_byte;
use crate::SplitMix64;
use std::collections::{HashMap, HashSet};

/// One kind of real-world check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProbeKind {
    /// A rule's path made literal (`*` filled, `$` dropped).
    Literal,
    /// A page below a rule's literal path.
    Below,
    /// A path beside a rule's, at the same level, that the rule does not
    /// cover under RFC 9309's matching; in [`crawler_probes`], the unrelated
    /// path for a file that offers no such path.
    Sibling,
    /// A rule's literal path with a query added.
    Query,
    /// The site's root, `/`.
    Root,
    /// A path made from no rule ([`UNRELATED_PATH`]).
    Unrelated,
}

impl ProbeKind {
    /// Every kind, in report order.
    pub const ALL: [ProbeKind; 6] = [
        ProbeKind::Literal,
        ProbeKind::Below,
        ProbeKind::Sibling,
        ProbeKind::Query,
        ProbeKind::Root,
        ProbeKind::Unrelated,
    ];

    /// Its name in files and on the command line: `literal`, `below`,
    /// `sibling`, `query`, `root`, `unrelated`.
    pub fn name(self) -> &'static str {
        match self {
            ProbeKind::Literal => "literal",
            ProbeKind::Below => "below",
            ProbeKind::Sibling => "sibling",
            ProbeKind::Query => "query",
            ProbeKind::Root => "root",
            ProbeKind::Unrelated => "unrelated",
        }
    }

    /// The kind named `name` ([`ProbeKind::name`]).
    pub fn from_name(name: &str) -> Option<ProbeKind> {
        ProbeKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// What its checks ask, in words for a report.
    pub fn describe(self) -> &'static str {
        match self {
            ProbeKind::Literal => "a rule's own path",
            ProbeKind::Below => "a page below a rule's path",
            ProbeKind::Sibling => {
                "a path beside a rule's that the rule does not cover (the unrelated path where the file offers none)"
            }
            ProbeKind::Query => "a rule's path with a query",
            ProbeKind::Root => "the site's root `/`",
            ProbeKind::Unrelated => "a path no rule was made into",
        }
    }
}

/// The path of [`ProbeKind::Unrelated`] checks.
pub const UNRELATED_PATH: &str = "/reptest-unrelated/page.html";

/// Well-known crawlers asked of each file, besides its own agents and the
/// unnamed one (which ones depends on the body, so that the corpus as a
/// whole asks all of them).
const WELL_KNOWN_PER_FILE: usize = 2;

/// One check of the real-world sample and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindedQuery {
    /// What kind of check it is.
    pub kind: ProbeKind,
    /// The check: one agent, an absolute plain URL.
    pub query: Query,
}

/// A group as the loose scanner sees it.
#[derive(Debug, Default)]
struct Group {
    /// Product tokens of its user-agent lines, as written.
    products: Vec<String>,
    /// Whether a user-agent line of it is `*`.
    global: bool,
    /// Its non-empty allow and disallow values, trimmed, in file order.
    rules: Vec<Vec<u8>>,
}

/// The groups of `body`: lines end at CR or LF, `#` starts a comment, the
/// key is what precedes the first `:`. A user-agent line after a rule starts
/// a group; rules before any user-agent line belong to none. Loose on
/// purpose, as [`crate::harvest`]: a source of checks, not a parser.
fn groups(body: &[u8]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut in_agents = false;
    for line in body.split(|&b| b == b'\n' || b == b'\r') {
        let line = line.split(|&b| b == b'#').next().unwrap_or_default();
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            continue;
        };
        let key = line[..colon].trim_ascii().to_ascii_lowercase();
        let value = line[colon + 1..].trim_ascii();
        if key == b"user-agent" {
            if !in_agents {
                groups.push(Group::default());
                in_agents = true;
            }
            let group = groups.last_mut().expect("pushed above");
            if value.first() == Some(&b'*') {
                group.global = true;
            }
            let product: String = value
                .iter()
                .take_while(|&&b| is_token_byte(b))
                .map(|&b| char::from(b))
                .collect();
            if !product.is_empty() {
                group.products.push(product);
            }
        } else if key == b"allow" || key == b"disallow" {
            in_agents = false;
            if let Some(group) = groups.last_mut().filter(|_| !value.is_empty()) {
                if !group.rules.iter().any(|rule| rule == value) {
                    group.rules.push(value.to_vec());
                }
            }
        }
    }
    groups
}

/// The rules of the groups that apply to `agent`: those naming its product
/// token, else the `*` groups; each rule once, in file order.
fn rules_for<'a>(groups: &'a [Group], agent: &str) -> Vec<&'a [u8]> {
    let named = |group: &&Group| group.products.iter().any(|product| product.eq_ignore_ascii_case(agent));
    let applying: Vec<&Group> = if groups.iter().any(|group| named(&group)) {
        groups.iter().filter(named).collect()
    } else {
        groups.iter().filter(|group| group.global).collect()
    };
    let mut rules: Vec<&[u8]> = Vec::new();
    for rule in applying.into_iter().flat_map(|group| &group.rules) {
        if !rules.contains(&rule.as_slice()) {
            rules.push(rule);
        }
    }
    rules
}

/// Whether `pattern`, as an RFC 9309 rule, covers `path`.
fn covers(pattern: &[u8], path: &str) -> bool {
    let body = [&b"User-agent: *\nDisallow: "[..], pattern, b"\n"].concat();
    !rep::check_once(&body, rep::Profile::RFC9309, &[b"a"], absolute(path).as_bytes()).allowed
}

/// A path beside `pattern`'s literal path, at the same level, that the rule
/// does not cover: its last segment renamed (`other-` put before it), else
/// its last character changed; `None` when the rule covers both (`/*`).
pub fn sibling(pattern: &[u8]) -> Option<String> {
    let path = plain(&literal(pattern));
    let end = path.find('?').unwrap_or(path.len());
    let trimmed = path[..end].trim_end_matches('/');
    let slash = trimmed.rfind('/')?;
    let (parent, segment, rest) = (&trimmed[..=slash], &trimmed[slash + 1..], &path[trimmed.len()..end]);
    if segment.is_empty() {
        return None;
    }
    let renamed = format!("{parent}other-{segment}{rest}");
    let last = segment.chars().last()?;
    let changed_last = if last == 'q' { 'r' } else { 'q' };
    let changed = format!(
        "{parent}{}{changed_last}{rest}",
        &segment[..segment.len() - last.len_utf8()]
    );
    [renamed, changed]
        .into_iter()
        .find(|candidate| !covers(pattern, candidate))
}

/// The real-world checks of `body`, by kind, at most `per_kind` of each kind
/// (see the module documentation); none for a body that is not UTF-8 (the
/// edge sample's).
pub fn crawler_probes(body: &[u8], per_kind: usize) -> Vec<KindedQuery> {
    if std::str::from_utf8(body).is_err() {
        return Vec::new();
    }
    let mut agents: Vec<String> = Vec::new();
    let offset = (fnv1a(body) % WELL_KNOWN_CRAWLERS.len() as u64) as usize;
    let well_known = (0..WELL_KNOWN_PER_FILE).map(|i| WELL_KNOWN_CRAWLERS[(offset + i) % WELL_KNOWN_CRAWLERS.len()]);
    let own = named_agents(body);
    for agent in own.iter().map(String::as_str).chain(well_known).chain([UNNAMED_AGENT]) {
        if !agents.iter().any(|known| known.eq_ignore_ascii_case(agent)) {
            agents.push(agent.to_owned());
        }
    }
    let mut probes = probes_for_agents(body, &agents, per_kind);
    // A file that offers no sibling (no rule for any agent asked, or only
    // rules that cover every path) would be left out of the kinds the
    // headline averages; its unrelated check stands in, so that every file
    // weighs in it, files a library cannot read included.
    if !probes.iter().any(|probe| probe.kind == ProbeKind::Sibling) {
        if let Some(unrelated) = probes.iter().find(|probe| probe.kind == ProbeKind::Unrelated) {
            let stand_in = KindedQuery {
                kind: ProbeKind::Sibling,
                query: unrelated.query.clone(),
            };
            probes.push(stand_in);
        }
    }
    probes
}

/// The product tokens the user-agent lines of `body` name, as written, in
/// file order (each as often as it is written), read by the module's loose
/// scanner.
pub fn named_agents(body: &[u8]) -> Vec<String> {
    groups(body).into_iter().flat_map(|group| group.products).collect()
}

/// The checks of every kind that `agents` (each asked alone) make of `body`,
/// at most `per_kind` of each kind, chosen as [`crawler_probes`] chooses
/// them. Any body, text or not: a rule that is not UTF-8 gives the plain
/// (escaped) form of its path.
pub fn probes_for_agents(body: &[u8], agents: &[String], per_kind: usize) -> Vec<KindedQuery> {
    let groups = groups(body);
    // A file can name hundreds of agents over thousands of rules: each
    // rule's paths are made once, and a check is a pair of indexes (agent,
    // path) until the choice is made.
    let mut paths = Paths::default();
    let mut by_rule: HashMap<&[u8], [Option<usize>; 4]> = HashMap::new();
    let mut candidates: Vec<Vec<(usize, usize)>> = vec![Vec::new(); ProbeKind::ALL.len()];
    let mut seen: HashSet<(ProbeKind, usize, usize)> = HashSet::new();
    let mut add = |kind: ProbeKind, agent: usize, path: Option<usize>| {
        if let Some(path) = path.filter(|&path| seen.insert((kind, agent, path))) {
            candidates[kind as usize].push((agent, path));
        }
    };
    let (root, unrelated) = (paths.id("/".to_owned()), paths.id(UNRELATED_PATH.to_owned()));
    for (agent, name) in agents.iter().enumerate() {
        for pattern in rules_for(&groups, name) {
            let [literal_path, below_path, sibling_path, query_path] = *by_rule.entry(pattern).or_insert_with(|| {
                let path = plain(&literal(pattern));
                [
                    Some(paths.id(path.clone())),
                    below(&path).map(|below| paths.id(below)),
                    sibling(pattern).map(|sibling| paths.id(sibling)),
                    Some(paths.id(with_query(&path))),
                ]
            });
            add(ProbeKind::Literal, agent, literal_path);
            add(ProbeKind::Below, agent, below_path);
            add(ProbeKind::Sibling, agent, sibling_path);
            add(ProbeKind::Query, agent, query_path);
        }
        add(ProbeKind::Root, agent, Some(root));
        add(ProbeKind::Unrelated, agent, Some(unrelated));
    }
    let mut random = SplitMix64::new(fnv1a(body));
    ProbeKind::ALL
        .into_iter()
        .zip(candidates)
        .flat_map(|(kind, list)| {
            seeded_choice(list, per_kind, &mut random)
                .into_iter()
                .map(move |(agent, path)| (kind, agent, path))
        })
        .map(|(kind, agent, path)| KindedQuery {
            kind,
            query: Query {
                agents: vec![agents[agent].clone()],
                url: absolute(&paths.list[path]),
            },
        })
        .collect()
}

/// The distinct paths of one file's checks, each with its index.
#[derive(Default)]
struct Paths {
    list: Vec<String>,
    index: HashMap<String, usize>,
}

impl Paths {
    /// The index of `path`, added if new.
    fn id(&mut self, path: String) -> usize {
        if let Some(&known) = self.index.get(&path) {
            return known;
        }
        self.list.push(path.clone());
        self.index.insert(path, self.list.len() - 1);
        self.list.len() - 1
    }
}

/// At most `cap` items of `items`, chosen by a partial Fisher-Yates shuffle
/// drawing from `random` when there are more, and kept in their order.
pub fn seeded_choice<T>(items: Vec<T>, cap: usize, random: &mut SplitMix64) -> Vec<T> {
    if items.len() <= cap {
        return items;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    for i in 0..cap {
        let left = (order.len() - i) as u64;
        let j = i + (random.next_u64() % left) as usize;
        order.swap(i, j);
    }
    let mut chosen = order[..cap].to_vec();
    chosen.sort_unstable();
    let mut items: Vec<Option<T>> = items.into_iter().map(Some).collect();
    chosen.into_iter().filter_map(|index| items[index].take()).collect()
}

#[cfg(test)]
mod tests;
