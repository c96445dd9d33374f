//! Operations scenarios and set-up drive directly, which are not players' choices: a resolving
//! modifier dealing, healing or putting damage, a draw, the start of the game, and a turn
//! started or ended without its priority windows. They are kept apart from the players'
//! [`super::Action`]s so that `legal_actions` is the whole of what a player may do.

use grimoire_engine::{Ctx, ObjectId, PlayerId};

use super::actions::WowRules;
use super::chain;
use super::content::{DamageType, MAX_HAND_SIZE};
use super::packets::{deliver, put_damage, Packet};
use super::refusal::GameRefusal;
use super::state::{Game, GameEvent, Phase, RulesError};
use super::turn;

/// One operation a scenario step or set-up applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    /// A resolving modifier of `controller` makes `source` deal damage (403.4): one packet.
    Deal {
        /// Controller of the modifier.
        controller: PlayerId,
        /// Source character.
        source: ObjectId,
        /// Destinations: one packet each.
        to: Vec<ObjectId>,
        /// Amount.
        amount: u32,
        /// Damage type (`None`: typeless).
        damage_type: Option<DamageType>,
        /// Counts as combat damage.
        combat: bool,
    },
    /// A resolving modifier makes `source` heal damage (404.2).
    Heal {
        /// Controller of the modifier.
        controller: PlayerId,
        /// Source character.
        source: ObjectId,
        /// Destination.
        to: ObjectId,
        /// Amount.
        amount: u32,
    },
    /// Damage put on a character without being dealt (716.2).
    PutDamage {
        /// The character.
        to: ObjectId,
        /// Amount.
        amount: u32,
    },
    /// A player draws (draw event).
    Draw {
        /// The player.
        player: PlayerId,
        /// Cards.
        count: u32,
    },
    /// The game starts (101.1): every hero ready, each player draws an opening hand of seven;
    /// no turn has started yet.
    StartGame,
    /// A player's turn starts: ready step, draw step (skipped on the game's first turn,
    /// 501.2b), then the action phase, with no priority window in between.
    StartTurn(PlayerId),
    /// The end phase's wrap-up step: discard to hand size, "this turn" modifiers expire, the
    /// turn ends (503.2); the next turn is started with [`Operation::StartTurn`].
    EndTurn,
}

impl WowRules {
    /// Applies a scenario or set-up operation, then pre-priority processing; all or nothing,
    /// like [`grimoire_engine::Rules::apply`].
    pub fn operate(
        &self,
        game: &mut Game,
        operation: &Operation,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), RulesError> {
        super::actions::step_then_priority(game, ctx, |game, ctx| run(game, operation, ctx))
    }
}

fn run(
    game: &mut Game,
    operation: &Operation,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    if game.outcome.is_some() {
        return Err(GameRefusal::Over.into());
    }
    match operation {
        Operation::Deal {
            controller,
            source,
            to,
            amount,
            damage_type,
            combat,
        } => {
            let packets = to
                .iter()
                .map(|&d| Packet::damage(*amount, *source, *controller, d, *damage_type, *combat))
                .collect();
            deliver(game, packets, ctx).map(|_| ())
        }
        Operation::Heal {
            controller,
            source,
            to,
            amount,
        } => deliver(
            game,
            vec![Packet::healing(*amount, *source, *controller, *to)],
            ctx,
        )
        .map(|_| ()),
        Operation::PutDamage { to, amount } => {
            put_damage(game, *to, *amount);
            Ok(())
        }
        Operation::Draw { player, count } => {
            chain::draw(game, *player, *count);
            Ok(())
        }
        Operation::StartGame => start_game(game),
        Operation::StartTurn(player) => start_turn(game, *player),
        Operation::EndTurn => turn::wrap_up(game, ctx),
    }
}

/// The start of the game (101.1, 301.1): heroes ready, opening hands of seven cards (the
/// maximum hand size), and the first player's first turn will skip its draw (501.2b).
fn start_game(game: &mut Game) -> Result<(), RulesError> {
    if game.turns_started > 0 && game.turn > 0 {
        return Err(GameRefusal::AlreadyStarted.into());
    }
    let heroes: Vec<ObjectId> = game.players.iter().filter_map(|p| p.hero).collect();
    for hero in heroes {
        game.set_exhausted(hero, false);
    }
    let players: Vec<PlayerId> = game.players.iter().map(|p| p.id).collect();
    for player in players {
        chain::draw(game, player, MAX_HAND_SIZE as u32);
    }
    game.turns_started = 0;
    game.turn = 0;
    game.phase = Phase::Start;
    Ok(())
}

/// A turn starts and its start phase passes with no link added: the ready step, the draw step
/// (which the first player skips on the game's first turn, 501.2b), then the action phase.
fn start_turn(game: &mut Game, player: PlayerId) -> Result<(), RulesError> {
    if !game.chain.is_empty() || game.combat.is_some() {
        return Err(GameRefusal::TurnStartBusy.into());
    }
    if game.player(player).is_none_or(|p| p.lost) {
        return Err(GameRefusal::NotInGame(player).into());
    }
    let first_turn_of_game = game.turns_started == 0;
    turn::begin_turn(game, player);
    if !first_turn_of_game {
        chain::draw(game, player, 1);
    }
    game.phase = Phase::Action;
    Ok(())
}
