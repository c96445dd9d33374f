//! The round, phase by phase: Initiative, Reset, Channeling, Upkeep, Planning, Deployment,
//! the Action Stage (alternating creature Action Phases), the Final Quickcast Phase and the
//! end of the round; and the end of the game when a Mage is destroyed (supplement: Mage
//! Death). The phases no player decides run here, between the actions that lead to them.

use grimoire_engine::{Dice, ObjectId, Outcome, PlayerId};

use super::phases::{
    activate, channeling_phase, end_action_phase as end_phase_effects, upkeep_phase,
};
use super::play::{Match, PlayEvent, Step};
use super::state::{Game, RulesError};

/// Moves the events the rules recorded in `game.log` to `events`.
pub fn flush(game: &mut Game, events: &mut Vec<PlayEvent>) {
    events.extend(game.log.events().iter().map(|e| PlayEvent::Game(*e)));
    game.log.clear();
}

/// The other player of a two-player game.
pub fn other(player: PlayerId) -> PlayerId {
    PlayerId(3 - player.0)
}

/// A new round: the initiative passes to the other player (round 1's was set up), Reset
/// (action and quickcast markers ready), Channeling, Upkeep, then the Planning Phase with
/// the planned spells not cast going back to the spellbook.
pub fn begin_round(
    state: &mut Match,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    // The end of the previous round: effects lasting until then end.
    state.game.end_of_round();
    state.round += 1;
    if state.round > 1 {
        state.initiative = other(state.initiative);
    }
    events.push(PlayEvent::Round {
        round: state.round,
        initiative: state.initiative,
    });
    // Reset Phase.
    state.ready = state
        .game
        .store
        .iter()
        .filter(|o| o.in_play && state.game.is_creature(o.id))
        .map(|o| o.id)
        .collect();
    for seat in &mut state.seats {
        seat.quickcast = true;
    }
    channeling_phase(&mut state.game);
    upkeep_phase(&mut state.game, dice, &state.hidden)?;
    flush(&mut state.game, events);
    check_end(state, events);
    if state.ended.is_some() {
        return Ok(());
    }
    // Planning Phase: unused planned spells return to the spellbook first (those of a
    // familiar or spawnpoint that left play are discarded).
    let for_casters = super::casters::return_assigned(state);
    for seat in &mut state.seats {
        let mut returned = seat.planned.len() as u32;
        for spell in seat.planned.drain(..) {
            if let Some((_, copies)) = seat.spellbook.get_mut(spell) {
                *copies += 1;
            }
        }
        returned += for_casters
            .iter()
            .find(|(p, _)| *p == seat.player)
            .map_or(0, |(_, n)| *n);
        if returned > 0 {
            events.push(PlayEvent::Unplanned {
                player: seat.player,
                spells: returned,
            });
        }
    }
    state.step = Step::Planning {
        player: state.initiative,
    };
    Ok(())
}

/// `player` is done planning: the other player plans, or (both done) the Deployment Phase
/// begins ([`super::casters::begin_deployment`]: spawnpoints cast, then the Action Stage).
pub fn end_planning(state: &mut Match, player: PlayerId) -> Result<(), RulesError> {
    if player == state.initiative {
        state.step = Step::Planning {
            player: other(player),
        };
    } else {
        super::casters::begin_deployment(state);
    }
    Ok(())
}

/// The Action Stage begins: the initiative player's Action Phase first.
pub fn begin_action_stage(state: &mut Match) {
    let first = state.initiative;
    next_activation(state, first);
}

/// Ready creatures of `player` still in play.
fn has_ready(state: &Match, player: PlayerId) -> bool {
    state.ready.iter().any(|&c| {
        state
            .game
            .object(c)
            .is_ok_and(|o| o.in_play && o.controller == player)
    })
}

/// The next Action Phase goes to `preferred` if it has a ready creature, else to the other
/// player; with none left the Final Quickcast Phase begins.
fn next_activation(state: &mut Match, preferred: PlayerId) {
    let game = &state.game;
    state.ready.retain(|&c| game.in_play(c));
    state.step = if has_ready(state, preferred) {
        Step::Activation { player: preferred }
    } else if has_ready(state, other(preferred)) {
        Step::Activation {
            player: other(preferred),
        }
    } else {
        Step::FinalQuickcast {
            player: state.initiative,
            done: 0,
        }
    };
}

/// A ready creature is activated: its Action Phase begins.
pub fn activate_creature(state: &mut Match, creature: ObjectId, events: &mut Vec<PlayEvent>) {
    state.ready.retain(|&c| c != creature);
    activate(&mut state.game, creature);
    events.push(PlayEvent::Activated { creature });
    flush(&mut state.game, events);
    let hindered = super::movement::hindered_in_place(state, creature);
    state.step = Step::Acting {
        creature,
        moves: 0,
        hindered,
    };
}

/// The active creature took its action (an attack, a guard, a spell): its Action Phase ends.
/// Its phase ends too when it left play during the action.
pub fn after_action(
    state: &mut Match,
    creature: ObjectId,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    flush(&mut state.game, events);
    end_action_phase(state, creature, dice, events)
}

/// The creature's Action Phase ends (conditions that end with it go), the game ends if a
/// Mage was destroyed in it, else the other player activates next.
pub fn end_action_phase(
    state: &mut Match,
    creature: ObjectId,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    flush(&mut state.game, events);
    if state.game.in_play(creature) {
        end_phase_effects(&mut state.game, dice, creature)?;
    }
    events.push(PlayEvent::PhaseEnded { creature });
    flush(&mut state.game, events);
    check_end(state, events);
    if state.ended.is_some() {
        return Ok(());
    }
    let controller = state.game.object(creature)?.controller;
    next_activation(state, other(controller));
    Ok(())
}

/// A player had their Final Quickcast opportunity: the other one has theirs, or the round
/// ends and the next begins.
pub fn final_quickcast_done(
    state: &mut Match,
    dice: &mut dyn Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    flush(&mut state.game, events);
    check_end(state, events);
    if state.ended.is_some() {
        return Ok(());
    }
    let Step::FinalQuickcast { player, done } = state.step else {
        return Ok(());
    };
    if done == 0 {
        state.step = Step::FinalQuickcast {
            player: other(player),
            done: 1,
        };
        Ok(())
    } else {
        begin_round(state, dice, events)
    }
}

/// Ends the game when a Mage is no longer in play: the other player wins, or, when both
/// Mages are gone, it is a draw (supplement: Mage Death).
pub fn check_end(state: &mut Match, events: &mut Vec<PlayEvent>) {
    if state.ended.is_some() {
        return;
    }
    let mut alive = state
        .seats
        .iter()
        .filter(|s| state.game.in_play(s.mage))
        .map(|s| s.player);
    let outcome = match (alive.next(), alive.next(), alive.next()) {
        (Some(_), Some(_), None) => return,
        (Some(winner), None, _) => Outcome::Won(winner),
        _ => Outcome::Draw,
    };
    state.ended = Some(outcome);
    events.push(PlayEvent::Ended { outcome });
}
