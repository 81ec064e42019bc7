//! Splitting a command line given as one string (`--adapter 'python3 x.py'`)
//! into a program and its arguments, without a shell, and the reverse: a
//! program and its arguments shown as a line to paste into a shell.

/// Splits `command` into words: whitespace separates, `'…'` quotes
/// literally, `"…"` quotes with `\"` and `\\` escapes, and `\` outside
/// quotes escapes the next character.
pub fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => current.push(c),
                        None => return Err(format!("unclosed ' in command `{command}`")),
                    }
                }
            }
            '"' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => current.push(c),
                            Some(c) => {
                                current.push('\\');
                                current.push(c);
                            }
                            None => return Err(format!("unclosed \" in command `{command}`")),
                        },
                        Some(c) => current.push(c),
                        None => return Err(format!("unclosed \" in command `{command}`")),
                    }
                }
            }
            '\\' => {
                let escaped = chars
                    .next()
                    .ok_or_else(|| format!("command `{command}` ends with a lone \\"))?;
                word.get_or_insert_with(String::new).push(escaped);
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err("the command is empty".into());
    }
    Ok(words)
}

/// `words` as one command line for a POSIX shell, each word quoted when it
/// needs to be; [`split_command`] gives the same words back.
pub fn join_command(words: &[String]) -> String {
    words.iter().map(|word| shell_word(word)).collect::<Vec<_>>().join(" ")
}

/// `word` quoted for a POSIX shell when it needs to be.
fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+%@".contains(c))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::{join_command, split_command};

    #[test]
    fn joined_commands_split_back_into_the_same_words() {
        let words: Vec<String> = ["pip", "install", "--target", "/a b/c", "it's", "", "x==1.0", "$HOME"]
            .map(String::from)
            .to_vec();
        let line = join_command(&words);
        assert_eq!(line, r#"pip install --target '/a b/c' 'it'\''s' '' x==1.0 '$HOME'"#);
        assert_eq!(split_command(&line).unwrap(), words);
    }

    #[test]
    fn splits_like_a_shell_without_expansion() {
        assert_eq!(
            split_command(r#"prog  'a b' "c \"d\"" e\ f '' $HOME"#).unwrap(),
            ["prog", "a b", "c \"d\"", "e f", "", "$HOME"]
        );
        assert!(split_command("prog 'open").is_err());
        assert!(split_command("   ").is_err());
    }
}
