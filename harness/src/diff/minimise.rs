//! Shrinks a disagreement to a small input that still shows it: whole lines
//! first, then bytes, then the URL and the agents, repeated until nothing
//! more can go.

use rep_generate::split_lines;

use super::compare::Probe;

/// The most times the minimiser asks whether a candidate still disagrees;
/// bounds the work on huge bodies.
const MAX_TRIES: usize = 20_000;

/// A smaller probe for which `keep` still holds (`keep(&probe)` must hold on
/// entry). `keep` should re-run both implementations and compare the class.
pub fn minimise(probe: Probe, keep: impl Fn(&Probe) -> bool) -> Probe {
    let mut tries = 0;
    let mut keep = |candidate: &Probe| {
        tries += 1;
        tries <= MAX_TRIES && keep(candidate)
    };
    let mut best = probe;
    loop {
        let before = best.clone();
        let lines = split_lines(&best.body);
        let lines = shrink(lines, |lines| {
            keep(&Probe {
                body: lines.concat(),
                ..best.clone()
            })
        });
        best.body = lines.concat();
        best.body = shrink(best.body.clone(), |body| {
            keep(&Probe {
                body: body.to_vec(),
                ..best.clone()
            })
        });
        let path_only = path_of(&best.url);
        if path_only != best.url {
            let candidate = Probe {
                url: path_only,
                ..best.clone()
            };
            if keep(&candidate) {
                best = candidate;
            }
        }
        let url: Vec<char> = shrink(best.url.chars().collect(), |url| {
            keep(&Probe {
                url: url.iter().collect(),
                ..best.clone()
            })
        });
        best.url = url.into_iter().collect();
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
                keep(&Probe { agents, ..best.clone() })
            });
            best.agents[i] = agent.into_iter().collect();
        }
        if best == before {
            return best;
        }
    }
}

/// Removes chunks of `items` (halves, then quarters, … single items) while
/// `keep` still holds for what remains.
fn shrink<T: Clone>(mut items: Vec<T>, mut keep: impl FnMut(&[T]) -> bool) -> Vec<T> {
    let mut chunk = items.len().div_ceil(2).max(1);
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

/// The URL without scheme and authority (`https://a.b/x?y` → `/x?y`).
fn path_of(url: &str) -> String {
    match url.find("://") {
        Some(at) => {
            let rest = &url[at + 3..];
            match rest.find('/') {
                Some(slash) => rest[slash..].to_owned(),
                None => "/".to_owned(),
            }
        }
        None => url.to_owned(),
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
    fn path_of_drops_scheme_and_host() {
        assert_eq!(path_of("https://a.b/x?y"), "/x?y");
        assert_eq!(path_of("https://a.b"), "/");
        assert_eq!(path_of("/p"), "/p");
    }
}
