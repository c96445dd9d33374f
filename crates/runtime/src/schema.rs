//! JSON Schema for generated types (feature `schemars`): what the `JsonSchema` impls call
//! that a game's generated code carries when its `game.toml` opts in with
//! `derive = ["json_schema"]`.
//!
//! Each impl embeds the very schema of its type that the content's card schema holds
//! (`schemas/<game>.cards.schema.json`), so an editor completes a scenario's ability or
//! effect fields exactly as it completes a card's. References between the game's types are
//! resolved through the generator, wherever it keeps its definitions.

use schemars::{Schema, SchemaGenerator};
use serde_json::Value;

/// The schema written as `json` (a JSON object), with every `{"$ref": "#/$defs/<name>"}`
/// replaced by the subschema `refs` gives for `<name>` (a reference the generator made).
pub fn from_json(json: &str, refs: &[(&str, Schema)]) -> Schema {
    let Ok(mut value) = serde_json::from_str::<Value>(json) else {
        return Schema::default();
    };
    resolve(&mut value, refs);
    Schema::try_from(value).unwrap_or_default()
}

/// A string naming one of `names` (a generated enum).
pub fn names(names: &[&str], description: &str) -> Schema {
    let value = serde_json::json!({
        "type": "string",
        "enum": names,
        "description": description,
    });
    Schema::try_from(value).unwrap_or_default()
}

/// The subschema the generator gives `T`: a shorthand for the generated impls.
pub fn reference<T: schemars::JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

fn resolve(value: &mut Value, refs: &[(&str, Schema)]) {
    match value {
        Value::Object(map) => {
            let target = match map.get("$ref") {
                Some(Value::String(path)) => path
                    .strip_prefix("#/$defs/")
                    .and_then(|name| refs.iter().find(|(known, _)| *known == name)),
                _ => None,
            };
            if let Some((_, schema)) = target {
                let subschema = schema.clone().to_value();
                match subschema.get("$ref") {
                    // The usual case: the generator answers with a reference of its own; the
                    // object's other keys (a description, a default) stay beside it.
                    Some(reference) if subschema.as_object().is_some_and(|s| s.len() == 1) => {
                        map.insert("$ref".to_string(), reference.clone());
                    }
                    // A schema the generator inlines: in place of the reference.
                    _ => {
                        map.remove("$ref");
                        map.insert("allOf".to_string(), Value::Array(vec![subschema]));
                    }
                }
                return;
            }
            map.values_mut().for_each(|item| resolve(item, refs));
        }
        Value::Array(items) => items.iter_mut().for_each(|item| resolve(item, refs)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_to_known_definitions_become_the_generators_subschemas() {
        let target = Schema::try_from(serde_json::json!({"$ref": "#/definitions/Side"})).unwrap();
        let inline = Schema::try_from(serde_json::json!({"type": "integer"})).unwrap();
        let schema = from_json(
            r##"{"type": "object", "properties": {
                "side": {"$ref": "#/$defs/enum.Side", "description": "Which side."},
                "count": {"$ref": "#/$defs/enum.Count"},
                "other": {"$ref": "#/$defs/enum.Other"}}}"##,
            &[("enum.Side", target), ("enum.Count", inline)],
        );
        let value = schema.to_value();
        assert_eq!(value["properties"]["side"]["$ref"], "#/definitions/Side");
        assert_eq!(value["properties"]["side"]["description"], "Which side.");
        assert_eq!(value["properties"]["count"]["allOf"][0]["type"], "integer");
        assert_eq!(value["properties"]["other"]["$ref"], "#/$defs/enum.Other");
    }

    #[test]
    fn an_enum_is_a_string_of_its_names() {
        let value = names(&["Left", "Right"], "A side.").to_value();
        assert_eq!(value["enum"], serde_json::json!(["Left", "Right"]));
        assert_eq!(value["type"], "string");
    }
}
