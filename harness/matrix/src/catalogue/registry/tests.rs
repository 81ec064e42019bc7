//! Tests of `registry`.
use super::*;

const ONE: &str = r#"
parsers:
  - name: example
    language: Python
    library: example
    version: "1.0.0"
    claims: rfc
    about: "an example"
    adapter: ["python3", "{adapters}/example.py"]
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
    // A Rust program's first line names its crate's dependencies.
    refused(
        "language: Python",
        "language: Rust",
        "parsers[0] (`example`): reproduce.code: the first line must be `// Cargo.toml: [dependencies]",
    );
    refused("      says:", "      says_more:", "unknown field `says_more`");
    refused("example==1.0.0", "example>=1.0", "`example>=1.0` is not pinned");
    refused(
        "example==1.0.0",
        "other==1.0.0",
        "the library itself must be among them",
    );
    refused(
        "{adapters}/example.py",
        "{cache}/example.py",
        "`{cache}` cannot be used here",
    );
    refused("{adapters}/example.py", "{root/example.py", "without its '}'");
    refused(
        "kind: pip",
        "kind: apt",
        "install.packages: `example==1.0.0` is not pinned",
    );
    refused(
        "kind: pip\n      packages: [\"example==1.0.0\"]",
        "kind: none",
        "env.PYTHONPATH: `{prefix}`: `{prefix}` cannot be used here (only {adapters})",
    );
    refused("PYTHONPATH", "python_path", "not an environment variable name");
    refused(
        "adapter: [\"python3\", \"{adapters}/example.py\"]",
        "adapter: []",
        "adapter: give the program",
    );
    refused("      kind: pip", "      kind: pip\n      dir: ../up", "install.dir:");
    refused(
        "      kind: pip",
        "      kind: pip\n      manifest: x",
        "only kind cargo has one",
    );
    let supports = |list: &str| format!("adapter: [\"python3\", \"{{adapters}}/example.py\"]\n    supports: {list}");
    let adapter = "adapter: [\"python3\", \"{adapters}/example.py\"]";
    refused(adapter, &supports("[fetching]"), "supports: `fetching` is not a tag");
    refused(
        adapter,
        &supports("[long-line]"),
        "supports: `long-line` is not a capability",
    );
    refused(
        adapter,
        &supports("[non-utf8-body]"),
        "the reproduction takes the body as text, so `non-utf8-body` must not be declared",
    );
}

#[test]
fn an_entry_declares_the_capabilities_its_adapter_takes() {
    assert!(parse(ONE).unwrap()[0].supports.is_empty(), "none unless declared");
    let declared = read_with(
        "adapter: [\"python3\", \"{adapters}/example.py\"]",
        "adapter: [\"python3\", \"{adapters}/example.py\"]\n    supports: [multi-agent, bare-path]",
    )
    .unwrap();
    assert_eq!(declared[0].supports, BTreeSet::from([Tag::MultiAgent, Tag::BarePath]));
    // A reproduction that takes bytes goes with non-utf8-body.
    let bytes = read_with("body: text", "body: bytes").unwrap_err();
    assert!(bytes.contains("so `non-utf8-body` must be declared"), "{bytes}");
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

/// The built-in adapter file at `path` (under `harness/adapters/`).
fn built_in(path: &str) -> Option<&'static [u8]> {
    crate::catalogue::adapter_files::files()
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, bytes)| *bytes)
}

#[test]
fn the_bundled_registry_reads_and_every_file_it_names_is_built_in() {
    let parsers = parse(PARSERS_YAML).expect("harness/adapters/parsers.yaml reads");
    assert!(parsers.len() >= 21, "{} parsers", parsers.len());
    for parser in &parsers {
        let named = parser
            .adapter
            .iter()
            .chain(&parser.install.manifest)
            .filter_map(|word| word.strip_prefix("{adapters}/"));
        for path in named {
            assert!(built_in(path).is_some(), "{}: {path} is not built in", parser.name);
        }
        if parser.install.kind == InstallKind::Cargo {
            check_cargo_entry(parser);
        }
    }
}

/// A cargo entry's adapter is a binary its (built-in) manifest declares,
/// and the manifest pins the library at the entry's version.
fn check_cargo_entry(parser: &ThirdParty) {
    let manifest = parser.install.manifest.as_deref().expect("cargo entries have one");
    let path = manifest
        .strip_prefix("{adapters}/")
        .expect("the manifest is an adapter file");
    let text = String::from_utf8_lossy(built_in(path).expect("the manifest is built in"));
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
