//! From suite 3.x's check ids to 4.0's. Suite 3.x numbered the checks of a
//! case (`<case id>#<n>`), so inserting one renumbered the rest; from 4.0 a
//! check has a name (`<case id>/<name>`). `cases/ids-from-3.x.yaml` maps
//! every 3.x id to its 4.0 id (or to null, for a check that was removed),
//! and [`upgrade`] rewrites an expected-failures list with it
//! (`reptest baseline --upgrade FILE`).

use std::collections::BTreeMap;
use std::fmt::Write;

/// The map: each 3.x id and its 4.0 id, `None` when the check is gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdMap {
    /// The last 3.x suite version the old ids are from.
    pub from: String,
    ids: BTreeMap<String, Option<String>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    from: String,
    ids: BTreeMap<String, Option<String>>,
}

impl IdMap {
    /// Reads the map's YAML text; an error says what is wrong.
    pub fn parse(text: &str) -> Result<IdMap, String> {
        let raw: RawMap = serde_yaml::from_str(text).map_err(|error| error.to_string())?;
        if let Some(id) = raw.ids.keys().find(|id| !is_numbered_id(id)) {
            return Err(format!("`{id}` is not a 3.x check id (`<case id>#<n>`)"));
        }
        Ok(IdMap {
            from: raw.from,
            ids: raw.ids,
        })
    }

    /// What became of 3.x id `old`: `Some(Some(new))` renamed, `Some(None)`
    /// removed, `None` when the map does not know it.
    pub fn get(&self, old: &str) -> Option<Option<&str>> {
        self.ids.get(old).map(Option::as_deref)
    }

    /// The 4.0 id of the check suite 3.x called `old`, for someone who
    /// gave `old`; an error says that suite 4.0 removed the check, or that
    /// suite 3.x had no such check.
    pub fn successor(&self, old: &str) -> Result<&str, String> {
        match self.get(old) {
            Some(Some(new)) => Ok(new),
            Some(None) => Err(format!(
                "`{old}` is a check of suite {} that suite 4.0 removed (cases/CHANGES.md says why)",
                self.from
            )),
            None => Err(format!(
                "`{old}` has the form of a suite 3.x id (`<case id>#<n>`), but suite {} had no such check",
                self.from
            )),
        }
    }

    /// How many 3.x ids the map holds.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

/// Whether `id` has the shape of a 3.x check id: `<case id>#<n>`.
pub fn is_numbered_id(id: &str) -> bool {
    id.rsplit_once('#').is_some_and(|(case, number)| {
        case.contains('/') && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
    })
}

/// An expected-failures list rewritten to 4.0 ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Upgraded {
    /// The new text: every 3.x id replaced by its 4.0 id; a removed or
    /// unknown one replaced by a comment that says so. Every other line is
    /// kept as it was.
    pub text: String,
    /// How many ids were renamed.
    pub renamed: usize,
    /// (1-based line, 3.x id) of each listed check that suite 4.0 removed.
    pub removed: Vec<(usize, String)>,
    /// (1-based line, id) of each numbered id the map does not know.
    pub unknown: Vec<(usize, String)>,
}

impl Upgraded {
    /// What to tell the user, a line per id that did not carry over, then
    /// the counts; `file` names the list.
    pub fn explain(&self, file: &str) -> String {
        let mut out = String::new();
        for (line, id) in &self.removed {
            let _ = writeln!(
                out,
                "{file}:{line}: {id} was removed in suite 4.0 (see cases/CHANGES.md): now a comment"
            );
        }
        for (line, id) in &self.unknown {
            let _ = writeln!(
                out,
                "{file}:{line}: {id} is no check of suite 3.x (a typo, or already stale): now a comment"
            );
        }
        let _ = writeln!(
            out,
            "{file}: {} id(s) renamed to suite 4.0's, {} removed, {} unknown",
            self.renamed,
            self.removed.len(),
            self.unknown.len()
        );
        out
    }
}

/// `list` (an expected-failures file) with its 3.x ids replaced by 4.0's.
/// Comments, blank lines and ids that are already 4.0's stay as they are;
/// line ends become `\n`. Upgrading an upgraded list changes nothing.
pub fn upgrade(list: &str, map: &IdMap) -> Upgraded {
    let mut upgraded = Upgraded::default();
    for (index, line) in list.lines().enumerate() {
        let id = line.trim();
        let new_line = if id.starts_with('#') || !is_numbered_id(id) {
            line.to_string()
        } else {
            match map.get(id) {
                Some(Some(new)) => {
                    upgraded.renamed += 1;
                    new.to_string()
                }
                Some(None) => {
                    upgraded.removed.push((index + 1, id.to_string()));
                    format!("# removed in suite 4.0: {id}")
                }
                None => {
                    upgraded.unknown.push((index + 1, id.to_string()));
                    format!("# not a check of suite {}: {id}", map.from)
                }
            }
        };
        upgraded.text.push_str(&new_line);
        upgraded.text.push('\n');
    }
    upgraded
}

/// The map built into this binary.
pub fn built_in() -> Result<IdMap, String> {
    let text = crate::case::embedded::id_map_text()
        .ok_or_else(|| format!("this reptest was built without cases/{}", crate::case::ID_MAP_FILE))?;
    IdMap::parse(text).map_err(|error| format!("cases/{}: {error}", crate::case::ID_MAP_FILE))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "from: \"3.1.0\"\nids:\n  \"a/b/c#1\": \"a/b/c/root\"\n  \"a/b/c#2\": null\n";

    #[test]
    fn lists_are_upgraded_line_by_line_and_only_once() {
        let map = IdMap::parse(MAP).unwrap();
        let list = "# header\n\n# why\na/b/c#1\n  a/b/c#2\na/b/c#9\na/b/d/kept\n";
        let upgraded = upgrade(list, &map);
        assert_eq!(
            upgraded.text,
            "# header\n\n# why\na/b/c/root\n# removed in suite 4.0: a/b/c#2\n# not a check of suite 3.1.0: a/b/c#9\na/b/d/kept\n"
        );
        assert_eq!(upgraded.renamed, 1);
        assert_eq!(upgraded.removed, [(5, "a/b/c#2".to_string())]);
        assert_eq!(upgraded.unknown, [(6, "a/b/c#9".to_string())]);
        let again = upgrade(&upgraded.text, &map);
        assert_eq!(again.text, upgraded.text);
        assert_eq!((again.renamed, again.removed.len(), again.unknown.len()), (0, 0, 0));
    }

    #[test]
    fn successors_are_named_and_what_has_none_is_explained() {
        let map = IdMap::parse(MAP).unwrap();
        assert_eq!(map.successor("a/b/c#1"), Ok("a/b/c/root"));
        let removed = map.successor("a/b/c#2").unwrap_err();
        assert!(removed.contains("suite 3.1.0 that suite 4.0 removed"), "{removed}");
        let unknown = map.successor("a/b/c#9").unwrap_err();
        assert!(unknown.contains("suite 3.1.0 had no such check"), "{unknown}");
    }

    #[test]
    fn a_map_holds_only_numbered_ids() {
        let error = IdMap::parse("from: \"3.1.0\"\nids:\n  \"a/b/c\": null\n").unwrap_err();
        assert!(error.contains("`a/b/c` is not a 3.x check id"), "{error}");
    }

    #[test]
    fn the_built_in_map_names_every_check_of_the_suite_once() {
        let map = built_in().unwrap();
        let suite = crate::case::embedded::load().unwrap();
        let ids: std::collections::BTreeSet<String> = suite
            .iter()
            .flat_map(|file| &file.cases)
            .flat_map(|case| (0..case.checks.len()).map(move |index| case.check_id(index)))
            .collect();
        let mut targets = std::collections::BTreeSet::new();
        for new in map.ids.values().flatten() {
            assert!(ids.contains(new), "the map names {new}, which the suite does not have");
            assert!(targets.insert(new), "two 3.x ids map to {new}");
        }
        assert_eq!(map.from, "3.1.0");
        // Suite 3.1.0 had 818 checks: each is in the map, renamed or removed.
        assert_eq!(map.len(), 818);
    }
}
