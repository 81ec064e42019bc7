//! The suite's change log (`cases/CHANGES.md`): its top heading names the
//! suite version, which the export, the report's stamp and `reptest
//! --version` all give.

/// The suite version: the top `## x.y.z` heading of the suite's change log
/// (`cases/CHANGES.md`, given as `changes`). The heading may bracket the
/// version or prefix a `v`, and may go on after it (`## [1.2.0] - 2025-01-31`).
pub fn suite_version(changes: &str) -> Result<String, String> {
    let (number, heading) = changes
        .lines()
        .enumerate()
        .find(|(_, line)| line.starts_with("## "))
        .ok_or("it has no `## x.y.z` heading: the top one names the suite version")?;
    let word = heading[3..].split_whitespace().next().unwrap_or("");
    let version = word
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim_start_matches('v');
    let is_semver = version.split('.').count() == 3
        && version
            .split('.')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    if is_semver {
        Ok(version.to_string())
    } else {
        Err(format!(
            "line {}: the top heading `{heading}` does not start with a version x.y.z",
            number + 1
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_top_heading_names_the_version() {
        let changes = "# Changes\n\ntext\n\n## 2.1.0\n\n- new cases\n\n## 2.0.0\n";
        assert_eq!(suite_version(changes).unwrap(), "2.1.0");
        assert_eq!(suite_version("## [1.4.2] - 2025-01-31\n").unwrap(), "1.4.2");
        assert_eq!(suite_version("## v3.0.0\n").unwrap(), "3.0.0");
    }

    #[test]
    fn a_change_log_without_a_versioned_heading_is_refused_with_its_line() {
        assert!(suite_version("# Changes\n")
            .unwrap_err()
            .contains("no `## x.y.z` heading"));
        let error = suite_version("# Changes\n## Unreleased\n## 1.0.0\n").unwrap_err();
        assert!(error.starts_with("line 2:"), "{error}");
        assert!(suite_version("## 1.0\n").is_err());
        assert!(suite_version("## 1.0.x\n").is_err());
    }
}
