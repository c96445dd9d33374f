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

use grimoire_compiler::ir::Game;
use serde_json::{Map, Value};

/// The schema of each generated type, keyed as the content schemas name their definitions
/// (`enum.Recipient`, `record.CardAbility`, `union.AbilityEffect`, `codex.Keyword`, and
/// `effect` for the effect operations, with every operation's schema written in place):
/// what the optional `JsonSchema` impls embed. References between them stay
/// `#/$defs/<name>` references.
pub(crate) fn type_defs(game: &Game) -> Map<String, Value> {
    let mut defs = game::shared_defs(game);
    let codex = codex_schema(game);
    let codex_defs = codex.get("$defs").and_then(Value::as_object);
    if let Some(mut effect) = codex_defs.and_then(|defs| defs.get("effect")).cloned() {
        inline_effects(&mut effect, codex_defs.unwrap_or(&Map::new()));
        defs.insert("effect".to_string(), effect);
    }
    defs
}

/// Replaces each `{"$ref": "#/$defs/effect.<op>"}` in `value` by that definition.
fn inline_effects(value: &mut Value, defs: &Map<String, Value>) {
    match value {
        Value::Object(map) => {
            let target = match map.get("$ref") {
                Some(Value::String(path)) => path
                    .strip_prefix("#/$defs/")
                    .filter(|name| name.starts_with("effect."))
                    .and_then(|name| defs.get(name)),
                _ => None,
            };
            if let Some(def) = target {
                *value = def.clone();
                return;
            }
            map.values_mut().for_each(|item| inline_effects(item, defs));
        }
        Value::Array(items) => items.iter_mut().for_each(|item| inline_effects(item, defs)),
        _ => {}
    }
}

/// The JSON Schema dialect every generated schema declares.
const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";
