//! Finding the content root: the directory holding `codex/` and `cards/`.
//!
//! Every command that reads content takes `--root`; without it the root is found the way cargo
//! finds `Cargo.toml`: the current directory, then each parent in turn, until one holds both a
//! `codex/` and a `cards/` directory.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The `--root` of this run, if given.
static FLAG: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Records the global `--root` (once, from `main`).
pub fn set_flag(root: Option<PathBuf>) {
    let _ = FLAG.set(root);
}

/// The global `--root`, if given.
pub fn flag() -> Option<&'static Path> {
    FLAG.get().and_then(|root| root.as_deref())
}

/// Whether `dir` has the content layout (`codex/` and `cards/`).
pub fn is_content_root(dir: &Path) -> bool {
    dir.join("codex").is_dir() && dir.join("cards").is_dir()
}

/// The nearest directory from `start` upwards with the content layout.
pub fn find_from(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|dir| is_content_root(dir))
        .map(Path::to_path_buf)
}

/// `explicit` when given, else the root found upwards from the current directory.
pub fn resolve(explicit: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(root) = explicit {
        return Ok(root.to_path_buf());
    }
    let current =
        std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    find_from(&current).ok_or_else(|| {
        format!(
            "no content root found: neither {} nor any parent holds `codex/` and `cards/` (pass --root)",
            current.display()
        )
    })
}

/// `explicit` when given, else the root found upwards, else `None` (commands that fall back
/// to the card tables compiled into the binary).
pub fn optional(explicit: Option<&Path>) -> Option<PathBuf> {
    match explicit {
        Some(root) => Some(root.to_path_buf()),
        None => std::env::current_dir()
            .ok()
            .and_then(|current| find_from(&current)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_is_found_from_a_subdirectory() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("codex/g")).expect("codex");
        std::fs::create_dir_all(dir.path().join("cards/g/set")).expect("cards");
        let deep = dir.path().join("cards/g/set");
        assert_eq!(find_from(&deep).as_deref(), Some(dir.path()));
        assert_eq!(find_from(dir.path()).as_deref(), Some(dir.path()));
        let lone = tempfile::tempdir().expect("temp dir");
        assert_eq!(find_from(lone.path()), None);
    }
}
