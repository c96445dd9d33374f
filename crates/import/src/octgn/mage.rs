//! Maps a Mage's stats card (OCTGN type `Magestats`, or a figure carrying spellbook stats).
//!
//! The spellbook training is read from `MageSchoolCost`, whose items say what costs 1 (trained)
//! and what costs 3 (opposed): `Dark=1` a school, `L-1-Water=1` a school up to a level,
//! `S-Pirate=1` a subtype, `C-Holy-Creature=1` a school's spells of one type, `T-Creature=3` or
//! `Creature=3` a spell type, and any other word, such as `Living=3`, an object trait. The
//! `MageSchool*`, `MageSubtypeTraining`, `MageTypeOpposed` and `MageComboTraining` properties
//! repeat parts of it: what they add is merged in, and disagreements are noted.

use super::attack::{cross_check, parse_attacks};
use super::card::map_traits;
use super::fields::{handler_name, parse_defense, parse_pairs, split_list};
use super::model::{Card, Printing, SchoolAndType, SchoolLevel};
use super::xml::RawCard;
use crate::report::CardLog;

/// The schools of magic, to tell a school from a trait in `MageSchoolCost`.
const SCHOOLS: [&str; 10] = [
    "Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War", "Water",
];

/// The spell types, to tell a type from a trait in `MageSchoolCost`.
const SPELL_TYPES: [&str; 6] = [
    "Attack",
    "Conjuration",
    "Creature",
    "Enchantment",
    "Equipment",
    "Incantation",
];

/// The suffix that names a Mage's stats card (`Warlock Stats`, `Wizard Stats (Apprentice)`).
const STATS_SUFFIX: &str = " Stats";

/// Maps a Mage's stats card. The card's name drops the word `Stats`; the class comes from the
/// nickname (`Warlock Stats` → `Warlock`).
pub fn map_mage(raw: &RawCard, set: &str, log: &mut CardLog<'_>) -> Card {
    let name = raw.name.replacen(STATS_SUFFIX, "", 1);
    let nickname = raw.non_empty("Nickname").unwrap_or(&name);
    let class = nickname
        .strip_suffix(STATS_SUFFIX)
        .unwrap_or(nickname)
        .to_owned();
    let mut card = Card {
        name,
        kind: "mage".to_owned(),
        class: Some(class),
        printings: vec![Printing {
            set: set.to_owned(),
            number: raw.non_empty("CardID").map(str::to_owned),
        }],
        ..Card::default()
    };
    // The cost table first: the properties that repeat it are merged into what it gave.
    map_school_costs(
        &mut card,
        raw.get("MageSchoolCost").unwrap_or_default(),
        log,
    );
    for (key, value) in &raw.properties {
        map_mage_property(&mut card, raw, key, value.trim(), log);
    }
    for (field, present) in [
        ("StatLife", card.life.is_some()),
        ("StatChanneling", card.channeling.is_some()),
        ("StatStartingMana", card.starting_mana.is_some()),
        ("StatSpellBookPoints", card.spellbook_points.is_some()),
        ("Level", card.level.is_some()),
    ] {
        if !present {
            log.unmapped(field, "a Mage needs this stat");
        }
    }
    card
}

fn map_mage_property(
    card: &mut Card,
    raw: &RawCard,
    key: &str,
    value: &str,
    log: &mut CardLog<'_>,
) {
    match key {
        _ if value.is_empty() => {}
        "Nickname" | "Type" | "CardID" | "AttackBar" | "MageTraining" | "MageSchoolCost" => {}
        "Subtype" => card.subtypes = split_list(value),
        "Level" => card.level = number(key, value, log),
        "StatLife" => card.life = number(key, value, log),
        "StatArmor" => card.armor = number(key, value, log),
        "StatChanneling" => card.channeling = number(key, value, log),
        "StatStartingMana" => card.starting_mana = number(key, value, log),
        "StatSpellBookPoints" => card.spellbook_points = number(key, value, log),
        "StatDefense" => match parse_defense(value) {
            Some(defense) => card.defense = Some(defense),
            None => log.unmapped(key, format!("defense `{value}` is not `N+ Mx`")),
        },
        "Stats" => check_stats(raw, value, log),
        "MageSchoolFullTraining" => merge(&mut card.trained_schools, split_list(value), key, log),
        "MageSchoolOpposed" => merge(&mut card.opposed_schools, split_list(value), key, log),
        "MageSubtypeTraining" => merge(&mut card.trained_subtypes, split_list(value), key, log),
        "MageTypeOpposed" => merge(&mut card.opposed_types, split_list(value), key, log),
        "MageSchoolPartialTraining" => map_partial_training(card, value, log),
        "MageComboTraining" => map_combo_training(card, value, log),
        "MageAbilities" | "Text" => card.handler = Some(handler_name(&card.name)),
        "Traits" => map_traits(card, value),
        "cAttacks" => {
            card.attacks = parse_attacks(
                value,
                raw.get("AttackBar").unwrap_or_default(),
                &card.name,
                log,
            );
            cross_check(&card.attacks, raw.get("AttackBar").unwrap_or_default(), log);
            if card.attacks.iter().any(|attack| attack.handler.is_some()) {
                card.handler = Some(handler_name(&card.name));
            }
        }
        other => log.unmapped(other, format!("unknown Mage property (value `{value}`)")),
    }
}

fn number(key: &str, value: &str, log: &mut CardLog<'_>) -> Option<i64> {
    let parsed = value.parse().ok();
    if parsed.is_none() {
        log.unmapped(key, super::fields::why_not_a_number(value));
    }
    parsed
}

/// The `Stats` summary repeats the `Stat*` properties; differences are noted (the `Stat*`
/// values are used).
fn check_stats(raw: &RawCard, value: &str, log: &mut CardLog<'_>) {
    for (key, stat) in parse_pairs(value) {
        let property = match key.to_ascii_lowercase().as_str() {
            "spellbook" => "StatSpellBookPoints".to_owned(),
            "life" | "armor" | "channeling" | "defense" => {
                let mut title = key.to_ascii_lowercase();
                title[..1].make_ascii_uppercase();
                format!("Stat{title}")
            }
            _ => {
                log.unmapped("Stats", format!("unknown stat `{key}={stat}`"));
                continue;
            }
        };
        match raw.non_empty(&property) {
            Some(explicit) if explicit.trim_start_matches("Defense=") != stat => log.note(
                "Stats",
                format!(
                    "{key} is `{stat}` in Stats but `{explicit}` in {property}; using {property}"
                ),
            ),
            Some(_) => {}
            None => log.unmapped("Stats", format!("{key}={stat} has no {property} property")),
        }
    }
}

/// Reads `MageSchoolCost` items (see the module documentation).
fn map_school_costs(card: &mut Card, value: &str, log: &mut CardLog<'_>) {
    for (key, cost) in parse_pairs(value) {
        let parts: Vec<&str> = key.split('-').collect();
        match (parts.as_slice(), cost.as_str()) {
            ([school], "1") if SCHOOLS.contains(school) => {
                push_new(&mut card.trained_schools, school)
            }
            ([school], "3") if SCHOOLS.contains(school) => {
                push_new(&mut card.opposed_schools, school)
            }
            (["L", level, school], "1") if SCHOOLS.contains(school) => match level.parse() {
                Ok(level) => push_partial(card, school, level),
                Err(_) => log.unmapped(
                    "MageSchoolCost",
                    format!("level `{level}` in `{key}` is not a number"),
                ),
            },
            (["S", subtype], "1") => push_new(&mut card.trained_subtypes, subtype),
            (["C", school, spell_type], "1")
                if SCHOOLS.contains(school) && SPELL_TYPES.contains(spell_type) =>
            {
                push_combination(card, school, spell_type)
            }
            (["T", spell_type], "3") | ([spell_type], "3") if SPELL_TYPES.contains(spell_type) => {
                push_new(&mut card.opposed_types, spell_type)
            }
            ([word], "3") if word.chars().next().is_some_and(char::is_uppercase) => {
                push_new(&mut card.opposed_traits, word)
            }
            _ => log.unmapped("MageSchoolCost", format!("unknown item `{key}={cost}`")),
        }
    }
}

/// `MageSchoolPartialTraining`: `Holy,3,War,2`.
fn map_partial_training(card: &mut Card, value: &str, log: &mut CardLog<'_>) {
    let items = split_list(value);
    let pairs = items.chunks_exact(2);
    if !pairs.remainder().is_empty() {
        log.unmapped(
            "MageSchoolPartialTraining",
            format!("`{value}` is not school,level pairs"),
        );
        return;
    }
    for pair in pairs {
        match (SCHOOLS.contains(&pair[0].as_str()), pair[1].parse()) {
            (true, Ok(level)) => push_partial(card, &pair[0], level),
            _ => log.unmapped(
                "MageSchoolPartialTraining",
                format!("`{},{}` is not a school and a level", pair[0], pair[1]),
            ),
        }
    }
}

/// `MageComboTraining`: `Holy,School;Creature,Type`.
fn map_combo_training(card: &mut Card, value: &str, log: &mut CardLog<'_>) {
    let mut school = None;
    let mut spell_type = None;
    for item in value.split(';') {
        match split_list(item).as_slice() {
            [name, kind] if kind == "School" && SCHOOLS.contains(&name.as_str()) => {
                school = Some(name.clone())
            }
            [name, kind] if kind == "Type" && SPELL_TYPES.contains(&name.as_str()) => {
                spell_type = Some(name.clone())
            }
            _ => log.unmapped("MageComboTraining", format!("unknown item `{item}`")),
        }
    }
    match (school, spell_type) {
        (Some(school), Some(spell_type)) => push_combination(card, &school, &spell_type),
        _ => log.unmapped(
            "MageComboTraining",
            format!("`{value}` needs one school and one type"),
        ),
    }
}

fn push_new(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|existing| existing == item) {
        list.push(item.to_owned());
    }
}

fn push_partial(card: &mut Card, school: &str, level: i64) {
    let entry = SchoolLevel {
        school: school.to_owned(),
        level,
    };
    if !card.partial_training.contains(&entry) {
        card.partial_training.push(entry);
    }
}

fn push_combination(card: &mut Card, school: &str, spell_type: &str) {
    let entry = SchoolAndType {
        school: school.to_owned(),
        spell_type: spell_type.to_owned(),
    };
    if !card.trained_combinations.contains(&entry) {
        card.trained_combinations.push(entry);
    }
}

/// Merges a list property into what `MageSchoolCost` gave, noting items it did not give.
fn merge(list: &mut Vec<String>, items: Vec<String>, key: &str, log: &mut CardLog<'_>) {
    for item in items {
        if !list.contains(&item) {
            log.note(key, format!("`{item}` is not in MageSchoolCost; added"));
            list.push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats_card(properties: &[(&str, &str)]) -> RawCard {
        let mut all = vec![
            ("Nickname", "Paladin Stats"),
            ("Type", "Magestats"),
            ("Subtype", "Mage, Human"),
            ("Level", "6"),
            ("Stats", "Spellbook=120, Life=36, Armor=0, channeling=10"),
            ("StatArmor", "0"),
            ("StatChanneling", "10"),
            ("StatLife", "36"),
            ("StatSpellBookPoints", "120"),
            ("StatStartingMana", "0"),
        ];
        all.extend_from_slice(properties);
        RawCard {
            name: "Test Paladin Stats".to_owned(),
            properties: all
                .iter()
                .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
                .collect(),
            alternates_with_properties: Vec::new(),
            offset: 0,
        }
    }

    #[test]
    fn training_from_the_cost_table() {
        let raw = stats_card(&[
            (
                "MageSchoolCost",
                "L-3-Holy=1,L-2-War=1,C-Holy-Creature=1,Dark=3,S-Song=1,T-Creature=3,Living=3",
            ),
            ("MageSchoolOpposed", "Dark"),
            ("MageComboTraining", "Holy,School;Creature,Type"),
        ]);
        let mut log = CardLog::new("test", "paladin");
        let card = map_mage(&raw, "mages", &mut log);
        assert!(
            log.unmapped.is_empty() && log.notes.is_empty(),
            "{:?} {:?}",
            log.unmapped,
            log.notes
        );
        assert_eq!(card.name, "Test Paladin");
        assert_eq!(card.class.as_deref(), Some("Paladin"));
        assert_eq!(card.partial_training.len(), 2);
        assert_eq!(
            card.trained_combinations,
            [SchoolAndType {
                school: "Holy".into(),
                spell_type: "Creature".into()
            }]
        );
        assert_eq!(card.opposed_schools, ["Dark"]);
        assert_eq!(card.trained_subtypes, ["Song"]);
        assert_eq!(card.opposed_types, ["Creature"]);
        assert_eq!(card.opposed_traits, ["Living"]);
        assert_eq!(
            (card.life, card.spellbook_points, card.level),
            (Some(36), Some(120), Some(6))
        );
    }

    #[test]
    fn disagreements_are_noted_and_bad_items_unmapped() {
        let raw = stats_card(&[
            ("MageSchoolCost", "Holy=1, Q-Holy=2"),
            ("MageSchoolFullTraining", "Holy, War"),
        ]);
        let mut log = CardLog::new("test", "paladin");
        let card = map_mage(&raw, "mages", &mut log);
        assert_eq!(card.trained_schools, ["Holy", "War"]);
        assert_eq!(log.unmapped.len(), 1, "Q-Holy=2 is not a known item");
        assert_eq!(log.notes.len(), 1, "War is only in MageSchoolFullTraining");
    }
}
