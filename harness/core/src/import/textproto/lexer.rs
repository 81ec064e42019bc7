//! The textproto lexer: text into tokens (names, punctuation, numbers,
//! strings with their escapes decoded to bytes), each with its position.

use super::{Position, SyntaxError};
use std::iter::Peekable;
use std::str::Chars;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Token {
    Identifier(String),
    Number(String),
    Literal(Vec<u8>),
    Punct(char),
    End,
}

impl Token {
    pub(super) fn describe(&self) -> String {
        match self {
            Token::Identifier(name) => format!("`{name}`"),
            Token::Number(number) => format!("the number `{number}`"),
            Token::Literal(_) => "a string".into(),
            Token::Punct(c) => format!("`{c}`"),
            Token::End => "the end of the file".into(),
        }
    }
}

pub(super) struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
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

    pub(super) fn error<T>(at: Position, message: String) -> Result<T, SyntaxError> {
        Err(SyntaxError { at, message })
    }

    /// The next token and where it starts; whitespace and comments skipped.
    pub(super) fn next(&mut self) -> Result<(Token, Position), SyntaxError> {
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
