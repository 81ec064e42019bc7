//! The values flags take, as clap value parsers. Each error reads as a
//! predicate of the flag it belongs to (`takes a number, not `x``): the
//! usage error puts the flag's name in front of it.

use std::str::FromStr;
use std::time::Duration;

/// A count or a seed: a whole number, `_` allowed between digits (`50_000`).
pub(crate) fn number<T: FromStr>(text: &str) -> Result<T, String> {
    text.replace('_', "")
        .parse()
        .map_err(|_| format!("takes a number, not `{text}`"))
}

/// An exit code or a count, digits only.
pub(crate) fn whole<T: FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("takes a whole number, not `{text}`"))
}

/// `--adapter-env`'s value: `NAME=VALUE`, NAME a portable variable name.
pub(crate) fn env_pair(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("takes NAME=VALUE, not `{text}`"))?;
    let portable = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !portable {
        return Err(format!(
            "takes NAME=VALUE with NAME made of letters, digits and _, not `{text}`"
        ));
    }
    Ok((name.to_string(), value.to_string()))
}

/// `--name`'s value: a plain name, as it names files (a parser's page): not
/// empty, no `/` or `\\`, no `..`, no leading `.`, no control characters.
pub(crate) fn plain_name(text: &str) -> Result<String, String> {
    let why = if text.is_empty() {
        "it is empty"
    } else if text.contains(['/', '\\']) {
        "it holds a path separator (/ or \\)"
    } else if text.contains("..") {
        "it holds `..`"
    } else if text.starts_with('.') {
        "it starts with `.`"
    } else if text.chars().any(char::is_control) {
        "it holds a control character"
    } else {
        return Ok(text.to_string());
    };
    Err(format!(
        "takes a plain name (it names files), not `{}`: {why}",
        text.escape_debug()
    ))
}

/// A number of threads: a whole number from 1 to 256.
pub(crate) fn threads(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|n| (1..=256).contains(n))
        .ok_or_else(|| format!("takes a number of threads from 1 to 256, not `{text}`"))
}

/// A time limit: a positive number of seconds, under a day.
pub(crate) fn seconds(text: &str) -> Result<Duration, String> {
    text.parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("takes a positive number of seconds (under a day), not `{text}`"))
}

/// A run's length: a positive number of seconds, `_` allowed between digits.
pub(crate) fn positive_seconds(text: &str) -> Result<Duration, String> {
    Some(number::<f64>(text)?)
        .filter(|s| s.is_finite() && *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("takes a positive number, not `{text}`"))
}

/// One of a fixed list of words, read as `T` by `from_name`; an error lists them.
pub(crate) fn one_of<T>(
    words: &'static [&'static str],
    from_name: fn(&str) -> Option<T>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: Clone + Send + Sync + 'static,
{
    move |text: &str| from_name(text).ok_or_else(|| format!("must be {}, not `{text}`", either(words)))
}

/// `a, b or c`.
pub(crate) fn either(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `K/N`, a shard of a run.
pub(crate) fn shard(text: &str) -> Result<rep_core::diff::shard::Shard, String> {
    text.parse()
        .map_err(|_| format!("takes K/N with 1 <= K <= N (e.g. 2/8), not `{text}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_take_underscores_and_seconds_are_bounded() {
        assert_eq!(number::<u64>("50_000"), Ok(50_000));
        assert_eq!(number::<u64>("many"), Err("takes a number, not `many`".to_string()));
        assert!(whole::<i32>("1_0").is_err());
        assert_eq!(seconds("2.5"), Ok(Duration::from_millis(2500)));
        for bad in ["0", "-1", "86400", "inf", "NaN", "x"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert!(positive_seconds("0").is_err());
        assert_eq!(positive_seconds("1_0"), Ok(Duration::from_secs(10)));
        assert_eq!(either(&["a", "b", "c"]), "a, b or c");
        assert_eq!(
            one_of(&["rfc", "google"], rep_core::case::ProfileId::from_name)("x").err(),
            Some("must be rfc or google, not `x`".to_string())
        );
    }
}
