//! Writing the site all or nothing.
//!
//! Every file is staged in a fresh folder beside the target (`.<name>.gallery-new-<pid>`);
//! only when all are written does the staged folder replace the target (the old one is first
//! renamed aside, then removed). A folder that is neither empty nor an earlier gallery (it has
//! no [`MARKER`] file) is never replaced. Stale staging folders of killed runs are removed.

use std::fs;
use std::path::{Path, PathBuf};

/// The file that marks a folder as a gallery this command wrote, so it may be replaced.
pub const MARKER: &str = ".grimoire-gallery";

/// Writes `files` (paths relative to the site root) as the folder `out`.
pub fn site(out: &Path, files: &[(PathBuf, Vec<u8>)]) -> Result<(), String> {
    let name = out
        .file_name()
        .ok_or_else(|| format!("{}: --out must name a folder", out.display()))?
        .to_string_lossy()
        .into_owned();
    let parent = match out.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if out.exists() {
        let empty = fs::read_dir(out)
            .map_err(|e| format!("cannot read {}: {e}", out.display()))?
            .next()
            .is_none();
        if !empty && !out.join(MARKER).is_file() {
            return Err(format!(
                "{} exists and is not a gallery written by grimoire (no {MARKER} in it); choose another --out or remove it",
                out.display()
            ));
        }
    }
    fs::create_dir_all(&parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    remove_stale(&parent, &name);
    let staged = parent.join(format!(".{name}.gallery-new-{}", std::process::id()));
    let result = stage(&staged, files).and_then(|()| swap(&staged, out, &parent, &name));
    if result.is_err() {
        let _ = fs::remove_dir_all(&staged);
    }
    result
}

fn stage(staged: &Path, files: &[(PathBuf, Vec<u8>)]) -> Result<(), String> {
    fs::create_dir_all(staged).map_err(|e| format!("cannot create {}: {e}", staged.display()))?;
    for (relative, bytes) in files.iter().chain(&[(PathBuf::from(MARKER), Vec::new())]) {
        let path = staged.join(relative);
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn swap(staged: &Path, out: &Path, parent: &Path, name: &str) -> Result<(), String> {
    let old = parent.join(format!(".{name}.gallery-old-{}", std::process::id()));
    let had_old = out.exists();
    if had_old {
        fs::rename(out, &old).map_err(|e| format!("cannot move {} aside: {e}", out.display()))?;
    }
    if let Err(e) = fs::rename(staged, out) {
        if had_old {
            let _ = fs::rename(&old, out);
        }
        return Err(format!(
            "cannot rename {} to {}: {e}",
            staged.display(),
            out.display()
        ));
    }
    if had_old {
        fs::remove_dir_all(&old).map_err(|e| format!("cannot remove {}: {e}", old.display()))?;
    }
    Ok(())
}

/// Removes the staging and set-aside folders an interrupted run left beside `out`.
fn remove_stale(parent: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let ours = [".gallery-new-", ".gallery-old-"]
            .iter()
            .any(|infix| file.starts_with(&format!(".{name}{infix}")));
        if ours && entry.path().is_dir() {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gallery_replaces_an_earlier_one_but_never_another_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("site");
        let first = [(PathBuf::from("a/index.html"), b"one".to_vec())];
        site(&out, &first).expect("first write");
        let second = [(PathBuf::from("b.html"), b"two".to_vec())];
        site(&out, &second).expect("second write");
        assert!(!out.join("a/index.html").exists());
        assert_eq!(fs::read(out.join("b.html")).expect("b"), b"two");
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .expect("read")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(leftovers, ["site"]);
        let other = dir.path().join("mine");
        fs::create_dir_all(&other).expect("mine");
        fs::write(other.join("notes.txt"), "keep").expect("notes");
        let error = site(&other, &second).unwrap_err();
        assert!(error.contains("is not a gallery"), "{error}");
        assert!(error.contains("mine"), "{error}");
        assert_eq!(fs::read(other.join("notes.txt")).expect("kept"), b"keep");
    }
}
