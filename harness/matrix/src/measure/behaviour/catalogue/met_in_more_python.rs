//! Behaviours first met in the differences of the other Python parsers (reppy2, robotstxt-py, gpyrobotstxt, fast-robotstxt, robots-txt-parser-py, robotexclusionrulesparser, cpython-robotparser), tried after
//! those before them in [`super::all`].

use super::Behaviour;

pub(super) const BEHAVIOURS: &[Behaviour] = &[];
