//! One stored rule: where its pattern lives in the arena, and what a
//! check can tell about it before calling the matcher.

use crate::pattern::LiteralStart;
use crate::verdict::RuleKind;

use super::Span;

/// One rule, in 32 bytes: parsed files hold many, and their size is most of
/// a parsed file's heap.
#[derive(Clone, Debug)]
pub(super) struct Rule {
    /// The first (up to eight) bytes of the pattern's literal start, as a
    /// little-endian word: see [`Rule::may_match`].
    pub(super) head: u64,
    /// The line, which is also the rule's position in the file for ties.
    pub(super) line: u32,
    /// The value as written.
    pub(super) raw: Span,
    /// The length of the value as compared (normalised per the profile). It
    /// follows `raw` in the arena when `normalised`, else it is `raw` itself.
    pub(super) pattern_len: u32,
    /// The length of the pattern's literal start (before its first `*`,
    /// without a final `$`).
    pub(super) literal_len: u32,
    pub(super) kind: RuleKind,
    pub(super) normalised: bool,
    /// Google's `index.htm` rule applies to the pattern (its `/` is found
    /// again when the pattern itself fails, which is rare).
    pub(super) index_html: bool,
    /// Every path this rule can match has the pattern's second byte (the
    /// second byte of `head`) right after its leading `/`; see
    /// `Robots::tally_group` in `check.rs`.
    pub(super) keyed: bool,
}

/// The part of a pattern every match must start with: up to its first `*`,
/// without a final `$` (the end anchor).
pub(super) fn literal_start(pattern: &[u8]) -> &[u8] {
    let body = pattern.strip_suffix(b"$").unwrap_or(pattern);
    body.split(|&byte| byte == b'*').next().unwrap_or(body)
}

/// The bits of the first `n` bytes of a little-endian word, for `n` from 0
/// to 8: a table, since a rule's mask is needed at each of its checks.
const HEAD_MASKS: [u64; 9] = {
    let mut masks = [0; 9];
    let mut n = 1;
    while n <= 8 {
        masks[n] = u64::MAX >> (64 - 8 * n);
        n += 1;
    }
    masks
};

impl Rule {
    pub(super) fn pattern(&self) -> Span {
        let start = if self.normalised {
            self.raw.start + self.raw.len
        } else {
            self.raw.start
        };
        Span {
            start,
            len: self.pattern_len,
        }
    }

    /// The byte every path this rule can match has after its `/`, when it
    /// is keyed: the order of a group's rules.
    pub(super) fn second_byte(&self) -> Option<u8> {
        self.keyed.then(|| self.key_byte())
    }

    /// The second byte of the pattern, which is what a keyed rule needs
    /// after the path's `/` (meaningless for a rule that is not keyed).
    pub(super) fn key_byte(&self) -> u8 {
        (self.head >> 8) as u8
    }

    /// How many bytes of `head` are the pattern's.
    fn head_len(&self) -> usize {
        (self.literal_len as usize).min(8)
    }

    /// Whether the rule may match a path whose first bytes are `path_head`
    /// (their [`first_word`](crate::word::first_word), zero padded): one
    /// comparison rules out most rules before the matcher is called. The
    /// `index.htm` directory is shorter than the pattern, so such rules are
    /// always left to the matcher.
    pub(super) fn may_match(&self, path_head: u64, path_len: usize) -> bool {
        if self.index_html {
            return true;
        }
        let length = self.head_len();
        path_len >= length && (path_head ^ self.head) & HEAD_MASKS[length] == 0
    }

    /// What [`Rule::may_match`] has shown of the literal start.
    pub(super) fn literal_start(&self) -> LiteralStart {
        LiteralStart {
            len: self.literal_len as usize,
            known_equal: if self.index_html { 0 } else { self.head_len() },
        }
    }
}

/// The byte a pattern requires right after the path's leading `/`, if any:
/// its own second byte when that is literal. Not for patterns that can
/// match `/` alone through Google's `index.htm` rule (`/index.html` → `/$`).
pub(super) fn required_second_byte(pattern: &[u8], index_html_slash: Option<usize>) -> Option<u8> {
    match pattern {
        [b'/', second, rest @ ..] if *second != b'*' && !(*second == b'$' && rest.is_empty()) => {
            (index_html_slash != Some(0)).then_some(*second)
        }
        _ => None,
    }
}
