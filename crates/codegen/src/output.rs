//! Writing generated files atomically and finding stale ones.

use std::io::Write;
use std::path::Path;

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path relative to the repository root, with `/` separators.
    pub path: String,
    /// The file's full contents.
    pub contents: String,
}

/// Writes `outputs` under `root`, each atomically (a temporary file in the same directory,
/// then a rename), and only those whose bytes changed. Returns the paths written.
pub fn write_outputs(root: &Path, outputs: &[Output]) -> std::io::Result<Vec<String>> {
    let mut written = Vec::new();
    for output in outputs {
        let target = root.join(&output.path);
        if std::fs::read(&target).is_ok_and(|bytes| bytes == output.contents.as_bytes()) {
            continue;
        }
        let directory = target.parent().unwrap_or(root);
        std::fs::create_dir_all(directory)?;
        let mut temporary = temporary_file(directory)?;
        temporary.write_all(output.contents.as_bytes())?;
        temporary.as_file().sync_all()?;
        temporary.persist(&target).map_err(|error| error.error)?;
        written.push(output.path.clone());
    }
    Ok(written)
}

/// A temporary file beside the target, readable by everyone like a normal source file
/// (temporary files are otherwise created owner-only).
fn temporary_file(directory: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
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
