//! The turn (500-503) and the start of the game (101): the ready and draw steps of the start
//! phase, the action phase, the end phase and its wrap-up step, shuffling, the opening hand
//! and the mulligan.
//!
//! A step or phase ends when its priority window closes (407.4b: every player passes in
//! succession with the chain empty); [`super::chain`] calls the functions here as windows
//! close, so a whole turn is played through `Pass` actions. The scenario operations
//! `start_turn` and `end_turn` use the same functions.

use grimoire_engine::{Ctx, DieSpec, ObjectId, PlayerId};

use super::checks::trigger;
use super::content::{TriggerEvent, MAX_HAND_SIZE};
use super::packets::option_names;
use super::refusal::GameRefusal;
use super::state::{Game, GameEvent, Marker, Phase, RulesError, StartStep, DECK, GRAVEYARD};

/// The opening hand (101.1) and a mulligan's new hand (101.2): the default maximum hand size.
pub const OPENING_HAND: u32 = MAX_HAND_SIZE as u32;

/// Shuffles `player`'s deck (its real cards) with the dice: a Fisher-Yates shuffle whose
/// every swap is one roll of a die with as many faces as cards left to place.
pub fn shuffle(
    game: &mut Game,
    player: PlayerId,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    let Some(p) = game.player_mut(player) else {
        return Ok(());
    };
    let mut library = std::mem::take(&mut p.library);
    for i in (1..library.len()).rev() {
        let faces = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let j = ctx.roll(DieSpec {
            name: "shuffle",
            faces,
        })? as usize;
        library.swap(i, j);
    }
    if let Some(p) = game.player_mut(player) {
        p.library = library;
    }
    game.record(GameEvent::Shuffled(player));
    Ok(())
}

/// A player decides whether to mulligan (101.2): with one, its hand is shuffled back into its
/// deck and it draws seven new cards. Players decide in turn from the first player; after the
/// last decision the first turn starts (with its action phase: the first player skips the
/// start phase, 501.2b).
pub fn mulligan(
    game: &mut Game,
    player: PlayerId,
    redraw: bool,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    match game.mulligans.first() {
        Some(&next) if next == player => {}
        Some(&next) => return Err(GameRefusal::MulliganOutOfTurn(next).into()),
        None => return Err(GameRefusal::MulliganOver.into()),
    }
    game.record(GameEvent::Mulligan {
        player,
        taken: redraw,
    });
    if redraw {
        for card in game.hand_cards(player) {
            game.move_to(card, DECK);
        }
        if let Some(p) = game.player_mut(player) {
            p.deck = p.deck.saturating_add(p.hand);
            p.hand = 0;
        }
        shuffle(game, player, ctx)?;
        super::chain::draw(game, player, OPENING_HAND);
    }
    game.mulligans.remove(0);
    if game.mulligans.is_empty() {
        let first = game.turn_player;
        game.record(GameEvent::TurnStarted(first));
        action_phase(game);
        game.priority = first;
        game.passes = 0;
    }
    Ok(())
}

/// A turn of `player` starts with its ready step (501.1): its cards ready (those that "stay
/// exhausted" lose that marker instead), powers that trigger at the start of the turn trigger,
/// and the ready step's priority window opens with the turn player.
pub fn begin_turn(game: &mut Game, player: PlayerId) {
    game.turns_started = game.turns_started.saturating_add(1);
    game.turn = game.turn.saturating_add(1);
    game.turn_player = player;
    game.phase = Phase::Start;
    game.start_step = StartStep::Ready;
    game.priority = player;
    game.passes = 0;
    game.record(GameEvent::TurnStarted(player));
    let mine: Vec<ObjectId> = game
        .objects_in_play()
        .filter(|&o| game.controller(o) == player)
        .collect();
    for &o in &mine {
        let stays = game
            .store
            .get(o)
            .is_some_and(|x| x.marker_count(&Marker::StaysExhausted) > 0);
        if stays {
            if let Some(x) = game.store.get_mut(o) {
                x.set_markers(&Marker::StaysExhausted, 0);
            }
        } else {
            game.set_exhausted(o, false);
        }
    }
    // 500.2: powers that trigger at the start of the turn go on the chain as the ready step's
    // priority window opens (501.1a), at the pre-priority processing after this action.
    for o in mine {
        trigger(game, o, TriggerEvent::YourTurnStarts);
    }
    game.record(GameEvent::StepStarted(StartStep::Ready));
}

/// The draw step (501.2a): the turn player draws a card, then a priority window opens.
pub fn draw_step(game: &mut Game) {
    game.start_step = StartStep::Draw;
    game.record(GameEvent::StepStarted(StartStep::Draw));
    let player = game.turn_player;
    super::chain::draw(game, player, 1);
}

/// The action phase starts (502.1).
pub fn action_phase(game: &mut Game) {
    game.phase = Phase::Action;
    game.record(GameEvent::ActionPhase);
}

/// The end phase starts (503.1, 500.2): "at end of turn" powers trigger now and go on the
/// chain as its priority window opens.
pub fn end_phase(game: &mut Game) {
    game.phase = Phase::End;
    game.record(GameEvent::EndPhase);
    let player = game.turn_player;
    let mine: Vec<ObjectId> = game
        .objects_in_play()
        .filter(|&o| game.controller(o) == player)
        .collect();
    for o in mine {
        trigger(game, o, TriggerEvent::YourTurnEnds);
    }
}

/// The wrap-up step (503.2a): the turn player discards down to the maximum hand size (cards a
/// scenario left anonymous first, then real cards the player chooses), "this turn" modifiers
/// expire, and the turn ends: the next player clockwise is the turn player (its turn starts
/// with [`begin_turn`]).
pub fn wrap_up(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    if !game.chain.is_empty() || game.combat.is_some() {
        return Err(GameRefusal::TurnEndBusy.into());
    }
    let player = game.turn_player;
    let mut excess = game.hand_size(player).saturating_sub(OPENING_HAND);
    if let Some(p) = game.player_mut(player) {
        let anonymous = excess.min(p.hand);
        p.hand -= anonymous;
        excess -= anonymous;
    }
    for _ in 0..excess {
        let hand = game.hand_cards(player);
        let pick = ctx.choose(
            &format!(
                "player {}: discard which card down to the maximum hand size (503.2a)",
                player.0
            ),
            &option_names(game, &hand),
        )?;
        let card = hand[pick];
        game.move_to(card, GRAVEYARD);
        game.record(GameEvent::Discarded(card));
    }
    game.atk_changes.clear();
    game.granted.clear();
    game.bubbles.clear();
    game.phase = Phase::End;
    let next = game.next_player(player);
    game.turn_player = next;
    game.priority = next;
    game.passes = 0;
    Ok(())
}
