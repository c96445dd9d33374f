//! The words the Mage Knight schema accepts, read from the game's codex directory.
//!
//! The importer maps the data onto whatever `codex/mage-knight/game.toml` and its ability codex
//! declare, so a value the schema does not know is reported by the importer (with the closest
//! known value) instead of being written and failing later in `grimoire check`.

use std::collections::BTreeMap;
use std::path::Path;

use toml::{Table, Value};

use crate::error::ImportError;

/// The enums of `game.toml` the importer maps data values onto.
pub const ENUMS: [&str; 4] = ["Expansion", "Rank", "Faction", "BaseType"];

/// The codex category holding the dial's special abilities.
const ABILITY_CATEGORY: &str = "SpecialAbility";

/// The schema's accepted values: enum values, special-ability names, ranks with stars.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    enums: BTreeMap<String, Vec<String>>,
    abilities: Vec<String>,
    /// Codex ability name → what its entry says about the marker.
    markers: BTreeMap<String, Marker>,
    ranks_with_stars: Vec<String>,
    /// `(kind or record, field)` → the inclusive range of its `int(A..=B)` type.
    int_ranges: BTreeMap<(String, String), (i64, i64)>,
}

/// What a codex entry says about an ability's marker on the dial (each part when given).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marker {
    /// The stat slot it is printed in.
    pub slot: Option<String>,
    /// Its colour.
    pub colour: Option<String>,
    /// Square or circle.
    pub shape: Option<String>,
    /// Whether it may be cancelled.
    pub optional: Option<bool>,
}

/// How a data value matched a schema value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Match {
    /// The same words (ignoring case, spaces and punctuation).
    Exact(String),
    /// A close spelling (a typo in the data); the caller notes it.
    Close(String),
}

impl Match {
    /// The schema value matched.
    pub fn value(&self) -> &str {
        match self {
            Match::Exact(value) | Match::Close(value) => value,
        }
    }
}

impl Vocabulary {
    /// Reads `game.toml` and the special-ability codex file from `codex_dir`.
    pub fn load(codex_dir: &Path) -> Result<Self, ImportError> {
        let game_path = codex_dir.join("game.toml");
        let game = read_table(&game_path)?;
        let codex_error = |message: String| ImportError::Codex {
            path: game_path.clone(),
            at: grimoire_input::Location { line: 1, column: 1 },
            message,
        };
        let mut vocabulary = Self::default();
        for name in ENUMS {
            let values = game
                .get("enums")
                .and_then(|enums| enums.get(name))
                .and_then(|entry| entry.get("values"))
                .and_then(Value::as_array)
                .ok_or_else(|| codex_error(format!("no `[enums.{name}]` with `values`")))?;
            let values = values
                .iter()
                .filter_map(|value| match value {
                    Value::String(name) => Some(name.clone()),
                    Value::Table(table) => {
                        table.get("name").and_then(Value::as_str).map(str::to_owned)
                    }
                    _ => None,
                })
                .collect();
            vocabulary.enums.insert(name.to_owned(), values);
        }
        vocabulary.ranks_with_stars = game
            .get("constants")
            .and_then(|constants| constants.get("RANKS_WITH_STARS"))
            .and_then(|constant| constant.get("value"))
            .and_then(Value::as_array)
            .map(|ranks| {
                ranks
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        for (section, owner) in [("kinds", "warrior"), ("records", "Click")] {
            let fields = game
                .get(section)
                .and_then(|items| items.get(owner))
                .and_then(|item| item.get("fields"))
                .and_then(Value::as_table);
            for (field, declared) in fields.into_iter().flatten() {
                let ty = match declared {
                    Value::String(ty) => Some(ty.as_str()),
                    Value::Table(table) => table.get("type").and_then(Value::as_str),
                    _ => None,
                };
                if let Some(range) = ty.and_then(int_range) {
                    vocabulary
                        .int_ranges
                        .insert((owner.to_owned(), field.clone()), range);
                }
            }
        }
        let file = game
            .get("categories")
            .and_then(|categories| categories.get(ABILITY_CATEGORY))
            .and_then(|category| category.get("file"))
            .and_then(Value::as_str)
            .ok_or_else(|| {
                codex_error(format!(
                    "no `[categories.{ABILITY_CATEGORY}]` with a `file`"
                ))
            })?;
        let abilities_path = codex_dir.join(format!("{file}.toml"));
        let abilities = read_table(&abilities_path)?;
        let entries = abilities
            .get(file)
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        for entry in entries {
            let Some(name) = entry.get("name").and_then(Value::as_str) else {
                continue;
            };
            let text = |key: &str| entry.get(key).and_then(Value::as_str).map(str::to_owned);
            let marker = Marker {
                slot: text("slot"),
                colour: text("colour"),
                shape: text("shape"),
                optional: entry.get("optional").and_then(Value::as_bool),
            };
            vocabulary.abilities.push(name.to_owned());
            vocabulary.markers.insert(name.to_owned(), marker);
        }
        Ok(vocabulary)
    }

    /// A vocabulary from explicit lists (for tests and callers without a codex directory).
    pub fn from_lists(
        enums: &[(&str, &[&str])],
        abilities: &[&str],
        ranks_with_stars: &[&str],
    ) -> Self {
        let owned = |list: &[&str]| list.iter().map(|item| (*item).to_owned()).collect();
        Self {
            enums: enums
                .iter()
                .map(|(name, values)| ((*name).to_owned(), owned(values)))
                .collect(),
            abilities: owned(abilities),
            markers: BTreeMap::new(),
            ranks_with_stars: owned(ranks_with_stars),
            int_ranges: BTreeMap::new(),
        }
    }

    /// The inclusive range a warrior field (`owner = "warrior"`) or a click field (`"Click"`)
    /// accepts, when the schema declares it as `int(A..=B)`.
    pub fn int_range(&self, owner: &str, field: &str) -> Option<(i64, i64)> {
        self.int_ranges
            .get(&(owner.to_owned(), field.to_owned()))
            .copied()
    }

    /// The value of enum `name` that `raw` names, or a message with the closest value.
    pub fn enum_value(&self, name: &str, raw: &str) -> Result<Match, String> {
        let values = self.enums.get(name).map(Vec::as_slice).unwrap_or_default();
        find(values, raw).ok_or_else(|| unknown(&format!("{name} value"), raw, values))
    }

    /// The codex name of the special ability the data calls `raw`.
    pub fn ability(&self, raw: &str) -> Result<Match, String> {
        find(&self.abilities, raw)
            .ok_or_else(|| unknown("special ability in the codex", raw, &self.abilities))
    }

    /// What the codex entry `name` says about its marker.
    pub fn marker(&self, name: &str) -> Option<&Marker> {
        self.markers.get(name)
    }

    /// Whether figures of this rank are printed with rank stars (others are Unique).
    pub fn has_rank_stars(&self, rank: &str) -> bool {
        self.ranks_with_stars.iter().any(|with| with == rank)
    }
}

/// `int(A..=B)` or `int(A..=B)?` → `(A, B)`.
fn int_range(ty: &str) -> Option<(i64, i64)> {
    let inner = ty
        .trim_end_matches('?')
        .strip_prefix("int(")?
        .strip_suffix(')')?;
    let (low, high) = inner.split_once("..=")?;
    Some((low.parse().ok()?, high.parse().ok()?))
}

fn read_table(path: &Path) -> Result<Table, ImportError> {
    crate::source::read_toml(path)
}

/// Lower-case letters and digits only: `Flame/Lightning` and `flame lightning` compare equal.
fn key(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Most edits between a data spelling and a schema value still taken as that value.
const MAX_TYPO_EDITS: usize = 2;

fn find(values: &[String], raw: &str) -> Option<Match> {
    let wanted = key(raw);
    if wanted.is_empty() {
        return None;
    }
    if let Some(value) = values.iter().find(|value| key(value) == wanted) {
        return Some(Match::Exact(value.clone()));
    }
    let mut close = values
        .iter()
        .map(|value| (strsim::levenshtein(&key(value), &wanted), value))
        .filter(|(distance, _)| *distance <= MAX_TYPO_EDITS);
    let (best_distance, best) = close.next()?;
    let mut best = (best_distance, best);
    let mut tied = false;
    for (distance, value) in close {
        if distance < best.0 {
            best = (distance, value);
            tied = false;
        } else if distance == best.0 {
            tied = true;
        }
    }
    (!tied).then(|| Match::Close(best.1.clone()))
}

fn unknown(what: &str, raw: &str, values: &[String]) -> String {
    let suggestion = values
        .iter()
        .map(|value| (strsim::levenshtein(&key(value), &key(raw)), value))
        .min_by_key(|(distance, _)| *distance)
        .filter(|(distance, _)| *distance <= key(raw).len().max(3) / 2)
        .map(|(_, value)| format!("; did you mean `{value}`?"))
        .unwrap_or_default();
    format!("`{raw}` is not a known {what}{suggestion}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocabulary() -> Vocabulary {
        Vocabulary::from_lists(
            &[("BaseType", &["Infantry", "Cavalry"])],
            &[
                "Flame/Lightning",
                "Starting Position",
                "Magic Blast",
                "Magic Freeze",
            ],
            &["Weak"],
        )
    }

    #[test]
    fn case_spaces_and_punctuation_do_not_matter() {
        let vocabulary = vocabulary();
        assert_eq!(
            vocabulary.ability("Flame Lightning"),
            Ok(Match::Exact("Flame/Lightning".to_owned()))
        );
        assert_eq!(
            vocabulary.enum_value("BaseType", "cavalry"),
            Ok(Match::Exact("Cavalry".to_owned()))
        );
    }

    #[test]
    fn a_typo_is_a_close_match_and_a_tie_is_none() {
        let vocabulary = vocabulary();
        assert_eq!(
            vocabulary.ability("Staring Position"),
            Ok(Match::Close("Starting Position".to_owned()))
        );
        // "Rat" is one edit from both "Ram" and "Rag": no guess.
        let tied = Vocabulary::from_lists(&[], &["Ram", "Rag"], &[]);
        let error = tied.ability("Rat").unwrap_err();
        assert!(error.contains("not a known special ability"), "{error}");
    }

    #[test]
    fn unknown_values_suggest_the_closest() {
        let error = vocabulary()
            .enum_value("BaseType", "Horse Cavalry")
            .unwrap_err();
        assert!(error.contains("did you mean `Cavalry`"), "{error}");
        assert!(vocabulary().enum_value("BaseType", "").is_err());
    }
}
