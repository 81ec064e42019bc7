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
}
