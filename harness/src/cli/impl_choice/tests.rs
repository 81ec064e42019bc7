//! Tests of `impl_choice`.
use super::*;

#[test]
fn external_names_come_from_the_program() {
    assert_eq!(default_name(&["python3".into(), "h/adapters/p.py".into()]), "p.py");
    assert_eq!(
        default_name(&["./prog".into(), "%robots%".into(), "%url%".into()]),
        "prog"
    );
}

#[test]
fn profiles_follow_their_external_implementation() {
    let choice = parse_flags("--profile google --adapter a --adapter b --profile rfc --command c").unwrap();
    let claims: Vec<ProfileId> = choice.build(&[]).iter().map(|i| i.claims()).collect();
    assert_eq!(claims, [ProfileId::Google, ProfileId::Rfc, ProfileId::Google]);
    assert_eq!(
        choice.flags(&[]),
        "--profile google --adapter a --adapter b --profile rfc --command c"
    );
}

#[test]
fn names_follow_their_external_implementation() {
    let choice = parse_flags("--adapter 'python3 a.py' --name x --command c --adapter b --name y").unwrap();
    let names: Vec<String> = choice.build(&[]).iter().map(|i| i.name().to_string()).collect();
    assert_eq!(names, ["x", "c", "y"]);
    let lonely = parse_flags("--name x --adapter a").err().expect("refused");
    assert!(
        lonely.contains("--name must follow an --adapter or --command"),
        "{lonely}"
    );
}

#[test]
fn a_name_is_a_plain_name_never_a_path() {
    for (name, why) in [
        ("../../x", "it holds a path separator"),
        ("/tmp/x", "it holds a path separator"),
        ("a\\b", "it holds a path separator"),
        ("a..b", "it holds `..`"),
        (".hidden", "it starts with `.`"),
        ("a\tb", "it holds a control character"),
        ("", "it is empty"),
    ] {
        let refused = parse_flags(&join_command(&[
            "--adapter".into(),
            "a".into(),
            "--name".into(),
            name.into(),
        ]))
        .err()
        .unwrap_or_else(|| panic!("--name {name:?} is refused"));
        let shown = name.escape_debug().to_string();
        assert!(
            refused.starts_with(&format!(
                "--name takes a plain name (it names files), not `{shown}`: {why}"
            )),
            "{refused}"
        );
    }
    let accepted = parse_flags("--adapter a --name 'My parser 2.0'").expect("a plain name is taken");
    assert_eq!(accepted.build(&[])[0].name(), "My parser 2.0");
    assert_eq!(default_name(&["prog".into(), "..".into()]), "external");
}

#[test]
fn exit_codes_must_differ() {
    assert!(parse_flags("--exit-disallowed 0").is_err());
    assert!(parse_flags("--exit-allowed 1 --exit-disallowed 0").is_ok());
    let bad = parse_flags("--exit-allowed x").err().expect("refused");
    assert_eq!(bad, "--exit-allowed takes a whole number, not `x`");
}

#[test]
fn unknown_built_ins_are_refused() {
    let error = parse_flags("--impl rep-nope").err().expect("refused");
    assert!(
        error.starts_with("--impl `rep-nope` is not a built-in implementation"),
        "{error}"
    );
    assert!(parse_flags("--format json").is_err());
}
