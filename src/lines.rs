//! Splitting a body into numbered lines: byte order mark, line ends, the
//! size limit and the line-length cut, as the profile says.
//!
//! Each line is scanned once, eight bytes at a time. The scan also records
//! where the first NUL and `#` are and whether the line holds `%` or
//! non-ASCII bytes, so the directive parser need not scan the whole line again: on
//! the one-shot path (parse a file, check one URL) this scan is most of the
//! work.

use crate::line_end::LineEnds;
use crate::profile::{Profile, Switch, GOOGLE_MAX_LINE_BYTES};
use crate::word::{first_flagged, has_byte, has_byte_below, HIGH_BITS};

const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// What one line's scan found; positions are offsets in the line.
struct Scan {
    length: usize,
    nul: Option<usize>,
    hash: Option<usize>,
    percent: bool,
    non_ascii: bool,
}

impl Scan {
    /// Notes one byte; returns true at a line end.
    fn byte(&mut self, at: usize, byte: u8) -> bool {
        match byte {
            b'\n' | b'\r' => {
                self.length = at;
                return true;
            }
            0 => {
                self.nul.get_or_insert(at);
            }
            b'#' => {
                self.hash.get_or_insert(at);
            }
            b'%' => self.percent = true,
            0x80..=0xFF => self.non_ascii = true,
            _ => {}
        }
        false
    }
}

/// Scans `rest` up to its first CR or LF.
fn scan_line(rest: &[u8]) -> Scan {
    let mut scan = Scan {
        length: rest.len(),
        nul: None,
        hash: None,
        percent: false,
        non_ascii: false,
    };
    let mut chunks = rest.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        // NUL, LF and CR are all below 0x0E (so are tab, VT and FF, which
        // are rare and merely send a word down the exact byte-by-byte path).
        let notable = has_byte_below(word, 0x0E) | has_byte(word, b'#') | has_byte(word, b'%') | (word & HIGH_BITS);
        // Most words hold none of these bytes and are skipped whole. In the
        // others the lowest flagged byte is exact (only bits above a true
        // match can be spurious), so the exact byte-by-byte look starts there.
        if notable != 0 {
            let first = first_flagged(notable);
            if chunk[first..]
                .iter()
                .enumerate()
                .any(|(i, &byte)| scan.byte(at + first + i, byte))
            {
                return scan;
            }
        }
        at += 8;
    }
    for (i, &byte) in chunks.remainder().iter().enumerate() {
        if scan.byte(at + i, byte) {
            break;
        }
    }
    scan
}

/// One line of the body, without its line end, with what the scan found.
/// Positions are offsets into `text` and only name bytes that were kept.
pub(crate) struct Line<'a> {
    /// 1-based.
    pub number: u32,
    /// The kept bytes (the whole line unless it was cut).
    pub text: &'a [u8],
    pub first_nul: Option<usize>,
    pub first_hash: Option<usize>,
    /// The line holds a byte ≥ 0x80 (so it may be invalid UTF-8 or need escaping).
    pub has_non_ascii: bool,
    /// The line holds a `%` (so a pattern on it may need its escapes rewritten).
    pub has_percent: bool,
    /// Set when the line was longer than the profile keeps.
    pub cut: Option<Cut>,
}

impl<'a> Line<'a> {
    /// The line's text from `from` to where it ends: at its comment, or at a
    /// NUL when the profile says NUL ends text. Empty when `from` lies at or
    /// past that end.
    pub fn text_between(&self, from: usize, profile: &Profile) -> &'a [u8] {
        let mut end = self.first_hash.unwrap_or(self.text.len());
        if profile.is_on(Switch::NulEndsText) {
            end = end.min(self.first_nul.unwrap_or(end));
        }
        self.text.get(from..end).unwrap_or_default()
    }
}

/// A line that was cut.
pub(crate) struct Cut {
    pub length: usize,
    pub kept: usize,
}

/// The part of `body` that is parsed, as `(start, end)`: after the byte
/// order mark (so `start` is the number of BOM bytes skipped) and before the
/// size limit.
pub(crate) fn parsed_region(body: &[u8], profile: &Profile) -> (usize, usize) {
    let bom_len = if profile.is_on(Switch::PartialBom) {
        // Google skips the longest prefix of the body that is a prefix of the BOM.
        body.iter().zip(BOM).take_while(|(byte, bom)| **byte == *bom).count()
    } else if body.starts_with(&BOM) {
        BOM.len()
    } else {
        0
    };
    let end = match profile.size_limit() {
        Some(limit) if body.len() > limit => complete_lines_end(body, limit).max(bom_len),
        _ => body.len(),
    };
    (bom_len, end)
}

/// The end of the last line whose content lies wholly within the first
/// `limit` bytes: a rule cut in half could change meaning (`Disallow: /`
/// from `Disallow: /private`), so a partial line is dropped, not parsed.
fn complete_lines_end(body: &[u8], limit: usize) -> usize {
    if matches!(body[limit], b'\n' | b'\r') {
        return limit;
    }
    body[..limit]
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |pos| pos + 1)
}

/// What follows the line of `length` bytes at the start of `rest` and its
/// line end; `None` when the line runs to the end of `rest`.
fn after_line(rest: &[u8], length: usize) -> Option<&[u8]> {
    let after = match rest.get(length..)? {
        [b'\r', b'\n', after @ ..] => after,
        [_, after @ ..] => after,
        [] => return None,
    };
    Some(after)
}

/// Iterates over the lines of `body[start..end]`. CR, LF and CRLF each end a
/// line; the text after the last line end is a final line (possibly empty).
pub(crate) struct Lines<'a> {
    /// The region from the start of the next line; `None` once every line
    /// has been read. Kept as a slice, not as offsets into the body, so the
    /// read loop does not check bounds it already knows.
    rest: Option<&'a [u8]>,
    number: u32,
    max_len: usize,
    ends: LineEnds,
}

impl<'a> Lines<'a> {
    pub fn new(body: &'a [u8], start: usize, end: usize, profile: &Profile) -> Lines<'a> {
        let max_len = if profile.is_on(Switch::LineLengthCut) {
            GOOGLE_MAX_LINE_BYTES
        } else {
            usize::MAX
        };
        Lines {
            rest: Some(&body[start..end]),
            number: 0,
            max_len,
            ends: LineEnds::new(),
        }
    }

    /// The bytes from the start of the next line to the end of the region,
    /// or `None` once every line has been read.
    pub fn upcoming(&self) -> Option<&'a [u8]> {
        self.rest
    }

    /// The most bytes of a line that are kept.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The number of the last line read or skipped (0 before the first).
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The length of the next line, without its line end.
    #[inline(always)]
    pub fn line_length(&self) -> usize {
        let rest = self.rest.unwrap_or_default();
        self.ends.find(rest).unwrap_or(rest.len())
    }

    /// Passes over the next line without looking inside it: one search
    /// for its end, which is all a line nobody needs should cost.
    #[inline(always)]
    pub fn skip(&mut self) {
        self.pass(self.line_length());
    }

    /// Saturating: a body of over four billion lines (with no size limit)
    /// numbers the rest as its last, rather than overflowing.
    #[inline(always)]
    fn count_line(&mut self) {
        self.number = self.number.saturating_add(1);
    }

    /// Passes over the next line, known to be `length` bytes long.
    #[inline(always)]
    pub fn pass(&mut self, length: usize) {
        self.count_line();
        self.rest = self.rest.and_then(|rest| after_line(rest, length));
    }

    /// Reads the next line, whose first `plain` bytes the caller has seen
    /// to hold no line end, NUL, `#`, `%` or non-ASCII byte, so the scan
    /// starts after them.
    pub fn next_after(&mut self, plain: usize) -> Line<'a> {
        let rest = self.rest.unwrap_or_default();
        // A caller's `plain` never runs past the region; if it did, the
        // scan would start at the region's end rather than past it.
        let plain = plain.min(rest.len());
        let scan = scan_line(&rest[plain..]);
        let length = plain + scan.length;
        self.rest = after_line(rest, length);
        self.count_line();
        let kept = length.min(self.max_len);
        let within = |pos: Option<usize>| pos.map(|pos| pos + plain).filter(|&pos| pos < kept);
        Line {
            number: self.number,
            text: &rest[..kept],
            first_nul: within(scan.nul),
            first_hash: within(scan.hash),
            has_non_ascii: scan.non_ascii,
            has_percent: scan.percent,
            cut: (kept < length).then_some(Cut { length, kept }),
        }
    }
}
