//! Card mode: the calculator's inputs worked out by the rules from an attacker's attack bar
//! and a defender in a given state.

use grimoire_engine::suggest::did_you_mean;
use grimoire_engine::{PlayerId, TraitEffectKind};
use serde::Serialize;

use super::{probability_at_least, DamageQuery, DamageSummary};
use crate::rules::attack::out_of_reach;
use crate::rules::limits::{check_at_most, check_markers, MAX_DAMAGE, MAX_TRAITS};
use crate::rules::modifiers::{
    attack_dice, effect_die_total, extinguished_burns, visit_dice_modifiers, AttackContext,
    AttackMaker, Contribution, FirstAttackBonuses, ModifierOrigin, ModifierOwner,
};
use crate::rules::{AttackProfile, Catalog, Game, Marker, OpSource, Printed};
use crate::{AttackBar, Condition, EffectRow, Trait};

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
    /// Highest modified d12 result of the row; `None` for "and higher".
    pub up_to: Option<i32>,
    /// Effects of the row, as names.
    pub effects: Vec<String>,
    /// Probability of landing on this row.
    pub probability: f64,
}

/// One rule or modifier the calculator applied, for the report's header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedModifier {
    /// Where it comes from: `Flame -2 (defender)`, `Corrode (defender)`, `Piercing +2 (attack)`.
    pub source: String,
    /// What it did: `-2 attack dice`, `armor 2 -> 1`, `only 1s count`.
    pub change: String,
}

/// Everything the calculator says about the first individual attack of an attack bar.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardCalculation {
    /// The attacking card's name, as printed.
    pub attacker: &'static str,
    /// The attack's name, as printed.
    pub attack: &'static str,
    /// The defending card's name, as printed.
    pub defender: &'static str,
    /// The attack's printed dice.
    pub printed_dice: u32,
    /// Every modifier applied, in the order the rules met them.
    pub modifiers: Vec<AppliedModifier>,
    /// Damage summary (dice after modifiers, armor after Corrode).
    pub summary: DamageSummary,
    /// Modifier applied to the effect die.
    pub effect_modifier: i32,
    /// Effect-row probabilities (only when the attack can deal effects to the defender).
    pub effects: Vec<EffectChance>,
}

/// Works out the calculation for `attacker`'s attack named `attack` against `defender`, with
/// the cards compiled into this build. Without an attack name the attacker's only attack is
/// used; an attacker with several must be told which.
pub fn calculate_cards(
    attacker: &str,
    attack: Option<&str>,
    defender: &str,
    state: &DefenderState,
) -> Result<CardCalculation, String> {
    calculate_cards_in(Catalog::compiled(), attacker, attack, defender, state)
}

/// [`calculate_cards`] with the cards of `catalog` (live cards read from the content on disk).
/// Card and attack names match ignoring case; unknown ones get a "did you mean". The defender's
/// damage, markers and traits must be within the bounds of [`crate::rules::limits`].
pub fn calculate_cards_in(
    catalog: &Catalog,
    attacker: &str,
    attack: Option<&str>,
    defender: &str,
    state: &DefenderState,
) -> Result<CardCalculation, String> {
    check_at_most("defender damage", state.damage, MAX_DAMAGE)?;
    for &(condition, count) in &state.conditions {
        check_markers(condition, count)?;
    }
    if state.traits.len() > MAX_TRAITS {
        return Err(format!(
            "{} defender traits; a calculation takes at most {MAX_TRAITS}",
            state.traits.len()
        ));
    }
    let card = |name: &str| catalog.find(name).map(Printed::from_card);
    let (attacker_card, defender_card) = (card(attacker)?, card(defender)?);
    let bar = choose_attack(attacker_card.name, attacker_card.attacks, attack)?;
    let bar = if attacker_card.is_attack_spell() {
        AttackProfile::spell(bar, attacker_card.spell_range)
    } else {
        AttackProfile::new(bar)
    };
    let (attacker_name, defender_name, printed_armor) =
        (attacker_card.name, defender_card.name, defender_card.armor);
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
    if out_of_reach(&game, a, &bar, d) {
        return Err(format!(
            "{attacker_name}'s {} is a melee attack without Reach and {attacker_name} is not \
             Flying, so it cannot attack {defender_name}, which is Flying (codex: Flying, \
             \"out of reach of conjurations and non-Flying creatures\"; Reach)",
            bar.bar.name
        ));
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
    let modifiers = applied_modifiers(&game, &ctx, printed_armor, immune);
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
        attacker: attacker_name,
        attack: bar.bar.name,
        defender: defender_name,
        printed_dice: u32::from(bar.bar.dice),
        modifiers,
        summary: DamageSummary::new(query, remaining).map_err(|e| e.to_string())?,
        effect_modifier,
        effects,
    })
}

/// The attack bar named `attack` (ignoring case), or without a name the only one the attacker
/// has; the errors list the attacker's attacks.
fn choose_attack(
    attacker: &str,
    attacks: &'static [AttackBar],
    attack: Option<&str>,
) -> Result<&'static AttackBar, String> {
    let known = || {
        attacks
            .iter()
            .map(|a| a.name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (attack, attacks) {
        (None, [only]) => Ok(only),
        (None, []) => Err(format!("{attacker} has no attacks")),
        (None, _) => Err(format!(
            "{attacker} has {} attacks; choose one with --attack NAME (its attacks: {})",
            attacks.len(),
            known()
        )),
        (Some(name), _) => attacks
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                format!(
                    "{attacker} has no attack named {name:?}{} (its attacks: {})",
                    did_you_mean(name, attacks.iter().map(|a| a.name)),
                    known()
                )
            }),
    }
}

/// Every modifier the rules apply to this attack, named by its source.
fn applied_modifiers(
    game: &Game,
    ctx: &AttackContext,
    printed_armor: u8,
    immune: bool,
) -> Vec<AppliedModifier> {
    let mut out = Vec::new();
    let mut push = |source: String, change: String| out.push(AppliedModifier { source, change });
    visit_dice_modifiers(game, ctx, |origin, contribution| {
        let source = match origin {
            ModifierOrigin::RageTokens => "Rage tokens (attacker)".to_owned(),
            ModifierOrigin::Op(owner, op_source) => {
                let owner = match owner {
                    ModifierOwner::Attacker => "attacker",
                    ModifierOwner::Defender => "defender",
                    ModifierOwner::Attack => "attack",
                };
                match op_source {
                    OpSource::Trait(t) => format!("{t} ({owner})"),
                    OpSource::Condition(c) => format!("{c} ({owner})"),
                }
            }
        };
        let change = match contribution {
            Contribution::EveryAttack(v) => format!("{v:+} attack dice"),
            Contribution::FirstAttack(_, v) => format!("{v:+} attack dice (first attack)"),
            Contribution::EffectDie(v) => format!("{v:+} to the effect die"),
        };
        if !change.starts_with("+0") {
            push(source, change);
        }
    });
    let burns = extinguished_burns(game, ctx);
    if burns > 0 {
        push(
            "Extinguish (attack)".to_owned(),
            format!("{burns} Burn removed: -{burns} attack dice, -{burns} to the effect die"),
        );
    }
    let attack = ctx.attack;
    if immune || attack.has(Trait::NoDamage) {
        let why = if immune {
            "immune (defender)"
        } else {
            "No Damage (attack)"
        };
        push(why.to_owned(), "no attack dice".to_owned());
    }
    let (before, now) = (
        game.armor_before_conditions(ctx.defender),
        game.armor(ctx.defender),
    );
    if before != u32::from(printed_armor) {
        push(
            "traits (defender)".to_owned(),
            format!("armor {printed_armor} -> {before}"),
        );
    }
    if now != before {
        push(
            "conditions (defender)".to_owned(),
            format!("armor {before} -> {now}"),
        );
    }
    if attack.piercing() > 0 {
        push(
            format!("Piercing +{} (attack)", attack.piercing()),
            format!("armor reduced by {}", attack.piercing()),
        );
    }
    if game.has_trait(ctx.defender, Trait::Incorporeal) {
        let change = if attack.has(Trait::Ethereal) {
            "no armor; Ethereal attack: every point counts"
        } else {
            "no armor; only 1s count, no effects"
        };
        push("Incorporeal (defender)".to_owned(), change.to_owned());
    }
    if attack.has(Trait::CriticalDamage) {
        push(
            "Critical Damage (attack)".to_owned(),
            "all damage critical".to_owned(),
        );
    }
    out
}

fn effect_chances(rows: &[EffectRow], modifier: i32) -> Vec<EffectChance> {
    rows.iter()
        .map(|row| {
            let (low, high) = (i32::from(row.min), row.max.map(i32::from));
            let above = high.map_or(0.0, |h| probability_at_least(h.saturating_add(1), modifier));
            EffectChance {
                threshold: low,
                up_to: high,
                effects: row.apply.iter().map(|e| e.name().to_string()).collect(),
                probability: probability_at_least(low, modifier) - above,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calculate(
        attacker: &str,
        attack: Option<&str>,
        defender: &str,
    ) -> Result<CardCalculation, String> {
        calculate_cards(attacker, attack, defender, &DefenderState::default())
    }

    #[test]
    fn an_attacker_with_one_attack_needs_no_attack_name() {
        // Timber Wolf prints one attack, Bite (4 dice); it needed --attack before.
        let calculation = calculate("Timber Wolf", None, "Bitterwood Fox").expect("calculates");
        assert_eq!((calculation.attack, calculation.printed_dice), ("Bite", 4));
    }

    #[test]
    fn a_melee_attack_cannot_reach_a_flying_defender() {
        // Timber Wolf's Bite against Darkfenne Bat (Flying) was calculated before.
        let error = calculate("Timber Wolf", None, "Darkfenne Bat").unwrap_err();
        assert!(
            error.contains("cannot attack Darkfenne Bat, which is Flying")
                && error.contains("codex: Flying"),
            "{error}"
        );
        // Flying granted to a defender counts too.
        let flying = DefenderState {
            traits: vec![Trait::Flying],
            ..DefenderState::default()
        };
        assert!(calculate_cards("Timber Wolf", None, "Bitterwood Fox", &flying).is_err());
    }

    #[test]
    fn flying_attackers_and_ranged_attacks_reach_flying_defenders() {
        assert!(calculate("Thunderift Falcon", None, "Darkfenne Bat").is_ok());
        assert!(calculate("Royal Archer", Some("Longbow"), "Darkfenne Bat").is_ok());
    }

    #[test]
    fn an_attacker_with_several_attacks_lists_them() {
        let error = calculate("Royal Archer", None, "Timber Wolf").unwrap_err();
        assert!(
            error.contains("Royal Archer has 2 attacks") && error.contains("Longbow, Knife"),
            "{error}"
        );
        let named = calculate("Royal Archer", Some("knife"), "Timber Wolf").expect("calculates");
        assert_eq!(named.attack, "Knife");
    }
}
