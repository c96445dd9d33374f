//! The JSON dump of a compiled game, for consumers that do not read Rust.
//!
//! Values are written the way an author would write them, resolved: enum values and codex
//! references as their names, records as objects keyed by field name, union values as objects
//! whose tag key (first) names the variant. Each codex reference
//! also carries its entry and typed arguments. One card per line keeps the file diffable and
//! its size close to the TOML it came from.
//!
//! ```json
//! {"game": {...}, "enums": {...}, "codex": {...}, "errata": [...], "cards": [
//! {"name":"Dark Pact Slayer","kind":"creature","life":14,"traits":[{"text":"Flame -2","entry":"Damage Type","args":{"damage_type":"Flame","x":-2}}],...}
//! ]}
//! ```

use grimoire_compiler::ir::{Card, CodexRef, ConstValue, Constant, Entry, FieldDef, Game, Value};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Map, Value as Json};

/// The whole dump, newline-terminated.
pub(crate) fn dump(game: &Game) -> String {
    let header = json!({
        "game": { "name": game.name, "title": game.title, "summary": game.summary },
        "enums": game.enums.iter().map(|e| {
            (e.name.clone(), Json::from(e.variants.iter().map(|v| v.name.clone()).collect::<Vec<_>>()))
        }).collect::<Map<String, Json>>(),
        "unions": game.unions.iter().map(|u| {
            let variants: Vec<&str> = u.variants.iter().map(|v| v.name.as_str()).collect();
            (u.name.clone(), json!({ "tag": u.tag, "variants": variants }))
        }).collect::<Map<String, Json>>(),
        "constants": game.constants.iter().map(|constant| constant_json(game, constant)).collect::<Vec<Json>>(),
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
    let mut bytes = text.into_bytes();
    for (position, card) in game.cards.iter().enumerate() {
        bytes.extend_from_slice(if position == 0 { b"\n" } else { b",\n" });
        // Writing into a `Vec` cannot fail, and every map key is a string.
        let _ = serde_json::to_writer(&mut bytes, &CardJson { game, card });
    }
    bytes.extend_from_slice(b"\n]\n}\n");
    // serde_json writes UTF-8.
    String::from_utf8(bytes).unwrap_or_default()
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
    if entry.draft {
        object.insert("draft".into(), true.into());
    }
    if !entry.implies.is_empty() {
        let implies = entry
            .implies
            .iter()
            .map(|r| Json::from(r.text.clone()))
            .collect::<Vec<_>>();
        object.insert("implies".into(), implies.into());
        let implied = entry
            .implied
            .iter()
            .map(|r| Json::from(r.text.clone()))
            .collect::<Vec<_>>();
        object.insert("implied".into(), implied.into());
    }
    for (field, value) in fields.iter().zip(&entry.fields) {
        if *value != Value::None {
            object.insert(field.name.clone(), value_json(game, value));
        }
    }
    Json::Object(object)
}

/// One card as a JSON object, serialised straight to text: `name`, `kind`, the present
/// fields in declaration order, and for cards errata changed `printed` and `errata`.
struct CardJson<'a> {
    game: &'a Game,
    card: &'a Card,
}

impl Serialize for CardJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (game, card) = (self.game, self.card);
        let kind = &game.kinds[card.kind];
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", &card.name)?;
        map.serialize_entry("kind", &kind.name)?;
        // `name` is the first built-in field; it was written above.
        let fields = FieldsJson {
            game,
            defs: &kind.fields,
            values: &card.fields,
        };
        fields.entries(&mut map, |name| name != "name")?;
        if let Some(printed) = &card.printed {
            let printed = FieldsJson {
                game,
                defs: &kind.fields,
                values: printed,
            };
            map.serialize_entry("printed", &printed)?;
            map.serialize_entry("errata", &card.errata)?;
        }
        map.end()
    }
}

/// Present fields by name, in declaration order; absent optional fields are left out.
struct FieldsJson<'a> {
    game: &'a Game,
    defs: &'a [FieldDef],
    values: &'a [Value],
}

impl FieldsJson<'_> {
    fn entries<M: SerializeMap>(
        &self,
        map: &mut M,
        keep: impl Fn(&str) -> bool,
    ) -> Result<(), M::Error> {
        for (def, value) in self.defs.iter().zip(self.values) {
            if *value != Value::None && keep(&def.name) {
                map.serialize_entry(
                    &def.name,
                    &ValueJson {
                        game: self.game,
                        value,
                    },
                )?;
            }
        }
        Ok(())
    }
}

impl Serialize for FieldsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.entries(&mut map, |_| true)?;
        map.end()
    }
}

/// A constant as `{ "name", "value" }` (and its `summary` when it has one); typed values the way
/// an author writes them.
fn constant_json(game: &Game, constant: &Constant) -> Json {
    let value = match &constant.value {
        ConstValue::Typed { value, .. } => json!(ValueJson { game, value }),
        plain => json!(plain),
    };
    let mut object = json!({ "name": constant.name, "value": value });
    if let (Some(summary), Json::Object(fields)) = (&constant.summary, &mut object) {
        fields.insert("summary".into(), Json::from(summary.clone()));
    }
    object
}

/// A value the way an author writes it, resolved: enum values and argument-less codex
/// references as their names, records as objects, codex references with arguments as
/// `{"text", "entry", "args"}`.
struct ValueJson<'a> {
    game: &'a Game,
    value: &'a Value,
}

impl Serialize for ValueJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let game = self.game;
        match self.value {
            Value::Bool(flag) => serializer.serialize_bool(*flag),
            Value::Int(number) => serializer.serialize_i64(*number),
            Value::Str(text) | Value::Handler(text) => serializer.serialize_str(text),
            Value::Enum { index, variant } => {
                serializer.serialize_str(&game.enums[*index].variants[*variant].name)
            }
            Value::Record { index, fields } => FieldsJson {
                game,
                defs: &game.records[*index].fields,
                values: fields,
            }
            .serialize(serializer),
            Value::Codex(reference) => codex_json(game, reference, serializer),
            Value::Union {
                index,
                variant,
                fields,
            } => {
                let union = &game.unions[*index];
                let variant = &union.variants[*variant];
                let mut map = serializer.serialize_map(None)?;
                map.serialize_entry(&union.tag, &variant.name)?;
                let fields = FieldsJson {
                    game,
                    defs: &variant.fields,
                    values: fields,
                };
                fields.entries(&mut map, |_| true)?;
                map.end()
            }
            Value::List(items) => {
                serializer.collect_seq(items.iter().map(|value| ValueJson { game, value }))
            }
            Value::None => serializer.serialize_unit(),
            Value::Some(inner) => ValueJson { game, value: inner }.serialize(serializer),
        }
    }
}

fn codex_json<S: Serializer>(
    game: &Game,
    reference: &CodexRef,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let entry = &game.categories[reference.category].entries[reference.entry];
    if reference.args.is_empty() {
        return serializer.serialize_str(&reference.text);
    }
    let args = CodexArgs {
        game,
        entry,
        args: &reference.args,
    };
    let mut map = serializer.serialize_map(Some(3))?;
    map.serialize_entry("text", &reference.text)?;
    map.serialize_entry("entry", &entry.name)?;
    map.serialize_entry("args", &args)?;
    map.end()
}

/// A codex reference's arguments by parameter name.
struct CodexArgs<'a> {
    game: &'a Game,
    entry: &'a Entry,
    args: &'a [Value],
}

impl Serialize for CodexArgs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let game = self.game;
        serializer.collect_map(
            self.entry
                .params
                .iter()
                .zip(self.args)
                .map(|(param, value)| (&param.name, ValueJson { game, value })),
        )
    }
}

/// A value as a JSON tree (codex entries' metadata).
fn value_json(game: &Game, value: &Value) -> Json {
    // Maps have string keys and numbers are integers, so conversion cannot fail.
    serde_json::to_value(ValueJson { game, value }).unwrap_or(Json::Null)
}
