//! The spellbook [`Catalog`] over the generated card tables (`crate::generated`): the cards
//! compiled from `cards/mage-wars/`, with errata applied.

use super::{Catalog, MageInfo, SchoolLevel, Schools, SpellInfo};
use crate::generated::{self, Card, CardId, SchoolRule, Trait, MAGES};

/// Spells and Mages of the checked-in card tables.
#[derive(Debug, Clone, Copy, Default)]
pub struct GeneratedCatalog;

/// The fields every spell kind prints, borrowed from one generated card.
struct SpellFields {
    name: &'static str,
    spell_type: &'static str,
    schools: &'static [generated::SchoolLevel],
    school_rule: SchoolRule,
    subtypes: &'static [generated::Subtype],
    traits: &'static [Trait],
}

fn spell_fields(card: Card) -> Option<SpellFields> {
    macro_rules! fields {
        ($card:expr, $spell_type:literal) => {
            SpellFields {
                name: $card.name,
                spell_type: $spell_type,
                schools: $card.schools,
                school_rule: $card.school_rule,
                subtypes: $card.subtypes,
                traits: $card.traits,
            }
        };
    }
    Some(match card {
        // Neither a Mage nor a marker object is a spell of the spellbook.
        Card::Mage(_) | Card::Marker(_) => return None,
        Card::Creature(c) => fields!(c, "Creature"),
        Card::Conjuration(c) => fields!(c, "Conjuration"),
        Card::Enchantment(c) => fields!(c, "Enchantment"),
        Card::Equipment(c) => fields!(c, "Equipment"),
        Card::Incantation(c) => fields!(c, "Incantation"),
        Card::Attack(c) => fields!(c, "Attack"),
    })
}

fn spell_info(fields: SpellFields) -> SpellInfo {
    let mut traits: Vec<String> = fields.traits.iter().map(ToString::to_string).collect();
    let nonliving = fields
        .traits
        .iter()
        .any(|t| matches!(t, Trait::Nonliving | Trait::Incorporeal));
    if fields.spell_type == "Creature" && !nonliving && !fields.traits.contains(&Trait::Living) {
        traits.push(Trait::Living.to_string());
    }
    let parts = fields
        .schools
        .iter()
        .map(|s| SchoolLevel {
            school: s.school.to_string(),
            level: u32::from(s.level),
        })
        .collect();
    SpellInfo {
        name: fields.name.to_string(),
        schools: match fields.school_rule {
            SchoolRule::All => Schools::All(parts),
            SchoolRule::Any => Schools::AnyOf(parts),
        },
        spell_type: fields.spell_type.to_string(),
        subtypes: fields.subtypes.iter().map(ToString::to_string).collect(),
        novice: fields.traits.contains(&Trait::Novice),
        epic: fields.traits.contains(&Trait::Epic),
        restrictions: fields
            .traits
            .iter()
            .filter_map(|t| match t {
                Trait::MageOnly(who) => Some(who.to_string()),
                _ => None,
            })
            .collect(),
        traits,
    }
}

fn mage_info(mage: &generated::Mage) -> MageInfo {
    let names = |items: &[_]| {
        items
            .iter()
            .map(|i: &generated::School| i.to_string())
            .collect()
    };
    MageInfo {
        class: mage.class.to_string(),
        trained_schools: names(mage.trained_schools),
        partial_training: mage
            .partial_training
            .iter()
            .map(|p| SchoolLevel {
                school: p.school.to_string(),
                level: u32::from(p.level),
            })
            .collect(),
        trained_subtypes: mage
            .trained_subtypes
            .iter()
            .map(ToString::to_string)
            .collect(),
        trained_combinations: mage
            .trained_combinations
            .iter()
            .map(|c| (c.school.to_string(), c.spell_type.to_string()))
            .collect(),
        opposed_schools: names(mage.opposed_schools),
        opposed_types: mage.opposed_types.iter().map(ToString::to_string).collect(),
        opposed_traits: mage
            .opposed_traits
            .iter()
            .map(ToString::to_string)
            .collect(),
        spellbook_points: u32::from(mage.spellbook_points),
    }
}

impl Catalog for GeneratedCatalog {
    fn spell(&self, name: &str) -> Option<SpellInfo> {
        spell_fields(CardId::from_name(name)?.card()).map(spell_info)
    }

    /// A Mage card by name, else the first Mage (by name) of that class.
    fn mage(&self, name: &str) -> Option<MageInfo> {
        let by_name = match CardId::from_name(name).map(CardId::card) {
            Some(Card::Mage(mage)) => Some(mage),
            _ => None,
        };
        by_name
            .or_else(|| MAGES.iter().find(|m| m.class.to_string() == name))
            .map(mage_info)
    }

    fn is_card(&self, name: &str) -> bool {
        CardId::from_name(name).is_some()
    }
}

/// Spells and Mages of a card catalog: the compiled tables or live cards read from the
/// content on disk. Names match ignoring case.
impl Catalog for crate::rules::Catalog {
    fn spell(&self, name: &str) -> Option<SpellInfo> {
        spell_fields(self.get(name)?).map(spell_info)
    }

    /// A Mage card by name, else the first Mage (by name) of that class.
    fn mage(&self, name: &str) -> Option<MageInfo> {
        let by_name = match self.get(name) {
            Some(Card::Mage(mage)) => Some(mage),
            _ => None,
        };
        by_name
            .or_else(|| {
                self.cards().iter().find_map(|card| match card {
                    Card::Mage(mage) if mage.class.to_string() == name => Some(*mage),
                    _ => None,
                })
            })
            .map(mage_info)
    }

    fn is_card(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}
