//! The contenders every benchmark measures the same way: `rep` (both APIs),
//! Google's parser, and the scan-only limit.

use rep::{Profile, Robots};

/// `rep` building the full structure: `Robots::parse`, then one check.
pub fn rep_one_shot(body: &[u8], agent: &[u8], url: &[u8]) -> bool {
    Robots::parse(body, Profile::GOOGLE).check_bytes(&[agent], url).allowed
}

/// `rep`'s one-pass API for Google's usage model: nothing is kept, and
/// groups that cannot apply are not matched.
pub fn rep_check_once(body: &[u8], agent: &[u8], url: &[u8]) -> bool {
    rep::check_once(body, Profile::GOOGLE, &[agent], url).allowed
}

/// Google's parser, which re-parses the body on every call. A C++ exception
/// (never seen on these inputs) counts as "disallowed" rather than aborting
/// the measurement.
pub fn google_one_shot(body: &[u8], agent: &[u8], url: &[u8]) -> bool {
    rep_reference::check_bytes(body, &[agent], url).is_ok_and(|verdict| verdict.allowed)
}

/// The least any parser must do: find every line end (CR or LF, both of
/// which end a line in RFC 9309 §2.2) with `memchr`, and nothing else.
/// Returns the number of line-end bytes so the search is not optimised away.
pub fn scan_only(body: &[u8]) -> usize {
    memchr::memchr2_iter(b'\n', b'\r', body).count()
}
