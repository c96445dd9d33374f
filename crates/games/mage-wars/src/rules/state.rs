//! The game state the rules act on: objects, their cards, players' mana and the event log.

use std::fmt;
use std::sync::Arc;

use grimoire_engine::{
    DiceError, EventLog, Object, ObjectId, ObjectStore, PlayerId, TraitEffectKind,
};
use serde::Serialize;

use super::model::{CardStats, Condition, DamageType, Marker, Trait};

/// Arena columns (A-D) and rows (1-3) of the standard arena.
pub const ARENA_COLUMNS: u32 = 4;
/// Arena rows.
pub const ARENA_ROWS: u32 = 3;

/// Parses a zone name such as `B2` (column letter A-D, row 1-3) into a zone number.
pub fn parse_zone(name: &str) -> Option<u32> {
    let mut chars = name.trim().chars();
    let column = chars.next()?.to_ascii_uppercase() as u32;
    let row: u32 = chars.as_str().parse().ok()?;
    let column = column.checked_sub('A' as u32)?;
    (column < ARENA_COLUMNS && (1..=ARENA_ROWS).contains(&row))
        .then_some((row - 1) * ARENA_COLUMNS + column)
}

/// Zones between two zones: zones are adjacent only across a side, so a diagonal zone is two
/// zones away (see docs/decisions.md, "Range is counted orthogonally").
pub fn zone_distance(a: u32, b: u32) -> u32 {
    let ((column_a, row_a), (column_b, row_b)) = (zone_position(a), zone_position(b));
    column_a.abs_diff(column_b) + row_a.abs_diff(row_b)
}

/// A zone's (column, row), both from 0: zone numbers run row by row.
pub fn zone_position(zone: u32) -> (u32, u32) {
    (zone % ARENA_COLUMNS, zone / ARENA_COLUMNS)
}

/// The name of a zone number (inverse of [`parse_zone`]).
pub fn zone_name(zone: u32) -> String {
    let column = char::from(b'A' + (zone % ARENA_COLUMNS) as u8);
    format!("{column}{}", zone / ARENA_COLUMNS + 1)
}

/// Why damage was dealt (reference: "Damage provenance"). Only [`DamageSource::Attack`] is
/// damage "dealt by the attack" (Vampiric, Mana Drain, Rage); condition damage still destroys,
/// and counts as being destroyed by damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DamageSource {
    /// Dealt by an attack.
    Attack,
    /// Direct damage from a condition (Burn, Rot, Bleed, a Tainted marker being placed) or an
    /// overflowing Corrode.
    Condition(Condition),
}

/// Every state change the rules make.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum GameEvent {
    /// An individual attack was declared.
    AttackDeclared {
        /// The attacker.
        attacker: ObjectId,
        /// The defender.
        defender: ObjectId,
    },
    /// A Dazed attacker missed.
    Missed {
        /// The attacker.
        attacker: ObjectId,
        /// The d12 result.
        roll: i32,
    },
    /// The defender avoided the attack with a Defense.
    Avoided {
        /// The defender.
        defender: ObjectId,
        /// The modified d12 result.
        roll: i32,
    },
    /// Attack dice were rolled.
    DiceRolled {
        /// The attacker.
        attacker: ObjectId,
        /// Number of dice.
        dice: u32,
        /// Normal damage rolled.
        normal: u32,
        /// Critical damage rolled.
        critical: u32,
    },
    /// The effect die was rolled.
    EffectRolled {
        /// The unmodified roll.
        roll: i32,
        /// The roll after modifiers.
        modified: i32,
    },
    /// Damage was placed on an object.
    Damaged {
        /// The object.
        object: ObjectId,
        /// Amount.
        amount: u32,
        /// Why.
        source: DamageSource,
    },
    /// Damage was removed.
    Healed {
        /// The object.
        object: ObjectId,
        /// Amount.
        amount: u32,
    },
    /// A marker count changed.
    Markers {
        /// The object.
        object: ObjectId,
        /// The marker.
        marker: Marker,
        /// The new count.
        count: u32,
    },
    /// The object moved to another zone.
    Moved {
        /// The object.
        object: ObjectId,
        /// The new zone.
        zone: u32,
    },
    /// The object was destroyed.
    Destroyed {
        /// The object.
        object: ObjectId,
        /// Destroyed because damage placed on it reached its Life (from an attack or a
        /// condition), rather than by losing Life or by another effect.
        by_damage: bool,
    },
    /// A player's mana changed.
    Mana {
        /// The player.
        player: PlayerId,
        /// The new amount.
        mana: u32,
    },
}

/// An error from the rules: a missing die in a script, or a request the state cannot serve.
#[derive(Debug, Clone, PartialEq)]
pub enum RulesError {
    /// A die was needed that the scripted dice do not provide.
    Dice(DiceError),
    /// No such object.
    UnknownObject(ObjectId),
    /// The object has no attack with that name.
    UnknownAttack {
        /// The card.
        card: String,
        /// The attack asked for.
        attack: String,
    },
    /// The attack cannot be made as asked.
    Illegal(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Dice(e) => write!(f, "{e}"),
            RulesError::UnknownObject(id) => write!(f, "no object {}", id.0),
            RulesError::UnknownAttack { card, attack } => {
                write!(f, "{card} has no attack named {attack:?}")
            }
            RulesError::Illegal(why) => write!(f, "illegal: {why}"),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<DiceError> for RulesError {
    fn from(e: DiceError) -> Self {
        RulesError::Dice(e)
    }
}

/// The game state.
#[derive(Debug, Clone, Default)]
pub struct Game {
    /// Objects with their markers and trait effects.
    pub store: ObjectStore<Trait, Marker>,
    /// Printed card of each object (index = object id).
    pub cards: Vec<Arc<CardStats>>,
    /// Mana of each player (index = player number).
    pub mana: Vec<u32>,
    /// Everything that happened.
    pub log: EventLog<GameEvent>,
    /// Attack dice of each individual attack of the last attack action.
    pub last_dice_rolled: Vec<u32>,
    /// Daze and Stun received from Damage Barriers and Counterstrikes during the current
    /// action, kept at the end of the Action Phase (supplement: Attack Procedure).
    pub(crate) kept_until_next_action: Vec<(ObjectId, Condition)>,
    /// Objects destroyed by damage reaching their Life (supplement: Goblin Bomber, Tainted).
    pub destroyed_by_damage: Vec<ObjectId>,
    /// Who placed each Taunt marker: (taunted creature, taunter).
    pub(crate) taunts: Vec<(ObjectId, ObjectId)>,
}

impl Game {
    /// An empty game.
    pub fn new() -> Self {
        Self::default()
    }

    /// Puts a card into play for `player` in `zone`.
    pub fn add_object(&mut self, card: CardStats, player: PlayerId, zone: u32) -> ObjectId {
        let id = self.store.insert(player, zone, card.traits.clone());
        self.cards.push(Arc::new(card));
        if self.mana.len() <= player.0 as usize {
            self.mana.resize(player.0 as usize + 1, 0);
        }
        id
    }

    /// The object, or an error.
    pub fn object(&self, id: ObjectId) -> Result<&Object<Trait, Marker>, RulesError> {
        self.store.get(id).ok_or(RulesError::UnknownObject(id))
    }

    /// The printed card of an object.
    pub fn card(&self, id: ObjectId) -> Result<&Arc<CardStats>, RulesError> {
        self.cards
            .get(id.0 as usize)
            .ok_or(RulesError::UnknownObject(id))
    }

    /// Attaches `child` (an enchantment or equipment) to `parent`, which gains the traits the
    /// child's card grants and loses those it removes, timestamped now; for a previous parent
    /// these effects end.
    pub fn attach(&mut self, child: ObjectId, parent: ObjectId) {
        let Some(card) = self.cards.get(child.0 as usize).map(Arc::clone) else {
            return;
        };
        let effects = card
            .grants
            .iter()
            .map(|t| (t, TraitEffectKind::Grant))
            .chain(card.removes.iter().map(|t| (t, TraitEffectKind::Remove)));
        if let Some(old) = self.store.get(child).and_then(|c| c.attached_to) {
            for (value, kind) in effects.clone() {
                self.store
                    .end_trait_effect(old, |e| e.kind == kind && e.value == *value);
            }
            self.traits_changed(old);
        }
        self.store.attach(child, parent);
        for (value, kind) in effects {
            self.change_trait(parent, value.clone(), kind);
        }
        self.traits_changed(parent);
    }

    /// Grants (or removes) a trait with a fresh timestamp.
    pub fn change_trait(&mut self, id: ObjectId, value: Trait, kind: TraitEffectKind) {
        self.store.add_trait_effect(id, value, kind);
    }

    /// True when the object has a trait matching `pred`.
    pub fn has(&self, id: ObjectId, pred: impl Fn(&Trait) -> bool) -> bool {
        let mut found = false;
        if let Some(o) = self.store.get(id) {
            o.for_each_trait(|t, _| found |= pred(t));
        }
        found
    }

    /// Sum of `value(trait)` over the object's traits.
    pub fn sum_traits(&self, id: ObjectId, value: impl Fn(&Trait) -> i32) -> i32 {
        let mut total = 0;
        if let Some(o) = self.store.get(id) {
            o.for_each_trait(|t, _| total += value(t));
        }
        total
    }

    /// Highest `value(trait)` over the object's traits (0 without one).
    pub fn max_trait(&self, id: ObjectId, value: impl Fn(&Trait) -> u32) -> u32 {
        let mut best = 0;
        if let Some(o) = self.store.get(id) {
            o.for_each_trait(|t, _| best = best.max(value(t)));
        }
        best
    }

    /// Number of `condition` markers on the object.
    pub fn conditions(&self, id: ObjectId, condition: Condition) -> u32 {
        self.store
            .get(id)
            .map_or(0, |o| o.marker_count(&Marker::Condition(condition)))
    }

    /// Armor before Corrode: printed armor plus Armor +/- X, never below 0; always 0 with
    /// No Armor or Incorporeal (codex: Armor, Incorporeal).
    pub fn armor_before_corrode(&self, id: ObjectId) -> u32 {
        if self.has(id, |t| matches!(t, Trait::NoArmor | Trait::Incorporeal)) {
            return 0;
        }
        let printed = self.cards.get(id.0 as usize).map_or(0, |c| c.armor as i32);
        let bonus = self.sum_traits(id, |t| if let Trait::Armor(x) = t { *x } else { 0 });
        (printed + bonus).max(0) as u32
    }

    /// Current armor: Corrode gives Armor -1 per marker, never below 0.
    pub fn armor(&self, id: ObjectId) -> u32 {
        self.armor_before_corrode(id)
            .saturating_sub(self.conditions(id, Condition::Corrode))
    }

    /// Current Life: printed Life plus Life +/- X. Life gained after Finite Life does not
    /// count (codex: Finite Life).
    pub fn life(&self, id: ObjectId) -> u32 {
        let Some(o) = self.store.get(id) else {
            return 0;
        };
        let printed = self.cards.get(id.0 as usize).map_or(0, |c| c.life as i32);
        let mut finite_since: Option<u64> = None;
        o.for_each_trait(|t, ts| {
            if matches!(t, Trait::FiniteLife) {
                finite_since = Some(finite_since.map_or(ts, |s: u64| s.min(ts)));
            }
        });
        let mut total = printed;
        o.for_each_trait(|t, ts| {
            if let Trait::Life(x) = t {
                let blocked = *x > 0 && finite_since.is_some_and(|since| ts >= since);
                if !blocked {
                    total += x;
                }
            }
        });
        total.max(0) as u32
    }

    /// True for Living creatures (creatures that are not Nonliving or Incorporeal).
    pub fn is_living(&self, id: ObjectId) -> bool {
        let creature = self
            .cards
            .get(id.0 as usize)
            .is_some_and(|c| c.card_type.eq_ignore_ascii_case("creature"));
        creature && !self.has(id, |t| matches!(t, Trait::Nonliving | Trait::Incorporeal))
    }

    /// The zone an object is in (equipment and enchantments: their own recorded zone).
    pub fn zone_of(&self, id: ObjectId) -> Option<u32> {
        self.store.get(id).map(|o| o.zone)
    }

    /// True when the object flies: it has Flying and is neither Restrained nor Incapacitated,
    /// which make it lose Flying (codex: Restrained, Incapacitated).
    pub fn is_flying(&self, id: ObjectId) -> bool {
        self.has(id, |t| matches!(t, Trait::Flying))
            && !self.is_restrained(id)
            && !self.is_incapacitated(id)
            && !self.is_guarding(id)
    }

    /// True while the object has a Guard marker.
    pub fn is_guarding(&self, id: ObjectId) -> bool {
        self.store
            .get(id)
            .is_some_and(|o| o.marker_count(&Marker::Guard) > 0)
    }

    /// True for creatures (Mages included).
    pub fn is_creature(&self, id: ObjectId) -> bool {
        self.cards
            .get(id.0 as usize)
            .is_some_and(|c| c.card_type.eq_ignore_ascii_case("creature"))
    }

    /// True for conjurations.
    pub fn is_conjuration(&self, id: ObjectId) -> bool {
        self.cards
            .get(id.0 as usize)
            .is_some_and(|c| c.card_type.to_ascii_lowercase().contains("conjuration"))
    }

    /// True when the object has Finite Life (all Nonliving objects do).
    pub fn has_finite_life(&self, id: ObjectId) -> bool {
        self.has(id, |t| {
            matches!(t, Trait::FiniteLife | Trait::Nonliving | Trait::Incorporeal)
        })
    }

    /// True when the object is immune to `damage`.
    pub fn is_immune(&self, id: ObjectId, damage: DamageType) -> bool {
        self.has(id, |t| *t == Trait::Immunity(damage))
    }

    /// True when a condition makes the object Incapacitated.
    pub fn is_incapacitated(&self, id: ObjectId) -> bool {
        Condition::ALL
            .iter()
            .any(|c| c.incapacitates() && self.conditions(id, *c) > 0)
    }

    /// True when a condition makes the object Restrained.
    pub fn is_restrained(&self, id: ObjectId) -> bool {
        Condition::ALL
            .iter()
            .any(|c| c.restrains() && self.conditions(id, *c) > 0)
    }

    /// True while the object is in play.
    pub fn in_play(&self, id: ObjectId) -> bool {
        self.store.get(id).is_some_and(|o| o.in_play)
    }

    /// Sets a marker count and logs it.
    pub fn set_markers(&mut self, id: ObjectId, marker: Marker, count: u32) {
        if let Some(o) = self.store.get_mut(id) {
            if o.marker_count(&marker) != count {
                o.set_markers(&marker, count);
                self.log.push(GameEvent::Markers {
                    object: id,
                    marker,
                    count,
                });
            }
        }
    }

    /// Sets a player's mana and logs it.
    pub fn set_mana(&mut self, player: PlayerId, mana: u32) {
        let index = player.0 as usize;
        if self.mana.len() <= index {
            self.mana.resize(index + 1, 0);
        }
        self.mana[index] = mana;
        self.log.push(GameEvent::Mana { player, mana });
    }

    /// Places damage (none on an Indestructible object), turns Sleep into Daze when damage is received, and destroys the object
    /// when its damage reaches its Life. Returns the damage placed.
    pub fn deal_damage(&mut self, id: ObjectId, amount: u32, source: DamageSource) -> u32 {
        let indestructible = self.has(id, |t| matches!(t, Trait::Indestructible));
        if amount == 0 || !self.in_play(id) || indestructible {
            return 0;
        }
        if let Some(o) = self.store.get_mut(id) {
            o.damage += amount;
        }
        self.log.push(GameEvent::Damaged {
            object: id,
            amount,
            source,
        });
        if self.conditions(id, Condition::Sleep) > 0 {
            self.set_markers(id, Marker::Condition(Condition::Sleep), 0);
            let dazes = self.conditions(id, Condition::Daze);
            self.set_markers(id, Marker::Condition(Condition::Daze), dazes + 1);
        }
        self.check_destroyed_by(id, true);
        amount
    }

    /// Removes up to `amount` damage (healing); Finite Life prevents it. Each Bleed marker is
    /// removed by preventing 1 point of that healing (supplement: Bleed). Returns the amount
    /// removed. Healing removes one Rage token.
    pub fn heal(&mut self, id: ObjectId, amount: u32) -> u32 {
        if self.has_finite_life(id) || !self.in_play(id) {
            return 0;
        }
        let damage = self.store.get(id).map_or(0, |o| o.damage);
        let healing = amount.min(damage);
        let bleeds = self.conditions(id, Condition::Bleed);
        let prevented = healing.min(bleeds);
        if prevented > 0 {
            self.set_markers(id, Marker::Condition(Condition::Bleed), bleeds - prevented);
        }
        let Some(o) = self.store.get_mut(id) else {
            return 0;
        };
        let healed = healing - prevented;
        o.damage -= healed;
        if healed > 0 {
            self.log.push(GameEvent::Healed {
                object: id,
                amount: healed,
            });
            let rage = self
                .store
                .get(id)
                .map_or(0, |o| o.marker_count(&Marker::Rage));
            let no_damage = self.store.get(id).is_some_and(|o| o.damage == 0);
            self.set_markers(
                id,
                Marker::Rage,
                if no_damage { 0 } else { rage.saturating_sub(1) },
            );
        }
        healed
    }

    /// Destroys the object if its damage has reached its Life after its Life dropped (not
    /// destroyed by damage: ruling 59).
    pub fn check_destroyed(&mut self, id: ObjectId) {
        self.check_destroyed_by(id, false);
    }

    /// Destroys the object if its damage has reached its Life; `by_damage` when damage was just
    /// placed on it.
    fn check_destroyed_by(&mut self, id: ObjectId, by_damage: bool) {
        let life = self.life(id);
        let reached = self
            .store
            .get(id)
            .is_some_and(|o| life > 0 && o.damage >= life);
        if reached {
            self.destroy_by(id, by_damage);
        }
    }

    /// Destroys the object (not by damage).
    pub fn destroy(&mut self, id: ObjectId) {
        self.destroy_by(id, false);
    }

    fn destroy_by(&mut self, id: ObjectId, by_damage: bool) {
        if let Some(o) = self.store.get_mut(id) {
            if o.in_play {
                o.in_play = false;
                self.log.push(GameEvent::Destroyed {
                    object: id,
                    by_damage,
                });
                if by_damage {
                    self.destroyed_by_damage.push(id);
                }
            }
        }
    }

    /// True when the object was destroyed by damage reaching its Life.
    pub fn was_destroyed_by_damage(&self, id: ObjectId) -> bool {
        self.destroyed_by_damage.contains(&id)
    }

    /// The creature that placed the Taunt marker on `id`, while it has one.
    pub fn taunter(&self, id: ObjectId) -> Option<ObjectId> {
        if self.conditions(id, Condition::Taunt) == 0 {
            return None;
        }
        self.taunts
            .iter()
            .find(|(taunted, _)| *taunted == id)
            .map(|&(_, taunter)| taunter)
    }

    /// Places a Taunt marker on `id` naming `taunter` (codex: Taunt). Taunt counts once: a new
    /// taunter replaces the previous one. A creature cannot Taunt itself: the Taunt is canceled.
    pub fn taunt(&mut self, id: ObjectId, taunter: ObjectId) {
        if id == taunter {
            return;
        }
        self.taunts.retain(|(taunted, _)| *taunted != id);
        self.taunts.push((id, taunter));
        self.set_markers(id, Marker::Condition(Condition::Taunt), 1);
    }

    /// Removes the Taunt marker from `id` and forgets its taunter.
    pub fn remove_taunt(&mut self, id: ObjectId) {
        self.taunts.retain(|(taunted, _)| *taunted != id);
        self.set_markers(id, Marker::Condition(Condition::Taunt), 0);
    }

    /// Moves the object to `zone`.
    pub fn move_to(&mut self, id: ObjectId, zone: u32) {
        if let Some(o) = self.store.get_mut(id) {
            o.zone = zone;
            self.log.push(GameEvent::Moved { object: id, zone });
        }
    }

    /// Applies what follows a change of traits: excess Corrode falls off and the object is
    /// destroyed if its damage now reaches its Life.
    pub fn traits_changed(&mut self, id: ObjectId) {
        self.drop_excess_corrode(id);
        self.check_destroyed(id);
    }

    /// Removes Corrode markers beyond the armor they can reduce (supplement: Corrode).
    pub fn drop_excess_corrode(&mut self, id: ObjectId) {
        let armor = self.armor_before_corrode(id);
        if self.conditions(id, Condition::Corrode) > armor {
            self.set_markers(id, Marker::Condition(Condition::Corrode), armor);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_round_trip() {
        assert_eq!(parse_zone("A1"), Some(0));
        assert_eq!(parse_zone("b2"), Some(5));
        assert_eq!(parse_zone("E1"), None);
        assert_eq!(parse_zone("A4"), None);
        assert_eq!(zone_name(11), "D3");
    }

    #[test]
    fn finite_life_blocks_later_life_gains_only() {
        let mut game = Game::new();
        let card = CardStats {
            life: 10,
            card_type: "Creature".into(),
            ..CardStats::default()
        };
        let id = game.add_object(card, PlayerId(1), 0);
        game.change_trait(id, Trait::Life(3), TraitEffectKind::Grant);
        game.change_trait(id, Trait::FiniteLife, TraitEffectKind::Grant);
        game.change_trait(id, Trait::Life(4), TraitEffectKind::Grant);
        assert_eq!(game.life(id), 13);
    }
}
