//! Shrinks a disagreement to a small input that still shows it: whole lines
//! first, then bytes, then the URL's path and the agents, repeated while a
//! shorter URL or agent may let more of the body go. What comes out is still a case the suite can hold:
//! every agent stays non-empty and the URL keeps (or gains) a scheme and host.

use rep_generate::split_lines;

use super::compare::Probe;

/// The most times the minimiser asks whether a candidate still disagrees,
/// for in-process implementations; bounds the work on huge bodies.
pub const MAX_TRIES: usize = 20_000;

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
        // Whole lines were tried just above: byte chunks start at the longest line.
        let longest = lines.iter().map(Vec::len).max().unwrap_or(1);
        best.body = shrink_from(best.body.clone(), longest, |body| {
            keep(&Probe {
                body: body.to_vec(),
                ..best.clone()
            })
        });
        let (url, agents) = (best.url.clone(), best.agents.clone());
        if authority_len(&best.url) == 0 {
            let candidate = Probe {
                url: format!("{EXAMPLE_ORIGIN}{}", best.url),
                ..best.clone()
            };
            if keep(&candidate) {
                best = candidate;
            }
        }
        let origin = best.url[..authority_len(&best.url)].to_owned();
        let path: Vec<char> = shrink(best.url[origin.len()..].chars().collect(), |path| {
            keep(&Probe {
                url: format!("{origin}{}", path.iter().collect::<String>()),
                ..best.clone()
            })
        });
        best.url = format!("{origin}{}", path.into_iter().collect::<String>());
        best.agents = shrink(best.agents.clone(), |agents| {
            !agents.is_empty()
                && keep(&Probe {
                    agents: agents.to_vec(),
                    ..best.clone()
                })
        });
        for i in 0..best.agents.len() {
            let agent: Vec<char> = shrink(best.agents[i].chars().collect(), |agent| {
                let mut agents = best.agents.clone();
                agents[i] = agent.iter().collect();
                !agent.is_empty() && keep(&Probe { agents, ..best.clone() })
            });
            best.agents[i] = agent.into_iter().collect();
        }
        // The body was shrunk against this URL and these agents: only a
        // shorter URL or agent can let more of it go, so only then go round again.
        if best.url == url && best.agents == agents {
            return best;
        }
    }
}

/// Removes chunks of `items` (halves, then quarters, … single items) while
/// `keep` still holds for what remains.
fn shrink<T: Clone>(items: Vec<T>, keep: impl FnMut(&[T]) -> bool) -> Vec<T> {
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

/// The scheme and host a path-only URL is given, so findings hold absolute
/// URLs as the case format asks.
const EXAMPLE_ORIGIN: &str = "https://example.com";

/// The length of the URL's `scheme://authority` part (0 when it has none).
fn authority_len(url: &str) -> usize {
    match url.find("://") {
        Some(at) => {
            let rest = &url[at + 3..];
            at + 3 + rest.find('/').unwrap_or(rest.len())
        }
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_finds_the_single_needed_item() {
        let items: Vec<u32> = (0..100).collect();
        assert_eq!(shrink(items, |rest| rest.contains(&37)), vec![37]);
    }

    #[test]
    fn the_authority_is_measured_up_to_the_path() {
        assert_eq!(authority_len("https://a.b/x?y"), "https://a.b".len());
        assert_eq!(authority_len("https://a.b"), "https://a.b".len());
        assert_eq!(authority_len("/p"), 0);
    }
}
