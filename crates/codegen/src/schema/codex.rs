//! The per-game schema of codex files (`codex/<game>/*.toml` other than `game.toml`): the
//! game-independent entry keys plus each category's typed extra fields and effect operations.

use grimoire_compiler::ir::{CategoryDef, Game};
use serde_json::{json, Map, Value};

use super::game::{describe, object_schema, shared_defs};
use super::DIALECT;

/// A snake_case name (handlers).
const SNAKE_CASE: &str = "^[a-z][a-z0-9_]*$";

/// The schema of `codex/<game>/*.toml` codex files.
pub(crate) fn codex_schema(game: &Game) -> Value {
    let mut defs = shared_defs(game);
    let mut files = Map::new();
    for category in &game.categories {
        let entry = format!("entry.{}", category.name);
        files.insert(
            category.file_key.clone(),
            json!({ "type": "array", "items": { "$ref": format!("#/$defs/{entry}") } }),
        );
        defs.insert(entry, entry_schema(game, category));
    }
    let op_names: Vec<&str> = game.effect_ops.iter().map(|op| op.name.as_str()).collect();
    let branches: Vec<Value> = game
        .effect_ops
        .iter()
        .map(|op| {
            json!({
                "if": { "properties": { "op": { "const": op.name } } },
                "then": { "$ref": format!("#/$defs/effect.{}", op.name) },
            })
        })
        .collect();
    for op in &game.effect_ops {
        let mut properties = Map::new();
        properties.insert("op".to_string(), json!({ "const": op.name }));
        let mut schema = object_schema(game, &op.fields, properties);
        describe(&mut schema, op.summary.as_deref());
        defs.insert(format!("effect.{}", op.name), schema);
    }
    defs.insert(
        "effect".to_string(),
        json!({
            "type": "object",
            "description": "One effect operation; `op` selects its fields.",
            "properties": { "op": { "enum": op_names } },
            "required": ["op"],
            "allOf": branches,
        }),
    );
    json!({
        "$schema": DIALECT,
        "title": format!("{} codex file", game.title),
        "type": "object",
        "properties": files,
        "additionalProperties": false,
        "$defs": defs,
    })
}

fn entry_schema(game: &Game, category: &CategoryDef) -> Value {
    let entry_names: Vec<&str> = category
        .entries
        .iter()
        .map(|entry| entry.name.as_str())
        .collect();
    let any_codex: Vec<Value> = game
        .categories
        .iter()
        .map(|other| json!({ "$ref": format!("#/$defs/codex.{}", other.name) }))
        .collect();
    let mut properties = Map::new();
    for (key, schema) in [
        (
            "name",
            json!({ "type": "string", "description": "The entry's name." }),
        ),
        (
            "template",
            json!({ "type": "string", "description": "How cards write it, with {param} slots." }),
        ),
        (
            "params",
            json!({
                "type": "object",
                "description": "One type expression per template slot.",
                "additionalProperties": { "type": "string" },
            }),
        ),
        (
            "summary",
            json!({ "type": "string", "description": "What it does, in our own words." }),
        ),
        (
            "stacking",
            json!({ "enum": grimoire_model::STACKING_RULES }),
        ),
        (
            "cancels",
            json!({ "type": "array", "items": { "enum": entry_names } }),
        ),
        (
            "implies",
            json!({ "type": "array", "items": { "anyOf": any_codex } }),
        ),
        (
            "handler",
            json!({ "type": "string", "pattern": SNAKE_CASE }),
        ),
        (
            "effects",
            json!({ "type": "array", "items": { "$ref": "#/$defs/effect" } }),
        ),
        (
            "draft",
            json!({ "type": "boolean", "default": false, "description": "Written by `import --scaffold` and not reviewed yet: compiles with a warning." }),
        ),
    ] {
        properties.insert(key.to_string(), schema);
    }
    let mut schema = object_schema(game, &category.fields, properties);
    if let Some(required) = schema.get_mut("required").and_then(Value::as_array_mut) {
        required.insert(0, json!("name"));
    }
    describe(&mut schema, category.summary.as_deref());
    schema
}
