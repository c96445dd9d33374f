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

/// Reads one file within `grimoire_input`'s size bound (a named pipe is refused rather than
/// waited on). A byte-order mark is dropped and CR LF and bare CR line endings become LF, so
/// every location counts lines as an editor shows them. Bytes that are not UTF-8 are
/// replaced (U+FFFD) and noted in `not_utf8` at their offset in the text the compiler sees,
/// so the file is reported with a location instead of stopping the load.
fn read(root: &Path, path: &str, not_utf8: &mut Vec<NotUtf8>) -> io::Result<SourceFile> {
    let bytes = grimoire_input::read_bytes(&root.join(path)).map_err(|error| {
        let kind = match &error {
            grimoire_input::InputError::Io { source, .. } => source.kind(),
            _ => io::ErrorKind::InvalidData,
        };
        io::Error::new(kind, error.to_string())
    })?;
    let (bytes, mark_length) = match bytes.strip_prefix(BYTE_ORDER_MARK) {
        Some(rest) => (rest.to_vec(), BYTE_ORDER_MARK.len()),
        None => (bytes, 0),
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => grimoire_input::normalize_line_endings(text),
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            let byte = bytes[valid];
            let text = String::from_utf8_lossy(&bytes).into_owned();
            // The valid prefix decodes to itself, so its normalized length is the offset of
            // the first replacement character in the normalized text.
            let offset = grimoire_input::normalize_line_endings(text[..valid].to_owned()).len();
            not_utf8.push(NotUtf8 {
                path: path.to_owned(),
                offset,
                file_offset: mark_length + valid,
                byte,
            });
            grimoire_input::normalize_line_endings(text)
        }
    };
    Ok(SourceFile {
        path: path.to_owned(),
        text,
    })
}

/// The UTF-8 byte-order mark, which some editors write at the start of a file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

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

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes` written as `cards/g/set/x.toml` under a fresh root, read back with [`read`].
    fn read_back(bytes: &[u8]) -> (io::Result<SourceFile>, Vec<NotUtf8>) {
        let root = tempfile::tempdir().expect("temp dir");
        let path = "cards/g/set/x.toml";
        std::fs::create_dir_all(root.path().join("cards/g/set")).expect("dirs");
        std::fs::write(root.path().join(path), bytes).expect("write");
        let mut not_utf8 = Vec::new();
        let file = read(root.path(), path, &mut not_utf8);
        (file, not_utf8)
    }

    #[test]
    fn bare_cr_and_crlf_line_endings_and_a_byte_order_mark_are_read_as_lines() {
        let (file, not_utf8) = read_back(b"\xEF\xBB\xBFa = 1\rb = 2\r\nc = 3\n");
        assert_eq!(file.expect("read").text, "a = 1\nb = 2\nc = 3\n");
        assert!(not_utf8.is_empty());
    }

    #[test]
    fn a_bad_byte_is_noted_where_it_is_in_the_normalized_text() {
        let (file, not_utf8) = read_back(b"\xEF\xBB\xBFa = 1\r\nb = \"\xff\"\r\n");
        let text = file.expect("read").text;
        assert_eq!(text, "a = 1\nb = \"\u{FFFD}\"\n");
        let bad = &not_utf8[0];
        assert_eq!(
            (bad.offset, bad.file_offset, bad.byte),
            (text.find('\u{FFFD}').expect("replaced"), 15, 0xff)
        );
    }

    #[test]
    fn a_file_over_the_size_bound_is_an_error_naming_it() {
        let root = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(root.path().join("codex/g")).expect("dirs");
        let big = std::fs::File::create(root.path().join("codex/g/game.toml")).expect("create");
        big.set_len(grimoire_input::MAX_FILE_BYTES + 1)
            .expect("sparse file");
        let error = load_game(root.path(), "g").expect_err("too large");
        assert!(error.to_string().contains("game.toml"), "{error}");
        assert!(error.to_string().contains("larger than"), "{error}");
    }
}
