//! [`WowRules`], the game's [`Rules`]: the actions players take (pass, play, propose, strike)
//! and the game actions scenarios drive directly (turn structure, a modifier dealing,
//! healing or putting damage, a draw). Every action is all or nothing (707.2): on error the
//! state is restored. After every action, pre-priority processing runs (407.6, 708.1).

use grimoire_engine::{Ctx, ObjectId, PlayerId, Rules};

use super::chain::{self, before_priority};
use super::checks::trigger;
use super::combat;
use super::content::{DamageType, TriggerEvent, MAX_HAND_SIZE};
use super::packets::{deliver, put_damage, Packet};
use super::state::{illegal, Game, GameEvent, Marker, Phase, RulesError};

/// One action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The player with priority passes (407.1).
    Pass(PlayerId),
    /// Play a card from hand (406).
    Play {
        /// The player.
        player: PlayerId,
        /// The card.
        card: ObjectId,
    },
    /// Place a resource from hand (408.1).
    PlaceResource {
        /// The player.
        player: PlayerId,
        /// The card.
        card: ObjectId,
        /// Face up (quests only).
        face_up: bool,
    },
    /// Use a card's payment power (701.2), numbered from 0 among its payment powers.
    UsePower {
        /// The player.
        player: PlayerId,
        /// The card.
        card: ObjectId,
        /// Which of its payment powers.
        power: usize,
    },
    /// Propose a combat (601).
    Propose {
        /// Proposed attacker.
        attacker: ObjectId,
        /// Proposed defender.
        defender: ObjectId,
    },
    /// Strike with a weapon (303.2).
    Strike {
        /// The player.
        player: PlayerId,
        /// The weapon.
        weapon: ObjectId,
    },
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
    /// A player's turn starts: ready step, draw step, then the action phase (501).
    StartTurn(PlayerId),
    /// The end phase's wrap-up step: discard to hand size, "this turn" modifiers expire, the
    /// turn ends (503.2).
    EndTurn,
}

/// The World of Warcraft TCG rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct WowRules;

impl Rules for WowRules {
    type State = Game;
    type Action = Action;
    type Event = GameEvent;
    type Error = RulesError;

    fn legal_actions(&self, game: &Game, player: PlayerId) -> Vec<Action> {
        let mut actions = Vec::new();
        if game.outcome.is_some() || game.priority != player {
            return actions;
        }
        actions.push(Action::Pass(player));
        let in_play: Vec<ObjectId> = game.objects_in_play().collect();
        if chain::check_main_timing(game, player, "").is_ok() {
            for &a in &in_play {
                for &d in &in_play {
                    if combat::proposal_legal(game, a, d).is_ok() {
                        actions.push(Action::Propose {
                            attacker: a,
                            defender: d,
                        });
                    }
                }
            }
        }
        let in_hand: Vec<ObjectId> = game
            .store
            .iter()
            .filter(|o| game.zone_index(o.id) == Some((player, super::state::HAND)))
            .map(|o| o.id)
            .collect();
        for card in in_hand {
            let mut probe = game.clone();
            let mut log = grimoire_engine::EventLog::new();
            let mut dice = grimoire_engine::ScriptedDice::new();
            let mut first = grimoire_engine::FirstOption;
            let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
            if chain::play(&mut probe, player, card, &mut ctx).is_ok() {
                actions.push(Action::Play { player, card });
            }
            if chain::place_resource(&mut game.clone(), player, card, false).is_ok() {
                actions.push(Action::PlaceResource {
                    player,
                    card,
                    face_up: false,
                });
            }
        }
        for &card in in_play.iter().filter(|&&o| game.controller(o) == player) {
            let mut powers = 0;
            game.for_each_op(card, |_, op| {
                powers += usize::from(matches!(op, super::content::EffectOp::PaymentPower { .. }));
            });
            for power in 0..powers {
                let mut probe = game.clone();
                let mut log = grimoire_engine::EventLog::new();
                let mut dice = grimoire_engine::ScriptedDice::new();
                let mut first = grimoire_engine::FirstOption;
                let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
                if chain::use_power(&mut probe, player, card, power, &mut ctx).is_ok() {
                    actions.push(Action::UsePower {
                        player,
                        card,
                        power,
                    });
                }
            }
        }
        for &w in &in_play {
            let mut probe = game.clone();
            if combat::strike(&mut probe, player, w).is_ok() {
                actions.push(Action::Strike { player, weapon: w });
            }
        }
        actions
    }

    fn apply(
        &self,
        game: &mut Game,
        action: &Action,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), RulesError> {
        let backup = game.clone();
        game.last_packets.clear();
        game.pending_events.clear();
        let result = apply_action(game, action, ctx).and_then(|()| before_priority(game, ctx));
        match result {
            Ok(()) => {
                for event in std::mem::take(&mut game.pending_events) {
                    ctx.record(event);
                }
                Ok(())
            }
            Err(e) => {
                *game = backup;
                Err(e)
            }
        }
    }
}

fn apply_action(
    game: &mut Game,
    action: &Action,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    if game.outcome.is_some() {
        return Err(illegal("the game is over (102)"));
    }
    match action {
        Action::Pass(player) => chain::pass(game, *player, ctx),
        Action::Play { player, card } => chain::play(game, *player, *card, ctx),
        Action::PlaceResource {
            player,
            card,
            face_up,
        } => chain::place_resource(game, *player, *card, *face_up),
        Action::UsePower {
            player,
            card,
            power,
        } => chain::use_power(game, *player, *card, *power, ctx),
        Action::Propose { attacker, defender } => {
            combat::propose(game, game.controller(*attacker), *attacker, *defender)
        }
        Action::Strike { player, weapon } => combat::strike(game, *player, *weapon),
        Action::Deal {
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
        Action::Heal {
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
        Action::PutDamage { to, amount } => {
            put_damage(game, *to, *amount);
            Ok(())
        }
        Action::Draw { player, count } => {
            chain::draw(game, *player, *count);
            Ok(())
        }
        Action::StartGame => start_game(game),
        Action::StartTurn(player) => start_turn(game, *player),
        Action::EndTurn => end_turn(game),
    }
}

/// The start of the game (101.1, 301.1): heroes ready, opening hands of seven cards (the
/// maximum hand size), and the first player's first turn will skip its draw (501.2b).
fn start_game(game: &mut Game) -> Result<(), RulesError> {
    if game.turns_started > 0 && game.turn > 0 {
        return Err(illegal("the game has already started"));
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

/// The start phase (501): ready step (cards that "stay exhausted" do not ready, and lose
/// that marker), then the draw step, which the first player skips on the game's first turn.
fn start_turn(game: &mut Game, player: PlayerId) -> Result<(), RulesError> {
    if !game.chain.is_empty() || game.combat.is_some() {
        return Err(illegal(
            "a turn starts only with the chain empty and no combat",
        ));
    }
    if game.player(player).is_none_or(|p| p.lost) {
        return Err(illegal(format!("player {} is not in the game", player.0)));
    }
    let first_turn_of_game = game.turns_started == 0;
    game.turns_started += 1;
    game.turn += 1;
    game.turn_player = player;
    game.phase = Phase::Start;
    game.record(GameEvent::TurnStarted(player));
    let mine: Vec<ObjectId> = game
        .objects_in_play()
        .filter(|&o| game.controller(o) == player)
        .collect();
    for o in mine {
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
    // 500.2: powers that trigger at the start of the turn; they go on the chain as the ready
    // step's priority window opens (501.1a), at the pre-priority processing after this action.
    let mine: Vec<ObjectId> = game
        .objects_in_play()
        .filter(|&o| game.controller(o) == player)
        .collect();
    for o in mine {
        trigger(game, o, TriggerEvent::YourTurnStarts);
    }
    if !first_turn_of_game {
        chain::draw(game, player, 1);
    }
    game.phase = Phase::Action;
    game.priority = player;
    game.passes = 0;
    Ok(())
}

/// The wrap-up step (503.2): discard down to the maximum hand size, "this turn" modifiers
/// expire, then the next player's turn comes (started with [`Action::StartTurn`]).
fn end_turn(game: &mut Game) -> Result<(), RulesError> {
    if !game.chain.is_empty() || game.combat.is_some() {
        return Err(illegal(
            "the turn ends only with the chain empty and no combat",
        ));
    }
    let player = game.turn_player;
    let max = MAX_HAND_SIZE as u32;
    let excess = game.hand_size(player).saturating_sub(max);
    if let Some(p) = game.player_mut(player) {
        p.hand = p.hand.saturating_sub(excess);
    }
    game.atk_changes.clear();
    game.granted.clear();
    game.bubbles.clear();
    game.phase = Phase::End;
    let next = game.next_player(player);
    game.turn_player = next;
    game.priority = next;
    Ok(())
}
