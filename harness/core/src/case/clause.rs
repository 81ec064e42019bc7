//! The sections of RFC 9309 an `rfc` expectation can rest on, with their
//! titles and links.

/// Every section of RFC 9309, with its title (the document's own numbering).
pub(crate) const SECTIONS: [(&str, &str); 23] = [
    ("1", "Introduction"),
    ("1.1", "Requirements Language"),
    ("2", "Specification"),
    ("2.1", "Protocol Definition"),
    ("2.2", "Formal Syntax"),
    ("2.2.1", "The User-Agent Line"),
    ("2.2.2", "The \"Allow\" and \"Disallow\" Lines"),
    ("2.2.3", "Special Characters"),
    ("2.2.4", "Other Records"),
    ("2.3", "Access Method"),
    ("2.3.1", "Access Results"),
    ("2.3.1.1", "Successful Access"),
    ("2.3.1.2", "Redirects"),
    ("2.3.1.3", "\"Unavailable\" Status"),
    ("2.3.1.4", "\"Unreachable\" Status"),
    ("2.3.1.5", "Parsing Errors"),
    ("2.4", "Caching"),
    ("2.5", "Limits"),
    ("3", "Security Considerations"),
    ("4", "IANA Considerations"),
    ("5", "Examples"),
    ("5.1", "Simple Example"),
    ("5.2", "Longest Match"),
];

/// The title of section `section`, or `None` when RFC 9309 has no such section.
pub fn title(section: &str) -> Option<&'static str> {
    SECTIONS
        .iter()
        .find(|(number, _)| *number == section)
        .map(|(_, title)| *title)
}

/// A link to section `section` of RFC 9309.
pub fn link(section: &str) -> String {
    format!("https://www.rfc-editor.org/rfc/rfc9309#section-{section}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_known_by_number() {
        assert_eq!(title("2.2.2"), Some("The \"Allow\" and \"Disallow\" Lines"));
        assert_eq!(title("2.2.5"), None);
        assert_eq!(title("§2.2"), None);
        assert!(link("2.5").ends_with("#section-2.5"));
    }
}
