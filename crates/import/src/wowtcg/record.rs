//! One JSON card record mapped to the fields `codex/wow-tcg/game.toml` declares.
//!
//! Every key of a record is either mapped, checked against another key, or one of the
//! [`BOOKKEEPING`] keys that carry no game data; any other key, and any value the codex does
//! not know, is an unmapped finding. Nothing here panics on odd input: a missing name or
//! type skips the record with a finding.

use serde_json::{Map, Value};

use super::text::{self, TextReading};
use super::vocab::Vocabulary;
use crate::report::CardLog;

/// Keys of the data that describe the printing or the product, not the card's game data.
pub const BOOKKEEPING: [(&str, &str); 11] = [
    ("cardid", "database id of the printing"),
    ("image", "image file name"),
    ("version", "database revision"),
    (
        "original",
        "database id of the first printing; first printings are imported first",
    ),
    ("released", "whether the printing was released"),
    ("artist", "illustrator"),
    ("flavour", "flavour text (no game effect, 203.1)"),
    ("block", "block of the set, given by `setlist.json`"),
    (
        "setname",
        "set name of the printing, given by `setlist.json` for the set code",
    ),
    (
        "reprinted",
        "names of other sets; reprints are merged when those sets are imported",
    ),
    (
        "classdeck",
        "which class starter decks contained the printing",
    ),
];

/// The class-icon keys of the data and the class each marks.
const CLASS_FLAGS: [(&str, &str); 10] = [
    ("DeathKnight", "Death Knight"),
    ("Druid", "Druid"),
    ("Hunter", "Hunter"),
    ("Mage", "Mage"),
    ("Paladin", "Paladin"),
    ("Priest", "Priest"),
    ("Rogue", "Rogue"),
    ("Shaman", "Shaman"),
    ("Warlock", "Warlock"),
    ("Warrior", "Warrior"),
];

/// Keys holding type-line words.
const SUBTYPE_KEYS: [&str; 4] = ["subtype", "subtype2", "subtype3", "subtype4"];

/// Equipment-type words of the data and the kind each selects.
const EQUIPMENT_TYPES: [(&str, &str); 6] = [
    ("1H Weapon", "weapon"),
    ("2H Weapon", "weapon"),
    ("Weapon", "weapon"),
    ("Armor", "armor"),
    ("Armor Set", "armor"),
    ("Item", "item"),
];

/// Known slips in the given data, corrected with the reason: (set code, card, key, value
/// found, value used, why). Every correction is noted in the report.
const CORRECTIONS: [(&str, &str, &str, &str, &str, &str); 1] = [(
    "ele",
    "Fire-Etched Dagger",
    "dmgtype",
    "d",
    "",
    "no damage type; a weapon's combat damage without a type counts as Melee (405.3a)",
)];

/// Type-line words the data misspells, and the printed spelling.
const TAG_SPELLINGS: [(&str, &str); 3] = [
    ("Survivial", "Survival"),
    ("High Chieftan", "High Chieftain"),
    ("Amor Set (1)", "Armor Set (1)"),
];

/// A card as the importer writes it, before naming and pooling.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Draft {
    /// The printed name.
    pub name: String,
    /// The codex kind.
    pub kind: String,
    /// The set folder's slug (the lower-case set code).
    pub set: String,
    /// Collector number.
    pub number: Option<String>,
    /// Faction, when not neutral.
    pub faction: Option<String>,
    /// Numbers, by codex field name, in codex order.
    pub numbers: Vec<(&'static str, i64)>,
    /// Enum-valued single fields (`damage_type`, `race`, `class`, …), by codex field name.
    pub enums: Vec<(&'static str, String)>,
    /// Type-line tags, canonical.
    pub tags: Vec<String>,
    /// Class icons.
    pub classes: Vec<String>,
    /// Professions.
    pub professions: Vec<String>,
    /// What the rules text gave.
    pub text: TextReading,
    /// Rarity.
    pub rarity: Option<String>,
}

impl Draft {
    /// Whether the card has a printed cost.
    pub fn has_cost(&self) -> bool {
        self.numbers.iter().any(|(field, _)| *field == "cost")
    }
}

/// Maps one record; `Err` with the reason when the record is no card at all.
pub fn map(
    record: &Map<String, Value>,
    set: &str,
    vocab: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Result<Draft, String> {
    let name = text_of(record, "name")
        .filter(|name| !name.is_empty())
        .ok_or("the record has no `name`")?;
    if !name.chars().any(char::is_alphanumeric) {
        return Err(format!("the name `{name}` has no letter or digit"));
    }
    let data_type = text_of(record, "type").ok_or("the record has no `type`")?;
    let mut draft = Draft {
        name: name.to_owned(),
        set: set.to_owned(),
        ..Draft::default()
    };
    draft.kind = kind_of(data_type, record, vocab, log)?;
    for (key, value) in record {
        map_key(&mut draft, key, value, vocab, log);
    }
    draft.classes = class_icons(record, log);
    check_all_classes(record, &draft.classes, log);
    check_fields(&mut draft, vocab, log);
    Ok(draft)
}

fn map_key(draft: &mut Draft, key: &str, value: &Value, vocab: &Vocabulary, log: &mut CardLog<'_>) {
    let value = corrected(&draft.set, &draft.name, key, value, log);
    let value = &value;
    match key {
        "name" | "type" | "all_classes" => {}
        _ if BOOKKEEPING.iter().any(|(known, _)| *known == key) => {}
        _ if CLASS_FLAGS.iter().any(|(flag, _)| *flag == key) => {}
        "setcode" => {}
        "no" => draft.number = scalar(value),
        "faction" => match scalar(value).and_then(|text| vocab.enum_word("Faction", &text)) {
            Some(faction) if faction == "Neutral" => {}
            Some(faction) => draft.faction = Some(faction),
            None => log.unmapped(key, format!("`{}` is no faction", shown(value))),
        },
        "rarity" => match scalar(value).as_deref().and_then(rarity) {
            Some(rarity) => draft.rarity = Some(rarity.to_owned()),
            None => log.unmapped(key, format!("`{}` is no rarity letter", shown(value))),
        },
        "cost" => number(draft, "cost", key, value, log),
        "attack" => number(draft, "atk", key, value, log),
        "health" => number(draft, "health", key, value, log),
        "def" => number(draft, "defense", key, value, log),
        "strikecost" => number(draft, "strike_cost", key, value, log),
        "dmgtype" => enum_field(draft, "damage_type", "DamageType", key, value, vocab, log),
        "race" => enum_field(draft, "race", "Race", key, value, vocab, log),
        "class" | "class2" => map_class(draft, key, value, vocab, log),
        "profession" | "profession2" => match scalar(value) {
            None => {}
            Some(text) => match vocab.enum_word("Profession", &text) {
                Some(profession) => draft.professions.push(profession),
                None => log.unmapped(key, format!("`{text}` is no profession")),
            },
        },
        "instant" => match scalar(value).as_deref() {
            Some(text) if text.eq_ignore_ascii_case("Instant") => {
                add_unique(&mut draft.text.keywords, "Instant".to_owned());
            }
            None => {}
            Some(other) => log.unmapped(key, format!("`{other}` is not `Instant`")),
        },
        _ if SUBTYPE_KEYS.contains(&key) => {
            if let Some(text) = scalar(value) {
                map_type_line(draft, key, &text, vocab, log);
            }
        }
        "rules" => {
            if let Some(rules) = value.as_str() {
                let reading = text::read(rules, vocab);
                for name in &reading.unknown_traits {
                    log.unmapped(
                        "rules",
                        format!("`{name} Hero Required` names no hero trait of the codex"),
                    );
                }
                let mut keywords = std::mem::take(&mut draft.text.keywords);
                draft.text = reading;
                for keyword in keywords.drain(..) {
                    add_unique(&mut draft.text.keywords, keyword);
                }
            } else if !value.is_null() {
                log.unmapped(key, "rules text is not a string");
            }
        }
        _ => {
            log.unmapped(key, format!("unknown field (value `{}`)", shown(value)));
        }
    }
}

/// The value of `key`, or its correction when [`CORRECTIONS`] lists it.
fn corrected(set: &str, card: &str, key: &str, value: &Value, log: &mut CardLog<'_>) -> Value {
    for (c_set, c_card, c_key, found, used, why) in CORRECTIONS {
        if c_set == set && c_card == card && c_key == key && value.as_str() == Some(found) {
            log.note(key, format!("data slip `{found}` corrected: {why}"));
            return if used.is_empty() {
                Value::Null
            } else {
                Value::String(used.to_owned())
            };
        }
    }
    value.clone()
}

/// The codex kind of a record, from its `type` and, for equipment, its equipment type.
fn kind_of(
    data_type: &str,
    record: &Map<String, Value>,
    vocab: &Vocabulary,
    log: &mut CardLog<'_>,
) -> Result<String, String> {
    let kind = match data_type.trim() {
        "Hero" => "hero",
        "Ally" => "ally",
        "Ability" => "ability",
        "Quest" => "quest",
        "Location" => "location",
        "Master Hero" => "master_hero",
        "Achievement" => "achievement",
        "Ability Ally" => "ability_ally",
        "Equipment" => return Ok(equipment_kind(record, log).to_owned()),
        other => return Err(format!("type `{other}` is no card type the importer knows")),
    };
    if !vocab.has_kind(kind) {
        return Err(format!("the codex has no kind `{kind}`"));
    }
    Ok(kind.to_owned())
}

/// Weapon, armor or item: the equipment-type word, else the stats printed (noted).
fn equipment_kind(record: &Map<String, Value>, log: &mut CardLog<'_>) -> &'static str {
    for key in SUBTYPE_KEYS {
        let Some(text) = text_of(record, key) else {
            continue;
        };
        if let Some((_, kind)) = EQUIPMENT_TYPES.iter().find(|(word, _)| *word == text) {
            return kind;
        }
    }
    let has = |key: &str| record.get(key).is_some_and(|value| !value.is_null());
    let kind = if has("def") {
        "armor"
    } else if has("strikecost") || has("dmgtype") {
        "weapon"
    } else {
        "item"
    };
    log.note(
        "subtype",
        format!("no equipment type given; {kind} by its printed stats"),
    );
    kind
}

/// Type-line words: tags, Unique/Unlimited keywords, equipment types, a hero's talent spec.
fn map_type_line(
    draft: &mut Draft,
    key: &str,
    text: &str,
    vocab: &Vocabulary,
    log: &mut CardLog<'_>,
) {
    let cleaned = strip_markup(text);
    if cleaned == draft.name && vocab.tag(&cleaned).is_none() {
        log.note(
            key,
            "the type-line value repeats the card's name; not a tag",
        );
        return;
    }
    if let Some((word, _)) = EQUIPMENT_TYPES.iter().find(|(word, _)| *word == cleaned) {
        match *word {
            "2H Weapon" => push_tag(draft, "Two-Handed", key, vocab, log),
            "Armor Set" => push_tag(draft, "Armor Set", key, vocab, log),
            _ => {}
        }
        return;
    }
    for word in type_line_words(&cleaned, vocab) {
        read_type_line_word(draft, key, &word, vocab, log);
    }
}

fn read_type_line_word(
    draft: &mut Draft,
    key: &str,
    word: &str,
    vocab: &Vocabulary,
    log: &mut CardLog<'_>,
) {
    if draft.kind == "hero" && !has_enum(draft, "talent_spec") {
        if let Some(spec) = vocab.enum_value("TalentSpec", word) {
            draft.enums.push(("talent_spec", spec.to_owned()));
            return;
        }
    }
    if word.eq_ignore_ascii_case("Unique") || word.eq_ignore_ascii_case("Unlimited") {
        if let Some(keyword) = vocab.keyword(word) {
            add_unique(&mut draft.text.keywords, keyword);
            return;
        }
    }
    push_tag(draft, word, key, vocab, log);
}

fn push_tag(draft: &mut Draft, word: &str, key: &str, vocab: &Vocabulary, log: &mut CardLog<'_>) {
    match vocab.tag_word(word) {
        Some(tag) => add_unique(&mut draft.tags, tag),
        None => log.unmapped(key, format!("`{word}` is no type-line tag of the codex")),
    }
}

/// The words of one type-line value: the whole value when the codex knows it, else its comma
/// parts, else each part read as consecutive known tags (`Arcane Fire Frost`). A part that
/// cannot be read stays whole, to be reported.
fn type_line_words(text: &str, vocab: &Vocabulary) -> Vec<String> {
    let known = |word: &str| vocab.tag(word).is_some() || vocab.keyword(word).is_some();
    if known(text) {
        return vec![text.to_owned()];
    }
    let mut words = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if known(part) {
            words.push(part.to_owned());
        } else if let Some(split) = split_known(part, &known) {
            words.extend(split);
        } else {
            words.push(part.to_owned());
        }
    }
    words
}

/// Splits space-separated words into a sequence of known tags, longest first.
fn split_known(part: &str, known: &dyn Fn(&str) -> bool) -> Option<Vec<String>> {
    let words: Vec<&str> = part.split_whitespace().collect();
    if words.len() < 2 {
        return None;
    }
    let mut out = Vec::new();
    let mut start = 0;
    while start < words.len() {
        let end = (start + 1..=words.len())
            .rev()
            .find(|&end| known(&words[start..end].join(" ")))?;
        out.push(words[start..end].join(" "));
        start = end;
    }
    Some(out)
}

/// Removes HTML tags, normalises `Melee(1)` to `Melee (1)` and fixes known misspellings.
fn strip_markup(text: &str) -> String {
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let mut spaced = String::new();
    for (i, c) in plain.trim().char_indices() {
        if c == '(' && i > 0 && !plain.trim()[..i].ends_with(' ') {
            spaced.push(' ');
        }
        spaced.push(c);
    }
    TAG_SPELLINGS
        .iter()
        .find(|(wrong, _)| wrong.eq_ignore_ascii_case(&spaced))
        .map(|(_, right)| (*right).to_owned())
        .unwrap_or(spaced)
}

fn map_class(
    draft: &mut Draft,
    key: &str,
    value: &Value,
    vocab: &Vocabulary,
    log: &mut CardLog<'_>,
) {
    let Some(text) = scalar(value) else {
        return;
    };
    let field = if key == "class" {
        "class"
    } else {
        "second_class"
    };
    if let Some(class) = vocab.enum_value("Class", &text) {
        draft.enums.push((field, class.to_owned()));
    } else {
        // Type-line words the data files under `class` that are no class (`Lord`, `Demon`).
        push_tag(draft, &text, key, vocab, log);
    }
}

fn class_icons(record: &Map<String, Value>, log: &mut CardLog<'_>) -> Vec<String> {
    let mut classes = Vec::new();
    for (flag, class) in CLASS_FLAGS {
        match record.get(flag) {
            None | Some(Value::Null) => {}
            Some(Value::String(mark)) if mark.eq_ignore_ascii_case("x") => {
                classes.push(class.to_owned());
            }
            Some(other) => log.unmapped(flag, format!("class mark `{}` is not `x`", shown(other))),
        }
    }
    classes
}

/// `all_classes` restates the class icons: `All` or `None`. Disagreement is noted.
fn check_all_classes(record: &Map<String, Value>, classes: &[String], log: &mut CardLog<'_>) {
    match record.get("all_classes").and_then(Value::as_str) {
        None => {}
        Some("None") if !classes.is_empty() => {
            log.note("all_classes", "says `None` but class icons are marked");
        }
        Some("All") if classes.len() < 9 => {
            log.note(
                "all_classes",
                "says `All` but fewer than nine class icons are marked",
            );
        }
        Some("All" | "None") => {}
        Some(other) => log.unmapped("all_classes", format!("`{other}` is not `All` or `None`")),
    }
}

/// Reports, and drops, values for fields the card's kind does not declare and numbers outside
/// the codex range, so that what is written always compiles.
fn check_fields(draft: &mut Draft, vocab: &Vocabulary, log: &mut CardLog<'_>) {
    let kind = draft.kind.clone();
    let declared = |field: &str, log: &mut CardLog<'_>| {
        let has = vocab.kind_has_field(&kind, field);
        if !has {
            log.unmapped(
                field,
                format!("a {kind} card has no `{field}` in the codex"),
            );
        }
        has
    };
    draft.numbers.retain(|(field, value)| {
        if !declared(field, log) {
            return false;
        }
        match vocab.int_range(&kind, field) {
            Some((min, max)) if *value < min || *value > max => {
                log.unmapped(
                    field,
                    format!("{value} is outside the codex range {min}..={max}"),
                );
                false
            }
            _ => true,
        }
    });
    draft.enums.retain(|(field, _)| declared(field, log));
    if !draft.professions.is_empty() && !declared("professions", log) {
        draft.professions.clear();
    }
    // Outside abilities the Ongoing keyword alone says it (the field is the ability's).
    if !vocab.kind_has_field(&kind, "ongoing") {
        draft.text.ongoing = false;
    }
    if let Some(cost) = draft.text.completion_cost {
        let in_range = vocab
            .int_range(&kind, "completion_cost")
            .is_some_and(|(min, max)| (min..=max).contains(&cost));
        if !declared("completion_cost", log) {
            draft.text.completion_cost = None;
        } else if !in_range {
            log.unmapped(
                "completion_cost",
                format!("{cost} is outside the codex range"),
            );
            draft.text.completion_cost = None;
        }
    }
}

fn number(draft: &mut Draft, field: &'static str, key: &str, value: &Value, log: &mut CardLog<'_>) {
    match value {
        Value::Null => {}
        Value::Number(n) => match n.as_i64() {
            Some(n) if n >= 0 => draft.numbers.push((field, n)),
            _ => log.unmapped(key, format!("`{n}` is not a whole number of 0 or more")),
        },
        Value::String(text) if text.trim().is_empty() => {}
        Value::String(text) => match text.trim().parse::<i64>() {
            Ok(n) if n >= 0 => draft.numbers.push((field, n)),
            _ => log.unmapped(key, format!("`{text}` is not a whole number of 0 or more")),
        },
        other => log.unmapped(key, format!("`{other}` is not a number")),
    }
}

fn enum_field(
    draft: &mut Draft,
    field: &'static str,
    enum_name: &str,
    key: &str,
    value: &Value,
    vocab: &Vocabulary,
    log: &mut CardLog<'_>,
) {
    let Some(text) = scalar(value) else {
        return;
    };
    match vocab.enum_word(enum_name, &text) {
        Some(canonical) => draft.enums.push((field, canonical)),
        None => log.unmapped(key, format!("`{text}` is no {enum_name} of the codex")),
    }
}

fn rarity(letter: &str) -> Option<&'static str> {
    Some(match letter.trim().to_ascii_lowercase().as_str() {
        "c" => "Common",
        "u" => "Uncommon",
        "r" => "Rare",
        "e" => "Epic",
        "l" => "Legendary",
        "p" => "Promo",
        _ => return None,
    })
}

fn has_enum(draft: &Draft, field: &str) -> bool {
    draft.enums.iter().any(|(f, _)| *f == field)
}

fn add_unique(list: &mut Vec<String>, value: String) {
    if !list.contains(&value) {
        list.push(value);
    }
}

fn text_of<'a>(record: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    record.get(key).and_then(Value::as_str).map(str::trim)
}

/// A non-empty string or number as text; `None` for null, empty strings and other values.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A value as the report shows it.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
