//! Movement and the action marker (codex: Quick Action, Full Action, Fast, Slow, Hinder,
//! Restrained, Incapacitated; supplement: Actions, Move Action).
//!
//! A creature's Action Phase allows a move then a quick action (which may be a second move),
//! or a full action without moving. Fast: two moves and then a quick action. Slow: a move
//! ends the Action Phase. Hindered (it began its Action Phase in, or entered, a zone with an
//! enemy creature that hinders): one zone of movement at most. Restrained, Rooted and
//! Incapacitated creatures take no move actions. The arena has no walls in play (wall
//! conjurations are not cast yet, docs/decisions.md), so every adjacent zone can be entered.

use grimoire_engine::{Dice, ObjectId, Zone};

use super::content::Trait;
use super::play::{Match, PlayEvent, Step};
use super::round::{end_action_phase, flush};
use super::state::RulesError;

/// Fast and Slow cancel each other out (codex: Fast, Slow).
fn is_fast(state: &Match, creature: ObjectId) -> bool {
    state.game.has_trait(creature, Trait::Fast) && !state.game.has_trait(creature, Trait::Slow)
}

fn is_slow(state: &Match, creature: ObjectId) -> bool {
    state.game.has_trait(creature, Trait::Slow) && !state.game.has_trait(creature, Trait::Fast)
}

/// True when an enemy of `creature` in `zone` hinders it: an enemy creature in play that is
/// not Incapacitated, Restrained or a Pest; an Elusive creature ignores them all (codex:
/// Hinder, Elusive, Pest).
fn enemy_hinders(state: &Match, creature: ObjectId, zone: Zone) -> bool {
    let Ok(mover) = state.game.object(creature) else {
        return false;
    };
    if state.game.has_trait(creature, Trait::Elusive) {
        return false;
    }
    state.game.store.iter().any(|o| {
        o.in_play
            && o.zone == zone
            && o.attached_to.is_none()
            && o.controller != mover.controller
            && state.game.is_creature(o.id)
            && !state.game.is_incapacitated(o.id)
            && !state.game.is_restrained(o.id)
            && !state.game.has_trait(o.id, Trait::Pest)
    })
}

/// Whether a creature starting its Action Phase is hindered: Lumbering always is, else an
/// enemy in its zone hinders it.
pub fn hindered_in_place(state: &Match, creature: ObjectId) -> bool {
    state.game.has_trait(creature, Trait::Lumbering)
        || state
            .game
            .zone_of(creature)
            .is_some_and(|zone| enemy_hinders(state, creature, zone))
}

/// The quick action is still available after `moves` zones: after one move (two for a Fast
/// creature), never after a second move of a creature that is not Fast.
pub fn check_quick_action(state: &Match, creature: ObjectId, moves: u8) -> Result<(), RulesError> {
    let limit = if is_fast(state, creature) { 2 } else { 1 };
    if moves > limit {
        return Err(RulesError::Illegal(format!(
            "{} has used its quick action to move",
            state.name(creature)
        )));
    }
    Ok(())
}

/// A full action needs an Action Phase without movement.
pub fn check_full_action(state: &Match, creature: ObjectId, moves: u8) -> Result<(), RulesError> {
    if moves > 0 {
        return Err(RulesError::Illegal(format!(
            "{} moved this Action Phase: no full action",
            state.name(creature)
        )));
    }
    Ok(())
}

/// Declare Move: the active creature may move to the adjacent `zone` now.
pub fn check_move(
    state: &Match,
    creature: ObjectId,
    moves: u8,
    hindered: bool,
    zone: Zone,
) -> Result<(), RulesError> {
    let from = state
        .game
        .zone_of(creature)
        .ok_or(RulesError::UnknownObject(creature))?;
    if !state.game.arena.adjacent(from, zone) {
        return Err(RulesError::Illegal(format!(
            "{} is not adjacent to {}",
            state.zone_name(zone),
            state.zone_name(from)
        )));
    }
    for (blocked, why) in [
        (state.game.is_incapacitated(creature), "Incapacitated"),
        (state.game.is_restrained(creature), "Restrained"),
        (state.game.has_trait(creature, Trait::Rooted), "Rooted"),
    ] {
        if blocked {
            return Err(RulesError::Illegal(format!(
                "{} is {why} and cannot move",
                state.name(creature)
            )));
        }
    }
    let limit = if hindered { 1 } else { 2 };
    if moves >= limit {
        return Err(RulesError::Illegal(format!(
            "{} cannot move further this Action Phase",
            state.name(creature)
        )));
    }
    Ok(())
}

/// Moves the active creature one zone (with what is attached to it). Its Action Phase ends
/// when it has no action left: a Slow creature after any move, another creature after a
/// second move that was not Fast, or a hindered creature that moved and has no quick action
/// left.
pub fn move_creature(
    state: &mut Match,
    creature: ObjectId,
    zone: Zone,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let Step::Acting {
        moves, hindered, ..
    } = state.step
    else {
        return Err(RulesError::Illegal("no creature is acting".into()));
    };
    state.game.move_to(creature, zone);
    let attached = state
        .game
        .object(creature)
        .map(|o| o.attachments.clone())
        .unwrap_or_default();
    for child in attached {
        if let Some(o) = state.game.store.get_mut(child) {
            o.zone = zone;
        }
    }
    flush(&mut state.game, events);
    let moves = moves + 1;
    let hindered = hindered || enemy_hinders(state, creature, zone);
    state.step = Step::Acting {
        creature,
        moves,
        hindered,
    };
    let spent = is_slow(state, creature) || check_quick_action(state, creature, moves).is_err();
    if spent {
        end_action_phase(state, creature, dice, events)?;
    }
    Ok(())
}
