//! The actions of Summoner Wars and [`SummonerWarsRules`], the game's [`Rules`].

use grimoire_engine::{Ctx, ObjectId, PlayerId, Rules, Square};

use super::abilities::abilities;
use super::attack::attack;
use super::content::{Phase, Timing};
use super::damage::check_state;
use super::handlers::{run, Trigger};
use super::movement::move_unit;
use super::phases::end_phase;
use super::state::{grid, illegal, Game, GameEvent, Kind, Place, RulesError};
use super::summon::{build, discard_for_magic, play_event, summon};

/// One thing the active player does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Summon a unit from hand onto a square (Summon Phase).
    Summon {
        /// The card in hand.
        card: ObjectId,
        /// Where.
        at: Square,
    },
    /// Build a structure from hand onto a square (Build Phase).
    Build {
        /// The card in hand.
        card: ObjectId,
        /// Where.
        at: Square,
    },
    /// Choose a unit to move and move it along a path (Move Phase).
    Move {
        /// The unit.
        unit: ObjectId,
        /// The squares it steps on, in order.
        path: Vec<Square>,
    },
    /// Choose a unit to attack a card (Attack Phase).
    Attack {
        /// The attacker.
        attacker: ObjectId,
        /// The card attacked.
        target: ObjectId,
    },
    /// Play an event from hand, attached to a unit when it carries effects for one.
    PlayEvent {
        /// The event.
        card: ObjectId,
        /// The unit it is played on.
        on: Option<ObjectId>,
    },
    /// Use an `Activated` ability of a unit.
    Activate {
        /// The unit.
        unit: ObjectId,
        /// The ability's name.
        ability: String,
    },
    /// Discard cards from hand for magic (Magic Phase).
    DiscardForMagic {
        /// The cards.
        cards: Vec<ObjectId>,
    },
    /// End the current phase (after the Magic Phase: end the turn).
    EndPhase,
}

/// The Summoner Wars rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct SummonerWarsRules;

impl Rules for SummonerWarsRules {
    type State = Game;
    type Action = Action;
    type Event = GameEvent;
    type Error = RulesError;

    /// The actions open to `player`: ending the phase; in its phase every summon, build,
    /// one-space move, attack and single-card discard the rules accept; every event from hand
    /// (on no unit or on a unit) and every activated ability the rules accept. Each candidate
    /// is tried on a copy of the state, answering questions with the first option. Moves of
    /// more than one space are legal too but not listed.
    fn legal_actions(&self, game: &Game, player: PlayerId) -> Vec<Action> {
        if player != game.active || game.winner.is_some() {
            return Vec::new();
        }
        let mut actions = vec![Action::EndPhase];
        let g = grid();
        let squares: Vec<Square> = (0..g.height)
            .flat_map(|row| (0..g.width).map(move |column| Square { column, row }))
            .collect();
        let hand = game.pile(player, Place::Hand);
        let mine: Vec<ObjectId> = game
            .on_battlefield()
            .filter(|&id| game.pieces[id.0 as usize].controller == player)
            .collect();
        let mut candidates: Vec<Action> = match game.phase {
            Phase::Summon => hand
                .iter()
                .flat_map(|&card| squares.iter().map(move |&at| Action::Summon { card, at }))
                .collect(),
            Phase::Build => hand
                .iter()
                .flat_map(|&card| squares.iter().map(move |&at| Action::Build { card, at }))
                .collect(),
            Phase::Move => mine
                .iter()
                .flat_map(|&unit| {
                    squares.iter().map(move |&at| Action::Move {
                        unit,
                        path: vec![at],
                    })
                })
                .collect(),
            Phase::Attack => mine
                .iter()
                .flat_map(|&attacker| {
                    game.on_battlefield()
                        .map(move |target| Action::Attack { attacker, target })
                })
                .collect(),
            Phase::Magic => hand
                .iter()
                .map(|&card| Action::DiscardForMagic { cards: vec![card] })
                .collect(),
        };
        // Events from hand (on no unit, or on each unit) and activated abilities, in any phase.
        for &card in hand
            .iter()
            .filter(|&&c| game.pieces[c.0 as usize].kind() == Kind::Event)
        {
            candidates.push(Action::PlayEvent { card, on: None });
            candidates.extend(game.on_battlefield().map(|unit| Action::PlayEvent {
                card,
                on: Some(unit),
            }));
        }
        for &unit in &mine {
            for ability in abilities(game, unit) {
                let meta = ability.meta();
                if meta.timing == Some(Timing::Activated) && meta.handler.is_some() {
                    candidates.push(Action::Activate {
                        unit,
                        ability: meta.name.to_string(),
                    });
                }
            }
        }
        for action in candidates {
            let mut trial = game.clone();
            let mut dice = grimoire_engine::SeededDice::new(0);
            let mut choices = grimoire_engine::FirstOption;
            let mut log = grimoire_engine::EventLog::new();
            let mut ctx = Ctx::new(&mut dice, &mut choices, &mut log);
            if self.apply(&mut trial, &action, &mut ctx).is_ok() {
                actions.push(action);
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
        if let Some(winner) = game.winner {
            return illegal(format!("the game is over: player {} won", winner.0));
        }
        if game.end_of_turn && !matches!(action, Action::Summon { .. } | Action::EndPhase) {
            return illegal(
                "it is the end of the turn: only triggered effects and Renewed Hope's summoning \
                 happen now",
            );
        }
        match action {
            Action::Summon { card, at } => summon(game, ctx, *card, *at),
            Action::Build { card, at } => build(game, ctx, *card, *at),
            Action::Move { unit, path } => move_unit(game, ctx, *unit, path),
            Action::Attack { attacker, target } => attack(game, ctx, *attacker, *target),
            Action::PlayEvent { card, on } => play_event(game, ctx, *card, *on),
            Action::Activate { unit, ability } => activate(game, ctx, *unit, ability),
            Action::DiscardForMagic { cards } => discard_for_magic(game, ctx, cards),
            Action::EndPhase => end_phase(game, ctx),
        }?;
        // A card whose life fell to its damage (an ability lost, a card that gave life left)
        // is destroyed by the change of game state: nobody gains magic.
        check_state(game, ctx)
    }
}

/// Uses an `Activated` ability of a unit the active player controls on the battlefield.
fn activate(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    unit: ObjectId,
    name: &str,
) -> Result<(), RulesError> {
    let piece = game.piece(unit)?;
    if piece.controller != game.active
        || !game.is_on_battlefield(unit)
        || piece.kind() == Kind::Event
    {
        return illegal(format!(
            "{} is not a unit the active player controls on the battlefield",
            game.describe(unit)
        ));
    }
    let Some(ability) = abilities(game, unit)
        .into_iter()
        .find(|a| a.meta().name == name)
    else {
        return illegal(format!(
            "{} has no ability {name:?} now",
            game.describe(unit)
        ));
    };
    let meta = ability.meta();
    let (Some(Timing::Activated), Some(handler)) = (meta.timing, meta.handler) else {
        return illegal(format!("{name} is not an ability a player activates"));
    };
    run(game, ctx, handler, unit, Trigger::Activated)?;
    Ok(())
}
