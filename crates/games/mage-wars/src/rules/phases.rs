//! Phase and activation steps: Channeling, Upkeep (Burn, Rot, Bleed, Regenerate, Upkeep +X,
//! Rage), creature activation (Slam, Taunt) and the end of an Action Phase (Daze, Stun, Taunt).

use grimoire_engine::{Dice, ObjectId};

use super::dice::{roll_attack_die, roll_effect_die};
use super::model::{Condition, DamageType, Marker, Trait};
use super::state::{DamageSource, Game, RulesError};

/// The escape roll that removes a Cripple (codex: Cripple).
const ESCAPE_ROLL: i32 = 7;

/// Channeling Phase: each object's controller gains its Channeling in mana.
pub fn channeling_phase(game: &mut Game) {
    for index in 0..game.store.len() {
        let id = ObjectId(index as u32);
        let (Some(object), Some(card)) = (game.store.get(id), game.cards.get(index)) else {
            continue;
        };
        if object.in_play && card.channeling > 0 {
            let player = object.controller;
            let mana = game.mana.get(player.0 as usize).copied().unwrap_or(0) + card.channeling;
            game.set_mana(player, mana);
        }
    }
}

/// Upkeep Phase, object by object in play order. For each object: Burn (one attack die of
/// direct flame damage per marker, a blank removes that marker), Rot and Bleed (1 direct
/// damage per marker), Regenerate (highest only, not with Finite Life), Upkeep +X (the
/// controller pays or the object is destroyed); Rage tokens go when it has no damage, and
/// Defense uses reset for the new round.
pub fn upkeep_phase(game: &mut Game, dice: &mut dyn Dice) -> Result<(), RulesError> {
    for index in 0..game.store.len() {
        let id = ObjectId(index as u32);
        if !game.in_play(id) {
            continue;
        }
        burn(game, dice, id)?;
        for condition in [Condition::Rot, Condition::Bleed] {
            let markers = game.conditions(id, condition);
            let immune = condition
                .damage_type()
                .is_some_and(|d| game.is_immune(id, d));
            if markers > 0 && !immune {
                game.deal_damage(id, markers, DamageSource::Condition(condition));
            }
        }
        if !game.in_play(id) {
            continue;
        }
        let regenerate = game.max_trait(id, |t| if let Trait::Regenerate(x) = t { *x } else { 0 });
        game.heal(id, regenerate);
        pay_upkeep(game, id);
        if game.store.get(id).is_some_and(|o| o.damage == 0) {
            game.set_markers(id, Marker::Rage, 0);
        }
        game.set_markers(id, Marker::DefenseUsed, 0);
    }
    Ok(())
}

fn burn(game: &mut Game, dice: &mut dyn Dice, id: ObjectId) -> Result<(), RulesError> {
    let markers = game.conditions(id, Condition::Burn);
    let mut kept = markers;
    for _ in 0..markers {
        let face = roll_attack_die(dice)?;
        if face.value() == 0 {
            kept -= 1;
        } else if !game.is_immune(id, DamageType::Flame) {
            game.deal_damage(id, face.value(), DamageSource::Condition(Condition::Burn));
        }
    }
    if game.in_play(id) {
        game.set_markers(id, Marker::Condition(Condition::Burn), kept);
    }
    Ok(())
}

fn pay_upkeep(game: &mut Game, id: ObjectId) {
    let cost = game.sum_traits(id, |t| {
        if let Trait::Upkeep(x) = t {
            *x as i32
        } else {
            0
        }
    });
    if cost <= 0 {
        return;
    }
    let Some(player) = game.store.get(id).map(|o| o.controller) else {
        return;
    };
    let mana = game.mana.get(player.0 as usize).copied().unwrap_or(0);
    match mana.checked_sub(cost as u32) {
        Some(left) => game.set_mana(player, left),
        None => game.destroy(id),
    }
}

/// The creature is activated: Slam is replaced by Daze (codex: Slam), and the Taunt markers it
/// placed are removed (codex: Taunt).
pub fn activate(game: &mut Game, id: ObjectId) {
    while let Some(&(taunted, _)) = game.taunts.iter().find(|(_, taunter)| *taunter == id) {
        game.remove_taunt(taunted);
    }
    let slams = game.conditions(id, Condition::Slam);
    if slams > 0 {
        game.set_markers(id, Marker::Condition(Condition::Slam), 0);
        let dazes = game.conditions(id, Condition::Daze);
        game.set_markers(id, Marker::Condition(Condition::Daze), dazes + 1);
    }
}

/// End of the creature's Action Phase: all Daze and Stun markers go, except those it just
/// received from a Damage Barrier or Counterstrike (supplement: Attack Procedure), and its Taunt
/// goes (codex: Taunt); then it rolls an escape roll for each Cripple, removing it on 7 or more
/// (codex: Cripple; supplement: Cripple, even while Incapacitated).
pub fn end_action_phase(
    game: &mut Game,
    dice: &mut dyn Dice,
    id: ObjectId,
) -> Result<(), RulesError> {
    for condition in [Condition::Daze, Condition::Stun] {
        let kept = game
            .kept_until_next_action
            .iter()
            .filter(|(object, c)| *object == id && *c == condition)
            .count() as u32;
        let keep = kept.min(game.conditions(id, condition));
        game.set_markers(id, Marker::Condition(condition), keep);
    }
    game.kept_until_next_action
        .retain(|(object, _)| *object != id);
    game.remove_taunt(id);
    let cripples = game.conditions(id, Condition::Cripple);
    let mut kept = cripples;
    for _ in 0..cripples {
        if roll_effect_die(dice)? >= ESCAPE_ROLL {
            kept -= 1;
        }
    }
    game.set_markers(id, Marker::Condition(Condition::Cripple), kept);
    Ok(())
}
