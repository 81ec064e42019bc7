//! The agents a check asks about: a group's name exactly, almost (case,
//! prefix, suffix such as `-Image`), a stranger, or several at once.

use arbitrary::{Result, Unstructured};

use super::one_in;

use super::vocab::{AGENT_SUFFIXES, STRANGERS};

/// One to three agents for a check against a body that names `names`,
/// written over `agents` (its strings' buffers are reused).
pub(crate) fn choose(u: &mut Unstructured, names: &[String], agents: &mut Vec<String>) -> Result<()> {
    let count = *u.choose(&[1, 1, 1, 1, 1, 2, 2, 3])?;
    agents.truncate(count);
    agents.resize_with(count, String::new);
    for agent in agents {
        one(u, names, agent)?;
    }
    Ok(())
}

fn one(u: &mut Unstructured, names: &[String], out: &mut String) -> Result<()> {
    out.clear();
    if names.is_empty() || one_in(u, 6)? {
        out.push_str(u.choose(STRANGERS)?);
        return Ok(());
    }
    let name = &names[u.choose_index(names.len())?];
    out.push_str(name);
    match u.int_in_range(0..=7)? {
        0..=2 => {}
        3 => out.make_ascii_lowercase(),
        4 => out.make_ascii_uppercase(),
        5 => {
            out.pop();
        }
        _ => out.push_str(u.choose(AGENT_SUFFIXES)?),
    }
    Ok(())
}
