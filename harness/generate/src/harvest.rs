//! Reads the agent names and rule patterns out of an existing body (a
//! corpus file, a mutated one) with a deliberately simple scanner of its own,
//! so that probes do not depend on the parser under test.

/// What a body names: product tokens of its user-agent lines and the values
/// of its allow/disallow lines, in file order, without duplicates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Harvest {
    /// Leading `[A-Za-z_-]` runs of user-agent values (`*` excluded): the
    /// part Google's parser matches.
    pub agents: Vec<String>,
    /// Product tokens of user-agent values as written: the leading run of
    /// HTTP token characters other than `*` (`MJ12bot/v1.4` → `MJ12bot`),
    /// what a crawler of that name announces itself as.
    pub products: Vec<String>,
    /// Allow and disallow values, trimmed, comments removed.
    pub patterns: Vec<Vec<u8>>,
}

/// Scans `body`: lines end at CR or LF, `#` starts a comment, the key is what
/// precedes the first `:`; keys containing `agent` name agents, keys
/// containing `allow` carry patterns. Loose on purpose: it is a source of
/// probes, not a parser.
pub fn harvest(body: &[u8]) -> Harvest {
    let mut found = Harvest::default();
    for line in body.split(|&b| b == b'\n' || b == b'\r') {
        let line = match line.iter().position(|&b| b == b'#') {
            Some(at) => &line[..at],
            None => line,
        };
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            continue;
        };
        let key = line[..colon].to_ascii_lowercase();
        let value = line[colon + 1..].trim_ascii();
        if contains(&key, b"agent") {
            let token: String = value
                .iter()
                .take_while(|b| b.is_ascii_alphabetic() || **b == b'-' || **b == b'_')
                .map(|&b| b as char)
                .collect();
            if !token.is_empty() && !found.agents.contains(&token) {
                found.agents.push(token);
            }
            let product: String = value
                .iter()
                .take_while(|&&b| is_token_byte(b))
                .map(|&b| b as char)
                .collect();
            if !product.is_empty() && !found.products.contains(&product) {
                found.products.push(product);
            }
        } else if contains(&key, b"allow") && !found.patterns.iter().any(|p| p == value) {
            found.patterns.push(value.to_vec());
        }
    }
    found
}

/// An RFC 9110 `tchar` other than `*`.
pub(crate) fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"!#$%&'+-.^_`|~".contains(&byte)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_agents_and_patterns() {
        let found = harvest(
            b"User-agent: FooBot/2\r\nuser-agent: *\nDisallow: /a # x\rAllow:/b\nDisallow: /a\nUser-agent: MJ12bot\nUser-agent: Google*\n",
        );
        assert_eq!(
            found.agents,
            vec!["FooBot".to_string(), "MJ".to_string(), "Google".to_string()]
        );
        assert_eq!(
            found.products,
            vec!["FooBot".to_string(), "MJ12bot".to_string(), "Google".to_string()]
        );
        assert_eq!(found.patterns, vec![b"/a".to_vec(), b"/b".to_vec()]);
    }
}
