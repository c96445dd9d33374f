//! Checking an import's output against the game before it is written: the cards as they would
//! be written are compiled with the game's codex (`game.toml` and the codex files), exactly as
//! `grimoire check` would compile them, and every compiler error inside a card is that card's.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use grimoire_compiler::{Diagnostic, GameInput, SourceFile};

use crate::error::ImportError;
use crate::pool::RenderedFile;

/// The folder of a card directory that holds errata layers rather than cards.
const ERRATA_FOLDER: &str = "errata";

/// A game's codex as read from its folder (`codex/<game>`): what imported cards must compile
/// against.
#[derive(Debug, Clone)]
pub struct GameCodex {
    dir: PathBuf,
    name: String,
    game_toml: SourceFile,
    codex: Vec<SourceFile>,
}

impl GameCodex {
    /// Reads `game.toml` and the other `*.toml` files of the codex folder `dir`; the game's
    /// name is the one `game.toml` declares (else the folder's name).
    pub fn load(dir: &Path) -> Result<Self, ImportError> {
        let game_toml_path = dir.join("game.toml");
        let game_toml = source_file(&game_toml_path)?;
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|source| ImportError::Io {
                path: dir.to_path_buf(),
                source,
            })?
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| {
                path.extension().is_some_and(|ext| ext == "toml")
                    && path.file_name().is_some_and(|name| name != "game.toml")
            })
            .collect();
        paths.sort();
        let codex = paths
            .iter()
            .map(|path| source_file(path))
            .collect::<Result<_, _>>()?;
        // The game as `game.toml` names it: the codex may be read from any folder.
        let declared = game_toml
            .text
            .parse::<toml::Table>()
            .ok()
            .and_then(|table| {
                let name = table.get("game")?.get("name")?.as_str()?;
                Some(name.to_owned())
            });
        let name = declared
            .or_else(|| {
                let dir = dir.canonicalize().ok()?;
                Some(dir.file_name()?.to_string_lossy().into_owned())
            })
            .unwrap_or_default();
        Ok(Self {
            dir: dir.to_path_buf(),
            name,
            game_toml,
            codex,
        })
    }

    /// The folder the codex was read from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The text of a file of this codex now: `game.toml` or a codex file, by path; `None`
    /// when the codex has no such file.
    pub fn file_text(&self, path: &Path) -> Option<&str> {
        let shown = path.display().to_string();
        std::iter::once(&self.game_toml)
            .chain(&self.codex)
            .find(|file| file.path == shown)
            .map(|file| file.text.as_str())
    }

    /// The same codex with `edits` applied (a file's whole new text, by path; a path it does
    /// not have yet is added as a codex file).
    pub fn with_edits(&self, edits: &[(PathBuf, String)]) -> Self {
        let mut edited = self.clone();
        for (path, text) in edits {
            let shown = path.display().to_string();
            if edited.game_toml.path == shown {
                edited.game_toml.text = text.clone();
            } else if let Some(file) = edited.codex.iter_mut().find(|file| file.path == shown) {
                file.text = text.clone();
            } else {
                edited.codex.push(SourceFile {
                    path: shown,
                    text: text.clone(),
                });
                edited.codex.sort_by(|a, b| a.path.cmp(&b.path));
            }
        }
        edited
    }

    /// The game of this codex with `files` (a card directory as it would be written) as its
    /// cards and errata.
    pub(crate) fn input(&self, files: &[RenderedFile]) -> GameInput {
        let (errata, cards): (Vec<&RenderedFile>, Vec<&RenderedFile>) =
            files.iter().partition(|file| {
                file.path
                    .parent()
                    .and_then(Path::file_name)
                    .is_some_and(|folder| folder == ERRATA_FOLDER)
            });
        let as_source = |file: &&RenderedFile| SourceFile {
            path: file.path.display().to_string(),
            text: file.text.clone(),
        };
        GameInput {
            name: self.name.clone(),
            game_toml: self.game_toml.clone(),
            codex: self.codex.clone(),
            cards: cards.iter().map(as_source).collect(),
            errata: errata.iter().map(as_source).collect(),
            not_utf8: Vec::new(),
        }
    }

    /// Compiles `files` (a card directory as it would be written) with this codex and returns
    /// the compiler's errors inside each card, by card name. An error in the codex itself
    /// (which keeps the compiler from checking any card) is an error of the import.
    pub(crate) fn card_errors(
        &self,
        files: &[RenderedFile],
    ) -> Result<BTreeMap<String, Vec<Diagnostic>>, ImportError> {
        let input = self.input(files);
        let Err(diagnostics) = grimoire_compiler::compile(&input) else {
            return Ok(BTreeMap::new());
        };
        let in_codex = |path: &str| {
            path == self.game_toml.path || self.codex.iter().any(|file| file.path == path)
        };
        if let Some(error) = diagnostics.iter().find(|error| in_codex(&error.file)) {
            return Err(ImportError::Codex {
                path: PathBuf::from(&error.file),
                at: grimoire_input::Location {
                    line: error.line,
                    column: error.column,
                },
                message: format!(
                    "{} {}; the imported cards cannot be checked against it",
                    error.code, error.message
                ),
            });
        }
        let mut by_card: BTreeMap<String, Vec<Diagnostic>> = BTreeMap::new();
        for error in diagnostics.iter() {
            let card = files
                .iter()
                .find(|file| file.path.display().to_string() == error.file)
                .and_then(|file| {
                    file.cards
                        .iter()
                        .find(|(_, range)| range.contains(&error.span.start))
                });
            if let Some((name, _)) = card {
                by_card.entry(name.clone()).or_default().push(error.clone());
            }
        }
        Ok(by_card)
    }
}

fn source_file(path: &Path) -> Result<SourceFile, ImportError> {
    Ok(SourceFile {
        path: path.display().to_string(),
        text: crate::source::read_source(path)?,
    })
}
