//! Finding where a line ends: its first CR or LF.
//!
//! A robots.txt line is short, so what a search costs is mostly its setup,
//! not its bytes. `memchr::memchr2` pays that setup on every call: it picks
//! an implementation for the CPU and spreads both needles over a vector
//! each time. A reader that skips most lines unread pays it hundreds of
//! thousands of times per corpus, so the searcher is built once per body
//! and kept.

/// Searches for the first CR or LF, its setup done once.
pub(crate) struct LineEnds {
    #[cfg(target_arch = "x86_64")]
    avx2: Option<memchr::arch::x86_64::avx2::memchr::Two>,
}

impl LineEnds {
    pub fn new() -> LineEnds {
        LineEnds {
            #[cfg(target_arch = "x86_64")]
            avx2: memchr::arch::x86_64::avx2::memchr::Two::new(b'\n', b'\r'),
        }
    }

    /// The offset of the first CR or LF in `bytes`.
    #[inline(always)]
    pub fn find(&self, bytes: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = &self.avx2 {
            return avx2.find(bytes);
        }
        memchr::memchr2(b'\n', b'\r', bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::LineEnds;

    #[test]
    fn finds_the_first_cr_or_lf_at_any_length() {
        let ends = LineEnds::new();
        for length in 0..100 {
            let mut bytes = vec![b'x'; length];
            assert_eq!(ends.find(&bytes), None);
            for at in (0..length).rev() {
                bytes[at] = if at % 2 == 0 { b'\n' } else { b'\r' };
                assert_eq!(ends.find(&bytes), Some(at), "length {length}");
            }
        }
    }
}
