//! `rep-matrix`: everything that exists to write `reports/` — the catalogue
//! of bundled third-party parsers ([`catalogue`]: `parsers.yaml`, installs),
//! their measurement and differences ([`measure`]), the pages ([`pages`])
//! and the static site ([`site`]). Built on `rep-core`; knows nothing of the command line.

pub mod catalogue;
pub mod lineup;
pub mod measure;
pub mod pages;
pub mod report;
pub mod site;
