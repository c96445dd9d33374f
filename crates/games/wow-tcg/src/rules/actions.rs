//! [`WowRules`], the game's [`Rules`]: the actions players take (pass, play, place a
//! resource, use a power, propose, strike, decide on a mulligan). Steps, phases and turns
//! advance when every player passes with the chain empty (407.4b), so passing is how a player
//! ends them. Every action is all or nothing (707.2): on error the state is restored. After
//! every action, pre-priority processing runs (407.6, 708.1). What scenarios drive directly
//! is an [`super::operations::Operation`].

use std::cell::RefCell;

use grimoire_engine::{Ctx, ObjectId, PlayerId, Rules, ScriptedDice};

use super::card::Kind;
use super::chain::{self, before_priority};
use super::combat;
use super::content::EffectOp;
use super::refusal::GameRefusal;
use super::state::{Game, GameEvent, RulesError, Window};
use super::turn;

/// One action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The player with priority passes (407.1). When every player has passed in succession,
    /// the top link resolves, or with the chain empty the step or phase ends, and after the
    /// end phase the turn (407.4, 500.1).
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
    /// Decide on a mulligan before the first turn (101.2): `redraw` takes one, else the
    /// player keeps its opening hand.
    Mulligan {
        /// The player.
        player: PlayerId,
        /// Take the mulligan.
        redraw: bool,
    },
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
        if game.outcome.is_some() {
            return actions;
        }
        if let Some(&next) = game.mulligans.first() {
            if next == player {
                for redraw in [false, true] {
                    actions.push(Action::Mulligan { player, redraw });
                }
            }
            return actions;
        }
        if game.priority != player {
            return actions;
        }
        actions.push(Action::Pass(player));
        let in_play: Vec<ObjectId> = game.objects_in_play().collect();
        let main = chain::main_timing(game, player);
        if main {
            let restrictions = combat::attack_restrictions(game);
            // Only characters attack or defend (601.2): the pairs worth judging.
            let characters: Vec<ObjectId> = in_play
                .iter()
                .copied()
                .filter(|&o| game.is_character(o))
                .collect();
            for &a in characters.iter().filter(|&&a| game.controller(a) == player) {
                for &d in characters.iter().filter(|&&d| game.controller(d) != player) {
                    if combat::proposal_legal_with(game, a, d, &restrictions).is_ok() {
                        actions.push(Action::Propose {
                            attacker: a,
                            defender: d,
                        });
                    }
                }
            }
        }
        let ready = game.ready_resource_count(player) as u32;
        for card in game.hand_cards(player) {
            let printed = game.card(card);
            let playable = matches!(
                printed.kind,
                Kind::Ally | Kind::Weapon | Kind::Armor | Kind::Item | Kind::Ability
            );
            let timely = main || game.has_op(card, |op| matches!(op, EffectOp::AnyPriority));
            if playable && timely && printed.cost <= ready {
                let accepted = probe(game, |probe, ctx| chain::play(probe, player, card, ctx));
                if accepted {
                    actions.push(Action::Play { player, card });
                }
            }
            let faces: &[bool] = if printed.kind == Kind::Quest {
                &[false, true]
            } else {
                &[false]
            };
            for &face_up in faces {
                if chain::check_place_resource(game, player, card, face_up).is_ok() {
                    actions.push(Action::PlaceResource {
                        player,
                        card,
                        face_up,
                    });
                }
            }
        }
        for &card in in_play.iter().filter(|&&o| game.controller(o) == player) {
            let mut powers = 0;
            game.for_each_op(card, |_, op| {
                powers += usize::from(matches!(op, EffectOp::PaymentPower { .. }));
            });
            for power in 0..powers {
                if probe(game, |probe, ctx| {
                    chain::use_power(probe, player, card, power, ctx)
                }) {
                    actions.push(Action::UsePower {
                        player,
                        card,
                        power,
                    });
                }
            }
        }
        if game
            .combat
            .as_ref()
            .is_some_and(|c| c.window == Window::Defend)
        {
            for &w in in_play
                .iter()
                .filter(|&&w| game.controller(w) == player && game.card(w).kind == Kind::Weapon)
            {
                let struck = grimoire_engine::on_kept_copy(&SCRATCH, game, |copy| {
                    combat::strike(copy, player, w).is_ok()
                });
                if struck {
                    actions.push(Action::Strike { player, weapon: w });
                }
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
        step_then_priority(game, ctx, |game, ctx| apply_action(game, action, ctx))
    }
}

/// Runs `step` and then pre-priority processing, all or nothing; the events the rules queued
/// (`pending_events`) are recorded only when both succeed. Players' actions and scenario
/// operations ([`super::operations`]) both go through it.
pub(super) fn step_then_priority(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    step: impl FnOnce(&mut Game, &mut Ctx<'_, GameEvent>) -> Result<(), RulesError>,
) -> Result<(), RulesError> {
    let run = |game: &mut Game, ctx: &mut Ctx<'_, GameEvent>| {
        game.last_packets.clear();
        game.pending_events.clear();
        step(game, ctx)?;
        before_priority(game, ctx)?;
        for event in game.pending_events.drain(..) {
            ctx.record(event);
        }
        Ok(())
    };
    grimoire_engine::all_or_nothing_kept(&BACKUP, game, ctx, run)
}

thread_local! {
    /// The copy `apply` keeps of the game to restore, reused from one action to the next.
    static BACKUP: RefCell<Game> = RefCell::new(Game::new(&[]));
    /// The copy `legal_actions` tries actions on, reused from one trial to the next.
    static SCRATCH: RefCell<Game> = RefCell::new(Game::new(&[]));
}

/// Whether `try_it` succeeds on a copy of `game` (targets are asked of a chooser that takes
/// the first option: whether any legal target exists is all that matters here).
fn probe(
    game: &Game,
    try_it: impl FnOnce(&mut Game, &mut Ctx<'_, GameEvent>) -> Result<(), RulesError>,
) -> bool {
    grimoire_engine::succeeds_on_kept(&SCRATCH, game, &mut ScriptedDice::new(), try_it)
}

fn apply_action(
    game: &mut Game,
    action: &Action,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    if game.outcome.is_some() {
        return Err(GameRefusal::Over.into());
    }
    let deciding = game.mulligans.first();
    if let (Some(next), false) = (deciding, matches!(action, Action::Mulligan { .. })) {
        return Err(GameRefusal::MulliganPending(*next).into());
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
        Action::Mulligan { player, redraw } => turn::mulligan(game, *player, *redraw, ctx),
    }
}
