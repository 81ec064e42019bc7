//! Importing another suite's cases into the case format (`cases/README.md`).
//! Today one source: Google's robotstxt-spec-test, whose cases are
//! protobuf text-format files ([`textproto`] reads the syntax,
//! [`spec_test`] the schema, `convert` writes the case file).
//!
//! An engine: it reads the input files and returns the case files' text
//! with every problem found; it never prints and never writes. Problems
//! split in two. Errors are the input's own mistakes (bad syntax, an
//! unknown field, a missing outcome): with any of them nothing should be
//! written. Warnings are valid input the case format cannot carry (an
//! expectation with an empty agent or URL), left out and named, and valid
//! input read with a loss (a string field that is not UTF-8, decoded
//! lossily as Google's runner decodes it).

mod convert;
pub mod spec_test;
pub mod textproto;

pub use convert::Converted;

use crate::case::{files_under, not_utf8_at};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The file name extensions read as text-format files.
pub(crate) const EXTENSIONS: &[&str] = &["textproto", "txtpb", "textpb", "pbtxt"];

pub use crate::problem::Problem;

/// One input file and the case file it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedFile {
    /// The input file.
    pub source: PathBuf,
    /// Where its case file goes, relative to the output directory.
    pub output: PathBuf,
    /// The case file and what it holds.
    pub converted: Converted,
}

/// The result of an import: the case files, and what went wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Import {
    /// One per input file, in sorted order (complete only without errors).
    pub files: Vec<ImportedFile>,
    /// Left out because the case format cannot carry it.
    pub warnings: Vec<Problem>,
    /// Mistakes in the input: when there is any, write nothing.
    pub errors: Vec<Problem>,
}

/// Imports the robotstxt-spec-test files at `input`: one file, or every
/// file with one of [`EXTENSIONS`] under a directory (recursively). Each
/// becomes `<dirs>/<name>.yaml` under the output directory, its directory
/// and file names in kebab case, so a suite's layout is kept; a file left
/// with no case becomes nothing (with a warning).
pub fn spec_test(input: &Path) -> Import {
    let mut import = Import::default();
    let sources = match sources(input) {
        Ok(sources) if sources.is_empty() => {
            import.errors.push(Problem {
                path: input.to_path_buf(),
                position: None,
                message: format!("no spec-test files here (*.{})", EXTENSIONS.join(", *.")),
            });
            return import;
        }
        Ok(sources) => sources,
        Err(message) => {
            import.errors.push(Problem {
                path: input.to_path_buf(),
                position: None,
                message,
            });
            return import;
        }
    };
    let mut outputs: HashMap<PathBuf, PathBuf> = HashMap::new();
    for (path, relative) in sources {
        let output = output_path(&relative);
        if let Some(first) = outputs.insert(output.clone(), path.clone()) {
            import.errors.push(Problem {
                path: path.clone(),
                position: None,
                message: format!(
                    "{} would be written to {} too; rename one of them",
                    first.display(),
                    output.display()
                ),
            });
            continue;
        }
        if let Some(file) = import_one(&path, &relative, output, &mut import) {
            import.files.push(file);
        }
    }
    import
}

/// Reads, checks and converts the file at `path` (`relative` to the input),
/// its problems and warnings added to `import`; the file to write, unless
/// it is unreadable or left with no case.
fn import_one(path: &Path, relative: &Path, output: PathBuf, import: &mut Import) -> Option<ImportedFile> {
    let problem = |position, message| Problem {
        path: path.to_path_buf(),
        position,
        message,
    };
    let spec = match read_file(path) {
        Ok(spec) => {
            import.warnings.extend(
                spec.warnings
                    .iter()
                    .map(|(position, message)| problem(Some(*position), message.clone())),
            );
            spec
        }
        Err(problems) => {
            import.errors.extend(
                problems
                    .into_iter()
                    .map(|(position, message)| problem(position, message)),
            );
            return None;
        }
    };
    let source = relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    let stem = output.file_stem().expect("an output file name").to_string_lossy();
    let converted = convert::convert(&spec, &source, &stem);
    import.warnings.extend(
        converted
            .left_out
            .iter()
            .map(|(position, message)| problem(Some(*position), message.clone())),
    );
    if converted.cases == 0 {
        // The case loader refuses a file without cases.
        import.warnings.push(problem(
            None,
            "no test here has a check the case format can carry: no case file written".into(),
        ));
        return None;
    }
    Some(ImportedFile {
        source: path.to_path_buf(),
        output,
        converted,
    })
}

/// Reads and checks one spec-test file.
fn read_file(path: &Path) -> Result<spec_test::Specification, Vec<(Option<textproto::Position>, String)>> {
    let bytes = std::fs::read(path).map_err(|error| vec![(None, format!("cannot read: {error}"))])?;
    let text = String::from_utf8(bytes).map_err(|error| {
        vec![(
            Some(not_utf8_at(&error)),
            "the file is not UTF-8; write other bytes inside strings as escapes (\\377 or \\xFF)".into(),
        )]
    })?;
    let fields = textproto::parse(&text).map_err(|error| vec![(Some(error.at), error.message)])?;
    spec_test::read(&fields).map_err(|problems| {
        problems
            .into_iter()
            .map(|(position, message)| (Some(position), message))
            .collect()
    })
}

/// The spec-test files at `input`, each with its path relative to `input`
/// (its name alone when `input` is a file), sorted.
fn sources(input: &Path) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    let metadata = std::fs::metadata(input).map_err(|error| format!("cannot read: {error}"))?;
    if metadata.is_file() {
        let name = input
            .file_name()
            .map(PathBuf::from)
            .unwrap_or_else(|| input.to_path_buf());
        return Ok(vec![(input.to_path_buf(), name)]);
    }
    let found = files_under(input, EXTENSIONS).map_err(|error| format!("cannot list: {error}"))?;
    Ok(found
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(input).unwrap_or(&path).to_path_buf();
            (path, relative)
        })
        .collect())
}

/// `a_Dir/BOM-characters.textproto` → `a-dir/bom-characters.yaml`.
fn output_path(relative: &Path) -> PathBuf {
    let mut output: PathBuf = relative
        .parent()
        .into_iter()
        .flat_map(Path::components)
        .map(|part| kebab(&part.as_os_str().to_string_lossy()))
        .collect();
    let stem = relative.file_stem().unwrap_or_default().to_string_lossy();
    output.push(format!("{}.yaml", kebab(&stem)));
    output
}

/// `name` in kebab case: ASCII letters and digits, lowercased, every other
/// run of characters one hyphen (`spec-test` when nothing is left).
fn kebab(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    if words.is_empty() {
        "spec-test".into()
    } else {
        words.join("-")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_names_are_kebab_case_and_keep_directories() {
        assert_eq!(
            output_path(Path::new("Correctness/BOM_characters.textproto")),
            PathBuf::from("correctness/bom-characters.yaml")
        );
        assert_eq!(output_path(Path::new("155227.txtpb")), PathBuf::from("155227.yaml"));
        assert_eq!(kebab("--é--"), "spec-test");
        assert_eq!(kebab("a..B  c"), "a-b-c");
    }
}
