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

mod lexer;

use lexer::{Lexer, Token};

#[cfg(test)]
mod tests;
