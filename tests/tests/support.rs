//! Shared helpers for the workspace tests.

use std::path::PathBuf;

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The shared input directory (`../shared` next to the repository), when present.
///
/// Returns `None` when it is absent so a test may skip, but panics when `CI=true`: CI always
/// has `../shared`, so a wrong path must never turn into a silent pass.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = repo_root().join("..").join("shared");
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("../shared is missing at {} but CI=true", dir.display());
    }
    eprintln!("skipping: ../shared not found");
    None
}
