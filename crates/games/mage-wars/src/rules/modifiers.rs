//! The dice-modifier table of the supplement ("Modifying Attack Dice"): which traits change
//! the number of attack dice and the effect die, whose trait it is, and whether it applies to
//! every attack of an attack action or only the first.

use grimoire_engine::ObjectId;

use super::model::{Attack, Condition, Marker, Trait};
use super::state::Game;

/// Who makes the attack, for the modifiers that depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackMaker {
    /// A creature (or conjuration) attacking with its own attack bar.
    Creature,
    /// A Damage Barrier, a wall or a bash: not a creature's attack, so the creature's bonuses
    /// do not apply and it gives no Rage.
    NotACreature,
}

/// Everything the modifiers look at for one individual attack.
#[derive(Debug, Clone, Copy)]
pub struct AttackContext<'a> {
    /// The attacking object.
    pub attacker: ObjectId,
    /// The defending object.
    pub defender: ObjectId,
    /// The attack bar.
    pub attack: &'a Attack,
    /// Creature attack or Damage Barrier.
    pub maker: AttackMaker,
    /// True for the first individual attack of the attack action.
    pub first: bool,
    /// True when the attacker moved at least one zone just before (Charge).
    pub charged: bool,
    /// True for Counterstrike and Damage Barrier attacks: conditions they give the attacker
    /// of the triggering attack survive the end of its Action Phase.
    pub retaliation: bool,
}

/// Bonus dice for the first attack only: Melee +X (with Rage tokens), Ranged +X, Charge +X,
/// Bloodthirsty +X.
fn first_attack_bonus(game: &Game, ctx: &AttackContext) -> i32 {
    if !ctx.first || ctx.maker == AttackMaker::NotACreature {
        return 0;
    }
    let a = ctx.attacker;
    let mut bonus = 0;
    if ctx.attack.is_melee() {
        bonus += game.sum_traits(a, |t| if let Trait::Melee(x) = t { *x } else { 0 });
        let rage_cap = game.max_trait(a, |t| if let Trait::Rage(x) = t { *x } else { 0 });
        let tokens = game
            .store
            .get(a)
            .map_or(0, |o| o.marker_count(&Marker::Rage));
        bonus += tokens.min(rage_cap) as i32;
        if ctx.charged {
            bonus += game.sum_traits(a, |t| if let Trait::Charge(x) = t { *x } else { 0 });
        }
        let damaged = game.store.get(ctx.defender).is_some_and(|o| o.damage > 0);
        if damaged && game.is_living(ctx.defender) {
            bonus += game.sum_traits(a, |t| {
                if let Trait::Bloodthirsty(x) = t {
                    *x
                } else {
                    0
                }
            });
        }
    }
    if ctx.attack.is_ranged() && !ctx.attack.zone {
        bonus += game.sum_traits(a, |t| if let Trait::Ranged(x) = t { *x } else { 0 });
    }
    bonus
}

/// "+X vs." bonuses that apply to this defender (each bonus once, however many of its
/// alternatives match); they change both the dice and the effect die, on every attack.
fn versus_bonus(game: &Game, ctx: &AttackContext) -> i32 {
    let Ok(card) = game.card(ctx.defender) else {
        return 0;
    };
    ctx.attack
        .versus
        .iter()
        .filter(|v| {
            v.against.iter().any(|word| {
                card.subtypes.iter().any(|s| s == word)
                    || (word == "flying" && game.is_flying(ctx.defender))
                    || game.has(ctx.defender, |t| trait_word(t).is_some_and(|w| w == word))
            })
        })
        .map(|v| v.bonus)
        .sum()
}

fn trait_word(t: &Trait) -> Option<&'static str> {
    Some(match t {
        Trait::Incorporeal => "incorporeal",
        Trait::Nonliving => "nonliving",
        Trait::Living => "living",
        _ => return None,
    })
}

/// Damage Type +/- X of the defender matching the attack's damage type (all attacks, dice and
/// effect die).
fn damage_type_modifier(game: &Game, ctx: &AttackContext) -> i32 {
    let Some(kind) = ctx.attack.damage_type else {
        return 0;
    };
    game.sum_traits(ctx.defender, |t| match t {
        Trait::DamageTypeModifier(d, x) if *d == kind => *x,
        _ => 0,
    })
}

/// Attack dice for this individual attack: printed dice, plus the table's modifiers, minus the
/// highest Aegis; never below 1 die (an attack printed with 0 dice rolls none).
pub fn attack_dice(game: &Game, ctx: &AttackContext) -> u32 {
    if ctx.attack.dice == 0 {
        return 0;
    }
    let aegis = game.max_trait(
        ctx.defender,
        |t| if let Trait::Aegis(x) = t { *x } else { 0 },
    );
    let total = ctx.attack.dice as i32 - extinguished_burns(game, ctx)
        + first_attack_bonus(game, ctx)
        + versus_bonus(game, ctx)
        + damage_type_modifier(game, ctx)
        - aegis as i32
        - weakness(game, ctx);
    total.max(1) as u32
}

/// Weak: one die fewer per Weak marker on a creature's non-spell attacks; barriers and attack
/// spells are unaffected (codex: Weak).
fn weakness(game: &Game, ctx: &AttackContext) -> i32 {
    if ctx.maker == AttackMaker::NotACreature || ctx.attack.spell {
        return 0;
    }
    game.conditions(ctx.attacker, Condition::Weak) as i32
}

/// The modifier to the effect die: Damage Type +/- X, "+X vs.", Tough -X, and the attack's
/// own bonus against Restrained or Incapacitated defenders.
pub fn effect_die_modifier(game: &Game, ctx: &AttackContext) -> i32 {
    let tough = game.sum_traits(
        ctx.defender,
        |t| if let Trait::Tough(x) = t { *x } else { 0 },
    );
    let held = game.is_restrained(ctx.defender) || game.is_incapacitated(ctx.defender);
    let restrained_bonus = if held {
        ctx.attack.restrained_effect_bonus
    } else {
        0
    };
    damage_type_modifier(game, ctx) + versus_bonus(game, ctx) + tough + restrained_bonus
        - extinguished_burns(game, ctx)
}

/// Burns on the defender of an Extinguish attack: each costs a die and 1 on the effect die
/// (supplement: Codex, Extinguish).
fn extinguished_burns(game: &Game, ctx: &AttackContext) -> i32 {
    if ctx.attack.extinguish {
        game.conditions(ctx.defender, Condition::Burn) as i32
    } else {
        0
    }
}
