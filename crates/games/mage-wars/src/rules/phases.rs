//! Phases and activation, from the codex's effect operations: Channeling (Channeling +/- X),
//! Upkeep (`upkeep_damage`, `upkeep_heal`, `upkeep_mana`), activation (`replace_with` at
//! `OnActivation`, `remove_all` at `OnTaunterActivation`) and the end of an Action Phase
//! (`remove_all` and `escape_roll` at `EndOfActionPhase`).

use grimoire_engine::{Dice, ObjectId};
use smallvec::SmallVec;

use super::content::{AbilityEffect, AbilityTrigger, Condition, EffectOp, Timing};
use super::dice::{roll_attack_die, roll_effect_die};
use super::state::{DamageSource, Game, Marker, RulesError};

/// Channeling Phase: each object's controller gains its Channeling (printed, with Channeling
/// +/- X) in mana; a familiar or spawnpoint gains its own onto itself ([`super::casters`]).
pub fn channeling_phase(game: &mut Game) {
    for index in 0..game.store.len() {
        let id = ObjectId(index as u32);
        let Some(object) = game.store.get(id) else {
            continue;
        };
        let (in_play, player) = (object.in_play, object.controller);
        if !in_play {
            continue;
        }
        // A familiar's or spawnpoint's own Channeling goes onto it (super::casters).
        let own = game.channeling(id);
        let caster = own > 0 && super::casters::caster_kind(game, id).is_some();
        if caster {
            let mana = super::casters::mana_on(game, id).saturating_add(own);
            game.set_markers(id, Marker::Mana, mana);
        }
        let channeling =
            controller_channeling(game, id).saturating_add(if caster { 0 } else { own });
        if channeling > 0 {
            let mana = game.mana_of(player).saturating_add(channeling);
            game.set_mana(player, mana);
        }
    }
}

/// What `object`'s `while_in_play` `controller_channeling` abilities add to its controller's
/// mana each Channeling Phase (Mana Flower, Mana Crystal).
fn controller_channeling(game: &Game, object: ObjectId) -> u32 {
    let Ok(card) = game.card(object) else {
        return 0;
    };
    card.abilities
        .iter()
        .filter(|a| a.trigger == AbilityTrigger::WhileInPlay && a.condition.is_none())
        .flat_map(|a| a.effects)
        .map(|effect| match *effect {
            AbilityEffect::ControllerChanneling { amount } => u32::from(amount),
            _ => 0,
        })
        .sum()
}

/// The conditions on an object with their marker counts.
fn conditions_of(game: &Game, id: ObjectId) -> SmallVec<[(Condition, u32); 8]> {
    game.store.get(id).map_or_else(SmallVec::new, |o| {
        o.markers
            .iter()
            .filter_map(|&(marker, count)| match marker {
                Marker::Condition(c) => Some((c, count)),
                _ => None,
            })
            .collect()
    })
}

/// Upkeep Phase, object by object in play order. For each object: its conditions'
/// `upkeep_damage` (attack dice rolled as direct damage per marker, a blank removing the
/// marker with `remove_on_blank`, and flat direct damage per marker; an object immune to the
/// condition's family takes none), then `upkeep_heal` (Regenerate; Finite Life stops it), then
/// `upkeep_mana` (the controller pays or the object is destroyed), then `dissipate` (one token
/// off, destroyed with the last); Rage tokens go when it has
/// no damage, and Defense uses reset for the new round. Before its conditions, an object's
/// own `upkeep` card abilities act ([`super::abilities::upkeep`]) unless it is in `face_down`.
pub fn upkeep_phase(
    game: &mut Game,
    dice: &mut dyn Dice,
    face_down: &[ObjectId],
) -> Result<(), RulesError> {
    for index in 0..game.store.len() {
        let id = ObjectId(index as u32);
        if !game.in_play(id) {
            continue;
        }
        super::abilities::upkeep(game, id, face_down);
        if !game.in_play(id) {
            continue;
        }
        for (condition, markers) in conditions_of(game, id) {
            upkeep_damage(game, dice, id, condition, markers)?;
        }
        if !game.in_play(id) {
            continue;
        }
        let (mut heal, mut upkeep) = (0, 0);
        game.for_each_op(id, |_, op, x, _| match *op {
            EffectOp::UpkeepHeal { per_x } => {
                heal = i32::saturating_add(heal, i32::from(per_x).saturating_mul(x));
            }
            EffectOp::UpkeepMana { per_x } => {
                upkeep = i32::saturating_add(upkeep, i32::from(per_x).saturating_mul(x));
            }
            _ => {}
        });
        if heal > 0 {
            game.heal(id, heal as u32);
        }
        pay_upkeep(game, id, upkeep.max(0) as u32);
        if !game.in_play(id) {
            continue;
        }
        dissipate(game, id);
        if !game.in_play(id) {
            continue;
        }
        if game.store.get(id).is_some_and(|o| o.damage == 0) {
            game.set_markers(id, Marker::Rage, 0);
        }
        game.set_markers(id, Marker::DefenseUsed, 0);
        game.set_markers(id, Marker::DiscountUsed, 0);
    }
    Ok(())
}

/// The `upkeep_damage` operations of one condition with `markers` markers on `id`.
fn upkeep_damage(
    game: &mut Game,
    dice: &mut dyn Dice,
    id: ObjectId,
    condition: Condition,
    markers: u32,
) -> Result<(), RulesError> {
    let meta = condition.meta();
    let immune = meta.family.is_some_and(|family| game.is_immune(id, family));
    for op in meta.effects {
        let EffectOp::UpkeepDamage {
            attack_dice,
            direct,
            remove_on_blank,
        } = *op
        else {
            continue;
        };
        let mut kept = markers;
        let source = DamageSource::Condition(condition);
        for _ in 0..markers {
            let mut damage = u32::from(direct);
            let mut rolled = 0;
            for _ in 0..attack_dice {
                let face = roll_attack_die(dice)?;
                rolled = u32::saturating_add(rolled, face.normal + face.critical);
            }
            if attack_dice > 0 && rolled == 0 && remove_on_blank {
                kept -= 1;
            }
            damage = damage.saturating_add(rolled);
            if !immune && game.in_play(id) {
                game.deal_damage(id, damage, source);
            }
        }
        if game.in_play(id) && kept != markers {
            game.set_markers(id, Marker::Condition(condition), kept);
        }
    }
    Ok(())
}

/// Dissipate X (`dissipate`): one token is removed; the object is destroyed when the last one
/// goes.
fn dissipate(game: &mut Game, id: ObjectId) {
    let Some(tokens) = game
        .store
        .get(id)
        .map(|o| o.marker_count(&Marker::Dissipate))
    else {
        return;
    };
    match tokens {
        0 => {}
        1 => {
            game.set_markers(id, Marker::Dissipate, 0);
            game.destroy(id);
        }
        more => game.set_markers(id, Marker::Dissipate, more - 1),
    }
}

/// Upkeep +X: the controller pays `cost` or the object is destroyed.
fn pay_upkeep(game: &mut Game, id: ObjectId, cost: u32) {
    if cost == 0 {
        return;
    }
    let Some(player) = game.store.get(id).map(|o| o.controller) else {
        return;
    };
    match game.mana_of(player).checked_sub(cost) {
        Some(left) => game.set_mana(player, left),
        None => game.destroy(id),
    }
}

/// The creature is activated: its conditions' `replace_with` at `OnActivation` happen (Slam
/// becomes Daze), and the markers with `remove_all` at `OnTaunterActivation` it placed on
/// others are removed (Taunt). Activating a creature removes its Guard marker (codex:
/// Activate).
pub fn activate(game: &mut Game, id: ObjectId) {
    if game.is_guarding(id) {
        game.set_markers(id, Marker::Guard, 0);
    }
    let placed: SmallVec<[(ObjectId, Condition); 4]> = game
        .taunts
        .iter()
        .filter(|(_, _, taunter)| *taunter == id)
        .map(|&(taunted, condition, _)| (taunted, condition))
        .collect();
    for (taunted, condition) in placed {
        let removed = condition.meta().effects.iter().any(|op| {
            matches!(
                op,
                EffectOp::RemoveAll {
                    timing: Timing::OnTaunterActivation
                }
            )
        });
        if removed {
            game.remove_condition(taunted, condition);
        }
    }
    game.replace_conditions(id, Timing::OnActivation);
}

/// End of the creature's Action Phase: every condition with `remove_all` at
/// `EndOfActionPhase` goes (Daze, Stun, Taunt), except markers it just received from a Damage
/// Barrier or Counterstrike (supplement: Attack Procedure); then each marker of a condition
/// with `escape_roll` at `EndOfActionPhase` rolls the effect die and is removed on
/// `succeed_on` or more (Cripple, even while Incapacitated).
pub fn end_action_phase(
    game: &mut Game,
    dice: &mut dyn Dice,
    id: ObjectId,
) -> Result<(), RulesError> {
    for (condition, markers) in conditions_of(game, id) {
        for op in condition.meta().effects {
            match *op {
                EffectOp::RemoveAll {
                    timing: Timing::EndOfActionPhase,
                } => {
                    let kept = game
                        .kept_until_next_action
                        .iter()
                        .filter(|(object, c)| *object == id && *c == condition)
                        .count() as u32;
                    let keep = kept.min(game.conditions(id, condition));
                    if keep == 0 {
                        game.remove_condition(id, condition);
                    } else {
                        game.set_markers(id, Marker::Condition(condition), keep);
                    }
                }
                EffectOp::EscapeRoll {
                    succeed_on,
                    timing: Timing::EndOfActionPhase,
                } => {
                    let mut kept = markers;
                    for _ in 0..markers {
                        if roll_effect_die(dice)? >= i32::from(succeed_on) {
                            kept -= 1;
                        }
                    }
                    game.set_markers(id, Marker::Condition(condition), kept);
                }
                _ => {}
            }
        }
    }
    game.kept_until_next_action
        .retain(|(object, _)| *object != id);
    Ok(())
}
