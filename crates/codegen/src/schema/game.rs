//! The per-game schemas of card files and errata files.

use std::collections::BTreeMap;

use grimoire_compiler::ir::{
    CategoryDef, Entry, EntryFilter, FieldDef, Game, KindDef, Type, Value as IrValue,
};
use serde_json::{json, Map, Value};

use super::pattern::entry_pattern;
use super::DIALECT;

/// Built-in kind fields the compiler fills in when a card omits them (from the set folder).
const DEFAULTED_BUILTINS: [&str; 1] = ["printings"];

/// Fields every kind has that a card file writes but errata never change.
const IDENTITY_FIELDS: [&str; 1] = ["name"];

/// The schema of `cards/<game>/<set>/*.toml`.
pub(crate) fn cards_schema(game: &Game) -> Value {
    let mut defs = shared_defs(game);
    let kind_names: Vec<&str> = game.kinds.iter().map(|kind| kind.name.as_str()).collect();
    // Discriminated by `kind`: each branch applies only to its kind, so a validator reports
    // the real problem instead of "matches none of the alternatives".
    let branches: Vec<Value> = game
        .kinds
        .iter()
        .map(|kind| {
            // `required` in the condition: without it a card missing `kind` would satisfy
            // every branch's condition and get every kind's errors at once.
            json!({
                "if": {
                    "properties": { "kind": { "const": kind.name } },
                    "required": ["kind"],
                },
                "then": { "$ref": format!("#/$defs/kind.{}", kind.name) },
            })
        })
        .collect();
    for kind in &game.kinds {
        defs.insert(format!("kind.{}", kind.name), kind_schema(game, kind));
    }
    defs.insert(
        "card".to_string(),
        json!({
            "description": "One card; `kind` selects which fields it has.",
            "type": "object",
            "properties": { "kind": { "enum": kind_names } },
            "required": ["kind"],
            "allOf": branches,
        }),
    );
    json!({
        "$schema": DIALECT,
        "title": format!("{} card file", game.title),
        "description": game.summary,
        "type": "object",
        "properties": {
            "source": { "type": "string", "description": "Where the card data comes from." },
            "card": { "type": "array", "items": { "$ref": "#/$defs/card" } },
        },
        "additionalProperties": false,
        "$defs": defs,
    })
}

/// The schema of `cards/<game>/errata/*.toml`.
pub(crate) fn errata_schema(game: &Game) -> Value {
    let mut defs = shared_defs(game);
    let fields = fields_by_name(game);
    let mut list_fields = Map::new();
    let mut set_fields = Map::new();
    for (name, schemas) in &fields {
        let schema = union(schemas.clone());
        if schemas
            .iter()
            .all(|schema| schema.get("type") == Some(&json!("array")))
        {
            list_fields.insert(name.clone(), schema.clone());
        }
        if !IDENTITY_FIELDS.contains(&name.as_str()) {
            set_fields.insert(name.clone(), schema);
        }
    }
    let names: Vec<&str> = game.cards.iter().map(|card| card.name.as_str()).collect();
    defs.insert(
        "erratum".to_string(),
        json!({
            "type": "object",
            "description": "One change to one card.",
            "properties": {
                "card": { "description": "The card's name.", "enum": names },
                "summary": { "type": "string", "description": "What changed, in our own words." },
                "remove": changes(&list_fields, "Items removed from list fields."),
                "add": changes(&list_fields, "Items appended to list fields."),
                "set": changes(&set_fields, "Fields replaced whole."),
            },
            "required": ["card"],
            "additionalProperties": false,
        }),
    );
    json!({
        "$schema": DIALECT,
        "title": format!("{} errata layer", game.title),
        "type": "object",
        "properties": {
            "date": {
                "type": "string",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                "description": "The date of the errata document (YYYY-MM-DD).",
            },
            "source": { "type": "string", "description": "The document that issued the errata." },
            "erratum": { "type": "array", "items": { "$ref": "#/$defs/erratum" } },
        },
        "required": ["date", "source", "erratum"],
        "additionalProperties": false,
        "$defs": defs,
    })
}

fn changes(fields: &Map<String, Value>, description: &str) -> Value {
    json!({
        "type": "object",
        "description": description,
        "properties": fields,
        "additionalProperties": false,
    })
}

/// Every kind field's schemas by field name (several when kinds type a name differently).
fn fields_by_name(game: &Game) -> BTreeMap<String, Vec<Value>> {
    let mut fields: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for kind in &game.kinds {
        for field in &kind.fields {
            let schema = field_schema(game, field);
            let schemas = fields.entry(field.name.clone()).or_default();
            if !schemas.contains(&schema) {
                schemas.push(schema);
            }
        }
    }
    fields
}

fn union(mut schemas: Vec<Value>) -> Value {
    if schemas.len() == 1 {
        schemas.remove(0)
    } else {
        json!({ "anyOf": schemas })
    }
}

/// Definitions of the game's enums, records and codex categories.
pub(super) fn shared_defs(game: &Game) -> Map<String, Value> {
    let mut defs = Map::new();
    for def in &game.enums {
        let values: Vec<&str> = def.variants.iter().map(|v| v.name.as_str()).collect();
        let mut schema = json!({ "enum": values });
        value_docs(
            &mut schema,
            def.variants.iter().map(|v| v.summary.as_deref()),
        );
        describe(&mut schema, def.summary.as_deref());
        defs.insert(format!("enum.{}", def.name), schema);
    }
    for record in &game.records {
        let mut schema = object_schema(game, &record.fields, Map::new());
        describe(&mut schema, record.summary.as_deref());
        defs.insert(format!("record.{}", record.name), schema);
    }
    for union in &game.unions {
        let schema = super::unions::union_schema(game, union);
        defs.insert(format!("union.{}", union.name), schema);
    }
    for category in &game.categories {
        let schema = codex_schema(game, category, |_| true);
        defs.insert(format!("codex.{}", category.name), schema);
    }
    defs
}

/// The strings naming entries of `category` that `keep` keeps: plain entries as an `enum`,
/// parameterised ones as patterns.
fn codex_schema(game: &Game, category: &CategoryDef, keep: impl Fn(&Entry) -> bool) -> Value {
    let plain_entries: Vec<_> = category
        .entries
        .iter()
        .filter(|entry| entry.params.is_empty() && keep(entry))
        .collect();
    let plain: Vec<&str> = plain_entries
        .iter()
        .map(|entry| entry.template.source.as_str())
        .collect();
    let mut alternatives = Vec::new();
    if !plain.is_empty() {
        let mut values = json!({ "enum": plain });
        value_docs(
            &mut values,
            plain_entries.iter().map(|entry| entry.summary.as_deref()),
        );
        alternatives.push(values);
    }
    for entry in category
        .entries
        .iter()
        .filter(|entry| !entry.params.is_empty() && keep(entry))
    {
        let mut alternative = json!({ "pattern": entry_pattern(game, entry) });
        describe(
            &mut alternative,
            Some(&format!(
                "{}: {}",
                entry.template.source,
                entry.summary.as_deref().unwrap_or(&entry.name)
            )),
        );
        alternatives.push(alternative);
    }
    let mut schema = if alternatives.is_empty() {
        json!({ "type": "string", "not": {} })
    } else {
        json!({ "type": "string", "anyOf": alternatives })
    };
    describe(&mut schema, category.summary.as_deref());
    schema
}

/// Per-value docs of an `enum` schema where editors show them (taplo reads
/// `x-taplo.docs.enumValues`, one entry per value), when any value has a summary.
pub(super) fn value_docs<'a>(schema: &mut Value, summaries: impl Iterator<Item = Option<&'a str>>) {
    let docs: Vec<Value> = summaries
        .map(|summary| summary.map_or(Value::Null, |s| json!(s)))
        .collect();
    if docs.iter().any(|doc| !doc.is_null()) {
        if let Some(object) = schema.as_object_mut() {
            object.insert(
                "x-taplo".to_string(),
                json!({ "docs": { "enumValues": docs } }),
            );
        }
    }
}

/// A validated value as content writes it (enum values and codex references by name,
/// records as tables), for `default`; `None` for an absent optional value.
fn authored(game: &Game, value: &IrValue) -> Option<Value> {
    Some(match value {
        IrValue::Bool(flag) => json!(flag),
        IrValue::Int(number) => json!(number),
        IrValue::Str(text) | IrValue::Handler(text) => json!(text),
        IrValue::Enum { index, variant } => json!(game.enums[*index].variants[*variant].name),
        IrValue::Record { index, fields } => Value::Object(
            game.records[*index]
                .fields
                .iter()
                .zip(fields)
                .filter_map(|(field, value)| Some((field.name.clone(), authored(game, value)?)))
                .collect(),
        ),
        IrValue::Codex(reference) => json!(reference.text),
        IrValue::Union {
            index,
            variant,
            fields,
        } => {
            let union = &game.unions[*index];
            let variant = &union.variants[*variant];
            let mut object = Map::new();
            object.insert(union.tag.clone(), json!(variant.name));
            object.extend(
                variant
                    .fields
                    .iter()
                    .zip(fields)
                    .filter_map(|(field, value)| {
                        Some((field.name.clone(), authored(game, value)?))
                    }),
            );
            Value::Object(object)
        }
        IrValue::List(items) => {
            Value::Array(items.iter().filter_map(|v| authored(game, v)).collect())
        }
        IrValue::None => return None,
        IrValue::Some(inner) => return authored(game, inner),
    })
}

pub(super) fn describe(schema: &mut Value, summary: Option<&str>) {
    if let (Some(summary), Some(object)) = (summary, schema.as_object_mut()) {
        object.insert("description".to_string(), json!(summary));
    }
}

fn kind_schema(game: &Game, kind: &KindDef) -> Value {
    let mut extra = Map::new();
    extra.insert(
        "kind".to_string(),
        json!({ "const": kind.name, "description": "Selects the card kind." }),
    );
    let mut schema = object_schema(game, &kind.fields, extra);
    if let Some(required) = schema.get_mut("required").and_then(Value::as_array_mut) {
        required.insert(0, json!("kind"));
    }
    describe(&mut schema, kind.summary.as_deref());
    schema
}

/// A closed object schema with one property per field; fields without a default and not
/// optional are required.
pub(super) fn object_schema(
    game: &Game,
    fields: &[FieldDef],
    mut properties: Map<String, Value>,
) -> Value {
    let mut required = Vec::new();
    for field in fields {
        properties.insert(field.name.clone(), field_schema(game, field));
        let optional = field.default.is_some()
            || matches!(field.ty, Type::Option { .. })
            || DEFAULTED_BUILTINS.contains(&field.name.as_str());
        if !optional {
            required.push(json!(field.name));
        }
    }
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

fn field_schema(game: &Game, field: &FieldDef) -> Value {
    let mut schema = match &field.filter {
        // Only the entries the field's `where` allows, so editors offer those.
        Some(filter) => filtered_type_schema(game, &field.ty, filter),
        None => type_schema(game, &field.ty),
    };
    describe(&mut schema, field.summary.as_deref());
    let default = field
        .default
        .as_ref()
        .and_then(|value| authored(game, value));
    if let (Some(default), Some(object)) = (default, schema.as_object_mut()) {
        // A `$ref` with siblings is fine in draft 2020-12; editors offer the default.
        object.insert("default".to_string(), default);
    }
    schema
}

fn type_schema(game: &Game, ty: &Type) -> Value {
    match ty {
        Type::Bool => json!({ "type": "boolean" }),
        Type::Int { min, max } => json!({ "type": "integer", "minimum": min, "maximum": max }),
        Type::String | Type::Text => json!({ "type": "string" }),
        Type::Handler => json!({ "type": "string", "pattern": "^[a-z][a-z0-9_]*$" }),
        Type::Enum { index } => reference("enum", &game.enums[*index].name),
        Type::Record { index } => reference("record", &game.records[*index].name),
        Type::Codex { index } => reference("codex", &game.categories[*index].name),
        Type::Union { index } => reference("union", &game.unions[*index].name),
        Type::List { item } => json!({ "type": "array", "items": type_schema(game, item) }),
        Type::Option { item } => type_schema(game, item),
    }
}

/// [`type_schema`] with references of the filter's category narrowed to the entries it allows.
fn filtered_type_schema(game: &Game, ty: &Type, filter: &EntryFilter) -> Value {
    match ty {
        Type::Codex { index } if *index == filter.category => {
            codex_schema(game, &game.categories[*index], |entry| filter.allows(entry))
        }
        Type::List { item } => {
            json!({ "type": "array", "items": filtered_type_schema(game, item, filter) })
        }
        Type::Option { item } => filtered_type_schema(game, item, filter),
        _ => type_schema(game, ty),
    }
}

fn reference(group: &str, name: &str) -> Value {
    json!({ "$ref": format!("#/$defs/{group}.{name}") })
}
