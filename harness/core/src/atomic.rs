//! Files written whole or not at all. Every report, finding, cache and
//! output file `reptest` writes goes through [`write_atomically`]: the bytes
//! go to a temporary file beside the target, which is then renamed over it,
//! so a run killed at any point leaves the old file or the new one, never
//! half of one. A directory of many files (the site) is built beside its
//! target and swapped in by [`replace_dir`].
//!
//! Temporary names carry the writer's process id (`.reptest-<pid>-<random>.partial`),
//! so the leftovers of a killed run can be told from a live run's work: the
//! first write into a directory removes the leftovers of processes that no
//! longer exist ([`clean_leftovers`]), and nothing else.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How every temporary name starts.
const PREFIX: &str = ".reptest-";

/// How every temporary name ends.
const SUFFIX: &str = ".partial";

/// The temporary-name prefix of this process: `.reptest-<pid>-`.
fn own_prefix() -> String {
    format!("{PREFIX}{}-", std::process::id())
}

/// Writes `bytes` to `path` through a temporary file in the same directory
/// (created with its parents when missing), renamed into place once written
/// and flushed to disk.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_of(path);
    std::fs::create_dir_all(&dir)?;
    clean_once(&dir);
    let mut file = with_plain_permissions(tempfile::Builder::new().prefix(&own_prefix()).suffix(SUFFIX), 0o666)
        .tempfile_in(&dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// Whether [`write_atomically`] could write `path` now: it is not a
/// directory, and a temporary file can be made beside it (its directory is
/// created when missing, as the write would). Tried before a long run, so a
/// mistyped output path fails at once and costs nothing.
pub fn check_writable(path: &Path) -> io::Result<()> {
    if path.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory"));
    }
    let dir = parent_of(path);
    std::fs::create_dir_all(&dir)?;
    tempfile::Builder::new()
        .prefix(&own_prefix())
        .suffix(SUFFIX)
        .tempfile_in(&dir)
        .map(drop)
}

/// Makes `target` a directory holding what `build` writes: `build` fills a
/// fresh temporary directory beside `target`, which then takes `target`'s
/// place in one step where the system can exchange two directories (Linux,
/// macOS), else in two (the old one renamed away, the new one renamed in);
/// the old one is then removed. When `build` fails, `target` is left as it
/// was.
pub fn replace_dir<T, E: From<io::Error>>(target: &Path, build: impl FnOnce(&Path) -> Result<T, E>) -> Result<T, E> {
    let dir = parent_of(target);
    std::fs::create_dir_all(&dir)?;
    clean_once(&dir);
    let staging = temporary_dir(&dir)?;
    let built = build(staging.path())?;
    if exchange(staging.path(), target).is_ok() {
        // `staging` holds the old directory now, removed on drop.
        return Ok(built);
    }
    // No exchange here, or no `target` yet. `old` is empty, so a rename onto it replaces it.
    let old = temporary_dir(&dir)?;
    if target.exists() {
        std::fs::rename(target, old.path())?;
    }
    std::fs::rename(staging.path(), target)?;
    // The staging directory is `target` now; only `old` is removed on drop.
    let _ = staging.keep();
    drop(old);
    Ok(built)
}

/// Exchanges the directories `a` and `b` atomically (both must exist).
#[cfg(any(target_os = "linux", target_os = "macos"))]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

/// No atomic exchange on this system.
#[cfg(not(any(target_os = "linux", target_os = "macos")))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

fn temporary_dir(dir: &Path) -> io::Result<tempfile::TempDir> {
    with_plain_permissions(tempfile::Builder::new().prefix(&own_prefix()).suffix(SUFFIX), 0o777).tempdir_in(dir)
}

/// A temporary file or directory is private by default (0600, 0700); what
/// is renamed into place must get the mode a plain `File::create` or
/// `create_dir` gives (`mode` less the umask), or reports and findings would
/// become unreadable to everyone but their writer.
#[cfg(unix)]
fn with_plain_permissions<'a, 'b>(
    builder: &'b mut tempfile::Builder<'a, 'a>,
    mode: u32,
) -> &'b mut tempfile::Builder<'a, 'a> {
    use std::os::unix::fs::PermissionsExt;
    builder.permissions(std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn with_plain_permissions<'a, 'b>(
    builder: &'b mut tempfile::Builder<'a, 'a>,
    _mode: u32,
) -> &'b mut tempfile::Builder<'a, 'a> {
    builder
}

/// The directory `path` is in (`.` for a bare file name).
fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// [`clean_leftovers`] in `dir`, once per process: done by the first write
/// into it, and by the writers that may write nothing (findings, answer
/// caches) when they start.
pub fn clean_once(dir: &Path) {
    static CLEANED: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);
    let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let first = CLEANED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get_or_insert_with(HashSet::new)
        .insert(key);
    if first {
        clean_leftovers(dir);
    }
}

/// Removes from `dir` the temporary files and directories that runs no
/// longer alive left behind: `.reptest-<pid>-….partial` (see the module
/// documentation) and the answer caches' older `<name>.partial-<pid>`.
/// Returns how many were removed. What cannot be removed is left alone: the
/// next run tries again.
pub fn clean_leftovers(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(leftover_pid) else {
            continue;
        };
        if pid == std::process::id() || is_alive(pid) {
            continue;
        }
        let path = entry.path();
        let gone = match entry.file_type() {
            Ok(kind) if kind.is_dir() => std::fs::remove_dir_all(&path),
            _ => std::fs::remove_file(&path),
        };
        removed += usize::from(gone.is_ok());
    }
    removed
}

/// The process id in a temporary name of ours, `None` for any other name.
fn leftover_pid(name: &str) -> Option<u32> {
    if let Some(rest) = name.strip_prefix(PREFIX).filter(|rest| rest.ends_with(SUFFIX)) {
        let (pid, random) = rest.split_once('-')?;
        return (!random.is_empty()).then(|| pid.parse().ok()).flatten();
    }
    // `<name>.partial-<pid>`: the answer caches' temporary name before this module.
    let (_, pid) = name.rsplit_once(".partial-")?;
    pid.bytes()
        .all(|byte| byte.is_ascii_digit())
        .then(|| pid.parse().ok())
        .flatten()
}

/// Whether a process `pid` exists (one of another user counts too).
#[cfg(unix)]
fn is_alive(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) else {
        return false;
    };
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(error) => error == rustix::io::Errno::PERM,
    }
}

/// Where processes cannot be asked after, every one counts as alive: its
/// temporary files are left alone.
#[cfg(not(unix))]
fn is_alive(_pid: u32) -> bool {
    true
}

#[cfg(test)]
mod tests;
