//! Reading the registry of bundled parsers, `harness/adapters/parsers.yaml`
//! (its head comment explains every field). The file is embedded in the
//! binary at build time, so an installed `reptest` knows its parsers, and
//! read strictly: an unknown field, an unpinned package, a placeholder where
//! it cannot be replaced or a duplicate name is an error naming the entry.

use super::stated;
use super::third_party::{Install, InstallKind, ThirdParty};
use rep_core::case::ProfileId;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// The registry as built into this binary.
const PARSERS_YAML: &str = include_str!("../../../adapters/parsers.yaml");

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
    let install = check_install(raw.install, &raw.library, &raw.version)?;
    // {prefix} names the private install directory, which only these kinds have.
    let allowed: &[&str] = if install.kind.has_prefix() {
        &["root", "prefix"]
    } else {
        &["root"]
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
    })
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
            check_placeholders(manifest, &["root"]).map_err(|why| format!("install.manifest: {why}"))?
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
mod tests {
    use super::*;
    use std::path::Path;

    const ONE: &str = r#"
parsers:
  - name: example
    language: Python
    library: example
    version: "1.0.0"
    claims: rfc
    about: "an example"
    adapter: ["python3", "{root}/example.py"]
    env: { PYTHONPATH: "{prefix}" }
    stated:
      profile: rfc
      names: "RFC 9309"
      source: "README.md"
      says: "It says it follows RFC 9309."
    reproduce:
      body: text
      code: |
        import example
        print(example.allowed(@ROBOTS@, @AGENT@, @URL@))
    install:
      kind: pip
      packages: ["example==1.0.0"]
"#;

    /// `ONE` with `from` replaced by `to`, read.
    fn read_with(from: &str, to: &str) -> Result<Vec<ThirdParty>, String> {
        assert!(ONE.contains(from), "the fixture holds `{from}`");
        parse(&ONE.replacen(from, to, 1))
    }

    #[test]
    fn a_well_formed_entry_reads() {
        let parsers = parse(ONE).expect("reads");
        assert_eq!(parsers.len(), 1);
        assert_eq!(parsers[0].install.kind, InstallKind::Pip);
        assert_eq!(parsers[0].env, [("PYTHONPATH".to_string(), "{prefix}".to_string())]);
    }

    #[test]
    fn mistakes_are_refused_with_the_entry_and_field() {
        let refused = |from: &str, to: &str, says: &str| {
            let why = read_with(from, to).expect_err(to);
            assert!(why.contains(says), "{to}: {why}");
        };
        refused("about:", "colour: red\n    about:", "unknown field `colour`");
        refused("kind: pip", "kind: conda", "unknown variant `conda`");
        refused("name: example", "name: Example_1", "parsers[0] (`Example_1`): name:");
        refused("claims: rfc", "claims: both", "claims: must be rfc or google");
        refused(
            "profile: rfc",
            "profile: rfc9309",
            "stated.profile: must be rfc, google or none",
        );
        refused(
            "names: \"RFC 9309\"",
            "names: \"\"",
            "stated.names: a stated rfc or google profile",
        );
        refused(
            "says: \"It says it follows RFC 9309.\"",
            "says: \" \"",
            "stated.says: must not be empty",
        );
        refused(
            "source: \"README.md\"",
            "source: \"\"",
            "stated.source: must not be empty",
        );
        refused(
            "body: text",
            "body: utf8",
            "reproduce.body: must be text, bytes or text-or-bytes",
        );
        refused("@AGENT@", "agent", "reproduce.code: @AGENT@ is missing");
        refused("    reproduce:", "    reproduce_it:", "unknown field `reproduce_it`");
        refused("      says:", "      says_more:", "unknown field `says_more`");
        refused("example==1.0.0", "example>=1.0", "`example>=1.0` is not pinned");
        refused(
            "example==1.0.0",
            "other==1.0.0",
            "the library itself must be among them",
        );
        refused(
            "{root}/example.py",
            "{cache}/example.py",
            "`{cache}` cannot be used here",
        );
        refused("{root}/example.py", "{root/example.py", "without its '}'");
        refused(
            "kind: pip",
            "kind: apt",
            "install.packages: `example==1.0.0` is not pinned",
        );
        refused(
            "kind: pip\n      packages: [\"example==1.0.0\"]",
            "kind: none",
            "env.PYTHONPATH: `{prefix}`: `{prefix}` cannot be used here (only {root})",
        );
        refused("PYTHONPATH", "python_path", "not an environment variable name");
        refused(
            "adapter: [\"python3\", \"{root}/example.py\"]",
            "adapter: []",
            "adapter: give the program",
        );
        refused("      kind: pip", "      kind: pip\n      dir: ../up", "install.dir:");
        refused(
            "      kind: pip",
            "      kind: pip\n      manifest: x",
            "only kind cargo has one",
        );
    }

    #[test]
    fn names_are_unique() {
        let twice = format!("{ONE}{}", ONE.replace("parsers:\n", ""));
        let why = parse(&twice).unwrap_err();
        assert!(
            why.contains("parsers[1] (`example`): the name is used by an earlier entry"),
            "{why}"
        );
    }

    /// The root of this workspace, where the adapter files live.
    fn workspace() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
    }

    #[test]
    fn the_bundled_registry_reads_and_every_file_it_names_exists() {
        let parsers = parse(PARSERS_YAML).expect("harness/adapters/parsers.yaml reads");
        assert!(parsers.len() >= 21, "{} parsers", parsers.len());
        let root = workspace().display().to_string();
        for parser in &parsers {
            let named = parser
                .adapter
                .iter()
                .chain(&parser.install.manifest)
                .filter_map(|word| word.strip_prefix("{root}"));
            for path in named {
                let file = format!("{root}{path}");
                assert!(Path::new(&file).is_file(), "{}: {file} does not exist", parser.name);
            }
            if parser.install.kind == InstallKind::Cargo {
                check_cargo_entry(parser, &root);
            }
        }
    }

    /// A cargo entry's adapter is a binary its manifest declares, and the
    /// manifest pins the library at the entry's version.
    fn check_cargo_entry(parser: &ThirdParty, root: &str) {
        let manifest = parser.install.manifest.as_deref().expect("cargo entries have one");
        let text = std::fs::read_to_string(manifest.replace("{root}", root)).expect("the manifest reads");
        let binary = parser.adapter[0]
            .strip_prefix("{prefix}/release/")
            .unwrap_or_else(|| panic!("{}: the adapter is a binary of the build", parser.name));
        assert!(
            text.contains(&format!("name = \"{binary}\"")),
            "{}: {manifest} declares no binary {binary}",
            parser.name
        );
        let pin = format!("{} = \"={}\"", parser.library, parser.version);
        assert!(text.contains(&pin), "{}: {manifest} does not pin `{pin}`", parser.name);
    }

    #[test]
    fn every_bundled_entry_states_its_profile_and_has_a_reproduction() {
        for parser in bundled() {
            assert!(parser.stated.is_some(), "{}: no `stated`", parser.name);
            assert!(parser.reproduce.is_some(), "{}: no `reproduce`", parser.name);
        }
        let none = bundled()
            .iter()
            .filter(|parser| parser.stated.as_ref().is_some_and(|stated| stated.profile.is_none()))
            .count();
        assert!(none > 0, "some parser states neither profile");
    }

    #[test]
    fn the_bundled_parsers_cover_five_languages_and_one_is_unavailable() {
        let languages: BTreeSet<&str> = bundled().iter().map(|parser| parser.language.as_str()).collect();
        assert_eq!(
            languages,
            BTreeSet::from(["JavaScript", "Perl", "Python", "Ruby", "Rust"]),
            "{languages:?}"
        );
        let unavailable: Vec<&str> = bundled()
            .iter()
            .filter(|parser| !parser.is_available())
            .map(|parser| parser.name.as_str())
            .collect();
        assert_eq!(unavailable, ["reppy"]);
    }
}
