//! Finding games and reading their files from a content root.

use std::io;
use std::path::Path;

use crate::{GameInput, NotUtf8, SourceFile};

/// Game names found under `<root>/codex/*/game.toml`, sorted.
pub fn discover_games(root: &Path) -> io::Result<Vec<String>> {
    let mut games = Vec::new();
    for entry in std::fs::read_dir(root.join("codex"))? {
        let entry = entry?;
        if entry.path().join("game.toml").is_file() {
            if let Some(name) = entry.file_name().to_str() {
                games.push(name.to_owned());
            }
        }
    }
    games.sort();
    Ok(games)
}

/// Reads `codex/<name>/` and `cards/<name>/` (sets are sub-folders, `errata/` holds errata
/// layers). A game without a `cards/<name>/` folder has no cards.
pub fn load_game(root: &Path, name: &str) -> io::Result<GameInput> {
    let mut not_utf8 = Vec::new();
    let codex_dir = format!("codex/{name}");
    let game_toml = read(root, &format!("{codex_dir}/game.toml"), &mut not_utf8)?;
    let codex = toml_files(root, &codex_dir)?
        .into_iter()
        .filter(|path| !path.ends_with("/game.toml"))
        .map(|path| read(root, &path, &mut not_utf8))
        .collect::<io::Result<_>>()?;
    let cards_dir = format!("cards/{name}");
    let mut cards = Vec::new();
    let mut errata = Vec::new();
    if root.join(&cards_dir).is_dir() {
        for set in sub_dirs(root, &cards_dir)? {
            let files = toml_files(root, &format!("{cards_dir}/{set}"))?;
            let target = if set == grimoire_model::ERRATA_FOLDER {
                &mut errata
            } else {
                &mut cards
            };
            for path in files {
                target.push(read(root, &path, &mut not_utf8)?);
            }
        }
    }
    Ok(GameInput {
        name: name.to_owned(),
        game_toml,
        codex,
        cards,
        errata,
        not_utf8,
    })
}

/// Reads one file. Bytes that are not UTF-8 are replaced (U+FFFD) and noted in `not_utf8`,
/// so the file is reported with a location instead of stopping the load.
fn read(root: &Path, path: &str, not_utf8: &mut Vec<NotUtf8>) -> io::Result<SourceFile> {
    let bytes = std::fs::read(root.join(path))
        .map_err(|e| io::Error::new(e.kind(), format!("{path}: {e}")))?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let offset = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            not_utf8.push(NotUtf8 {
                path: path.to_owned(),
                offset,
                byte: bytes[offset],
            });
            String::from_utf8_lossy(&bytes).into_owned()
        }
    };
    Ok(SourceFile {
        path: path.to_owned(),
        text,
    })
}

/// `.toml` files directly in `dir`, as sorted paths relative to the root.
fn toml_files(root: &Path, dir: &str) -> io::Result<Vec<String>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root.join(dir))? {
        let entry = entry?;
        let file_name = entry.file_name();
        let Some(file_name) = file_name.to_str() else {
            continue;
        };
        if file_name.ends_with(".toml") && entry.file_type()?.is_file() {
            files.push(format!("{dir}/{file_name}"));
        }
    }
    files.sort();
    Ok(files)
}

/// Sub-folder names of `dir`, sorted.
fn sub_dirs(root: &Path, dir: &str) -> io::Result<Vec<String>> {
    let mut dirs = Vec::new();
    for entry in std::fs::read_dir(root.join(dir))? {
        let entry = entry?;
        if entry.path().is_dir() {
            if let Some(name) = entry.file_name().to_str() {
                dirs.push(name.to_owned());
            }
        }
    }
    dirs.sort();
    Ok(dirs)
}
