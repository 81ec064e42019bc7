//! The agents a check asks about: a group's name exactly, almost (case,
//! prefix, suffix such as `-Image`), a stranger, or several at once.

use arbitrary::{Result, Unstructured};

use super::one_in;

use super::vocab::{AGENT_SUFFIXES, STRANGERS};

/// One to three agents for a check against a body that names `names`.
pub(crate) fn choose(u: &mut Unstructured, names: &[String]) -> Result<Vec<String>> {
    let count = *u.choose(&[1, 1, 1, 1, 1, 2, 2, 3])?;
    let mut agents = Vec::with_capacity(count);
    for _ in 0..count {
        agents.push(one(u, names)?);
    }
    Ok(agents)
}

fn one(u: &mut Unstructured, names: &[String]) -> Result<String> {
    if names.is_empty() || one_in(u, 6)? {
        return Ok(u.choose(STRANGERS)?.to_string());
    }
    let name = &names[u.choose_index(names.len())?];
    Ok(match u.int_in_range(0..=7)? {
        0..=2 => name.clone(),
        3 => name.to_ascii_lowercase(),
        4 => name.to_ascii_uppercase(),
        5 => {
            let mut prefix = name.clone();
            prefix.pop();
            prefix
        }
        _ => format!("{name}{}", u.choose(AGENT_SUFFIXES)?),
    })
}
