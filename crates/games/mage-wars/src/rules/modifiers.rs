//! The dice modifiers of an attack, interpreted from the codex: every `attack_dice` and
//! `effect_die` operation of the attacker's traits and conditions (holder `Attacker`), of the
//! defender's (holder `Defender`) and of the attack's own traits, filtered by `applies_to`,
//! with `scope = "FirstAttack"` bonuses tracked through the attack action, and the
//! `attack_bonus` abilities of cards in play.

use grimoire_engine::ObjectId;

use super::abilities::visit_attack_bonuses;
use super::codex::{damage_type_param, x};
use super::content::{
    AttackFilter, Condition, EffectOp, ModifierHolder, ModifierScope, Trait, MIN_ATTACK_DICE,
};
use super::handlers::{fire, Outcome, Trigger};
use super::limits::{per_marker, signed};
use super::profile::AttackProfile;
use super::state::{Game, Marker, OpSource, RulesError};
use super::versus::versus_matches;

/// Who makes the attack, for the modifiers that depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackMaker {
    /// A creature (or conjuration) attacking with its own attack bar.
    Creature,
    /// A Damage Barrier, a wall or a bash: not a creature's attack, so the creature's bonuses
    /// and conditions do not apply and it gives no Rage.
    NotACreature,
}

/// Everything the modifiers look at for one individual attack.
#[derive(Debug, Clone, Copy)]
pub struct AttackContext<'a> {
    /// The attacking object.
    pub attacker: ObjectId,
    /// The defending object.
    pub defender: ObjectId,
    /// The attack.
    pub attack: &'a AttackProfile<'a>,
    /// Creature attack or Damage Barrier.
    pub maker: AttackMaker,
    /// True for the first individual attack of the attack action.
    pub first: bool,
    /// The first-attack-only bonuses earlier attacks of the same attack action received.
    pub granted: FirstAttackBonuses,
    /// True when the attacker moved at least one zone just before (Charge).
    pub charged: bool,
    /// True for Counterstrike and Damage Barrier attacks: conditions they give the attacker
    /// of the triggering attack survive the end of its Action Phase.
    pub retaliation: bool,
}

/// Most distinct first-attack bonus sources one attacker can have.
const MAX_FIRST_ATTACK_SOURCES: usize = 8;

/// The bonuses received by "only the first attack" of an attack action, by source (the codex
/// entry giving them; Rage tokens count as their own source).
///
/// The supplement ("Increasing the Attack Dice DURING an Attack Action") reads "the first
/// attack" as the first attack that can use the bonus, and gives a later attack whatever the
/// bonus grew by since: two Rage tokens give the first attack of a Sweeping attack +2; a third
/// token gained from the Counterstrike gives the second attack +1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FirstAttackBonuses {
    sources: [(u16, i32); MAX_FIRST_ATTACK_SOURCES],
    len: usize,
}

impl FirstAttackBonuses {
    /// The bonus received from `source` so far.
    pub fn get(&self, source: u16) -> i32 {
        self.sources[..self.len]
            .iter()
            .find(|(s, _)| *s == source)
            .map_or(0, |(_, v)| *v)
    }

    /// Adds `value` to the bonus of `source`.
    fn add(&mut self, source: u16, value: i32) {
        match self.sources[..self.len]
            .iter_mut()
            .find(|(s, _)| *s == source)
        {
            Some((_, v)) => *v = v.saturating_add(value),
            None if self.len < MAX_FIRST_ATTACK_SOURCES => {
                self.sources[self.len] = (source, value);
                self.len += 1;
            }
            None => {}
        }
    }

    /// Each bonus at the higher of the two values: what has been received once `now` is.
    pub fn max(mut self, now: Self) -> Self {
        for &(source, value) in &now.sources[..now.len] {
            let had = self.get(source);
            if value > had {
                self.add(source, value.saturating_sub(had));
            }
        }
        self
    }

    /// The sum over sources of what `self` gives beyond `granted`.
    fn beyond(&self, granted: &Self) -> i32 {
        self.sources[..self.len]
            .iter()
            .map(|&(source, value)| value.saturating_sub(granted.get(source)).max(0))
            .fold(0, i32::saturating_add)
    }
}

/// The source key of Rage tokens among first-attack bonuses (the Rage entry's codex index).
fn rage_source() -> u16 {
    Trait::Rage(0).index() as u16
}

/// True when an operation's `applies_to` filter admits this attack; `entry` is the trait
/// carrying the operation (for the damage type or targets it names).
fn applies(game: &Game, ctx: &AttackContext, filter: AttackFilter, entry: Option<&Trait>) -> bool {
    let attack = ctx.attack;
    match filter {
        AttackFilter::Any => true,
        AttackFilter::Melee => attack.is_melee(),
        AttackFilter::Ranged => attack.is_ranged() && !attack.is_zone(),
        AttackFilter::NonSpell => {
            ctx.maker == AttackMaker::Creature && !attack.spell && !attack.is_damage_barrier()
        }
        AttackFilter::MatchingDamageType => {
            let named = entry.and_then(damage_type_param);
            named.is_some() && named == attack.bar.damage_type
        }
        AttackFilter::MatchingTarget => match entry {
            Some(Trait::BonusVersus { targets, .. }) => versus_matches(game, ctx.defender, targets),
            _ => false,
        },
        AttackFilter::DamagedLiving => {
            let damaged = game.store.get(ctx.defender).is_some_and(|o| o.damage > 0);
            // codex: Bloodthirsty +X: a damaged Living *creature* (a Living conjuration is not).
            attack.is_melee()
                && damaged
                && game.is_living(ctx.defender)
                && game.is_creature(ctx.defender)
        }
        AttackFilter::AfterMove => attack.is_melee() && ctx.charged,
    }
}

/// The dice and effect-die modifiers of one attack, split by scope.
#[derive(Debug, Clone, Copy, Default)]
pub struct DiceModifiers {
    /// Attack dice on every attack.
    every_attack: i32,
    /// First-attack-only attack dice, by source.
    first_attack: FirstAttackBonuses,
    /// Effect die.
    effect_die: i32,
    /// Armor ignored beyond the attack's own Piercing.
    piercing: i32,
}

/// Whose modifier it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModifierOwner {
    /// The attacking object's trait or condition.
    Attacker,
    /// The defending object's trait or condition.
    Defender,
    /// A trait of the attack itself.
    Attack,
}

/// Where one modifier comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModifierOrigin {
    /// An effect operation of a codex trait or condition.
    Op(ModifierOwner, OpSource),
    /// The attacker's Rage tokens (native handler `rage_tokens`).
    RageTokens,
    /// An `attack_bonus` ability of this card in play.
    Ability(ObjectId),
}

/// What one modifier adds to an attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contribution {
    /// Attack dice on every attack of the action.
    EveryAttack(i32),
    /// Attack dice on the first attack that can use them, keyed by the source's index.
    FirstAttack(u16, i32),
    /// The effect die.
    EffectDie(i32),
    /// Armor the attack ignores (an `attack_bonus` ability's Piercing).
    Piercing(i32),
}

/// One operation's contribution, if it applies to this attack.
fn contribution(
    game: &Game,
    ctx: &AttackContext,
    source: OpSource,
    op: &EffectOp,
    value_of: impl Fn(i8, i8) -> i32,
    holder: ModifierHolder,
) -> Option<Contribution> {
    let entry = match source {
        OpSource::Trait(t) => Some(t),
        OpSource::Condition(_) => None,
    };
    match *op {
        EffectOp::AttackDice {
            per_x,
            fixed,
            holder: h,
            scope,
            applies_to,
        } if h == holder && applies(game, ctx, applies_to, entry.as_ref()) => {
            let value = value_of(per_x, fixed);
            Some(match (scope, source) {
                (ModifierScope::FirstAttack, OpSource::Trait(t)) => {
                    Contribution::FirstAttack(t.index() as u16, value)
                }
                _ => Contribution::EveryAttack(value),
            })
        }
        EffectOp::EffectDie {
            per_x,
            fixed,
            holder: h,
            applies_to,
        } if h == holder && applies(game, ctx, applies_to, entry.as_ref()) => {
            Some(Contribution::EffectDie(value_of(per_x, fixed)))
        }
        _ => None,
    }
}

/// `per_x * x + fixed`, an operation's value for an entry's X, saturating instead of
/// overflowing.
fn scaled(per_x: i8, x: i32, fixed: i8) -> i32 {
    i32::from(per_x)
        .saturating_mul(x)
        .saturating_add(i32::from(fixed))
}

/// Calls `visit` with every dice modifier of this attack, from the codex's operations (and
/// Rage tokens), with where it comes from.
pub fn visit_dice_modifiers(
    game: &Game,
    ctx: &AttackContext,
    mut visit: impl FnMut(ModifierOrigin, Contribution),
) {
    if ctx.maker == AttackMaker::Creature {
        game.for_each_op(ctx.attacker, |source, op, x, count| {
            let value = |per_x: i8, fixed: i8| per_marker(scaled(per_x, x, fixed), count);
            if let Some(c) = contribution(game, ctx, source, op, value, ModifierHolder::Attacker) {
                visit(ModifierOrigin::Op(ModifierOwner::Attacker, source), c);
            }
        });
        // Rage tokens (native handler `rage_tokens`): Melee +1 each, up to Rage +X.
        if ctx.attack.is_melee() {
            let cap = game.trait_x(ctx.attacker, Trait::Rage(0)).unwrap_or(0);
            let tokens = game
                .store
                .get(ctx.attacker)
                .map_or(0, |o| signed(o.marker_count(&Marker::Rage)));
            if tokens > 0 {
                visit(
                    ModifierOrigin::RageTokens,
                    Contribution::FirstAttack(rage_source(), tokens.min(cap)),
                );
            }
        }
    }
    game.for_each_op(ctx.defender, |source, op, x, count| {
        let value = |per_x: i8, fixed: i8| per_marker(scaled(per_x, x, fixed), count);
        if let Some(c) = contribution(game, ctx, source, op, value, ModifierHolder::Defender) {
            visit(ModifierOrigin::Op(ModifierOwner::Defender, source), c);
        }
    });
    if !game.attack_bonus_sources.is_empty() {
        visit_attack_bonuses(game, ctx, |bonus| {
            let origin = ModifierOrigin::Ability(bonus.source);
            if bonus.dice != 0 {
                visit(origin, Contribution::EveryAttack(bonus.dice));
            }
            if bonus.effect_roll != 0 {
                visit(origin, Contribution::EffectDie(bonus.effect_roll));
            }
            if bonus.piercing != 0 {
                visit(origin, Contribution::Piercing(bonus.piercing));
            }
        });
    }
    if !ctx.attack.has_dice_ops() {
        return;
    }
    ctx.attack.for_each_op(|t, op| {
        let value = |per_x: i8, fixed: i8| scaled(per_x, x(&t), fixed);
        let source = OpSource::Trait(t);
        if let Some(c) = contribution(game, ctx, source, op, value, ModifierHolder::Attacker) {
            visit(ModifierOrigin::Op(ModifierOwner::Attack, source), c);
        }
    });
}

/// Every dice modifier of this attack, from the codex's operations.
#[inline]
pub fn dice_modifiers(game: &Game, ctx: &AttackContext) -> DiceModifiers {
    // Nothing to visit (plain creatures, an attack without dice operations, no Rage tokens):
    // no modifier.
    let attacker_counts = ctx.maker == AttackMaker::Creature;
    let rage_tokens = attacker_counts
        && ctx.attack.is_melee()
        && game
            .store
            .get(ctx.attacker)
            .is_some_and(|o| o.marker_count(&Marker::Rage) > 0);
    let anything = (attacker_counts && game.has_ops(ctx.attacker))
        || rage_tokens
        || game.has_ops(ctx.defender)
        || !game.attack_bonus_sources.is_empty()
        || ctx.attack.has_dice_ops();
    if !anything {
        return DiceModifiers::default();
    }
    visited_dice_modifiers(game, ctx)
}

/// [`dice_modifiers`] by visiting every modifier.
#[inline(never)]
fn visited_dice_modifiers(game: &Game, ctx: &AttackContext) -> DiceModifiers {
    let mut totals = DiceModifiers::default();
    visit_dice_modifiers(game, ctx, |_, contribution| match contribution {
        Contribution::EveryAttack(value) => {
            totals.every_attack = totals.every_attack.saturating_add(value);
        }
        Contribution::FirstAttack(source, value) => totals.first_attack.add(source, value),
        Contribution::EffectDie(value) => {
            totals.effect_die = totals.effect_die.saturating_add(value);
        }
        Contribution::Piercing(value) => totals.piercing = totals.piercing.saturating_add(value),
    });
    totals
}

impl DiceModifiers {
    /// The first-attack-only bonuses the attacker has now for this attack, before subtracting
    /// what earlier attacks of the action received; nothing for barriers, walls and bashes.
    pub fn first_attack(&self) -> FirstAttackBonuses {
        self.first_attack
    }

    /// Armor the attack ignores: its own Piercing (`armor_piercing` operations) plus what
    /// `attack_bonus` abilities add.
    pub fn piercing(&self, attack: &AttackProfile) -> u32 {
        attack
            .piercing()
            .saturating_add(self.piercing.max(0) as u32)
    }
}

/// Burns on the defender of an Extinguish attack (native handler `extinguish`): each costs a
/// die and 1 on the effect die (supplement: Codex, Extinguish).
pub(crate) fn extinguished_burns(game: &Game, ctx: &AttackContext) -> i32 {
    if ctx.attack.has(Trait::Extinguish) {
        signed(game.conditions(ctx.defender, Condition::Burn))
    } else {
        0
    }
}

/// Attack dice for this individual attack: printed dice plus every `attack_dice` operation
/// (first-attack bonuses only as far as they exceed what earlier attacks of the action
/// received), never below `MIN_ATTACK_DICE` (an attack printed with 0 dice rolls none).
pub fn attack_dice(game: &Game, ctx: &AttackContext) -> u32 {
    attack_dice_with(game, ctx, &dice_modifiers(game, ctx))
}

/// [`attack_dice`] with the attack's modifiers already worked out.
pub fn attack_dice_with(game: &Game, ctx: &AttackContext, modifiers: &DiceModifiers) -> u32 {
    if ctx.attack.bar.dice == 0 {
        return 0;
    }
    let total = i32::from(ctx.attack.bar.dice)
        .saturating_add(modifiers.every_attack)
        .saturating_add(modifiers.first_attack.beyond(&ctx.granted))
        .saturating_sub(extinguished_burns(game, ctx));
    total.max(MIN_ATTACK_DICE as i32) as u32
}

/// The modifier to the effect die from data: every `effect_die` operation (Damage Type +/- X,
/// "+X vs", Tough -X) and Extinguish.
pub fn effect_die_modifier(game: &Game, ctx: &AttackContext) -> i32 {
    dice_modifiers(game, ctx)
        .effect_die
        .saturating_sub(extinguished_burns(game, ctx))
}

/// The whole modifier to the effect die: [`effect_die_modifier`] plus what the attack bar's
/// native handler adds at [`Trigger::EffectDie`] (Poison Fangs against a held defender).
pub fn effect_die_total(game: &mut Game, ctx: &AttackContext) -> Result<i32, RulesError> {
    let mut total = effect_die_modifier(game, ctx);
    if let Some(handler) = ctx.attack.bar.handler {
        let trigger = Trigger::EffectDie {
            defender: ctx.defender,
        };
        if let Outcome::Modifier(x) = fire(game, None, handler, ctx.attacker, trigger)? {
            total = total.saturating_add(x);
        }
    }
    Ok(total)
}

/// The roll the attacker needs on the effect die not to miss: the highest `hit_on` of the
/// `miss_roll` operations acting on it (Daze: 7), rolled once however many markers.
pub fn miss_roll(game: &Game, attacker: ObjectId) -> Option<i32> {
    let mut needed = None;
    game.for_each_op(attacker, |_, op, _, _| {
        if let EffectOp::MissRoll { hit_on } = *op {
            needed = needed.max(Some(i32::from(hit_on)));
        }
    });
    needed
}
