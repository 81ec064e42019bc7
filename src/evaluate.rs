//! Deciding a check: how a rule's pattern scores against a path, which
//! match is the best of its kind, and Google's rule for turning the best
//! allow and best disallow into a verdict. Shared by [`Robots`](crate::Robots)
//! and [`check_once`](crate::check_once) so the two cannot drift apart.

use std::borrow::Cow;

use crate::normalise::{self, Side};
use crate::pattern::{matches, matches_parts, LiteralStart};
use crate::url_path::path_params_query;
use crate::verdict::{DecidingRule, GroupChoice, Reason, RuleKind, Verdict};
use crate::{Profile, Switch};

/// The URL reduced to what rules are compared with, per the profile: its
/// path and query in the profile's normal form, and for RFC 9309 possibly a
/// second spelling of the same query (see [`normalise`]'s documentation).
/// Dereferences to the first spelling.
pub(crate) struct ComparablePath<'u> {
    path: Cow<'u, [u8]>,
    /// The query's `%3A` / `%2F` written as `:` / `/`, when there are any.
    query_delimiters_raw: Option<Vec<u8>>,
}

impl std::ops::Deref for ComparablePath<'_> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.path
    }
}

impl ComparablePath<'_> {
    /// Whether `pattern` matches either spelling of the path; `start` is what
    /// the caller knows of its literal start against the first spelling.
    fn matches(&self, pattern: &[u8], start: Option<LiteralStart>) -> bool {
        matches(&self.path, pattern, start)
            || self.query_delimiters_raw.as_deref().is_some_and(|raw| {
                // What `start` knows was compared with the first spelling only.
                let start = start.map(|start| LiteralStart {
                    known_equal: 0,
                    ..start
                });
                matches(raw, pattern, start)
            })
    }
}

/// The URL as rules see it under `profile`.
pub(crate) fn comparable_path<'u>(profile: &Profile, url: &'u [u8]) -> ComparablePath<'u> {
    let path = path_params_query(url, profile.is_on(Switch::NulEndsText));
    if profile.is_on(Switch::NoPercentNormalisation) {
        return ComparablePath {
            path,
            query_delimiters_raw: None,
        };
    }
    let mut normalised = Vec::with_capacity(path.len() + 8);
    normalise::rfc(&path, Side::Path, &mut normalised);
    ComparablePath {
        query_delimiters_raw: normalise::query_delimiters_raw(&normalised),
        path: Cow::Owned(normalised),
    }
}

/// Whether the profile lets `path` through as `/robots.txt` itself (§2.2.2).
pub(crate) fn is_robots_txt(profile: &Profile, path: &[u8]) -> bool {
    const ROBOTS_TXT: &[u8] = b"/robots.txt";
    !profile.is_on(Switch::RobotsTxtNotSpecial)
        && path.starts_with(ROBOTS_TXT)
        && matches!(path.get(ROBOTS_TXT.len()), None | Some(b'?'))
}

/// Appends the pattern `value` becomes under `profile` to `out`, or returns
/// false (writing nothing) when it is `value` unchanged.
pub(crate) fn normalise_pattern(profile: &Profile, value: &[u8], may_need_escaping: bool, out: &mut Vec<u8>) -> bool {
    if !profile.is_on(Switch::NoPercentNormalisation) {
        normalise::rfc(value, Side::Pattern, out);
        true
    } else if may_need_escaping {
        normalise::google_pattern(value, out);
        true
    } else {
        false
    }
}

/// Whether Google's `index.htm` rule can apply to a rule of `kind`.
pub(crate) fn index_html_applies(profile: &Profile, kind: RuleKind) -> bool {
    kind == RuleKind::Allow && profile.is_on(Switch::IndexHtml)
}

/// Google's `index.htm` rule: for an allow pattern whose last `/`-segment
/// starts with `index.htm`, the position of that `/`. The directory
/// (`pattern[..=slash]`, anchored) is tried when the pattern itself fails.
pub(crate) fn index_html_slash(profile: &Profile, kind: RuleKind, pattern: &[u8]) -> Option<usize> {
    if !index_html_applies(profile, kind) {
        return None;
    }
    let slash = pattern.iter().rposition(|&b| b == b'/')?;
    pattern[slash..].starts_with(b"/index.htm").then_some(slash)
}

/// Whether a byte stands for itself in a pattern and in a path under every
/// profile: no normalisation changes it (unreserved characters and `/`
/// outside the query, §2.2.2), and it is neither `*`, `$`, `%` nor `?`.
const fn is_plain(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'/')
}

/// [`is_plain`] for every byte: [`rules_out`] asks it of most rule lines'
/// first bytes, and one load beats its five comparisons.
const PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = is_plain(byte as u8);
        byte += 1;
    }
    table
};

/// Whether a pattern starting with `head` (raw, unnormalised; what follows
/// its leading plain bytes is never looked at) certainly cannot match
/// `path` (normalised): a plain byte of its literal start differs from the
/// path's. A path that ends inside the plain start rules the pattern out
/// too, unless `directory_may_match` (Google's `index.htm` rule can match a
/// shorter path). The plain start is the same before and after
/// normalisation, so this agrees with [`score`] on the normalised pattern.
pub(crate) fn rules_out(path: &[u8], head: &[u8], directory_may_match: bool) -> bool {
    for (at, &byte) in head.iter().enumerate() {
        if !PLAIN[usize::from(byte)] {
            return false;
        }
        match path.get(at) {
            Some(&expected) if expected == byte => {}
            Some(_) => return true,
            None => return !directory_may_match,
        }
    }
    false
}

/// A rule's priority against `path` — its pattern's length — and whether
/// only the `index.htm` directory matched; `None` when it does not match.
/// `start` is what the caller knows of the pattern's literal start against
/// the path's first spelling.
pub(crate) fn score(
    path: &ComparablePath<'_>,
    pattern: &[u8],
    index_html_slash: Option<usize>,
    start: Option<LiteralStart>,
) -> Option<(usize, bool)> {
    if path.matches(pattern, start) {
        return Some((pattern.len(), false));
    }
    let slash = index_html_slash?;
    // The directory pattern is `pattern[..=slash]` plus `$`: one byte longer.
    matches_parts(path, &pattern[..=slash], true, None).then_some((slash + 2, true))
}

/// The best match so far of one kind; `R` identifies the rule.
#[derive(Clone, Copy)]
pub(crate) struct Best<R> {
    /// -1 when nothing matched; otherwise the winning priority.
    priority: isize,
    /// The rule's position in the file, for ties.
    order: u32,
    rule: Option<(R, bool)>,
}

/// The best allow and the best disallow among the rules offered so far.
#[derive(Clone, Copy)]
pub(crate) struct Tally<R> {
    allow: Best<R>,
    disallow: Best<R>,
}

impl<R: Copy> Tally<R> {
    pub const EMPTY: Tally<R> = Tally {
        allow: Best {
            priority: -1,
            order: u32::MAX,
            rule: None,
        },
        disallow: Best {
            priority: -1,
            order: u32::MAX,
            rule: None,
        },
    };

    fn best(&mut self, kind: RuleKind) -> &mut Best<R> {
        match kind {
            RuleKind::Allow => &mut self.allow,
            RuleKind::Disallow => &mut self.disallow,
        }
    }

    /// Records a match of the rule at file position `order`. Among equal
    /// priorities the earlier rule wins (Google keeps the first it meets),
    /// so rules may be offered in any order.
    pub fn offer(&mut self, kind: RuleKind, (priority, via_index_html): (usize, bool), order: u32, rule: R) {
        let best = self.best(kind);
        let priority = priority as isize;
        if priority > best.priority || (priority == best.priority && order < best.order) {
            *best = Best {
                priority,
                order,
                rule: Some((rule, via_index_html)),
            };
        }
    }

    /// Whether a rule of `kind` at file position `order` whose pattern is
    /// `length` bytes long could still change the result: its priority is
    /// at most its length (the `index.htm` directory is shorter).
    pub fn could_improve(&mut self, kind: RuleKind, length: usize, order: u32) -> bool {
        let best = self.best(kind);
        let length = length as isize;
        length > best.priority || (length == best.priority && order < best.order)
    }

    /// The verdict, given where the rules came from. `describe` turns a rule
    /// id into its line, kind and pattern as written.
    pub fn verdict<'r>(
        &self,
        choice: GroupChoice,
        groups_have_rules: bool,
        agent_named: bool,
        describe: impl FnOnce(R) -> (u32, RuleKind, &'r [u8]),
    ) -> Verdict {
        // Google's decision: a disallow wins only with a positive priority
        // strictly above the best allow; the reported rule is the
        // disallow when it wins, the allow otherwise (ties go to allow).
        let (allow, disallow) = (self.allow, self.disallow);
        let winner = if disallow.priority > allow.priority {
            disallow
        } else {
            allow
        };
        let allowed = !(disallow.priority > allow.priority && disallow.priority > 0);
        let rule = winner.rule.map(|(id, via_index_html)| {
            let (line, kind, pattern) = describe(id);
            DecidingRule {
                line,
                kind,
                // `from_utf8` checks ASCII a word at a time; the lossy
                // conversion walks every byte, and is needed only for the
                // rare pattern that is not UTF-8.
                pattern: match std::str::from_utf8(pattern) {
                    Ok(text) => text.to_owned(),
                    Err(_) => String::from_utf8_lossy(pattern).into_owned(),
                },
                priority: winner.priority.max(0) as usize,
                via_index_html,
            }
        });
        let reason = match winner.priority {
            p if p > 0 => Reason::RuleMatched,
            0 => Reason::EmptyRuleMatched,
            _ if choice == GroupChoice::None => Reason::NoGroup,
            _ if !groups_have_rules => Reason::GroupHasNoRules,
            _ => Reason::NoRuleMatched,
        };
        Verdict {
            allowed,
            rule,
            group: choice,
            reason,
            agent_named,
        }
    }
}

/// The verdict for `/robots.txt` under a profile that always allows it.
pub(crate) fn robots_txt_verdict(agent_named: bool) -> Verdict {
    Verdict {
        allowed: true,
        rule: None,
        group: GroupChoice::None,
        reason: Reason::RobotsTxtAlwaysAllowed,
        agent_named,
    }
}

#[cfg(test)]
mod tests {
    use super::rules_out;

    #[test]
    fn a_differing_plain_byte_rules_a_pattern_out() {
        assert!(rules_out(b"/shop/cart", b"/shoes\n", false));
        assert!(rules_out(b"/", b"/admin", false));
        assert!(!rules_out(b"/shop/cart", b"/shop\n", false));
    }

    #[test]
    fn a_byte_that_is_not_plain_ends_the_look() {
        // `*`, `%`, `$`, `?`, a blank or a line end may all stand for
        // something else once normalised or matched.
        assert!(!rules_out(b"/x", b"/*y", false));
        assert!(!rules_out(b"/x", b"/%79", false));
        assert!(!rules_out(b"/x", b"/$", false));
        assert!(!rules_out(b"/x", b"/?y", false));
        assert!(!rules_out(b"/x", b"/ y", false));
        assert!(!rules_out(b"/x", b"\n/y", false));
    }

    #[test]
    fn a_shorter_path_may_still_match_an_index_html_directory() {
        assert!(!rules_out(b"/a/", b"/a/index.html", true));
        assert!(rules_out(b"/a/", b"/a/index.html", false));
        assert!(rules_out(b"/b/", b"/a/index.html", true));
    }
}
