//! Behaviours first met in the differences of the Python parsers fastrobots, robotspy and protego, tried after
//! those before them in [`super::all`].

use super::Behaviour;

pub(super) const BEHAVIOURS: &[Behaviour] = &[];
