//! `rep-matrix`: everything that exists to write `reports/` — the catalogue
//! of bundled third-party parsers ([`catalogue`]: `parsers.yaml`, installs,
//! `adapters verify`), the lineup under test ([`lineup`]), their measurement
//! and differences ([`measure`]), the report as one value ([`model`]) and
//! how it is made ([`report`]), and its renderings: the Markdown pages
//! ([`pages`]) and the static site ([`site`]). Built on `rep-core`; knows
//! nothing of the command line.

pub mod catalogue;
pub mod lineup;
pub mod measure;
pub mod model;
mod pages;
pub mod report;
pub mod site;
