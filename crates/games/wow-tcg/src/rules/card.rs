//! A card as the rules see it: a generated card flattened into one shape, or a simple object a
//! scenario defines (a generic ally for a ruling that names no real card).

use super::content::{self, Card, DamageType, EffectOp, Handler, Keyword, TypeTag};

/// The card type (300.1), plus face-down resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Kind {
    /// A hero (301).
    Hero,
    /// An ally (302).
    Ally,
    /// A weapon (303).
    Weapon,
    /// An armor (304).
    Armor,
    /// An item (305).
    Item,
    /// An ability (306).
    Ability,
    /// A quest (307).
    Quest,
    /// A location (later sets).
    Location,
    /// An achievement (later sets).
    Achievement,
    /// A face-down resource card: blank (408.1b).
    Resource,
}

impl Kind {
    /// Reads a kind as scenarios write it (`"ally"`).
    pub fn parse(text: &str) -> Option<Kind> {
        Some(match text {
            "hero" => Kind::Hero,
            "ally" => Kind::Ally,
            "weapon" => Kind::Weapon,
            "armor" => Kind::Armor,
            "item" => Kind::Item,
            "ability" => Kind::Ability,
            "quest" => Kind::Quest,
            "location" => Kind::Location,
            "achievement" => Kind::Achievement,
            "resource" => Kind::Resource,
            _ => return None,
        })
    }

    /// Weapons, armor and items (300.1).
    pub fn is_equipment(self) -> bool {
        matches!(self, Kind::Weapon | Kind::Armor | Kind::Item)
    }
}

/// What the rules read from a card.
#[derive(Debug, Clone, PartialEq)]
pub struct Printed {
    /// The card's name (a token's tag when it has none, 402.2).
    pub name: String,
    /// Its type.
    pub kind: Kind,
    /// Resource cost (201); 0 for quests and tokens.
    pub cost: u32,
    /// ATK (205); heroes have none printed (0).
    pub atk: i32,
    /// Health (206); 0 for non-characters.
    pub health: i32,
    /// Armor DEF (304.1).
    pub defense: u32,
    /// The damage type of its ATK (205.1), if printed.
    pub damage_type: Option<DamageType>,
    /// A weapon's strike cost (303.1).
    pub strike_cost: u32,
    /// Printed keywords.
    pub keywords: Vec<Keyword>,
    /// Type-line tags.
    pub tags: Vec<TypeTag>,
    /// Effect operations of the card itself (scenario-defined objects; cards of the pool say
    /// theirs through keywords, tags and a handler).
    pub effects: Vec<EffectOp>,
    /// The card's named handler, if any (not interpreted yet: see `coverage::handler_coverage`).
    pub handler: Option<Handler>,
    /// A token (402.2): ceases to exist outside play.
    pub token: bool,
}

impl Printed {
    /// A blank card of `kind` named `name`.
    pub fn blank(name: &str, kind: Kind) -> Self {
        Self {
            name: name.to_string(),
            kind,
            cost: 0,
            atk: 0,
            health: 0,
            defense: 0,
            damage_type: None,
            strike_cost: 0,
            keywords: Vec::new(),
            tags: Vec::new(),
            effects: Vec::new(),
            handler: None,
            token: false,
        }
    }

    /// A card of the generated tables. Later kinds map onto the v1 types they play as: a
    /// master hero and an ability ally enter play as allies; locations and achievements are
    /// neither characters nor equipment.
    pub fn of(id: content::CardId) -> Self {
        let card = id.card();
        let kind = match card {
            Card::Hero(_) => Kind::Hero,
            Card::Ally(_) | Card::MasterHero(_) | Card::AbilityAlly(_) => Kind::Ally,
            Card::Weapon(_) => Kind::Weapon,
            Card::Armor(_) => Kind::Armor,
            Card::Item(_) => Kind::Item,
            Card::Ability(_) => Kind::Ability,
            Card::Quest(_) => Kind::Quest,
            Card::Location(_) => Kind::Location,
            Card::Achievement(_) => Kind::Achievement,
        };
        let mut p = Self::blank(card.name(), kind);
        p.cost = card.cost().map_or(0, u32::from);
        p.atk = card.atk().map_or(0, i32::from);
        p.health = card.health().map_or(0, i32::from);
        p.defense = card.defense().map_or(0, u32::from);
        p.damage_type = card.damage_type();
        p.strike_cost = card.strike_cost().map_or(0, u32::from);
        p.tags = card.tags().to_vec();
        p.keywords = card.keywords().to_vec();
        p.handler = card.handler();
        if let Card::Ability(ability) = card {
            if ability.ongoing {
                p.effects.push(EffectOp::StaysInPlay);
            }
        }
        p
    }
}
