//! Mage Wars on the engine contract: [`MageWarsRules`] implements [`grimoire_engine::Rules`]
//! over [`Game`], with one [`Action`] per thing a scenario step (or a player) can make happen,
//! each dispatched to the rules functions of this module's siblings (`attack`, `phases`,
//! `state`).
//!
//! The log: the rules record into [`Game::log`] (every state change goes through `Game`'s
//! methods, which push there, so the attack sequence can be called directly with no context,
//! as the calculator and the benchmarks do). [`MageWarsRules::apply`] lends the contract's
//! `ctx.log` to the game for the duration of the action (the two logs are swapped, which
//! copies and allocates nothing), so the events of an applied action end up in `ctx.log`, and
//! `Game::log` is back as it was afterwards.

use grimoire_engine::{Ctx, Dice, ObjectId, PlayerId, Rules, ScriptedDice, TraitEffectKind};

use super::attack::{attack_action, AttackOptions, AttackTarget};
use super::card::{ObjectKind, Printed};
use super::content::{AttackBar, Card, Trait};
use super::phases::{activate, channeling_phase, end_action_phase, upkeep_phase};
use super::profile::AttackProfile;
use super::refusal::{
    ArenaZone, AttackRefusal, CastRefusal, MoveRefusal, ObjectRefusal, RevealRefusal,
};
use super::state::{Game, GameEvent, RulesError};
use super::walls::{self, Border};

/// Where the attack bar of an attack action is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarSource {
    /// The card of an object in play: the attacker's own card, or equipment (or another
    /// object) attached to the attacker.
    Object(ObjectId),
    /// A card of the tables that is not in play: an attack spell the attacker casts, or a
    /// card named explicitly by a scenario (`from_card`).
    Card(Card),
}

/// One thing that can happen in a game of Mage Wars.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// An attack action (supplement: Attack Procedure): `attacker` attacks `target` with bar
    /// number `bar` of the card `source` names.
    Attack {
        /// The attacking object.
        attacker: ObjectId,
        /// The card whose attack bar is used.
        source: BarSource,
        /// Index of the bar in that card's attacks.
        bar: usize,
        /// One defender, two (Sweeping) or a zone.
        target: AttackTarget,
        /// The attacker moved at least one zone just before (Charge +X).
        charged: bool,
    },
    /// The Upkeep Phase (conditions' upkeep damage, Regenerate, Upkeep +X, Rage, Defense uses).
    Upkeep,
    /// The Channeling Phase: each controller gains its objects' Channeling in mana.
    Channeling,
    /// A creature is activated (Slam becomes Daze; the Taunts it placed go).
    Activate(ObjectId),
    /// A creature's Action Phase ends (Daze, Stun and Taunt go; Cripple escape rolls).
    EndActionPhase(ObjectId),
    /// An enchantment or equipment is attached to (or moved to) an object.
    Attach {
        /// The enchantment or equipment.
        object: ObjectId,
        /// The object it is attached to.
        to: ObjectId,
    },
    /// An incantation resolves (supplement: Incantations): `caster` casts `card` on `target`
    /// (an object) or in `zone`; the played abilities of the card act, then the spell leaves
    /// play.
    Resolve {
        /// The incantation.
        card: Card,
        /// The Mage casting it.
        caster: ObjectId,
        /// The object it targets, if any.
        target: Option<ObjectId>,
        /// The zone it resolves in (its target's, when it targets an object).
        zone: grimoire_engine::Zone,
    },
    /// The end of the round: objects that last one round are destroyed, grants lasting until
    /// then end.
    EndOfRound,
    /// An enchantment attached face up is revealed: its reveal abilities act.
    Reveal(ObjectId),
    /// A creature moves to the adjacent zone `to` through the move's wall step (supplement:
    /// Move Action, step 4): a Passage Blocked wall on the border refuses the move (a
    /// Climbing creature climbs over a Corporeal one: its full action), Passage
    /// Attacks walls attack first, and a creature they leave unable to move stays. A Flying
    /// creature passes over walls. The move limits of an Action Phase (Fast, Slow, hindered)
    /// are the round's ([`super::movement`]), not checked here.
    Move {
        /// The moving creature.
        creature: ObjectId,
        /// The zone it moves to.
        to: grimoire_engine::Zone,
    },
    /// Effects on an object's traits start or end (what a spell the engine does not cast yet
    /// would do): `grant` and `lose` start with the latest timestamp, `revoke` ends an earlier
    /// grant.
    ChangeTraits {
        /// The object.
        object: ObjectId,
        /// Traits it gains.
        grant: Vec<Trait>,
        /// Traits it loses ("loses X").
        lose: Vec<Trait>,
        /// Earlier grants that end.
        revoke: Vec<Trait>,
    },
}

/// The Mage Wars rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct MageWarsRules;

impl MageWarsRules {
    /// True when `action` can be declared now: applying it to a copy of the state with dice
    /// that have no faces gets as far as the first roll (or completes without rolling). The
    /// attack sequence checks everything that makes an attack illegal (mandatory attacks,
    /// cost, target in play, Invisible, range, Flying and Reach, Guards) before it rolls
    /// anything, so this is exactly those checks.
    pub fn can_declare(&self, state: &Game, action: &Action) -> bool {
        let mut copy = state.clone();
        let mut no_dice = ScriptedDice::new();
        matches!(
            perform(&mut copy, action, &mut no_dice),
            Ok(()) | Err(RulesError::Dice(_))
        )
    }
}

impl Rules for MageWarsRules {
    type State = Game;
    type Action = Action;
    type Event = GameEvent;
    type Error = RulesError;

    /// The attack actions `player` could declare now: for each creature in play they
    /// control, each attack bar of its card and of the equipment attached to it (Damage
    /// Barriers excepted, they are not attack actions), against every other object in play
    /// (zone attacks: against every zone of the arena), kept when [`MageWarsRules::can_declare`]
    /// accepts them.
    ///
    /// Not enumerated: Sweeping attacks on two targets (the second target is checked only
    /// after the first attack's dice), attack spells (casting is not modelled), Charge (the
    /// actions are listed uncharged: movement is not modelled), the phases (the turn
    /// structure runs them, no player chooses them), activation and the end of an Action
    /// Phase (the state does not track which creature is acting), attaching and trait changes
    /// (effects of spells the engine does not cast yet).
    fn legal_actions(&self, state: &Game, player: PlayerId) -> Vec<Action> {
        let mut actions = Vec::new();
        for attacker in state.store.iter() {
            let id = attacker.id;
            if !attacker.in_play || attacker.controller != player || !state.is_creature(id) {
                continue;
            }
            let worn = attacker.attachments.iter().copied().filter(|&item| {
                state.in_play(item)
                    && state
                        .card(item)
                        .is_ok_and(|c| c.kind == ObjectKind::Equipment)
            });
            for source in std::iter::once(id).chain(worn) {
                let Ok(card) = state.card(source) else {
                    continue;
                };
                for (bar, printed) in card.attacks.iter().enumerate() {
                    let profile = AttackProfile::new(printed);
                    if profile.is_damage_barrier() {
                        continue;
                    }
                    let targets: Vec<AttackTarget> = if profile.is_zone() {
                        state.arena.zones().map(AttackTarget::Zone).collect()
                    } else {
                        state
                            .store
                            .iter()
                            .filter(|o| o.in_play && o.id != id)
                            .map(|o| AttackTarget::Object(o.id))
                            .collect()
                    };
                    for target in targets {
                        let action = Action::Attack {
                            attacker: id,
                            source: BarSource::Object(source),
                            bar,
                            target,
                            charged: false,
                        };
                        if self.can_declare(state, &action) {
                            actions.push(action);
                        }
                    }
                }
            }
        }
        actions
    }

    fn apply(
        &self,
        state: &mut Game,
        action: &Action,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), RulesError> {
        std::mem::swap(&mut state.log, ctx.log);
        // Auras follow every change: before the action (objects put into play since) and
        // after it.
        super::abilities::refresh_auras(state, &[]);
        let result = perform(state, action, &mut *ctx.dice);
        if result.is_ok() {
            super::abilities::refresh_auras(state, &[]);
        }
        std::mem::swap(&mut state.log, ctx.log);
        result
    }
}

/// The attack bar an attack action uses, and whether its card is an attack spell (whose
/// casting range is the attack's range).
fn attack_profile(
    game: &Game,
    attacker: ObjectId,
    source: BarSource,
    bar: usize,
) -> Result<AttackProfile<'static>, RulesError> {
    let spell;
    let card = match source {
        BarSource::Object(id) => {
            let attached = game.object(id)?.attached_to == Some(attacker);
            if id != attacker && !attached {
                return Err(AttackRefusal::LenderNotAttached(id).into());
            }
            game.card(id)?
        }
        BarSource::Card(card) => {
            spell = Printed::from_card(card);
            &spell
        }
    };
    let printed: &'static AttackBar = card.attacks.get(bar).ok_or(RulesError::UnknownAttack {
        card: card.name,
        bar,
    })?;
    Ok(if card.is_attack_spell() {
        AttackProfile::spell(printed, card.spell_range).with_abilities(card.abilities)
    } else {
        AttackProfile::new(printed)
    })
}

/// An incantation `caster` casts resolves in `zone`: it comes into play there, what the
/// engine does not model of it is reported, its played abilities act, and it leaves play.
fn resolve(
    game: &mut Game,
    dice: &mut dyn Dice,
    card: Card,
    caster: ObjectId,
    target: Option<ObjectId>,
    zone: grimoire_engine::Zone,
) -> Result<(), RulesError> {
    if !matches!(card, Card::Incantation(_)) {
        return Err(CastRefusal::NotAnIncantation(card.name()).into());
    }
    let controller = game.object(caster)?.controller;
    if let Some(target) = target {
        game.object(target)?;
    }
    let spell = game.add_object(Printed::from_card(card), controller, zone);
    super::handlers::meet(game, spell)?;
    super::abilities::on_resolve(game, dice, spell, caster, target)?;
    if let Some(o) = game.store.get_mut(spell) {
        o.in_play = false;
    }
    Ok(())
}

/// Applies an action to the game, recording into `game.log`.
fn perform(game: &mut Game, action: &Action, dice: &mut dyn Dice) -> Result<(), RulesError> {
    match action {
        &Action::Attack {
            attacker,
            source,
            bar,
            target,
            charged,
        } => {
            let profile = attack_profile(game, attacker, source, bar)?;
            attack_action(
                game,
                dice,
                attacker,
                &profile,
                target,
                AttackOptions { charged },
            )
        }
        Action::Upkeep => upkeep_phase(game, dice, &[]),
        Action::EndOfRound => {
            game.end_of_round();
            Ok(())
        }
        &Action::Move { creature, to } => {
            let from = game.object(creature)?.zone;
            let arena = game.arena;
            let refused = |blocked: bool| -> RulesError {
                let (to, from) = (ArenaZone::of(&arena, to), ArenaZone::of(&arena, from));
                if blocked {
                    MoveRefusal::PassageBlocked { to, from }.into()
                } else {
                    MoveRefusal::NotAdjacent { to, from }.into()
                }
            };
            let border = Border::between(&arena, from, to).ok_or_else(|| refused(false))?;
            if walls::passage_blocked(game, creature, border)
                && !walls::climbs(game, creature, border)
            {
                return Err(refused(true));
            }
            walls::cross(game, dice, creature, border)?;
            if walls::still_moves(game, creature) {
                game.move_to(creature, to);
                let attached = game.object(creature)?.attachments.clone();
                for child in attached {
                    if let Some(o) = game.store.get_mut(child) {
                        o.zone = to;
                    }
                }
            }
            Ok(())
        }
        &Action::Reveal(object) => {
            if game.object(object)?.attached_to.is_none() {
                return Err(RevealRefusal::ObjectGone(object).into());
            }
            super::abilities::on_reveal(game, dice, object)
        }
        &Action::Resolve {
            card,
            caster,
            target,
            zone,
        } => resolve(game, dice, card, caster, target, zone),
        Action::Channeling => {
            channeling_phase(game);
            Ok(())
        }
        &Action::Activate(id) => {
            game.object(id)?;
            activate(game, id);
            Ok(())
        }
        &Action::EndActionPhase(id) => {
            game.object(id)?;
            end_action_phase(game, dice, id)
        }
        &Action::Attach { object, to } => {
            game.object(object)?;
            game.object(to)?;
            if object == to {
                return Err(ObjectRefusal::AttachedToItself(object).into());
            }
            game.attach(object, to);
            Ok(())
        }
        Action::ChangeTraits {
            object,
            grant,
            lose,
            revoke,
        } => {
            let id = *object;
            game.object(id)?;
            for value in grant {
                game.change_trait(id, *value, TraitEffectKind::Grant);
            }
            for value in lose {
                game.change_trait(id, *value, TraitEffectKind::Remove);
            }
            for value in revoke {
                let ended = game.store.end_trait_effect(id, |e| {
                    e.kind == TraitEffectKind::Grant && e.value == *value
                });
                if !ended {
                    return Err(ObjectRefusal::NoGrantToRevoke {
                        object: id,
                        value: *value,
                    }
                    .into());
                }
            }
            game.traits_changed(id);
            Ok(())
        }
    }
}
