//! A spellbook [`Catalog`] read at run time from OCTGN Mage Wars set files (`*.set.xml`).
//!
//! It bridges the gap until the generated card tables carry every card: it reads the same
//! source the importer reads and never copies it. Mage training comes from the Mage stats
//! cards' `MageSchoolCost` property (`Dark=1, Holy=3`, `L-1-Water=1` for a partial level,
//! `S-Song=1` for a subtype, `C-Holy-Creature=1` for a school and type, `T-Creature=3` or
//! `Creature=3` for a type, `Living=3` for a trait).

use std::collections::HashMap;
use std::path::Path;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::{Catalog, MageInfo, SchoolLevel, Schools, SpellInfo};

/// The schools of magic, as the set files spell them.
const SCHOOLS: &[&str] = &[
    "Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War", "Water",
];

/// Card types that are spells, with the spell type each stands for.
const SPELL_TYPES: &[(&str, &str)] = &[
    ("Attack", "Attack"),
    ("Conjuration", "Conjuration"),
    ("Conjuration-Wall", "Conjuration"),
    ("Creature", "Creature"),
    ("Enchantment", "Enchantment"),
    ("Equipment", "Equipment"),
    ("Incantation", "Incantation"),
];

/// One `<card>` of a set file: its name and properties.
struct RawCard {
    name: String,
    properties: HashMap<String, String>,
}

impl RawCard {
    fn get(&self, key: &str) -> &str {
        self.properties.get(key).map_or("", String::as_str)
    }

    fn list(&self, key: &str, separators: &[char]) -> Vec<String> {
        self.get(key)
            .split(separators)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }
}

/// Spells and Mages of a directory of OCTGN set files, by name.
#[derive(Debug, Clone, Default)]
pub struct OctgnSpellbookCatalog {
    spells: HashMap<String, SpellInfo>,
    mages: HashMap<String, MageInfo>,
    other_cards: Vec<String>,
}

impl Catalog for OctgnSpellbookCatalog {
    fn spell(&self, name: &str) -> Option<SpellInfo> {
        self.spells.get(name).cloned()
    }

    fn mage(&self, name: &str) -> Option<MageInfo> {
        self.mages.get(name).cloned()
    }

    fn is_card(&self, name: &str) -> bool {
        self.spells.contains_key(name) || self.other_cards.iter().any(|c| c == name)
    }
}

impl OctgnSpellbookCatalog {
    /// Reads every `*.set.xml` in `dir`; the first file (by name) defining a name wins.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(".set.xml"))
            .collect();
        files.sort();
        let mut catalog = Self::default();
        for file in files {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let cards = parse_set(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            cards.iter().for_each(|card| catalog.add(card));
        }
        Ok(catalog)
    }

    /// Number of spells read.
    pub fn spell_count(&self) -> usize {
        self.spells.len()
    }

    fn add(&mut self, card: &RawCard) {
        let card_type = card.get("Type");
        let subtypes = card.list("Subtype", &[',']);
        // Mage training is on the stats cards, or on a Mage card itself (`Warlock (Apprentice)`).
        if card_type == "Magestats" || !card.get("MageSchoolCost").is_empty() {
            let class = card.get("Nickname").replace(" Stats", "");
            let mage = mage_from_school_costs(class.clone(), card);
            let card_name = card.name.replace(" Stats", "");
            self.mages.entry(card_name).or_insert_with(|| mage.clone());
            self.mages.entry(class).or_insert(mage);
            if card_type == "Magestats" {
                return;
            }
        }
        let spell_type = SPELL_TYPES
            .iter()
            .find(|(t, _)| *t == card_type)
            .map(|(_, s)| *s);
        match spell_type {
            Some(spell_type) if !subtypes.iter().any(|s| s == "Mage") => {
                let spell = spell_from_card(card, spell_type, subtypes);
                self.spells.entry(card.name.clone()).or_insert(spell);
            }
            _ => self.other_cards.push(card.name.clone()),
        }
    }
}

/// A spell's schools: `Nature+War` with level `2+1` (all) or `Arcane/Nature` with `1/1` (any).
fn schools_of(school: &str, level: &str) -> Schools {
    let any = school.contains('/');
    let separators: &[char] = if any { &['/'] } else { &['+'] };
    let levels: Vec<u32> = level
        .split(separators)
        .map(|l| l.trim().parse().unwrap_or(0))
        .collect();
    let parts = school
        .split(separators)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(i, s)| SchoolLevel {
            school: s.to_string(),
            level: levels.get(i).or(levels.last()).copied().unwrap_or(0),
        })
        .collect();
    if any {
        Schools::AnyOf(parts)
    } else {
        Schools::All(parts)
    }
}

fn spell_from_card(card: &RawCard, spell_type: &str, subtypes: Vec<String>) -> SpellInfo {
    let mut traits = card.list("Traits", &[',']);
    let nonliving = traits
        .iter()
        .any(|t| t == "Nonliving" || t == "Incorporeal");
    if spell_type == "Creature" && !nonliving && !traits.iter().any(|t| t == "Living") {
        traits.push("Living".to_string());
    }
    let restrictions = traits
        .iter()
        .filter_map(|t| t.strip_suffix(" Only"))
        .map(str::to_string)
        .collect();
    SpellInfo {
        name: card.name.clone(),
        schools: schools_of(card.get("School"), card.get("Level")),
        spell_type: spell_type.to_string(),
        subtypes,
        novice: traits.iter().any(|t| t == "Novice"),
        epic: traits.iter().any(|t| t == "Epic"),
        restrictions,
        traits,
    }
}

fn mage_from_school_costs(class: String, card: &RawCard) -> MageInfo {
    let mut mage = MageInfo {
        class,
        spellbook_points: card.get("StatSpellBookPoints").trim().parse().unwrap_or(0),
        ..MageInfo::default()
    };
    for entry in card.list("MageSchoolCost", &[',']) {
        let Some((key, cost)) = entry.split_once('=') else {
            continue;
        };
        let opposed = cost.trim() == "3";
        let words: Vec<&str> = key.trim().split('-').collect();
        match (words.as_slice(), opposed) {
            (["L", level, school], false) => mage.partial_training.push(SchoolLevel {
                school: school.to_string(),
                level: level.parse().unwrap_or(0),
            }),
            (["C", school, ty], false) => mage
                .trained_combinations
                .push((school.to_string(), ty.to_string())),
            (["S", subtype], false) => mage.trained_subtypes.push(subtype.to_string()),
            (["T", ty], true) => mage.opposed_types.push(ty.to_string()),
            ([school], false) if SCHOOLS.contains(school) => {
                mage.trained_schools.push(school.to_string())
            }
            ([school], true) if SCHOOLS.contains(school) => {
                mage.opposed_schools.push(school.to_string())
            }
            ([ty], true) if SPELL_TYPES.iter().any(|(t, _)| t == ty) => {
                mage.opposed_types.push(ty.to_string())
            }
            ([name], true) => mage.opposed_traits.push(name.to_string()),
            _ => {}
        }
    }
    mage
}

fn parse_set(xml: &str) -> Result<Vec<RawCard>, String> {
    let mut reader = Reader::from_str(xml);
    let mut cards = Vec::new();
    let mut current: Option<RawCard> = None;
    loop {
        match reader.read_event().map_err(|e| e.to_string())? {
            Event::Start(tag) if tag.name().as_ref() == b"card" => {
                let name = attribute(&tag, b"name")?.unwrap_or_default();
                current = Some(RawCard {
                    name,
                    properties: HashMap::new(),
                });
            }
            Event::Empty(tag) if tag.name().as_ref() == b"property" => {
                if let (Some(card), Some(key)) = (&mut current, attribute(&tag, b"name")?) {
                    let value = attribute(&tag, b"value")?.unwrap_or_default();
                    card.properties.entry(key).or_insert(value);
                }
            }
            Event::End(tag) if tag.name().as_ref() == b"card" => cards.extend(current.take()),
            Event::Eof => return Ok(cards),
            _ => {}
        }
    }
}

fn attribute(tag: &BytesStart, key: &[u8]) -> Result<Option<String>, String> {
    for attr in tag.attributes() {
        let attr = attr.map_err(|e| e.to_string())?;
        if attr.key.as_ref() == key {
            let value = attr.unescape_value().map_err(|e| e.to_string())?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = r#"<set><cards>
      <card id="1" name="Bridge Troll">
        <property name="Type" value="Creature" /><property name="Subtype" value="Soldier, Troll" />
        <property name="School" value="Nature+War" /><property name="Level" value="2+1" />
        <property name="Traits" value="Regenerate 3, Flame +2" />
      </card>
      <card id="2" name="Elemental Wand">
        <property name="Type" value="Equipment" /><property name="School" value="Earth/Fire/Air/Water" />
        <property name="Level" value="2/2/2/2" /><property name="Traits" value="Epic, Warlock Only" />
      </card>
      <card id="3" name="Paladin Stats">
        <property name="Nickname" value="Paladin Stats" /><property name="Type" value="Magestats" />
        <property name="StatSpellBookPoints" value="120" />
        <property name="MageSchoolCost" value="L-3-Holy=1,L-2-War=1,C-Holy-Creature=1,Dark=3" />
      </card>
      <card id="4" name="Paladin">
        <property name="Type" value="Creature" /><property name="Subtype" value="Mage" />
      </card>
    </cards></set>"#;

    fn catalog() -> OctgnSpellbookCatalog {
        let mut catalog = OctgnSpellbookCatalog::default();
        parse_set(SET).unwrap().iter().for_each(|c| catalog.add(c));
        catalog
    }

    #[test]
    fn spells_carry_schools_traits_and_restrictions() {
        let troll = catalog().spell("Bridge Troll").unwrap();
        assert_eq!(
            troll.schools,
            Schools::All(vec![
                SchoolLevel {
                    school: "Nature".into(),
                    level: 2
                },
                SchoolLevel {
                    school: "War".into(),
                    level: 1
                },
            ])
        );
        assert!(
            troll.traits.contains(&"Living".to_string()),
            "creatures default to Living"
        );
        let wand = catalog().spell("Elemental Wand").unwrap();
        assert!(matches!(wand.schools, Schools::AnyOf(ref s) if s.len() == 4));
        assert!(wand.epic);
        assert_eq!(wand.restrictions, vec!["Warlock".to_string()]);
    }

    #[test]
    fn mage_training_is_read_from_school_costs() {
        let paladin = catalog().mage("Paladin").unwrap();
        assert_eq!(paladin.class, "Paladin");
        assert_eq!(paladin.spellbook_points, 120);
        assert_eq!(paladin.partial_training.len(), 2);
        assert_eq!(
            paladin.trained_combinations,
            vec![("Holy".into(), "Creature".into())]
        );
        assert_eq!(paladin.opposed_schools, vec!["Dark".to_string()]);
        let catalog = catalog();
        assert!(catalog.is_card("Paladin") && catalog.spell("Paladin").is_none());
    }
}
