//! Familiars and spawnpoints: the objects besides the Mage that cast spells (codex: Familiar,
//! Spawnpoint; supplement: Deployment; docs/decisions.md, "Mage Wars: familiars and
//! spawnpoints").
//!
//! - Channeling: a caster's Channeling goes onto it as mana ([`Marker::Mana`]), not into its
//!   player's pool; a spell it casts is paid from that mana first, then from the pool.
//! - Planning: besides the Mage's two spells, its player may plan one spell for each caster
//!   it controls ([`Play::PlanFor`](super::play::Play::PlanFor)), among those the caster's
//!   `casts_spells` abilities allow (a caster without one casts nothing: what it casts is not
//!   modelled yet).
//! - Casting: a spawnpoint casts in its player's turn of the Deployment Phase, a familiar with
//!   its own action in its Action Phase ([`Play::CastBy`](super::play::Play::CastBy)); range
//!   and line of sight count from the caster's zone.
//! - A spell planned for a caster and not cast goes back to the spellbook at the next Planning
//!   Phase; one whose caster has left play is discarded (supplement: Decoy).

use grimoire_engine::{ObjectId, PlayerId};

use super::codex::{default_traits, overrides_default};
use super::content::{AbilityEffect, AbilityTrigger, Card, Trait};
use super::play::{Match, PlayEvent, Step};
use super::refusal::{CastRefusal, CasterRefusal};
use super::round::other;
use super::state::{Game, Marker, RulesError};

/// What kind of caster an object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CasterKind {
    /// A familiar: casts the spell planned for it with its own action in its Action Phase.
    Familiar,
    /// A spawnpoint: casts the spell planned for it in the Deployment Phase.
    Spawnpoint,
}

/// The kind of caster `object` is, if it is one (by its traits now).
pub fn caster_kind(game: &Game, object: ObjectId) -> Option<CasterKind> {
    if game.has_trait(object, Trait::Familiar) {
        Some(CasterKind::Familiar)
    } else if game.has_trait(object, Trait::Spawnpoint) {
        Some(CasterKind::Spawnpoint)
    } else {
        None
    }
}

/// The mana on a caster.
pub fn mana_on(game: &Game, caster: ObjectId) -> u32 {
    game.store
        .get(caster)
        .map_or(0, |o| o.marker_count(&Marker::Mana))
}

/// Whether `caster` may cast `spell` by its card's `casts_spells` abilities: a spell that fits
/// one of them (with none, nothing; docs/decisions.md, "Mage Wars: familiars and
/// spawnpoints"), never a Magecast spell. With `mana_now`, also the mana on it each asks for.
pub fn may_cast(game: &Game, caster: ObjectId, spell: Card, mana_now: bool) -> bool {
    let Ok(card) = game.card(caster) else {
        return false;
    };
    let printed = super::card::Printed::from_card(spell);
    let Some((kind, subtypes_of, schools_of)) = super::cast::spell_kind(spell) else {
        return false;
    };
    // codex: Magecast: only a Mage casts the spell.
    if printed.traits.contains(&Trait::Magecast) {
        return false;
    }
    let mana = mana_on(game, caster);
    card.abilities
        .iter()
        .filter(|a| a.trigger == AbilityTrigger::WhileInPlay)
        .flat_map(|a| a.effects)
        .any(|effect| {
            let AbilityEffect::CastsSpells {
                kinds,
                subtypes,
                schools,
                traits,
                max_level,
                min_mana,
            } = *effect
            else {
                return false;
            };
            (kinds.is_empty() || kinds.contains(&kind))
                && super::cast::of_subtypes_or_schools(subtypes, schools, subtypes_of, schools_of)
                && traits.iter().all(|&t| spell_has_trait(&printed, t))
                && printed.level <= max_level
                && (!mana_now || mana >= u32::from(min_mana))
        })
}

/// Whether the object a spell becomes has `wanted`: printed, or by default for its kind and
/// not overridden by a printed trait (a creature is Living unless it prints Nonliving).
fn spell_has_trait(printed: &super::card::Printed, wanted: Trait) -> bool {
    let defaults = default_traits(printed.is_creature(), printed.is_conjuration());
    printed.traits.contains(&wanted)
        || (defaults.contains(&wanted)
            && !printed.traits.iter().any(|t| overrides_default(t, &wanted)))
}

/// The casters `player` controls in play, in object order.
pub fn casters_of(game: &Game, player: PlayerId) -> impl Iterator<Item = ObjectId> + '_ {
    game.store
        .iter()
        .filter(move |o| o.in_play && o.controller == player)
        .map(|o| o.id)
        .filter(|&id| caster_kind(game, id).is_some())
}

/// `object` is a caster in play that `player` controls: its kind.
fn controlled_caster(
    state: &Match,
    player: PlayerId,
    object: ObjectId,
) -> Result<CasterKind, RulesError> {
    let not_one = || CasterRefusal::NotACaster {
        object,
        name: state.name(object),
    };
    let o = state.game.object(object).map_err(|_| not_one())?;
    if !o.in_play || o.controller != player {
        return Err(not_one().into());
    }
    caster_kind(&state.game, object).ok_or_else(|| not_one().into())
}

/// Planning: `caster` is a caster `player` controls with nothing planned for it yet, and
/// `spell` is a spell of the spellbook with a copy left that it may cast.
pub fn check_plan_for(
    state: &Match,
    player: PlayerId,
    caster: ObjectId,
    spell: usize,
) -> Result<(), RulesError> {
    controlled_caster(state, player, caster)?;
    let seat = state.seat(player)?;
    if seat.assigned.iter().any(|&(c, _)| c == caster) {
        return Err(CasterRefusal::PlannedAlready {
            caster: state.name(caster),
        }
        .into());
    }
    let card = match seat.spellbook.get(spell) {
        Some((card, copies)) if *copies > 0 => *card,
        Some((card, _)) => return Err(CastRefusal::NoCopyLeft { spell: card.name() }.into()),
        None => return Err(CastRefusal::NoSpellNumber(spell).into()),
    };
    if !may_cast(&state.game, caster, card, false) {
        return Err(CasterRefusal::CannotCast {
            caster: state.name(caster),
            spell: card.name(),
        }
        .into());
    }
    Ok(())
}

/// Plans `spell` for `caster`: one copy leaves the spellbook for the round.
pub fn plan_for(
    state: &mut Match,
    player: PlayerId,
    caster: ObjectId,
    spell: usize,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    check_plan_for(state, player, caster, spell)?;
    let seat = state.seat_mut(player)?;
    let (card, copies) = &mut seat.spellbook[spell];
    *copies -= 1;
    let card = card.name();
    seat.assigned.push((caster, spell));
    events.push(PlayEvent::Planned { player, card });
    Ok(())
}

/// Whether `player`'s planning is complete: two spells for the Mage and one for every caster
/// it controls (the player may also end planning earlier by passing).
pub fn planning_complete(state: &Match, player: PlayerId) -> bool {
    let Ok(seat) = state.seat(player) else {
        return true;
    };
    seat.planned.len() >= super::cast::PLANNED_PER_ROUND
        && casters_of(&state.game, player).all(|c| seat.assigned.iter().any(|&(a, _)| a == c))
}

/// The spell planned for `caster`, if any: its position in the spellbook.
pub fn assigned_spell(state: &Match, player: PlayerId, caster: ObjectId) -> Option<usize> {
    state
        .seat(player)
        .ok()?
        .assigned
        .iter()
        .find(|&&(c, _)| c == caster)
        .map(|&(_, spell)| spell)
}

/// The checks of a cast by `caster` that do not depend on the target: a caster `player`
/// controls with a spell planned for it and the mana on it its card asks for, at its time (a
/// spawnpoint in its player's turn of the
/// Deployment Phase, a familiar as the active creature, with the action the spell takes), not
/// Incapacitated. Returns the spell's position in the spellbook.
pub fn check_cast_by_now(
    state: &Match,
    player: PlayerId,
    caster: ObjectId,
) -> Result<usize, RulesError> {
    let kind = controlled_caster(state, player, caster)?;
    let name = state.name(caster);
    let Some(spell) = assigned_spell(state, player, caster) else {
        return Err(CasterRefusal::NothingPlanned { caster: name }.into());
    };
    let card = state.seat(player)?.spellbook[spell].0;
    if !may_cast(&state.game, caster, card, true) {
        return Err(CasterRefusal::TooLittleMana { caster: name }.into());
    }
    match (kind, state.step) {
        (CasterKind::Spawnpoint, Step::Deployment { player: p }) if p == player => Ok(spell),
        (CasterKind::Spawnpoint, _) => Err(CasterRefusal::NotDeployment { caster: name }.into()),
        (
            CasterKind::Familiar,
            Step::Acting {
                creature, moves, ..
            },
        ) if creature == caster => {
            if state.game.is_incapacitated(caster) {
                return Err(CasterRefusal::Incapacitated { caster: name }.into());
            }
            let full = super::cast::is_full_spell(card);
            if full {
                super::movement::check_full_action(state, caster, moves)?;
            } else {
                super::movement::check_quick_action(state, caster, moves)?;
            }
            Ok(spell)
        }
        (CasterKind::Familiar, _) => Err(CasterRefusal::NotItsActionPhase { caster: name }.into()),
    }
}

/// After planning: the Deployment Phase, the initiative player's turn first; a player with no
/// spell planned for a spawnpoint has no turn. With none, the Action Stage begins.
pub fn begin_deployment(state: &mut Match) {
    let first = state.initiative;
    if has_spawnpoint_spell(state, first) {
        state.step = Step::Deployment { player: first };
    } else if has_spawnpoint_spell(state, other(first)) {
        state.step = Step::Deployment {
            player: other(first),
        };
    } else {
        super::round::begin_action_stage(state);
    }
}

/// `player` is done deploying: the other player's turn if it has not had one and has a
/// spawnpoint spell, else the Action Stage.
pub fn end_deployment(state: &mut Match, player: PlayerId) {
    if player == state.initiative && has_spawnpoint_spell(state, other(player)) {
        state.step = Step::Deployment {
            player: other(player),
        };
    } else {
        super::round::begin_action_stage(state);
    }
}

/// Whether a spawnpoint `player` controls has a spell planned for it.
fn has_spawnpoint_spell(state: &Match, player: PlayerId) -> bool {
    state.seat(player).is_ok_and(|seat| {
        seat.assigned.iter().any(|&(c, _)| {
            state.game.in_play(c) && caster_kind(&state.game, c) == Some(CasterKind::Spawnpoint)
        })
    })
}

/// Planning Phase: the spells planned for casters last round and not cast go back to the
/// spellbook, except those whose caster left play, which are discarded. Returns how many
/// went back, by player.
pub fn return_assigned(state: &mut Match) -> Vec<(PlayerId, u32)> {
    let mut returned = Vec::new();
    for index in 0..state.seats.len() {
        let assigned = std::mem::take(&mut state.seats[index].assigned);
        let mut back = 0;
        for (caster, spell) in assigned {
            if state.game.in_play(caster) {
                if let Some((_, copies)) = state.seats[index].spellbook.get_mut(spell) {
                    *copies += 1;
                    back += 1;
                }
            }
        }
        returned.push((state.seats[index].player, back));
    }
    returned
}
