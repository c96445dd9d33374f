//! One record of the Summoner Wars card list mapped onto the card schema of
//! `codex/summoner-wars/game.toml`.
//!
//! A record is `{ name, class, source_file, faction, attack, range, cost, life, abilities }`;
//! `attack` becomes `strength`, `range` also gives `attack_type` (1 is melee, more is ranged),
//! `source_file` (the faction deck the record was read from) stands in for a placeholder
//! faction. Every other key, and every value of the wrong shape, is reported as unmapped:
//! nothing here panics on an odd record.

use serde_json::Value as Json;
use toml::{Table, Value};

use super::vocabulary::{squash, Vocabulary};
use crate::report::CardLog;

/// Keys of a record the mapping reads.
const KNOWN_KEYS: [&str; 9] = [
    "name",
    "class",
    "source_file",
    "faction",
    "attack",
    "range",
    "cost",
    "life",
    "abilities",
];

/// The ability name the data uses to mark a structure unit (a tower that is built): it is the
/// printed structure flag, not an ability.
const STRUCTURE_MARKER: &str = "Built";

/// Misspelt ability names in the data and the codex entry each stands for.
const SPELLINGS: [(&str, &str); 1] = [("Swift Manuever", "Swift Maneuver")];

/// The result of mapping one record.
#[derive(Debug)]
pub(crate) enum Mapped {
    /// A card table and the file (within the set folder) it belongs in.
    Card { file: &'static str, table: Table },
    /// The record could not become a card; the reasons are in the log's unmapped findings.
    Unwritten,
}

/// The card's kind and the file that holds that kind.
fn kind_of(class: &str) -> Option<(&'static str, &'static str)> {
    match class.trim().to_lowercase().as_str() {
        "summoner" => Some(("summoner", "summoners")),
        "champion" => Some(("champion", "champions")),
        "common" => Some(("common", "commons")),
        "event" => Some(("event", "events")),
        "structure" => Some(("structure", "structures")),
        _ => None,
    }
}

/// The record's name as written (trimmed), when it has one.
pub(crate) fn record_name(record: &Json) -> Option<String> {
    let name = record.get("name")?.as_str()?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// What tells two records of one name apart: their faction (as [`faction`] would resolve it,
/// without reporting) and their class, both as written when they cannot be resolved.
pub(crate) fn identity(record: &Json, vocabulary: &Vocabulary) -> (String, String) {
    let text = |key| {
        record
            .get(key)
            .and_then(Json::as_str)
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let written = text("faction");
    let known = vocabulary
        .factions
        .iter()
        .find(|faction| squash(faction) == squash(&written))
        .map(String::as_str)
        .or_else(|| vocabulary.faction_of_deck(&text("source_file")));
    let faction = known.map_or(written, str::to_owned);
    (faction, text("class").to_lowercase())
}

/// Maps one record to a card named `name` of edition `edition` (`"First"` or `"Second"`).
pub(crate) fn map_record(
    record: &Json,
    name: &str,
    edition: &str,
    vocabulary: &Vocabulary,
    log: &mut CardLog,
) -> Mapped {
    let Some(fields) = record.as_object() else {
        log.unmapped("(record)", "a card record must be a JSON object");
        return Mapped::Unwritten;
    };
    for key in fields.keys() {
        if !KNOWN_KEYS.contains(&key.as_str()) {
            log.unmapped(key, format!("unknown field `{key}`; no card field maps it"));
        }
    }
    let class = match fields.get("class") {
        Some(Json::String(class)) => class.clone(),
        Some(other) => {
            log.unmapped("class", format!("expected a string, found {other}"));
            return Mapped::Unwritten;
        }
        None => {
            log.unmapped(
                "class",
                "missing; expected summoner, champion, common or event",
            );
            return Mapped::Unwritten;
        }
    };
    let Some((kind, file)) = kind_of(&class) else {
        log.unmapped(
            "class",
            format!("`{class}` is not summoner, champion, common, event or structure"),
        );
        return Mapped::Unwritten;
    };
    let Some(faction) = faction(record, vocabulary, log) else {
        return Mapped::Unwritten;
    };
    let mut table = Table::new();
    table.insert("name".into(), Value::String(name.to_owned()));
    table.insert("kind".into(), Value::String(kind.to_owned()));
    table.insert("faction".into(), Value::String(faction));
    table.insert("edition".into(), Value::String(edition.to_owned()));
    let complete = match kind {
        "event" => map_event(record, &mut table, log),
        "structure" => map_structure(record, &mut table, log),
        _ => map_unit(record, kind, &mut table, log),
    };
    if let Some(abilities) = fields.get("abilities") {
        map_abilities(abilities, kind, vocabulary, &mut table, log);
    }
    if complete {
        Mapped::Card { file, table }
    } else {
        Mapped::Unwritten
    }
}

/// The faction: the record's own when it is a known faction, else the one its deck file
/// names (the data writes the placeholder `faction` for some events).
fn faction(record: &Json, vocabulary: &Vocabulary, log: &mut CardLog) -> Option<String> {
    let written = record.get("faction").and_then(Json::as_str).map(str::trim);
    let deck = record.get("source_file").and_then(Json::as_str);
    if record.get("source_file").is_some() && deck.is_none() {
        log.unmapped(
            "source_file",
            "expected a string (the faction deck's file name)",
        );
    }
    let from_deck = deck.and_then(|deck| vocabulary.faction_of_deck(deck));
    let known = written.and_then(|written| {
        vocabulary
            .factions
            .iter()
            .find(|faction| squash(faction) == squash(written))
    });
    match (known, from_deck) {
        (Some(known), Some(deck_faction)) if known != deck_faction => {
            log.note(
                "faction",
                format!(
                    "faction `{known}` differs from the deck file `{}` (`{deck_faction}`); the faction is kept",
                    deck.unwrap_or_default()
                ),
            );
            Some(known.clone())
        }
        (Some(known), _) => Some(known.clone()),
        (None, Some(deck_faction)) => {
            log.note(
                "faction",
                format!(
                    "`{}` is not a faction; taken from the deck file `{}`: {deck_faction}",
                    written.unwrap_or("(missing)"),
                    deck.unwrap_or_default()
                ),
            );
            Some(deck_faction.to_owned())
        }
        (None, None) => {
            let suggestion = written
                .map(|written| format!("`{written}` is not a faction of game.toml"))
                .unwrap_or_else(|| "missing".to_owned());
            log.unmapped(
                "faction",
                format!("{suggestion}, and no deck file names one; the card is not written"),
            );
            None
        }
    }
}

/// A non-negative whole number, when the field is present and well-formed.
fn number(record: &Json, key: &str, log: &mut CardLog) -> Option<i64> {
    let value = record.get(key)?;
    let whole = value.as_i64().or_else(|| {
        value
            .as_f64()
            .filter(|float| float.fract() == 0.0 && float.abs() < 1e9)
            .map(|float| float as i64)
    });
    match whole {
        Some(number) if number >= 0 => Some(number),
        _ => {
            log.unmapped(
                key,
                format!("expected a whole number of at least 0, found {value}"),
            );
            None
        }
    }
}

/// Summoner, champion and common numbers. Returns whether every required number is there.
fn map_unit(record: &Json, kind: &str, table: &mut Table, log: &mut CardLog) -> bool {
    let mut complete = true;
    let cost = number(record, "cost", log);
    match (kind, cost) {
        ("summoner", Some(_)) => log.unmapped(
            "cost",
            "a summoner has no cost in the card schema (it starts on the battlefield)",
        ),
        ("summoner", None) => {}
        (_, Some(cost)) => {
            table.insert("cost".into(), Value::Integer(cost));
        }
        (_, None) => complete &= required(record, "cost", kind, log),
    }
    match number(record, "attack", log) {
        Some(strength) => {
            table.insert("strength".into(), Value::Integer(strength));
        }
        None => complete &= required(record, "attack", kind, log),
    }
    match number(record, "range", log) {
        Some(range @ 1..=3) => {
            let attack_type = if range == 1 { "Melee" } else { "Ranged" };
            table.insert("attack_type".into(), Value::String(attack_type.into()));
            table.insert("range".into(), Value::Integer(range));
        }
        Some(range) => {
            log.unmapped("range", format!("{range} is not a range of 1 to 3"));
            complete = false;
        }
        None => complete &= required(record, "range", kind, log),
    }
    match number(record, "life", log) {
        Some(life) => {
            table.insert("life".into(), Value::Integer(life));
        }
        None => complete &= required(record, "life", kind, log),
    }
    complete
}

/// Reports a missing required number (a malformed one was reported already); always false.
fn required(record: &Json, key: &str, kind: &str, log: &mut CardLog) -> bool {
    if record.get(key).is_none() {
        log.unmapped(
            key,
            format!("missing; a {kind} needs it, so the card is not written"),
        );
    }
    false
}

/// Event numbers: an optional cost; unit numbers are errors. Always complete.
fn map_event(record: &Json, table: &mut Table, log: &mut CardLog) -> bool {
    if let Some(cost) = number(record, "cost", log) {
        table.insert("cost".into(), Value::Integer(cost));
    }
    for key in ["attack", "range", "life"] {
        if record.get(key).is_some() {
            log.unmapped(key, format!("an event has no `{key}`"));
        }
    }
    true
}

/// Structure (card) numbers: optional cost and life; a structure card does not attack.
/// Always complete.
fn map_structure(record: &Json, table: &mut Table, log: &mut CardLog) -> bool {
    for key in ["cost", "life"] {
        if let Some(value) = number(record, key, log) {
            table.insert(key.into(), Value::Integer(value));
        }
    }
    for key in ["attack", "range"] {
        if record.get(key).is_some() {
            log.unmapped(key, format!("a structure card has no `{key}`"));
        }
    }
    true
}

/// Ability names onto codex entries, the structure marker onto `structure`, a numbered
/// second part (`Gem Magic2` beside `Gem Magic`) into the ability it continues.
fn map_abilities(
    value: &Json,
    kind: &str,
    vocabulary: &Vocabulary,
    table: &mut Table,
    log: &mut CardLog,
) {
    let Some(items) = value.as_array() else {
        log.unmapped(
            "abilities",
            format!("expected a list of names, found {value}"),
        );
        return;
    };
    let names: Vec<&str> = items
        .iter()
        .filter_map(Json::as_str)
        .map(str::trim)
        .collect();
    if names.len() != items.len() {
        log.unmapped("abilities", "every ability must be a name (a string)");
    }
    let mut abilities: Vec<Value> = Vec::new();
    for &name in &names {
        if name == STRUCTURE_MARKER {
            if kind == "event" {
                log.unmapped("abilities", "an event cannot be a structure (`Built`)");
            } else if kind == "structure" {
                log.note("abilities", "`Built` on a structure card says nothing more");
            } else {
                table.insert("structure".into(), Value::Boolean(true));
                log.note(
                    "abilities",
                    "`Built` marks a structure unit: written as `structure = true`",
                );
            }
            continue;
        }
        let stem = name
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .trim_end();
        if stem != name && names.contains(&stem) {
            log.note(
                "abilities",
                format!("`{name}` is the second part of `{stem}`; a card holds an ability once"),
            );
            continue;
        }
        let codex_name = SPELLINGS
            .iter()
            .find(|(misspelt, _)| *misspelt == name)
            .map_or(name, |(_, fixed)| *fixed);
        if codex_name != name {
            log.note(
                "abilities",
                format!("`{name}` is spelt `{codex_name}` in the codex"),
            );
        }
        if kind == "event" {
            log.unmapped("abilities", format!("an event has no abilities (`{name}`)"));
            continue;
        }
        if !vocabulary.abilities.contains(codex_name) {
            log.unmapped(
                "abilities",
                format!("`{codex_name}` is not an ability of the codex (codex/summoner-wars/abilities.toml)"),
            );
            continue;
        }
        let value = Value::String(codex_name.to_owned());
        if abilities.contains(&value) {
            log.note(
                "abilities",
                format!("`{codex_name}` is listed twice; kept once"),
            );
        } else {
            abilities.push(value);
        }
    }
    if !abilities.is_empty() {
        table.insert("abilities".into(), Value::Array(abilities));
    }
}
