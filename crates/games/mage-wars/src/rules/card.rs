//! An object's printed card as the rules read it: the generated card, flattened over the card
//! kinds, with the default traits of its kind added.

use super::codex::{default_traits, overrides_default};
use super::content::{
    AttackBar, Card, CardAbility, CardId, ConjurationForm, Defense, Handler, Range, SchoolLevel,
    Subtype, Trait, MAGE_LEVEL,
};

/// The kind of a card (its `kind` in the card tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ObjectKind {
    /// A Mage: a Level 6 creature.
    Mage,
    /// A creature.
    Creature,
    /// A conjuration (walls included).
    Conjuration,
    /// An enchantment.
    Enchantment,
    /// An equipment.
    Equipment,
    /// An incantation.
    Incantation,
    /// An attack spell.
    Attack,
}

/// The printed data of one object's card.
#[derive(Debug, Clone, PartialEq)]
pub struct Printed {
    /// The card's name.
    pub name: &'static str,
    /// The card's kind.
    pub kind: ObjectKind,
    /// The card's native handler, if any.
    pub handler: Option<Handler>,
    /// Level: the highest school level, a Mage's is `MAGE_LEVEL`.
    pub level: u8,
    /// Printed Life (0 when it has none).
    pub life: u8,
    /// Printed Armor.
    pub armor: u8,
    /// Printed Channeling.
    pub channeling: u8,
    /// A Defense the card prints (or gives what it is attached to).
    pub defense: Option<Defense>,
    /// Printed subtypes.
    pub subtypes: &'static [Subtype],
    /// Schools with levels.
    pub schools: &'static [SchoolLevel],
    /// Printed traits plus the defaults of its kind that none of them overrides.
    pub traits: Vec<Trait>,
    /// Traits it gives the object it is attached to.
    pub grants: &'static [Trait],
    /// Traits it makes the object it is attached to lose.
    pub removes: &'static [Trait],
    /// Attack traits the melee attacks of the creature it is attached to gain.
    pub melee_attacks_gain: &'static [Trait],
    /// Attack bars.
    pub attacks: &'static [AttackBar],
    /// An attack spell's casting range (its attack's range when the bar prints none).
    pub spell_range: Option<Range>,
    /// The card's abilities as typed data (`card_abilities`).
    pub abilities: &'static [CardAbility],
    /// A wall: a conjuration of the Wall form, standing on a zone border
    /// ([`super::walls`]).
    pub wall: bool,
}

impl Printed {
    /// The printed data of a card of the generated tables.
    pub fn of(id: CardId) -> Printed {
        Printed::from_card(id.card())
    }

    /// The printed data of a generated card.
    pub fn from_card(card: Card) -> Printed {
        let mut printed = Printed {
            name: card.name(),
            kind: ObjectKind::Creature,
            handler: None,
            level: 0,
            life: 0,
            armor: 0,
            channeling: 0,
            defense: None,
            subtypes: &[],
            schools: &[],
            traits: Vec::new(),
            grants: &[],
            removes: &[],
            melee_attacks_gain: &[],
            attacks: &[],
            spell_range: None,
            abilities: &[],
            wall: false,
        };
        let traits = match card {
            Card::Mage(m) => {
                printed.kind = ObjectKind::Mage;
                printed.handler = m.handler;
                printed.level = MAGE_LEVEL;
                (printed.life, printed.armor, printed.channeling) = (m.life, m.armor, m.channeling);
                (printed.defense, printed.subtypes, printed.attacks) =
                    (m.defense, m.subtypes, m.attacks);
                m.traits
            }
            Card::Creature(c) => {
                printed.kind = ObjectKind::Creature;
                printed.handler = c.handler;
                printed.abilities = c.card_abilities;
                (printed.life, printed.armor, printed.channeling) = (c.life, c.armor, c.channeling);
                (
                    printed.defense,
                    printed.subtypes,
                    printed.schools,
                    printed.attacks,
                ) = (c.defense, c.subtypes, c.schools, c.attacks);
                c.traits
            }
            Card::Conjuration(c) => {
                printed.kind = ObjectKind::Conjuration;
                printed.handler = c.handler;
                printed.abilities = c.card_abilities;
                printed.life = c.life.unwrap_or(0);
                printed.wall = c.form == ConjurationForm::Wall;
                (printed.armor, printed.channeling) = (c.armor, c.channeling);
                (
                    printed.defense,
                    printed.subtypes,
                    printed.schools,
                    printed.attacks,
                ) = (c.defense, c.subtypes, c.schools, c.attacks);
                c.traits
            }
            // A marker object (the Druid's Vine marker) is not a spell; in play it is an object
            // in a zone like a conjuration, with a conjuration's default traits.
            Card::Marker(m) => {
                printed.kind = ObjectKind::Conjuration;
                printed.handler = m.handler;
                (printed.life, printed.armor, printed.subtypes) = (m.life, m.armor, m.subtypes);
                m.traits
            }
            Card::Enchantment(e) => {
                printed.kind = ObjectKind::Enchantment;
                printed.handler = e.handler;
                printed.abilities = e.card_abilities;
                (printed.grants, printed.removes, printed.melee_attacks_gain) =
                    (e.grants, e.removes, e.melee_attacks_gain);
                (
                    printed.defense,
                    printed.subtypes,
                    printed.schools,
                    printed.attacks,
                ) = (e.defense, e.subtypes, e.schools, e.attacks);
                e.traits
            }
            Card::Equipment(e) => {
                printed.kind = ObjectKind::Equipment;
                printed.handler = e.handler;
                printed.abilities = e.card_abilities;
                (printed.armor, printed.channeling) = (e.armor, e.channeling);
                (printed.grants, printed.removes, printed.melee_attacks_gain) =
                    (e.grants, e.removes, e.melee_attacks_gain);
                (
                    printed.defense,
                    printed.subtypes,
                    printed.schools,
                    printed.attacks,
                ) = (e.defense, e.subtypes, e.schools, e.attacks);
                e.traits
            }
            Card::Incantation(i) => {
                printed.kind = ObjectKind::Incantation;
                printed.handler = i.handler;
                printed.abilities = i.card_abilities;
                (printed.subtypes, printed.schools) = (i.subtypes, i.schools);
                i.traits
            }
            Card::Attack(a) => {
                printed.kind = ObjectKind::Attack;
                printed.handler = a.handler;
                printed.abilities = a.card_abilities;
                printed.spell_range = Some(a.range);
                (printed.subtypes, printed.schools, printed.attacks) =
                    (a.subtypes, a.schools, a.attacks);
                a.traits
            }
        };
        if printed.kind != ObjectKind::Mage {
            printed.level = printed.schools.iter().map(|s| s.level).max().unwrap_or(0);
        }
        printed.traits = traits.to_vec();
        let defaults = default_traits(printed.is_creature(), printed.is_conjuration());
        for default in defaults {
            if !traits.iter().any(|t| overrides_default(t, default)) {
                printed.traits.push(*default);
            }
        }
        printed
    }

    /// True for creatures, Mages included.
    pub fn is_creature(&self) -> bool {
        matches!(self.kind, ObjectKind::Mage | ObjectKind::Creature)
    }

    /// True for conjurations.
    pub fn is_conjuration(&self) -> bool {
        self.kind == ObjectKind::Conjuration
    }

    /// True for attack spells.
    pub fn is_attack_spell(&self) -> bool {
        self.kind == ObjectKind::Attack
    }

    /// True when the card is of `school` (any level).
    pub fn has_school(&self, school: super::content::School) -> bool {
        self.schools.iter().any(|s| s.school == school)
    }
}
