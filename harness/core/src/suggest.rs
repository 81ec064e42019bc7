//! The ids nearest one that names nothing, so a message about a typo or a
//! half-remembered id can say which ones were likely meant.

/// At most `count` of `ids` nearest `wanted`, nearest first: ids that
/// contain `wanted` (a case id, a part of a name), shortest first; then the
/// rest by edit distance, ids that share a longer first part with `wanted`
/// first among equals. Empty when `ids` is.
pub fn nearest<'a>(wanted: &str, ids: impl IntoIterator<Item = &'a str>, count: usize) -> Vec<&'a str> {
    let mut scored: Vec<((bool, usize, usize), &str)> = ids
        .into_iter()
        .map(|id| {
            let contains = id.contains(wanted);
            let distance = if contains {
                id.len()
            } else {
                strsim::levenshtein(wanted, id)
            };
            let shared = id.bytes().zip(wanted.bytes()).take_while(|(a, b)| a == b).count();
            ((!contains, distance, usize::MAX - shared), id)
        })
        .collect();
    scored.sort_unstable();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(count).map(|(_, id)| id).collect()
}

#[cfg(test)]
mod tests {
    use super::nearest;

    const IDS: [&str; 4] = [
        "rfc9309/2.2.2-matching/longest-match-wins/archive-x",
        "rfc9309/2.2.2-matching/longest-match-wins/archive-public",
        "rfc9309/2.2.1-user-agent/star-group/any",
        "myths/paths/trailing-slash/dir",
    ];

    #[test]
    fn a_part_of_an_id_names_the_ids_that_contain_it() {
        // Both contain it, the shorter first; the others follow.
        assert_eq!(nearest("longest-match-wins", IDS, 2), [IDS[0], IDS[1]]);
        assert_eq!(nearest("longest-match-wins", IDS, 9).len(), 4);
    }

    #[test]
    fn a_typo_names_the_id_it_is_nearest() {
        assert_eq!(
            nearest("rfc9309/2.2.2-matching/longest-match-win/archive-x", IDS, 1),
            [IDS[0]]
        );
        assert_eq!(nearest("myths/path/trailing-slash/dir", IDS, 1), [IDS[3]]);
        assert!(nearest("x", [], 3).is_empty());
    }
}
