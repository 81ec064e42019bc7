//! A stable split of corpus files into shards, by file name, so that work on
//! a crawl-scale corpus can be spread over machines (a CI matrix, batch
//! jobs) and merged afterwards.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (1-based), or the whole when `count` is 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: u32,
    /// How many shards.
    pub count: u32,
}

impl Shard {
    /// All files.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether the file called `name` belongs to this shard: FNV-1a of the
    /// name, modulo the count, so the split never depends on which other
    /// files exist or on their order.
    pub fn contains(&self, name: &str) -> bool {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for &byte in name.as_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        hash % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N` with 1 ≤ K ≤ N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("a shard is K/N with 1 <= K <= N (e.g. 2/8), not `{text}`");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.trim().parse().map_err(|_| bad())?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Checks that `parts` are the shards of one run, each exactly once:
/// `shard` says which shard a part is, `run` what it is a shard of (every
/// setting but the shard; two parts of one run give equal values). Says
/// which part does not belong, is given twice or is missing.
pub fn check_complete<T, R: PartialEq>(
    parts: &[T],
    shard: impl Fn(&T) -> Shard,
    run: impl Fn(&T) -> R,
) -> Result<(), String> {
    let Some(first) = parts.first() else {
        return Err("nothing to merge".into());
    };
    let (first_shard, first_run) = (shard(first), run(first));
    let count = first_shard.count;
    let mut seen = vec![false; count as usize];
    for part in parts {
        let this = shard(part);
        if this.count != count || run(part) != first_run {
            return Err(format!(
                "shard {this} is not of the same run as shard {first_shard} (the pair or implementations, the corpus, \
                 the seeds, the counts or the number of shards differ)"
            ));
        }
        if std::mem::replace(&mut seen[this.index as usize - 1], true) {
            return Err(format!("shard {this} is given twice"));
        }
    }
    match seen.iter().position(|seen| !seen) {
        Some(missing) => Err(format!("shard {}/{count} is missing", missing + 1)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_lands_in_exactly_one_shard() {
        let names: Vec<String> = (0..500).map(|n| format!("www.site{n}.example")).collect();
        for count in [1, 2, 3, 8] {
            for name in &names {
                let owners = (1..=count)
                    .filter(|&index| Shard { index, count }.contains(name))
                    .count();
                assert_eq!(owners, 1, "{name} in {count} shards");
            }
        }
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { index: 2, count: 8 }));
        assert!("0/8".parse::<Shard>().is_err() && "9/8".parse::<Shard>().is_err() && "x".parse::<Shard>().is_err());
    }

    #[test]
    fn a_complete_run_is_every_shard_once_of_one_run() {
        let part = |index, run: &'static str| (Shard { index, count: 3 }, run);
        let check = |parts: &[(Shard, &str)]| check_complete(parts, |p| p.0, |p| p.1);
        assert_eq!(check(&[part(2, "a"), part(1, "a"), part(3, "a")]), Ok(()));
        assert!(check(&[part(1, "a"), part(3, "a")])
            .unwrap_err()
            .contains("shard 2/3 is missing"));
        assert!(check(&[part(1, "a"), part(1, "a")])
            .unwrap_err()
            .contains("shard 1/3 is given twice"));
        assert!(check(&[part(1, "a"), part(2, "b")])
            .unwrap_err()
            .contains("not of the same run"));
        assert!(check(&[]).is_err());
    }
}
