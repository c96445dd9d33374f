//! Spellbook building rules: the spell points each card costs a Mage, the total, and every
//! rule the spellbook breaks.
//!
//! The rules and the lines of the rules documents they come from are in `docs/spellbook.md`.
//! The arithmetic works over plain descriptions of spells and Mages ([`SpellInfo`],
//! [`MageInfo`]) handed out by a [`Catalog`]; [`GeneratedCatalog`] reads them from the
//! generated card tables.

use std::collections::BTreeMap;
use std::fmt;

use grimoire_input::Location;
use serde::Deserialize;
use toml::Spanned;

use crate::generated;
use crate::rules::limits::AtMost;

mod tables;

pub use tables::GeneratedCatalog;

/// A spellbook as written in a spellbook TOML file.
///
/// ```toml
/// mage = "Warlock"
/// [cards]
/// "Dragonscale Hauberk" = 1
/// "Firebrand Imp" = 2
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SpellbookFile {
    /// The Mage the spellbook is built for (card name or class name).
    pub mage: String,
    /// Card name to number of copies (each at most [`MAX_COPIES`] as read from a file).
    pub cards: BTreeMap<String, u32>,
    /// Where the file writes each part, as byte offsets of the text it was read from; empty
    /// for a spellbook built in code.
    pub places: Places,
}

/// Most copies of one card a spellbook file may list. No rule limits the copies of a spell
/// that is not Epic, but the spell-point budget (120) does; 999 is far beyond any budget and
/// keeps every sum of copies and points small.
pub const MAX_COPIES: u32 = 999;

/// Most cards (entries of `[cards]`) a spellbook file may list. With a 120-point budget and
/// every spell costing at least a point, no legal spellbook lists more than 120; 999 is far
/// past that, and bounds the work of checking (and suggesting a name for) every entry.
pub const MAX_ENTRIES: usize = 999;

/// Where a spellbook file writes its parts (byte offsets into its text).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Places {
    /// The `mage` value.
    pub mage: Option<usize>,
    /// The `[cards]` table.
    pub cards: Option<usize>,
    /// Each card's key, by the name written (or merged into, for two spellings of one card:
    /// the first spelling's place).
    pub card: BTreeMap<String, usize>,
}

/// A spellbook text that cannot be read: what is wrong, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellbookError {
    /// The line and column of the part at fault.
    pub at: Location,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for SpellbookError {
    /// `line:column: message`; a caller prefixes the file's path.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for SpellbookError {}

/// A spellbook file as TOML writes it, with the place of every part.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpellbook {
    mage: Spanned<String>,
    #[serde(default)]
    cards: Option<Spanned<BTreeMap<Spanned<String>, AtMost<{ MAX_COPIES as i64 }>>>>,
}

impl SpellbookFile {
    /// Parses a spellbook TOML text: every error at the line and column of the part at
    /// fault, every card's copies within `0..=`[`MAX_COPIES`].
    pub fn from_toml(text: &str) -> Result<Self, SpellbookError> {
        let raw: RawSpellbook = toml::from_str(text).map_err(|error| {
            let message = error.message().trim().to_string();
            let (offset, message) = match error.span() {
                Some(span) => (span.start, message),
                None => (
                    deepest_dotted_key(text),
                    format!("{message}: a key or table is nested too deeply"),
                ),
            };
            SpellbookError {
                at: Location::of_offset(text, offset),
                message,
            }
        })?;
        let mut places = Places {
            mage: Some(raw.mage.span().start),
            ..Places::default()
        };
        let mut cards = BTreeMap::new();
        if let Some(table) = raw.cards {
            places.cards = Some(table.span().start);
            if table.get_ref().len() > MAX_ENTRIES {
                let mut offsets: Vec<usize> =
                    table.get_ref().keys().map(|k| k.span().start).collect();
                offsets.sort_unstable();
                return Err(SpellbookError {
                    at: Location::of_offset(text, offsets.get(MAX_ENTRIES).copied().unwrap_or(0)),
                    message: format!(
                        "a spellbook lists at most {MAX_ENTRIES} cards; this is card {}",
                        MAX_ENTRIES + 1
                    ),
                });
            }
            for (name, copies) in table.into_inner() {
                places
                    .card
                    .insert(name.get_ref().clone(), name.span().start);
                cards.insert(name.into_inner(), copies.get());
            }
        }
        Ok(SpellbookFile {
            mage: raw.mage.into_inner(),
            cards,
            places,
        })
    }

    /// The byte offset of the part of the file `violation` is about: the card's key, the
    /// `mage` value, or for the budget the `[cards]` table.
    pub fn offset_of(&self, violation: &Violation) -> Option<usize> {
        match violation {
            Violation::UnknownMage { .. } => self.places.mage,
            Violation::OverBudget { .. } => self.places.cards.or(self.places.mage),
            Violation::UnknownCard { card }
            | Violation::NotASpell { card }
            | Violation::NoCopies { card }
            | Violation::TooManyCopies { card, .. }
            | Violation::Restricted { card, .. } => self.places.card.get(card).copied(),
        }
    }
}

/// The start of the line with the most dotted key parts (`a.b.c = 1`, `[a.b.c]`): where a
/// TOML "recursion limit" error, which carries no position, comes from.
fn deepest_dotted_key(text: &str) -> usize {
    let mut deepest = (0, 0);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let key = line.split('=').next().unwrap_or(line);
        let mut quoted = None;
        let mut dots = 0;
        for c in key.chars() {
            match (quoted, c) {
                (None, '"' | '\'') => quoted = Some(c),
                (Some(q), c) if c == q => quoted = None,
                (None, '.') => dots += 1,
                _ => {}
            }
        }
        if dots > deepest.0 {
            deepest = (dots, offset);
        }
        offset += line.len();
    }
    deepest.1
}

/// One school of a spell with its level in that school.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchoolLevel {
    /// The school's name (`"Fire"`).
    pub school: String,
    /// The level in that school.
    pub level: u32,
}

/// The schools a spell belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schools {
    /// Printed with `+` (`Nature+War`, level `2+1`): the spell belongs to every school and
    /// costs the sum over them.
    All(Vec<SchoolLevel>),
    /// Printed with `/` (`Earth/Fire/Air/Water`, level `2/2/2/2`): the spell belongs to any
    /// one of them and costs the cheapest for the Mage.
    AnyOf(Vec<SchoolLevel>),
}

/// What the spellbook rules need to know about a spell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellInfo {
    /// The card's name.
    pub name: String,
    /// Its schools and levels.
    pub schools: Schools,
    /// Its spell type (`"Creature"`), for training by type.
    pub spell_type: String,
    /// Its subtypes (`"Song"`), for training by subtype.
    pub subtypes: Vec<String>,
    /// Its traits, defaults included (a creature is `"Living"` unless Nonliving), for
    /// opposition by trait.
    pub traits: Vec<String>,
    /// Has the Novice trait: one spell point for any Mage.
    pub novice: bool,
    /// Has the Epic trait: one copy per spellbook.
    pub epic: bool,
    /// The `who` of each `<who> Only` trait (`"Warlock"`, `"Holy Mage"`).
    pub restrictions: Vec<String>,
}

/// What the spellbook rules need to know about a Mage: its class and its training, as the
/// `mage` card kind of `codex/mage-wars/game.toml` records it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MageInfo {
    /// The Mage's class (`"Warlock"`), as `<class> Only` restrictions name it.
    pub class: String,
    /// Schools the Mage is trained in.
    pub trained_schools: Vec<String>,
    /// Schools trained only up to a level (Nature Mage: Water up to level 1).
    pub partial_training: Vec<SchoolLevel>,
    /// Spells of these subtypes count as trained.
    pub trained_subtypes: Vec<String>,
    /// Spells of this school and spell type count as trained (`("Holy", "Creature")`).
    pub trained_combinations: Vec<(String, String)>,
    /// Schools opposed to the Mage.
    pub opposed_schools: Vec<String>,
    /// Spell types that cost triple unless trained otherwise.
    pub opposed_types: Vec<String>,
    /// Spells with these traits cost triple, trained or not.
    pub opposed_traits: Vec<String>,
    /// The Mage's spellbook budget in spell points.
    pub spellbook_points: u32,
}

/// How a Mage stands towards one school of a spell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Training {
    /// Trained: level x1.
    Trained,
    /// Neither trained nor opposed: level x2.
    Untrained,
    /// Opposed: level x3.
    Opposed,
}

impl MageInfo {
    /// How this Mage stands towards `part` of `spell`. An opposed trait wins over training
    /// ("Living objects cost triple"); otherwise training by school, partial level, subtype
    /// or school-and-type wins over opposition by school or type.
    pub fn training(&self, spell: &SpellInfo, part: &SchoolLevel) -> Training {
        let has = |list: &[String], item: &str| list.iter().any(|x| x == item);
        if spell.traits.iter().any(|t| has(&self.opposed_traits, t)) {
            return Training::Opposed;
        }
        let trained = has(&self.trained_schools, &part.school)
            || self
                .partial_training
                .iter()
                .any(|p| p.school == part.school && part.level <= p.level)
            || spell
                .subtypes
                .iter()
                .any(|s| has(&self.trained_subtypes, s))
            || self
                .trained_combinations
                .iter()
                .any(|(school, ty)| *school == part.school && *ty == spell.spell_type);
        if trained {
            Training::Trained
        } else if has(&self.opposed_schools, &part.school)
            || has(&self.opposed_types, &spell.spell_type)
        {
            Training::Opposed
        } else {
            Training::Untrained
        }
    }
}

/// Looks cards and Mages up by name.
pub trait Catalog {
    /// The spell named `name`, if it is a spell card.
    fn spell(&self, name: &str) -> Option<SpellInfo>;
    /// The Mage named `name` (card name or class), if there is one.
    fn mage(&self, name: &str) -> Option<MageInfo>;
    /// Whether `name` is a card of the game at all (a Mage card is a card but not a spell).
    fn is_card(&self, name: &str) -> bool;
}

/// The numbers of the spellbook rules (`[constants]` of `codex/mage-wars/game.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Spell points per level in a school the Mage is trained in.
    pub trained_multiplier: u32,
    /// Spell points per level in a school neither trained nor opposed.
    pub untrained_multiplier: u32,
    /// Spell points per level in a school opposed to the Mage.
    pub opposed_multiplier: u32,
    /// Spell points of a Novice spell, whatever its schools.
    pub novice_points: u32,
    /// Copies of an Epic spell a spellbook may hold.
    pub epic_max_copies: u32,
}

impl Rules {
    /// The published rules, from the `[constants]` of `codex/mage-wars/game.toml`: x1
    /// trained, x2 untrained, x3 opposed, Novice 1 point, Epic 1 copy.
    pub const STANDARD: Rules = Rules {
        trained_multiplier: generated::TRAINED_LEVEL_MULTIPLIER as u32,
        untrained_multiplier: generated::UNTRAINED_LEVEL_MULTIPLIER as u32,
        opposed_multiplier: generated::OPPOSED_LEVEL_MULTIPLIER as u32,
        novice_points: generated::NOVICE_SPELL_POINTS as u32,
        epic_max_copies: generated::EPIC_MAX_COPIES as u32,
    };

    /// Spell points per level for a school the Mage stands towards as `training`.
    pub fn multiplier(&self, training: Training) -> u32 {
        match training {
            Training::Trained => self.trained_multiplier,
            Training::Untrained => self.untrained_multiplier,
            Training::Opposed => self.opposed_multiplier,
        }
    }

    /// Spell points one copy of `spell` costs `mage`.
    pub fn points_per_copy(&self, mage: &MageInfo, spell: &SpellInfo) -> u32 {
        if spell.novice {
            return self.novice_points;
        }
        let cost = |s: &SchoolLevel| s.level * self.multiplier(mage.training(spell, s));
        match &spell.schools {
            Schools::All(schools) => schools.iter().map(cost).sum(),
            Schools::AnyOf(schools) => schools.iter().map(cost).min().unwrap_or(0),
        }
    }
}

/// Whether `mage` may use a spell restricted to `who` (`"Warlock"` or `"Holy Mage"`): it is
/// that class, or `who` names a school (`"<School> Mage"`) the Mage is trained in.
pub fn restriction_allows(mage: &MageInfo, who: &str) -> bool {
    if who == mage.class {
        return true;
    }
    who.strip_suffix(" Mage")
        .is_some_and(|school| mage.trained_schools.iter().any(|s| s == school))
}

/// One card of a checked spellbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPoints {
    /// The card's name as written in the spellbook.
    pub name: String,
    /// Copies in the spellbook.
    pub copies: u32,
    /// Spell points of one copy (0 for a card that could not be priced).
    pub points_each: u32,
}

impl CardPoints {
    /// Spell points of all copies (in 64 bits: no count of copies overflows it).
    pub fn points(&self) -> u64 {
        u64::from(self.copies) * u64::from(self.points_each)
    }
}

/// A broken spellbook rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// The `mage` field names no Mage.
    UnknownMage {
        /// The name as written.
        mage: String,
    },
    /// A card name matches no card of the game.
    UnknownCard {
        /// The name as written.
        card: String,
    },
    /// The card exists but is not a spell (a Mage card).
    NotASpell {
        /// The card's name.
        card: String,
    },
    /// A card is listed with zero copies.
    NoCopies {
        /// The card's name.
        card: String,
    },
    /// More copies of an Epic spell than allowed.
    TooManyCopies {
        /// The card's name.
        card: String,
        /// Copies in the spellbook.
        copies: u32,
        /// Copies allowed.
        max: u32,
    },
    /// The spell is restricted to another Mage class or school.
    Restricted {
        /// The card's name.
        card: String,
        /// The `<who>` of its `<who> Only` trait.
        only: String,
        /// The spellbook's Mage class.
        mage: String,
    },
    /// The total exceeds the Mage's budget.
    OverBudget {
        /// Spell points spent.
        total: u64,
        /// Spell points allowed.
        budget: u32,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::UnknownMage { mage } => write!(f, "unknown mage `{mage}`"),
            Violation::UnknownCard { card } => write!(f, "unknown card `{card}`"),
            Violation::NotASpell { card } => {
                write!(f, "`{card}` is not a spell and cannot go in a spellbook")
            }
            Violation::NoCopies { card } => write!(f, "`{card}` is listed with 0 copies"),
            Violation::TooManyCopies { card, copies, max } => write!(
                f,
                "`{card}` is Epic: at most {max} cop{} allowed, found {copies}",
                if *max == 1 { "y" } else { "ies" }
            ),
            Violation::Restricted { card, only, mage } => {
                write!(f, "`{card}` is {only} Only; the {mage} may not include it")
            }
            Violation::OverBudget { total, budget } => write!(
                f,
                "spellbook costs {total} spell points, over the budget of {budget} by {}",
                total.saturating_sub(u64::from(*budget))
            ),
        }
    }
}

/// The result of checking a spellbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Every card with its points, in name order.
    pub cards: Vec<CardPoints>,
    /// Spell points spent.
    pub total: u64,
    /// The Mage's budget (0 when the Mage is unknown).
    pub budget: u32,
    /// Every broken rule, in card order, the budget last.
    pub violations: Vec<Violation>,
}

impl Report {
    /// Whether the spellbook follows every rule.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }
}

/// Checks `book` against the rules, pricing cards with `catalog`.
pub fn check(book: &SpellbookFile, catalog: &impl Catalog, rules: &Rules) -> Report {
    let mut violations = Vec::new();
    let mage = catalog.mage(&book.mage);
    if mage.is_none() {
        violations.push(Violation::UnknownMage {
            mage: book.mage.clone(),
        });
    }
    let mut cards = Vec::new();
    for (name, &copies) in &book.cards {
        let mut line = CardPoints {
            name: name.clone(),
            copies,
            points_each: 0,
        };
        if copies == 0 {
            violations.push(Violation::NoCopies { card: name.clone() });
        }
        match catalog.spell(name) {
            Some(spell) => {
                if let Some(mage) = &mage {
                    line.points_each = rules.points_per_copy(mage, &spell);
                    violations.extend(
                        spell
                            .restrictions
                            .iter()
                            .filter(|who| !restriction_allows(mage, who))
                            .map(|who| Violation::Restricted {
                                card: name.clone(),
                                only: who.clone(),
                                mage: mage.class.clone(),
                            }),
                    );
                }
                if spell.epic && copies > rules.epic_max_copies {
                    violations.push(Violation::TooManyCopies {
                        card: name.clone(),
                        copies,
                        max: rules.epic_max_copies,
                    });
                }
            }
            None if catalog.is_card(name) => {
                violations.push(Violation::NotASpell { card: name.clone() })
            }
            None => violations.push(Violation::UnknownCard { card: name.clone() }),
        }
        cards.push(line);
    }
    let total = cards
        .iter()
        .map(CardPoints::points)
        .fold(0, u64::saturating_add);
    let budget = mage.as_ref().map_or(0, |m| m.spellbook_points);
    if mage.is_some() && total > u64::from(budget) {
        violations.push(Violation::OverBudget { total, budget });
    }
    Report {
        cards,
        total,
        budget,
        violations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A catalog over a few hand-written cards.
    struct TestCatalog {
        spells: Vec<SpellInfo>,
        mages: Vec<(String, MageInfo)>,
    }

    impl Catalog for TestCatalog {
        fn spell(&self, name: &str) -> Option<SpellInfo> {
            self.spells.iter().find(|s| s.name == name).cloned()
        }
        fn mage(&self, name: &str) -> Option<MageInfo> {
            self.mages
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, m)| m.clone())
        }
        fn is_card(&self, name: &str) -> bool {
            self.spell(name).is_some() || self.mage(name).is_some()
        }
    }

    fn level(school: &str, level: u32) -> SchoolLevel {
        SchoolLevel {
            school: school.into(),
            level,
        }
    }

    fn spell(name: &str, schools: Schools) -> SpellInfo {
        SpellInfo {
            name: name.into(),
            schools,
            spell_type: "Incantation".into(),
            subtypes: vec![],
            traits: vec![],
            novice: false,
            epic: false,
            restrictions: vec![],
        }
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    fn warlock() -> MageInfo {
        MageInfo {
            class: "Warlock".into(),
            trained_schools: strings(&["Dark", "Fire"]),
            opposed_schools: strings(&["Holy"]),
            spellbook_points: 120,
            ..MageInfo::default()
        }
    }

    fn catalog() -> TestCatalog {
        TestCatalog {
            spells: vec![
                spell("Fire Bolt", Schools::All(vec![level("Fire", 2)])),
                spell("Heal", Schools::All(vec![level("Holy", 2)])),
                spell("Bear Strength", Schools::All(vec![level("Nature", 2)])),
                spell(
                    "Bridge Troll",
                    Schools::All(vec![level("Nature", 2), level("War", 1)]),
                ),
                spell(
                    "Elemental Wand",
                    Schools::AnyOf(vec![level("Earth", 2), level("Fire", 2), level("Water", 2)]),
                ),
                SpellInfo {
                    novice: true,
                    ..spell("Minor Heal", Schools::All(vec![level("Holy", 1)]))
                },
                SpellInfo {
                    epic: true,
                    ..spell("Hellfire", Schools::All(vec![level("Fire", 4)]))
                },
                SpellInfo {
                    restrictions: vec!["Holy Mage".into()],
                    ..spell("Sacred Ground", Schools::All(vec![level("Holy", 3)]))
                },
                SpellInfo {
                    restrictions: vec!["Warlock".into()],
                    ..spell("Lash of Hellfire", Schools::All(vec![level("Fire", 2)]))
                },
            ],
            mages: vec![("Warlock".into(), warlock())],
        }
    }

    fn book(cards: &[(&str, u32)]) -> SpellbookFile {
        SpellbookFile {
            mage: "Warlock".into(),
            cards: cards.iter().map(|(n, c)| (n.to_string(), *c)).collect(),
            places: Places::default(),
        }
    }

    fn points(name: &str) -> u32 {
        let catalog = catalog();
        Rules::STANDARD.points_per_copy(&warlock(), &catalog.spell(name).unwrap())
    }

    #[test]
    fn levels_cost_one_two_or_three_points_by_training() {
        assert_eq!(points("Fire Bolt"), 2, "trained: x1");
        assert_eq!(points("Bear Strength"), 4, "untrained: x2");
        assert_eq!(points("Heal"), 6, "opposed: x3");
    }

    #[test]
    fn the_standard_rules_are_the_published_numbers() {
        let rules = Rules::STANDARD;
        assert_eq!(
            (
                rules.trained_multiplier,
                rules.untrained_multiplier,
                rules.opposed_multiplier
            ),
            (1, 2, 3)
        );
        assert_eq!((rules.novice_points, rules.epic_max_copies), (1, 1));
        assert_eq!(generated::SPELLBOOK_POINTS, 120);
    }

    #[test]
    fn novice_costs_one_point_even_in_an_opposed_school() {
        assert_eq!(points("Minor Heal"), 1);
    }

    #[test]
    fn multi_school_spells_add_up_and_either_school_spells_take_the_cheapest() {
        assert_eq!(points("Bridge Troll"), 4 + 2, "Nature 2 and War 1, both x2");
        assert_eq!(points("Elemental Wand"), 2, "Fire is trained");
    }

    #[test]
    fn partial_subtype_type_and_trait_training() {
        let paladin = MageInfo {
            partial_training: vec![level("Holy", 3), level("War", 2)],
            trained_combinations: vec![("Holy".into(), "Creature".into())],
            opposed_schools: strings(&["Dark"]),
            ..MageInfo::default()
        };
        let monk = MageInfo {
            trained_schools: strings(&["Mind"]),
            trained_subtypes: strings(&["Monk"]),
            opposed_types: strings(&["Creature"]),
            ..MageInfo::default()
        };
        let elementalist = MageInfo {
            trained_schools: strings(&["Fire"]),
            opposed_traits: strings(&["Living"]),
            ..MageInfo::default()
        };
        let holy_4 = spell("Holy 4", Schools::All(vec![level("Holy", 4)]));
        let holy_creature = SpellInfo {
            spell_type: "Creature".into(),
            ..holy_4.clone()
        };
        let rules = Rules::STANDARD;
        assert_eq!(
            rules.points_per_copy(&paladin, &holy_4),
            8,
            "above the trained level"
        );
        assert_eq!(
            rules.points_per_copy(&paladin, &holy_creature),
            4,
            "holy creatures trained"
        );
        let war_2 = spell("War 2", Schools::All(vec![level("War", 2)]));
        assert_eq!(rules.points_per_copy(&paladin, &war_2), 2);
        let beast = SpellInfo {
            spell_type: "Creature".into(),
            ..spell("Beast", Schools::All(vec![level("Nature", 2)]))
        };
        assert_eq!(
            rules.points_per_copy(&monk, &beast),
            6,
            "creatures are opposed"
        );
        let mind_beast = SpellInfo {
            spell_type: "Creature".into(),
            ..spell("Mind beast", Schools::All(vec![level("Mind", 2)]))
        };
        assert_eq!(
            rules.points_per_copy(&monk, &mind_beast),
            2,
            "training wins over type"
        );
        let monk_beast = SpellInfo {
            subtypes: strings(&["Monk"]),
            ..beast.clone()
        };
        assert_eq!(
            rules.points_per_copy(&monk, &monk_beast),
            2,
            "trained subtype"
        );
        let imp = SpellInfo {
            traits: strings(&["Living"]),
            ..spell("Imp", Schools::All(vec![level("Fire", 2)]))
        };
        assert_eq!(
            rules.points_per_copy(&elementalist, &imp),
            6,
            "an opposed trait wins"
        );
    }

    #[test]
    fn school_restrictions_follow_training_and_class_restrictions_the_class() {
        let mage = warlock();
        assert!(restriction_allows(&mage, "Warlock"));
        assert!(restriction_allows(&mage, "Dark Mage"));
        assert!(!restriction_allows(&mage, "Holy Mage"));
        assert!(!restriction_allows(&mage, "Wizard"));
    }

    #[test]
    fn a_legal_book_totals_its_cards() {
        let report = check(
            &book(&[("Fire Bolt", 3), ("Heal", 1)]),
            &catalog(),
            &Rules::STANDARD,
        );
        assert!(report.is_legal(), "{:?}", report.violations);
        assert_eq!(report.total, 3 * 2 + 6);
        assert_eq!(report.budget, 120);
    }

    #[test]
    fn every_violation_is_listed() {
        let report = check(
            &book(&[
                ("Hellfire", 2),
                ("Sacred Ground", 1),
                ("Fire Bolt", 0),
                ("Fireball of Doom", 1),
                ("Warlock", 1),
                ("Heal", 20),
            ]),
            &catalog(),
            &Rules::STANDARD,
        );
        assert_eq!(
            report.violations,
            vec![
                Violation::NoCopies {
                    card: "Fire Bolt".into()
                },
                Violation::UnknownCard {
                    card: "Fireball of Doom".into()
                },
                Violation::TooManyCopies {
                    card: "Hellfire".into(),
                    copies: 2,
                    max: 1
                },
                Violation::Restricted {
                    card: "Sacred Ground".into(),
                    only: "Holy Mage".into(),
                    mage: "Warlock".into(),
                },
                Violation::NotASpell {
                    card: "Warlock".into()
                },
                Violation::OverBudget {
                    total: 20 * 6 + 2 * 4 + 9,
                    budget: 120
                },
            ]
        );
        let messages: Vec<String> = report.violations.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages[2],
            "`Hellfire` is Epic: at most 1 copy allowed, found 2"
        );
        assert_eq!(
            messages[3],
            "`Sacred Ground` is Holy Mage Only; the Warlock may not include it"
        );
        assert_eq!(
            messages[5],
            "spellbook costs 137 spell points, over the budget of 120 by 17"
        );
    }

    #[test]
    fn an_unknown_mage_is_reported_and_prices_nothing() {
        let mut unknown = book(&[("Fire Bolt", 1)]);
        unknown.mage = "Archmage".into();
        let report = check(&unknown, &catalog(), &Rules::STANDARD);
        assert_eq!(
            report.violations,
            vec![Violation::UnknownMage {
                mage: "Archmage".into()
            }]
        );
        assert_eq!(report.total, 0);
    }

    /// The `line:column` of a spellbook text's error.
    fn error_at(text: &str) -> (String, String) {
        let error = SpellbookFile::from_toml(text).expect_err("an unreadable spellbook");
        (error.at.to_string(), error.message)
    }

    #[test]
    fn copies_past_the_bound_are_refused_where_they_are_written() {
        // 4294967295 copies, or two entries of 2^31, overflowed the spell-point sums.
        for copies in [
            "4294967295",
            "2147483648",
            "-1",
            "1000",
            "9223372036854775808",
            "1.5",
        ] {
            let (at, message) = error_at(&format!(
                "mage = \"Warlock\"\n[cards]\n\"Fireball\" = {copies}\n"
            ));
            assert_eq!(at, "3:14", "{copies}: {message}");
            assert!(message.contains("from 0 to 999"), "{copies}: {message}");
        }
        let most = SpellbookFile::from_toml(
            "mage = \"Warlock\"\n[cards]\n\"Fire Bolt\" = 999\n\"Heal\" = 999\n",
        )
        .expect("999 copies are read");
        let report = check(&most, &catalog(), &Rules::STANDARD);
        assert_eq!(report.total, 999 * 2 + 999 * 6);
    }

    #[test]
    fn sums_of_many_cards_do_not_overflow() {
        let many = SpellbookFile {
            mage: "Warlock".into(),
            cards: (0..10_000)
                .map(|i| (format!("Heal {i}"), u32::MAX))
                .chain([("Heal".to_string(), u32::MAX)])
                .collect(),
            places: Places::default(),
        };
        let report = check(&many, &catalog(), &Rules::STANDARD);
        assert_eq!(report.total, u64::from(u32::MAX) * 6);
        assert!(report
            .violations
            .iter()
            .any(|v| matches!(v, Violation::OverBudget { .. })));
    }

    #[test]
    fn every_unreadable_spellbook_names_a_line_and_column() {
        let deep_key = format!(
            "mage = \"Warlock\"\n[cards]\n{} = 1\n",
            vec!["a"; 300].join(".")
        );
        let deep_table = format!("mage = \"Warlock\"\n\n[{}]\n", vec!["cards"; 300].join("."));
        let many = format!(
            "mage = \"Warlock\"\n[cards]\n{}",
            (0..1500)
                .map(|i| format!("\"Card {i}\" = 1\n"))
                .collect::<String>()
        );
        let deep_array = format!(
            "mage = \"Warlock\"\nx = {}1{}\n",
            "[".repeat(300),
            "]".repeat(300)
        );
        for (text, expected) in [
            ("mage = 3\n", "1:8"),
            ("mage = \"Warlock\"\nspells = 3\n", "2:1"),
            ("[cards]\n\"Fire Bolt\" = 2\n", "1:1"),
            (
                "mage = \"Warlock\"\n[cards]\n\"Fire Bolt\" = \"two\"\n",
                "3:15",
            ),
            ("mage = \"Warlock\"\n[cards]\nx = 1\nx = 2\n", "4:1"),
            (deep_key.as_str(), "3:1"),
            (many.as_str(), "1002:1"),
            (deep_table.as_str(), "3:1"),
        ] {
            assert_eq!(error_at(text).0, expected, "{text}");
        }
        let (at, message) = error_at(&deep_array);
        assert!(at.starts_with("2:"), "{at}: {message}");
    }

    #[test]
    fn every_violation_has_a_place_in_the_file() {
        let text = "mage = \"Warlock\"\n\n[cards]\n\"Hellfire\" = 2\n\"Sacred Ground\" = 1\n\
                    \"Fire Bolt\" = 0\n\"Fireball of Doom\" = 1\n\"Warlock\" = 1\n\"Heal\" = 20\n";
        let book = SpellbookFile::from_toml(text).expect("a spellbook");
        let report = check(&book, &catalog(), &Rules::STANDARD);
        let places: Vec<String> = report
            .violations
            .iter()
            .map(|v| {
                let offset = book.offset_of(v).expect("a place");
                Location::of_offset(text, offset).to_string()
            })
            .collect();
        assert_eq!(places, ["6:1", "7:1", "4:1", "5:1", "8:1", "3:1"]);
        let mut unknown = SpellbookFile::from_toml("mage = \"Archmage\"\n").expect("a spellbook");
        unknown.cards.clear();
        let report = check(&unknown, &catalog(), &Rules::STANDARD);
        assert_eq!(unknown.offset_of(&report.violations[0]), Some(7));
    }

    #[test]
    fn spellbook_files_parse_and_reject_unknown_keys() {
        let parsed = SpellbookFile::from_toml("mage = \"Warlock\"\n[cards]\n\"Fire Bolt\" = 2\n")
            .expect("valid spellbook");
        assert_eq!(parsed.mage, "Warlock");
        assert_eq!(parsed.cards, book(&[("Fire Bolt", 2)]).cards);
        assert!(SpellbookFile::from_toml("mage = \"Warlock\"\nspells = 3\n").is_err());
        assert!(SpellbookFile::from_toml("[cards]\n\"Fire Bolt\" = 2\n").is_err());
    }
}
