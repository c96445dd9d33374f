//! The JSON dump of a compiled game, for consumers that do not read Rust.
//!
//! Values are written the way an author would write them, resolved: enum values and codex
//! references as their names, records as objects keyed by field name. Each codex reference
//! also carries its entry and typed arguments. One card per line keeps the file diffable and
//! its size close to the TOML it came from.
//!
//! ```json
//! {"game": {...}, "enums": {...}, "codex": {...}, "errata": [...], "cards": [
//! {"name":"Dark Pact Slayer","kind":"creature","life":14,"traits":[{"text":"Flame -2","entry":"Damage Type","args":{"damage_type":"Flame","x":-2}}],...}
//! ]}
//! ```

use grimoire_compiler::ir::{Card, CodexRef, Entry, FieldDef, Game, Value};
use serde_json::{json, Map, Value as Json};

/// The whole dump, newline-terminated.
pub(crate) fn dump(game: &Game) -> String {
    let header = json!({
        "game": { "name": game.name, "title": game.title, "summary": game.summary },
        "enums": game.enums.iter().map(|e| {
            (e.name.clone(), Json::from(e.variants.iter().map(|v| v.name.clone()).collect::<Vec<_>>()))
        }).collect::<Map<String, Json>>(),
        "constants": game.constants,
        "codex": game.categories.iter().map(|category| {
            let entries: Vec<Json> = category.entries.iter().map(|entry| codex_entry(game, &category.fields, entry)).collect();
            (category.name.clone(), Json::from(entries))
        }).collect::<Map<String, Json>>(),
        "errata": game.errata,
        "handlers": game.handlers,
    });
    let mut text = String::with_capacity(256 * (game.cards.len() + 64));
    text.push_str("{\n");
    if let Json::Object(fields) = header {
        for (key, value) in fields {
            text.push_str(&Json::from(key).to_string());
            text.push_str(": ");
            text.push_str(&value.to_string());
            text.push_str(",\n");
        }
    }
    text.push_str("\"cards\": [");
    for (position, card) in game.cards.iter().enumerate() {
        text.push_str(if position == 0 { "\n" } else { ",\n" });
        text.push_str(&card_json(game, card).to_string());
    }
    text.push_str("\n]\n}\n");
    text
}

fn codex_entry(game: &Game, fields: &[FieldDef], entry: &Entry) -> Json {
    let mut object = Map::new();
    object.insert("name".into(), entry.name.clone().into());
    object.insert("template".into(), entry.template.source.clone().into());
    if let Some(summary) = &entry.summary {
        object.insert("summary".into(), summary.clone().into());
    }
    object.insert("stacking".into(), json!(entry.stacking));
    if let Some(handler) = &entry.handler {
        object.insert("handler".into(), handler.clone().into());
    }
    if !entry.implies.is_empty() {
        let implies = entry
            .implies
            .iter()
            .map(|r| Json::from(r.text.clone()))
            .collect::<Vec<_>>();
        object.insert("implies".into(), implies.into());
    }
    for (field, value) in fields.iter().zip(&entry.fields) {
        if *value != Value::None {
            object.insert(field.name.clone(), value_json(game, value));
        }
    }
    Json::Object(object)
}

fn card_json(game: &Game, card: &Card) -> Json {
    let kind = &game.kinds[card.kind];
    let mut object = Map::new();
    object.insert("name".into(), card.name.clone().into());
    object.insert("kind".into(), kind.name.clone().into());
    object.extend(fields_json(game, &kind.fields, &card.fields));
    if let Some(printed) = &card.printed {
        object.insert(
            "printed".into(),
            Json::Object(fields_json(game, &kind.fields, printed)),
        );
        let errata: Vec<Json> = card.errata.iter().map(|&index| Json::from(index)).collect();
        object.insert("errata".into(), errata.into());
    }
    Json::Object(object)
}

/// Present fields by name, in declaration order; absent optional fields are left out.
fn fields_json(game: &Game, defs: &[FieldDef], values: &[Value]) -> Map<String, Json> {
    defs.iter()
        .zip(values)
        .filter(|(_, value)| **value != Value::None)
        .map(|(def, value)| (def.name.clone(), value_json(game, value)))
        .collect()
}

fn value_json(game: &Game, value: &Value) -> Json {
    match value {
        Value::Bool(flag) => (*flag).into(),
        Value::Int(number) => (*number).into(),
        Value::Str(text) => text.clone().into(),
        Value::Enum { index, variant } => game.enums[*index].variants[*variant].name.clone().into(),
        Value::Record { index, fields } => {
            Json::Object(fields_json(game, &game.records[*index].fields, fields))
        }
        Value::Codex(reference) => codex_json(game, reference),
        Value::List(items) => items.iter().map(|item| value_json(game, item)).collect(),
        Value::None => Json::Null,
        Value::Some(inner) => value_json(game, inner),
    }
}

fn codex_json(game: &Game, reference: &CodexRef) -> Json {
    let entry = &game.categories[reference.category].entries[reference.entry];
    if reference.args.is_empty() {
        return reference.text.clone().into();
    }
    let args: Map<String, Json> = entry
        .params
        .iter()
        .zip(&reference.args)
        .map(|(param, arg)| (param.name.clone(), value_json(game, arg)))
        .collect();
    json!({ "text": reference.text, "entry": entry.name, "args": args })
}
