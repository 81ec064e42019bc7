//! Reading the registry of bundled parsers, `harness/adapters/parsers.yaml`
//! (its head comment explains every field). The file is embedded in the
//! binary at build time, so an installed `reptest` knows its parsers, and
//! read strictly: an unknown field, an unpinned package, a placeholder where
//! it cannot be replaced or a duplicate name is an error naming the entry.

use super::stated;
use super::third_party::{Install, InstallKind, ThirdParty};
use rep_core::case::{ProfileId, Tag};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// The registry as built into this binary.
// Through the crate's link `adapters` -> ../adapters, stored as files in the packaged crate.
const PARSERS_YAML: &str = include_str!("../../adapters/parsers.yaml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegistry {
    parsers: Vec<RawParser>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawParser {
    name: String,
    language: String,
    library: String,
    version: String,
    claims: String,
    about: String,
    adapter: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    // Optional to read (fixtures elsewhere predate them); every bundled entry
    // has both, which the registry's tests hold it to.
    #[serde(default)]
    stated: Option<stated::RawStated>,
    #[serde(default)]
    reproduce: Option<stated::RawReproduce>,
    install: RawInstall,
    #[serde(default)]
    unavailable: Option<String>,
    /// The capability tags its adapter takes (none when left out).
    #[serde(default)]
    supports: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInstall {
    kind: InstallKind,
    #[serde(default)]
    packages: Vec<String>,
    #[serde(default)]
    manifest: Option<String>,
    #[serde(default)]
    dir: Option<String>,
}

/// The bundled parsers, in report order.
pub fn bundled() -> &'static [ThirdParty] {
    static BUNDLED: OnceLock<Vec<ThirdParty>> = OnceLock::new();
    BUNDLED.get_or_init(|| {
        // The file is part of the build and the registry tests read it, so a
        // mistake here is caught before any binary ships.
        parse(PARSERS_YAML).unwrap_or_else(|why| panic!("the built-in harness/adapters/parsers.yaml: {why}"))
    })
}

/// The bundled parser called `name`.
pub fn find(name: &str) -> Option<&'static ThirdParty> {
    bundled().iter().find(|parser| parser.name == name)
}

/// Reads and checks a registry: the parsers, or the first problem found,
/// naming the entry and the field.
pub fn parse(text: &str) -> Result<Vec<ThirdParty>, String> {
    let raw: RawRegistry = serde_yaml::from_str(text).map_err(|error| error.to_string())?;
    let mut seen = BTreeSet::new();
    let mut parsers = Vec::new();
    for (index, raw) in raw.parsers.into_iter().enumerate() {
        let at = format!("parsers[{index}] (`{}`)", raw.name);
        let parser = check(raw).map_err(|why| format!("{at}: {why}"))?;
        if !seen.insert(parser.name.clone()) {
            return Err(format!("{at}: the name is used by an earlier entry too"));
        }
        parsers.push(parser);
    }
    Ok(parsers)
}

/// One entry, checked.
fn check(raw: RawParser) -> Result<ThirdParty, String> {
    if !is_kebab(&raw.name) {
        return Err("name: use lowercase letters, digits and single '-' between them".into());
    }
    for (field, value) in [
        ("language", &raw.language),
        ("library", &raw.library),
        ("version", &raw.version),
        ("about", &raw.about),
    ] {
        if value.trim().is_empty() {
            return Err(format!("{field}: must not be empty"));
        }
    }
    let claims = ProfileId::from_name(&raw.claims)
        .ok_or_else(|| format!("claims: must be rfc or google, not `{}`", raw.claims))?;
    let stated = raw.stated.map(stated::stated).transpose()?;
    let reproduce = raw.reproduce.map(stated::reproduce).transpose()?;
    // A Rust program is built as a crate: its first line must name the dependencies.
    if let (Some(reproduce), "Rust") = (&reproduce, raw.language.as_str()) {
        super::verify::dependencies(&reproduce.code).map_err(|why| format!("reproduce.code: {why}"))?;
    }
    let install = check_install(raw.install, &raw.library, &raw.version)?;
    // {prefix} names the private install directory, which only these kinds have.
    let allowed: &[&str] = if install.kind.has_prefix() {
        &["adapters", "prefix"]
    } else {
        &["adapters"]
    };
    if raw.adapter.first().is_none_or(|program| program.trim().is_empty()) {
        return Err("adapter: give the program and its arguments, as a list".into());
    }
    for word in &raw.adapter {
        check_placeholders(word, allowed).map_err(|why| format!("adapter: {why}"))?;
    }
    for (key, value) in &raw.env {
        if key.is_empty()
            || !key
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        {
            return Err(format!(
                "env: `{key}` is not an environment variable name (A-Z, 0-9, _)"
            ));
        }
        check_placeholders(value, allowed).map_err(|why| format!("env.{key}: {why}"))?;
    }
    let supports = capabilities(&raw.supports, reproduce.as_ref())?;
    if raw.unavailable.as_deref().is_some_and(|why| why.trim().is_empty()) {
        return Err("unavailable: say why (the installer's error), or leave the field out".into());
    }
    Ok(ThirdParty {
        name: raw.name,
        language: raw.language,
        library: raw.library,
        version: raw.version,
        claims,
        about: raw.about,
        adapter: raw.adapter,
        env: raw.env.into_iter().collect(),
        install,
        unavailable: raw.unavailable,
        stated,
        reproduce,
        supports,
    })
}

/// The capability tags in `supports`: each a tag a parser's API may lack
/// ([`Tag::is_capability`]), and `non-utf8-body` exactly when the
/// reproduction takes bytes (a library that takes text cannot be given a
/// body that is not UTF-8).
fn capabilities(supports: &[String], reproduce: Option<&stated::Reproduce>) -> Result<BTreeSet<Tag>, String> {
    let tags = Tag::parse_list(supports.iter().map(String::as_str)).map_err(|why| format!("supports: {why}"))?;
    if let Some(tag) = tags.iter().find(|tag| !tag.is_capability()) {
        return Err(format!(
            "supports: `{tag}` is not a capability an adapter declares (every parser is asked those checks); \
             the capabilities are {}",
            Tag::ALL
                .iter()
                .filter(|tag| tag.is_capability())
                .map(|tag| tag.name())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if let Some(reproduce) = reproduce {
        let takes_bytes = reproduce.body != stated::BodyForm::Text;
        if takes_bytes != tags.contains(&Tag::NonUtf8Body) {
            return Err(format!(
                "supports: the reproduction takes the body as {}, so `non-utf8-body` must {}be declared",
                if takes_bytes { "bytes" } else { "text" },
                if takes_bytes { "" } else { "not " }
            ));
        }
    }
    Ok(tags)
}

/// The install recipe, checked against its kind; every package pinned and
/// the library itself among them at the entry's version.
fn check_install(raw: RawInstall, library: &str, version: &str) -> Result<Install, String> {
    let kind = raw.kind;
    let pin = match kind {
        InstallKind::Pip => Some("=="),
        InstallKind::Npm => Some("@"),
        InstallKind::Apt => Some("="),
        InstallKind::Cargo | InstallKind::None => None,
    };
    match (pin, raw.packages.is_empty()) {
        (Some(_), true) => return Err(format!("install.packages: kind {} needs the packages", kind.name())),
        (None, false) => {
            return Err(format!(
                "install.packages: kind {} installs no packages; leave the field out",
                kind.name()
            ))
        }
        _ => {}
    }
    if let Some(pin) = pin {
        for package in &raw.packages {
            check_placeholders(package, &[]).map_err(|why| format!("install.packages: {why}"))?;
            // An npm scope starts with '@', so the pin is the last one.
            let pinned = package
                .rsplit_once(pin)
                .is_some_and(|(name, exact)| !name.is_empty() && !name.contains(['=', ' ']) && is_exact_version(exact));
            if !pinned {
                return Err(format!(
                    "install.packages: `{package}` is not pinned to an exact version (write name{pin}version)"
                ));
            }
        }
        let wanted = format!("{library}{pin}{version}");
        if !raw.packages.contains(&wanted) {
            return Err(format!(
                "install.packages: the library itself must be among them at the pinned version: `{wanted}`"
            ));
        }
    }
    match (kind, &raw.manifest) {
        (InstallKind::Cargo, None) => return Err("install.manifest: kind cargo needs the Cargo.toml to build".into()),
        (InstallKind::Cargo, Some(manifest)) => {
            check_placeholders(manifest, &["adapters"]).map_err(|why| format!("install.manifest: {why}"))?
        }
        (_, Some(_)) => {
            return Err(format!(
                "install.manifest: only kind cargo has one, not {}",
                kind.name()
            ))
        }
        (_, None) => {}
    }
    if let Some(dir) = &raw.dir {
        if !kind.has_prefix() {
            return Err(format!(
                "install.dir: kind {} installs into no directory of its own",
                kind.name()
            ));
        }
        if !is_kebab(dir) {
            return Err(format!(
                "install.dir: `{dir}` must be a plain directory name (lowercase letters, digits, '-')"
            ));
        }
    }
    Ok(Install {
        kind,
        packages: raw.packages,
        manifest: raw.manifest,
        dir: raw.dir,
    })
}

/// Whether every `{…}` in `text` is one of `allowed`.
fn check_placeholders(text: &str, allowed: &[&str]) -> Result<(), String> {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| format!("`{text}` has a '{{' without its '}}'"))?;
        let name = &after[..close];
        if !allowed.contains(&name) {
            let allowed: Vec<String> = allowed.iter().map(|name| format!("{{{name}}}")).collect();
            return Err(match allowed.is_empty() {
                true => format!("`{text}`: no placeholder is replaced here, so `{{{name}}}` cannot be used"),
                false => format!(
                    "`{text}`: `{{{name}}}` cannot be used here (only {})",
                    allowed.join(", ")
                ),
            });
        }
        rest = &after[close + 1..];
    }
    Ok(())
}

/// `a-b-1`: lowercase letters and digits, single dashes between them.
fn is_kebab(name: &str) -> bool {
    !name.is_empty()
        && name
            .split('-')
            .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
}

/// An exact version: starts with a digit, no ranges, wildcards or spaces.
fn is_exact_version(version: &str) -> bool {
    version.starts_with(|c: char| c.is_ascii_digit())
        && version
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-+~:".contains(c))
}

#[cfg(test)]
mod tests;
