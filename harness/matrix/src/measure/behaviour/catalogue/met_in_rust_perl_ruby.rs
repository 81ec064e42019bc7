//! Behaviours first met in the differences of the Rust, Perl and Ruby parsers, tried after
//! those before them in [`super::all`].

use super::Behaviour;

pub(super) const BEHAVIOURS: &[Behaviour] = &[];
