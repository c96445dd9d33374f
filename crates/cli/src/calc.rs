//! `grimoire calc`: the exact battle calculator.
//!
//! Raw mode takes the numbers (`--dice`, `--armor`, ...); card mode takes an attacker's
//! attack bar and a defender and lets the rules work the numbers out.

use std::process::ExitCode;

use grimoire_mage_wars::calc::{
    calculate_cards_in, effect_row_probabilities, AppliedModifier, AttackerState, DamageQuery,
    DamageSummary, DefenderState, DefenseChance, EffectChance, MissChance, MAX_ATTACK_DICE,
    MAX_DEFENSE_USES,
};
use grimoire_mage_wars::rules::limits::{
    marker_limit, EFFECT_ROW_ROLLS, MAX_ARMOR, MAX_DAMAGE, MAX_EFFECT_MODIFIER,
};
use grimoire_mage_wars::{Condition, Trait};
use serde_json::json;

use crate::games::{self, Feature};
use crate::{outln, output};

pub mod mage_knight;

/// Arguments of `grimoire calc`.
#[derive(clap::Args)]
pub struct Args {
    /// Game (a game of the registry with a calculator: `mage-wars`, `mage-knight`).
    pub game: String,
    /// Attack dice (raw mode), 0 to 1000.
    #[arg(
        long,
        conflicts_with = "attacker",
        allow_negative_numbers = true,
        value_parser = at_most(MAX_ATTACK_DICE),
    )]
    dice: Option<u32>,
    /// Defender armor (raw mode), 0 to 99.
    #[arg(
        long,
        default_value_t = 0,
        allow_negative_numbers = true,
        value_parser = at_most(MAX_ARMOR),
    )]
    armor: u32,
    /// Piercing +X of the attack (raw mode), 0 to 99.
    #[arg(
        long,
        default_value_t = 0,
        allow_negative_numbers = true,
        value_parser = at_most(MAX_ARMOR),
    )]
    piercing: u32,
    /// The defender is Incorporeal (raw mode).
    #[arg(long)]
    incorporeal: bool,
    /// The attack is Ethereal (raw mode).
    #[arg(long)]
    ethereal: bool,
    /// Remaining life of the defender, for p_destroy (raw mode), 0 to 999.
    #[arg(
        long,
        allow_negative_numbers = true,
        value_parser = at_most(MAX_DAMAGE),
    )]
    life: Option<u32>,
    /// Effect table as `7=Daze,10=Stun`, rolls 1 to 20 (raw mode).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    effects: String,
    /// Modifier to the effect die (raw mode), -99 to 99.
    #[arg(
        long,
        default_value_t = 0,
        allow_hyphen_values = true,
        value_parser = whole_number::<i32>(
            -i128::from(MAX_EFFECT_MODIFIER),
            i128::from(MAX_EFFECT_MODIFIER),
        )
    )]
    effect_modifier: i32,
    /// Attacking card (card mode) or warrior (mage-knight).
    #[arg(long, requires = "defender")]
    attacker: Option<String>,
    /// Clicks turned on the attacker's dial (mage-knight), 0 to 99 (and a live click of
    /// its dial).
    #[arg(
        long,
        default_value_t = 0,
        allow_negative_numbers = true,
        value_parser = clicks(),
    )]
    attacker_click: usize,
    /// Clicks turned on the defender's dial (mage-knight), 0 to 99 (and a live click of its
    /// dial).
    #[arg(
        long,
        default_value_t = 0,
        allow_negative_numbers = true,
        value_parser = clicks(),
    )]
    defender_click: usize,
    /// A ranged attack instead of a close one (mage-knight).
    #[arg(long)]
    ranged: bool,
    /// Attack bar name (card mode); may be left out when the attacker has one attack.
    #[arg(long)]
    attack: Option<String>,
    /// Defending card (card mode) or warrior (mage-knight).
    #[arg(long)]
    defender: Option<String>,
    /// Damage already on the defender (card mode), 0 to 999.
    #[arg(
        long,
        default_value_t = 0,
        allow_negative_numbers = true,
        value_parser = at_most(MAX_DAMAGE),
    )]
    defender_damage: u32,
    /// Extra defender traits, comma separated: "Armor +2,Flame -2" (card mode).
    #[arg(long, default_value = "")]
    defender_traits: String,
    /// Defender conditions, comma separated: "Corrode=1" (card mode); at most 1 marker of a
    /// condition that does not stack, 99 of one that does.
    #[arg(long, default_value = "")]
    defender_conditions: String,
    /// Attacker conditions, comma separated: "Daze=1" (card mode); a Dazed attacker rolls to
    /// miss, and an Incapacitated one cannot attack. Counts as for --defender-conditions.
    #[arg(long, default_value = "")]
    attacker_conditions: String,
    /// Uses of the defender's Defense already spent this round (card mode), 0 to 5; the flag
    /// alone means 1. Without it the Defense is assumed ready and its chance to avoid the
    /// attack is in the odds.
    #[arg(
        long,
        num_args = 0..=1,
        default_value_t = 0,
        default_missing_value = "1",
        allow_negative_numbers = true,
        value_parser = at_most(MAX_DEFENSE_USES),
    )]
    defense_used: u32,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// Reads a whole number in `low..=high` (any integer text, however long, is read and
/// checked); the error, which clap prints after the argument's name, gives the range.
fn whole_number<T: TryFrom<i128>>(
    low: i128,
    high: i128,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        text.trim()
            .parse::<i128>()
            .ok()
            .filter(|n| (low..=high).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("want a whole number in {low}..={high}"))
    }
}

/// Reads a whole number in `0..=max`.
fn at_most(max: u32) -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync + 'static {
    whole_number(0, i128::from(max))
}

/// Most clicks a Mage Knight dial turns in the calculator: a combat dial has twelve
/// positions; the warrior's own dial is checked after.
const MAX_CLICKS: i128 = 99;

/// Reads a click number in `0..=MAX_CLICKS`.
fn clicks() -> impl Fn(&str) -> Result<usize, String> + Clone + Send + Sync + 'static {
    whole_number(0, MAX_CLICKS)
}

/// Runs `grimoire calc` for the game its arguments name (see [`crate::games`]).
pub fn run(args: Args) -> ExitCode {
    match games::lookup(&args.game, Feature::Calc, |g| g.calc) {
        Ok(calc) => calc(&args),
        Err(e) => {
            crate::errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The Mage Wars calculator.
pub fn mage_wars(args: &Args) -> ExitCode {
    match calculate(args) {
        Ok(report) => {
            if args.json {
                outln!("{}", to_json(&report));
            } else {
                print_table(&report);
            }
            output::finish(ExitCode::SUCCESS)
        }
        Err(e) => {
            crate::errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn calculate(args: &Args) -> Result<Calculation, String> {
    if args.attacker.is_some() {
        card_mode(args)
    } else {
        raw_mode(args)
    }
}

/// What the calculator prints.
#[derive(Debug)]
struct Calculation {
    /// `attacker: attack -> defender` in card mode.
    title: Option<String>,
    /// Every modifier the rules applied (card mode).
    modifiers: Vec<AppliedModifier>,
    /// The modifier to the effect die.
    effect_modifier: i32,
    /// The attacker's roll to miss (Daze) in the odds (card mode).
    miss: Option<MissChance>,
    /// The defender's Defense used in the odds (card mode).
    defense: Option<DefenseChance>,
    /// The damage distribution.
    summary: DamageSummary,
    /// The effect rows' chances.
    effects: Vec<EffectChance>,
}

fn raw_mode(args: &Args) -> Result<Calculation, String> {
    let dice = args
        .dice
        .ok_or("give --dice N (raw mode) or --attacker/--defender [--attack] (card mode)")?;
    let query = DamageQuery {
        dice,
        armor: args.armor,
        piercing: args.piercing,
        incorporeal: args.incorporeal,
        ethereal: args.ethereal,
        all_critical: false,
    };
    let mut rows = Vec::new();
    for entry in args
        .effects
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let (threshold, effect) = entry
            .split_once('=')
            .ok_or_else(|| format!("bad effect {entry:?}, want 7=Daze"))?;
        let (low, high) = (EFFECT_ROW_ROLLS.start(), EFFECT_ROW_ROLLS.end());
        let threshold: i32 = threshold
            .trim()
            .parse()
            .ok()
            .filter(|roll| EFFECT_ROW_ROLLS.contains(roll))
            .ok_or_else(|| {
                format!("bad threshold in {entry:?}: an effect roll is in {low}..={high}")
            })?;
        rows.push((threshold, effect.trim().to_string()));
    }
    // Every row against every other is quadratic: at most one row per effect roll.
    let most_rows = EFFECT_ROW_ROLLS.clone().count();
    if rows.len() > most_rows {
        return Err(format!(
            "--effects gives {} rows; an effect table has at most {most_rows} (one per roll {}..={})",
            rows.len(),
            EFFECT_ROW_ROLLS.start(),
            EFFECT_ROW_ROLLS.end()
        ));
    }
    let thresholds: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let effects = rows
        .into_iter()
        .zip(effect_row_probabilities(&thresholds, args.effect_modifier))
        .map(|((threshold, name), probability)| EffectChance {
            threshold,
            // A row runs up to the next higher threshold (7=Daze,10=Stun: Daze is 7-9).
            up_to: thresholds
                .iter()
                .copied()
                .filter(|&t| t > threshold)
                .min()
                .map(|next| next - 1),
            effects: vec![name],
            probability,
        })
        .collect();
    Ok(Calculation {
        title: None,
        modifiers: Vec::new(),
        miss: None,
        defense: None,
        effect_modifier: args.effect_modifier,
        summary: DamageSummary::new(query, args.life).map_err(|e| e.to_string())?,
        effects,
    })
}

/// Conditions given as `Corrode=1,Daze` (a count of 1 when left out), each count within the
/// codex's limit for that condition; `flag` names the option in messages.
fn conditions(list: &str, flag: &str) -> Result<Vec<(Condition, u32)>, String> {
    let mut conditions = Vec::new();
    for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (name, count) = entry.split_once('=').unwrap_or((entry, "1"));
        let condition = name
            .trim()
            .parse::<Condition>()
            .map_err(|_| format!("unknown condition {name:?} in {flag}"))?;
        let limit = marker_limit(condition);
        let count = count
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&count| count <= limit)
            .ok_or_else(|| {
                format!(
                    "bad count in {entry:?}: {} markers are a whole number in 0..={limit}",
                    condition.name()
                )
            })?;
        conditions.push((condition, count));
    }
    Ok(conditions)
}

fn card_mode(args: &Args) -> Result<Calculation, String> {
    let conditions = conditions(&args.defender_conditions, "--defender-conditions")?;
    let attacker_state = AttackerState {
        conditions: self::conditions(&args.attacker_conditions, "--attacker-conditions")?,
    };
    let state = DefenderState {
        damage: args.defender_damage,
        traits: args
            .defender_traits
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<Trait>()
                    .map_err(|_| format!("unknown defender trait {t:?} in --defender-traits"))
            })
            .collect::<Result<_, _>>()?,
        conditions,
        defense_uses_spent: args.defense_used,
    };
    let (attacker, attack, defender) = (
        args.attacker.as_deref().unwrap_or_default(),
        args.attack.as_deref(),
        args.defender.as_deref().unwrap_or_default(),
    );
    let catalog = crate::live::mage_wars()?;
    let calculation =
        calculate_cards_in(catalog, attacker, attack, defender, &attacker_state, &state)?;
    Ok(Calculation {
        title: Some(format!(
            "{}: {} ({} dice printed) -> {}",
            calculation.attacker,
            calculation.attack,
            calculation.printed_dice,
            calculation.defender
        )),
        modifiers: calculation.modifiers,
        miss: calculation.miss,
        defense: calculation.defense,
        effect_modifier: calculation.effect_modifier,
        summary: calculation.summary,
        effects: calculation.effects,
    })
}

/// A probability rounded to 12 decimals, so exact values print without binary noise
/// (1/3 as `0.333333333333`, never `0.30000000000000004`) and never as `-0`.
fn rounded(p: f64) -> f64 {
    let r = (p * 1e12).round() / 1e12;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// A probability as a percentage with four decimals, never `-0.0000%`.
fn percent(p: f64) -> String {
    format!("{:.4}%", rounded(p) * 100.0 + 0.0)
}

/// The effect-die range of a row: `7-9`, `10+`, or `12` for a single roll.
fn row_label(row: &EffectChance) -> String {
    match row.up_to {
        None => format!("{}+", row.threshold),
        Some(high) if high == row.threshold => high.to_string(),
        Some(high) => format!("{}-{high}", row.threshold),
    }
}

fn to_json(report: &Calculation) -> String {
    let (summary, q) = (&report.summary, &report.summary.query);
    let effects: Vec<_> = report
        .effects
        .iter()
        .map(|row| {
            json!({
                "threshold": row.threshold,
                "up_to": row.up_to,
                "label": row_label(row),
                "effects": row.effects,
                "probability": rounded(row.probability),
            })
        })
        .collect();
    let mut value = json!({
        "dice": q.dice,
        "armor": q.armor,
        "piercing": q.piercing,
        "incorporeal": q.incorporeal,
        "ethereal": q.ethereal,
        "distribution": summary.distribution.iter().map(|&p| rounded(p)).collect::<Vec<_>>(),
        "expected_damage": rounded(summary.expected_damage),
        "p_destroy": summary.p_destroy.map(rounded),
        "p_avoided": rounded(summary.p_avoided),
        "effect_modifier": report.effect_modifier,
        "effects": effects,
    });
    if let Some(title) = &report.title {
        value["title"] = json!(title);
        value["modifiers"] = json!(report.modifiers);
        value["miss"] = json!(report.miss.as_ref().map(|miss| json!({
            "hit_on": miss.hit_on,
            "probability": rounded(miss.probability),
        })));
        value["defense"] = json!(report.defense.as_ref().map(|defense| json!({
            "roll": defense.roll,
            "modifier": defense.modifier,
            "uses": defense.uses,
            "spent": defense.spent,
            "probability": rounded(defense.probability),
            "assumed": "ready: not yet used up this round (--defense-used N says otherwise)",
        })));
    }
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

fn print_table(report: &Calculation) {
    let (summary, q) = (&report.summary, &report.summary.query);
    if let Some(title) = &report.title {
        outln!("{title}");
        if report.modifiers.is_empty() {
            outln!("  no modifiers apply");
        }
        for m in &report.modifiers {
            outln!("  {}: {}", m.source, m.change);
        }
    }
    outln!(
        "{} dice against armor {} (piercing {}{}{})",
        q.dice,
        q.armor,
        q.piercing,
        if q.incorporeal { ", Incorporeal" } else { "" },
        if q.ethereal { ", Ethereal" } else { "" },
    );
    outln!("damage  probability");
    let top = summary.distribution.iter().cloned().fold(0.0, f64::max);
    for (damage, &p) in summary.distribution.iter().enumerate() {
        let width = if top > 0.0 {
            (p / top * 40.0).round() as usize
        } else {
            0
        };
        outln!("{damage:>6}  {:>10}  {}", percent(p), "#".repeat(width));
    }
    if let Some(miss) = &report.miss {
        outln!(
            "chance the attack misses (roll to miss, {}+ goes on): {}",
            miss.hit_on,
            percent(miss.probability)
        );
    }
    if let Some(defense) = &report.defense {
        outln!(
            "chance the Defense avoids the attack: {} (assumed ready; --defense-used if it was used this round)",
            percent(defense.probability)
        );
    }
    outln!("expected damage: {:.4}", rounded(summary.expected_damage));
    if let Some(p) = summary.p_destroy {
        outln!("chance to destroy: {}", percent(p));
    }
    if !report.effects.is_empty() && report.effect_modifier != 0 {
        outln!("effect die modifier: {:+}", report.effect_modifier);
    }
    for row in &report.effects {
        outln!(
            "effect {} ({}): {}",
            row_label(row),
            row.effects.join(", "),
            percent(row.probability)
        );
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Calc {
        #[command(flatten)]
        args: Args,
    }

    fn json_for(argv: &[&str]) -> serde_json::Value {
        let calc = Calc::try_parse_from(std::iter::once("calc").chain(argv.iter().copied()))
            .expect("arguments parse");
        let report = calculate(&calc.args).expect("calculation succeeds");
        serde_json::from_str(&to_json(&report)).expect("valid JSON")
    }

    #[test]
    fn raw_mode_reports_the_distribution() {
        let json = json_for(&[
            "mage-wars",
            "--dice",
            "1",
            "--armor",
            "5",
            "--life",
            "2",
            "--effects",
            "7=Daze",
        ]);
        assert_eq!(json["dice"], 1);
        assert_eq!(json["armor"], 5);
        let distribution: Vec<f64> =
            serde_json::from_value(json["distribution"].clone()).expect("numbers");
        assert!((distribution[0] - 4.0 / 6.0).abs() < 1e-12);
        assert!((json["p_destroy"].as_f64().expect("number") - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(json["effects"][0]["probability"], 0.5);
    }

    #[test]
    fn card_mode_applies_traits_and_conditions() {
        let json = json_for(&[
            "mage-wars",
            "--attacker",
            "Dark Pact Slayer",
            "--attack",
            "Hellsword",
            "--defender",
            "Knight of Westlock",
            "--defender-traits",
            "Armor +2",
            "--defender-conditions",
            "Corrode=1",
            "--defender-damage",
            "8",
        ]);
        assert_eq!(
            (
                json["dice"].as_u64(),
                json["armor"].as_u64(),
                json["piercing"].as_u64()
            ),
            (Some(4), Some(4), Some(2))
        );
        let p_destroy = json["p_destroy"].as_f64().expect("number");
        assert!(p_destroy > 0.0 && p_destroy < 1.0);
    }

    #[test]
    fn the_only_attack_is_the_default() {
        // Timber Wolf prints one attack (Bite, 4 dice): card mode refused it without --attack.
        let json = json_for(&[
            "mage-wars",
            "--attacker",
            "Timber Wolf",
            "--defender",
            "Bitterwood Fox",
        ]);
        assert_eq!(json["dice"], 4);
        assert!(json["title"].as_str().expect("a title").contains("Bite"));
        let error = error_for(&[
            "mage-wars",
            "--attacker",
            "Royal Archer",
            "--defender",
            "Timber Wolf",
        ]);
        assert!(error.contains("Longbow, Knife"), "{error}");
    }

    #[test]
    fn a_non_flying_melee_attack_on_a_flying_creature_is_refused() {
        let error = error_for(&[
            "mage-wars",
            "--attacker",
            "Timber Wolf",
            "--defender",
            "Darkfenne Bat",
        ]);
        assert!(
            error.contains("Reach") && error.contains("Flying"),
            "{error}"
        );
    }

    #[test]
    fn the_defenders_defense_is_in_the_odds_unless_used() {
        // Huginn's Beak (1 die, Piercing +1) on Dwarf Panzergarde (armor 3, Defense 9+ once a
        // round): 0, 1, 2 damage 4/6, 1/6, 1/6; the Defense avoids 4/12 = 1/3, so no damage
        // is 1/3 + 2/3 * 4/6 = 7/9.
        let card = [
            "mage-wars",
            "--attacker",
            "Huginn, Raven Familiar",
            "--attack",
            "Beak",
            "--defender",
            "Dwarf Panzergarde",
        ];
        let json = json_for(&card);
        assert_eq!(json["p_avoided"].to_string(), "0.333333333333");
        assert_eq!(json["distribution"][0].to_string(), "0.777777777778");
        assert_eq!(json["defense"]["roll"], 9);
        let used = json_for(&[&card[..], &["--defense-used"]].concat());
        assert_eq!(used["p_avoided"], 0.0);
        assert_eq!(used["defense"], serde_json::Value::Null);
        assert_eq!(used["distribution"][0].to_string(), "0.666666666667");
        let error = parse_error(&[&card[..], &["--defense-used", "6"]].concat());
        assert!(error.contains("0..=5"), "{error}");
    }

    #[test]
    fn a_dazed_attacker_rolls_to_miss_and_a_stunned_one_cannot_attack() {
        // Dazed Huginn misses on 1-6 (1/2); of the rest the Defense avoids 1/3: no damage is
        // 1/2 + 1/2 * (1/3 + 2/3 * 4/6) = 8/9.
        let card = [
            "mage-wars",
            "--attacker",
            "Huginn, Raven Familiar",
            "--attack",
            "Beak",
            "--defender",
            "Dwarf Panzergarde",
        ];
        let json = json_for(&[&card[..], &["--attacker-conditions", "Daze"]].concat());
        assert_eq!(json["miss"]["hit_on"], 7);
        assert_eq!(json["miss"]["probability"].to_string(), "0.5");
        assert_eq!(json["p_avoided"].to_string(), "0.666666666667");
        assert_eq!(json["distribution"][0].to_string(), "0.888888888889");
        let plain = json_for(&card);
        assert_eq!(plain["miss"], serde_json::Value::Null);
        let error = error_for(&[&card[..], &["--attacker-conditions", "Stun"]].concat());
        assert!(error.contains("Incapacitated"), "{error}");
        let error = error_for(&[&card[..], &["--attacker-conditions", "Dazed"]].concat());
        assert!(
            error.contains("unknown condition \"Dazed\" in --attacker-conditions"),
            "{error}"
        );
    }

    #[test]
    fn unknown_cards_are_errors_not_panics() {
        let calc = Calc::try_parse_from([
            "calc",
            "mage-wars",
            "--attacker",
            "Nobody",
            "--attack",
            "x",
            "--defender",
            "Nobody",
        ])
        .expect("arguments parse");
        assert!(card_mode(&calc.args).unwrap_err().contains("unknown card"));
    }

    fn error_for(argv: &[&str]) -> String {
        let calc = Calc::try_parse_from(std::iter::once("calc").chain(argv.iter().copied()))
            .expect("arguments parse");
        calculate(&calc.args).expect_err("an error")
    }

    #[test]
    fn too_many_dice_is_a_clear_error() {
        // 10,000 dice ran out of time and memory before.
        let error = parse_error(&["mage-wars", "--dice", "10000"]);
        assert!(error.contains("0..=1000"), "{error}");
    }

    #[test]
    fn the_effect_modifier_is_bounded() {
        let json = json_for(&[
            "mage-wars",
            "--dice",
            "2",
            "--effects",
            "5=Daze,10=Stun",
            "--effect-modifier",
            "99",
        ]);
        assert_eq!(json["effects"][1]["probability"], 1.0);
        assert_eq!(json["effects"][0]["probability"], 0.0);
        let error = parse_error(&[
            "mage-wars",
            "--dice",
            "2",
            "--effect-modifier",
            "2147483636",
        ]);
        assert!(error.contains("-99..=99"), "{error}");
    }

    /// The clap error for arguments that must not parse.
    fn parse_error(argv: &[&str]) -> String {
        match Calc::try_parse_from(std::iter::once("calc").chain(argv.iter().copied())) {
            Ok(_) => panic!("{argv:?} parsed"),
            Err(e) => e.to_string(),
        }
    }

    /// What the calculator answers for `argv`: the JSON, or the error of the arguments or
    /// of the calculation.
    fn answer(argv: &[&str]) -> Result<String, String> {
        let calc = Calc::try_parse_from(std::iter::once("calc").chain(argv.iter().copied()))
            .map_err(|e| e.to_string())?;
        calculate(&calc.args).map(|report| to_json(&report))
    }

    /// Extreme numbers every numeric argument must answer or refuse with its range.
    const EXTREMES: &[&str] = &[
        "0",
        "-1",
        "99",
        "100",
        "999",
        "1000",
        "2147483648",
        "4294967295",
        "4294967296",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "1e308",
        "nan",
    ];

    #[test]
    fn every_numeric_mage_wars_argument_is_range_checked() {
        let card = [
            "--attacker",
            "Dark Pact Slayer",
            "--attack",
            "Hellsword",
            "--defender",
            "Timber Wolf",
        ];
        let raw: &[(&str, &str)] = &[
            ("--dice", "0..=1000"),
            ("--armor", "0..=99"),
            ("--piercing", "0..=99"),
            ("--life", "0..=999"),
            ("--effect-modifier", "-99..=99"),
        ];
        for value in EXTREMES {
            for (flag, range) in raw {
                let mut argv = vec!["mage-wars", flag, value];
                if *flag != "--dice" {
                    argv.extend(["--dice", "3"]);
                }
                if let Err(error) = answer(&argv) {
                    assert!(error.contains(range), "{argv:?}: {error}");
                }
            }
            let effects = format!("{value}=Daze");
            for (flag, argument, range) in [
                ("--effects", effects.as_str(), "1..=20"),
                ("--defender-damage", value, "0..=999"),
                ("--defense-used", value, "0..=5"),
            ] {
                let mut argv = vec!["mage-wars"];
                if flag == "--effects" {
                    argv.extend(["--dice", "3"]);
                } else {
                    argv.extend(card);
                }
                argv.extend([flag, argument]);
                if let Err(error) = answer(&argv) {
                    assert!(error.contains(range), "{argv:?}: {error}");
                }
            }
            for condition in ["Corrode", "Daze", "Weak", "Burn", "Taunt"] {
                let argument = format!("{condition}={value}");
                let mut argv = vec!["mage-wars"];
                argv.extend(card);
                argv.extend(["--defender-conditions", &argument]);
                if let Err(error) = answer(&argv) {
                    let range = if condition == "Taunt" {
                        "0..=1"
                    } else {
                        "0..=99"
                    };
                    assert!(error.contains(range), "{argv:?}: {error}");
                }
            }
        }
    }

    #[test]
    fn an_endless_effect_table_is_refused() {
        // 200,000 rows compared every row with every other.
        let rows = vec!["7=Daze"; 200_000].join(",");
        let error = error_for(&["mage-wars", "--dice", "1", "--effects", &rows]);
        assert!(error.contains("at most 20"), "{error}");
    }

    #[test]
    fn condition_counts_past_the_codex_limit_are_refused() {
        // Corrode=2147483648 panicked with an overflow, and Corrode=4294967295 wrapped to
        // one armor more.
        for count in ["2147483648", "4294967295", "100"] {
            let argument = format!("Corrode={count}");
            let error = error_for(&[
                "mage-wars",
                "--attacker",
                "Dark Pact Slayer",
                "--attack",
                "Hellsword",
                "--defender",
                "Timber Wolf",
                "--defender-conditions",
                &argument,
            ]);
            assert!(
                error.contains("Corrode markers are a whole number in 0..=99"),
                "{error}"
            );
        }
    }

    #[test]
    fn effect_rows_are_labelled_with_their_range() {
        let json = json_for(&["mage-wars", "--dice", "1", "--effects", "5=Daze,10=Stun"]);
        // The Daze row covers 5 to 9; it was labelled `5+`.
        assert_eq!(json["effects"][0]["label"], "5-9");
        assert_eq!(json["effects"][1]["label"], "10+");
    }

    #[test]
    fn an_unreachable_kill_is_a_positive_zero() {
        let json = json_for(&["mage-wars", "--dice", "1", "--life", "5"]);
        assert_eq!(
            json["p_destroy"].to_string(),
            "0.0",
            "printed -0.0000% before"
        );
        assert_eq!(percent(-0.0), "0.0000%");
    }

    #[test]
    fn exact_values_print_without_float_noise() {
        let json = json_for(&["mage-wars", "--dice", "1"]);
        assert_eq!(json["distribution"][0].to_string(), "0.333333333333");
        assert_eq!(rounded(0.1 + 0.2), 0.3);
    }

    #[test]
    fn the_header_names_the_cards_and_every_modifier() {
        let json = json_for(&[
            "mage-wars",
            "--attacker",
            "Fireball",
            "--attack",
            "Fireball",
            "--defender",
            "Knight of Westlock",
            "--defender-traits",
            "Flame -2,Incorporeal",
        ]);
        let title = json["title"].as_str().expect("a title");
        assert!(title.contains("Fireball") && title.contains("Knight of Westlock"));
        let modifiers: Vec<String> = json["modifiers"]
            .as_array()
            .expect("modifiers")
            .iter()
            .map(|m| {
                format!(
                    "{}: {}",
                    m["source"].as_str().unwrap(),
                    m["change"].as_str().unwrap()
                )
            })
            .collect();
        assert!(
            modifiers.contains(&"Flame -2 (defender): -2 attack dice".to_owned()),
            "{modifiers:?}"
        );
        assert!(
            modifiers
                .iter()
                .any(|m| m.starts_with("Incorporeal (defender)")),
            "{modifiers:?}"
        );
    }

    #[test]
    fn unknown_or_unparsable_defender_traits_are_errors() {
        for traits in ["Foo +3", "Armor+2", "Armor +x"] {
            let error = error_for(&[
                "mage-wars",
                "--attacker",
                "Dark Pact Slayer",
                "--attack",
                "Hellsword",
                "--defender",
                "Knight of Westlock",
                "--defender-traits",
                traits,
            ]);
            assert!(
                error.contains("unknown defender trait"),
                "{traits}: {error}"
            );
        }
    }
}
