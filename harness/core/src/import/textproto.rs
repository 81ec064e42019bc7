//! A reader for protobuf text format, enough for any message whose fields
//! are strings, bytes, enums and nested messages: it turns the text into a
//! schema-free tree of fields, each with its position, and leaves field
//! names, types and multiplicity to the caller.
//!
//! What it accepts: `#` comments; `name: value` and, for messages, also
//! `name value`; messages in `{}` or `<>`; lists `name: [a, b]`; a field
//! written several times (repeated fields); optional `,` or `;` after a
//! field; strings in single or double quotes, adjacent literals concatenated,
//! with the C escapes `\a \b \f \n \r \t \v \? \\ \' \"`, octal `\NNN`
//! (up to `\377`), hex `\xH`/`\xHH`, and `\uHHHH`/`\UHHHHHHHH` (written as
//! UTF-8); identifiers; numbers (kept as written). Extension and `Any` field
//! names (`[pkg.name]`) are refused: no schema the importer reads has them.

use std::fmt;
use std::iter::Peekable;
use std::str::Chars;

/// A 1-based line and column (columns count characters).
pub(crate) type Position = (usize, usize);

/// One `name: value` in a message. A list `name: [a, b]` becomes one field
/// per element, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field name as written.
    pub name: String,
    /// Where the name starts.
    pub at: Position,
    /// The value.
    pub value: Value,
}

/// A field's value and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    /// What was written.
    pub kind: ValueKind,
    /// Where the value starts (its first literal, for concatenated strings).
    pub at: Position,
}

/// The kinds of value the reader knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// One or more adjacent string literals, escapes decoded, concatenated.
    Bytes(Vec<u8>),
    /// An identifier, as an enum value is written (`ALLOWED`).
    Identifier(String),
    /// A number, as written (`-12`, `0x1F`, `1.5`).
    Number(String),
    /// A nested message.
    Message(Vec<Field>),
}

impl ValueKind {
    /// What this kind of value is called in messages: "a string", …
    pub fn describe(&self) -> &'static str {
        match self {
            ValueKind::Bytes(_) => "a string",
            ValueKind::Identifier(_) => "an identifier",
            ValueKind::Number(_) => "a number",
            ValueKind::Message(_) => "a message",
        }
    }
}

/// A syntax error: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where the problem is.
    pub at: Position,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.at.0, self.at.1, self.message)
    }
}

/// Reads a whole text-format message (the fields of the top-level message).
pub fn parse(text: &str) -> Result<Vec<Field>, SyntaxError> {
    let mut parser = Parser {
        lexer: Lexer::new(text),
        peeked: None,
    };
    parser.fields(None)
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Identifier(String),
    Number(String),
    Literal(Vec<u8>),
    Punct(char),
    End,
}

impl Token {
    fn describe(&self) -> String {
        match self {
            Token::Identifier(name) => format!("`{name}`"),
            Token::Number(number) => format!("the number `{number}`"),
            Token::Literal(_) => "a string".into(),
            Token::Punct(c) => format!("`{c}`"),
            Token::End => "the end of the file".into(),
        }
    }
}

struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
        }
    }

    fn at(&self) -> Position {
        (self.line, self.column)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn error<T>(at: Position, message: String) -> Result<T, SyntaxError> {
        Err(SyntaxError { at, message })
    }

    /// The next token and where it starts; whitespace and comments skipped.
    fn next(&mut self) -> Result<(Token, Position), SyntaxError> {
        loop {
            match self.chars.peek() {
                Some(' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c') => {
                    self.bump();
                }
                Some('#') => {
                    while self.chars.peek().is_some_and(|&c| c != '\n') {
                        self.bump();
                    }
                }
                _ => break,
            }
        }
        let at = self.at();
        let Some(&c) = self.chars.peek() else {
            return Ok((Token::End, at));
        };
        let token = match c {
            '"' | '\'' => Token::Literal(self.literal()?),
            c if c.is_ascii_alphabetic() || c == '_' => Token::Identifier(self.word()),
            c if c.is_ascii_digit() || c == '.' => Token::Number(self.word()),
            '{' | '}' | '<' | '>' | '[' | ']' | ':' | ',' | ';' | '-' => {
                self.bump();
                Token::Punct(c)
            }
            other => return Self::error(at, format!("unexpected character {other:?}")),
        };
        Ok((token, at))
    }

    /// An identifier or a number: letters, digits, `_` and `.` (plus a sign
    /// right after an exponent's `e`), kept as written.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(&c) = self.chars.peek() {
            let sign_of_exponent =
                matches!(c, '+' | '-') && word.ends_with(['e', 'E']) && word.starts_with(|s: char| s.is_ascii_digit());
            if !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || sign_of_exponent) {
                break;
            }
            word.push(c);
            self.bump();
        }
        word
    }

    /// One quoted literal, escapes decoded.
    fn literal(&mut self) -> Result<Vec<u8>, SyntaxError> {
        let opened = self.at();
        let quote = self.bump().expect("the caller saw a quote");
        let mut bytes = Vec::new();
        loop {
            let at = self.at();
            match self.bump() {
                None => return Self::error(opened, format!("string opened here is not closed (missing {quote})")),
                Some('\n') => {
                    return Self::error(
                        opened,
                        format!(
                        "string opened here is not closed on its line (missing {quote}; write \\n for a line break)"
                    ),
                    )
                }
                Some(c) if c == quote => return Ok(bytes),
                Some('\\') => self.escape(at, &mut bytes)?,
                Some(c) => push_char(&mut bytes, c),
            }
        }
    }

    /// The escape after a backslash at `at`, appended to `bytes`.
    fn escape(&mut self, at: Position, bytes: &mut Vec<u8>) -> Result<(), SyntaxError> {
        let Some(c) = self.bump() else {
            return Self::error(at, "a `\\` ends the file".into());
        };
        let simple = match c {
            'a' => Some(0x07),
            'b' => Some(0x08),
            'f' => Some(0x0c),
            'n' => Some(b'\n'),
            'r' => Some(b'\r'),
            't' => Some(b'\t'),
            'v' => Some(0x0b),
            '?' | '\\' | '\'' | '"' => Some(c as u8),
            _ => None,
        };
        if let Some(byte) = simple {
            bytes.push(byte);
            return Ok(());
        }
        match c {
            '0'..='7' => {
                let digits = self.digits(c.to_string(), 3, 8);
                match u8::from_str_radix(&digits, 8) {
                    Ok(byte) => bytes.push(byte),
                    Err(_) => {
                        return Self::error(
                            at,
                            format!("`\\{digits}` is above `\\377`: an octal escape is one byte"),
                        )
                    }
                }
            }
            'x' | 'X' => {
                let digits = self.digits(String::new(), 2, 16);
                if digits.is_empty() {
                    return Self::error(at, format!("`\\{c}` needs one or two hex digits"));
                }
                bytes.push(u8::from_str_radix(&digits, 16).expect("at most two hex digits"));
            }
            'u' | 'U' => {
                let code = self.code_point(c, at)?;
                push_char(bytes, code);
            }
            '\n' => return Self::error(at, "a `\\` ends the line; write \\n for a line break".into()),
            other => {
                return Self::error(
                    at,
                    format!(
                        "`\\{other}` is not an escape; use \\a \\b \\f \\n \\r \\t \\v \\? \\\\ \\' \\\", \
                         octal \\NNN, hex \\xHH, or \\uHHHH / \\UHHHHHHHH"
                    ),
                )
            }
        }
        Ok(())
    }

    /// Up to `max` digits in `radix`, appended to `digits`.
    fn digits(&mut self, mut digits: String, max: usize, radix: u32) -> String {
        while digits.len() < max {
            match self.chars.peek() {
                Some(&d) if d.is_digit(radix) => {
                    digits.push(d);
                    self.bump();
                }
                _ => break,
            }
        }
        digits
    }

    /// The character of `\uHHHH` (a UTF-16 surrogate pair written as two
    /// such escapes is joined) or `\UHHHHHHHH`.
    fn code_point(&mut self, kind: char, at: Position) -> Result<char, SyntaxError> {
        let width = if kind == 'u' { 4 } else { 8 };
        let value = self.exact_hex(kind, width, at)?;
        if (0xD800..0xDC00).contains(&value) && kind == 'u' && self.chars.peek() == Some(&'\\') {
            let second_at = self.at();
            self.bump();
            if self.bump() != Some('u') {
                return Self::error(
                    second_at,
                    "a high surrogate `\\u` must be followed by a low surrogate `\\u`".into(),
                );
            }
            let low = self.exact_hex('u', 4, second_at)?;
            if !(0xDC00..0xE000).contains(&low) {
                return Self::error(second_at, format!("`\\u{low:04X}` is not a low surrogate (DC00..DFFF)"));
            }
            let joined = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00);
            return Ok(char::from_u32(joined).expect("a surrogate pair names a valid character"));
        }
        char::from_u32(value).ok_or_else(|| SyntaxError {
            at,
            message: format!(
                "`\\{kind}{value:0width$X}` is not a Unicode scalar value (a lone surrogate, or above 10FFFF)"
            ),
        })
    }

    fn exact_hex(&mut self, kind: char, width: usize, at: Position) -> Result<u32, SyntaxError> {
        let digits = self.digits(String::new(), width, 16);
        if digits.len() != width {
            return Self::error(
                at,
                format!("`\\{kind}` needs exactly {width} hex digits, found `{digits}`"),
            );
        }
        Ok(u32::from_str_radix(&digits, 16).expect("hex digits"))
    }
}

fn push_char(bytes: &mut Vec<u8>, c: char) {
    let mut buffer = [0u8; 4];
    bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    peeked: Option<(Token, Position)>,
}

impl Parser<'_> {
    fn peek(&mut self) -> Result<&(Token, Position), SyntaxError> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lexer.next()?);
        }
        Ok(self.peeked.as_ref().expect("just filled"))
    }

    fn take(&mut self) -> Result<(Token, Position), SyntaxError> {
        self.peek()?;
        Ok(self.peeked.take().expect("just peeked"))
    }

    fn eat(&mut self, c: char) -> Result<bool, SyntaxError> {
        let found = self.peek()?.0 == Token::Punct(c);
        if found {
            self.take()?;
        }
        Ok(found)
    }

    /// Fields up to `close` (or the end of the file when `None`).
    fn fields(&mut self, close: Option<(char, Position)>) -> Result<Vec<Field>, SyntaxError> {
        let mut fields = Vec::new();
        loop {
            let (token, at) = self.take()?;
            match (token, close) {
                (Token::End, None) => return Ok(fields),
                (Token::Punct(c), Some((expected, _))) if c == expected => return Ok(fields),
                (Token::End, Some((expected, opened))) => {
                    return Lexer::error(
                        opened,
                        format!("message opened here is not closed (missing `{expected}`)"),
                    )
                }
                (Token::Identifier(name), _) => {
                    self.field(name, at, &mut fields)?;
                    if !self.eat(',')? {
                        self.eat(';')?;
                    }
                }
                (Token::Punct('['), _) => {
                    return Lexer::error(
                        at,
                        "extension and Any field names (`[pkg.name]`) are not supported here".into(),
                    )
                }
                (other, _) => return Lexer::error(at, format!("expected a field name, found {}", other.describe())),
            }
        }
    }

    /// The rest of field `name` (at `at`): its value or list of values.
    fn field(&mut self, name: String, at: Position, fields: &mut Vec<Field>) -> Result<(), SyntaxError> {
        let colon = self.eat(':')?;
        if self.eat('[')? {
            if !self.eat(']')? {
                loop {
                    let value = self.value(&name, true)?;
                    fields.push(Field {
                        name: name.clone(),
                        at,
                        value,
                    });
                    if self.eat(']')? {
                        break;
                    }
                    let (token, found_at) = self.take()?;
                    if token != Token::Punct(',') {
                        return Lexer::error(
                            found_at,
                            format!(
                                "expected `,` or `]` in the list of `{name}`, found {}",
                                token.describe()
                            ),
                        );
                    }
                }
            }
            return Ok(());
        }
        let value = self.value(&name, colon)?;
        fields.push(Field { name, at, value });
        Ok(())
    }

    /// One value of field `name`; a scalar needs the `:` before it.
    fn value(&mut self, name: &str, colon: bool) -> Result<Value, SyntaxError> {
        let (token, at) = self.take()?;
        let kind = match token {
            Token::Punct(open @ ('{' | '<')) => {
                let close = if open == '{' { '}' } else { '>' };
                ValueKind::Message(self.fields(Some((close, at)))?)
            }
            _ if !colon => {
                return Lexer::error(
                    at,
                    format!("expected `:` after `{name}` (only a message value may omit it)"),
                )
            }
            Token::Literal(mut bytes) => {
                while let Token::Literal(_) = self.peek()?.0 {
                    let Token::Literal(more) = self.take()?.0 else {
                        unreachable!("just peeked a literal")
                    };
                    bytes.extend_from_slice(&more);
                }
                ValueKind::Bytes(bytes)
            }
            Token::Identifier(word) => ValueKind::Identifier(word),
            Token::Number(number) => ValueKind::Number(number),
            Token::Punct('-') => match self.take()? {
                (Token::Number(number), _) => ValueKind::Number(format!("-{number}")),
                (Token::Identifier(word), _) => ValueKind::Identifier(format!("-{word}")),
                (other, found_at) => {
                    return Lexer::error(
                        found_at,
                        format!("expected a number after `-`, found {}", other.describe()),
                    )
                }
            },
            other => return Lexer::error(at, format!("expected a value for `{name}`, found {}", other.describe())),
        };
        Ok(Value { kind, at })
    }
}

#[cfg(test)]
mod tests;
