//! Records the resolved versions of the wrapped crates (from Cargo.lock) so
//! each adapter's `--version` can say which release it runs.

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    for (name, var) in [
        ("robotstxt", "ROBOTSTXT_VERSION"),
        ("texting_robots", "TEXTING_ROBOTS_VERSION"),
        ("robotparser", "ROBOTPARSER_VERSION"),
        ("robots_txt", "ROBOTS_TXT_VERSION"),
    ] {
        let version = locked_version(&lock, name).unwrap_or_else(|| "unknown".to_string());
        println!("cargo:rustc-env={var}={version}");
    }
}

/// The `version` line that follows `name = "<name>"` in a Cargo.lock.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let mut lines = lock.lines();
    let wanted = format!("name = \"{name}\"");
    lines.find(|line| line.trim() == wanted)?;
    let version = lines.next()?.trim().strip_prefix("version = \"")?;
    Some(version.trim_end_matches('"').to_string())
}
