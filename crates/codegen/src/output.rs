//! Writing generated files all-or-nothing and finding stale ones.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path relative to the repository root, with `/` separators.
    pub path: String,
    /// The file's full contents.
    pub contents: String,
}

/// The prefix of the temporary files [`write_outputs`] stages outputs in.
const TEMPORARY_PREFIX: &str = ".grimoire-staged-";

/// Writes `outputs` under `root`, only those whose bytes changed, and returns the paths
/// written.
///
/// Every changed output is first staged in a temporary file beside its target; only when all
/// are staged are they renamed over their targets, so a failed write (a full disk, a
/// read-only directory) leaves every previous output untouched. Temporary files a killed
/// run left behind in the output directories are removed first. An error names the path it
/// failed on.
pub fn write_outputs(root: &Path, outputs: &[Output]) -> io::Result<Vec<String>> {
    let changed: Vec<&Output> = outputs
        .iter()
        .filter(|output| {
            std::fs::read(root.join(&output.path))
                .map_or(true, |bytes| bytes != output.contents.as_bytes())
        })
        .collect();
    let mut directories: Vec<PathBuf> = outputs
        .iter()
        .filter_map(|output| root.join(&output.path).parent().map(Path::to_path_buf))
        .collect();
    directories.sort();
    directories.dedup();
    for directory in &directories {
        remove_stale_temporaries(directory);
    }
    let mut staged = Vec::with_capacity(changed.len());
    for output in &changed {
        match stage(root, output) {
            Ok(temporary) => staged.push((temporary, root.join(&output.path))),
            // Dropping the staged files deletes them: nothing was replaced.
            Err(error) => return Err(error),
        }
    }
    for (temporary, target) in staged {
        temporary
            .persist(&target)
            .map_err(|error| located(&target, error.error))?;
    }
    Ok(changed.iter().map(|output| output.path.clone()).collect())
}

/// Writes one output to a synced temporary file beside its target.
fn stage(root: &Path, output: &Output) -> io::Result<tempfile::NamedTempFile> {
    let target = root.join(&output.path);
    let directory = target.parent().unwrap_or(root);
    std::fs::create_dir_all(directory).map_err(|error| located(directory, error))?;
    let mut temporary = temporary_file(directory).map_err(|error| located(directory, error))?;
    temporary
        .write_all(output.contents.as_bytes())
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(|error| located(&target, error))?;
    Ok(temporary)
}

/// `error` with `path` in its message.
fn located(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// Removes the temporary files an interrupted run left in `directory`: ours
/// (`.grimoire-staged-*`) and those of earlier versions (`.tmp` and six characters, the
/// `tempfile` default). Output directories hold only generated files, so nothing else
/// has those names.
fn remove_stale_temporaries(directory: &Path) {
    let Ok(entries) = std::fs::read_dir(directory) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let legacy = name.len() == 10
            && name.starts_with(".tmp")
            && name[4..].chars().all(|c| c.is_ascii_alphanumeric());
        if (name.starts_with(TEMPORARY_PREFIX) || legacy)
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A temporary file beside the target, readable by everyone like a normal source file
/// (temporary files are otherwise created owner-only).
fn temporary_file(directory: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMPORARY_PREFIX);
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    builder.tempfile_in(directory)
}

/// The paths whose bytes on disk under `root` differ from `outputs` (stale or missing).
pub fn stale_outputs(root: &Path, outputs: &[Output]) -> Vec<String> {
    outputs
        .iter()
        .filter(|output| {
            std::fs::read(root.join(&output.path))
                .map_or(true, |bytes| bytes != output.contents.as_bytes())
        })
        .map(|output| output.path.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn output(path: &str, contents: &str) -> Output {
        Output {
            path: path.into(),
            contents: contents.into(),
        }
    }

    #[test]
    fn a_failed_write_replaces_nothing_and_names_the_path() {
        let root = tempfile::tempdir().expect("temp dir");
        let first = [output("a/one.txt", "old"), output("b/two.txt", "old")];
        write_outputs(root.path(), &first).expect("first write");
        // `b` becomes a file, so nothing can be staged under it.
        std::fs::remove_dir_all(root.path().join("b")).expect("remove b");
        std::fs::write(root.path().join("b"), "in the way").expect("block b");
        let second = [output("a/one.txt", "new"), output("b/two.txt", "new")];
        let error = write_outputs(root.path(), &second).unwrap_err();
        assert!(error.to_string().contains('b'), "{error}");
        assert_eq!(
            std::fs::read_to_string(root.path().join("a/one.txt")).expect("a"),
            "old",
            "a half-written build replaced an output"
        );
        let leftovers: Vec<_> = std::fs::read_dir(root.path().join("a"))
            .expect("a")
            .flatten()
            .filter(|entry| entry.file_name() != "one.txt")
            .collect();
        assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    }

    #[test]
    fn temporaries_of_a_killed_build_are_removed() {
        let root = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(root.path().join("a")).expect("a");
        for stale in [".tmpAb12Cd", ".grimoire-staged-x1y2"] {
            std::fs::write(root.path().join("a").join(stale), "partial").expect("stale");
        }
        std::fs::write(root.path().join("a/.tmpnotours.txt"), "keep").expect("other");
        write_outputs(root.path(), &[output("a/one.txt", "new")]).expect("write");
        let mut names: Vec<String> = std::fs::read_dir(root.path().join("a"))
            .expect("a")
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, [".tmpnotours.txt", "one.txt"]);
    }
}
