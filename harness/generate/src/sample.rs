//! Checks aimed at an existing file: its own agents plus one it does not
//! name (so the `*` groups answer), against URLs on, inside, beside and past
//! each of its rules. The same file always gives the same checks, so every
//! parser is asked exactly the same questions.

use super::{harvest, variants, Query};

/// An agent no real file names: whatever answers it comes from the `*` groups.
pub const UNNAMED_AGENT: &str = "UnnamedReptestBot";

/// At most `budget` checks (and at least one) for `body`: rule-boundary
/// paths taken round-robin over its rules (so a small budget still spreads
/// over the file), plus `/`; agents cycle through the file's own and
/// [`UNNAMED_AGENT`], and URLs alternate between absolute and path-only.
pub fn sample(body: &[u8], budget: usize) -> Vec<Query> {
    let found = harvest(body);
    let mut agents = found.agents.clone();
    agents.push(UNNAMED_AGENT.to_owned());
    let per_pattern: Vec<Vec<Vec<u8>>> = found.patterns.iter().map(|p| variants(p)).collect();
    let deepest = per_pattern.iter().map(Vec::len).max().unwrap_or(0);
    let mut paths: Vec<Vec<u8>> = Vec::new();
    'fill: for depth in 0..deepest {
        for pattern_variants in &per_pattern {
            if paths.len() + 1 >= budget.max(1) {
                break 'fill;
            }
            if let Some(path) = pattern_variants.get(depth) {
                paths.push(path.clone());
            }
        }
    }
    paths.push(b"/".to_vec());
    paths
        .into_iter()
        .enumerate()
        .map(|(i, mut path)| {
            if !path.starts_with(b"/") {
                path.insert(0, b'/');
            }
            let path = String::from_utf8_lossy(&path).into_owned();
            let url = if i % 2 == 0 {
                format!("https://example.com{path}")
            } else {
                path
            };
            Query {
                agents: vec![agents[i % agents.len()].clone()],
                url,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_stay_within_budget_and_reach_every_agent() {
        let body = b"User-agent: FooBot\nDisallow: /a*\nUser-agent: *\nAllow: /b$\n";
        let queries = sample(body, 6);
        assert_eq!(queries.len(), 6);
        assert!(queries.last().unwrap().url.ends_with(".com/") || queries.last().unwrap().url == "/");
        let agents: Vec<&str> = queries.iter().map(|q| q.agents[0].as_str()).collect();
        assert!(agents.contains(&"FooBot") && agents.contains(&UNNAMED_AGENT));
        assert_eq!(sample(body, 6), queries, "the same file gives the same checks");
        assert_eq!(sample(b"", 6).len(), 1);
    }
}
