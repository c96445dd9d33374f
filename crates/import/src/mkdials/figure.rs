//! One figure record of the dial data → one `warrior` card.
//!
//! Every key of a record is read (`FIGURE_KEYS`); a key the importer does not know is
//! unmapped. A figure whose required data (name, expansion, rank, point value, range, arc,
//! factions, dial) cannot be mapped is not written, so the pool always compiles; optional data
//! that cannot be mapped (model id, rarity, base type) is left out. Either way the report says
//! why.

use heck::ToKebabCase;
use serde_json::Value;
use toml::Table;

use crate::report::CardLog;

use super::data::DialFile;
use super::dial::map_dials;
use super::values::{enum_value, in_schema_range, integer, shown, text, Record};
use super::vocab::Vocabulary;

/// Keys of a figure record.
const FIGURE_KEYS: [&str; 14] = [
    "model_id",
    "name",
    "full_name",
    "expansion",
    "rank",
    "frequency",
    "point_value",
    "figure_number",
    "range",
    "arc",
    "factions",
    "base_type",
    "correct_name_id",
    "dials",
];

/// A figure mapped to a card.
#[derive(Debug)]
pub struct Figure {
    /// The card name: the figure's name, plus `(Rank)` for figures with rank stars.
    pub name: String,
    /// The set folder (the expansion in kebab case).
    pub set: String,
    /// The collector id (set letters and number), when known.
    pub number: Option<String>,
    /// The data's model id, when given.
    pub model_id: Option<i64>,
    /// The card, as written to TOML (with `name`, `kind` and `printings`).
    pub card: Table,
}

/// A label for a record in report lines, before it is mapped: its name, else its full name.
pub fn label(record: &Value) -> String {
    ["name", "full_name"]
        .iter()
        .filter_map(|key| record.get(*key).and_then(Value::as_str))
        .map(str::trim)
        .find(|name| !name.is_empty())
        .map_or_else(|| "(no name)".to_owned(), str::to_owned)
}

/// Maps one record; `None` when it cannot be written (the findings in `log` say why).
pub fn map_figure(
    record: &Value,
    file: &DialFile,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<Figure> {
    let Value::Object(record) = record else {
        log.unmapped(
            "figure",
            format!("expected a figure object, found {}", shown(record)),
        );
        return None;
    };
    for key in record
        .keys()
        .filter(|key| !FIGURE_KEYS.contains(&key.as_str()))
    {
        log.unmapped(key, "unknown figure field");
    }
    let base_name = figure_name(record, log);
    let rank = enum_value(record.get("rank"), "rank", "Rank", vocabulary, log);
    if let (Some(name), Some(rank)) = (&base_name, &rank) {
        check_full_name(record, name, rank, log);
    }
    let rarity = rarity(record.get("frequency"), rank.as_deref(), log);
    let expansion = enum_value(
        record.get("expansion"),
        "expansion",
        "Expansion",
        vocabulary,
        log,
    );
    let number = expansion
        .as_deref()
        .and_then(|expansion| collector_id(record, expansion, file, log));
    let point_value = warrior_int(record, "point_value", "point_value", vocabulary, log);
    let range = range_and_targets(record.get("range"), vocabulary, log);
    let front_arc = warrior_int(record, "arc", "front_arc", vocabulary, log);
    let factions = factions(record.get("factions"), vocabulary, log);
    let base_type = base_type(record.get("base_type"), vocabulary, log);
    let model_id = match record.get("model_id") {
        None => None,
        id => integer(id, "model_id", log)
            .and_then(|id| in_schema_range(id, "warrior", "model_id", vocabulary, log)),
    };
    let dial = map_dials(record.get("dials"), file, vocabulary, log).filter(|dial| {
        in_schema_range(dial.dead_clicks, "warrior", "dead_clicks", vocabulary, log).is_some()
    });
    if let (Some(dial_id), Some(model_id)) = (dial.as_ref().and_then(|d| d.dial_id), model_id) {
        if dial_id != model_id {
            log.note(
                "dials[0].dial_id",
                format!("dial id {dial_id} differs from model id {model_id}"),
            );
        }
    }
    let (
        Some(base_name),
        Some(rank),
        Some(expansion),
        Some(point_value),
        Some((range, targets)),
        Some(front_arc),
        Some(factions),
        Some(dial),
    ) = (
        base_name,
        rank,
        expansion,
        point_value,
        range,
        front_arc,
        factions,
        dial,
    )
    else {
        log.unmapped(
            "figure",
            "not written: required data above could not be mapped",
        );
        return None;
    };
    let name = if vocabulary.has_rank_stars(&rank) {
        format!("{base_name} ({rank})")
    } else {
        base_name
    };
    let set = expansion.to_kebab_case();
    let mut printing = Table::new();
    printing.insert("set".to_owned(), set.clone().into());
    if let Some(number) = &number {
        printing.insert("number".to_owned(), number.clone().into());
    }
    let mut card = Table::new();
    card.insert("name".to_owned(), name.clone().into());
    card.insert("kind".to_owned(), "warrior".into());
    card.insert(
        "printings".to_owned(),
        toml::Value::Array(vec![printing.into()]),
    );
    if let Some(model_id) = model_id {
        card.insert("model_id".to_owned(), model_id.into());
    }
    card.insert("expansion".to_owned(), expansion.into());
    card.insert("rank".to_owned(), rank.into());
    if let Some(rarity) = rarity {
        card.insert("rarity".to_owned(), rarity.into());
    }
    card.insert("point_value".to_owned(), point_value.into());
    card.insert(
        "factions".to_owned(),
        toml::Value::Array(factions.into_iter().map(toml::Value::from).collect()),
    );
    if let Some(base_type) = base_type {
        card.insert("base_type".to_owned(), base_type.into());
    }
    card.insert("front_arc".to_owned(), front_arc.into());
    card.insert("range".to_owned(), range.into());
    if targets != 1 {
        card.insert("targets".to_owned(), targets.into());
    }
    card.insert(
        "dial".to_owned(),
        toml::Value::Array(dial.clicks.into_iter().map(toml::Value::Table).collect()),
    );
    card.insert("dead_clicks".to_owned(), dial.dead_clicks.into());
    Some(Figure {
        name,
        set,
        number,
        model_id,
        card,
    })
}

/// The figure's name; an empty `name` is taken from `full_name` (before ` - `), with a note.
fn figure_name(record: &Record, log: &mut CardLog<'_>) -> Option<String> {
    let name = record.get("name").and_then(Value::as_str).map(str::trim);
    if let Some(name) = name.filter(|name| !name.is_empty()) {
        return Some(name.to_owned());
    }
    if record.get("name").is_some_and(|name| !name.is_string()) {
        return text(record.get("name"), "name", log).map(str::to_owned);
    }
    let from_full = record
        .get("full_name")
        .and_then(Value::as_str)
        .map(|full| full.split(" - ").next().unwrap_or(full).trim())
        .filter(|name| !name.is_empty());
    match from_full {
        Some(name) => {
            log.note(
                "name",
                format!("empty; the name `{name}` is taken from `full_name`"),
            );
            Some(name.to_owned())
        }
        None => {
            log.unmapped("name", "empty, and no `full_name` to take a name from");
            None
        }
    }
}

/// Notes a `full_name` whose name or rank suffix (`*`, `**`, `***`, `Unique`, `LE`, `Promo`)
/// disagrees with `name` and `rank`.
fn check_full_name(record: &Record, name: &str, rank: &str, log: &mut CardLog<'_>) {
    let Some(full) = record.get("full_name").and_then(Value::as_str) else {
        return;
    };
    let Some((full_base, suffix)) = full.rsplit_once(" - ") else {
        return;
    };
    // `Ankhar Archer On Ankhar` (a cavalry unit) still names the figure `Ankhar Archer`.
    let full_base = full_base.trim().to_ascii_lowercase();
    if !full_base.starts_with(&name.to_ascii_lowercase()) {
        log.note(
            "full_name",
            format!("`{full}` names another figure than `{name}`"),
        );
    }
    let expected = match suffix.trim() {
        "*" => Some("Weak"),
        "**" => Some("Standard"),
        "***" => Some("Tough"),
        "Unique" => Some("Unique"),
        "Promo" => Some("Promo"),
        _ => None,
    };
    let agrees = match (suffix.trim(), expected) {
        ("LE", _) => rank.starts_with("Promo L"),
        (_, Some(expected)) => rank == expected,
        (_, None) => true,
    };
    if !agrees {
        log.note(
            "full_name",
            format!("`{full}` disagrees with rank `{rank}`"),
        );
    }
}

/// The data's `frequency`: `1`-`6`, `LE n` (the rank must then be `Promo Ln`) or `PR`.
fn rarity(value: Option<&Value>, rank: Option<&str>, log: &mut CardLog<'_>) -> Option<i64> {
    let value = value?;
    if let Some(text) = value.as_str() {
        let text = text.trim();
        if text.eq_ignore_ascii_case("PR") {
            return None;
        }
        if let Some(level) = text
            .strip_prefix("LE")
            .and_then(|level| level.trim().parse::<i64>().ok())
        {
            let expected = format!("Promo L{level}");
            if rank.is_some_and(|rank| rank != expected) {
                log.note(
                    "frequency",
                    format!(
                        "`{text}` disagrees with rank `{}`",
                        rank.unwrap_or_default()
                    ),
                );
            }
            if !(1..=6).contains(&level) {
                log.unmapped("frequency", format!("`{text}` is not a level of 1 to 6"));
                return None;
            }
            return Some(level);
        }
    }
    match integer(Some(value), "frequency", log) {
        Some(rarity) if (1..=6).contains(&rarity) => Some(rarity),
        Some(rarity) => {
            log.unmapped("frequency", format!("{rarity} is not a rarity of 1 to 6"));
            None
        }
        None => None,
    }
}

/// The collector id: `correct_name_id`, checked against the set letters and `figure_number`;
/// built from them when it is empty.
fn collector_id(
    record: &Record,
    expansion: &str,
    file: &DialFile,
    log: &mut CardLog<'_>,
) -> Option<String> {
    let letters = file.set_letters.get(expansion);
    let figure_number = match record.get("figure_number") {
        None => None,
        number => integer(number, "figure_number", log),
    };
    let given = record
        .get("correct_name_id")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|id| !id.is_empty());
    if let Some(other) = record.get("correct_name_id").filter(|id| !id.is_string()) {
        log.unmapped(
            "correct_name_id",
            format!("expected text, found {}", shown(other)),
        );
    }
    if let Some(id) = given {
        let digits_at = id.find(|c: char| c.is_ascii_digit()).unwrap_or(id.len());
        let (prefix, digits) = id.split_at(digits_at);
        if letters.is_some_and(|letters| !prefix.eq_ignore_ascii_case(letters)) {
            log.note(
                "correct_name_id",
                format!(
                    "`{id}` does not start with the {expansion} letters `{}`",
                    letters.map_or("", String::as_str)
                ),
            );
        }
        if let Some(number) = figure_number {
            if digits.parse::<i64>().ok() != Some(number) {
                log.note(
                    "figure_number",
                    format!("{number} differs from the number in collector id `{id}`"),
                );
            }
        }
        return Some(id.to_owned());
    }
    match (letters, figure_number) {
        (Some(letters), Some(number)) => {
            let id = format!("{letters}{number:03}");
            log.note(
                "correct_name_id",
                format!("empty; collector id `{id}` built from the set letters and figure_number"),
            );
            Some(id)
        }
        _ => {
            log.note(
                "correct_name_id",
                format!("empty, and {expansion} has no set letters in the file: no collector id"),
            );
            None
        }
    }
}

fn warrior_int(
    record: &Record,
    key: &str,
    field: &str,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<i64> {
    integer(record.get(key), key, log)
        .and_then(|value| in_schema_range(value, "warrior", field, vocabulary, log))
}

/// `range`: a number, or text such as `10 (2 Targets)` or `0 - 1 Target`.
fn range_and_targets(
    value: Option<&Value>,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<(i64, i64)> {
    let (range, targets) = match value {
        Some(Value::String(text)) => match parse_range_text(text) {
            Some(parsed) => parsed,
            None => {
                log.unmapped(
                    "range",
                    format!("expected inches, optionally with targets (`10 (2 Targets)`), found text \"{text}\""),
                );
                return None;
            }
        },
        other => (integer(other, "range", log)?, 1),
    };
    let range = in_schema_range(range, "warrior", "range", vocabulary, log)?;
    let targets = in_schema_range(targets, "warrior", "targets", vocabulary, log)?;
    Some((range, targets))
}

/// `"10"`, `"10 (2 Targets)"`, `"0 - 1 Target"` → (inches, targets).
fn parse_range_text(text: &str) -> Option<(i64, i64)> {
    let text = text.trim();
    let digits_end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let range = text[..digits_end].parse().ok()?;
    let rest = text[digits_end..]
        .trim()
        .trim_start_matches(['(', '-'])
        .trim_end_matches(')')
        .trim();
    if rest.is_empty() {
        return Some((range, 1));
    }
    let (count, word) = rest.split_once(' ')?;
    let word = word.trim().to_ascii_lowercase();
    if word != "target" && word != "targets" {
        return None;
    }
    Some((range, count.parse().ok()?))
}

fn factions(
    value: Option<&Value>,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<Vec<String>> {
    if let Some(Value::String(single)) = value {
        log.note(
            "factions",
            format!("a single name instead of a list: read as [\"{single}\"]"),
        );
        let faction = enum_value(value, "factions[0]", "Faction", vocabulary, log)?;
        return Some(vec![faction]);
    }
    let Some(Value::Array(items)) = value else {
        let found = value.map_or("nothing".to_owned(), shown);
        log.unmapped(
            "factions",
            format!("expected a list of faction names, found {found}"),
        );
        return None;
    };
    let mut factions = Vec::new();
    let mut ok = true;
    for (index, item) in items.iter().enumerate() {
        let field = format!("factions[{index}]");
        match enum_value(Some(item), &field, "Faction", vocabulary, log) {
            Some(faction) if factions.contains(&faction) => {
                log.note(&field, format!("`{faction}` is listed twice"));
            }
            Some(faction) => factions.push(faction),
            None => ok = false,
        }
    }
    ok.then_some(factions)
}

/// The base type; an empty value is left out with a note (the schema field is optional).
fn base_type(
    value: Option<&Value>,
    vocabulary: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Option<String> {
    match value {
        None | Some(Value::Null) => {
            log.note("base_type", "missing; the warrior has no base type");
            None
        }
        Some(Value::String(text)) if text.trim().is_empty() => {
            log.note("base_type", "empty; the warrior has no base type");
            None
        }
        other => enum_value(other, "base_type", "BaseType", vocabulary, log),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_range_text;

    #[test]
    fn range_text_forms() {
        assert_eq!(parse_range_text("10 (2 Targets)"), Some((10, 2)));
        assert_eq!(parse_range_text("0 - 1 Target"), Some((0, 1)));
        assert_eq!(parse_range_text(" 8 "), Some((8, 1)));
        assert_eq!(parse_range_text("ten"), None);
        assert_eq!(parse_range_text("6 (2 arrows)"), None);
        assert_eq!(parse_range_text(""), None);
    }
}
