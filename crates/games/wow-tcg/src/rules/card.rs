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
    /// The card's named handler, if any (not interpreted yet: see `effects::handler_status`).
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

    /// A card of the generated tables.
    pub fn of(id: content::CardId) -> Self {
        let card = id.card();
        let mut printed = Self::blank(card.name(), Kind::Ally);
        let parts = |p: &mut Self,
                     cost: u8,
                     tags: &'static [TypeTag],
                     keywords: &'static [Keyword],
                     handler: Option<Handler>| {
            p.cost = u32::from(cost);
            p.tags = tags.to_vec();
            p.keywords = keywords.to_vec();
            p.handler = handler;
        };
        match card {
            Card::Hero(c) => {
                printed.kind = Kind::Hero;
                printed.health = i32::from(c.health);
                printed.keywords = c.keywords.to_vec();
                printed.handler = c.handler;
            }
            Card::Ally(c) => {
                printed.kind = Kind::Ally;
                parts(&mut printed, c.cost, c.tags, c.keywords, c.handler);
                printed.atk = i32::from(c.atk);
                printed.health = i32::from(c.health);
                printed.damage_type = Some(c.damage_type);
            }
            Card::Weapon(c) => {
                printed.kind = Kind::Weapon;
                parts(&mut printed, c.cost, c.tags, c.keywords, c.handler);
                printed.atk = i32::from(c.atk);
                printed.damage_type = Some(c.damage_type);
                printed.strike_cost = u32::from(c.strike_cost);
            }
            Card::Armor(c) => {
                printed.kind = Kind::Armor;
                parts(&mut printed, c.cost, c.tags, c.keywords, c.handler);
                printed.defense = u32::from(c.defense);
            }
            Card::Item(c) => {
                printed.kind = Kind::Item;
                parts(&mut printed, c.cost, c.tags, c.keywords, c.handler);
            }
            Card::Ability(c) => {
                printed.kind = Kind::Ability;
                parts(&mut printed, c.cost, c.tags, c.keywords, c.handler);
            }
            Card::Quest(c) => {
                printed.kind = Kind::Quest;
                printed.handler = c.handler;
            }
        }
        printed
    }
}
