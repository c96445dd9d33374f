//! Parses the structured attack bars of the `cAttacks` property and cross-checks them with the
//! human-readable `AttackBar` property.
//!
//! `cAttacks` holds bars separated by `||`; a bar is `key=value` items separated by `;`, e.g.
//! `name=Hellsword;action type=Quick;range type=Melee;range=(0,0);dice=4;Piercing +X=2`.

use super::bar_text::parse_attack_bar;
use super::fields::{canonical_trait, handler_name, parse_mana, parse_range, TraitText};
use super::model::{Attack, EffectRow};
use crate::report::CardLog;

/// The property this module reads.
const FIELD: &str = "cAttacks";

/// Parses every bar of a `cAttacks` value. Problems go to `log`; bars with rules text that the
/// codex cannot express get a handler named after the attack.
///
/// A defective bar (an item with an empty key, as when the data breaks off mid-bar) is replaced
/// by the `AttackBar` sections (`attack_bar`) whose names no sound bar has; `card_name` names a
/// section without a header.
pub fn parse_attacks(
    text: &str,
    attack_bar: &str,
    card_name: &str,
    log: &mut CardLog<'_>,
) -> Vec<Attack> {
    let mut attacks = Vec::new();
    let mut defective = Vec::new();
    for bar in text
        .split("||")
        .map(str::trim)
        .filter(|bar| !bar.is_empty())
    {
        match parse_bar(bar, log) {
            Some(attack) => attacks.push(attack),
            None => defective.push(bar),
        }
    }
    if defective.is_empty() {
        return attacks;
    }
    let replacements: Vec<Attack> = parse_attack_bar(attack_bar, card_name, log)
        .into_iter()
        .filter(|shown| !attacks.iter().any(|sound| sound.name == shown.name))
        .collect();
    if replacements.is_empty() {
        log.unmapped(
            FIELD,
            format!("defective bars {defective:?} and no AttackBar section to replace them"),
        );
    } else {
        log.note(
            FIELD,
            format!("defective bars {defective:?} read from AttackBar instead"),
        );
    }
    attacks.extend(replacements);
    attacks
}

/// One bar; `None` when it is defective.
fn parse_bar(bar: &str, log: &mut CardLog<'_>) -> Option<Attack> {
    let mut attack = Attack::default();
    let mut range_type = None;
    for item in bar
        .split(';')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let Some((key, value)) = item.rsplit_once('=') else {
            log.unmapped(FIELD, format!("item `{item}` has no `=`"));
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        match key {
            "" => return None,
            "name" => attack.name = value.to_owned(),
            "action type" => match value {
                "Quick" | "Full" => attack.speed = Some(value.to_owned()),
                "Damage Barrier" => attack.timing = Some("DamageBarrier".to_owned()),
                "Passage Attack" => attack.timing = Some("PassageAttack".to_owned()),
                other => log.unmapped(FIELD, format!("unknown action type `{other}`")),
            },
            "range type" => match value {
                "Melee" | "Ranged" => range_type = Some(value.to_owned()),
                other => log.unmapped(FIELD, format!("unknown range type `{other}`")),
            },
            "range" => match parse_range(value) {
                Some(range) => attack.range = Some(range),
                None => log.unmapped(FIELD, format!("range `{value}` is not (min,max)")),
            },
            "dice" => match parse_mana(value) {
                Some((dice, per_x)) => (attack.dice, attack.dice_per_x) = (dice, per_x),
                None => log.unmapped(FIELD, format!("dice `{value}` is not a number or X")),
            },
            "cost" => match parse_mana(value) {
                Some((cost, per_x)) => (attack.cost, attack.cost_per_x) = (Some(cost), per_x),
                None => log.unmapped(FIELD, format!("cost `{value}` is not a number or X")),
            },
            "damage type" => attack.damage_type = Some(value.to_owned()),
            "effects" => match parse_effects(value) {
                Some(rows) => attack.effects = rows,
                None => log.unmapped(
                    FIELD,
                    format!("effect table `{value}` is not {{roll: [conditions]}}"),
                ),
            },
            flag => parse_flag(flag, value, &mut attack, log),
        }
    }
    if attack.name.is_empty() {
        log.unmapped(FIELD, format!("attack bar without a name: `{bar}`"));
    }
    attack.kind = range_type.unwrap_or_else(|| "Neither".to_owned());
    Some(attack)
}

/// Rules text cut at an `=`: a phrase of several words that is no keyword.
fn is_sentence(text: &str) -> bool {
    text.split_whitespace().count() >= MIN_SENTENCE_WORDS
        && canonical_trait(text) == TraitText::Prose
}

/// The fewest words of a rules-text phrase (`Piercing +X 1 per Gold token`); shorter unknown
/// items such as `weird 7` are unmapped, not given to a handler.
const MIN_SENTENCE_WORDS: usize = 4;

/// Schools of magic, which some bars repeat as a flag (`Air=True`): the card's schools already
/// say it, so the flag adds nothing to the attack.
const SCHOOL_FLAGS: [&str; 10] = [
    "Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War", "Water",
];

/// A trait item: `Unavoidable=True`, `Piercing +X=2`, or rules text set to `True`.
fn parse_flag(key: &str, value: &str, attack: &mut Attack, log: &mut CardLog<'_>) {
    if value == "True" && SCHOOL_FLAGS.contains(&key) {
        log.note(
            FIELD,
            format!("`{key}=True` names a school, not an attack trait; left out"),
        );
        return;
    }
    let text = if value == "True" {
        key.to_owned()
    } else if value.parse::<i64>().is_ok() && (key.ends_with("+X") || key.ends_with("-X")) {
        format!("{}{value}", &key[..key.len() - 1])
    } else if is_sentence(&format!("{key} {value}")) {
        // Rules text cut at an `=` (`Piercing +X=1 per Gold token on Gerard`): behaviour for
        // the attack's handler.
        attack.handler = Some(handler_name(&attack.name));
        return;
    } else {
        log.unmapped(FIELD, format!("unknown item `{key}={value}`"));
        return;
    };
    match canonical_trait(&text) {
        TraitText::Keyword(keyword) => attack.traits.push(keyword),
        TraitText::Prose => attack.handler = Some(handler_name(&attack.name)),
    }
}

/// Parses a Python-style table such as `{10: ['Stun'], 4: ['Daze']}` into rows sorted by roll:
/// each row runs up to the next row's roll minus one, the last one has no upper end. A roll may
/// be written `7+` (it always means "and higher" up to the next row) or as a range `7-10` (the
/// row ends there), and one item may join several outcomes with `+` (`'Bleed + Rot'`).
pub fn parse_effects(text: &str) -> Option<Vec<EffectRow>> {
    let inner = text.trim().strip_prefix('{')?.strip_suffix('}')?.trim();
    let mut entries: Vec<(i64, Option<i64>, Vec<String>)> = Vec::new();
    let mut rest = inner;
    while !rest.is_empty() {
        let (roll, after) = rest.split_once(':')?;
        let roll = roll.trim().trim_start_matches(',').trim();
        let (roll, explicit_max): (i64, Option<i64>) = match roll.split_once('-') {
            Some((min, max)) => (min.trim().parse().ok()?, Some(max.trim().parse().ok()?)),
            None => (roll.trim_end_matches('+').parse().ok()?, None),
        };
        let after = after.trim_start().strip_prefix('[')?;
        let (items, after) = after.split_once(']')?;
        let conditions: Vec<String> = items
            .split([',', '+'])
            .map(|item| {
                item.trim()
                    .trim_matches(|c| c == '\'' || c == '"')
                    .trim()
                    .to_owned()
            })
            .filter(|item| !item.is_empty())
            .collect();
        if conditions.is_empty() {
            return None;
        }
        entries.push((roll, explicit_max, conditions));
        rest = after.trim_start().trim_start_matches(',').trim_start();
    }
    entries.sort_by_key(|(roll, _, _)| *roll);
    let next_rolls: Vec<Option<i64>> = entries
        .iter()
        .skip(1)
        .map(|(roll, _, _)| Some(*roll))
        .chain([None])
        .collect();
    Some(
        entries
            .into_iter()
            .zip(next_rolls)
            .map(|((min, explicit_max, apply), next)| EffectRow {
                min,
                max: explicit_max.or(next.map(|roll| roll - 1)),
                apply,
            })
            .collect(),
    )
}

/// Parses an effect table the way `AttackBar` shows it: `4-9 = Daze; 10+ = 2 Burn & Daze`.
pub fn parse_effects_text(text: &str) -> Option<Vec<EffectRow>> {
    let mut rows = Vec::new();
    for part in text.split(';') {
        let (rolls, outcomes) = part.split_once(" = ")?;
        let rolls = rolls.trim();
        let (min, max) = if let Some(min) = rolls.strip_suffix('+') {
            (min.parse().ok()?, None)
        } else if let Some((min, max)) = rolls.split_once('-') {
            (min.parse().ok()?, Some(max.parse().ok()?))
        } else {
            let roll = rolls.parse().ok()?;
            (roll, Some(roll))
        };
        let mut apply = Vec::new();
        for outcome in outcomes.split(['&', ',']).map(str::trim) {
            let (count, name) = match outcome.split_once(' ') {
                Some((count, name)) if count.parse::<usize>().is_ok() => {
                    (count.parse().ok()?, name)
                }
                _ => (1, outcome),
            };
            if name.is_empty() {
                return None;
            }
            apply.extend(std::iter::repeat_n(name.to_owned(), count));
        }
        rows.push(EffectRow { min, max, apply });
    }
    Some(rows)
}

/// Writes an effect table the way `AttackBar` shows it: `4-9 = Daze; 10+ = 2 Burn`.
fn render_effects(rows: &[EffectRow]) -> String {
    let rendered: Vec<String> = rows
        .iter()
        .map(|row| {
            let rolls = match row.max {
                Some(max) if max == row.min => format!("{}", row.min),
                Some(max) => format!("{}-{max}", row.min),
                None => format!("{}+", row.min),
            };
            let mut outcomes: Vec<String> = Vec::new();
            for condition in &row.apply {
                match outcomes.last() {
                    Some(last) if last.ends_with(condition.as_str()) => {
                        let count = last
                            .split_once(' ')
                            .and_then(|(n, _)| n.parse::<u32>().ok())
                            .unwrap_or(1);
                        *outcomes.last_mut().expect("checked") =
                            format!("{} {condition}", count + 1);
                    }
                    _ => outcomes.push(condition.clone()),
                }
            }
            format!("{rolls} = {}", outcomes.join(" & "))
        })
        .collect();
    rendered.join("; ")
}

/// Compares the parsed bars with the `AttackBar` text: dice counts and effect tables, in order.
pub fn cross_check(attacks: &[Attack], attack_bar: &str, log: &mut CardLog<'_>) {
    let tokens: Vec<&str> = attack_bar
        .split('[')
        .filter_map(|part| part.split_once(']'))
        .map(|(token, _)| token.trim())
        .collect();
    let shown_dice: Vec<&str> = tokens
        .iter()
        .filter_map(|token| token.strip_prefix("Dice="))
        .collect();
    let parsed_dice: Vec<String> = attacks
        .iter()
        .filter(|attack| attack.dice > 0 || attack.dice_per_x > 0)
        .flat_map(|attack| {
            let shown = if attack.dice_per_x > 0 {
                "X".to_owned()
            } else {
                attack.dice.to_string()
            };
            // An attack with OR alternatives is shown once per alternative.
            std::iter::repeat_n(shown, attack.alternatives.len().max(1))
        })
        .collect();
    let shown_positive: Vec<&str> = shown_dice
        .iter()
        .copied()
        .filter(|dice| *dice != "0")
        .collect();
    if parsed_dice != shown_positive {
        log.note(
            "AttackBar",
            format!("dice {parsed_dice:?} in cAttacks but {shown_positive:?} in AttackBar"),
        );
    }
    for attack in attacks.iter().filter(|attack| !attack.effects.is_empty()) {
        let rendered = render_effects(&attack.effects);
        if !tokens.contains(&rendered.as_str()) {
            log.note(
                "AttackBar",
                format!(
                    "effect table of `{}` reads `{rendered}`, not found in AttackBar",
                    attack.name
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Vec<Attack>, usize) {
        let mut log = CardLog::new("test", "card");
        let attacks = parse_attacks(text, "", "card", &mut log);
        (attacks, log.unmapped.len())
    }

    #[test]
    fn melee_bar_with_piercing() {
        let (attacks, unmapped) = parse(
            "name=Hellsword;action type=Quick;range type=Melee;range=(0,0);dice=4;Piercing +X=2",
        );
        assert_eq!(unmapped, 0);
        let attack = &attacks[0];
        assert_eq!(attack.name, "Hellsword");
        assert_eq!(attack.speed.as_deref(), Some("Quick"));
        assert_eq!(attack.kind, "Melee");
        assert_eq!(attack.dice, 4);
        assert_eq!(attack.traits, ["Piercing +2"]);
    }

    #[test]
    fn ranged_bar_with_effect_table_and_flags() {
        let (attacks, unmapped) = parse(
            "name=Blinding Flash;range type=Ranged;range=(0,0);Zone Attack=True;damage type=Light;dice=2;\
             effects={10: ['Stun'], 4: ['Daze']};Ethereal=True;+2 vs. Nonliving Creatures=True",
        );
        assert_eq!(unmapped, 0);
        let attack = &attacks[0];
        assert_eq!(attack.kind, "Ranged");
        assert_eq!(attack.damage_type.as_deref(), Some("Light"));
        assert_eq!(
            attack.traits,
            ["Zone Attack", "Ethereal", "+2 vs Nonliving Creatures"]
        );
        assert_eq!(
            attack.effects[0],
            EffectRow {
                min: 4,
                max: Some(9),
                apply: vec!["Daze".into()]
            }
        );
        assert_eq!(
            attack.effects[1],
            EffectRow {
                min: 10,
                max: None,
                apply: vec!["Stun".into()]
            }
        );
    }

    #[test]
    fn two_bars_barrier_and_costs() {
        let (attacks, unmapped) = parse(
            "name=Disenchant;cost=X;action type=Quick;range type=Ranged;range=(0,1);Destroy target Level 1 revealed enchantment=True\
             ||name=Electric Surge;action type=Damage Barrier;damage type=Lightning;dice=2",
        );
        assert_eq!(unmapped, 0);
        assert_eq!((attacks[0].cost, attacks[0].cost_per_x), (Some(0), 1));
        assert_eq!(attacks[0].handler.as_deref(), Some("disenchant"));
        assert!(attacks[0].traits.is_empty());
        assert_eq!(attacks[1].kind, "Neither");
        assert_eq!(attacks[1].timing.as_deref(), Some("DamageBarrier"));
    }

    #[test]
    fn unknown_items_are_reported() {
        let (_, unmapped) =
            parse("name=Odd;action type=Sideways;range=(3);dice=many;weird=7;effects={x}");
        assert_eq!(unmapped, 5);
    }

    #[test]
    fn defective_bar_is_read_from_attack_bar() {
        let mut log = CardLog::new("test", "card");
        let attacks = parse_attacks(
            "name=Thrust;action type=Quick;range type=Melee;dice=4||name=Blade;\n=True",
            "Thrust:\r\n[Quick] [Melee] [Dice=4]\r\nSlash:\r\n[Full] [Melee] [Dice=4] [Sweeping]",
            "card",
            &mut log,
        );
        assert!(log.unmapped.is_empty());
        assert_eq!(attacks.len(), 2);
        assert_eq!(attacks[1].name, "Slash");
        assert_eq!(attacks[1].traits, ["Sweeping"]);
    }

    #[test]
    fn effect_rolls_with_a_plus_and_joined_outcomes() {
        let rows = parse_effects("{7+: ['Freeze', 'Freeze']}").expect("valid");
        assert_eq!(
            rows,
            [EffectRow {
                min: 7,
                max: None,
                apply: vec!["Freeze".into(), "Freeze".into()]
            }]
        );
        let rows = parse_effects("{13: ['Bleed + Rot'], 7: ['Bleed']}").expect("valid");
        assert_eq!(rows[1].apply, ["Bleed", "Rot"]);
        assert_eq!(rows[0].max, Some(12));
        let rows = parse_effects("{'x': ['Daze']}");
        assert!(rows.is_none());
        let rows = parse_effects("{5-8: ['Daze'], 9: ['Stun']}").expect("a range");
        assert_eq!((rows[0].min, rows[0].max), (5, Some(8)));
    }

    #[test]
    fn a_school_flag_is_no_trait() {
        let mut log = CardLog::new("test", "card");
        let attacks = parse_attacks(
            "name=Sandstorm;range type=Ranged;Air=True;dice=2",
            "",
            "card",
            &mut log,
        );
        assert!(attacks[0].traits.is_empty());
        assert!(log.unmapped.is_empty());
        assert_eq!(log.notes.len(), 1);
    }

    #[test]
    fn effect_table_text() {
        let rows = parse_effects_text("7-10 = Push; 11+ = Push & Daze").expect("valid");
        assert_eq!(
            rows[1],
            EffectRow {
                min: 11,
                max: None,
                apply: vec!["Push".into(), "Daze".into()]
            }
        );
        let rows = parse_effects_text("9 = 2 Corrode").expect("valid");
        assert_eq!(
            rows[0],
            EffectRow {
                min: 9,
                max: Some(9),
                apply: vec!["Corrode".into(), "Corrode".into()]
            }
        );
        assert_eq!(parse_effects_text("sometimes = Daze"), None);
    }

    #[test]
    fn effect_tables() {
        let rows = parse_effects("{4: ['Burn'], 11: ['Burn', 'Burn']}").expect("valid");
        assert_eq!(render_effects(&rows), "4-10 = Burn; 11+ = 2 Burn");
        assert_eq!(parse_effects("{}"), Some(Vec::new()));
        assert_eq!(parse_effects("{9: []}"), None);
    }

    #[test]
    fn cross_check_notes_disagreements() {
        let mut log = CardLog::new("test", "card");
        let attacks = parse_attacks(
            "name=Bite;action type=Quick;range type=Melee;dice=4",
            "",
            "Bite",
            &mut log,
        );
        cross_check(&attacks, "Bite:\r\n[Quick] [Melee] [Dice=4]", &mut log);
        assert!(log.notes.is_empty());
        cross_check(&attacks, "Bite:\r\n[Quick] [Melee] [Dice=5]", &mut log);
        assert_eq!(log.notes.len(), 1);
    }
}
