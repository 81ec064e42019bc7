//! Splitting a body into numbered lines: byte order mark, line ends, the
//! size limit and the line-length cut, as the profile says.

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::profile::{Profile, Switch, GOOGLE_MAX_LINE_BYTES};

const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// One line of the body, without its line end.
pub(crate) struct Line<'a> {
    /// 1-based.
    pub number: u32,
    /// The kept bytes (the whole line unless it was cut).
    pub text: &'a [u8],
}

/// The part of `body` that is parsed: after the BOM and before the size
/// limit. Reports what it skipped into `diagnostics`.
pub(crate) fn parsed_region(body: &[u8], profile: &Profile, diagnostics: &mut Vec<Diagnostic>) -> (usize, usize) {
    let bom_len = if profile.is_on(Switch::PartialBom) {
        // Google skips the longest prefix of the body that is a prefix of the BOM.
        body.iter().zip(BOM).take_while(|(byte, bom)| **byte == *bom).count()
    } else if body.starts_with(&BOM) {
        BOM.len()
    } else {
        0
    };
    if bom_len > 0 {
        diagnostics.push(Diagnostic {
            line: 1,
            kind: DiagnosticKind::ByteOrderMark { skipped: bom_len },
        });
    }
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

/// Iterates over the lines of `body[start..end]`. CR, LF and CRLF each end a
/// line; the text after the last line end is a final line (possibly empty).
pub(crate) struct Lines<'a> {
    body: &'a [u8],
    pos: usize,
    end: usize,
    number: u32,
    max_len: Option<usize>,
    done: bool,
}

impl<'a> Lines<'a> {
    pub fn new(body: &'a [u8], start: usize, end: usize, profile: &Profile) -> Lines<'a> {
        let max_len = profile.is_on(Switch::LineLengthCut).then_some(GOOGLE_MAX_LINE_BYTES);
        Lines {
            body,
            pos: start,
            end,
            number: 0,
            max_len,
            done: false,
        }
    }
}

/// A line that was cut, reported by [`Lines`] alongside the line.
pub(crate) struct Cut {
    pub length: usize,
    pub kept: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = (Line<'a>, Option<Cut>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let rest = &self.body[self.pos..self.end];
        let (length, next_pos) = match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                let crlf = rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n');
                (i, self.pos + i + if crlf { 2 } else { 1 })
            }
            None => {
                self.done = true;
                (rest.len(), self.end)
            }
        };
        self.number += 1;
        let kept = self.max_len.map_or(length, |max| length.min(max));
        let cut = (kept < length).then_some(Cut { length, kept });
        let line = Line {
            number: self.number,
            text: &rest[..kept],
        };
        self.pos = next_pos;
        Some((line, cut))
    }
}
