//! Card mode: the calculator's inputs worked out by the rules from an attacker's attack bar
//! and a defender in a given state.

use grimoire_engine::suggest::did_you_mean;
use grimoire_engine::{ObjectId, PlayerId, TraitEffectKind, Zone};
use serde::Serialize;

use super::{probability_at_least, DamageQuery, DamageSummary};
use crate::rules::attack::{out_of_reach, usable_defense};
use crate::rules::limits::{check_at_most, check_markers, MAX_DAMAGE, MAX_TRAITS};
use crate::rules::modifiers::{
    attack_dice, dice_modifiers, effect_die_total, extinguished_burns, miss_roll,
    visit_dice_modifiers, AttackContext, AttackMaker, Contribution, FirstAttackBonuses,
    ModifierOrigin, ModifierOwner,
};
use crate::rules::{AttackProfile, Catalog, Game, Marker, OpSource, Printed};
use crate::{AttackBar, Condition, Defense, EffectRow, Trait};

/// The defender's situation.
#[derive(Debug, Clone, Default)]
pub struct DefenderState {
    /// Damage already on it.
    pub damage: u32,
    /// Extra traits it has been granted.
    pub traits: Vec<Trait>,
    /// Condition markers.
    pub conditions: Vec<(Condition, u32)>,
    /// Uses of its Defense already spent this round (0: the Defense is assumed ready).
    pub defense_uses_spent: u32,
}

/// The attacker's situation.
#[derive(Debug, Clone, Default)]
pub struct AttackerState {
    /// Condition markers on the attacker (Daze makes it roll to miss; Weak and others change
    /// its dice as the rules say).
    pub conditions: Vec<(Condition, u32)>,
}

/// The attacker's roll to miss (codex: Daze; supplement: the Roll to Miss Step), as the
/// calculation uses it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MissChance {
    /// The effect-die roll, or higher, the attack needs to go on; below it the attack misses.
    pub hit_on: i32,
    /// Probability that the attack misses.
    pub probability: f64,
}

/// Most Defense uses a calculation takes as already spent this round: a Defense has at most 5
/// uses a round (codex `[records.Defense]`, `uses` is `int(1..=5)`).
pub const MAX_DEFENSE_USES: u32 = 5;

/// The defender's Defense as the calculation uses it against the attack.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DefenseChance {
    /// The effect-die roll, or higher, that avoids the attack.
    pub roll: u8,
    /// Change to the defense roll (Daze, Restrained).
    pub modifier: i32,
    /// Uses per round; `None` when unlimited.
    pub uses: Option<u8>,
    /// Uses already spent this round.
    pub spent: u32,
    /// Probability that the Defense avoids the attack.
    pub probability: f64,
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
    /// The attacker's roll to miss (Daze), rolled before the Defense; `None` when it rolls
    /// none.
    pub miss: Option<MissChance>,
    /// The Defense the defender uses against the attack, assumed ready unless uses were
    /// spent; `None` when it has none it can use (see the modifiers for why).
    pub defense: Option<DefenseChance>,
    /// Damage summary (dice after modifiers, armor after Corrode); an attack that misses or
    /// that the Defense avoids counts as no damage.
    pub summary: DamageSummary,
    /// Modifier applied to the effect die.
    pub effect_modifier: i32,
    /// Effect-row probabilities (only when the attack can deal effects to the defender; an
    /// attack that misses or is avoided deals none).
    pub effects: Vec<EffectChance>,
}

/// Works out the calculation for `attacker`'s attack named `attack` against `defender`, with
/// the cards compiled into this build. Without an attack name the attacker's only attack is
/// used; an attacker with several must be told which.
pub fn calculate_cards(
    attacker: &str,
    attack: Option<&str>,
    defender: &str,
    attacker_state: &AttackerState,
    state: &DefenderState,
) -> Result<CardCalculation, String> {
    calculate_cards_in(
        Catalog::compiled(),
        attacker,
        attack,
        defender,
        attacker_state,
        state,
    )
}

/// [`calculate_cards`] with the cards of `catalog` (live cards read from the content on disk).
/// Card and attack names match ignoring case; unknown ones get a "did you mean". The defender's
/// damage, markers and traits and the attacker's markers must be within the bounds of
/// [`crate::rules::limits`]. An Incapacitated attacker makes no attack: that is an error.
pub fn calculate_cards_in(
    catalog: &Catalog,
    attacker: &str,
    attack: Option<&str>,
    defender: &str,
    attacker_state: &AttackerState,
    state: &DefenderState,
) -> Result<CardCalculation, String> {
    check_at_most("defender damage", state.damage, MAX_DAMAGE)?;
    check_at_most(
        "Defense uses spent",
        state.defense_uses_spent,
        MAX_DEFENSE_USES,
    )?;
    for &(condition, count) in state.conditions.iter().chain(&attacker_state.conditions) {
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
        AttackProfile::spell(bar, attacker_card.spell_range).with_abilities(attacker_card.abilities)
    } else {
        AttackProfile::new(bar)
    };
    let (attacker_name, defender_name, printed_armor) =
        (attacker_card.name, defender_card.name, defender_card.armor);
    let mut game = Game::new();
    let a = game.add_object(attacker_card, PlayerId(1), Zone(0));
    let d = game.add_object(defender_card, PlayerId(2), Zone(0));
    for text in &state.traits {
        game.change_trait(d, *text, TraitEffectKind::Grant);
    }
    for &(condition, count) in &state.conditions {
        game.set_markers(d, Marker::Condition(condition), count);
    }
    for &(condition, count) in &attacker_state.conditions {
        game.set_markers(a, Marker::Condition(condition), count);
    }
    // codex: Incapacitated: the creature takes no actions, attacks included (the rules'
    // `attack_action` refuses the attack the same way).
    if game.is_incapacitated(a) {
        return Err(format!(
            "{attacker_name} is Incapacitated by its conditions and cannot attack (codex: \
             Incapacitated)"
        ));
    }
    if let Some(o) = game.store.get_mut(d) {
        o.damage = state.damage;
    }
    game.set_markers(d, Marker::DefenseUsed, state.defense_uses_spent);
    // The two cards' own `while_in_play` abilities (an `attack_bonus` of either) act.
    crate::rules::abilities::refresh_auras(&mut game, &[]);
    if out_of_reach(&game, a, &bar, d) {
        return Err(format!(
            "{attacker_name}'s {} is a melee attack without Reach and {attacker_name} is not \
             Flying, so it cannot attack {defender_name}, which is Flying (codex: Flying, \
             \"out of reach of conjurations and non-Flying creatures\"; Reach)",
            bar.bar.name
        ));
    }
    // An attack spell's `declared` abilities may end the attack before any roll (Geyser on a
    // burning target): there are no odds to give.
    if bar.spell && crate::rules::abilities::declared(&mut game.clone(), bar.abilities, a, d) {
        return Err(format!(
            "{attacker_name}'s attack against {defender_name} in this state ends as it is \
             declared: the card's `declared` ability acts instead, so nothing is rolled"
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
    let mut modifiers = applied_modifiers(&game, &ctx, printed_armor, immune);
    let miss = miss_chance(&game, a, &mut modifiers);
    let defense = defense_chance(&game, d, &bar, &mut modifiers);
    // The roll to miss comes first (step 3); only an attack that goes on meets the Defense
    // (step 4). Either way the attack deals no damage and no effects.
    let p_goes_on = 1.0 - miss.as_ref().map_or(0.0, |m| m.probability);
    let p_avoided =
        1.0 - p_goes_on * (1.0 - defense.as_ref().map_or(0.0, |chance| chance.probability));
    let query = DamageQuery {
        dice: if immune || bar.has(Trait::NoDamage) {
            0
        } else {
            attack_dice(&game, &ctx)
        },
        armor: game.armor(d),
        piercing: dice_modifiers(&game, &ctx).piercing(&bar),
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
            .into_iter()
            .map(|row| EffectChance {
                probability: row.probability * (1.0 - p_avoided),
                ..row
            })
            .collect()
    };
    Ok(CardCalculation {
        attacker: attacker_name,
        attack: bar.bar.name,
        defender: defender_name,
        printed_dice: u32::from(bar.bar.dice),
        modifiers,
        miss,
        defense,
        summary: DamageSummary::avoidable(query, remaining, p_avoided)
            .map_err(|e| e.to_string())?,
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

/// The attacker's roll to miss (the rules' own `miss_roll`: the codex's Daze rolls the
/// effect die once per attack and misses on 6 or less), said in `modifiers`.
fn miss_chance(
    game: &Game,
    attacker: ObjectId,
    modifiers: &mut Vec<AppliedModifier>,
) -> Option<MissChance> {
    let hit_on = miss_roll(game, attacker)?;
    let probability = 1.0 - probability_at_least(hit_on, 0);
    modifiers.push(AppliedModifier {
        source: "roll to miss (attacker)".to_owned(),
        change: format!(
            "misses below {hit_on} on the effect die: {:.4}%",
            probability * 100.0
        ),
    });
    Some(MissChance {
        hit_on,
        probability,
    })
}

/// The defender's Defense against `bar` (the rules' own choice, `usable_defense`) and its
/// chance: the effect die plus the defender's defense modifier reaching the Defense's roll
/// (codex: Defense, Daze, Restrained). Says in `modifiers` which Defense was used, assumed
/// ready, or why a printed one cannot be.
fn defense_chance(
    game: &Game,
    defender: ObjectId,
    bar: &AttackProfile,
    modifiers: &mut Vec<AppliedModifier>,
) -> Option<DefenseChance> {
    let mut push = |defense: &Defense, change: String| {
        modifiers.push(AppliedModifier {
            source: format!("Defense {}+ (defender)", defense.roll),
            change,
        });
    };
    let Some((_, defense, spent)) = usable_defense(game, defender, bar) else {
        let printed = game.card(defender).ok().and_then(|card| card.defense)?;
        let why = if bar.is_unavoidable() {
            "the attack is Unavoidable"
        } else if game.is_incapacitated(defender) {
            "the defender is Incapacitated"
        } else if printed.no_ranged && bar.is_ranged() {
            "it cannot be used against ranged attacks"
        } else {
            "its uses this round are spent"
        };
        push(&printed, format!("not used: {why}"));
        return None;
    };
    let modifier = game.defense_modifier(defender);
    let probability = probability_at_least(i32::from(defense.roll), modifier);
    let uses = defense.uses.map_or("unlimited uses".to_owned(), |uses| {
        format!("{spent} of {uses} uses spent this round")
    });
    let modified = if modifier == 0 {
        String::new()
    } else {
        format!(" ({modifier:+} to the roll)")
    };
    push(
        &defense,
        format!(
            "avoids the attack on {}+{modified}: {:.4}% (assumed ready: {uses})",
            defense.roll,
            probability * 100.0
        ),
    );
    Some(DefenseChance {
        roll: defense.roll,
        modifier,
        uses: defense.uses,
        spent,
        probability,
    })
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
            ModifierOrigin::Ability(source) => game.card(source).map_or_else(
                |_| "a card ability".to_owned(),
                |c| format!("{} (ability)", c.name),
            ),
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
            Contribution::Piercing(v) => format!("{v:+} Piercing"),
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
        calculate_cards(
            attacker,
            attack,
            defender,
            &AttackerState::default(),
            &DefenderState::default(),
        )
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
        assert!(calculate_cards(
            "Timber Wolf",
            None,
            "Bitterwood Fox",
            &AttackerState::default(),
            &flying,
        )
        .is_err());
    }

    #[test]
    fn flying_attackers_and_ranged_attacks_reach_flying_defenders() {
        assert!(calculate("Thunderift Falcon", None, "Darkfenne Bat").is_ok());
        assert!(calculate("Royal Archer", Some("Longbow"), "Darkfenne Bat").is_ok());
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// Huginn's Beak (1 die, Piercing +1) against Dwarf Panzergarde (armor 3, Defense 9+ once
    /// a round): armor 2 stops the normal faces 1 and 2, so the die deals 0 (blank, blank, 1,
    /// 2), 1 (critical 1) or 2 (critical 2): 4/6, 1/6, 1/6 before the Defense.
    fn beak_on_panzergarde(state: &DefenderState) -> CardCalculation {
        calculate_cards(
            "Huginn, Raven Familiar",
            Some("Beak"),
            "Dwarf Panzergarde",
            &AttackerState::default(),
            state,
        )
        .expect("calculates")
    }

    #[test]
    fn the_defenders_defense_avoids_the_attack() {
        // Defense 9+ on the d12: 4/12 = 1/3. No damage: 1/3 + 2/3 * 4/6 = 7/9; 1 and 2
        // damage: 2/3 * 1/6 = 1/9 each; mean 1/9 + 2/9 = 1/3. The Defense was ignored before.
        let calculation = beak_on_panzergarde(&DefenderState::default());
        let defense = calculation.defense.as_ref().expect("a Defense");
        assert_eq!((defense.roll, defense.uses, defense.spent), (9, Some(1), 0));
        assert!(close(defense.probability, 1.0 / 3.0));
        let summary = &calculation.summary;
        assert!(close(summary.p_avoided, 1.0 / 3.0));
        let expected = [7.0 / 9.0, 1.0 / 9.0, 1.0 / 9.0];
        assert_eq!(summary.distribution.len(), 3, "{:?}", summary.distribution);
        for (p, want) in summary.distribution.iter().zip(expected) {
            assert!(close(*p, want), "{:?}", summary.distribution);
        }
        assert!(close(summary.expected_damage, 1.0 / 3.0));
        assert!(calculation
            .modifiers
            .iter()
            .any(|m| m.source == "Defense 9+ (defender)" && m.change.contains("assumed ready")));
    }

    #[test]
    fn daze_makes_the_defense_roll_harder() {
        // One Daze: -2 to the defense roll, so 11+ avoids: 2/12 = 1/6. No damage:
        // 1/6 + 5/6 * 4/6 = 13/18.
        let dazed = DefenderState {
            conditions: vec![(Condition::Daze, 1)],
            ..DefenderState::default()
        };
        let calculation = beak_on_panzergarde(&dazed);
        assert_eq!(calculation.defense.as_ref().map(|d| d.modifier), Some(-2));
        assert!(close(calculation.summary.p_avoided, 1.0 / 6.0));
        assert!(close(calculation.summary.distribution[0], 13.0 / 18.0));
    }

    #[test]
    fn a_spent_defense_is_not_used() {
        let spent = DefenderState {
            defense_uses_spent: 1,
            ..DefenderState::default()
        };
        let calculation = beak_on_panzergarde(&spent);
        assert_eq!(calculation.defense, None);
        assert_eq!(calculation.summary.p_avoided, 0.0);
        assert!(close(calculation.summary.distribution[0], 4.0 / 6.0));
        assert!(calculation
            .modifiers
            .iter()
            .any(|m| m.change == "not used: its uses this round are spent"));
        let too_many = DefenderState {
            defense_uses_spent: 6,
            ..DefenderState::default()
        };
        let error = calculate_cards(
            "Huginn, Raven Familiar",
            Some("Beak"),
            "Dwarf Panzergarde",
            &AttackerState::default(),
            &too_many,
        )
        .unwrap_err();
        assert!(error.contains("0..=5"), "{error}");
    }

    #[test]
    fn an_unlimited_defense_stays_ready() {
        // Fellella's Defense 6+ has no limit a round: 7/12 however many uses were spent.
        let spent = DefenderState {
            defense_uses_spent: MAX_DEFENSE_USES,
            ..DefenderState::default()
        };
        let calculation = calculate_cards(
            "Huginn, Raven Familiar",
            Some("Beak"),
            "Fellella, Pixie Familiar",
            &AttackerState::default(),
            &spent,
        )
        .expect("calculates");
        assert!(close(calculation.summary.p_avoided, 7.0 / 12.0));
    }

    #[test]
    fn an_unavoidable_attack_ignores_the_defense() {
        let calculation = calculate("Brogan Bloodstone", None, "Dwarf Panzergarde").expect("ok");
        assert_eq!(calculation.defense, None);
        assert_eq!(calculation.summary.p_avoided, 0.0);
        assert!(calculation
            .modifiers
            .iter()
            .any(|m| m.change == "not used: the attack is Unavoidable"));
    }

    #[test]
    fn an_avoided_attack_deals_no_effects() {
        // Diseased Bite's Rot on 9+ (4/12); Knight of Westlock's Defense 8+ avoids 5/12, so
        // Rot lands 1/3 * 7/12 = 7/36.
        let calculation = calculate("Darkfenne Bat", None, "Knight of Westlock").expect("ok");
        assert!(close(calculation.summary.p_avoided, 5.0 / 12.0));
        assert_eq!(calculation.effects.len(), 1);
        assert!(close(calculation.effects[0].probability, 7.0 / 36.0));
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

    #[test]
    fn an_attack_a_declared_ability_cancels_has_no_odds() {
        let burning = DefenderState {
            conditions: vec![(Condition::Burn, 1)],
            ..DefenderState::default()
        };
        let error = calculate_cards(
            "Geyser",
            None,
            "Timber Wolf",
            &AttackerState::default(),
            &burning,
        )
        .unwrap_err();
        assert!(error.contains("ends as it is declared"), "{error}");
        assert!(calculate("Geyser", None, "Timber Wolf").is_ok());
    }
}
