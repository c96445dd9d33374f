//! The words of the Summoner Wars codex the importer maps onto: faction names (the `Faction`
//! enum of `game.toml`) and ability names (the `abilities` entries of the codex files).

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use toml::{Table, Value};

use crate::error::ImportError;

/// Names the card data must use to map cleanly.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    /// Values of the `Faction` enum, in declaration order.
    pub factions: Vec<String>,
    /// Names of the `abilities` codex entries.
    pub abilities: BTreeSet<String>,
}

impl Vocabulary {
    /// Reads `game.toml` and every other `*.toml` of a game's codex directory.
    pub fn load(codex_dir: &Path) -> Result<Self, ImportError> {
        let mut vocabulary = Self::default();
        let game = read_table(&codex_dir.join("game.toml"))?;
        if let Some(Value::Array(values)) = game
            .get("enums")
            .and_then(|enums| enums.get("Faction"))
            .and_then(|faction| faction.get("values"))
        {
            vocabulary.factions = values.iter().filter_map(entry_name).collect();
        }
        let io_error = |source| ImportError::Io {
            path: codex_dir.to_path_buf(),
            source,
        };
        let mut files = Vec::new();
        for entry in fs::read_dir(codex_dir).map_err(io_error)? {
            let path = entry.map_err(io_error)?.path();
            let is_codex_file = path.extension().is_some_and(|ext| ext == "toml")
                && path.file_name().is_some_and(|name| name != "game.toml");
            if is_codex_file {
                files.push(path);
            }
        }
        files.sort();
        for path in files {
            if let Some(Value::Array(entries)) = read_table(&path)?.get("abilities") {
                vocabulary
                    .abilities
                    .extend(entries.iter().filter_map(entry_name));
            }
        }
        Ok(vocabulary)
    }

    /// The faction whose name, without spaces and case, is `squashed` (a deck file name such
    /// as `phoenixelves`).
    pub fn faction_of_deck(&self, deck: &str) -> Option<&str> {
        let wanted = squash(deck);
        self.factions
            .iter()
            .find(|faction| squash(faction) == wanted)
            .map(String::as_str)
    }
}

/// Lower case without spaces or punctuation: `Phoenix Elves` → `phoenixelves`.
pub(crate) fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// An enum value or codex entry: a bare string or a table with a `name`.
fn entry_name(value: &Value) -> Option<String> {
    match value {
        Value::String(name) => Some(name.clone()),
        Value::Table(table) => table.get("name")?.as_str().map(str::to_owned),
        _ => None,
    }
}

fn read_table(path: &Path) -> Result<Table, ImportError> {
    crate::source::read_toml(path)
}
