//! Running the built `grimoire` binary and making content roots to run it on.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root (the workspace this crate belongs to).
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

/// `grimoire` with `args`, run in `dir`, colour off.
pub fn grimoire_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("grimoire runs")
}

/// The exit code, stdout and stderr of a run.
pub fn summary(output: &Output) -> (Option<i32>, String, String) {
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A temporary content root with a copy of the repository's Mage Wars content.
pub fn mage_wars_copy() -> tempfile::TempDir {
    content_copy("mage-wars")
}

/// A temporary content root with a copy of the repository's content of `game` (its codex and
/// cards).
pub fn content_copy(game: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for part in ["codex", "cards"] {
        let part = format!("{part}/{game}");
        copy_dir(&repository().join(&part), &dir.path().join(&part));
    }
    dir
}

/// Copies the directory tree `from` to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}
