//! Validation of what makes a check's id and its tags: every check has a
//! `name`, a kebab-case slug at most [`MAX_CHECK_NAME`] characters long and
//! unique in its case (a check id is `<case id>/<name>`, so inserting a
//! check renumbers nothing), and a `tags:` list names only tags the content
//! cannot show.

use super::locate::Item;
use super::raw::RawCheck;
use super::readings::is_kebab_case;
use super::tags::{unknown, Tag};
use super::validate::Validator;
use std::collections::{BTreeSet, HashMap};

/// The longest check name: long enough for a URL's path, short enough to
/// read in a list of ids.
pub const MAX_CHECK_NAME: usize = 64;

impl Validator<'_> {
    /// Reports every check of case `case` (its raw checks and where each is)
    /// without a name, with one that is not a slug, or with one an earlier
    /// check of the case already has.
    pub(super) fn validate_check_names(&mut self, case: &str, checks: &[RawCheck], items: &[Option<&Item>]) {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (index, (check, item)) in checks.iter().zip(items).enumerate() {
            let number = index + 1;
            let Some(name) = check.name.as_deref() else {
                let at = self.at(*item, None);
                self.report(
                    at,
                    format!(
                        "check {number} of case `{case}` has no `name`: give it one unique in the case, a short \
                         slug of what it asks (e.g. `name: a-b` for the URL /a/b); its id is `{case}/<name>`"
                    ),
                );
                continue;
            };
            let at = self.at(*item, Some("name"));
            if !is_kebab_case(name) || name.len() > MAX_CHECK_NAME {
                self.report(
                    at,
                    format!(
                        "check {number}: name `{name}` is not a slug: use lowercase letters, digits and single \
                         hyphens, at most {MAX_CHECK_NAME} characters"
                    ),
                );
            } else if let Some(first) = seen.insert(name, number) {
                self.report(
                    at,
                    format!(
                        "check {number}: name `{name}` is already check {first}'s in case `{case}`: names are \
                         unique in a case"
                    ),
                );
            }
        }
    }

    /// The tags written at `key` `tags` of `item` (a case or a check), or
    /// the problems reported: each must be a tag, and one the content
    /// cannot show.
    pub(super) fn written_tags(&mut self, written: Option<&[String]>, item: Option<&Item>) -> BTreeSet<Tag> {
        let mut tags = BTreeSet::new();
        for name in written.unwrap_or_default() {
            let at = self.at(item, Some("tags"));
            match Tag::from_name(name) {
                None => self.report(at, unknown(name)),
                Some(tag) if tag.is_derived() => self.report(
                    at,
                    format!(
                        "tag `{name}` follows from the content ({}), so it is never written: remove it",
                        tag.about()
                    ),
                ),
                Some(tag) => {
                    tags.insert(tag);
                }
            }
        }
        tags
    }
}
