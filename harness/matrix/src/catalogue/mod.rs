//! The bundled third-party parsers: `harness/adapters/parsers.yaml` read
//! strictly ([`registry`]), one parser with its placeholders, version probe
//! and adapter ([`third_party`]), the adapter files built into the binary
//! ([`adapter_files`]), and the installs of their libraries ([`install`]).

pub mod adapter_files;
pub mod install;
mod registry;
pub mod snippet;
mod stated;
pub mod third_party;
pub mod verify;
