//! JSON Schemas (draft 2020-12): per game for card, errata and codex files, and the fixed
//! formats of codex files and `game.toml`.

mod codex;
mod fixed;
mod game;
mod pattern;
mod unions;

pub(crate) use codex::codex_schema;
pub(crate) use fixed::{codex_file_schema, game_file_schema};
pub(crate) use game::{cards_schema, errata_schema};

/// The JSON Schema dialect every generated schema declares.
const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";
