use super::*;

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("rep-atomic-{name}-"))
        .tempdir()
        .expect("a temporary directory")
}

/// The pid of a process that has exited (and been reaped), so no longer exists.
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().expect("`true` starts");
    let pid = child.id();
    child.wait().expect("`true` exits");
    pid
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("listable")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_write_replaces_the_file_whole_and_leaves_no_temporary_file() {
    let dir = scratch("write");
    let path = dir.path().join("deeper").join("report.json");
    write_atomically(&path, b"old").expect("written");
    write_atomically(&path, b"new and longer").expect("rewritten");
    assert_eq!(std::fs::read(&path).expect("readable"), b"new and longer");
    assert_eq!(names(path.parent().expect("a parent")), ["report.json"]);
}

#[test]
fn the_leftovers_of_dead_runs_are_removed_and_nothing_else() {
    let dir = scratch("leftovers");
    let dead = dead_pid();
    let live = std::os::unix::process::parent_id();
    let leftovers = [
        format!(".reptest-{dead}-abc123.partial"),
        format!("protego-0.7.0-0123abcd.partial-{dead}"),
    ];
    let kept = [
        format!(".reptest-{live}-abc123.partial"),
        format!(".reptest-{dead}-abc123.yaml"),
        "notes.partial-x1".to_string(),
        "conformance.md".to_string(),
    ];
    for name in leftovers.iter().chain(&kept) {
        std::fs::write(dir.path().join(name), "x").expect("written");
    }
    let half_built_site = dir.path().join(format!(".reptest-{dead}-xyz.partial"));
    std::fs::create_dir_all(half_built_site.join("case")).expect("made");
    std::fs::write(half_built_site.join("case").join("a.html"), "<p").expect("written");
    assert_eq!(clean_leftovers(dir.path()), 3);
    let mut expected = kept.to_vec();
    expected.sort();
    assert_eq!(names(dir.path()), expected);
}

#[test]
fn a_directory_is_swapped_in_whole_and_kept_as_it_was_when_building_fails() {
    let dir = scratch("swap");
    let site = dir.path().join("site");
    std::fs::create_dir_all(site.join("case")).expect("made");
    std::fs::write(site.join("case").join("old.html"), "old").expect("written");
    let failed: Result<(), io::Error> = replace_dir(&site, |staging| {
        std::fs::write(staging.join("index.html"), "half")?;
        Err(io::Error::other("the build failed"))
    });
    assert!(failed.is_err());
    assert_eq!(names(&site), ["case"]);
    assert_eq!(names(dir.path()), ["site"], "the failed build's directory is removed");
    let built: Result<usize, io::Error> = replace_dir(&site, |staging| {
        std::fs::write(staging.join("index.html"), "new")?;
        Ok(1)
    });
    assert_eq!(built.expect("built"), 1);
    assert_eq!(names(&site), ["index.html"]);
    assert_eq!(names(dir.path()), ["site"], "the old directory is removed");
}

#[cfg(unix)]
#[test]
fn what_is_written_gets_the_mode_a_plain_create_gives() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &Path| std::fs::metadata(path).expect("written").permissions().mode() & 0o777;
    let dir = scratch("mode");
    std::fs::write(dir.path().join("plain.md"), b"x\n").expect("a plain write");
    write_atomically(&dir.path().join("whole.md"), b"x\n").expect("an atomic write");
    assert_eq!(mode(&dir.path().join("whole.md")), mode(&dir.path().join("plain.md")));
    std::fs::create_dir(dir.path().join("plain")).expect("a plain directory");
    replace_dir(&dir.path().join("site"), |_| Ok::<_, io::Error>(())).expect("a swapped-in directory");
    assert_eq!(mode(&dir.path().join("site")), mode(&dir.path().join("plain")));
}
