//! Whole games of Mage Wars on the engine's [`Playable`] contract: [`MageWarsGame`] plays a
//! [`Match`] (the [`Game`] plus the round, the spellbooks and whose turn it is) from two
//! [`Spellbook`]s to a winner, with one [`Play`] per thing a player decides.
//!
//! The scenario actions ([`super::Action`], [`super::MageWarsRules`]) stay as they are; a
//! `Play` reuses their rules (the attack sequence, upkeep, channeling, activation and the end
//! of an Action Phase) and adds the round ([`super::round`]), movement
//! ([`super::movement`]) and planning, casting and revealing ([`super::cast`]).
//!
//! `apply` checks and acts on the state and puts the state back as it was when the action
//! turns out illegal, so a rejected action never leaves partial state.

use std::cell::RefCell;

use grimoire_engine::{
    Board, Ctx, ObjectId, Outcome, Playable, PlayerId, Rules, ScriptedDice, Zone, ZonedArena,
};
use serde::Serialize;
use smallvec::SmallVec;

use super::attack::AttackTarget;
use super::card::ObjectKind;
use super::cast::{self, SpellTarget};
use super::casters;
use super::content::{ActionSpeed, AttackKind, Card, ConjurationForm, Trait};
use super::movement;
use super::refusal::{AttackRefusal, MoveRefusal, TurnRefusal};
use super::round;
use super::setup::{self, Spellbook};
use super::state::{Game, GameEvent, Marker, RulesError};
use super::walls::{self, Border};

/// One player's side: the Mage, the spellbook and the spells planned this round.
#[derive(Debug)]
pub struct Seat {
    /// The player.
    pub player: PlayerId,
    /// The player's Mage.
    pub mage: ObjectId,
    /// Each spell of the spellbook with the copies still in it (cast copies leave it).
    pub spellbook: Vec<(Card, u32)>,
    /// Spells planned this round (positions in `spellbook`), not cast yet.
    pub planned: Vec<usize>,
    /// Spells planned this round for a familiar or spawnpoint: (the caster, the position in
    /// `spellbook`), not cast yet ([`super::casters`]).
    pub assigned: Vec<(ObjectId, usize)>,
    /// The Mage's quickcast marker is ready (reset each round).
    pub quickcast: bool,
}

impl Clone for Seat {
    fn clone(&self) -> Self {
        Self {
            spellbook: self.spellbook.clone(),
            planned: self.planned.clone(),
            assigned: self.assigned.clone(),
            ..*self
        }
    }

    /// Copies into the existing lists.
    fn clone_from(&mut self, source: &Self) {
        let Self {
            player,
            mage,
            spellbook,
            planned,
            assigned,
            quickcast,
        } = source;
        self.player = *player;
        self.mage = *mage;
        self.spellbook.clone_from(spellbook);
        self.planned.clone_from(planned);
        self.assigned.clone_from(assigned);
        self.quickcast = *quickcast;
    }
}

/// Where the round stands: who decides what now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Planning Phase: `player` plans up to two spells (initiative first).
    Planning {
        /// The player planning.
        player: PlayerId,
    },
    /// Deployment Phase: `player` casts the spells planned for its spawnpoints, or passes
    /// (initiative first).
    Deployment {
        /// The player deploying.
        player: PlayerId,
    },
    /// Action Stage: `player` chooses the next creature to activate (and may quickcast before).
    Activation {
        /// The player activating.
        player: PlayerId,
    },
    /// A creature's Action Phase.
    Acting {
        /// The active creature.
        creature: ObjectId,
        /// Zones moved this Action Phase.
        moves: u8,
        /// It is hindered: at most one zone of movement this Action Phase.
        hindered: bool,
    },
    /// Final Quickcast Phase: each player in turn (initiative first) may quickcast once.
    FinalQuickcast {
        /// The player to quickcast or pass.
        player: PlayerId,
        /// Players who had their opportunity already.
        done: u8,
    },
}

/// A game of Mage Wars in progress.
#[derive(Debug)]
pub struct Match {
    /// The objects, mana and the rules' own state.
    pub game: Game,
    /// The two players (player `n` is `seats[n - 1]`).
    pub seats: Vec<Seat>,
    /// The card of each object (index = object id).
    pub sources: Vec<Card>,
    /// The round, from 1.
    pub round: u32,
    /// The player with the initiative this round.
    pub initiative: PlayerId,
    /// Where the round stands.
    pub step: Step,
    /// Creatures whose action marker is ready (not activated yet this round).
    pub ready: Vec<ObjectId>,
    /// Enchantments cast face down and not revealed yet.
    pub hidden: Vec<ObjectId>,
    /// How the game ended, once it has.
    pub ended: Option<Outcome>,
}

impl Clone for Match {
    fn clone(&self) -> Self {
        Self {
            game: self.game.clone(),
            seats: self.seats.clone(),
            sources: self.sources.clone(),
            ready: self.ready.clone(),
            hidden: self.hidden.clone(),
            ..*self
        }
    }

    /// Copies `source` field by field into the existing allocations; every field is named, so
    /// one added and not copied here does not compile.
    fn clone_from(&mut self, source: &Self) {
        let Self {
            game,
            seats,
            sources,
            round,
            initiative,
            step,
            ready,
            hidden,
            ended,
        } = source;
        self.game.clone_from(game);
        self.seats.clone_from(seats);
        self.sources.clone_from(sources);
        self.round = *round;
        self.initiative = *initiative;
        self.step = *step;
        self.ready.clone_from(ready);
        self.hidden.clone_from(hidden);
        self.ended = *ended;
    }
}

impl Match {
    /// A match with no seats and no objects: a place to copy states into.
    fn empty() -> Self {
        Self {
            game: Game::default(),
            seats: Vec::new(),
            sources: Vec::new(),
            round: 0,
            initiative: PlayerId(1),
            step: Step::Planning {
                player: PlayerId(1),
            },
            ready: Vec::new(),
            hidden: Vec::new(),
            ended: None,
        }
    }

    /// The seat of `player`.
    pub fn seat(&self, player: PlayerId) -> Result<&Seat, RulesError> {
        self.seats
            .get((player.0 as usize).wrapping_sub(1))
            .ok_or_else(|| TurnRefusal::NoPlayer(player).into())
    }

    /// The seat of `player`, to change.
    pub fn seat_mut(&mut self, player: PlayerId) -> Result<&mut Seat, RulesError> {
        self.seats
            .get_mut((player.0 as usize).wrapping_sub(1))
            .ok_or_else(|| TurnRefusal::NoPlayer(player).into())
    }

    /// The player who must act now, `None` once the game is over.
    pub fn to_act(&self) -> Option<PlayerId> {
        if self.ended.is_some() {
            return None;
        }
        Some(match self.step {
            Step::Planning { player }
            | Step::Deployment { player }
            | Step::Activation { player }
            | Step::FinalQuickcast { player, .. } => player,
            Step::Acting { creature, .. } => self.game.object(creature).ok()?.controller,
        })
    }

    /// An object's name (its card's name).
    pub fn name(&self, id: ObjectId) -> &'static str {
        self.game.card(id).map_or("an unknown object", |c| c.name)
    }

    /// A zone's name (`B2`), or a zone border's (`B1|C1`).
    pub fn zone_name(&self, zone: Zone) -> String {
        match super::walls::Border::at(&self.game.arena, zone) {
            Some(border) => border.name(&self.game.arena),
            None => self.game.arena.position_name(&zone),
        }
    }
}

/// One thing a player decides in a game of Mage Wars.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Play {
    /// Planning Phase: plan the spell at this position of the spellbook.
    Plan(usize),
    /// Done: end planning, end the active creature's Action Phase, or pass the Final
    /// Quickcast.
    Pass,
    /// Activate a ready creature: its Action Phase begins.
    Activate(ObjectId),
    /// The active creature moves to an adjacent zone.
    Move(Zone),
    /// The active creature guards (a quick action).
    Guard,
    /// The active creature makes an attack action with bar `bar` of `source` (its own card or
    /// equipment it wears).
    Attack {
        /// Whose card prints the bar.
        source: ObjectId,
        /// The bar's position on that card.
        bar: usize,
        /// The defender or zone.
        target: AttackTarget,
    },
    /// The player's Mage casts a planned spell: as the active creature's action, or with its
    /// quickcast action (before a friendly Action Phase, or in the Final Quickcast Phase).
    Cast {
        /// The spell's position in the spellbook.
        spell: usize,
        /// What it is cast on.
        target: SpellTarget,
        /// Cast with the quickcast action.
        quickcast: bool,
    },
    /// Reveal a face-down enchantment the player controls, paying its reveal cost.
    Reveal(ObjectId),
    /// Planning Phase: plan the spell at this position of the spellbook for a familiar or
    /// spawnpoint the player controls.
    PlanFor {
        /// The familiar or spawnpoint.
        caster: ObjectId,
        /// The spell's position in the spellbook.
        spell: usize,
    },
    /// A familiar (as the active creature's action) or a spawnpoint (in the Deployment Phase)
    /// casts the spell planned for it.
    CastBy {
        /// The familiar or spawnpoint.
        caster: ObjectId,
        /// What it is cast on.
        target: SpellTarget,
    },
}

/// What happened, for the log: the rules' own events and those of the round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum PlayEvent {
    /// A state change of the rules ([`GameEvent`]).
    Game(GameEvent),
    /// An object came into the arena at set-up.
    Entered {
        /// Its controller.
        player: PlayerId,
        /// The object.
        object: ObjectId,
        /// Its zone.
        zone: Zone,
    },
    /// A round began.
    Round {
        /// The round.
        round: u32,
        /// Who has the initiative.
        initiative: PlayerId,
    },
    /// A spell was planned.
    Planned {
        /// The player.
        player: PlayerId,
        /// The spell's name.
        card: &'static str,
    },
    /// Planned spells not cast went back to the spellbook.
    Unplanned {
        /// The player.
        player: PlayerId,
        /// How many.
        spells: u32,
    },
    /// A creature was activated.
    Activated {
        /// The creature.
        creature: ObjectId,
    },
    /// A creature's Action Phase ended.
    PhaseEnded {
        /// The creature.
        creature: ObjectId,
    },
    /// A creature guards.
    Guarding {
        /// The creature.
        creature: ObjectId,
    },
    /// A spell was cast and became this object.
    Cast {
        /// The caster's player.
        player: PlayerId,
        /// The spell as an object (out of play again once an incantation or attack spell
        /// resolved).
        object: ObjectId,
        /// What it was cast on.
        target: SpellTarget,
    },
    /// Extendable: a second copy of a wall just cast was placed (it is not a spell cast).
    WallExtended {
        /// The caster's player.
        player: PlayerId,
        /// The second wall.
        object: ObjectId,
    },
    /// An enchantment was revealed.
    Revealed {
        /// The enchantment.
        object: ObjectId,
    },
    /// An equipment went back to its owner's spellbook (replaced by a new one in its location).
    Returned {
        /// The equipment.
        object: ObjectId,
    },
    /// The game ended.
    Ended {
        /// How.
        outcome: Outcome,
    },
}

/// Mage Wars played whole: set-up from two spellbooks, the round, and a winner.
#[derive(Debug, Clone, Copy, Default)]
pub struct MageWarsGame;

impl MageWarsGame {
    /// Every action the contract check tries: each spellbook position planned, each object
    /// activated or revealed, each zone moved to, each bar of each object against each object
    /// and zone, each spell on each zone and object, with and without quickcast. A superset
    /// of what `apply` accepts.
    pub fn candidates(state: &Match, player: PlayerId) -> Vec<Play> {
        let objects: Vec<ObjectId> = (0..state.game.store.len() as u32 + 1)
            .map(ObjectId)
            .collect();
        let zones: Vec<Zone> = state.game.arena.zones().collect();
        let mut out = vec![Play::Pass, Play::Guard];
        let book = state.seat(player).map_or(0, |s| s.spellbook.len());
        out.extend((0..=book).map(Play::Plan));
        for &id in &objects {
            out.push(Play::Activate(id));
            out.push(Play::Reveal(id));
        }
        out.extend(zones.iter().map(|&z| Play::Move(z)));
        let mut targets: Vec<AttackTarget> =
            objects.iter().map(|&o| AttackTarget::Object(o)).collect();
        targets.extend(zones.iter().map(|&z| AttackTarget::Zone(z)));
        for &source in &objects {
            let bars = state.game.card(source).map_or(0, |c| c.attacks.len());
            for bar in 0..=bars {
                for &target in &targets {
                    out.push(Play::Attack {
                        source,
                        bar,
                        target,
                    });
                }
            }
        }
        let mut spell_targets: Vec<SpellTarget> =
            objects.iter().map(|&o| SpellTarget::Object(o)).collect();
        spell_targets.extend(zones.iter().map(|&z| SpellTarget::Zone(z)));
        spell_targets.push(SpellTarget::Arena);
        spell_targets.extend(border_targets(&state.game.arena));
        for spell in 0..=book {
            for &target in &spell_targets {
                for quickcast in [false, true] {
                    out.push(Play::Cast {
                        spell,
                        target,
                        quickcast,
                    });
                }
            }
        }
        for &caster in &objects {
            out.extend((0..=book).map(|spell| Play::PlanFor { caster, spell }));
            out.extend(
                spell_targets
                    .iter()
                    .map(|&target| Play::CastBy { caster, target }),
            );
        }
        out
    }

    /// True when `apply` would accept `action` now: the checks that need no dice, then, for
    /// attacks and attack spells, the attack sequence up to its first roll on a copy.
    fn accepts(&self, state: &Match, player: PlayerId, action: &Play) -> bool {
        if state.to_act() != Some(player) || validate(state, player, action).is_err() {
            return false;
        }
        let is_attack_spell = |spell: Option<usize>| {
            spell
                .and_then(|spell| state.seat(player).ok()?.spellbook.get(spell))
                .is_some_and(|(card, _)| matches!(card, Card::Attack(_)))
        };
        let rolls = match action {
            Play::Attack { .. } => true,
            Play::Cast { spell, .. } => is_attack_spell(Some(*spell)),
            Play::CastBy { caster, .. } => {
                is_attack_spell(casters::assigned_spell(state, player, *caster))
            }
            _ => false,
        };
        if !rolls {
            return true;
        }
        // The copy equals `state`, so the checks above hold for it: `act` goes on from them.
        let attempt = |copy: &mut Match| {
            let mut no_dice = ScriptedDice::new();
            let mut events = Vec::new();
            matches!(
                act(copy, player, action, &mut no_dice, &mut events),
                Ok(()) | Err(RulesError::Dice(_))
            )
        };
        grimoire_engine::on_kept_copy(&SCRATCH, state, attempt)
    }
}

/// Whether `card` is a wall spell (cast on a zone border).
fn is_wall_spell(card: Card) -> bool {
    matches!(card, Card::Conjuration(c) if c.form == ConjurationForm::Wall)
}

/// Every zone border as a spell target, alone and with each border connected to it
/// (Extendable's second wall).
fn border_targets(arena: &ZonedArena) -> Vec<SpellTarget> {
    let borders: Vec<Border> = Border::all(arena).collect();
    let mut targets = Vec::new();
    for &border in &borders {
        targets.push(SpellTarget::Border {
            border,
            extend: None,
        });
        targets.extend(
            borders
                .iter()
                .filter(|&&second| border.connected(second, arena))
                .map(|&second| SpellTarget::Border {
                    border,
                    extend: Some(second),
                }),
        );
    }
    targets
}

/// The checks of an action that need neither dice nor a change of state.
fn validate(state: &Match, player: PlayerId, action: &Play) -> Result<(), RulesError> {
    match (*action, state.step) {
        (Play::Plan(spell), Step::Planning { .. }) => cast::check_plan(state, player, spell),
        (Play::PlanFor { caster, spell }, Step::Planning { .. }) => {
            casters::check_plan_for(state, player, caster, spell)
        }
        (Play::CastBy { caster, target }, _) => {
            cast::check_cast_by(state, player, caster, target).map(|_| ())
        }
        (Play::Pass, Step::Activation { .. }) => Err(TurnRefusal::MustActivate.into()),
        (Play::Pass, _) => Ok(()),
        (Play::Activate(creature), Step::Activation { .. }) => {
            let object = state.game.object(creature)?;
            if object.controller != player || !state.ready.contains(&creature) {
                return Err(TurnRefusal::NotReady {
                    creature,
                    name: state.name(creature),
                    player,
                }
                .into());
            }
            Ok(())
        }
        (
            Play::Move(zone),
            Step::Acting {
                creature,
                moves,
                hindered,
            },
        ) => movement::check_move(state, creature, moves, hindered, zone),
        (
            Play::Guard,
            Step::Acting {
                creature, moves, ..
            },
        ) => {
            movement::check_quick_action(state, creature, moves)?;
            if state.game.is_incapacitated(creature) {
                return Err(MoveRefusal::IncapacitatedGuard.into());
            }
            Ok(())
        }
        (
            Play::Attack {
                source,
                bar,
                target,
            },
            Step::Acting {
                creature, moves, ..
            },
        ) => {
            let at_itself = match target {
                AttackTarget::Object(o) => o == creature,
                AttackTarget::Sweep(a, b) => a == creature || b == creature,
                AttackTarget::Zone(_) => false,
            };
            if at_itself {
                return Err(AttackRefusal::AtItself {
                    creature,
                    name: state.name(creature),
                }
                .into());
            }
            let defenders = match target {
                AttackTarget::Object(o) => [Some(o), None],
                AttackTarget::Sweep(a, b) => [Some(a), Some(b)],
                AttackTarget::Zone(_) => [None, None],
            };
            for defender in defenders.into_iter().flatten() {
                let o = state.game.object(defender)?;
                let card = state.game.card(defender)?;
                if !o.in_play
                    || o.attached_to.is_some()
                    || !(card.is_creature() || card.is_conjuration())
                {
                    return Err(AttackRefusal::NotAttackable {
                        defender,
                        name: state.name(defender),
                    }
                    .into());
                }
            }
            let attacker = state.game.object(creature)?;
            let lender = state.game.object(source)?;
            let worn = lender.attached_to == Some(creature)
                && lender.in_play
                && state.game.card(source)?.kind == ObjectKind::Equipment;
            if source != creature && !worn {
                return Err(AttackRefusal::LendsNothing {
                    source,
                    source_name: state.name(source),
                    creature,
                    creature_name: state.name(creature),
                }
                .into());
            }
            let Some(printed) = state.game.card(source)?.attacks.get(bar) else {
                return Err(AttackRefusal::NoAttackNumber(bar).into());
            };
            match printed.speed {
                None => Err(AttackRefusal::NotAnAction {
                    attack: printed.name,
                }
                .into()),
                Some(ActionSpeed::Quick) => movement::check_quick_action(state, creature, moves),
                Some(ActionSpeed::Full) => movement::check_full_action(state, creature, moves),
            }
            .and_then(|()| {
                attacker.in_play.then_some(()).ok_or_else(|| {
                    AttackRefusal::AttackerNotInPlay {
                        creature,
                        name: state.name(creature),
                    }
                    .into()
                })
            })
        }
        (
            Play::Cast {
                spell,
                target,
                quickcast,
            },
            _,
        ) => cast::check_cast(state, player, spell, target, quickcast).map(|_| ()),
        (Play::Reveal(object), Step::Activation { .. })
        | (Play::Reveal(object), Step::Acting { .. })
        | (Play::Reveal(object), Step::FinalQuickcast { .. }) => {
            cast::check_reveal(state, player, object).map(|_| ())
        }
        _ => Err(TurnRefusal::NotThisStep.into()),
    }
}

/// Applies an action `player` may take now (they are to act and it passed [`validate`]),
/// recording into `events`; on an error the caller restores the state.
fn act(
    state: &mut Match,
    player: PlayerId,
    action: &Play,
    dice: &mut dyn grimoire_engine::Dice,
    events: &mut Vec<PlayEvent>,
) -> Result<(), RulesError> {
    let first_event = events.len();
    super::abilities::refresh_auras(&mut state.game, &state.hidden);
    match (*action, state.step) {
        (Play::Plan(spell), _) => {
            cast::plan(state, player, spell, events)?;
            if casters::planning_complete(state, player) {
                round::end_planning(state, player)?;
            }
        }
        (Play::PlanFor { caster, spell }, _) => {
            casters::plan_for(state, player, caster, spell, events)?;
            if casters::planning_complete(state, player) {
                round::end_planning(state, player)?;
            }
        }
        (Play::Pass, Step::Planning { .. }) => round::end_planning(state, player)?,
        (Play::Pass, Step::Deployment { .. }) => casters::end_deployment(state, player),
        (Play::CastBy { caster, target }, _) => {
            cast::cast_by(state, player, caster, target, dice, events)?;
            match state.step {
                Step::Acting { creature, .. } => {
                    round::after_action(state, creature, dice, events)?
                }
                _ => round::check_end(state, events),
            }
        }
        (Play::Pass, Step::Acting { creature, .. }) => {
            round::end_action_phase(state, creature, dice, events)?
        }
        (Play::Pass, Step::FinalQuickcast { .. }) => {
            round::final_quickcast_done(state, dice, events)?
        }
        (Play::Activate(creature), _) => round::activate_creature(state, creature, events),
        (Play::Move(zone), Step::Acting { creature, .. }) => {
            movement::move_creature(state, creature, zone, dice, events)?
        }
        (Play::Guard, Step::Acting { creature, .. }) => {
            state.game.set_markers(creature, Marker::Guard, 1);
            round::flush(&mut state.game, events);
            events.push(PlayEvent::Guarding { creature });
            round::end_action_phase(state, creature, dice, events)?;
        }
        (
            Play::Attack {
                source,
                bar,
                target,
            },
            Step::Acting {
                creature, moves, ..
            },
        ) => {
            let printed: &'static super::content::AttackBar = state
                .game
                .card(source)?
                .attacks
                .get(bar)
                .ok_or(AttackRefusal::NoAttackNumber(bar))?;
            let profile = super::AttackProfile::new(printed);
            let options = super::AttackOptions { charged: moves > 0 };
            super::attack_action(&mut state.game, dice, creature, &profile, target, options)?;
            round::after_action(state, creature, dice, events)?;
        }
        (
            Play::Cast {
                spell,
                target,
                quickcast,
            },
            _,
        ) => {
            cast::cast(state, player, spell, target, quickcast, dice, events)?;
            match state.step {
                Step::Acting { creature, .. } if !quickcast => {
                    round::after_action(state, creature, dice, events)?
                }
                Step::FinalQuickcast { .. } => round::final_quickcast_done(state, dice, events)?,
                _ => round::check_end(state, events),
            }
        }
        (Play::Reveal(object), _) => {
            cast::reveal(state, player, object, dice, events)?;
            if !matches!(state.step, Step::Acting { .. }) {
                round::check_end(state, events);
            }
        }
        _ => return Err(TurnRefusal::NotNow.into()),
    }
    round::flush(&mut state.game, events);
    return_cantrips(state, first_event, events);
    // Auras follow what the action changed (docs/decisions.md, "Mage Wars: auras").
    super::abilities::refresh_auras(&mut state.game, &state.hidden);
    round::flush(&mut state.game, events);
    Ok(())
}

/// codex: Cantrip: a destroyed spell with Cantrip goes back to its owner's spellbook instead of
/// the discard pile; its controller is its owner, since no effect in play changes control.
fn return_cantrips(state: &mut Match, first_event: usize, events: &mut Vec<PlayEvent>) {
    let destroyed: Vec<ObjectId> = events[first_event..]
        .iter()
        .filter_map(|event| match *event {
            PlayEvent::Game(GameEvent::Destroyed { object, .. }) => Some(object),
            _ => None,
        })
        .collect();
    for object in destroyed {
        let cantrip = state
            .game
            .card(object)
            .is_ok_and(|card| card.traits.contains(&super::content::Trait::Cantrip));
        let (true, Some(card), Ok(o)) = (
            cantrip,
            state.sources.get(object.0 as usize).copied(),
            state.game.object(object),
        ) else {
            continue;
        };
        let owner = o.controller;
        let Ok(seat) = state.seat_mut(owner) else {
            continue;
        };
        match seat
            .spellbook
            .iter_mut()
            .find(|(c, _)| c.name() == card.name())
        {
            Some((_, copies)) => *copies += 1,
            None => seat.spellbook.push((card, 1)),
        }
        events.push(PlayEvent::Returned { object });
    }
}

impl MageWarsGame {
    /// The legal actions of [`Rules::legal_actions`], appended to `candidates`: every
    /// candidate of the step, then those the checks refuse taken out (the order kept).
    fn legal_into(&self, state: &Match, player: PlayerId, seat: &Seat, candidates: &mut Vec<Play>) {
        candidates.push(Play::Pass);
        let game = &state.game;
        let in_play = || game.store.iter().filter(|o| o.in_play).map(|o| o.id);
        match state.step {
            Step::Planning { .. } => {
                candidates.extend((0..seat.spellbook.len()).map(Play::Plan));
                for caster in casters::casters_of(game, player) {
                    candidates.extend(
                        (0..seat.spellbook.len()).map(|spell| Play::PlanFor { caster, spell }),
                    );
                }
            }
            Step::Deployment { .. } => {
                for &(caster, _) in &seat.assigned {
                    cast_by_candidates(state, player, caster, candidates);
                }
            }
            Step::Activation { .. } => {
                candidates.extend(state.ready.iter().map(|&c| Play::Activate(c)));
            }
            Step::Acting { creature, .. } => {
                candidates.push(Play::Guard);
                if casters::assigned_spell(state, player, creature).is_some() {
                    cast_by_candidates(state, player, creature, candidates);
                }
                let here = game.zone_of(creature);
                if let Some(zone) = here {
                    candidates.extend(
                        game.arena
                            .zones()
                            .filter(|&z| game.arena.adjacent(zone, z))
                            .map(Play::Move),
                    );
                }
                let worn = game
                    .object(creature)
                    .map_or(&[][..], |o| &o.attachments[..]);
                for &source in std::iter::once(&creature).chain(worn) {
                    let bars = game.card(source).map_or(&[][..], |c| c.attacks);
                    for (bar, printed) in bars.iter().enumerate() {
                        let attack = |target| Play::Attack {
                            source,
                            bar,
                            target,
                        };
                        if super::profile::bar_has(printed, Trait::ZoneAttack) {
                            candidates
                                .extend(game.arena.zones().map(AttackTarget::Zone).map(attack));
                        } else {
                            // A melee attack has range 0: only objects in the attacker's zone
                            // are worth trying.
                            let melee = printed.kind == AttackKind::Melee;
                            candidates.extend(
                                in_play()
                                    .filter(|&o| o != creature)
                                    .filter(|&o| {
                                        !melee
                                            || here.zip(game.zone_of(o)).is_some_and(|(h, z)| {
                                                walls::distance(&game.arena, h, z) == 0
                                            })
                                    })
                                    .map(AttackTarget::Object)
                                    .map(attack),
                            );
                        }
                    }
                }
            }
            Step::FinalQuickcast { .. } => {}
        }
        if !matches!(state.step, Step::Planning { .. }) {
            let mut planned: SmallVec<[usize; 4]> = seat.planned.iter().copied().collect();
            planned.sort_unstable();
            planned.dedup();
            // Every object in play, every zone and the arena, in that order; listed once for
            // all the planned spells that can be cast now.
            let mut targets: SmallVec<[SpellTarget; 64]> = SmallVec::new();
            // Zone borders are targets only for a wall spell.
            let wall_planned = seat.planned.iter().any(|&s| {
                seat.spellbook
                    .get(s)
                    .is_some_and(|(card, _)| is_wall_spell(*card))
            });
            for spell in planned {
                for quickcast in [false, true] {
                    // A spell that cannot be cast now is skipped before its targets.
                    let Ok((_, casting)) = cast::check_cast_now(state, player, spell, quickcast)
                    else {
                        continue;
                    };
                    if targets.is_empty() {
                        targets.extend(in_play().map(SpellTarget::Object));
                        targets.extend(game.arena.zones().map(SpellTarget::Zone));
                        targets.push(SpellTarget::Arena);
                        if wall_planned {
                            targets.extend(border_targets(&game.arena));
                        }
                    }
                    cast::targets_in_reach(
                        state,
                        player,
                        seat.mage,
                        &casting,
                        &targets,
                        |target| {
                            candidates.push(Play::Cast {
                                spell,
                                target,
                                quickcast,
                            })
                        },
                    );
                }
            }
            candidates.extend(state.hidden.iter().map(|&e| Play::Reveal(e)));
        }
        candidates.retain(|action| self.accepts(state, player, action));
    }
}

/// Every target of the spell planned for `caster` that fits its target line and is in range
/// of the caster, as [`Play::CastBy`] candidates (nothing when it may not cast now).
fn cast_by_candidates(state: &Match, player: PlayerId, caster: ObjectId, out: &mut Vec<Play>) {
    let Ok(spell) = casters::check_cast_by_now(state, player, caster) else {
        return;
    };
    let Some(casting) = state
        .seat(player)
        .ok()
        .and_then(|s| s.spellbook.get(spell))
        .and_then(|(card, _)| cast::casting(*card))
    else {
        return;
    };
    let game = &state.game;
    let mut targets: Vec<SpellTarget> = game
        .store
        .iter()
        .filter(|o| o.in_play)
        .map(|o| SpellTarget::Object(o.id))
        .collect();
    targets.extend(game.arena.zones().map(SpellTarget::Zone));
    targets.push(SpellTarget::Arena);
    let wall = state
        .seat(player)
        .ok()
        .and_then(|s| s.spellbook.get(spell))
        .is_some_and(|(card, _)| is_wall_spell(*card));
    if wall {
        targets.extend(border_targets(&game.arena));
    }
    cast::targets_in_reach(state, player, caster, &casting, &targets, |target| {
        out.push(Play::CastBy { caster, target })
    });
}

impl Rules for MageWarsGame {
    type State = Match;
    type Action = Play;
    type Event = PlayEvent;
    type Error = RulesError;

    /// Every action `player` may take now (none when another player is to act or the game is
    /// over): the candidates of the step (each plannable spell; each ready creature; each
    /// adjacent zone, guarding, each attack bar of the active creature and its equipment
    /// against each object or zone; each planned spell on each zone and object; each hidden
    /// enchantment to reveal; passing) that [`MageWarsGame`]'s checks accept.
    fn legal_actions(&self, state: &Match, player: PlayerId) -> Vec<Play> {
        if state.to_act() != Some(player) {
            return Vec::new();
        }
        let Ok(seat) = state.seat(player) else {
            return Vec::new();
        };
        // Every candidate goes straight into one list kept from call to call, which the checks
        // then filter in place; the answer is a copy of what is left.
        CANDIDATES.with(|kept| match kept.try_borrow_mut() {
            Ok(mut candidates) => {
                candidates.clear();
                self.legal_into(state, player, seat, &mut candidates);
                candidates.to_vec()
            }
            Err(_) => {
                let mut candidates = Vec::new();
                self.legal_into(state, player, seat, &mut candidates);
                candidates
            }
        })
    }

    fn apply(
        &self,
        state: &mut Match,
        action: &Play,
        ctx: &mut Ctx<'_, PlayEvent>,
    ) -> Result<(), RulesError> {
        let player = state.to_act().ok_or(TurnRefusal::GameOver)?;
        // The checks that need no dice reject most illegal actions before anything changes;
        // what is left to go wrong (a failed roll, the attack sequence's own checks) is undone
        // from a copy.
        validate(state, player, action)?;
        let step = |state: &mut Match, ctx: &mut Ctx<'_, PlayEvent>| {
            // The events are gathered in a list kept from one action to the next.
            EVENTS.with(|kept| {
                let mut fresh = Vec::new();
                let mut kept = kept.try_borrow_mut();
                let events = match kept.as_deref_mut() {
                    Ok(events) => events,
                    Err(_) => &mut fresh,
                };
                events.clear();
                // `player` is to act and the action passed `validate`: `act` goes on from
                // there.
                act(state, player, action, &mut *ctx.dice, events)?;
                for event in events.drain(..) {
                    ctx.record(event);
                }
                Ok(())
            })
        };
        // Planning a spell, ending planning and activating a creature cannot fail once
        // `validate` passed (they roll no dice and check nothing it did not): no copy of the
        // state is kept for them.
        let cannot_fail = matches!(
            (*action, state.step),
            (Play::Plan(_), Step::Planning { .. })
                | (Play::PlanFor { .. }, Step::Planning { .. })
                | (Play::Pass, Step::Planning { .. })
                | (Play::Pass, Step::Deployment { .. })
                | (Play::Activate(_), Step::Activation { .. })
        );
        if cannot_fail {
            return step(state, ctx);
        }
        grimoire_engine::all_or_nothing_kept(&BACKUP, state, ctx, step)
    }
}

thread_local! {
    /// The copy `apply` keeps of the state to restore, reused from one action to the next
    /// (copied with `clone_from`, into its existing allocations).
    static BACKUP: RefCell<Match> = RefCell::new(Match::empty());
    /// The copy `legal_actions` tries attacks on, reused from one trial to the next.
    static SCRATCH: RefCell<Match> = RefCell::new(Match::empty());
    /// The list `apply` gathers an action's events in, reused from one action to the next.
    static EVENTS: RefCell<Vec<PlayEvent>> = const { RefCell::new(Vec::new()) };
    /// The list `legal_actions` gathers candidates in, reused from one call to the next.
    static CANDIDATES: RefCell<Vec<Play>> = const { RefCell::new(Vec::new()) };
}

impl Playable for MageWarsGame {
    type Deck = Spellbook;

    /// [`Rules::apply`] itself: it is all or nothing already (the checks run before anything
    /// changes and the rest runs under [`grimoire_engine::all_or_nothing`]), so a second copy
    /// of the state per action would change nothing.
    fn try_apply(
        &self,
        state: &mut Match,
        action: &Play,
        ctx: &mut Ctx<'_, PlayEvent>,
    ) -> Result<(), RulesError> {
        self.apply(state, action, ctx)
    }

    fn setup(
        &self,
        decks: &[Spellbook],
        ctx: &mut Ctx<'_, PlayEvent>,
    ) -> Result<Match, RulesError> {
        setup::setup(decks, ctx)
    }

    fn to_act(&self, state: &Match) -> Option<PlayerId> {
        state.to_act()
    }

    fn outcome(&self, state: &Match) -> Outcome {
        state.ended.unwrap_or(Outcome::Playing)
    }

    fn turn(&self, state: &Match) -> u32 {
        state.round
    }

    fn card_played(&self, state: &Match, action: &Play) -> Option<String> {
        let player = state.to_act()?;
        let spell = match *action {
            Play::Cast { spell, .. } => spell,
            Play::CastBy { caster, .. } => casters::assigned_spell(state, player, caster)?,
            _ => return None,
        };
        let (card, _) = state.seat(player).ok()?.spellbook.get(spell)?;
        Some(card.name().to_string())
    }

    fn describe_action(&self, state: &Match, action: &Play) -> String {
        let spell_name = |spell: usize| {
            state
                .to_act()
                .and_then(|p| state.seat(p).ok())
                .and_then(|s| s.spellbook.get(spell))
                .map_or("an unknown spell", |(card, _)| card.name())
        };
        match *action {
            Play::Plan(spell) => format!("plans {}", spell_name(spell)),
            Play::PlanFor { caster, spell } => {
                format!("plans {} for {}", spell_name(spell), state.name(caster))
            }
            Play::CastBy { caster, target } => {
                let spell = state
                    .to_act()
                    .and_then(|p| casters::assigned_spell(state, p, caster))
                    .map_or("an unknown spell", spell_name);
                format!(
                    "{} casts {spell} {}",
                    state.name(caster),
                    describe_target(state, target)
                )
            }
            Play::Pass => match state.step {
                Step::Planning { .. } => "ends planning".to_string(),
                Step::Deployment { .. } => "ends deployment".to_string(),
                Step::Acting { creature, .. } => {
                    format!("ends the Action Phase of {}", state.name(creature))
                }
                _ => "passes".to_string(),
            },
            Play::Activate(creature) => format!(
                "activates {} in {}",
                state.name(creature),
                state
                    .game
                    .zone_of(creature)
                    .map_or_else(String::new, |z| state.zone_name(z))
            ),
            Play::Move(zone) => match state.step {
                Step::Acting { creature, .. } => {
                    format!(
                        "moves {} to {}",
                        state.name(creature),
                        state.zone_name(zone)
                    )
                }
                _ => format!("moves to {}", state.zone_name(zone)),
            },
            Play::Guard => match state.step {
                Step::Acting { creature, .. } => format!("{} guards", state.name(creature)),
                _ => "guards".to_string(),
            },
            Play::Attack {
                source,
                bar,
                target,
            } => {
                let attack = state
                    .game
                    .card(source)
                    .ok()
                    .and_then(|c| c.attacks.get(bar))
                    .map_or("an attack", |b| b.name);
                let attacker = match state.step {
                    Step::Acting { creature, .. } => state.name(creature),
                    _ => state.name(source),
                };
                let target = match target {
                    AttackTarget::Object(o) => state.name(o).to_string(),
                    AttackTarget::Sweep(a, b) => format!("{} and {}", state.name(a), state.name(b)),
                    AttackTarget::Zone(z) => format!("zone {}", state.zone_name(z)),
                };
                if source == attacker_id(state).unwrap_or(source) {
                    format!("{attacker} attacks {target} with {attack}")
                } else {
                    format!(
                        "{attacker} attacks {target} with {attack} ({})",
                        state.name(source)
                    )
                }
            }
            Play::Cast {
                spell,
                target,
                quickcast,
            } => {
                let how = if quickcast { " (quickcast)" } else { "" };
                let enchantment = state
                    .to_act()
                    .and_then(|p| state.seat(p).ok())
                    .and_then(|s| s.spellbook.get(spell))
                    .is_some_and(|(card, _)| matches!(card, Card::Enchantment(_)));
                let spell = if enchantment {
                    "an enchantment face down"
                } else {
                    spell_name(spell)
                };
                format!("casts {spell}{how} {}", describe_target(state, target))
            }
            Play::Reveal(object) => {
                let on = state
                    .game
                    .object(object)
                    .ok()
                    .and_then(|o| o.attached_to)
                    .map_or("nothing", |p| state.name(p));
                format!("reveals {} on {on}", state.name(object))
            }
        }
    }

    fn describe_event(&self, state: &Match, event: &PlayEvent) -> String {
        describe_event(state, event)
    }
}

/// The active creature, if one is acting.
fn attacker_id(state: &Match) -> Option<ObjectId> {
    match state.step {
        Step::Acting { creature, .. } => Some(creature),
        _ => None,
    }
}

/// A spell's target in words.
fn describe_target(state: &Match, target: SpellTarget) -> String {
    match target {
        SpellTarget::Zone(zone) => format!("in zone {}", state.zone_name(zone)),
        SpellTarget::Object(object) => format!("on {}", state.name(object)),
        SpellTarget::Arena => "on the arena".to_string(),
        SpellTarget::Border { border, extend } => {
            let arena = &state.game.arena;
            match extend {
                Some(second) => format!(
                    "on the zone borders {} and {} (Extendable)",
                    border.name(arena),
                    second.name(arena)
                ),
                None => format!("on the zone border {}", border.name(arena)),
            }
        }
    }
}

/// An event in words, with card names.
fn describe_event(state: &Match, event: &PlayEvent) -> String {
    let name = |id: ObjectId| state.name(id);
    match *event {
        PlayEvent::Game(event) => match event {
            GameEvent::AttackDeclared { attacker, defender } => {
                format!("{} attacks {}", name(attacker), name(defender))
            }
            GameEvent::Missed { attacker, roll } => {
                format!("{} misses (rolled {roll})", name(attacker))
            }
            GameEvent::Avoided { defender, roll } => {
                format!("{} avoids the attack (rolled {roll})", name(defender))
            }
            GameEvent::DiceRolled {
                attacker,
                dice,
                normal,
                critical,
            } => format!(
                "{} rolls {dice} attack dice: {normal} normal and {critical} critical damage",
                name(attacker)
            ),
            GameEvent::EffectRolled { roll, modified } => {
                format!("the effect die shows {roll} ({modified} modified)")
            }
            GameEvent::Damaged { object, amount, .. } => {
                format!("{} takes {amount} damage", name(object))
            }
            GameEvent::Healed { object, amount } => {
                format!("{} heals {amount} damage", name(object))
            }
            GameEvent::Markers {
                object,
                marker,
                count,
            } => {
                let marker = match marker {
                    Marker::Condition(condition) => condition.to_string(),
                    Marker::Guard => "Guard".to_string(),
                    Marker::Rage => "Rage".to_string(),
                    Marker::DefenseUsed => "Defense used".to_string(),
                    Marker::DiscountUsed => "casting discount used".to_string(),
                    Marker::Dissipate => "Dissipate".to_string(),
                    Marker::Mana => "mana".to_string(),
                };
                format!("{} has {count} {marker} marker(s)", name(object))
            }
            GameEvent::Moved { object, zone } => {
                format!("{} moves to {}", name(object), state.zone_name(zone))
            }
            GameEvent::Destroyed { object, .. } => format!("{} is destroyed", name(object)),
            GameEvent::NotModelled(n) => format!(
                "{}: its ability {} is not modelled yet and is ignored",
                name(n.object),
                n.ability
            ),
            GameEvent::DraftEntry {
                object,
                category,
                entry,
            } => format!(
                "{}: the draft {category} {entry} is not modelled yet",
                name(object)
            ),
            GameEvent::Mana { player, mana } => format!("player {} has {mana} mana", player.0),
        },
        PlayEvent::Entered {
            player,
            object,
            zone,
        } => format!(
            "player {}'s {} starts in {}",
            player.0,
            name(object),
            state.zone_name(zone)
        ),
        PlayEvent::Round { round, initiative } => {
            format!(
                "round {round} begins; player {} has the initiative",
                initiative.0
            )
        }
        PlayEvent::Planned { player, card } => format!("player {} plans {card}", player.0),
        PlayEvent::Unplanned { player, spells } => format!(
            "{spells} spell(s) player {} planned go back to the spellbook",
            player.0
        ),
        PlayEvent::Activated { creature } => format!("{} is activated", name(creature)),
        PlayEvent::PhaseEnded { creature } => {
            format!("the Action Phase of {} ends", name(creature))
        }
        PlayEvent::Guarding { creature } => format!("{} guards", name(creature)),
        PlayEvent::Cast {
            player,
            object,
            target,
        } => {
            // A face-down enchantment's name stays hidden until it is revealed.
            let spell = if state.hidden.contains(&object) {
                "an enchantment face down"
            } else {
                name(object)
            };
            format!(
                "player {} casts {spell} {}",
                player.0,
                describe_target(state, target)
            )
        }
        PlayEvent::Revealed { object } => format!("{} is revealed", name(object)),
        PlayEvent::WallExtended { player, object } => format!(
            "player {} places a second {} on the zone border {} (Extendable)",
            player.0,
            name(object),
            state.zone_name(state.game.zone_of(object).unwrap_or(Zone(0)))
        ),
        PlayEvent::Returned { object } => {
            format!("{} goes back to its owner's spellbook", name(object))
        }
        PlayEvent::Ended { outcome } => format!("the game ends: {outcome}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Catalog, Printed};
    use grimoire_engine::{EventLog, FirstOption};

    #[test]
    fn a_destroyed_cantrip_spell_goes_back_to_its_owners_spellbook() {
        let book = |mage: &str, cards: &[(&str, u32)]| {
            Spellbook::from_names(mage, cards.iter().copied(), Catalog::compiled())
                .expect("known cards")
        };
        let mut dice = ScriptedDice::new();
        dice.push("effect", [8]);
        dice.push("effect", [2]);
        let mut log = EventLog::new();
        let mut first = FirstOption;
        let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
        let decks = [
            book("Forcemaster", &[("Galvitar, Force Blade", 1)]),
            book("Beastmaster", &[("Bear Strength", 1)]),
        ];
        let mut state = MageWarsGame.setup(&decks, &mut ctx).expect("set up");
        let one = PlayerId(1);
        let mage = state.seats[0].mage;
        let spell = 0;
        let card = state.seats[0].spellbook[spell].0;
        assert_eq!(card.name(), "Galvitar, Force Blade");
        state.seats[0].spellbook[spell].1 = 0;
        let zone = state.game.zone_of(mage).expect("in play");
        let blade = state.game.add_object(Printed::from_card(card), one, zone);
        state.sources.push(card);
        state.game.attach(blade, mage);
        let first_event = 0;
        let mut events = Vec::new();
        state.game.destroy(blade);
        round::flush(&mut state.game, &mut events);
        return_cantrips(&mut state, first_event, &mut events);
        assert_eq!(state.seats[0].spellbook[spell].1, 1);
        assert!(events.contains(&PlayEvent::Returned { object: blade }));
        // A spell without Cantrip stays in the discard pile.
        let bear = state.seats[1].spellbook[0].0;
        let strength = state
            .game
            .add_object(Printed::from_card(bear), PlayerId(2), zone);
        state.sources.push(bear);
        state.seats[1].spellbook[0].1 = 0;
        let mut events = Vec::new();
        state.game.destroy(strength);
        round::flush(&mut state.game, &mut events);
        return_cantrips(&mut state, 0, &mut events);
        assert_eq!(state.seats[1].spellbook[0].1, 0);
    }
}
