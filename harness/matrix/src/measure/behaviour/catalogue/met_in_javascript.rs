//! Behaviours first met in the differences of the JavaScript parsers (robots-txt-parser, robots-parser, robots-txt-guard, robots-js), tried after
//! those before them in [`super::all`].

use super::Behaviour;

pub(super) const BEHAVIOURS: &[Behaviour] = &[];
