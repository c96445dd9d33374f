//! Reading the effect operations of the codex: which abilities a warrior has, and what their
//! data says. Every operation the rules interpret is read here or in [`super::combat`] through
//! these helpers; `docs` of the crate list the abilities the data cannot express (handlers).

use super::content::{AttackRange, DamageKind, EffectOp, SpecialAbility, Stat};
use super::state::Abilities;

/// Every effect operation of `abilities`, each with the ability it belongs to.
pub fn ops(
    abilities: &[SpecialAbility],
) -> impl Iterator<Item = (SpecialAbility, &'static EffectOp)> + '_ {
    abilities
        .iter()
        .flat_map(|a| a.meta().effects.iter().map(move |op| (*a, op)))
}

/// Whether an operation's `against` covers an attack of kind `range`.
pub fn covers(against: AttackRange, range: AttackRange) -> bool {
    against == AttackRange::Any || against == range
}

/// The abilities of `abilities` without its defense special abilities (what an attack that
/// ignores the target's defense abilities sees).
pub fn without_defense_abilities(abilities: &[SpecialAbility]) -> Vec<SpecialAbility> {
    abilities
        .iter()
        .copied()
        .filter(|a| a.meta().slot != Some(Stat::Defense))
        .collect()
}

/// The abilities of `abilities` without those with "magic" in their name (what a figure with
/// Magic Immunity is affected by).
pub fn without_magic(abilities: &[SpecialAbility]) -> Abilities {
    abilities
        .iter()
        .copied()
        .filter(|a| !a.meta().magic)
        .collect()
}

/// Whether any ability of `abilities` has an operation matching `test`.
pub fn any(abilities: &[SpecialAbility], test: impl Fn(&EffectOp) -> bool) -> bool {
    ops(abilities).any(|(_, op)| test(op))
}

/// Whether `abilities` ignore other figures' Magic Immunity (Spellbreach's handler).
pub fn breaches_magic_immunity(abilities: &[SpecialAbility]) -> bool {
    abilities
        .iter()
        .any(|a| a.meta().handler == Some(super::content::Handler::Spellbreach))
}

/// The abilities of `abilities` without Magic Immunity (what a Spellbreach attacker sees).
pub fn without_magic_immunity(abilities: &[SpecialAbility]) -> Abilities {
    abilities
        .iter()
        .copied()
        .filter(|a| {
            !a.meta()
                .effects
                .iter()
                .any(|op| matches!(op, EffectOp::MagicImmunity))
        })
        .collect()
}

/// Whether `abilities` include Magic Immunity's operation.
pub fn magic_immune(abilities: &[SpecialAbility]) -> bool {
    any(abilities, |op| matches!(op, EffectOp::MagicImmunity))
}

/// Whether the holder's attacks of kind `range` ignore the targets' defense abilities.
pub fn ignores_defense_abilities(abilities: &[SpecialAbility], range: AttackRange) -> bool {
    any(
        abilities,
        |op| matches!(op, EffectOp::IgnoreDefenseAbilities { against } if covers(*against, range)),
    )
}

/// Whether `abilities` forbid an action of kind `kind`.
pub fn forbids(
    abilities: &[SpecialAbility],
    kind: super::content::ActionKind,
) -> Option<SpecialAbility> {
    ops(abilities).find_map(|(a, op)| match op {
        EffectOp::ForbidActions { actions } if actions.contains(&kind) => Some(a),
        _ => None,
    })
}

/// The die roll at or below which the holder fails to break away (the default is below
/// [`super::content::BREAK_AWAY_SUCCEEDS_ON`]).
pub fn break_away_fails_on(abilities: &[SpecialAbility]) -> Option<u32> {
    ops(abilities)
        .filter_map(|(_, op)| match op {
            EffectOp::BreakAwayFailsOnlyOn { roll } => Some(u32::from(*roll)),
            _ => None,
        })
        .min()
}

/// The damage reductions of `abilities` (Toughness, Invulnerability, Lurk: they add) against
/// damage that is or is not pushing damage.
pub fn damage_reduction(abilities: &[SpecialAbility], pushing: bool) -> u32 {
    ops(abilities)
        .map(|(_, op)| match op {
            EffectOp::ReduceDamage { amount, applies_to }
                if *applies_to == DamageKind::Any || !pushing =>
            {
                u32::from(*amount)
            }
            _ => 0,
        })
        .sum()
}
