//! Tests of `textproto`.
use super::*;

fn bytes_of(text: &str) -> Vec<u8> {
    let fields = parse(text).unwrap_or_else(|e| panic!("{e}"));
    match &fields[0].value.kind {
        ValueKind::Bytes(bytes) => bytes.clone(),
        other => panic!("not a string: {other:?}"),
    }
}

#[test]
fn every_escape_decodes_to_its_byte() {
    assert_eq!(
        bytes_of(r#"s: "\a\b\f\n\r\t\v\?\\\'\"""#),
        b"\x07\x08\x0c\n\r\t\x0b?\\'\"".to_vec()
    );
    assert_eq!(
        bytes_of(r#"s: "\0\7\10\101\377\1234""#),
        b"\0\x07\x08A\xff\x534".to_vec()
    );
    assert_eq!(bytes_of(r#"s: "\x0\x41\X4a\xfFg""#), b"\0AJ\xffg".to_vec());
    assert_eq!(
        bytes_of(r#"s: "\u00e9\U0001F600\ud83d\ude00""#),
        "é😀😀".as_bytes().to_vec()
    );
}

#[test]
fn quotes_and_concatenation() {
    assert_eq!(bytes_of(r#"s: 'a"b' "c'd" 'e'"#), b"a\"bc'de".to_vec());
    assert_eq!(bytes_of("s: \"é\""), "é".as_bytes().to_vec());
}

#[test]
fn messages_lists_separators_and_comments() {
    let text = "# head\nm < a: 1; b: X, > m: { } l: [ {a: 'x'}, <a: 'y'> ] e: []\n n: -2 # tail";
    let fields = parse(text).unwrap();
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["m", "m", "l", "l", "n"]);
    assert_eq!(fields[0].at, (2, 1));
    let ValueKind::Message(inner) = &fields[0].value.kind else {
        panic!("m is a message")
    };
    assert_eq!(inner[0].value.kind, ValueKind::Number("1".into()));
    assert_eq!(inner[1].value.kind, ValueKind::Identifier("X".into()));
    assert_eq!(fields[4].value.kind, ValueKind::Number("-2".into()));
    assert_eq!(fields[3].value.at, (2, 41));
}

#[test]
fn errors_name_line_and_column() {
    let error = |text: &str| parse(text).unwrap_err();
    assert_eq!(error("a: 'x\nb: 1").at, (1, 4));
    assert_eq!(error("a: \"x").at, (1, 4));
    assert_eq!(error("\n  a: \"ok\\q\"").at, (2, 9));
    assert_eq!(error("a: '\\400'").at, (1, 5));
    assert_eq!(error("a: '\\x'").at, (1, 5));
    assert_eq!(error("a: '\\u12'").at, (1, 5));
    assert_eq!(error("a: '\\U00110000'").at, (1, 5));
    assert_eq!(error("a: '\\udc00'").at, (1, 5));
    assert_eq!(error("a: '\\ud800\\u0041'").at, (1, 11));
    assert_eq!(error("a 'x'").at, (1, 3));
    assert_eq!(error("a { b: 1").at, (1, 3));
    assert_eq!(error("a < b: 1 }").at, (1, 10));
    assert_eq!(error("a: [1 2]").at, (1, 7));
    assert_eq!(error("[ext.x]: 1").at, (1, 1));
    assert_eq!(error("a: @").at, (1, 4));
    assert_eq!(error("a: }").at, (1, 4));
    assert!(error("a: 'x").message.contains("not closed"));
}
