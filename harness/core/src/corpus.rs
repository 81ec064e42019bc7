//! The real-world corpus: 4,231 robots.txt files from top websites, shipped
//! in the PyPI sdist `protego==0.7.0` under `tests/test_data/`.
//!
//! Fetched at run time (never committed, never in a build script) by
//! `tools/fetch_sdist.py` (the copy built in, see [`crate::sdist`]) into the project's cache, beside the Google source
//! (the script decides where: `REP_CACHE_DIR`, else `$XDG_CACHE_HOME/rep`,
//! else `~/.cache/rep`). The archive is pinned by sha256 and verified on
//! every fetch.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

const PROJECT: &str = "protego";
const FILENAME: &str = "protego-0.7.0.tar.gz";
const SHA256: &str = "2c032d9736a1f4f0c4318f3558353ae34da5cd038f1a5e064ded7548df315e5a";
const MEMBER: &str = "tests/test_data/";
const DATA_SUBDIR: &str = "protego-0.7.0/tests/test_data";

/// The number of files the pinned sdist holds.
pub const EXPECTED_FILES: usize = 4231;

/// When the files were collected, as far as the sdist tells: every one of
/// them is dated 2 February 2020 in the archive (protego added them to its
/// tests then), so they are at least that old.
pub const COLLECTED: &str = "collected by February 2020";

/// One corpus file: its name (the site it came from) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusFile {
    /// File name, e.g. `www.example.com`.
    pub name: String,
    /// The robots.txt body, byte for byte.
    pub body: Vec<u8>,
}

/// Why the corpus could not be had.
#[derive(Debug)]
pub enum CorpusError {
    /// The Python interpreter could not be started.
    NoPython {
        /// The command tried.
        python: String,
        /// What the OS said.
        error: std::io::Error,
    },
    /// The fetch script failed (network, index, checksum); its own message.
    Fetch(String),
    /// The suite's case files did not load; the loader's messages.
    Cases(String),
    /// Reading the unpacked files failed.
    Read {
        /// The path that could not be read.
        path: PathBuf,
        /// What the OS said.
        error: std::io::Error,
    },
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorpusError::NoPython { python, error } => write!(
                f,
                "cannot run `{python}` to fetch the real-world corpus ({FILENAME}): {error}; install Python 3 \
                 or set PYTHON, or pass a directory of robots.txt files with --corpus"
            ),
            CorpusError::Fetch(message) => write!(
                f,
                "fetching the real-world corpus {FILENAME} (sha256 {SHA256}) failed: {message}; the package \
                 index must be reachable once, after which the cache is used"
            ),
            CorpusError::Cases(message) => write!(f, "the suite's cases do not load:\n{message}"),
            CorpusError::Read { path, error } => write!(f, "cannot read corpus file {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for CorpusError {}

/// Fetches (or finds in the cache) the pinned sdist and returns the
/// directory holding the corpus files.
pub(crate) fn fetch_dir() -> Result<PathBuf, CorpusError> {
    let python = crate::sdist::python();
    let output = crate::sdist::command(&python)
        .args([
            "--project",
            PROJECT,
            "--filename",
            FILENAME,
            "--sha256",
            SHA256,
            "--member",
            MEMBER,
        ])
        .output()
        .map_err(|error| CorpusError::NoPython {
            python: python.clone(),
            error,
        })?;
    if !output.status.success() {
        return Err(CorpusError::Fetch(
            String::from_utf8_lossy(&output.stderr).trim().to_owned(),
        ));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let unpacked = PathBuf::from(stdout.lines().last().unwrap_or_default().trim());
    Ok(unpacked.join(DATA_SUBDIR))
}

/// The whole real-world corpus, sorted by name.
pub fn fetch() -> Result<Vec<CorpusFile>, CorpusError> {
    load_dir(&fetch_dir()?)
}

/// Every regular file directly in `dir` (hidden files skipped), sorted by
/// name: the corpus, or any directory of robots.txt files (`--corpus DIR`).
pub(crate) fn load_dir(dir: &Path) -> Result<Vec<CorpusFile>, CorpusError> {
    let read_error = |path: &Path| {
        let path = path.to_path_buf();
        move |error| CorpusError::Read { path, error }
    };
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(read_error(dir))? {
        let entry = entry.map_err(read_error(dir))?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || !path.is_file() {
            continue;
        }
        let body = fs::read(&path).map_err(read_error(&path))?;
        files.push(CorpusFile { name, body });
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(files)
}

/// Case bodies longer than this are not used as seeds: they are the
/// size-limit and pathological-performance cases (hundreds of KiB, chains of
/// thousands of wildcards), which the runner checks already and which,
/// mutated and checked dozens of times each, would dominate a diff run.
const MAX_SEED_CASE_BODY: usize = 8192;

/// The bodies of the suite's cases (the workspace's, or the suite built in
/// outside a checkout; fetch cases included: their bodies are robots.txt
/// too), named by case id, as seeds; bodies over 8 KiB are left out.
pub(crate) fn from_cases() -> Result<Vec<CorpusFile>, CorpusError> {
    let files = crate::workspace::load_cases(&[]).map_err(|errors| CorpusError::Cases(errors.to_string()))?;
    Ok(files
        .into_iter()
        .flat_map(|file| file.cases)
        .filter(|case| case.body.len() <= MAX_SEED_CASE_BODY)
        .map(|case| CorpusFile {
            name: case.id,
            body: case.body,
        })
        .collect())
}

/// The corpus `what` names — `real-world` (the pinned protego 0.7.0 files),
/// `cases` (the suite's own bodies) or a directory of robots.txt files —
/// and a description of it for reports. One corpus loader for `diff`,
/// `measure` and `report` alike.
pub fn load_corpus(what: &str) -> Result<(Vec<CorpusFile>, String), String> {
    let (files, description) = match what {
        "real-world" => (fetch(), format!("the protego 0.7.0 test data ({COLLECTED})")),
        "cases" => (from_cases(), "the bodies of the suite's cases".to_string()),
        dir => (load_dir(Path::new(dir)), format!("the files of {dir}")),
    };
    let files = files.map_err(|error| error.to_string())?;
    if files.is_empty() {
        return Err(format!("--corpus {what} holds no files"));
    }
    let description = format!("{description}, {} files", files.len());
    Ok((files, description))
}
