//! Card abilities written as typed data (`card_abilities` of a card): which of them the rules
//! play ([`is_played`]) and playing them.
//!
//! Played today, for abilities with no extra cost and no picked target:
//! - `declared` abilities of attack spells, with or without a condition on the target's
//!   conditions or traits or on the target being the attacker, that remove every marker of a
//!   condition from the target and may cancel the attack against it ([`declared`], from the
//!   attack sequence, and for each defender of a zone attack spell);
//! - `on_resolve` abilities of incantations that heal a fixed amount or what attack dice roll
//!   (each recipient rolls its own), grant or take away a trait until the end of the round
//!   (`lasts = "end_of_round"`; a grant may also last until the recipient's next melee attack
//!   action, `lasts = "next_melee_attack"`), give that next melee attack action attack
//!   traits, place a condition marker or remove every marker of a
//!   condition, give Life +X for good (`gain_life`), or do some of these only if others were
//!   done (`if_you_do`: a condition marker counts as done once placed on every recipient),
//!   landing on the spell's target, its caster, or each object of the target zone
//!   or of the arena passing the `each` tests; with no condition, or one on the target's
//!   conditions or traits ([`on_resolve`], from casting);
//! - `on_reveal` abilities of enchantments that heal the object they are attached to (a fixed
//!   amount or what attack dice roll) and may destroy the enchantment ([`on_reveal`], from
//!   revealing);
//! - `end_of_round` abilities that destroy the object carrying them ([`end_of_round`], from
//!   [`Game::end_of_round`]);
//! - `attacked` abilities, with no condition or only when the attack is the object's own, that
//!   cancel the attack against it ([`attacked`], from the attack sequence and zone attacks);
//! - `upkeep` abilities with no condition whose effects are direct `damage` (with its damage
//!   type: an object immune to it takes none), `heal` or `gain_life`, landing on the object carrying the
//!   ability, the object it is attached to, or each object of its zone (an attached card's
//!   zone is its carrier's) or of the arena that passes the ability's `each` tests. They act
//!   in the Upkeep Phase while the card is in play and face up ([`upkeep`]).
//!
//! - `while_in_play` abilities of face-up cards in play: casting discounts, a controller's
//!   extra channeling, melee attack taxes and the limits of what a familiar or spawnpoint
//!   casts (read where they apply), auras giving traits to
//!   the objects of a zone or the arena ([`refresh_auras`]), and attack bonuses: attack dice,
//!   effect-die points and Piercing for the attacks a recipient makes, or that are made
//!   against it, passing the ability's tests ([`visit_attack_bonuses`], from the dice
//!   modifiers of every attack).
//!
//! Every other ability is not modelled: [`super::coverage`] says so for its card, and its
//! card still names a handler for it.

use grimoire_engine::{Dice, ObjectId, TraitEffectKind};

use super::conditions::place_condition;
use super::content::{
    AbilityCondition, AbilityDuration, AbilityEffect, AbilityRecipient, AbilityTrigger, AttackKind,
    CardAbility, ObjectType, TargetFilter, Trait,
};
use super::dice::roll_attack_die;
use super::modifiers::{AttackContext, AttackMaker};
use super::refusal::AttackRefusal;
use super::state::{DamageSource, Game, Marker, RulesError};
use smallvec::SmallVec;

/// Whether the rules play `ability` (see the module documentation).
pub fn is_played(ability: &CardAbility) -> bool {
    let plain = ability.cost.is_empty() && ability.targets.is_empty();
    if !plain || ability.effects.is_empty() {
        return false;
    }
    match ability.trigger {
        AbilityTrigger::Upkeep => {
            ability.condition.is_none()
                && ability.effects.iter().all(|effect| match *effect {
                    AbilityEffect::Damage { direct, to, .. } => direct && lands_without_a_pick(to),
                    AbilityEffect::Heal { to, .. } | AbilityEffect::GainLife { to, .. } => {
                        lands_without_a_pick(to)
                    }
                    _ => false,
                })
        }
        AbilityTrigger::OnResolve => {
            matches!(
                ability.condition,
                None | Some(
                    AbilityCondition::TargetHasCondition { .. }
                        | AbilityCondition::TargetLacksCondition { .. }
                        | AbilityCondition::TargetHasTrait { .. }
                )
            ) && ability
                .effects
                .iter()
                .all(|effect| resolves(ability.duration, effect))
        }
        AbilityTrigger::OnReveal => {
            ability.condition.is_none()
                && ability.effects.iter().all(|effect| {
                    matches!(
                        *effect,
                        AbilityEffect::HealDice {
                            to: AbilityRecipient::Attached,
                            ..
                        } | AbilityEffect::Heal {
                            to: AbilityRecipient::Attached,
                            ..
                        } | AbilityEffect::Destroy {
                            to: AbilityRecipient::ThisObject
                        }
                    )
                })
        }
        AbilityTrigger::EndOfRound => {
            ability.condition.is_none()
                && ability.effects.iter().all(|effect| {
                    *effect
                        == AbilityEffect::Destroy {
                            to: AbilityRecipient::ThisObject,
                        }
                })
        }
        AbilityTrigger::WhileInPlay => {
            ability.condition.is_none()
                && ability.effects.iter().all(|effect| {
                    matches!(
                        effect,
                        AbilityEffect::CastDiscount { .. }
                            | AbilityEffect::ControllerChanneling { .. }
                            | AbilityEffect::MeleeAttackTax { .. }
                            | AbilityEffect::CastsSpells { .. }
                    ) || matches!(
                        effect,
                        AbilityEffect::GainTrait { to, .. } if is_aura_recipient(*to)
                    ) || matches!(
                        effect,
                        AbilityEffect::AttackBonus { to, .. }
                            if is_aura_recipient(*to) || *to == AbilityRecipient::ThisObject
                    )
                })
        }
        AbilityTrigger::Attacked { .. } => {
            matches!(
                ability.condition,
                None | Some(AbilityCondition::AttackerIsItself)
            ) && ability
                .effects
                .iter()
                .all(|effect| *effect == AbilityEffect::CancelAttack)
        }
        AbilityTrigger::Declared => {
            matches!(
                ability.condition,
                None | Some(
                    AbilityCondition::TargetHasCondition { .. }
                        | AbilityCondition::TargetLacksCondition { .. }
                        | AbilityCondition::TargetHasTrait { .. }
                        | AbilityCondition::TargetIsAttacker
                )
            ) && ability.effects.iter().all(|effect| {
                matches!(
                    *effect,
                    AbilityEffect::CancelAttack
                        | AbilityEffect::RemoveAllConditions {
                            to: AbilityRecipient::Target,
                            ..
                        }
                )
            })
        }
        _ => false,
    }
}

/// Whether the rules play `effect` of an `on_resolve` ability lasting `duration`.
fn resolves(duration: AbilityDuration, effect: &AbilityEffect) -> bool {
    match *effect {
        AbilityEffect::HealDice { to, .. }
        | AbilityEffect::Heal { to, .. }
        | AbilityEffect::GainLife { to, .. }
        | AbilityEffect::PlaceCondition { to, .. }
        | AbilityEffect::RemoveAllConditions { to, .. } => lands_on_resolve(to),
        AbilityEffect::GainTrait { to, .. } => {
            matches!(
                duration,
                AbilityDuration::EndOfRound | AbilityDuration::NextMeleeAttack
            ) && lands_on_resolve(to)
        }
        AbilityEffect::LoseTrait { to, .. } => {
            duration == AbilityDuration::EndOfRound && lands_on_resolve(to)
        }
        AbilityEffect::NextMeleeAttackGains { to, .. } => lands_on_resolve(to),
        AbilityEffect::IfYouDo { first, then } => first
            .iter()
            .chain(then)
            .all(|effect| resolves(duration, effect)),
        _ => false,
    }
}

/// The `declared` abilities of an attack spell's card as `attacker`'s attack against
/// `defender` is declared (each defender of a zone attack in turn): each whose condition holds
/// acts on the defender. Returns true when one of them cancelled the attack against it (no
/// roll, no damage, no effects follow).
pub fn declared(
    game: &mut Game,
    abilities: &[CardAbility],
    attacker: ObjectId,
    defender: ObjectId,
) -> bool {
    let mut cancelled = false;
    let acting = abilities
        .iter()
        .filter(|a| a.trigger == AbilityTrigger::Declared && is_played(a));
    for ability in acting {
        let holds = match ability.condition {
            Some(AbilityCondition::TargetIsAttacker) => defender == attacker,
            condition => target_condition_holds(game, condition, Some(defender)),
        };
        if !holds {
            continue;
        }
        for effect in ability.effects {
            match *effect {
                AbilityEffect::RemoveAllConditions { which, .. } => {
                    game.set_markers(defender, Marker::Condition(which), 0);
                }
                AbilityEffect::CancelAttack => cancelled = true,
                _ => {}
            }
        }
    }
    cancelled
}

/// Whether the condition of an ability about its picked object holds for `target`: no
/// condition always holds; one about the target fails without a target; any other condition
/// does not hold here.
fn target_condition_holds(
    game: &Game,
    condition: Option<AbilityCondition>,
    target: Option<ObjectId>,
) -> bool {
    match (condition, target) {
        (None, _) => true,
        (Some(AbilityCondition::TargetHasCondition { which }), Some(target)) => {
            game.conditions(target, which) > 0
        }
        (Some(AbilityCondition::TargetLacksCondition { which }), Some(target)) => {
            game.conditions(target, which) == 0
        }
        (Some(AbilityCondition::TargetHasTrait { which }), Some(target)) => {
            game.has_trait(target, which)
        }
        _ => false,
    }
}

/// The `attacked` abilities of `defender`'s card as `attacker`'s attack of `kind` reaches it:
/// true when one of them cancels the attack against it (Earth Elemental spared by its own
/// Quake Stomp).
#[inline(always)]
pub fn attacked(game: &Game, defender: ObjectId, attacker: ObjectId, kind: AttackKind) -> bool {
    let Some(card) = game.cards.get(defender.0 as usize) else {
        return false;
    };
    // A card without abilities (most) has none that cancels.
    !card.abilities.is_empty() && attacked_abilities(card, defender, attacker, kind)
}

/// [`attacked`] for a card with abilities.
#[inline(never)]
fn attacked_abilities(
    card: &super::card::Printed,
    defender: ObjectId,
    attacker: ObjectId,
    kind: AttackKind,
) -> bool {
    card.abilities.iter().any(|ability| {
        let AbilityTrigger::Attacked { kind: only } = ability.trigger else {
            return false;
        };
        let holds = match ability.condition {
            None => true,
            Some(AbilityCondition::AttackerIsItself) => attacker == defender,
            Some(_) => false,
        };
        is_played(ability)
            && holds
            && only.is_none_or(|only| only == kind)
            && ability.effects.contains(&AbilityEffect::CancelAttack)
    })
}

/// The `melee_attack_tax` abilities of what `defender` wears as `attacker` declares a melee
/// attack (not a Counterstrike) against it: the attacker's controller pays each tax due, or
/// the attack cannot be declared (Suppression Cloak; supplement: Card Clarifications, paid in
/// the Pay Costs step). A tax due once a round is recorded in `Game::taxes_paid`.
pub fn pay_melee_attack_taxes(
    game: &mut Game,
    attacker: ObjectId,
    defender: ObjectId,
    attack: &'static str,
) -> Result<(), RulesError> {
    // What the defender wears, without a copy on the heap (most defenders wear nothing).
    let Some(worn) = game
        .store
        .get(defender)
        .filter(|o| !o.attachments.is_empty())
        .map(|o| {
            o.attachments
                .iter()
                .copied()
                .collect::<SmallVec<[ObjectId; 4]>>()
        })
    else {
        return Ok(());
    };
    let mut due: SmallVec<[(ObjectId, u32, bool); 2]> = SmallVec::new();
    for item in worn {
        if !game.in_play(item) {
            continue;
        }
        for ability in game.card(item)?.abilities {
            if ability.trigger != AbilityTrigger::WhileInPlay || !is_played(ability) {
                continue;
            }
            for effect in ability.effects {
                if let AbilityEffect::MeleeAttackTax {
                    amount,
                    first_each_round,
                } = *effect
                {
                    let paid = game.taxes_paid.contains(&(attacker, item));
                    if !(first_each_round && paid) {
                        due.push((item, u32::from(amount), first_each_round));
                    }
                }
            }
        }
    }
    let cost: u32 = due.iter().map(|(_, amount, _)| amount).sum();
    if cost == 0 {
        return Ok(());
    }
    let player = game.object(attacker)?.controller;
    let mana = game.mana_of(player);
    let left = mana
        .checked_sub(cost)
        .ok_or(AttackRefusal::CannotPay { attack, cost, mana })?;
    game.set_mana(player, left);
    for (item, _, once) in due {
        if once {
            game.taxes_paid.push((attacker, item));
        }
    }
    Ok(())
}

/// Recipients of an aura: the object the card is attached to, or the objects of the card's
/// zone or of the arena, with or without it.
fn is_aura_recipient(to: AbilityRecipient) -> bool {
    matches!(
        to,
        AbilityRecipient::Attached
            | AbilityRecipient::EachInZone
            | AbilityRecipient::EachInArena
            | AbilityRecipient::AllInZone
            | AbilityRecipient::AllInArena
    )
}

/// One trait an aura gives one object: the card giving it, the object, the trait and the
/// timestamp of the grant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuraGrant {
    source: ObjectId,
    recipient: ObjectId,
    which: Trait,
    timestamp: u64,
}

/// Auras: each `while_in_play` ability of a card in play (a face-down enchantment, in
/// `hidden`, does nothing) whose effects `gain_trait` on the object it is attached to, or on
/// every object of its zone or of the arena that passes its `each` tests. Brings the grants in `Game::auras` up to date: a grant
/// whose card left play or whose object no longer qualifies ends, and an object that newly
/// qualifies gains the trait with a fresh timestamp (docs/decisions.md, "Mage Wars: auras").
/// Also lists in `Game::attack_bonus_sources` the face-up cards in play with an
/// `attack_bonus` ability, which [`visit_attack_bonuses`] reads as attacks are made.
pub fn refresh_auras(game: &mut Game, hidden: &[ObjectId]) {
    let mut wanted: SmallVec<[(ObjectId, ObjectId, Trait); 8]> = SmallVec::new();
    game.attack_bonus_sources.clear();
    for index in 0..game.store.len() {
        let source = ObjectId(index as u32);
        // Most cards have no abilities at all: asked first, it is the whole cost of the scan.
        let Some(card) = game.cards.get(index).filter(|c| !c.abilities.is_empty()) else {
            continue;
        };
        if !game.in_play(source) || hidden.contains(&source) {
            continue;
        }
        for ability in card.abilities {
            if ability.trigger != AbilityTrigger::WhileInPlay || !is_played(ability) {
                continue;
            }
            for effect in ability.effects {
                if matches!(effect, AbilityEffect::AttackBonus { .. })
                    && game.attack_bonus_sources.last() != Some(&source)
                {
                    game.attack_bonus_sources.push(source);
                }
                let AbilityEffect::GainTrait { which, to } = *effect else {
                    continue;
                };
                if !is_aura_recipient(to) {
                    continue;
                }
                let none = Picked {
                    target: None,
                    caster: None,
                };
                for recipient in recipients(game, source, to, ability.each, none) {
                    wanted.push((source, recipient, which));
                }
            }
        }
    }
    if wanted.is_empty() && game.auras.is_empty() {
        return;
    }
    let (kept, ended): (Vec<AuraGrant>, Vec<AuraGrant>) =
        std::mem::take(&mut game.auras).into_iter().partition(|g| {
            game.in_play(g.recipient) && wanted.contains(&(g.source, g.recipient, g.which))
        });
    for grant in ended {
        game.end_grant(grant.recipient, grant.timestamp);
    }
    game.auras = kept;
    for (source, recipient, which) in wanted {
        let granted = game
            .auras
            .iter()
            .any(|g| (g.source, g.recipient, g.which) == (source, recipient, which));
        if !granted {
            let timestamp = game.grant(recipient, which);
            game.auras.push(AuraGrant {
                source,
                recipient,
                which,
                timestamp,
            });
        }
    }
}

/// What one `attack_bonus` ability adds to one attack, and the card giving it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackBonus {
    /// The card whose ability it is.
    pub source: ObjectId,
    /// Attack dice added (negative: fewer).
    pub dice: i32,
    /// Added to the effect die.
    pub effect_roll: i32,
    /// Armor the attack ignores.
    pub piercing: i32,
}

/// Calls `visit` with every `attack_bonus` ability of a face-up card in play that reaches
/// this attack: made by its recipient (a creature's own attack: a Damage Barrier, a wall or a
/// bash is not), or against it with `against`, and passing its tests on the attack's kind,
/// damage type and the other side of the attack.
pub fn visit_attack_bonuses(game: &Game, ctx: &AttackContext, mut visit: impl FnMut(AttackBonus)) {
    let attack = ctx.attack;
    let by_creature = ctx.maker == AttackMaker::Creature && !attack.is_damage_barrier();
    for &source in &game.attack_bonus_sources {
        let Some(card) = game.cards.get(source.0 as usize) else {
            continue;
        };
        if !game.in_play(source) {
            continue;
        }
        for ability in card.abilities {
            if ability.trigger != AbilityTrigger::WhileInPlay || !is_played(ability) {
                continue;
            }
            for effect in ability.effects {
                let AbilityEffect::AttackBonus {
                    dice,
                    effect_roll,
                    piercing,
                    kinds,
                    spells,
                    damage_types,
                    defender,
                    against,
                    to,
                } = *effect
                else {
                    continue;
                };
                let (bearer, other) = if against {
                    (ctx.defender, ctx.attacker)
                } else {
                    (ctx.attacker, ctx.defender)
                };
                let kind_fits = kinds.is_empty()
                    || kinds.iter().any(|kind| match kind {
                        AttackKind::Melee => attack.is_melee(),
                        AttackKind::Ranged => attack.is_ranged() && !attack.is_zone(),
                        AttackKind::Neither => attack.bar.kind == AttackKind::Neither,
                    });
                let type_fits = damage_types.is_empty()
                    || attack
                        .bar
                        .damage_type
                        .is_some_and(|t| damage_types.contains(&t));
                let reaches = (against || by_creature)
                    && (spells || (by_creature && !attack.spell))
                    && kind_fits
                    && type_fits
                    && defender
                        .iter()
                        .all(|test| passes(game, source, other, test))
                    && reaches_recipient(game, source, to, ability.each, bearer);
                if reaches {
                    visit(AttackBonus {
                        source,
                        dice: i32::from(dice),
                        effect_roll: i32::from(effect_roll),
                        piercing: i32::from(piercing),
                    });
                }
            }
        }
    }
}

/// Whether `object` is among the recipients `to` of `source`'s ability.
fn reaches_recipient(
    game: &Game,
    source: ObjectId,
    to: AbilityRecipient,
    each: &[TargetFilter],
    object: ObjectId,
) -> bool {
    match to {
        AbilityRecipient::ThisObject => object == source,
        AbilityRecipient::Attached => {
            game.store.get(source).and_then(|o| o.attached_to) == Some(object)
        }
        _ => recipients(game, source, to, each, Picked::default()).contains(&object),
    }
}

/// Recipients a resolving spell's ability reaches: the spell's target, its caster, or each
/// object of the target zone or of the arena.
fn lands_on_resolve(to: AbilityRecipient) -> bool {
    matches!(
        to,
        AbilityRecipient::Target
            | AbilityRecipient::Caster
            | AbilityRecipient::EachInZone
            | AbilityRecipient::EachInArena
    )
}

/// An incantation's `on_resolve` abilities as it resolves: `source` is the spell's object (in
/// the target zone), `caster` its Mage and `target` the object it targets, if any. Each
/// recipient of `heal_dice` rolls its own dice.
pub fn on_resolve(
    game: &mut Game,
    dice: &mut dyn Dice,
    source: ObjectId,
    caster: ObjectId,
    target: Option<ObjectId>,
) -> Result<(), RulesError> {
    let abilities = game.card(source)?.abilities;
    let acting = abilities
        .iter()
        .filter(|a| a.trigger == AbilityTrigger::OnResolve && is_played(a));
    for ability in acting {
        if !target_condition_holds(game, ability.condition, target) {
            continue;
        }
        let picked = Picked {
            target,
            caster: Some(caster),
        };
        for effect in ability.effects {
            resolve_effect(game, dice, source, caster, ability, picked, effect)?;
        }
    }
    Ok(())
}

/// One effect of a resolving spell's ability on each of its recipients. Returns whether it
/// was done: for `if_you_do`, a condition marker placed on every recipient it names (none is
/// placed on an immune one) and every other effect reaching a recipient.
fn resolve_effect(
    game: &mut Game,
    dice: &mut dyn Dice,
    source: ObjectId,
    caster: ObjectId,
    ability: &CardAbility,
    picked: Picked,
    effect: &AbilityEffect,
) -> Result<bool, RulesError> {
    let reached = |game: &Game, to| recipients(game, source, to, ability.each, picked);
    let (to, amount) = match *effect {
        AbilityEffect::HealDice { dice, to } => (to, Amount::Dice(dice)),
        AbilityEffect::Heal { amount, to } => (to, Amount::Fixed(amount)),
        AbilityEffect::GainTrait { which, to } => {
            let reached = reached(game, to);
            for &recipient in &reached {
                if ability.duration == AbilityDuration::NextMeleeAttack {
                    game.grant_until_next_melee_attack(recipient, which);
                } else {
                    game.grant_until_end_of_round(recipient, which);
                }
            }
            return Ok(!reached.is_empty());
        }
        AbilityEffect::GainLife { amount, to } => {
            let reached = reached(game, to);
            for &recipient in &reached {
                gain_life(game, recipient, amount);
            }
            return Ok(!reached.is_empty());
        }
        AbilityEffect::NextMeleeAttackGains { traits, to } => {
            let reached = reached(game, to);
            for &recipient in &reached {
                game.gain_on_next_melee_attack(recipient, traits);
            }
            return Ok(!reached.is_empty());
        }
        AbilityEffect::LoseTrait { which, to } => {
            let reached = reached(game, to);
            for &recipient in &reached {
                game.change_until_end_of_round(recipient, which, TraitEffectKind::Remove);
            }
            return Ok(!reached.is_empty());
        }
        AbilityEffect::PlaceCondition { which, to } => {
            let reached = reached(game, to);
            let mut placed = !reached.is_empty();
            for &recipient in &reached {
                placed &= place_condition(game, recipient, which, Some(caster), false)?.is_some();
            }
            return Ok(placed);
        }
        AbilityEffect::RemoveAllConditions { which, to } => {
            let reached = reached(game, to);
            for &recipient in &reached {
                game.set_markers(recipient, Marker::Condition(which), 0);
            }
            return Ok(!reached.is_empty());
        }
        AbilityEffect::IfYouDo { first, then } => {
            let mut done = true;
            for effect in first {
                done &= resolve_effect(game, dice, source, caster, ability, picked, effect)?;
            }
            if done {
                for effect in then {
                    resolve_effect(game, dice, source, caster, ability, picked, effect)?;
                }
            }
            return Ok(done);
        }
        _ => return Ok(false),
    };
    let reached = reached(game, to);
    for &recipient in &reached {
        let healing = match amount {
            Amount::Fixed(amount) => u32::from(amount),
            Amount::Dice(count) => {
                let mut rolled = 0u32;
                for _ in 0..count {
                    let face = roll_attack_die(dice)?;
                    rolled = rolled.saturating_add(face.normal + face.critical);
                }
                rolled
            }
        };
        game.heal(recipient, healing);
    }
    Ok(!reached.is_empty())
}

/// An enchantment's `on_reveal` abilities as it is revealed face up: the object it is
/// attached to heals a fixed amount or what attack dice roll, and the enchantment may destroy
/// itself (Healing Charm), effect by effect.
pub fn on_reveal(game: &mut Game, dice: &mut dyn Dice, source: ObjectId) -> Result<(), RulesError> {
    let abilities = game.card(source)?.abilities;
    let acting = abilities
        .iter()
        .filter(|a| a.trigger == AbilityTrigger::OnReveal && is_played(a));
    for ability in acting {
        for effect in ability.effects {
            let to = Picked::default();
            match *effect {
                AbilityEffect::HealDice {
                    dice: count,
                    to: recipient,
                } => {
                    for target in recipients(game, source, recipient, ability.each, to) {
                        let mut rolled = 0u32;
                        for _ in 0..count {
                            let face = roll_attack_die(dice)?;
                            rolled = rolled.saturating_add(face.normal + face.critical);
                        }
                        game.heal(target, rolled);
                    }
                }
                AbilityEffect::Heal {
                    amount,
                    to: recipient,
                } => {
                    for target in recipients(game, source, recipient, ability.each, to) {
                        game.heal(target, u32::from(amount));
                    }
                }
                AbilityEffect::Destroy { to: recipient } => {
                    for target in recipients(game, source, recipient, ability.each, to) {
                        game.destroy(target);
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// The end of the round's share of the card abilities: each object in play whose card has a
/// played `end_of_round` ability is destroyed (Brace Yourself lasts one round).
pub fn end_of_round(game: &mut Game) {
    let ending: Vec<ObjectId> = game
        .store
        .iter()
        .filter(|o| o.in_play)
        .map(|o| o.id)
        .filter(|&id| {
            game.card(id).is_ok_and(|card| {
                card.abilities
                    .iter()
                    .any(|a| a.trigger == AbilityTrigger::EndOfRound && is_played(a))
            })
        })
        .collect();
    for id in ending {
        game.destroy(id);
    }
}

/// How much an effect heals: a fixed amount or what attack dice roll.
#[derive(Clone, Copy)]
enum Amount {
    Fixed(u8),
    Dice(u8),
}

/// The objects a resolving spell's ability names: its target and its caster.
#[derive(Clone, Copy, Default)]
struct Picked {
    target: Option<ObjectId>,
    caster: Option<ObjectId>,
}

/// Recipients an upkeep ability reaches without a player picking anything.
fn lands_without_a_pick(to: AbilityRecipient) -> bool {
    matches!(
        to,
        AbilityRecipient::ThisObject
            | AbilityRecipient::Attached
            | AbilityRecipient::EachInZone
            | AbilityRecipient::EachInArena
    )
}

/// The Upkeep Phase's share of `source`'s card abilities: each played `upkeep` ability acts,
/// effect by effect, unless the card is face down (`face_down`).
pub fn upkeep(game: &mut Game, source: ObjectId, face_down: &[ObjectId]) {
    if face_down.contains(&source) || !game.in_play(source) {
        return;
    }
    let Ok(card) = game.card(source) else {
        return;
    };
    let abilities = card.abilities;
    for ability in abilities.iter().filter(|a| is_played(a)) {
        for effect in ability.effects {
            match *effect {
                AbilityEffect::Damage {
                    amount,
                    damage_type,
                    to,
                    ..
                } => {
                    for target in recipients(game, source, to, ability.each, Picked::default()) {
                        let immune = damage_type.is_some_and(|t| game.is_immune(target, t));
                        if !immune {
                            game.deal_damage(
                                target,
                                u32::from(amount),
                                DamageSource::Ability(source),
                            );
                        }
                    }
                }
                AbilityEffect::Heal { amount, to } => {
                    for target in recipients(game, source, to, ability.each, Picked::default()) {
                        game.heal(target, u32::from(amount));
                    }
                }
                AbilityEffect::GainLife { amount, to } => {
                    for target in recipients(game, source, to, ability.each, Picked::default()) {
                        gain_life(game, target, amount);
                    }
                }
                _ => {}
            }
        }
    }
}

/// `object` gains Life +`amount` for good (codex: Life +/- X; Finite Life stops later gains).
fn gain_life(game: &mut Game, object: ObjectId, amount: u8) {
    let life = Trait::Life(i8::try_from(amount).unwrap_or(i8::MAX));
    game.change_trait(object, life, TraitEffectKind::Grant);
}

/// The objects in play an effect of `source`'s ability lands on.
fn recipients(
    game: &Game,
    source: ObjectId,
    to: AbilityRecipient,
    each: &[TargetFilter],
    picked: Picked,
) -> Vec<ObjectId> {
    let in_play = |id: ObjectId| game.in_play(id);
    match to {
        AbilityRecipient::Target => picked.target.filter(|&o| in_play(o)).into_iter().collect(),
        AbilityRecipient::Caster => picked.caster.filter(|&o| in_play(o)).into_iter().collect(),
        AbilityRecipient::ThisObject => vec![source].into_iter().filter(|&o| in_play(o)).collect(),
        AbilityRecipient::Attached => game
            .store
            .get(source)
            .and_then(|o| o.attached_to)
            .filter(|&o| in_play(o))
            .into_iter()
            .collect(),
        AbilityRecipient::EachInZone
        | AbilityRecipient::EachInArena
        | AbilityRecipient::AllInZone
        | AbilityRecipient::AllInArena => {
            let zone = game.standing_zone(source);
            let itself = matches!(
                to,
                AbilityRecipient::AllInZone | AbilityRecipient::AllInArena
            );
            let arena = matches!(
                to,
                AbilityRecipient::EachInArena | AbilityRecipient::AllInArena
            );
            game.store
                .iter()
                .filter(|o| o.in_play && (itself || o.id != source))
                .filter(|o| arena || game.standing_zone(o.id) == zone)
                .map(|o| o.id)
                .filter(|&o| each.iter().all(|test| passes(game, source, o, test)))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Whether `object` passes `test`; friendly and enemy are judged from `source`'s controller.
fn passes(game: &Game, source: ObjectId, object: ObjectId, test: &TargetFilter) -> bool {
    let controller = |id: ObjectId| game.store.get(id).map(|o| o.controller);
    let Ok(card) = game.card(object) else {
        return false;
    };
    match *test {
        TargetFilter::ObjectType { which } => match which {
            ObjectType::Creature => card.is_creature(),
            ObjectType::Conjuration => card.is_conjuration(),
            ObjectType::Mage => card.kind == super::card::ObjectKind::Mage,
            ObjectType::Enchantment => card.kind == super::card::ObjectKind::Enchantment,
            ObjectType::Equipment => card.kind == super::card::ObjectKind::Equipment,
        },
        TargetFilter::HasTrait { which } => game.has_trait(object, which),
        TargetFilter::LacksTrait { which } => !game.has_trait(object, which),
        TargetFilter::HasCondition { which } => game.conditions(object, which) > 0,
        TargetFilter::Subtype { which } => card.subtypes.contains(&which),
        TargetFilter::Friendly => controller(object) == controller(source),
        TargetFilter::Enemy => controller(object) != controller(source),
        TargetFilter::Living => game.is_living(object),
        TargetFilter::NotType { which } => {
            !passes(game, source, object, &TargetFilter::ObjectType { which })
        }
        TargetFilter::School { which } => card.schools.iter().any(|s| s.school == which),
        TargetFilter::NotSchool { which } => !card.schools.iter().any(|s| s.school == which),
        TargetFilter::NotCarrier => {
            game.store.get(source).and_then(|o| o.attached_to) != Some(object)
        }
    }
}

#[cfg(test)]
mod tests {
    use grimoire_engine::{PlayerId, Zone};

    use super::super::content::CardId;
    use super::super::phases::upkeep_phase;
    use super::*;

    /// A Timber Wolf enchanted with Ghoul Rot.
    fn rotting_wolf() -> (Game, ObjectId, ObjectId) {
        let mut game = Game::new();
        let wolf = game.add_card(CardId::TimberWolf, PlayerId(2), Zone(4));
        let rot = game.add_card(CardId::GhoulRot, PlayerId(1), Zone(4));
        game.attach(rot, wolf);
        (game, wolf, rot)
    }

    #[test]
    fn a_face_down_enchantment_does_nothing_in_upkeep_until_revealed() {
        let mut dice = grimoire_engine::ScriptedDice::new();
        let (mut game, wolf, rot) = rotting_wolf();
        upkeep_phase(&mut game, &mut dice, &[rot]).expect("upkeep");
        assert_eq!(game.store.get(wolf).map(|o| o.damage), Some(0));
        upkeep_phase(&mut game, &mut dice, &[]).expect("upkeep");
        assert_eq!(game.store.get(wolf).map(|o| o.damage), Some(2));
    }

    #[test]
    fn only_upkeep_abilities_with_direct_damage_or_healing_are_played() {
        let ghoul_rot = CardId::GhoulRot.card();
        let super::super::content::Card::Enchantment(rot) = ghoul_rot else {
            panic!("Ghoul Rot is an enchantment");
        };
        assert!(rot.card_abilities.iter().all(is_played));
        let resolving = CardAbility {
            trigger: AbilityTrigger::OnResolve,
            ..rot.card_abilities[0]
        };
        assert!(!is_played(&resolving));
    }
}

#[cfg(test)]
mod resolve_tests {
    use grimoire_engine::{PlayerId, ScriptedDice, Zone};

    use super::super::content::{CardId, Trait};
    use super::*;

    #[test]
    fn a_granted_trait_lasts_until_the_end_of_the_round_on_every_matching_object() {
        let mut game = Game::new();
        let wolf = game.add_card(CardId::TimberWolf, PlayerId(1), Zone(4));
        let enemy = game.add_card(CardId::BitterwoodFox, PlayerId(2), Zone(4));
        let spell = game.add_card(CardId::CallOfTheWild, PlayerId(1), Zone(4));
        on_resolve(&mut game, &mut ScriptedDice::new(), spell, wolf, None).expect("resolves");
        assert!(game.has_trait(wolf, Trait::Melee(1)));
        assert!(
            !game.has_trait(enemy, Trait::Melee(1)),
            "only friendly Animals"
        );
        game.end_of_round();
        assert!(!game.has_trait(wolf, Trait::Melee(1)));
    }

    #[test]
    fn a_targeted_grant_lands_on_the_target_only() {
        let mut game = Game::new();
        let wolf = game.add_card(CardId::TimberWolf, PlayerId(1), Zone(4));
        let other = game.add_card(CardId::FeralBobcat, PlayerId(1), Zone(4));
        let spell = game.add_card(CardId::Evade, PlayerId(1), Zone(4));
        on_resolve(&mut game, &mut ScriptedDice::new(), spell, wolf, Some(wolf)).expect("resolves");
        assert!(game.has_trait(wolf, Trait::Elusive));
        assert!(!game.has_trait(other, Trait::Elusive));
    }
}
