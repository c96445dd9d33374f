//! The JSON Schema of a game's scenario files: the common structure with the game's keys
//! merged in, the game name as a constant and the scripted dice as the game declares them.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde_json::{json, Value};

use super::{ScenarioGame, Subject};

/// A scenario file (schema only).
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Scenario")]
#[allow(dead_code)]
struct FileSchema<P, O, S, E> {
    /// The game the scenario is for.
    game: String,
    /// What the scenario shows.
    name: String,
    /// The rule, codex entry, supplement section or ruling the scenario encodes.
    #[schemars(length(min = 1))]
    source: String,
    /// Players at the start.
    #[serde(default)]
    player: Vec<PlayerSchema<P>>,
    /// Objects in play at the start.
    #[serde(default)]
    object: Vec<ObjectSchema<O>>,
    /// Steps, in order.
    #[serde(default)]
    step: Vec<StepSchema<S>>,
    /// Expectations, each checked after every step written above it.
    #[serde(default)]
    expect: Vec<ExpectSchema<E>>,
}

/// A player at the start.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Player")]
#[allow(dead_code)]
struct PlayerSchema<P> {
    /// Player number.
    id: u8,
    #[serde(flatten)]
    game: P,
}

/// An object in play at the start.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Object")]
#[allow(dead_code)]
struct ObjectSchema<O> {
    /// The name steps and expectations use for the object.
    id: String,
    #[serde(flatten)]
    game: O,
}

/// A scripted face: its label, or its number for a numbered face.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum FaceSchema {
    Number(i64),
    Label(String),
}

/// One step.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Step")]
#[allow(dead_code)]
struct StepSchema<S> {
    /// Scripted faces per die name, in rolling order.
    #[serde(default)]
    dice: BTreeMap<String, Vec<FaceSchema>>,
    /// Scripted answers to the rules' questions, in the order they are asked.
    #[serde(default)]
    choices: Vec<String>,
    /// The step must fail with an error containing this text.
    #[serde(default)]
    fails_with: Option<String>,
    #[serde(flatten)]
    game: S,
}

/// Expected values after every step written above it; only the fields given are checked.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Expect")]
#[allow(dead_code)]
struct ExpectSchema<E> {
    /// The object the object fields are about.
    #[serde(default)]
    object: Option<String>,
    /// The player the player fields are about.
    #[serde(default)]
    player: Option<u8>,
    #[serde(flatten)]
    game: E,
}

/// The JSON Schema of game `G`'s scenario files.
pub fn scenario_schema<G: ScenarioGame>(game: &G) -> schemars::Schema {
    let mut schema = schemars::schema_for!(FileSchema<G::Player, G::Object, G::Step, G::Expect>);
    let root = schema
        .as_object_mut()
        .expect("a struct's schema is an object");
    root.insert(
        "title".into(),
        Value::String(format!("{} scenario", G::NAME)),
    );
    if let Some(Value::Object(props)) = root.get_mut("properties") {
        props.insert(
            "game".into(),
            json!({ "description": "The game the scenario is for.", "const": G::NAME }),
        );
    }
    let dice: serde_json::Map<String, Value> = game
        .dice()
        .iter()
        .map(|die| {
            let numbers: Vec<i64> = die.labels().iter().filter_map(|l| l.parse().ok()).collect();
            let faces = json!({
                "type": "array",
                "items": { "anyOf": [ { "enum": die.labels() }, { "enum": numbers } ] }
            });
            (die.name().to_string(), faces)
        })
        .collect();
    let dice = json!({
        "description": "Scripted faces per die name, in rolling order (by label or number).",
        "type": "object",
        "properties": dice,
        "additionalProperties": false
    });
    for defs_key in ["$defs", "definitions"] {
        if let Some(Value::Object(defs)) = root.get_mut(defs_key) {
            for def in defs.values_mut() {
                if let Some(Value::Object(props)) = def.get_mut("properties") {
                    if props.contains_key("fails_with") && props.contains_key("dice") {
                        props.insert("dice".into(), dice.clone());
                    }
                }
            }
        }
    }
    schema
}

/// Keys of `G::Expect` (from its schema) missing from `G::EXPECT_FIELDS`: a test of a game's
/// scenario keys asserts this is empty, so no expectation key can go without a subject.
pub fn undeclared_expect_fields<G: ScenarioGame>() -> Vec<String> {
    let schema = schemars::schema_for!(G::Expect);
    let keys: Vec<String> = schema
        .as_object()
        .and_then(|o| o.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    keys.into_iter()
        .filter(|k| !G::EXPECT_FIELDS.iter().any(|(f, _)| f == k))
        .collect()
}

/// Keys declared in `G::EXPECT_FIELDS` with the given subject (for documentation).
pub fn expect_fields_about<G: ScenarioGame>(subject: Subject) -> Vec<&'static str> {
    G::EXPECT_FIELDS
        .iter()
        .filter(|(_, s)| *s == subject)
        .map(|(f, _)| *f)
        .collect()
}
