//! Movement and the action marker (codex: Quick Action, Full Action, Fast, Slow, Hinder,
//! Restrained, Incapacitated; supplement: Actions, Move Action).
//!
//! A creature's Action Phase allows a move then a quick action (which may be a second move),
//! or a full action without moving. Hindered (it began its Action Phase in, or entered, a zone
//! with an enemy creature that hinders): one zone of movement at most. What its traits and
//! conditions do to that is read from their `move_actions` operations ([`MoveLimits`]), never
//! from their names: the lowest `max` caps the moves of the phase and is how many moves come
//! before the quick action (Fast: 2; Slow, Lumbering: 1; Restrained, Rooted, Incapacitated: 0),
//! and `ends_phase` ends the Action Phase after a move (Slow). Entries that cancel each other
//! (codex `cancels`: Fast and Slow) both stop acting. Walls on the border crossed act in
//! step 4 of the move ([`super::walls`]): Passage Blocked forbids the move, Passage Attacks
//! attacks the creature before it moves.

use grimoire_engine::{Dice, ObjectId, Zone};
use smallvec::SmallVec;

use super::content::{EffectOp, Trait};
use super::play::{Match, PlayEvent, Step};
use super::refusal::{ArenaZone, MoveRefusal, TurnRefusal};
use super::round::{end_action_phase, flush};
use super::state::{OpSource, RulesError};
use super::walls::{self, Border};

/// Moves in an Action Phase without a `move_actions` operation: a move, then the quick
/// action, which may be a second move.
const MOVES_WITHOUT_LIMITS: u8 = 2;

/// What a creature's `move_actions` operations allow in its Action Phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveLimits {
    /// The lowest `max` of its operations, with the entry that sets it (`None`: no
    /// operation acts).
    pub cap: Option<(u8, &'static str)>,
    /// An operation ends the Action Phase after a move.
    pub ends_phase: bool,
}

impl MoveLimits {
    /// Moves allowed this Action Phase, hindered or not.
    fn moves(&self, hindered: bool) -> u8 {
        let cap = self.cap.map_or(MOVES_WITHOUT_LIMITS, |(max, _)| max);
        if hindered {
            cap.min(1)
        } else {
            cap
        }
    }

    /// Moves that leave the quick action unused: the cap (Fast: 2), else one.
    fn before_quick_action(&self) -> u8 {
        self.cap.map_or(1, |(max, _)| max)
    }
}

/// The `move_actions` operations acting on `creature`, without those of entries cancelled by
/// another entry that also has one (Fast and Slow).
pub fn move_limits(state: &Match, creature: ObjectId) -> MoveLimits {
    // (entry name, the entries it cancels, max, ends_phase) of each operation.
    type Found = (&'static str, &'static [&'static str], u8, bool);
    let mut found: SmallVec<[Found; 4]> = SmallVec::new();
    state.game.for_each_op(creature, |source, op, _, _| {
        if let EffectOp::MoveActions { max, ends_phase } = op {
            let (name, cancels) = match source {
                OpSource::Trait(t) => (t.meta().name, t.meta().cancels),
                OpSource::Condition(c) => (c.meta().name, &[][..]),
            };
            found.push((name, cancels, *max, *ends_phase));
        }
    });
    let cancelled = |name: &str| {
        found
            .iter()
            .any(|(other, cancels, _, _)| *other != name && cancels.contains(&name))
    };
    let mut limits = MoveLimits {
        cap: None,
        ends_phase: false,
    };
    for &(name, _, max, ends_phase) in &found {
        if cancelled(name) {
            continue;
        }
        if limits.cap.is_none_or(|(cap, _)| max < cap) {
            limits.cap = Some((max, name));
        }
        limits.ends_phase |= ends_phase;
    }
    limits
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

/// Whether a creature starting its Action Phase is hindered: an enemy in its zone hinders it
/// (Lumbering's one move a round is its `move_actions` cap).
pub fn hindered_in_place(state: &Match, creature: ObjectId) -> bool {
    state
        .game
        .zone_of(creature)
        .is_some_and(|zone| enemy_hinders(state, creature, zone))
}

/// The quick action is still available after `moves` zones: after the moves its
/// `move_actions` cap allows before it (two for a Fast creature), else after one.
pub fn check_quick_action(state: &Match, creature: ObjectId, moves: u8) -> Result<(), RulesError> {
    if moves > move_limits(state, creature).before_quick_action() {
        return Err(MoveRefusal::QuickActionUsed {
            creature,
            name: state.name(creature),
        }
        .into());
    }
    Ok(())
}

/// A full action needs an Action Phase without movement.
pub fn check_full_action(state: &Match, creature: ObjectId, moves: u8) -> Result<(), RulesError> {
    if moves > 0 {
        return Err(MoveRefusal::MovedNoFullAction {
            creature,
            name: state.name(creature),
        }
        .into());
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
    let Some(from) = state.game.zone_of(creature) else {
        return Err(RulesError::UnknownObject(creature));
    };
    let arena = &state.game.arena;
    let Some(border) = Border::between(arena, from, zone) else {
        return Err(MoveRefusal::NotAdjacent {
            to: ArenaZone::of(arena, zone),
            from: ArenaZone::of(arena, from),
        }
        .into());
    };
    // Step 1, Declare Move: a Passage Blocked wall makes the move impossible, unless the
    // creature climbs over it as its full action (codex: Climbing).
    let blocked = walls::passage_blocked(&state.game, creature, border);
    let climbs = blocked && moves == 0 && walls::climbs(&state.game, creature, border);
    if blocked && !climbs {
        return Err(MoveRefusal::PassageBlocked {
            to: ArenaZone::of(arena, zone),
            from: ArenaZone::of(arena, from),
        }
        .into());
    }
    let limits = move_limits(state, creature);
    if let Some((0, why)) = limits.cap {
        return Err(MoveRefusal::CannotMove {
            creature,
            name: state.name(creature),
            because: why,
        }
        .into());
    }
    if moves >= limits.moves(hindered) {
        return Err(MoveRefusal::NoMoreMoves {
            creature,
            name: state.name(creature),
        }
        .into());
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
        return Err(TurnRefusal::NoActingCreature.into());
    };
    // Step 4, Walls: Passage Attacks walls attack first; a creature they leave unable to
    // move stays where it is, and the move action is spent (supplement: Move Action).
    let from = state.game.zone_of(creature);
    let border = from.and_then(|from| Border::between(&state.game.arena, from, zone));
    // Climbing over a wall that blocks passage is the creature's full action.
    let climbed = border.is_some_and(|b| walls::passage_blocked(&state.game, creature, b));
    if let Some(border) = border {
        walls::cross(&mut state.game, dice, creature, border)?;
    }
    let moved = walls::still_moves(&state.game, creature);
    if moved {
        state.game.move_to(creature, zone);
        let attached: SmallVec<[ObjectId; 4]> = state
            .game
            .object(creature)
            .map(|o| o.attachments.iter().copied().collect())
            .unwrap_or_default();
        for child in attached {
            if let Some(o) = state.game.store.get_mut(child) {
                o.zone = zone;
            }
        }
    }
    flush(&mut state.game, events);
    let moves = moves + 1;
    let hindered = hindered || (moved && enemy_hinders(state, creature, zone));
    state.step = Step::Acting {
        creature,
        moves,
        hindered,
    };
    let spent = !state.game.in_play(creature)
        || climbed
        || move_limits(state, creature).ends_phase
        || check_quick_action(state, creature, moves).is_err();
    if spent {
        end_action_phase(state, creature, dice, events)?;
    }
    Ok(())
}
