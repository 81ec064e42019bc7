//! Builds one robots.txt body line by line, remembering the agent names and
//! patterns it wrote so that checks can be aimed at them.

use arbitrary::{Result, Unstructured};

use super::one_in;

use super::vocab::{
    ALLOW_KEYS, DISALLOW_KEYS, GARBAGE, KEY_BREAKERS, NAMES, OTHER_KEYS, PADDING, PATTERN_PIECES, SEPARATORS, TAILS,
    USER_AGENT_KEYS,
};

/// A generated body plus what it names.
pub(crate) struct Built {
    pub body: Vec<u8>,
    pub names: Vec<String>,
    pub patterns: Vec<Vec<u8>>,
}

#[derive(Clone, Copy)]
enum Ending {
    Lf,
    CrLf,
    Cr,
    Mixed,
}

/// The body under construction.
pub(crate) struct Writer {
    out: Vec<u8>,
    ending: Ending,
    pub(crate) names: Vec<String>,
    pub(crate) patterns: Vec<Vec<u8>>,
}

impl Writer {
    fn end_line(&mut self, u: &mut Unstructured) -> Result<()> {
        let ending = match self.ending {
            Ending::Mixed => *u.choose(&[Ending::Lf, Ending::CrLf, Ending::Cr])?,
            fixed => fixed,
        };
        self.out.extend_from_slice(match ending {
            Ending::Lf | Ending::Mixed => b"\n",
            Ending::CrLf => b"\r\n",
            Ending::Cr => b"\r",
        });
        Ok(())
    }
}

/// Writes a whole body into `out` (emptied first, its capacity kept):
/// optional BOM, optional rules before any group, up to four groups of
/// user-agent lines and members, noise throughout.
pub(crate) fn build(u: &mut Unstructured, mut out: Vec<u8>) -> Result<Built> {
    out.clear();
    let ending = *u.choose(&[
        Ending::Lf,
        Ending::Lf,
        Ending::Lf,
        Ending::CrLf,
        Ending::Cr,
        Ending::Mixed,
    ])?;
    let mut w = Writer {
        out,
        ending,
        names: Vec::new(),
        patterns: Vec::new(),
    };
    write_bom(u, &mut w.out)?;
    let name_count = u.int_in_range(1..=3)?;
    for _ in 0..name_count {
        w.names.push(name(u)?);
    }
    if one_in(u, 6)? {
        member_line(u, &mut w)?;
    }
    let groups = u.int_in_range(0..=4)?;
    for _ in 0..groups {
        let agent_lines = *u.choose(&[1, 1, 1, 2, 2, 3])?;
        for _ in 0..agent_lines {
            user_agent_line(u, &mut w)?;
            if one_in(u, 12)? {
                noise_line(u, &mut w)?;
            }
        }
        let members = u.int_in_range(0..=6)?;
        for _ in 0..members {
            member_line(u, &mut w)?;
        }
    }
    if one_in(u, 150)? {
        long_line(u, &mut w)?;
    }
    if one_in(u, 4)? {
        noise_line(u, &mut w)?;
    }
    // A final line without its line end.
    if one_in(u, 5)? && w.out.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        let cut = if w.out.ends_with(b"\r\n") { 2 } else { 1 };
        w.out.truncate(w.out.len() - cut);
    }
    if one_in(u, 8)? {
        key_cut_short(u, &mut w.out)?;
    }
    Ok(Built {
        body: w.out,
        names: w.names,
        patterns: w.patterns,
    })
}

fn write_bom(u: &mut Unstructured, out: &mut Vec<u8>) -> Result<()> {
    let boms: &[&[u8]] = &[
        b"",
        b"",
        b"",
        b"",
        b"",
        b"",
        b"\xef\xbb\xbf",
        b"\xef\xbb",
        b"\xef",
        b"\xef\xbb\xbf\xef\xbb\xbf",
        b"\xbb\xbf",
        b" \xef\xbb\xbf",
    ];
    out.extend_from_slice(u.choose(boms)?);
    Ok(())
}

fn name(u: &mut Unstructured) -> Result<String> {
    if one_in(u, 5)? {
        let len = u.int_in_range(1..=8)?;
        let alphabet = b"abcXYZ-_";
        let mut token = String::new();
        for _ in 0..len {
            token.push(*u.choose(alphabet)? as char);
        }
        return Ok(token);
    }
    Ok(u.choose(NAMES)?.to_string())
}

/// A key: one of the listed spellings, and whether its case is flipped.
/// Chosen before the line is written (the draws keep their order) and
/// written straight into the body, so no key needs a `String`.
struct Key {
    spelling: &'static str,
    flipped: bool,
}

/// A key spelled one of the listed ways, sometimes with its case scrambled.
fn key(u: &mut Unstructured, spellings: &[&'static str]) -> Result<Key> {
    let spelling = *u.choose(spellings)?;
    Ok(Key {
        spelling,
        flipped: one_in(u, 6)?,
    })
}

fn line(u: &mut Unstructured, w: &mut Writer, key: Key, value: &[u8]) -> Result<()> {
    w.out.extend_from_slice(u.choose(PADDING)?.as_bytes());
    let key_start = w.out.len();
    let flip = |byte: u8| {
        if byte.is_ascii_lowercase() {
            byte.to_ascii_uppercase()
        } else {
            byte.to_ascii_lowercase()
        }
    };
    if key.flipped {
        w.out.extend(key.spelling.bytes().map(flip));
    } else {
        w.out.extend_from_slice(key.spelling.as_bytes());
    }
    if one_in(u, 24)? {
        break_key(u, &mut w.out, key_start)?;
    }
    w.out.extend_from_slice(u.choose(SEPARATORS)?.as_bytes());
    w.out.extend_from_slice(value);
    w.out.extend_from_slice(u.choose(TAILS)?.as_bytes());
    w.end_line(u)
}

fn user_agent_line(u: &mut Unstructured, w: &mut Writer) -> Result<()> {
    let key = key(u, USER_AGENT_KEYS)?;
    let named = w.names[u.choose_index(w.names.len())?].clone();
    let value = match u.int_in_range(0..=11)? {
        0 | 1 => "*".to_string(),
        2 => "* extra words".to_string(),
        3 => "*bot".to_string(),
        4 => format!("{named}/1.0"),
        5 => format!("{named} extra"),
        6 => format!("{named}*"),
        7 => String::new(),
        8 => format!("Mozilla/5.0 (compatible; {named})"),
        9 => named.to_ascii_lowercase(),
        _ => named,
    };
    line(u, w, key, value.as_bytes())
}

/// A line inside a group: mostly rules, sometimes other records or noise.
fn member_line(u: &mut Unstructured, w: &mut Writer) -> Result<()> {
    match u.int_in_range(0..=9)? {
        0..=3 => rule_line(u, w, DISALLOW_KEYS),
        4..=6 => rule_line(u, w, ALLOW_KEYS),
        7 => {
            let key = key(u, OTHER_KEYS)?;
            let value = pattern(u)?;
            line(u, w, key, &value)
        }
        _ => noise_line(u, w),
    }
}

fn rule_line(u: &mut Unstructured, w: &mut Writer, keys: &[&'static str]) -> Result<()> {
    let key = key(u, keys)?;
    let value = pattern(u)?;
    line(u, w, key, &value)?;
    w.patterns.push(value);
    Ok(())
}

/// Puts a [`KEY_BREAKERS`] byte into the key that runs from `key_start` to
/// the end of `out`: before it, inside it, or in place of one of its bytes.
fn break_key(u: &mut Unstructured, out: &mut Vec<u8>, key_start: usize) -> Result<()> {
    let breaker = *u.choose(KEY_BREAKERS)?;
    let at = key_start + u.int_in_range(0..=out.len() - key_start)?;
    if at < out.len() && u.arbitrary()? {
        out[at] = breaker;
    } else {
        out.insert(at, breaker);
    }
    Ok(())
}

/// The start of a key (perhaps broken, perhaps with its colon) as the
/// file's last bytes: a reader must not look past the end for the rest.
fn key_cut_short(u: &mut Unstructured, out: &mut Vec<u8>) -> Result<()> {
    out.extend_from_slice(u.choose(PADDING)?.as_bytes());
    let key_start = out.len();
    let spelling = u
        .choose(&[USER_AGENT_KEYS[0], ALLOW_KEYS[0], DISALLOW_KEYS[0]])?
        .as_bytes();
    let kept = u.int_in_range(1..=spelling.len())?;
    out.extend_from_slice(&spelling[..kept]);
    if kept == spelling.len() && u.arbitrary()? {
        out.push(b':');
    }
    if one_in(u, 3)? {
        break_key(u, out, key_start)?;
    }
    Ok(())
}

/// Comments, blank lines, lone keys and byte garbage.
fn noise_line(u: &mut Unstructured, w: &mut Writer) -> Result<()> {
    match u.int_in_range(0..=5)? {
        0 => w.out.extend_from_slice(b"# comment: Disallow: /x"),
        1 => {}
        2 => w.out.extend_from_slice(u.choose(PADDING)?.as_bytes()),
        3 => w.out.extend_from_slice(b"Disallow /two words"),
        4 => w.out.extend_from_slice(b"Disallow: /three words here"),
        _ => {
            let len = u.int_in_range(0..=20)?;
            for _ in 0..len {
                w.out.push(*u.choose(GARBAGE)?);
            }
        }
    }
    w.end_line(u)
}

/// A pattern assembled from pieces: slashes, words, `*`, `$`, escapes of
/// every kind, non-ASCII, NUL, spaces; sometimes empty or without `/`.
pub(crate) fn pattern(u: &mut Unstructured) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    write_pattern(u, &mut out)?;
    Ok(out)
}

/// [`pattern`], appended to `out`.
pub(crate) fn write_pattern(u: &mut Unstructured, out: &mut Vec<u8>) -> Result<()> {
    if one_in(u, 10)? {
        return Ok(());
    }
    if !one_in(u, 8)? {
        out.push(b'/');
    }
    let pieces = u.int_in_range(0..=5)?;
    for _ in 0..pieces {
        out.extend_from_slice(u.choose(PATTERN_PIECES)?);
    }
    Ok(())
}

/// One line around Google's 16,663-byte cut, with the cut landing inside a
/// rule's value, so the kept start and the dropped end both matter.
fn long_line(u: &mut Unstructured, w: &mut Writer) -> Result<()> {
    let kind = *u.choose(&["Disallow: ", "Allow: ", "# "])?;
    let target = rep::GOOGLE_MAX_LINE_BYTES + u.int_in_range(0..=6)? - 3;
    // No `*` before the fill: a wildcard ahead of thousands of bytes costs
    // Google's matcher O(pattern × path) per check, and these rare inputs
    // would dominate the run time.
    let mut value = b"/".to_vec();
    let fill = *u.choose(b"a/")?;
    // One resize, not a push per byte: under the fuzzer's instrumentation
    // a 16 KB loop of pushes cost more than parsing the line.
    value.resize(value.len().max(target.saturating_sub(kind.len())), fill);
    value.extend_from_slice(u.choose(&[&b""[..], b"$", b"/end", b"b"])?);
    w.out.extend_from_slice(kind.as_bytes());
    w.out.extend_from_slice(&value);
    w.end_line(u)?;
    if kind != "# " {
        w.patterns.push(value);
    }
    Ok(())
}
