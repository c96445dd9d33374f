//! One dial data file: its top-level lists read leniently, so an odd record is a finding and
//! never stops the import.
//!
//! The format is the one of `data/mage-knight/dials.json`: `source` (text), `figures` (the
//! records, see [`super::figure`]), `special_abilities` (`id`, `stat`, `name`, ...),
//! `expansions` (`name`, `short_name`: the collector-id letters) and `factions` (`name`).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::error::ImportError;
use crate::report::CardLog;

use super::vocab::Vocabulary;

/// What a special-ability id of the data stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataAbility {
    /// No ability in that slot (the data's `----` entry).
    Blank,
    /// A skull: the click is dead (the data's `Dead` entry).
    Dead,
    /// A named ability printed in slot `stat` (`Speed`, `Attack`, `Defense`, `Damage`).
    Named {
        /// The data's name.
        name: String,
        /// The data's slot.
        stat: String,
    },
}

/// The parts of a dial data file the figures need.
#[derive(Debug, Default)]
pub struct DialFile {
    /// The data's own `source` text, if any.
    pub source: Option<String>,
    /// The figure records, unread.
    pub figures: Vec<Value>,
    /// Special abilities by id.
    pub abilities: BTreeMap<i64, DataAbility>,
    /// Expansion name → the letters its collector ids start with (upper case).
    pub set_letters: BTreeMap<String, String>,
}

/// Top-level keys of a dial data file.
const KEYS: [&str; 5] = [
    "source",
    "figures",
    "special_abilities",
    "expansions",
    "factions",
];

/// Reads `text` (the file at `path`); file-level findings go to `log`.
pub fn read(
    path: &Path,
    text: &str,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Result<DialFile, ImportError> {
    let root = crate::source::parse_json(path, text)?;
    let top_at = crate::source::first_value_offset(text);
    let shape_error = |message: &str| crate::source::shape_error(path, text, top_at, message);
    let Value::Object(root) = root else {
        return Err(shape_error("expected a JSON object with a `figures` list"));
    };
    let Some(Value::Array(figures)) = root.get("figures") else {
        return Err(shape_error("no `figures` list"));
    };
    for key in root.keys().filter(|key| !KEYS.contains(&key.as_str())) {
        log.unmapped(key, "unknown top-level field");
    }
    let mut file = DialFile {
        source: root
            .get("source")
            .and_then(Value::as_str)
            .map(str::to_owned),
        figures: figures.clone(),
        ..DialFile::default()
    };
    read_abilities(root.get("special_abilities"), vocabulary, &mut file, log);
    for (index, expansion) in list(root.get("expansions"), "expansions", log)
        .iter()
        .enumerate()
    {
        let name = expansion.get("name").and_then(Value::as_str);
        let letters = expansion.get("short_name").and_then(Value::as_str);
        match (name, letters) {
            (Some(name), Some(letters)) => {
                file.set_letters
                    .insert(name.to_owned(), letters.to_ascii_uppercase());
            }
            _ => log.unmapped(
                &format!("expansions[{index}]"),
                "expected an object with text `name` and `short_name`",
            ),
        }
    }
    for (index, faction) in list(root.get("factions"), "factions", log)
        .iter()
        .enumerate()
    {
        let field = format!("factions[{index}]");
        match faction.get("name").and_then(Value::as_str) {
            Some(name) => {
                if let Err(message) = vocabulary.enum_value("Faction", name) {
                    log.unmapped(&field, message);
                }
            }
            None => log.unmapped(&field, "expected an object with a text `name`"),
        }
    }
    Ok(file)
}

/// The items of an optional top-level list; anything else than a list is a finding.
fn list<'v>(value: Option<&'v Value>, key: &str, log: &mut CardLog<'_>) -> &'v [Value] {
    match value {
        None => &[],
        Some(Value::Array(items)) => items,
        Some(_) => {
            log.unmapped(key, "expected a list");
            &[]
        }
    }
}

fn read_abilities(
    value: Option<&Value>,
    vocabulary: &Vocabulary,
    file: &mut DialFile,
    log: &mut CardLog<'_>,
) {
    for (index, entry) in list(value, "special_abilities", log).iter().enumerate() {
        let field = format!("special_abilities[{index}]");
        let id = entry.get("id").and_then(Value::as_i64);
        let name = entry.get("name").and_then(Value::as_str);
        let stat = entry.get("stat").and_then(Value::as_str);
        let (Some(id), Some(name), Some(stat)) = (id, name, stat) else {
            log.unmapped(
                &field,
                "expected an object with an integer `id`, a text `name` and a text `stat`",
            );
            continue;
        };
        let skull = entry.get("symbol").and_then(Value::as_str) == Some("ab_skull");
        let ability = if skull || name.eq_ignore_ascii_case("dead") {
            DataAbility::Dead
        } else if name.trim().chars().all(|c| c == '-') {
            DataAbility::Blank
        } else {
            DataAbility::Named {
                name: name.to_owned(),
                stat: stat.to_owned(),
            }
        };
        if let DataAbility::Named { name, stat } = &ability {
            compare_with_codex(entry, name, stat, &field, vocabulary, log);
        }
        match file.abilities.entry(id) {
            std::collections::btree_map::Entry::Occupied(_) => log.unmapped(
                &field,
                format!("ability id {id} is listed twice; the first entry is used"),
            ),
            std::collections::btree_map::Entry::Vacant(slot) => {
                slot.insert(ability);
            }
        }
    }
}

/// The data writes orange as this RGBA value (every other colour as a word).
const ORANGE_RGBA: &str = "1.0,0.582,0.0,1.0";

/// Notes where the data's slot, colour, shape or optional flag of an ability disagrees with
/// its codex entry (the codex follows the rules text, so it is kept), and abilities the codex
/// lacks (a figure using one is unmapped).
fn compare_with_codex(
    entry: &Value,
    name: &str,
    stat: &str,
    field: &str,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) {
    let codex_name = vocabulary.ability(name).or_else(|error| {
        entry
            .get("short_name")
            .and_then(Value::as_str)
            .map_or(Err(error), |short| vocabulary.ability(short))
    });
    let codex_name = match codex_name {
        Ok(matched) => matched.value().to_owned(),
        Err(message) => {
            log.note(
                field,
                format!("{message}; figures using it are not written"),
            );
            return;
        }
    };
    let Some(marker) = vocabulary.marker(&codex_name) else {
        return;
    };
    let colour = entry
        .get("color")
        .and_then(Value::as_str)
        .map(|colour| match colour.trim() {
            ORANGE_RGBA => "Orange".to_owned(),
            word => word.to_owned(),
        });
    let shape = match entry.get("symbol").and_then(Value::as_str) {
        Some("ab_squ") => Some("Square"),
        Some("ab_circ") => Some("Circle"),
        _ => None,
    };
    let mut differences = Vec::new();
    let mut compare = |what: &str, data: Option<&str>, codex: Option<&str>| {
        if let (Some(data), Some(codex)) = (data, codex) {
            if !data.eq_ignore_ascii_case(codex) && !data.is_empty() {
                differences.push(format!("{what} {data} (codex: {codex})"));
            }
        }
    };
    compare("slot", Some(stat), marker.slot.as_deref());
    compare("colour", colour.as_deref(), marker.colour.as_deref());
    compare("shape", shape, marker.shape.as_deref());
    let optional = entry.get("optional").and_then(Value::as_bool);
    if let (Some(data), Some(codex)) = (optional, marker.optional) {
        if data != codex {
            differences.push(format!("optional {data} (codex: {codex})"));
        }
    }
    if !differences.is_empty() {
        log.note(
            field,
            format!(
                "`{name}` (codex `{codex_name}`): the data says {}; the codex entry is kept",
                differences.join(", ")
            ),
        );
    }
}
