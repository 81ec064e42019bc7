//! Shrinks a disagreement to a small input that still shows it, in the form
//! a person would write it: whole lines first; then each line in its
//! canonical spelling (`User-agent:` / `Allow:` / `Disallow:`, one space
//! after the colon, LF, no comment, no BOM) wherever the disagreement
//! survives it; bytes only while the body is still big (over
//! [`SMALL_LINES`] lines or [`SMALL_BYTES`] bytes); then the URL's path and
//! the list of agents, each agent kept whole. Repeated while a shorter URL
//! or fewer agents may let more of the body go. What comes out is still a case the suite can hold: every agent
//! stays non-empty and the URL keeps (or gains) a scheme and host; a URL
//! that shows the difference only bare stays a path, never empty.

use rep_generate::{authority_len, made_absolute, split_lines};

use super::compare::Probe;

/// The most times the minimiser asks whether a candidate still disagrees,
/// for in-process implementations; bounds the work on huge bodies.
pub const MAX_TRIES: usize = 20_000;

/// A body of at most this many lines and [`SMALL_BYTES`] bytes is small
/// enough to read: it is not cut below whole lines.
pub const SMALL_LINES: usize = 20;

/// See [`SMALL_LINES`].
pub const SMALL_BYTES: usize = 2048;

/// A smaller probe for which `keep` still holds (`keep(&probe)` must hold on
/// entry), asking `keep` at most `max_tries` times. `keep` should re-run the
/// implementations and compare the class of disagreement.
pub fn minimise(probe: Probe, max_tries: usize, keep: impl Fn(&Probe) -> bool) -> Probe {
    let mut tries = 0;
    let mut keep = |candidate: &Probe| {
        tries += 1;
        tries <= max_tries && keep(candidate)
    };
    let mut best = probe;
    loop {
        let lines = split_lines(&best.body);
        let lines = shrink(lines, |lines| {
            keep(&Probe {
                body: lines.concat(),
                ..best.clone()
            })
        });
        best.body = lines.concat();
        best.body = canonical_lines(&best.body, |body| {
            keep(&Probe {
                body: body.to_vec(),
                ..best.clone()
            })
        });
        let lines = split_lines(&best.body);
        if lines.len() > SMALL_LINES || best.body.len() > SMALL_BYTES {
            // Whole lines were tried just above: byte chunks start at the longest line.
            let longest = lines.iter().map(Vec::len).max().unwrap_or(1);
            best.body = shrink_from(best.body.clone(), longest, |body| {
                keep(&Probe {
                    body: body.to_vec(),
                    ..best.clone()
                })
            });
        }
        let (url, agents) = (best.url.clone(), best.agents.clone());
        if authority_len(&best.url) == 0 {
            let candidate = Probe {
                url: made_absolute(&best.url),
                ..best.clone()
            };
            if keep(&candidate) {
                best = candidate;
            }
        }
        // Scheme and host stay; a URL that must stay bare keeps its leading
        // `/` (a bare path, not an empty string, which no library takes).
        let fixed = match authority_len(&best.url) {
            0 if best.url.starts_with('/') => 1,
            length => length,
        };
        let origin = best.url[..fixed].to_owned();
        let path: Vec<char> = shrink(best.url[origin.len()..].chars().collect(), |path| {
            let url = format!("{origin}{}", path.iter().collect::<String>());
            !url.is_empty() && keep(&Probe { url, ..best.clone() })
        });
        best.url = format!("{origin}{}", path.into_iter().collect::<String>());
        best.agents = shrink(best.agents.clone(), |agents| {
            !agents.is_empty()
                && keep(&Probe {
                    agents: agents.to_vec(),
                    ..best.clone()
                })
        });
        // The body was shrunk against this URL and these agents: only a
        // shorter URL or fewer agents can let more of it go, so only then go
        // round again.
        if best.url == url && best.agents == agents {
            return best;
        }
    }
}

/// `body` with each line in its canonical spelling where `keep` still holds:
/// the whole body at once first (one ask when every line can be), then line
/// by line.
fn canonical_lines(body: &[u8], mut keep: impl FnMut(&[u8]) -> bool) -> Vec<u8> {
    let mut lines = split_lines(body);
    let canon: Vec<Vec<u8>> = lines.iter().map(|line| canonical(line)).collect();
    if canon == lines {
        return body.to_vec();
    }
    if keep(&canon.concat()) {
        return canon.concat();
    }
    for (index, line) in canon.into_iter().enumerate() {
        // The canonical spelling, else the line as written but tidied.
        for spelt in [line, tidy(&lines[index])] {
            if spelt == lines[index] {
                continue;
            }
            let mut candidate = lines.clone();
            candidate[index] = spelt;
            if keep(&candidate.concat()) {
                lines = candidate;
                break;
            }
        }
    }
    lines.concat()
}

/// A line with its key as written, but without BOM, comment, surrounding
/// whitespace or CR: `key: value` and LF.
fn tidy(line: &[u8]) -> Vec<u8> {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let line = line[..line.iter().position(|&b| b == b'#').unwrap_or(line.len())].trim_ascii();
    match line.iter().position(|&b| b == b':') {
        Some(at) => {
            let value = line[at + 1..].trim_ascii();
            let space: &[u8] = if value.is_empty() { b"" } else { b" " };
            [line[..at].trim_ascii(), b":", space, value, b"\n"].concat()
        }
        None => [line, b"\n"].concat(),
    }
}

/// A line as a person would write it: the BOM, the comment and the line end
/// dropped, a key that reads as `user-agent`, `allow` or `disallow` (any
/// case, any separator or misspelling of those) spelt so, one space after
/// the colon, LF. A line with neither colon nor recognisable key stays.
pub fn canonical(line: &[u8]) -> Vec<u8> {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let line = &line[..line.iter().position(|&b| b == b'#').unwrap_or(line.len())];
    let text = line.trim_ascii();
    let split = text
        .iter()
        .position(|&b| b == b':')
        .or_else(|| text.iter().position(|b| b.is_ascii_whitespace()));
    let Some(split) = split else {
        return if text.is_empty() {
            b"\n".to_vec()
        } else {
            [text, b"\n"].concat()
        };
    };
    let (key, value) = (&text[..split], text[split + 1..].trim_ascii());
    let letters: String = key
        .iter()
        .filter(|b| b.is_ascii_alphabetic())
        .map(|b| char::from(b.to_ascii_lowercase()))
        .collect();
    let key: &[u8] = if letters.starts_with("user") || letters == "agent" {
        b"User-agent"
    } else if letters.starts_with("disal") || letters.starts_with("dissal") {
        b"Disallow"
    } else if letters.starts_with("allow") {
        b"Allow"
    } else if text[split] == b':' {
        key.trim_ascii()
    } else {
        return [text, b"\n"].concat();
    };
    let space: &[u8] = if value.is_empty() { b"" } else { b" " };
    [key, b":", space, value, b"\n"].concat()
}

/// Removes chunks of `items` (halves, then quarters, … single items) while
/// `keep` still holds for what remains.
pub fn shrink<T: Clone>(items: Vec<T>, keep: impl FnMut(&[T]) -> bool) -> Vec<T> {
    let largest = items.len().div_ceil(2);
    shrink_from(items, largest, keep)
}

/// [`shrink`] with chunks of at most `largest` items to begin with.
fn shrink_from<T: Clone>(mut items: Vec<T>, largest: usize, mut keep: impl FnMut(&[T]) -> bool) -> Vec<T> {
    let mut chunk = largest.min(items.len().div_ceil(2)).max(1);
    loop {
        let mut start = 0;
        while start < items.len() {
            let end = (start + chunk).min(items.len());
            let mut candidate = items[..start].to_vec();
            candidate.extend_from_slice(&items[end..]);
            if keep(&candidate) {
                items = candidate;
            } else {
                start += chunk;
            }
        }
        if chunk == 1 {
            return items;
        }
        chunk = chunk.div_ceil(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_spelt_as_a_person_would() {
        let spelt = |line: &[u8]| String::from_utf8(canonical(line)).unwrap();
        assert_eq!(spelt(b"\xEF\xBB\xBFUserAgent F\r\n"), "User-agent: F\n");
        assert_eq!(spelt(b"DISALOW\t/ # no\n"), "Disallow: /\n");
        assert_eq!(spelt(b"allow:/x"), "Allow: /x\n");
        assert_eq!(spelt(b"Crawl-delay:  1.0\r"), "Crawl-delay: 1.0\n");
        assert_eq!(spelt(b"user-agent:"), "User-agent:\n");
        assert_eq!(spelt(b"junk"), "junk\n");
        assert_eq!(
            String::from_utf8(tidy(b"User Agent :  *\t\r\n")).unwrap(),
            "User Agent: *\n"
        );
    }

    #[test]
    fn shrink_finds_the_single_needed_item() {
        let items: Vec<u32> = (0..100).collect();
        assert_eq!(shrink(items, |rest| rest.contains(&37)), vec![37]);
    }

    #[test]
    fn a_url_stays_absolute_or_a_path_and_is_never_emptied() {
        let probe = |url: &str| Probe {
            body: b"User-agent: *\nDisallow: /\n".to_vec(),
            agents: vec!["A".into()],
            url: url.into(),
        };
        // Shows the difference only while bare: it stays a bare path.
        let bare = |candidate: &Probe| !candidate.url.contains("://");
        assert_eq!(minimise(probe("/abc"), MAX_TRIES, bare).url, "/");
        let shrunk = minimise(probe("abc"), MAX_TRIES, bare).url;
        assert!(!shrunk.is_empty() && !shrunk.contains("://"), "{shrunk}");
        // Shows it either way: it is made absolute, and keeps scheme and host.
        let small = minimise(probe("abc"), MAX_TRIES, |_| true);
        assert_eq!(small.url, "https://example.com");
    }
}
