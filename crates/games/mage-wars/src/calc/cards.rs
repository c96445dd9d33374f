//! Card mode: the calculator's inputs worked out by the rules from an attacker's attack bar
//! and a defender in a given state.

use grimoire_engine::suggest::did_you_mean;
use grimoire_engine::{PlayerId, TraitEffectKind};
use serde::Serialize;

use super::{effect_row_probabilities, DamageQuery, DamageSummary};
use crate::rules::modifiers::{
    attack_dice, effect_die_total, AttackContext, AttackMaker, FirstAttackBonuses,
};
use crate::rules::{AttackProfile, Catalog, Game, Marker, Printed};
use crate::{Condition, EffectRow, Trait};

/// The defender's situation.
#[derive(Debug, Clone, Default)]
pub struct DefenderState {
    /// Damage already on it.
    pub damage: u32,
    /// Extra traits it has been granted.
    pub traits: Vec<Trait>,
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

/// Works out the calculation for `attacker`'s attack named `attack` against `defender`, with
/// the cards compiled into this build.
pub fn calculate_cards(
    attacker: &str,
    attack: &str,
    defender: &str,
    state: &DefenderState,
) -> Result<CardCalculation, String> {
    calculate_cards_in(Catalog::compiled(), attacker, attack, defender, state)
}

/// [`calculate_cards`] with the cards of `catalog` (live cards read from the content on disk).
/// Card and attack names match ignoring case; unknown ones get a "did you mean".
pub fn calculate_cards_in(
    catalog: &Catalog,
    attacker: &str,
    attack: &str,
    defender: &str,
    state: &DefenderState,
) -> Result<CardCalculation, String> {
    let card = |name: &str| catalog.find(name).map(Printed::from_card);
    let (attacker_card, defender_card) = (card(attacker)?, card(defender)?);
    let bar = attacker_card
        .attacks
        .iter()
        .find(|a| a.name.eq_ignore_ascii_case(attack))
        .ok_or_else(|| {
            let known: Vec<&str> = attacker_card.attacks.iter().map(|a| a.name).collect();
            format!(
                "{} has no attack named {attack:?}{} (its attacks: {})",
                attacker_card.name,
                did_you_mean(attack, known.iter().copied()),
                known.join(", ")
            )
        })?;
    let bar = if attacker_card.is_attack_spell() {
        AttackProfile::spell(bar, attacker_card.spell_range)
    } else {
        AttackProfile::new(bar)
    };
    let mut game = Game::new();
    let a = game.add_object(attacker_card, PlayerId(1), 0);
    let d = game.add_object(defender_card, PlayerId(2), 0);
    for text in &state.traits {
        game.change_trait(d, *text, TraitEffectKind::Grant);
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
    let incorporeal = game.has_trait(d, Trait::Incorporeal);
    let ethereal = bar.has(Trait::Ethereal);
    let immune = bar.bar.damage_type.is_some_and(|t| game.is_immune(d, t));
    let query = DamageQuery {
        dice: if immune || bar.has(Trait::NoDamage) {
            0
        } else {
            attack_dice(&game, &ctx)
        },
        armor: game.armor(d),
        piercing: bar.piercing(),
        incorporeal,
        ethereal,
        all_critical: bar.has(Trait::CriticalDamage),
    };
    let life_now = game.life(d);
    let remaining = (life_now > 0).then(|| life_now.saturating_sub(state.damage));
    let effect_modifier = effect_die_total(&mut game, &ctx).map_err(|e| e.to_string())?;
    let effects = if immune || (incorporeal && !ethereal) {
        Vec::new()
    } else {
        effect_chances(bar.bar.effects, effect_modifier)
    };
    Ok(CardCalculation {
        summary: DamageSummary::new(query, remaining),
        effect_modifier,
        effects,
    })
}

fn effect_chances(rows: &[EffectRow], modifier: i32) -> Vec<EffectChance> {
    let thresholds: Vec<i32> = rows.iter().map(|r| i32::from(r.min)).collect();
    let probabilities = effect_row_probabilities(&thresholds, modifier);
    rows.iter()
        .zip(probabilities)
        .map(|(row, probability)| EffectChance {
            threshold: i32::from(row.min),
            effects: row.apply.iter().map(|e| e.name().to_string()).collect(),
            probability,
        })
        .collect()
}
