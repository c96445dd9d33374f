//! Card mode: the calculator's inputs worked out by the rules from an attacker's attack bar
//! and a defender in a given state.

use grimoire_engine::{PlayerId, TraitEffectKind};
use serde::Serialize;

use super::{effect_row_probabilities, DamageQuery, DamageSummary};
use crate::rules::model::{Condition, Marker, Trait};
use crate::rules::modifiers::{
    attack_dice, effect_die_modifier, AttackContext, AttackMaker, FirstAttackBonuses,
};
use crate::rules::Game;
use crate::rules::GeneratedCatalog;

/// The defender's situation.
#[derive(Debug, Clone, Default)]
pub struct DefenderState {
    /// Damage already on it.
    pub damage: u32,
    /// Extra traits, as printed ("Armor +2").
    pub traits: Vec<String>,
    /// Condition markers.
    pub conditions: Vec<(Condition, u32)>,
}

/// The probability of one effect-table row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EffectChance {
    /// Lowest modified d12 result of the row.
    pub threshold: i32,
    /// Effects of the row, as names.
    pub effects: Vec<String>,
    /// Probability of landing on this row.
    pub probability: f64,
}

/// Everything the calculator says about the first individual attack of an attack bar.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardCalculation {
    /// Damage summary (dice after modifiers, armor after Corrode).
    pub summary: DamageSummary,
    /// Modifier applied to the effect die.
    pub effect_modifier: i32,
    /// Effect-row probabilities (only when the attack can deal effects to the defender).
    pub effects: Vec<EffectChance>,
}

/// Works out the calculation for `attacker`'s attack named `attack` against `defender`.
pub fn calculate_cards(
    catalog: &GeneratedCatalog,
    attacker: &str,
    attack: &str,
    defender: &str,
    state: &DefenderState,
) -> Result<CardCalculation, String> {
    let attacker_card = catalog
        .card(attacker)
        .ok_or_else(|| format!("unknown card {attacker:?}"))?;
    let defender_card = catalog
        .card(defender)
        .ok_or_else(|| format!("unknown card {defender:?}"))?;
    let bar = attacker_card
        .attacks
        .iter()
        .find(|a| a.name.eq_ignore_ascii_case(attack))
        .cloned()
        .ok_or_else(|| format!("{attacker} has no attack named {attack:?}"))?;
    let mut game = Game::new();
    let a = game.add_object(attacker_card, PlayerId(1), 0);
    let d = game.add_object(defender_card, PlayerId(2), 0);
    for text in &state.traits {
        game.change_trait(d, Trait::parse(text), TraitEffectKind::Grant);
    }
    for &(condition, count) in &state.conditions {
        game.set_markers(d, Marker::Condition(condition), count);
    }
    if let Some(o) = game.store.get_mut(d) {
        o.damage = state.damage;
    }
    let ctx = AttackContext {
        attacker: a,
        defender: d,
        attack: &bar,
        maker: AttackMaker::Creature,
        first: true,
        granted: FirstAttackBonuses::default(),
        charged: false,
        retaliation: false,
    };
    let incorporeal = game.has(d, |t| matches!(t, Trait::Incorporeal));
    let immune = bar.damage_type.is_some_and(|t| game.is_immune(d, t));
    let query = DamageQuery {
        dice: if immune || bar.no_damage {
            0
        } else {
            attack_dice(&game, &ctx)
        },
        armor: game.armor(d),
        piercing: bar.piercing,
        incorporeal,
        ethereal: bar.ethereal,
        all_critical: bar.all_critical,
    };
    let life_now = game.life(d);
    let remaining = (life_now > 0).then(|| life_now.saturating_sub(state.damage));
    let effect_modifier = effect_die_modifier(&game, &ctx);
    let effects = if immune || (incorporeal && !bar.ethereal) {
        Vec::new()
    } else {
        effect_chances(&bar.effects, effect_modifier)
    };
    Ok(CardCalculation {
        summary: DamageSummary::new(query, remaining),
        effect_modifier,
        effects,
    })
}

fn effect_chances(rows: &[crate::rules::model::EffectRow], modifier: i32) -> Vec<EffectChance> {
    let thresholds: Vec<i32> = rows.iter().map(|r| r.threshold).collect();
    let probabilities = effect_row_probabilities(&thresholds, modifier);
    rows.iter()
        .zip(probabilities)
        .map(|(row, probability)| EffectChance {
            threshold: row.threshold,
            effects: row.effects.iter().map(|e| e.name().to_string()).collect(),
            probability,
        })
        .collect()
}
