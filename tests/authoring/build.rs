//! Copies the Mage Wars content (codex, cards, errata) into `$OUT_DIR/content`, adds the files
//! of `additions/` (a new condition, a new trait and a card using both, written as a content
//! author would), and compiles the copy with `grimoire_build` into `$OUT_DIR/mage_wars.rs`.

use std::fs;
use std::path::{Path, PathBuf};

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap_or_else(|e| panic!("cannot create {}: {e}", to.display()));
    let entries =
        fs::read_dir(from).unwrap_or_else(|e| panic!("cannot read {}: {e}", from.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        let target = to.join(path.file_name().expect("a file name"));
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target)
                .unwrap_or_else(|e| panic!("cannot copy {}: {e}", path.display()));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let repo = manifest.join("../..");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    let content = out.join("content");
    if content.exists() {
        fs::remove_dir_all(&content).expect("the previous copy can be removed");
    }
    for part in ["codex/mage-wars", "cards/mage-wars"] {
        copy_tree(&repo.join(part), &content.join(part));
        println!("cargo:rerun-if-changed={}", repo.join(part).display());
    }
    copy_tree(&manifest.join("additions"), &content);
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("additions").display()
    );
    let mut config = grimoire_build::Config::new();
    config.out_dir(&out).emit_rerun_if_changed(false);
    if let Err(error) = config.compile(&content) {
        panic!("{error}");
    }
}
