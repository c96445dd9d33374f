//! The battle calculator: exact probabilities for Mage Wars attacks, by convolution (quadratic in the dice).
//!
//! The attack die has six faces, blank, blank, 1, 2, 1 critical, 2 critical. Armor (less
//! Piercing, never below 0) reduces normal damage only; critical damage ignores it.
//! Attacks on an Incorporeal defender count only the 1s (normal or critical) unless the attack
//! is Ethereal, and Incorporeal objects have no armor (codex: Incorporeal, Ethereal).
//! A defender's Defense avoids the whole attack on its roll or higher of the effect die
//! (codex: Defense); card mode assumes it ready unless told its uses this round are spent.

mod cards;
mod distribution;
mod effect_die;

pub use cards::{
    calculate_cards, calculate_cards_in, AppliedModifier, AttackerState, CardCalculation,
    DefenderState, DefenseChance, EffectChance, MissChance, MAX_DEFENSE_USES,
};
pub use distribution::{
    damage_distribution, CalcError, DamageQuery, DamageSummary, MAX_ATTACK_DICE,
};
pub use effect_die::{effect_row_probabilities, probability_at_least};
