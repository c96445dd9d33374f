//! The actions of Summoner Wars and [`SummonerWarsRules`], the game's [`Rules`].

use std::cell::RefCell;

use grimoire_engine::{Ctx, ObjectId, PlayerId, Rules, Square};

use super::abilities::abilities;
use super::attack::attack;
use super::content::Ability;
use super::content::Timing;
use super::damage::check_state;
use super::handlers::card_handler;
use super::handlers::{run, Trigger};
use super::instant::{event_entries, first_pick_refuses, has_instant_ops, use_ability};
use super::movement::move_unit;
use super::phases::end_phase;
use super::refusal::Refusal;
use super::state::{Game, GameEvent, Kind, RulesError};
use super::summon::{build, discard_for_magic, play_event, summon};

/// The squares a move steps on, in order: most moves are a few steps, kept in the action
/// itself (a Move Phase lists every path of every unit).
pub type Path = smallvec::SmallVec<[Square; 4]>;

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
        path: Path,
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
    /// Discard a card from hand for 1 magic (Magic Phase); several cards are discarded one at
    /// a time.
    DiscardForMagic {
        /// The card.
        card: ObjectId,
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

    /// Every action `player` may take now ([`legal_actions`](super::legal::legal_actions)).
    fn legal_actions(&self, game: &Game, player: PlayerId) -> Vec<Action> {
        super::legal::legal_actions(game, player)
    }

    /// Applies `action`; when the rules reject it, `game` is left as it was.
    ///
    /// An action whose every refusal comes before it changes anything
    /// ([`checked_before_change`]) is applied in place when the dice and the chooser cannot
    /// fail ([`Ctx::never_fails`]): once its check passed nothing can stop it. Any other action
    /// (or with scripted dice or choices) works on the state with a copy kept to put back.
    fn apply(
        &self,
        game: &mut Game,
        action: &Action,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), RulesError> {
        if ctx.never_fails() && checked_before_change(game, action) {
            if cfg!(debug_assertions) {
                return apply_checked_in_debug(game, action, ctx);
            }
            return apply_in_place(game, action, ctx);
        }
        let step =
            |game: &mut Game, ctx: &mut Ctx<'_, GameEvent>| apply_in_place(game, action, ctx);
        grimoire_engine::all_or_nothing_kept(&BACKUP, game, ctx, step)
    }
}

/// Whether every refusal of `action` on `game` comes from the checks it runs before changing
/// the state (`check_summon`, `check_build`, `check_move`, `check_attack`, `check_discard`,
/// `check_event`, `check_use`; ending a phase refuses nothing; handlers refuse nothing): what
/// follows only rolls, asks and acts. The operations of an event or an ability may still find
/// nothing to pick or cost more than the player has (`instant::resolve`): those count only
/// when their first operation alone can refuse and finds a card now
/// ([`first_pick_refuses`](super::instant::first_pick_refuses)).
fn checked_before_change(game: &Game, action: &Action) -> bool {
    let one_shot = |a: &Ability| a.meta().timing == Some(Timing::Activated);
    match action {
        Action::Summon { .. }
        | Action::Build { .. }
        | Action::Move { .. }
        | Action::Attack { .. }
        | Action::DiscardForMagic { .. }
        | Action::EndPhase => true,
        Action::PlayEvent { card, .. } => game.piece(*card).is_ok_and(|piece| {
            card_handler(game, *card).is_none()
                && piece
                    .carries
                    .iter()
                    .all(|a| one_shot(a) && a.meta().handler.is_none())
                && first_pick_refuses(game, *card, game.active, &event_entries(game, *card), true)
                    == Some(false)
        }),
        Action::Activate { unit, ability } => {
            match abilities(game, *unit)
                .into_iter()
                .find(|a| a.meta().name == ability)
            {
                // Used by its operations (what `activate` does with it).
                Some(a) if one_shot(&a) && a.meta().handler.is_none() && has_instant_ops(a) => {
                    first_pick_refuses(game, *unit, game.active, &[a], false) == Some(false)
                }
                // Run by its handler, or refused before anything changes.
                _ => true,
            }
        }
    }
}

/// [`apply_in_place`] for an action [`checked_before_change`], in debug builds: a copy is still
/// made, to check that a refused action changed nothing and recorded nothing.
fn apply_checked_in_debug(
    game: &mut Game,
    action: &Action,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    let before = game.clone();
    let logged = ctx.log.len();
    let done = apply_in_place(game, action, ctx);
    if let Err(error) = &done {
        assert_eq!(
            format!("{game:?}"),
            format!("{before:?}"),
            "{action:?} was refused ({error}) after it changed the state"
        );
        assert_eq!(
            ctx.log.len(),
            logged,
            "{action:?} was refused after recording"
        );
    }
    done
}

thread_local! {
    /// The copy `apply` keeps of the state, reused from one action to the next.
    static BACKUP: RefCell<Game> = RefCell::new(Game::new());
}

/// Applies `action` to `game` directly: on an error `game` may be partly changed, unless the
/// action is [`checked_before_change`] and the dice and chooser cannot fail; other callers
/// work on a copy ([`SummonerWarsRules::apply`], the trials of `legal_actions`).
pub(super) fn apply_in_place(
    game: &mut Game,
    action: &Action,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    if let Some(winner) = game.winner {
        return Err(Refusal::GameOver { winner }.into());
    }
    if game.end_of_turn && !matches!(action, Action::Summon { .. } | Action::EndPhase) {
        return Err(Refusal::EndOfTurn.into());
    }
    match action {
        Action::Summon { card, at } => summon(game, ctx, *card, *at),
        Action::Build { card, at } => build(game, ctx, *card, *at),
        Action::Move { unit, path } => move_unit(game, ctx, *unit, path),
        Action::Attack { attacker, target } => attack(game, ctx, *attacker, *target),
        Action::PlayEvent { card, on } => play_event(game, ctx, *card, *on),
        Action::Activate { unit, ability } => activate(game, ctx, *unit, ability),
        Action::DiscardForMagic { card } => discard_for_magic(game, ctx, *card),
        Action::EndPhase => end_phase(game, ctx),
    }?;
    // A card whose life fell to its damage (an ability lost, a card that gave life left)
    // is destroyed by the change of game state: nobody gains magic.
    check_state(game, ctx)
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
        return Err(Refusal::NotOwnUnit {
            unit: game.named(unit),
        }
        .into());
    }
    let Some(ability) = abilities(game, unit)
        .into_iter()
        .find(|a| a.meta().name == name)
    else {
        return Err(Refusal::NoSuchAbility {
            unit: game.named(unit),
            asked: name.to_string(),
        }
        .into());
    };
    let meta = ability.meta();
    if meta.timing == Some(Timing::Activated) && meta.handler.is_none() && has_instant_ops(ability)
    {
        return use_ability(game, ctx, unit, ability);
    }
    let (Some(Timing::Activated), Some(handler)) = (meta.timing, meta.handler) else {
        return Err(Refusal::NotActivated { ability: meta.name }.into());
    };
    run(game, ctx, handler, unit, Trigger::Activated)?;
    Ok(())
}
