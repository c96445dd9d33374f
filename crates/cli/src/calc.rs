//! `grimoire calc`: the exact battle calculator.
//!
//! Raw mode takes the numbers (`--dice`, `--armor`, ...); card mode takes an attacker's
//! attack bar and a defender and lets the rules work the numbers out.

use std::process::ExitCode;

use grimoire_mage_wars::calc::{
    calculate_cards_in, effect_row_probabilities, DamageQuery, DamageSummary, DefenderState,
    EffectChance,
};
use grimoire_mage_wars::{Condition, Trait};
use serde_json::json;

use crate::games::{self, Feature};
use crate::{outln, output};

/// Arguments of `grimoire calc`.
#[derive(clap::Args)]
pub struct Args {
    /// Game (a game of the registry with a calculator: `mage-wars`).
    pub game: String,
    /// Attack dice (raw mode).
    #[arg(long, conflicts_with = "attacker")]
    dice: Option<u32>,
    /// Defender armor (raw mode).
    #[arg(long, default_value_t = 0)]
    armor: u32,
    /// Piercing +X of the attack (raw mode).
    #[arg(long, default_value_t = 0)]
    piercing: u32,
    /// The defender is Incorporeal (raw mode).
    #[arg(long)]
    incorporeal: bool,
    /// The attack is Ethereal (raw mode).
    #[arg(long)]
    ethereal: bool,
    /// Remaining life of the defender, for p_destroy (raw mode).
    #[arg(long)]
    life: Option<u32>,
    /// Effect table as `7=Daze,10=Stun` (raw mode).
    #[arg(long, default_value = "")]
    effects: String,
    /// Modifier to the effect die (raw mode).
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    effect_modifier: i32,
    /// Attacking card (card mode).
    #[arg(long, requires_all = ["attack", "defender"])]
    attacker: Option<String>,
    /// Attack bar name (card mode).
    #[arg(long)]
    attack: Option<String>,
    /// Defending card (card mode).
    #[arg(long)]
    defender: Option<String>,
    /// Damage already on the defender (card mode).
    #[arg(long, default_value_t = 0)]
    defender_damage: u32,
    /// Extra defender traits, comma separated: "Armor +2,Flame -2" (card mode).
    #[arg(long, default_value = "")]
    defender_traits: String,
    /// Defender conditions, comma separated: "Corrode=1" (card mode).
    #[arg(long, default_value = "")]
    defender_conditions: String,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// Runs `grimoire calc` for the game its arguments name (see [`crate::games`]).
pub fn run(args: Args) -> ExitCode {
    match games::lookup(&args.game, Feature::Calc, |g| g.calc) {
        Ok(calc) => calc(&args),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The Mage Wars calculator.
pub fn mage_wars(args: &Args) -> ExitCode {
    let result = if args.attacker.is_some() {
        card_mode(args)
    } else {
        raw_mode(args)
    };
    match result {
        Ok((summary, effects)) => {
            if args.json {
                outln!("{}", to_json(&summary, &effects));
            } else {
                print_table(&summary, &effects);
            }
            output::finish(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

type Calculation = (DamageSummary, Vec<EffectChance>);

fn raw_mode(args: &Args) -> Result<Calculation, String> {
    let dice = args
        .dice
        .ok_or("give --dice N (raw mode) or --attacker/--attack/--defender (card mode)")?;
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
        let threshold: i32 = threshold
            .trim()
            .parse()
            .map_err(|_| format!("bad threshold in {entry:?}"))?;
        rows.push((threshold, effect.trim().to_string()));
    }
    let thresholds: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let effects = rows
        .into_iter()
        .zip(effect_row_probabilities(&thresholds, args.effect_modifier))
        .map(|((threshold, name), probability)| EffectChance {
            threshold,
            effects: vec![name],
            probability,
        })
        .collect();
    Ok((DamageSummary::new(query, args.life), effects))
}

fn card_mode(args: &Args) -> Result<Calculation, String> {
    let mut conditions = Vec::new();
    for entry in args
        .defender_conditions
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let (name, count) = entry.split_once('=').unwrap_or((entry, "1"));
        let condition = name
            .trim()
            .parse::<Condition>()
            .map_err(|_| format!("unknown condition {name:?}"))?;
        let count = count
            .trim()
            .parse()
            .map_err(|_| format!("bad count in {entry:?}"))?;
        conditions.push((condition, count));
    }
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
    };
    let (attacker, attack, defender) = (
        args.attacker.as_deref().unwrap_or_default(),
        args.attack.as_deref().unwrap_or_default(),
        args.defender.as_deref().unwrap_or_default(),
    );
    let catalog = crate::live::mage_wars()?;
    let calculation = calculate_cards_in(catalog, attacker, attack, defender, &state)?;
    Ok((calculation.summary, calculation.effects))
}

fn to_json(summary: &DamageSummary, effects: &[EffectChance]) -> String {
    let q = &summary.query;
    let value = json!({
        "dice": q.dice,
        "armor": q.armor,
        "piercing": q.piercing,
        "incorporeal": q.incorporeal,
        "ethereal": q.ethereal,
        "distribution": summary.distribution,
        "expected_damage": summary.expected_damage,
        "p_destroy": summary.p_destroy,
        "effects": effects,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

fn print_table(summary: &DamageSummary, effects: &[EffectChance]) {
    let q = &summary.query;
    outln!(
        "{} dice against armor {} (piercing {})",
        q.dice,
        q.armor,
        q.piercing
    );
    outln!("damage  probability");
    let top = summary.distribution.iter().cloned().fold(0.0, f64::max);
    for (damage, p) in summary.distribution.iter().enumerate() {
        let width = if top > 0.0 {
            (p / top * 40.0).round() as usize
        } else {
            0
        };
        outln!("{damage:>6}  {:>9.4}%  {}", p * 100.0, "#".repeat(width));
    }
    outln!("expected damage: {:.4}", summary.expected_damage);
    if let Some(p) = summary.p_destroy {
        outln!("chance to destroy: {:.4}%", p * 100.0);
    }
    for row in effects {
        outln!(
            "effect {}+ ({}): {:.4}%",
            row.threshold,
            row.effects.join(", "),
            row.probability * 100.0
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
        let (summary, effects) = if calc.args.attacker.is_some() {
            card_mode(&calc.args)
        } else {
            raw_mode(&calc.args)
        }
        .expect("calculation succeeds");
        serde_json::from_str(&to_json(&summary, &effects)).expect("valid JSON")
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
}
