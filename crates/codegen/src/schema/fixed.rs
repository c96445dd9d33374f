//! Schemas of the game-independent formats: codex files and `game.toml` (docs/formats.md).

use serde_json::{json, Value};

use super::DIALECT;

/// A field type expression (`int(0..=6)`, `[Trait]`, `Range?`).
const TYPE_EXPRESSION: &str =
    r"^\[{0,2}([a-z]+|[A-Z][A-Za-z0-9]*|int\(-?[0-9]+\.\.=-?[0-9]+\))\]{0,2}\??$";
/// A snake_case name (fields, handlers, effect operations).
const SNAKE_CASE: &str = "^[a-z][a-z0-9_]*$";

/// The schema of `codex/<game>/*.toml` other than `game.toml`.
pub(crate) fn codex_file_schema() -> Value {
    json!({
        "$schema": DIALECT,
        "title": "Grimoire codex file",
        "description": "Codex entries: each top-level key is a category's `file` key.",
        "type": "object",
        "additionalProperties": { "type": "array", "items": { "$ref": "#/$defs/entry" } },
        "$defs": {
            "entry": {
                "type": "object",
                "description": "One codex entry; keys beyond these are the category's extra fields.",
                "properties": {
                    "name": { "type": "string", "description": "The entry's name." },
                    "template": {
                        "type": "string",
                        "description": "How cards write it, with {param} slots; default: the name.",
                    },
                    "params": {
                        "type": "object",
                        "description": "One type expression per template slot.",
                        "additionalProperties": { "type": "string", "pattern": TYPE_EXPRESSION },
                    },
                    "summary": { "type": "string", "description": "What it does, in our own words." },
                    "stacking": { "enum": grimoire_model::STACKING_RULES },
                    "cancels": { "type": "array", "items": { "type": "string" } },
                    "implies": { "type": "array", "items": { "type": "string" } },
                    "handler": { "type": "string", "pattern": SNAKE_CASE },
                    "effects": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": { "op": { "type": "string", "pattern": SNAKE_CASE } },
                            "required": ["op"],
                        },
                    },
                },
                "required": ["name"],
            },
        },
    })
}

/// The schema of `codex/<game>/game.toml`.
pub(crate) fn game_file_schema() -> Value {
    let named_fields = |description: &str| {
        json!({
            "type": "object",
            "description": description,
            "properties": {
                "summary": { "type": "string" },
                "fields": { "$ref": "#/$defs/fields" },
            },
            "additionalProperties": false,
        })
    };
    json!({
        "$schema": DIALECT,
        "title": "Grimoire game schema (game.toml)",
        "type": "object",
        "properties": {
            "game": {
                "type": "object",
                "properties": {
                    "name": { "type": "string", "pattern": "^[a-z][a-z0-9-]*$" },
                    "title": { "type": "string" },
                    "summary": { "type": "string" },
                    "derive": {
                        "type": "array",
                        "description": "Optional impls of the generated Rust: `serde` (Serialize and Deserialize, read as content writes them) and `json_schema` (schemars::JsonSchema with the content's own schema).",
                        "items": { "enum": grimoire_model::DERIVES },
                        "uniqueItems": true,
                    },
                },
                "required": grimoire_model::GAME_REQUIRED_KEYS,
                "additionalProperties": false,
            },
            "enums": { "type": "object", "additionalProperties": { "$ref": "#/$defs/enum" } },
            "records": {
                "type": "object",
                "additionalProperties": named_fields("A record: a nested structured value."),
            },
            "kinds": { "type": "object", "additionalProperties": { "$ref": "#/$defs/kind" } },
            "dice": { "type": "object", "additionalProperties": { "$ref": "#/$defs/die" } },
            "categories": {
                "type": "object",
                "additionalProperties": { "$ref": "#/$defs/category" },
            },
            "effects": {
                "type": "object",
                "additionalProperties": named_fields("An effect operation of the engine."),
            },
            "unions": {
                "type": "object",
                "description": "Tagged unions: typed vocabularies whose values are one of several variants (triggers, costs, effects).",
                "additionalProperties": { "$ref": "#/$defs/union" },
            },
            "constants": {
                "type": "object",
                "additionalProperties": {
                    "anyOf": [
                        { "type": ["integer", "string", "boolean"] },
                        { "type": "array", "items": { "type": ["integer", "string", "boolean"] } },
                        {
                            "type": "object",
                            "description": "A typed constant: its value is checked against `type` like a card field.",
                            "properties": {
                                "type": { "type": "string", "pattern": TYPE_EXPRESSION },
                                "value": {},
                                "summary": { "type": "string" },
                            },
                            "required": ["type", "value"],
                            "additionalProperties": false,
                        },
                    ],
                },
            },
        },
        "required": ["game"],
        "additionalProperties": false,
        "$defs": {
            "fields": {
                "type": "object",
                "propertyNames": { "pattern": SNAKE_CASE },
                "additionalProperties": { "$ref": "#/$defs/field" },
            },
            "field": {
                "anyOf": [
                    { "type": "string", "pattern": TYPE_EXPRESSION },
                    {
                        "type": "object",
                        "properties": {
                            "type": { "type": "string", "pattern": TYPE_EXPRESSION },
                            "summary": { "type": "string" },
                            "default": {},
                            "where": {
                                "type": "object",
                                "description": "Limits the codex entries this field's references may name: each key is a field of the referenced category, each value the value an entry must have there.",
                                "propertyNames": { "pattern": SNAKE_CASE },
                            },
                        },
                        "required": ["type"],
                        "additionalProperties": false,
                    },
                ],
            },
            "enum": {
                "type": "object",
                "properties": {
                    "summary": { "type": "string" },
                    "values": {
                        "type": "array",
                        "items": {
                            "anyOf": [
                                { "type": "string" },
                                {
                                    "type": "object",
                                    "properties": {
                                        "name": { "type": "string" },
                                        "summary": { "type": "string" },
                                    },
                                    "required": ["name"],
                                    "additionalProperties": false,
                                },
                            ],
                        },
                    },
                },
                "required": ["values"],
                "additionalProperties": false,
            },
            "kind": {
                "type": "object",
                "properties": {
                    "summary": { "type": "string" },
                    "extends": { "type": "string" },
                    "fields": { "$ref": "#/$defs/fields" },
                },
                "additionalProperties": false,
            },
            "die": {
                "type": "object",
                "properties": {
                    "summary": { "type": "string" },
                    "sides": { "type": "integer", "minimum": 1 },
                    "faces": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": { "label": { "type": "string" } },
                            "required": ["label"],
                            "additionalProperties": { "type": "integer" },
                        },
                    },
                },
                "additionalProperties": false,
            },
            "union": {
                "type": "object",
                "properties": {
                    "summary": { "type": "string" },
                    "tag": {
                        "type": "string",
                        "pattern": SNAKE_CASE,
                        "description": "The key naming a value's variant; default `type`.",
                    },
                    "variants": {
                        "type": "object",
                        "propertyNames": { "pattern": SNAKE_CASE },
                        "additionalProperties": named_fields("One variant and its typed fields."),
                    },
                },
                "required": ["variants"],
                "additionalProperties": false,
            },
            "category": {
                "type": "object",
                "properties": {
                    "summary": { "type": "string" },
                    "file": { "type": "string", "pattern": SNAKE_CASE },
                    "fields": { "$ref": "#/$defs/fields" },
                },
                "required": ["file"],
                "additionalProperties": false,
            },
        },
    })
}
