//! `grimoire calc mage-knight --attacker NAME [--attacker-click N] --defender NAME
//! [--defender-click N] [--ranged] [--json]`: the exact Mage Knight combat calculator.
//!
//! Mage Wars' raw-mode flags (`--dice`, `--armor`, ...) and its `--attack` bar mean nothing
//! here and are rejected rather than ignored.

use std::process::ExitCode;

use grimoire_mage_knight::calc::{calculate, find_warrior, Outcome, Query, Ratio};
use grimoire_mage_knight::AttackRange;
use serde_json::json;

use super::Args;

/// Decimal places of the rounded probabilities.
const PLACES: u32 = 6;

/// Runs the Mage Knight calculator.
pub fn run(args: &Args) -> ExitCode {
    match outcome(args) {
        Ok((query, outcome)) => {
            if args.json {
                crate::outln!(
                    "{}",
                    serde_json::to_string_pretty(&to_json(&query, &outcome)).unwrap_or_default()
                );
            } else {
                crate::out!("{}", table(&query, &outcome));
            }
            crate::output::finish(ExitCode::SUCCESS)
        }
        Err(e) => {
            crate::errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn outcome(args: &Args) -> Result<(Query, Outcome), String> {
    let foreign = [
        (args.dice.is_some(), "--dice"),
        (args.attack.is_some(), "--attack"),
        (args.armor != 0, "--armor"),
        (args.piercing != 0, "--piercing"),
        (args.life.is_some(), "--life"),
        (!args.effects.is_empty(), "--effects"),
        (args.defender_damage != 0, "--defender-damage"),
        (!args.defender_traits.is_empty(), "--defender-traits"),
        (
            !args.defender_conditions.is_empty(),
            "--defender-conditions",
        ),
    ];
    if let Some((_, flag)) = foreign.iter().find(|(given, _)| *given) {
        return Err(format!(
            "{flag} is a Mage Wars option; mage-knight takes --attacker NAME [--attacker-click N] \
             --defender NAME [--defender-click N] [--ranged] [--json]"
        ));
    }
    let attacker = args
        .attacker
        .as_deref()
        .ok_or("give --attacker NAME and --defender NAME")?;
    let defender = args.defender.as_deref().ok_or("give --defender NAME")?;
    let catalog = crate::live::catalog::<grimoire_mage_knight::Card>()?;
    let query = Query {
        attacker: find_warrior(catalog, attacker)?,
        attacker_click: args.attacker_click,
        defender: find_warrior(catalog, defender)?,
        defender_click: args.defender_click,
        range: if args.ranged {
            AttackRange::Ranged
        } else {
            AttackRange::Close
        },
    };
    let outcome = calculate(&query)?;
    Ok((query, outcome))
}

fn ratio(r: &Ratio) -> serde_json::Value {
    json!({ "exact": r.to_string(), "decimal": r.decimal(PLACES) })
}

fn to_json(q: &Query, o: &Outcome) -> serde_json::Value {
    let eliminated = o.defender_click.len() - 1;
    json!({
        "attacker": q.attacker.name(),
        "attacker_click": q.attacker_click,
        "defender": q.defender.name(),
        "defender_click": q.defender_click,
        "attack": if q.range == AttackRange::Ranged { "ranged" } else { "close" },
        "attack_value": o.attack_value,
        "defense_value": o.defense_value,
        "p_hit": ratio(&o.p_hit),
        "p_critical_hit": ratio(&o.p_critical_hit),
        "p_critical_miss": ratio(&o.p_critical_miss),
        "expected_clicks": ratio(&o.expected_clicks),
        "p_eliminate": ratio(&o.p_eliminate),
        "clicks_dealt": o.clicks_dealt.iter().enumerate()
            .filter(|(_, p)| p.num > 0)
            .map(|(clicks, p)| json!({ "clicks": clicks, "p": ratio(p) }))
            .collect::<Vec<_>>(),
        "defender_result": o.defender_click.iter().enumerate()
            .filter(|(_, p)| p.num > 0)
            .map(|(click, p)| if click == eliminated {
                json!({ "eliminated": true, "p": ratio(p) })
            } else {
                json!({ "click": click, "p": ratio(p) })
            })
            .collect::<Vec<_>>(),
    })
}

fn table(q: &Query, o: &Outcome) -> String {
    let mut out = format!(
        "{} (click {}) {} attack on {} (click {}): attack {} against defense {}\n",
        q.attacker.name(),
        q.attacker_click,
        if q.range == AttackRange::Ranged {
            "ranged"
        } else {
            "close"
        },
        q.defender.name(),
        q.defender_click,
        o.attack_value,
        o.defense_value
    );
    let line = |label: &str, r: &Ratio| format!("{label:<18} {:>10}  {}\n", r.decimal(PLACES), r);
    out += &line("hit", &o.p_hit);
    out += &line("critical hit", &o.p_critical_hit);
    out += &line("critical miss", &o.p_critical_miss);
    out += &line("expected clicks", &o.expected_clicks);
    out += &line("eliminated", &o.p_eliminate);
    out += "clicks dealt\n";
    for (clicks, p) in o.clicks_dealt.iter().enumerate().filter(|(_, p)| p.num > 0) {
        out += &line(&format!("  {clicks}"), p);
    }
    out += "defender afterwards\n";
    let eliminated = o.defender_click.len() - 1;
    for (click, p) in o
        .defender_click
        .iter()
        .enumerate()
        .filter(|(_, p)| p.num > 0)
    {
        let label = if click == eliminated {
            "  eliminated".to_string()
        } else {
            format!("  click {click}")
        };
        out += &line(&label, p);
    }
    out
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

    fn parse(argv: &[&str]) -> Args {
        Calc::try_parse_from(std::iter::once("calc").chain(argv.iter().copied()))
            .expect("arguments parse")
            .args
    }

    #[test]
    fn json_prints_exact_fractions_and_rounded_decimals() {
        let args = parse(&[
            "mage-knight",
            "--attacker",
            "Animated Mud (Weak)",
            "--attacker-click",
            "2",
            "--defender",
            "Animated Mud (Weak)",
            "--defender-click",
            "2",
            "--json",
        ]);
        let (q, o) = outcome(&args).expect("calculates");
        let json = to_json(&q, &o);
        // attack 7 against defense 16: a hit needs 9 or more on 2d6 (10 of 36 rolls).
        assert_eq!(json["p_hit"]["exact"], "5/18");
        assert_eq!(json["p_hit"]["decimal"], "0.277778");
        assert_eq!(json["clicks_dealt"][1]["clicks"], 1);
    }

    #[test]
    fn mage_wars_options_are_rejected_for_mage_knight() {
        let args = parse(&[
            "mage-knight",
            "--attacker",
            "Abydor",
            "--defender",
            "Abydor",
            "--attack",
            "x",
        ]);
        assert!(outcome(&args)
            .unwrap_err()
            .contains("--attack is a Mage Wars option"));
    }

    #[test]
    fn click_arguments_are_range_checked() {
        // 2^64 and beyond were "number too large to fit in target type", naming no range.
        for value in [
            "100",
            "-1",
            "4294967296",
            "18446744073709551616",
            "99999999999999999999999",
            "1e308",
        ] {
            for flag in ["--attacker-click", "--defender-click"] {
                let argv = [
                    "calc",
                    "mage-knight",
                    "--attacker",
                    "Abydor",
                    "--defender",
                    "Abydor",
                    flag,
                    value,
                ];
                let error = match Calc::try_parse_from(argv) {
                    Ok(calc) => outcome(&calc.args).err().unwrap_or_default(),
                    Err(e) => e.to_string(),
                };
                assert!(
                    error.contains("0..=99") || error.contains("shows skulls"),
                    "{flag} {value}: {error}"
                );
                assert!(!error.is_empty(), "{flag} {value} was accepted");
            }
        }
        let args = parse(&[
            "mage-knight",
            "--attacker",
            "Abydor",
            "--defender",
            "Abydor",
            "--attacker-click",
            "99",
        ]);
        assert!(outcome(&args).unwrap_err().contains("shows skulls"));
    }

    #[test]
    fn unknown_warriors_and_skull_clicks_are_clear_errors() {
        let args = parse(&[
            "mage-knight",
            "--attacker",
            "Nobody",
            "--defender",
            "Abydor",
        ]);
        assert!(outcome(&args)
            .unwrap_err()
            .contains("unknown warrior \"Nobody\""));
        let args = parse(&[
            "mage-knight",
            "--attacker",
            "Abydor",
            "--defender",
            "Abydor",
            "--defender-click",
            "10",
        ]);
        assert!(outcome(&args).unwrap_err().contains("shows skulls"));
    }
}
