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
    /// The first-attack-only bonuses earlier attacks of the same attack action received.
    pub granted: FirstAttackBonuses,
    /// True when the attacker moved at least one zone just before (Charge).
    pub charged: bool,
    /// True for Counterstrike and Damage Barrier attacks: conditions they give the attacker
    /// of the triggering attack survive the end of its Action Phase.
    pub retaliation: bool,
}

/// The bonuses the table applies to "only the first attack" of an attack action, by source.
///
/// The supplement ("Increasing the Attack Dice DURING an Attack Action") reads "the first
/// attack" as the first attack that can use the bonus, and gives a later attack whatever the
/// bonus grew by since: two Rage tokens give the first attack of a Sweeping attack +2; a third
/// token gained from the Counterstrike gives the second attack +1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FirstAttackBonuses {
    /// Melee +X.
    pub melee: i32,
    /// Rage tokens, up to Rage +X.
    pub rage: i32,
    /// Charge +X, after a move.
    pub charge: i32,
    /// Bloodthirsty +X, against a damaged Living creature.
    pub bloodthirsty: i32,
    /// Ranged +X (not zone attacks).
    pub ranged: i32,
}

impl FirstAttackBonuses {
    fn parts(self) -> [i32; 5] {
        [
            self.melee,
            self.rage,
            self.charge,
            self.bloodthirsty,
            self.ranged,
        ]
    }

    /// Each bonus at the higher of the two values: what has been received once `now` is.
    pub fn max(self, now: Self) -> Self {
        FirstAttackBonuses {
            melee: self.melee.max(now.melee),
            rage: self.rage.max(now.rage),
            charge: self.charge.max(now.charge),
            bloodthirsty: self.bloodthirsty.max(now.bloodthirsty),
            ranged: self.ranged.max(now.ranged),
        }
    }
}

/// The first-attack-only bonuses the attacker has now for this attack, before subtracting what
/// earlier attacks of the action received; nothing for barriers, walls and bashes.
pub fn first_attack_bonuses(game: &Game, ctx: &AttackContext) -> FirstAttackBonuses {
    let mut bonuses = FirstAttackBonuses::default();
    if ctx.maker == AttackMaker::NotACreature {
        return bonuses;
    }
    let a = ctx.attacker;
    if ctx.attack.is_melee() {
        bonuses.melee = game.sum_traits(a, |t| if let Trait::Melee(x) = t { *x } else { 0 });
        let rage_cap = game.max_trait(a, |t| if let Trait::Rage(x) = t { *x } else { 0 });
        let tokens = game
            .store
            .get(a)
            .map_or(0, |o| o.marker_count(&Marker::Rage));
        bonuses.rage = tokens.min(rage_cap) as i32;
        if ctx.charged {
            bonuses.charge = game.sum_traits(a, |t| if let Trait::Charge(x) = t { *x } else { 0 });
        }
        let damaged = game.store.get(ctx.defender).is_some_and(|o| o.damage > 0);
        if damaged && game.is_living(ctx.defender) {
            bonuses.bloodthirsty = game.sum_traits(a, |t| {
                if let Trait::Bloodthirsty(x) = t {
                    *x
                } else {
                    0
                }
            });
        }
    }
    if ctx.attack.is_ranged() && !ctx.attack.zone {
        bonuses.ranged = game.sum_traits(a, |t| if let Trait::Ranged(x) = t { *x } else { 0 });
    }
    bonuses
}

/// Dice from the first-attack-only bonuses: each bonus as far as it exceeds what earlier
/// attacks of the action received.
fn first_attack_bonus(game: &Game, ctx: &AttackContext) -> i32 {
    let now = first_attack_bonuses(game, ctx).parts();
    let granted = ctx.granted.parts();
    now.iter()
        .zip(granted)
        .map(|(now, granted)| (now - granted).max(0))
        .sum()
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
