//! Looking at eight bytes at once: a line or a path is read a `u64` word at
//! a time, which beats a byte-by-byte walk, and for the short runs robots.txt
//! lines and URL paths are made of, also beats `memchr`'s setup per call.
//!
//! The flags follow the usual "has a zero byte" trick: only bits above a
//! true match can be spurious, so the lowest flagged byte is exact.

/// 0x01 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte: set where a byte is non-ASCII.
pub(crate) const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Non-zero when some byte of `word` is below `limit` (at most 0x80).
pub(crate) fn has_byte_below(word: u64, limit: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(limit)) & !word & HIGH_BITS
}

/// Non-zero when some byte of `word` equals `byte`.
pub(crate) fn has_byte(word: u64, byte: u8) -> u64 {
    has_byte_below(word ^ (ONES * u64::from(byte)), 1)
}

/// The offset of the byte flagged lowest in a non-zero result of the
/// functions above (the word read little-endian).
pub(crate) fn first_flagged(flags: u64) -> usize {
    flags.trailing_zeros() as usize / 8
}

/// The first (up to) eight bytes of `bytes` as a little-endian word, the
/// bytes missing from a shorter slice set to `pad`.
pub(crate) fn first_word(bytes: &[u8], pad: u8) -> u64 {
    // Nearly always eight bytes follow (the rest of a body or a path): one load.
    let word: [u8; 8] = match bytes.get(..8).and_then(|first| first.try_into().ok()) {
        Some(first) => first,
        None => {
            let mut word = [pad; 8];
            word[..bytes.len()].copy_from_slice(bytes);
            word
        }
    };
    u64::from_le_bytes(word)
}

/// `bytes[at..at + 8]` as a little-endian word, when that many remain.
fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// How many of the first bytes of `bytes` equal `byte`.
pub(crate) fn leading_run(bytes: &[u8], byte: u8) -> usize {
    let mut at = 0;
    while let Some(word) = word_at(bytes, at) {
        // Zero bytes where `byte` is; the first non-zero one ends the run.
        let run = (word ^ (ONES * u64::from(byte))).trailing_zeros() as usize / 8;
        at += run;
        if run < 8 {
            return at;
        }
    }
    at + bytes[at..].iter().take_while(|&&b| b == byte).count()
}

/// The first byte of `bytes` that is one of the few in `set`.
#[inline]
pub(crate) fn find_any(bytes: &[u8], set: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(word) = word_at(bytes, at) {
        let flags = set.iter().fold(0, |flags, &byte| flags | has_byte(word, byte));
        if flags != 0 {
            return Some(at + first_flagged(flags));
        }
        at += 8;
    }
    bytes[at..]
        .iter()
        .position(|byte| set.contains(byte))
        .map(|offset| at + offset)
}

#[cfg(test)]
mod tests {
    use super::leading_run;

    #[test]
    fn a_leading_run_is_counted_across_words_and_in_the_tail() {
        for length in 0..40 {
            for rest in [&b""[..], b"x", b"\t ", b"xxxxxxxxxx"] {
                let mut bytes = vec![b' '; length];
                bytes.extend_from_slice(rest);
                assert_eq!(leading_run(&bytes, b' '), length, "{length} spaces then {rest:?}");
            }
        }
    }
}
