//! A figure's combat dial: live clicks (four values and the ability on each) and the dead
//! (skull) clicks after them.

use serde_json::Value;
use toml::Table;

use crate::report::CardLog;

use super::data::{DataAbility, DialFile};
use super::values::{in_schema_range, integer, shown, Record};
use super::vocab::{Match, Vocabulary};

/// The four stat slots of a click: the data's value key, its ability key, and the slot name
/// the data's `stat` and the codex's `slot` use.
const SLOTS: [(&str, &str, &str); 4] = [
    ("speed", "speed_ability", "Speed"),
    ("attack", "attack_ability", "Attack"),
    ("defense", "defense_ability", "Defense"),
    ("damage", "damage_ability", "Damage"),
];

/// Keys of one click record.
const CLICK_KEYS: [&str; 9] = [
    "click",
    "speed",
    "speed_ability",
    "attack",
    "attack_ability",
    "defense",
    "defense_ability",
    "damage",
    "damage_ability",
];

/// Keys of one dial record.
const DIAL_KEYS: [&str; 2] = ["dial_id", "clicks"];

/// Clicks on a standard warrior's dial.
pub const DIAL_CLICKS: usize = 12;

/// A mapped dial.
#[derive(Debug, PartialEq)]
pub struct Dial {
    /// The live clicks, as `Click` records of the schema.
    pub clicks: Vec<Table>,
    /// The skull clicks after the last live one.
    pub dead_clicks: i64,
    /// The data's dial id, when given.
    pub dial_id: Option<i64>,
}

/// What one click turned out to be.
enum Click {
    Live(Table),
    Dead,
}

/// Maps the figure's `dials` value. `None` when the dial cannot be built (findings say why).
pub fn map_dials(
    value: Option<&Value>,
    file: &DialFile,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<Dial> {
    let dials = match value {
        Some(Value::Array(dials)) => dials,
        other => {
            let found = other.map_or("nothing".to_owned(), shown);
            log.unmapped("dials", format!("expected a list of dials, found {found}"));
            return None;
        }
    };
    let dial = match dials.as_slice() {
        [Value::Object(dial)] => dial,
        [_] => {
            log.unmapped("dials[0]", "expected an object with `dial_id` and `clicks`");
            return None;
        }
        [] => {
            log.unmapped("dials", "no dial");
            return None;
        }
        several => {
            log.unmapped(
                "dials",
                format!(
                    "{} dials: multiple-dial warriors are not supported by the warrior schema",
                    several.len()
                ),
            );
            return None;
        }
    };
    for key in dial.keys().filter(|key| !DIAL_KEYS.contains(&key.as_str())) {
        log.unmapped(&format!("dials[0].{key}"), "unknown dial field");
    }
    let dial_id = match dial.get("dial_id") {
        None => None,
        id => integer(id, "dials[0].dial_id", log),
    };
    let Some(Value::Array(clicks)) = dial.get("clicks") else {
        log.unmapped("dials[0].clicks", "missing; expected a list of clicks");
        return None;
    };
    map_clicks(clicks, file, vocabulary, log).map(|(clicks, dead_clicks)| Dial {
        clicks,
        dead_clicks,
        dial_id,
    })
}

fn map_clicks(
    clicks: &[Value],
    file: &DialFile,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<(Vec<Table>, i64)> {
    let mut live = Vec::new();
    let mut dead = 0;
    let mut complete = true;
    for (position, click) in clicks.iter().enumerate() {
        let field = format!("click {position}");
        let Value::Object(click) = click else {
            log.unmapped(
                &field,
                format!("expected a click object, found {}", shown(click)),
            );
            complete = false;
            continue;
        };
        for key in click
            .keys()
            .filter(|key| !CLICK_KEYS.contains(&key.as_str()))
        {
            log.unmapped(&format!("{field}.{key}"), "unknown click field");
        }
        match integer(click.get("click"), &format!("{field}.click"), log) {
            Some(number) if number == position as i64 => {}
            Some(number) => {
                log.unmapped(
                    &format!("{field}.click"),
                    format!(
                        "the dial's clicks must run 0, 1, 2, ... in order; found click {number} at position {position} (a click is missing or out of order)"
                    ),
                );
                complete = false;
            }
            None => complete = false,
        }
        match map_click(click, &field, file, vocabulary, log) {
            Some(Click::Live(table)) if dead == 0 => live.push(table),
            Some(Click::Live(_)) => {
                log.unmapped(
                    &field,
                    "a live click after a dead one: the schema only has trailing dead clicks",
                );
                complete = false;
            }
            Some(Click::Dead) => dead += 1,
            None => complete = false,
        }
    }
    if live.is_empty() && complete {
        log.unmapped("dials[0].clicks", "no live click");
        return None;
    }
    if clicks.len() != DIAL_CLICKS {
        if dead == 0 && complete {
            log.unmapped(
                "dials[0].clicks",
                format!(
                    "{} clicks and none dead: clicks are missing, so where the dial ends is unknown (expected {DIAL_CLICKS})",
                    clicks.len()
                ),
            );
            return None;
        }
        log.note(
            "dials[0].clicks",
            format!(
                "{} clicks instead of {DIAL_CLICKS}; the dial ends with its dead clicks",
                clicks.len()
            ),
        );
    }
    complete.then_some((live, dead))
}

/// One click: live (a `Click` table), dead, or `None` when a value cannot be mapped.
fn map_click(
    click: &Record,
    field: &str,
    file: &DialFile,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<Click> {
    let dead_values = SLOTS
        .iter()
        .filter(|(value_key, _, _)| is_dead_text(click.get(*value_key)))
        .count();
    let dead_abilities = SLOTS
        .iter()
        .filter(|(_, ability_key, _)| {
            ability_id(click.get(*ability_key))
                .is_some_and(|id| file.abilities.get(&id) == Some(&DataAbility::Dead))
        })
        .count();
    let zero_values = SLOTS
        .iter()
        .filter(|(value_key, _, _)| click.get(*value_key).and_then(Value::as_i64) == Some(0))
        .count();
    // A skull click: every value `dead`, or every ability the skull with values `dead` or 0.
    if dead_values == SLOTS.len()
        || (dead_abilities == SLOTS.len() && dead_values + zero_values == SLOTS.len())
    {
        return Some(Click::Dead);
    }
    if dead_values > 0 || dead_abilities > 0 {
        log.unmapped(
            field,
            format!(
                "partly dead: {dead_values} of 4 values are `dead` and {dead_abilities} of 4 abilities are the skull"
            ),
        );
        return None;
    }
    let mut table = Table::new();
    let mut ok = true;
    for (value_key, ability_key, slot) in SLOTS {
        let value_field = format!("{field}.{value_key}");
        let value = integer(click.get(value_key), &value_field, log)
            .and_then(|value| in_schema_range(value, "Click", value_key, vocabulary, log));
        match value {
            Some(value) => {
                table.insert(value_key.to_owned(), toml::Value::Integer(value));
            }
            None => ok = false,
        }
        let ability_field = format!("{field}.{ability_key}");
        match ability(
            click.get(ability_key),
            slot,
            &ability_field,
            file,
            vocabulary,
            log,
        ) {
            Ok(Some(name)) => {
                table.insert(ability_key.to_owned(), toml::Value::String(name));
            }
            Ok(None) => {}
            Err(()) => ok = false,
        }
    }
    // Values first, then abilities, as the schema lists them.
    let mut ordered = Table::new();
    for key in ["speed", "attack", "defense", "damage"] {
        if let Some(value) = table.remove(key) {
            ordered.insert(key.to_owned(), value);
        }
    }
    ordered.extend(table);
    ok.then_some(Click::Live(ordered))
}

fn is_dead_text(value: Option<&Value>) -> bool {
    value
        .and_then(Value::as_str)
        .is_some_and(|text| text.trim().eq_ignore_ascii_case("dead"))
}

fn ability_id(value: Option<&Value>) -> Option<i64> {
    match value? {
        Value::Number(number) => number.as_i64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// The codex name of the ability in one slot; `Ok(None)` for a blank slot.
fn ability(
    value: Option<&Value>,
    slot: &str,
    field: &str,
    file: &DialFile,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Result<Option<String>, ()> {
    if matches!(value, None | Some(Value::Null)) {
        return Ok(None);
    }
    let Some(id) = integer(value, field, log) else {
        return Err(());
    };
    match file.abilities.get(&id) {
        None => {
            log.unmapped(
                field,
                format!("unknown special ability id {id} (not in the file's `special_abilities`)"),
            );
            Err(())
        }
        Some(DataAbility::Blank) => Ok(None),
        Some(DataAbility::Dead) => {
            log.unmapped(field, "the skull (dead) marker on a live click");
            Err(())
        }
        Some(DataAbility::Named { name, stat }) => {
            if !stat.eq_ignore_ascii_case(slot) {
                log.note(
                    field,
                    format!(
                        "`{name}` is listed as a {stat} ability but printed in the {slot} slot"
                    ),
                );
            }
            match vocabulary.ability(name) {
                Ok(matched) => {
                    if let Match::Close(codex) = &matched {
                        log.note(
                            field,
                            format!("data ability `{name}` taken as codex `{codex}`"),
                        );
                    }
                    Ok(Some(matched.value().to_owned()))
                }
                Err(message) => {
                    log.unmapped(field, message);
                    Err(())
                }
            }
        }
    }
}
