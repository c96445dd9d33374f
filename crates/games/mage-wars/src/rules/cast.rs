//! Planning, casting and revealing spells (supplement: Spell Range, Targeting, Equipment,
//! Revealing Enchantments, Duplicate Enchantments; codex: Quick Spell, Full Spell, Quickcast
//! Action).
//!
//! A Mage casts the spells its player planned this round: paying the mana (cost plus X per
//! point of X, X being the target's Level), in range of the Mage's zone, on a target its
//! target line allows. What each kind does:
//! - creature: summoned into the target zone (it acts from the next round);
//! - conjuration: put into the target zone (one of a name per zone); a wall onto a zone
//!   border (one wall per border), with a second copy on a connected border when it is
//!   Extendable and the extra cost is paid ([`super::walls`]);
//! - equipment: attached to the Mage, replacing a friendly item in the same location (that
//!   one goes back to the spellbook);
//! - enchantment: attached face down to the target object, or put face down on the target
//!   zone, revealed later for its reveal cost; a revealed one acts through the traits it
//!   grants and its abilities (a zone enchantment's auras reach its zone);
//! - incantation: resolves (its own ability is not modelled yet and is logged);
//! - attack spell: the Mage makes its attack through the attack sequence.
//!
//! Every card-level ability the engine does not model is logged once per object
//! (`handlers::meet`).

use grimoire_engine::{Dice, ObjectId, PlayerId, Zone};
use serde::Serialize;
use smallvec::SmallVec;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;
use std::str::FromStr;

use super::attack::{attack_action, AttackOptions, AttackTarget};
use super::card::{ObjectKind, Printed};
use super::casters;
use super::content::{
    AbilityEffect, AbilityTrigger, ActionSpeed, Card, ConjurationForm, EffectOp, EquipmentSlot,
    School, SchoolLevel, SpellType, Subtype, Trait,
};
use super::handlers::meet;
use super::play::{Match, PlayEvent, Step};
use super::profile::AttackProfile;
use super::refusal::{CastRefusal, RevealRefusal, SpellRefusal};
use super::round::flush;
use super::state::{Marker, RulesError};
use super::walls::{self, Border};

/// Spells a player plans each round.
pub const PLANNED_PER_ROUND: usize = 2;

/// What a spell is cast on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SpellTarget {
    /// A zone (creatures and conjurations are put there; zone attacks hit it).
    Zone(Zone),
    /// An object in play.
    Object(ObjectId),
    /// The whole arena (target line "Arena").
    Arena,
    /// A zone border (walls), and for an Extendable wall, the border connected to it that a
    /// second copy goes on.
    Border {
        /// The border the wall is cast on.
        border: Border,
        /// Extendable: the second wall's border.
        extend: Option<Border>,
    },
}

/// Planning: `spell` is a spell of the player's spellbook with a copy left, and fewer than two
/// are planned.
pub fn check_plan(state: &Match, player: PlayerId, spell: usize) -> Result<(), RulesError> {
    let seat = state.seat(player)?;
    if seat.planned.len() >= PLANNED_PER_ROUND {
        return Err(CastRefusal::PlannedAlready {
            limit: PLANNED_PER_ROUND,
        }
        .into());
    }
    match seat.spellbook.get(spell) {
        Some((_, copies)) if *copies > 0 => Ok(()),
        Some((card, _)) => Err(CastRefusal::NoCopyLeft { spell: card.name() }.into()),
        None => Err(CastRefusal::NoSpellNumber(spell).into()),
    }
}

/// Plans `spell`: one copy leaves the spellbook for the round.
pub fn plan(
    state: &mut Match,
    player: PlayerId,
    spell: usize,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    check_plan(state, player, spell)?;
    let seat = state.seat_mut(player)?;
    let (card, copies) = &mut seat.spellbook[spell];
    *copies -= 1;
    let card = card.name();
    seat.planned.push(spell);
    events.push(PlayEvent::Planned { player, card });
    Ok(())
}

/// The fields of a spell card that casting reads.
pub(super) struct Casting {
    cost: u8,
    cost_per_x: u8,
    speed: ActionSpeed,
    min: u8,
    max: u8,
    target: &'static str,
}

/// The fields of `card` that casting reads (none for a Mage or marker card).
pub(super) fn casting(card: Card) -> Option<Casting> {
    macro_rules! of {
        ($c:expr) => {
            Casting {
                cost: $c.cost,
                cost_per_x: $c.cost_per_x,
                speed: $c.action,
                min: $c.range.min,
                max: $c.range.max,
                target: $c.target,
            }
        };
    }
    Some(match card {
        Card::Creature(c) => of!(c),
        Card::Conjuration(c) => of!(c),
        Card::Enchantment(c) => of!(c),
        Card::Equipment(c) => of!(c),
        Card::Incantation(c) => of!(c),
        Card::Attack(c) => of!(c),
        Card::Mage(_) | Card::Marker(_) => return None,
    })
}

/// Whether `card` is a full spell (it takes a full action to cast).
pub(super) fn is_full_spell(card: Card) -> bool {
    casting(card).is_some_and(|c| c.speed == ActionSpeed::Full)
}

/// One word of a target line's alternative besides its noun.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Word {
    Friendly,
    Trait(Trait),
    NotTrait(Trait),
    NonMage,
    Subtype(Subtype),
    /// A word play does not read: the alternative matches nothing.
    Unknown,
}

/// The noun of an alternative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Noun {
    Zone,
    Creature,
    Conjuration,
    Mage,
    Object,
    Arena,
    /// "Zone Border": walls.
    ZoneBorder,
    /// A noun play does not read (Zone Border, Enchantment...): nothing matches.
    Unknown,
}

/// A target line read as alternatives ("Creature or Conjuration"), each a noun with the words
/// before it ("Non-Mage Living Creature"). See docs/decisions.md, "Mage Wars: target lines".
fn read_target_line(line: &str) -> Vec<(Noun, Vec<Word>)> {
    line.split(" or ")
        .map(|alternative| {
            let words: Vec<&str> = alternative
                .split([' ', ','])
                .filter(|w| !w.is_empty())
                .collect();
            if alternative.trim().eq_ignore_ascii_case("zone border") {
                return (Noun::ZoneBorder, Vec::new());
            }
            let Some((noun, rest)) = words.split_last() else {
                return (Noun::Unknown, Vec::new());
            };
            let noun = match noun.to_ascii_lowercase().as_str() {
                "zone" => Noun::Zone,
                "creature" => Noun::Creature,
                "conjuration" => Noun::Conjuration,
                "mage" => Noun::Mage,
                "object" => Noun::Object,
                "arena" => Noun::Arena,
                _ => Noun::Unknown,
            };
            let words = rest
                .iter()
                .map(|w| match w.to_ascii_lowercase().as_str() {
                    "friendly" => Word::Friendly,
                    "living" => Word::Trait(Trait::Living),
                    "nonliving" => Word::Trait(Trait::Nonliving),
                    "corporeal" => Word::Trait(Trait::Corporeal),
                    "incorporeal" => Word::Trait(Trait::Incorporeal),
                    "flying" => Word::Trait(Trait::Flying),
                    "non-flying" => Word::NotTrait(Trait::Flying),
                    "non-epic" => Word::NotTrait(Trait::Epic),
                    "non-mage" => Word::NonMage,
                    other => Subtype::from_str(&capitalised(other))
                        .map(Word::Subtype)
                        .unwrap_or(Word::Unknown),
                })
                .collect();
            (noun, words)
        })
        .collect()
}

/// `soldier` → `Soldier`.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A target line as [`read_target_line`] reads it, shared.
type TargetLine = Rc<[(Noun, Box<[Word]>)]>;

/// Hashes the address of a card's target line (a `&'static str` of the generated tables).
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_usize(usize::from(byte));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The target line read once per thread, found again by its address (cards' target lines are
/// few and never change; a cast is checked for every candidate target while listing legal
/// actions).
fn target_line(line: &'static str) -> TargetLine {
    type Lines = HashMap<(usize, usize), TargetLine, BuildHasherDefault<AddressHasher>>;
    thread_local! {
        static READ: RefCell<Lines> = RefCell::default();
    }
    let key = (line.as_ptr() as usize, line.len());
    READ.with(|read| {
        if let Some(known) = read.borrow().get(&key) {
            return Rc::clone(known);
        }
        let parsed: TargetLine = read_target_line(line)
            .into_iter()
            .map(|(noun, words)| (noun, words.into_boxed_slice()))
            .collect();
        read.borrow_mut().insert(key, Rc::clone(&parsed));
        parsed
    })
}

/// Whether `target` fits the target line for a spell `player` casts.
fn fits(state: &Match, player: PlayerId, line: &'static str, target: SpellTarget) -> bool {
    fits_line(state, player, &target_line(line), target)
}

/// [`fits`] with the target line already read.
fn fits_line(
    state: &Match,
    player: PlayerId,
    line: &[(Noun, Box<[Word]>)],
    target: SpellTarget,
) -> bool {
    line.iter().any(|(noun, words)| {
        let object = match (noun, target) {
            (Noun::Zone, SpellTarget::Zone(_))
            | (Noun::Arena, SpellTarget::Arena)
            | (Noun::ZoneBorder, SpellTarget::Border { .. }) => return words.is_empty(),
            (
                Noun::Creature | Noun::Conjuration | Noun::Mage | Noun::Object,
                SpellTarget::Object(o),
            ) => o,
            _ => return false,
        };
        let Ok(o) = state.game.object(object) else {
            return false;
        };
        let Ok(card) = state.game.card(object) else {
            return false;
        };
        if !o.in_play || o.attached_to.is_some() {
            return false;
        }
        let kind_fits = match noun {
            Noun::Creature => card.is_creature(),
            Noun::Conjuration => card.is_conjuration(),
            Noun::Mage => card.kind == ObjectKind::Mage,
            _ => card.is_creature() || card.is_conjuration(),
        };
        kind_fits
            && words.iter().all(|word| match *word {
                Word::Friendly => o.controller == player,
                Word::Trait(t) => state.game.has_trait(object, t),
                Word::NotTrait(t) => !state.game.has_trait(object, t),
                Word::NonMage => card.kind != ObjectKind::Mage,
                Word::Subtype(s) => card.subtypes.contains(&s),
                Word::Unknown => false,
            })
    })
}

/// The zone of a target (`None` for the arena, which range does not limit).
fn target_zone(state: &Match, target: SpellTarget) -> Result<Option<Zone>, RulesError> {
    Ok(match target {
        SpellTarget::Zone(zone) => {
            if zone.0 >= state.game.arena.columns * state.game.arena.rows {
                return Err(CastRefusal::NoZone(zone).into());
            }
            Some(zone)
        }
        SpellTarget::Object(o) => Some(state.game.object(o)?.zone),
        SpellTarget::Arena => None,
        SpellTarget::Border { border, .. } => Some(border.place(&state.game.arena)),
    })
}

/// What a checked cast will do.
#[derive(Debug, Clone)]
pub struct CastPlan {
    card: Card,
    caster: ObjectId,
    cost: u32,
    /// The objects whose casting discounts lowered the cost (each spends a use).
    discounted_by: Discounters,
}

/// Objects whose `cast_discount` abilities apply to one spell.
type Discounters = SmallVec<[ObjectId; 2]>;

/// A spell card's type, subtypes and schools, as casting discounts read them.
pub(super) fn spell_kind(
    card: Card,
) -> Option<(SpellType, &'static [Subtype], &'static [SchoolLevel])> {
    Some(match card {
        Card::Creature(c) => (SpellType::Creature, c.subtypes, c.schools),
        Card::Conjuration(c) => (SpellType::Conjuration, c.subtypes, c.schools),
        Card::Enchantment(e) => (SpellType::Enchantment, e.subtypes, e.schools),
        Card::Equipment(e) => (SpellType::Equipment, e.subtypes, e.schools),
        Card::Incantation(i) => (SpellType::Incantation, i.subtypes, i.schools),
        Card::Attack(a) => (SpellType::Attack, a.subtypes, a.schools),
        Card::Mage(_) | Card::Marker(_) => return None,
    })
}

/// The casting discounts that apply to `card` for `caster` now: each `while_in_play`
/// `cast_discount` ability of what the caster wears (in play: worn equipment, revealed
/// enchantments) whose subtypes and kinds the spell matches and whose uses this round are
/// not spent. An enchantment's discount comes off its reveal cost, never its casting cost
/// (docs/decisions.md, "Mage Wars: casting discounts"). Returns the total and who gives it.
pub(super) fn discounts(
    state: &Match,
    caster: ObjectId,
    card: Card,
    revealing: bool,
) -> (u32, Discounters) {
    let mut found = Discounters::new();
    let mut total = 0u32;
    let Some((kind, subtypes, schools)) = spell_kind(card) else {
        return (0, found);
    };
    if (kind == SpellType::Enchantment) != revealing {
        return (0, found);
    }
    let Ok(mage) = state.game.object(caster) else {
        return (0, found);
    };
    for &worn in &mage.attachments {
        let (Some(object), Ok(printed)) = (state.game.store.get(worn), state.game.card(worn))
        else {
            continue;
        };
        if !object.in_play {
            continue;
        }
        let used = object.marker_count(&Marker::DiscountUsed);
        for ability in printed.abilities {
            if ability.trigger != AbilityTrigger::WhileInPlay {
                continue;
            }
            for effect in ability.effects {
                let &AbilityEffect::CastDiscount {
                    amount,
                    subtypes: wanted,
                    schools: wanted_schools,
                    kinds,
                    per_round,
                } = effect
                else {
                    continue;
                };
                let fits = (kinds.is_empty() || kinds.contains(&kind))
                    && of_subtypes_or_schools(wanted, wanted_schools, subtypes, schools);
                if fits && used < u32::from(per_round) && !found.contains(&worn) {
                    total += u32::from(amount);
                    found.push(worn);
                }
            }
        }
    }
    (total, found)
}

/// Whether a spell with `subtypes` and `schools` has one of the `wanted` subtypes or belongs
/// to one of the `wanted_schools` (neither listed: any spell), as casting discounts and the
/// limits of a caster's spells read them.
pub(super) fn of_subtypes_or_schools(
    wanted: &[Subtype],
    wanted_schools: &[School],
    subtypes: &[Subtype],
    schools: &[SchoolLevel],
) -> bool {
    (wanted.is_empty() && wanted_schools.is_empty())
        || wanted.iter().any(|s| subtypes.contains(s))
        || schools.iter().any(|s| wanted_schools.contains(&s.school))
}

/// Spends one use of each discount in `by` (see [`discounts`]).
fn spend_discounts(state: &mut Match, by: &[ObjectId]) {
    for &object in by {
        let used = state
            .game
            .store
            .get(object)
            .map_or(0, |o| o.marker_count(&Marker::DiscountUsed));
        state
            .game
            .set_markers(object, Marker::DiscountUsed, used.saturating_add(1));
    }
}

/// The checks of a cast that do not depend on its target: the spell is planned and is a
/// spell, the Mage is in play and may cast it now (its action, or its quickcast action for a
/// quick spell), and an Incapacitated Mage's limits. [`check_cast`] starts with them, and
/// listing legal actions skips every target of a spell that fails them.
pub(super) fn check_cast_now(
    state: &Match,
    player: PlayerId,
    spell: usize,
    quickcast: bool,
) -> Result<(Card, Casting), RulesError> {
    let seat = state.seat(player)?;
    if !seat.planned.contains(&spell) {
        return Err(CastRefusal::NotPlanned(spell).into());
    }
    let card = seat.spellbook[spell].0;
    let caster = seat.mage;
    let cast = casting(card).ok_or(CastRefusal::NotASpellCard { card: card.name() })?;
    if !state.game.in_play(caster) {
        return Err(CastRefusal::MageDestroyed.into());
    }
    let illegal = |why: SpellRefusal| {
        Err(RulesError::from(CastRefusal::Spell {
            spell: card.name(),
            why,
        }))
    };
    // The action it takes.
    if quickcast {
        let before_phase = matches!(state.step, Step::Activation { player: p } if p == player)
            || matches!(state.step, Step::FinalQuickcast { player: p, .. } if p == player);
        if !before_phase || !seat.quickcast || cast.speed != ActionSpeed::Quick {
            return illegal(SpellRefusal::Quickcast);
        }
    } else {
        let Step::Acting {
            creature, moves, ..
        } = state.step
        else {
            return illegal(SpellRefusal::NoAction);
        };
        if creature != caster {
            return illegal(SpellRefusal::NotActiveMage);
        }
        match cast.speed {
            ActionSpeed::Quick => super::movement::check_quick_action(state, caster, moves)?,
            ActionSpeed::Full => super::movement::check_full_action(state, caster, moves)?,
        }
    }
    // codex: Incapacitated: a Mage still casts quick spells that are not attack spells.
    if state.game.is_incapacitated(caster)
        && (cast.speed == ActionSpeed::Full || matches!(card, Card::Attack(_)))
    {
        return illegal(SpellRefusal::Incapacitated);
    }
    Ok((card, cast))
}

/// A cheap first look at the targets of a spell that [`check_cast_now`] allowed: calls
/// `found` with those of `targets` that fit the spell's target line and lie within its range,
/// in order. Listing legal actions tries only these (the full [`check_cast`] then decides); it
/// builds no messages.
pub(super) fn targets_in_reach(
    state: &Match,
    player: PlayerId,
    caster: ObjectId,
    cast: &Casting,
    targets: &[SpellTarget],
    mut found: impl FnMut(SpellTarget),
) {
    let line = target_line(cast.target);
    let from = state.game.zone_of(caster).unwrap_or(Zone(0));
    let in_range = |zone: Zone| {
        let distance = walls::distance(&state.game.arena, from, zone);
        distance >= u32::from(cast.min) && distance <= u32::from(cast.max)
    };
    for &target in targets {
        let reached = match target {
            SpellTarget::Zone(zone) => {
                zone.0 < state.game.arena.columns * state.game.arena.rows && in_range(zone)
            }
            SpellTarget::Object(o) => state.game.object(o).is_ok_and(|o| in_range(o.zone)),
            SpellTarget::Arena => true,
            SpellTarget::Border { border, .. } => in_range(border.place(&state.game.arena)),
        };
        if reached && fits_line(state, player, &line, target) {
            found(target);
        }
    }
}

/// Every check of a cast that needs no dice: the spell is planned, the Mage may cast it now
/// (its action in its own Action Phase, or its quickcast action for a quick spell before a
/// friendly Action Phase or in the Final Quickcast Phase), mana, range, the target line and
/// what the spell's kind needs of its target.
pub fn check_cast(
    state: &Match,
    player: PlayerId,
    spell: usize,
    target: SpellTarget,
    quickcast: bool,
) -> Result<CastPlan, RulesError> {
    let (card, cast) = check_cast_now(state, player, spell, quickcast)?;
    let caster = state.seat(player)?.mage;
    check_spell(state, player, caster, card, &cast, target)
}

/// Every check of a cast by a familiar or spawnpoint that needs no dice: the checks of
/// [`casters::check_cast_by_now`], then mana (the caster's own and its player's pool), range
/// and line of sight from the caster's zone, the target line and what the spell's kind needs.
pub fn check_cast_by(
    state: &Match,
    player: PlayerId,
    caster: ObjectId,
    target: SpellTarget,
) -> Result<CastPlan, RulesError> {
    let spell = casters::check_cast_by_now(state, player, caster)?;
    let card = state.seat(player)?.spellbook[spell].0;
    let cast = casting(card).ok_or(CastRefusal::NotASpellCard { card: card.name() })?;
    check_spell(state, player, caster, card, &cast, target)
}

/// A spell's checks once its caster may cast it now: the target line, range and line of sight
/// from `caster`'s zone, mana and what its kind needs of the target. Casting discounts lower
/// only what a Mage casts (supplement: rings).
fn check_spell(
    state: &Match,
    player: PlayerId,
    caster: ObjectId,
    card: Card,
    cast: &Casting,
    target: SpellTarget,
) -> Result<CastPlan, RulesError> {
    let illegal = |why: SpellRefusal| {
        Err(RulesError::from(CastRefusal::Spell {
            spell: card.name(),
            why,
        }))
    };
    if !fits(state, player, cast.target, target) {
        return illegal(SpellRefusal::TargetLine { line: cast.target });
    }
    if let Some(zone) = target_zone(state, target)? {
        let from = state.game.zone_of(caster).unwrap_or(Zone(0));
        let distance = walls::distance(&state.game.arena, from, zone);
        if distance < u32::from(cast.min) || distance > u32::from(cast.max) {
            return illegal(SpellRefusal::OutOfRange {
                min: cast.min,
                max: cast.max,
                distance,
            });
        }
        // supplement: Targeting: the caster must see the target (codex: LoS).
        if !walls::line_of_sight(&state.game, from, zone) {
            return illegal(SpellRefusal::NoLineOfSight);
        }
    }
    let x = match target {
        _ if cast.cost_per_x == 0 => 0,
        SpellTarget::Object(o) => u32::from(state.game.card(o)?.level),
        _ => return illegal(SpellRefusal::XWithoutObject),
    };
    let extension = match target {
        SpellTarget::Border {
            extend: Some(_), ..
        } => extension_cost(card),
        _ => 0,
    };
    let by_mage = caster == state.seat(player)?.mage;
    let (discount, discounted_by) = if by_mage {
        discounts(state, caster, card, false)
    } else {
        (0, Discounters::new())
    };
    let cost = (u32::from(cast.cost) + u32::from(cast.cost_per_x) * x).saturating_sub(discount)
        + extension;
    let mana = state.game.mana_of(player) + casters::mana_on(&state.game, caster);
    if cost > mana {
        return illegal(SpellRefusal::CannotPay { cost, player, mana });
    }
    check_kind(state, player, caster, card, target)?;
    check_in_play_limits(state, player, card, target)?;
    Ok(CastPlan {
        card,
        caster,
        cost,
        discounted_by,
    })
}

/// The limits on copies in play (codex: Legendary, only one object of the name in play at a
/// time; Unique, one of the name in play per player, counted among the objects `player`
/// controls; Zone Exclusive, one Zone Exclusive conjuration in a zone).
fn check_in_play_limits(
    state: &Match,
    player: PlayerId,
    card: Card,
    target: SpellTarget,
) -> Result<(), RulesError> {
    let printed = card_traits(card);
    let illegal = |why: SpellRefusal| {
        Err(RulesError::from(CastRefusal::Spell {
            spell: card.name(),
            why,
        }))
    };
    let in_play = |o: &&grimoire_engine::Object<Trait, super::state::Marker, Zone>| {
        o.in_play && state.name(o.id) == card.name()
    };
    if printed.contains(&Trait::Legendary) && state.game.store.iter().any(|o| in_play(&o)) {
        return illegal(SpellRefusal::Legendary);
    }
    if printed.contains(&Trait::Unique)
        && state
            .game
            .store
            .iter()
            .any(|o| in_play(&o) && o.controller == player)
    {
        return illegal(SpellRefusal::Unique { player });
    }
    if let (true, SpellTarget::Zone(zone)) = (printed.contains(&Trait::ZoneExclusive), target) {
        let taken = state.game.store.iter().any(|o| {
            o.in_play
                && o.zone == zone
                && o.attached_to.is_none()
                && state.game.has_trait(o.id, Trait::ZoneExclusive)
        });
        if taken {
            return illegal(SpellRefusal::ZoneExclusive);
        }
    }
    Ok(())
}

/// The traits a spell card prints.
fn card_traits(card: Card) -> &'static [Trait] {
    match card {
        Card::Creature(c) => c.traits,
        Card::Conjuration(c) => c.traits,
        Card::Enchantment(c) => c.traits,
        Card::Equipment(c) => c.traits,
        Card::Incantation(c) => c.traits,
        Card::Attack(c) => c.traits,
        Card::Mage(c) => c.traits,
        Card::Marker(c) => c.traits,
    }
}

/// What the kind of spell needs of its target.
fn check_kind(
    state: &Match,
    player: PlayerId,
    caster: ObjectId,
    card: Card,
    target: SpellTarget,
) -> Result<(), RulesError> {
    let illegal = |why: SpellRefusal| {
        Err(RulesError::from(CastRefusal::Spell {
            spell: card.name(),
            why,
        }))
    };
    match (card, target) {
        (Card::Creature(_), SpellTarget::Zone(_)) => Ok(()),
        (Card::Creature(_), _) => illegal(SpellRefusal::CreatureNeedsZone),
        (Card::Conjuration(c), SpellTarget::Zone(zone)) => {
            if c.form == ConjurationForm::Wall {
                return illegal(SpellRefusal::WallNeedsBorder);
            }
            let same = state
                .game
                .store
                .iter()
                .any(|o| o.in_play && o.zone == zone && state.name(o.id) == c.name);
            if same {
                return illegal(SpellRefusal::SameConjuration);
            }
            Ok(())
        }
        (Card::Conjuration(c), SpellTarget::Border { border, extend }) => {
            if c.form != ConjurationForm::Wall {
                return illegal(SpellRefusal::BorderNeedsWall);
            }
            if !walls::walls_on(&state.game, border).is_empty() {
                return illegal(SpellRefusal::BorderTaken);
            }
            let Some(second) = extend else {
                return Ok(());
            };
            if !c.traits.contains(&Trait::Extendable) {
                return illegal(SpellRefusal::NotExtendable);
            }
            let arena = state.game.arena;
            if !border.connected(second, &arena) || !walls::walls_on(&state.game, second).is_empty()
            {
                return illegal(SpellRefusal::ExtensionNotConnected);
            }
            let seat = state.seat(player)?;
            let copies = seat
                .spellbook
                .iter()
                .filter(|(card, _)| card.name() == c.name)
                .map(|(_, copies)| *copies)
                .sum::<u32>();
            if copies == 0 {
                return illegal(SpellRefusal::NoSecondCopy);
            }
            // supplement: Extendable: the second wall needs line of sight, not range, and the
            // first wall does not block it.
            let from = state.game.zone_of(caster).unwrap_or(Zone(0));
            if !walls::line_of_sight_except(&state.game, from, second.place(&arena), Some(border)) {
                return illegal(SpellRefusal::NoLineOfSight);
            }
            Ok(())
        }
        (Card::Conjuration(c), SpellTarget::Arena) if c.form == ConjurationForm::Wall => {
            illegal(SpellRefusal::WallNeedsBorder)
        }
        (_, SpellTarget::Border { .. }) => illegal(SpellRefusal::BorderNeedsWall),
        (Card::Conjuration(_), _) => illegal(SpellRefusal::AttachedConjurationNotModelled),
        (Card::Equipment(_), SpellTarget::Object(o)) if o == state.seat(player)?.mage => Ok(()),
        (Card::Equipment(_), _) => illegal(SpellRefusal::EquipmentOnCaster),
        (Card::Enchantment(e), SpellTarget::Object(o)) => {
            // supplement: Duplicate Enchantments.
            let object = state.game.object(o)?;
            let clash = object.attachments.iter().any(|&child| {
                state.name(child) == e.name
                    && (!state.hidden.contains(&child)
                        || state
                            .game
                            .object(child)
                            .is_ok_and(|c| c.controller == player))
            });
            if clash {
                return illegal(SpellRefusal::SameEnchantment);
            }
            Ok(())
        }
        (Card::Enchantment(e), SpellTarget::Zone(zone)) => {
            // supplement: Duplicate Enchantments, read for a zone: no second enchantment of
            // the name on the zone that the caster can see.
            let clash = state.game.store.iter().any(|o| {
                o.zone == zone
                    && o.attached_to.is_none()
                    && state.name(o.id) == e.name
                    && (o.in_play || (state.hidden.contains(&o.id) && o.controller == player))
            });
            if clash {
                return illegal(SpellRefusal::SameEnchantment);
            }
            Ok(())
        }
        (Card::Enchantment(_), _) => illegal(SpellRefusal::EnchantmentNeedsObjectOrZone),
        (Card::Incantation(_), _) => Ok(()),
        (Card::Attack(a), target) => {
            let Some(bar) = a.attacks.first() else {
                return illegal(SpellRefusal::NoAttack);
            };
            let zone_attack = super::profile::bar_has(bar, Trait::ZoneAttack);
            match (zone_attack, target) {
                (true, SpellTarget::Zone(_)) | (false, SpellTarget::Object(_)) => Ok(()),
                _ => illegal(SpellRefusal::AttackKind),
            }
        }
        (Card::Mage(_) | Card::Marker(_), _) => illegal(SpellRefusal::NotASpell),
    }
}

/// Casts a planned spell: pays, then the spell's kind acts (see the module documentation).
pub fn cast(
    state: &mut Match,
    player: PlayerId,
    spell: usize,
    target: SpellTarget,
    quickcast: bool,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let CastPlan {
        card,
        caster,
        cost,
        discounted_by,
    } = check_cast(state, player, spell, target, quickcast)?;
    spend_discounts(state, &discounted_by);
    let seat = state.seat_mut(player)?;
    if let Some(position) = seat.planned.iter().position(|&s| s == spell) {
        seat.planned.remove(position);
    }
    if quickcast {
        seat.quickcast = false;
    }
    resolve(state, player, caster, card, cost, target, dice, events)
}

/// A familiar or spawnpoint casts the spell planned for it (see [`super::casters`]): paid from
/// its own mana first, then from its player's pool.
pub fn cast_by(
    state: &mut Match,
    player: PlayerId,
    caster: ObjectId,
    target: SpellTarget,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let CastPlan {
        card, caster, cost, ..
    } = check_cast_by(state, player, caster, target)?;
    let seat = state.seat_mut(player)?;
    if let Some(position) = seat.assigned.iter().position(|&(c, _)| c == caster) {
        seat.assigned.remove(position);
    }
    resolve(state, player, caster, card, cost, target, dice, events)
}

/// A checked cast goes on: `cost` is paid (from the caster's own mana, then the pool), the
/// spell becomes an object and its kind acts.
#[allow(clippy::too_many_arguments)]
fn resolve(
    state: &mut Match,
    player: PlayerId,
    caster: ObjectId,
    card: Card,
    cost: u32,
    target: SpellTarget,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let own = casters::mana_on(&state.game, caster).min(cost);
    if own > 0 {
        let left = casters::mana_on(&state.game, caster) - own;
        state.game.set_markers(caster, Marker::Mana, left);
    }
    let mana = state.game.mana_of(player);
    state.game.set_mana(player, mana - (cost - own));
    let caster_zone = state.game.zone_of(caster).unwrap_or(Zone(0));
    let zone = match target {
        SpellTarget::Zone(z) => z,
        SpellTarget::Object(o) => state.game.zone_of(o).unwrap_or(caster_zone),
        SpellTarget::Arena => caster_zone,
        SpellTarget::Border { border, .. } => border.place(&state.game.arena),
    };
    let object = state
        .game
        .add_object(Printed::from_card(card), player, zone);
    state.sources.push(card);
    flush(&mut state.game, events);
    events.push(PlayEvent::Cast {
        player,
        object,
        target,
    });
    if let SpellTarget::Border {
        extend: Some(second),
        ..
    } = target
    {
        extend_wall(state, player, card, second, events)?;
    }
    match card {
        Card::Creature(_) | Card::Conjuration(_) => meet(&mut state.game, object)?,
        Card::Equipment(e) => {
            // Equipment is worn by the Mage, whoever casts it (check_kind).
            let mage = state.seat(player)?.mage;
            replace_worn(state, mage, e.slot, e.name, events)?;
            state.game.attach(object, mage);
            meet(&mut state.game, object)?;
        }
        Card::Enchantment(_) => {
            // Face down: on its object, or on its zone (a zone enchantment stands there).
            if let Some(o) = state.game.store.get_mut(object) {
                o.in_play = false;
            }
            match target {
                SpellTarget::Object(on) => state.game.store.attach(object, on),
                SpellTarget::Zone(_) => {}
                SpellTarget::Arena | SpellTarget::Border { .. } => {
                    return Err(CastRefusal::EnchantmentWithoutObject.into())
                }
            }
            state.hidden.push(object);
        }
        Card::Incantation(_) => {
            meet(&mut state.game, object)?;
            let picked = match target {
                SpellTarget::Object(o) => Some(o),
                SpellTarget::Zone(_) | SpellTarget::Arena | SpellTarget::Border { .. } => None,
            };
            super::abilities::on_resolve(&mut state.game, dice, object, caster, picked)?;
            out_of_play(state, object);
        }
        Card::Attack(a) => {
            meet(&mut state.game, object)?;
            out_of_play(state, object);
            let bar = a.attacks.first().ok_or(CastRefusal::NoAttack)?;
            let profile = AttackProfile::spell(bar, Some(a.range)).with_abilities(a.card_abilities);
            let aim = match target {
                SpellTarget::Zone(z) => AttackTarget::Zone(z),
                SpellTarget::Object(o) => AttackTarget::Object(o),
                SpellTarget::Arena | SpellTarget::Border { .. } => {
                    return Err(CastRefusal::AttackWithoutTarget.into())
                }
            };
            flush(&mut state.game, events);
            attack_action(
                &mut state.game,
                dice,
                caster,
                &profile,
                aim,
                AttackOptions::default(),
            )?;
        }
        Card::Mage(_) | Card::Marker(_) => {
            return Err(CastRefusal::NotASpell.into());
        }
    }
    flush(&mut state.game, events);
    Ok(())
}

/// Extendable's extra cost: the wall's mana cost plus its Level (supplement: Extendable; the
/// codex's older wording charges the Level only, docs/decisions.md, "Mage Wars: walls").
fn extension_cost(card: Card) -> u32 {
    let cost = casting(card).map_or(0, |c| u32::from(c.cost));
    cost + u32::from(Printed::from_card(card).level)
}

/// Extendable: a second copy of the wall leaves the spellbook and goes on `second` (it is
/// not a second spell cast: supplement, Extendable).
fn extend_wall(
    state: &mut Match,
    player: PlayerId,
    card: Card,
    second: Border,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let seat = state.seat_mut(player)?;
    let copy = seat
        .spellbook
        .iter_mut()
        .find(|(c, copies)| c.name() == card.name() && *copies > 0)
        .ok_or(CastRefusal::Spell {
            spell: card.name(),
            why: SpellRefusal::NoSecondCopy,
        })?;
    copy.1 -= 1;
    let place = second.place(&state.game.arena);
    let object = state
        .game
        .add_object(Printed::from_card(card), player, place);
    state.sources.push(card);
    flush(&mut state.game, events);
    events.push(PlayEvent::WallExtended { player, object });
    meet(&mut state.game, object)
}

/// A resolved incantation or attack spell leaves play (it is discarded).
fn out_of_play(state: &mut Match, object: ObjectId) {
    if let Some(o) = state.game.store.get_mut(object) {
        o.in_play = false;
    }
}

/// Whether two equipment locations clash: the same location, or a two-handed item and any
/// hand-held item (docs/decisions.md, "Mage Wars: equipment locations").
fn slots_clash(a: EquipmentSlot, b: EquipmentSlot) -> bool {
    use EquipmentSlot::*;
    let hands = |s| matches!(s, Weapon | Shield | WeaponOrShield | WeaponAndShield | Hand);
    a == b || ((a == WeaponAndShield || b == WeaponAndShield) && hands(a) && hands(b))
}

/// Supplement: Equipment: a friendly item of the same name or location goes back to its
/// owner's spellbook before the new one is attached.
fn replace_worn(
    state: &mut Match,
    mage: ObjectId,
    slot: Option<EquipmentSlot>,
    name: &str,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let worn: Vec<ObjectId> = state.game.object(mage)?.attachments.clone();
    for item in worn {
        let Some(Card::Equipment(old)) = state.sources.get(item.0 as usize).copied() else {
            continue;
        };
        if !state.game.in_play(item) {
            continue;
        }
        let clash =
            old.name == name || matches!((slot, old.slot), (Some(a), Some(b)) if slots_clash(a, b));
        if !clash {
            continue;
        }
        state.game.destroy(item);
        flush(&mut state.game, events);
        let owner = state.game.object(item)?.owner;
        let seat = state.seat_mut(owner)?;
        if let Some((_, copies)) = seat
            .spellbook
            .iter_mut()
            .find(|(card, _)| card.name() == old.name)
        {
            *copies += 1;
        }
        events.push(PlayEvent::Returned { object: item });
    }
    Ok(())
}

/// The reveal of a face-down enchantment `player` controls: its object is still in play,
/// and the player has the reveal cost (plus X per point of the object's Level).
pub fn check_reveal(state: &Match, player: PlayerId, object: ObjectId) -> Result<u32, RulesError> {
    reveal_cost(state, player, object).map(|(cost, _)| cost)
}

/// [`check_reveal`], with the objects whose casting discounts lowered the cost.
fn reveal_cost(
    state: &Match,
    player: PlayerId,
    object: ObjectId,
) -> Result<(u32, Discounters), RulesError> {
    if !state.hidden.contains(&object) {
        return Err(RevealRefusal::NotFaceDown {
            object,
            name: state.name(object),
        }
        .into());
    }
    let o = state.game.object(object)?;
    if o.controller != player {
        return Err(RevealRefusal::NotController(object).into());
    }
    // A zone enchantment is attached to nothing; one on an object needs the object in play.
    let on = match o.attached_to {
        Some(p) if state.game.in_play(p) => Some(p),
        Some(_) => return Err(RevealRefusal::ObjectGone(object).into()),
        None => None,
    };
    let Some(Card::Enchantment(e)) = state.sources.get(object.0 as usize).copied() else {
        return Err(RevealRefusal::NotEnchantment(object).into());
    };
    let level = match on {
        Some(on) => u32::from(state.game.card(on)?.level),
        None => 0,
    };
    // codex: Magebind +X: revealing it on a Mage costs X more (its `reveal_cost` operations).
    let mut magebind = 0i32;
    if on.is_some_and(|on| {
        state
            .game
            .card(on)
            .is_ok_and(|c| c.kind == ObjectKind::Mage)
    }) {
        state.game.for_each_op(object, |_, op, x, _| {
            if let EffectOp::RevealCost { per_x } = *op {
                magebind = magebind.saturating_add(i32::from(per_x).saturating_mul(x));
            }
        });
    }
    let (discount, discounted_by) =
        discounts(state, state.seat(player)?.mage, Card::Enchantment(e), true);
    let cost = (u32::from(e.reveal_cost) + u32::from(e.reveal_cost_per_x) * level)
        .saturating_sub(discount)
        + magebind.max(0) as u32;
    let mana = state.game.mana_of(player);
    if cost > mana {
        return Err(RevealRefusal::CannotPay {
            enchantment: e.name,
            cost,
            player,
            mana,
        }
        .into());
    }
    Ok((cost, discounted_by))
}

/// Reveals a face-down zone enchantment (its reveal cost checked): it takes effect in its
/// zone, unless a same-name enchantment is already face up there (supplement: Duplicate
/// Enchantments), when it goes without effect.
fn reveal_on_zone(
    state: &mut Match,
    player: PlayerId,
    object: ObjectId,
    cost: u32,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    state.hidden.retain(|&h| h != object);
    let zone = state.game.object(object)?.zone;
    let name = state.name(object);
    let duplicate = state.game.store.iter().any(|o| {
        o.id != object
            && o.in_play
            && o.zone == zone
            && o.attached_to.is_none()
            && state.name(o.id) == name
    });
    let mana = state.game.mana_of(player);
    state.game.set_mana(player, mana - cost);
    flush(&mut state.game, events);
    events.push(PlayEvent::Revealed { object });
    if duplicate {
        return Ok(());
    }
    if let Some(o) = state.game.store.get_mut(object) {
        o.in_play = true;
    }
    meet(&mut state.game, object)?;
    super::abilities::on_reveal(&mut state.game, dice, object)?;
    flush(&mut state.game, events);
    Ok(())
}

/// Reveals a face-down enchantment: pays the reveal cost and it takes effect (the object
/// gains what it grants, and its reveal abilities act). A same-name revealed enchantment already on the object makes the
/// new one go without effect (supplement: Duplicate Enchantments).
pub fn reveal(
    state: &mut Match,
    player: PlayerId,
    object: ObjectId,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let (cost, discounted_by) = reveal_cost(state, player, object)?;
    spend_discounts(state, &discounted_by);
    let Some(on) = state.game.object(object)?.attached_to else {
        return reveal_on_zone(state, player, object, cost, dice, events);
    };
    state.hidden.retain(|&h| h != object);
    let name = state.name(object);
    let duplicate =
        state.game.object(on)?.attachments.iter().any(|&child| {
            child != object && state.game.in_play(child) && state.name(child) == name
        });
    let mana = state.game.mana_of(player);
    state.game.set_mana(player, mana - cost);
    flush(&mut state.game, events);
    events.push(PlayEvent::Revealed { object });
    if duplicate {
        if let Some(o) = state.game.store.get_mut(on) {
            o.attachments.retain(|&a| a != object);
        }
        flush(&mut state.game, events);
        return Ok(());
    }
    // Detach without ending effects (a face-down enchantment granted nothing), then attach
    // face up.
    if let Some(o) = state.game.store.get_mut(on) {
        o.attachments.retain(|&a| a != object);
    }
    if let Some(o) = state.game.store.get_mut(object) {
        o.attached_to = None;
        o.in_play = true;
    }
    state.game.attach(object, on);
    meet(&mut state.game, object)?;
    super::abilities::on_reveal(&mut state.game, dice, object)?;
    flush(&mut state.game, events);
    Ok(())
}
