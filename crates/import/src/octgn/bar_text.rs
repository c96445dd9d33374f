//! Reads the human-readable `AttackBar` property, used where the structured `cAttacks` bar is
//! defective. Its shape: optional `Name:` header lines, each followed by a line of bracketed
//! tokens such as `[Full] [Melee] [Dice=4] [Ethereal] [Sweeping]`. Two consecutive sections with
//! the same name are the two sides of an OR: one attack whose differing traits become
//! alternatives.

use super::attack::parse_effects_text;
use super::fields::{canonical_trait, handler_name, parse_mana, parse_range, TraitText};
use super::model::{Attack, TraitSet};
use crate::report::CardLog;

/// The property this module reads.
const FIELD: &str = "AttackBar";

/// Damage types as the bar writes them.
const DAMAGE_TYPES: [&str; 9] = [
    "Acid",
    "Flame",
    "Frost",
    "Hydro",
    "Light",
    "Lightning",
    "Poison",
    "Psychic",
    "Wind",
];

/// Parses the sections of an `AttackBar` text; a section without a header is named `default_name`.
pub fn parse_attack_bar(text: &str, default_name: &str, log: &mut CardLog<'_>) -> Vec<Attack> {
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    let mut pending_name: Option<String> = None;
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
        if line.starts_with('[') {
            let name = pending_name
                .take()
                .unwrap_or_else(|| default_name.to_owned());
            let tokens = line
                .split('[')
                .filter_map(|part| part.split_once(']'))
                .map(|(token, _)| token.trim().to_owned());
            sections.push((name, tokens.collect()));
        } else {
            pending_name = Some(line.trim_end_matches(':').trim().to_owned());
        }
    }
    let mut attacks: Vec<Attack> = Vec::new();
    for (name, tokens) in sections {
        let attack = attack_from_tokens(&name, &tokens, log);
        match attacks.last_mut() {
            Some(previous) if previous.name == attack.name => merge_alternative(previous, attack),
            _ => attacks.push(attack),
        }
    }
    attacks
}

fn attack_from_tokens(name: &str, tokens: &[String], log: &mut CardLog<'_>) -> Attack {
    let mut attack = Attack {
        name: name.to_owned(),
        kind: "Neither".to_owned(),
        ..Attack::default()
    };
    for token in tokens {
        let token = token.as_str();
        match token {
            "Quick" | "Full" => attack.speed = Some(token.to_owned()),
            "Melee" | "Ranged" => attack.kind = token.to_owned(),
            "Damage Barrier" => attack.timing = Some("DamageBarrier".to_owned()),
            "Passage Attack" => attack.timing = Some("PassageAttack".to_owned()),
            "d12" => {}
            _ if DAMAGE_TYPES.contains(&token) => attack.damage_type = Some(token.to_owned()),
            _ if token.starts_with("Ranged:") => {
                attack.kind = "Ranged".to_owned();
                match parse_range(&token["Ranged:".len()..]) {
                    Some(range) => attack.range = Some(range),
                    None => log.unmapped(FIELD, format!("range `{token}` is not min-max")),
                }
            }
            _ if token.starts_with("Dice=") => match parse_mana(&token["Dice=".len()..]) {
                Some((dice, per_x)) => (attack.dice, attack.dice_per_x) = (dice, per_x),
                None => log.unmapped(FIELD, format!("dice `{token}` is not a number or X")),
            },
            _ if token.contains(" = ") => match parse_effects_text(token) {
                Some(rows) => attack.effects = rows,
                None => log.unmapped(
                    FIELD,
                    format!("effect table `{token}` is not `a-b = Condition; c+ = ...`"),
                ),
            },
            _ => match canonical_trait(token) {
                TraitText::Keyword(keyword) => attack.traits.push(keyword),
                TraitText::Prose => attack.handler = Some(handler_name(name)),
            },
        }
    }
    attack
}

/// Folds a second section of the same attack into the first: traits both have stay, the rest
/// become two alternatives.
fn merge_alternative(first: &mut Attack, second: Attack) {
    let common: Vec<String> = first
        .traits
        .iter()
        .filter(|name| second.traits.contains(name))
        .cloned()
        .collect();
    let only = |traits: &[String]| {
        traits
            .iter()
            .filter(|name| !common.contains(name))
            .cloned()
            .collect::<Vec<_>>()
    };
    if first.alternatives.is_empty() {
        first.alternatives.push(TraitSet {
            traits: only(&first.traits),
        });
    }
    first.alternatives.push(TraitSet {
        traits: only(&second.traits),
    });
    first.traits = common;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_named_sections_become_alternatives() {
        let mut log = CardLog::new("test", "card");
        let attacks = parse_attack_bar(
            "Thrust:\r\n[Quick] [Melee] [Dice=4] [Piercing +2]\r\n Spinning Slash:\r\n[Full] [Melee] [Dice=4] [Ethereal] [Sweeping]\r\n\
             Spinning Slash:\r\n[Full] [Melee] [Dice=4] [Ethereal] [Doublestrike]",
            "card",
            &mut log,
        );
        assert!(log.unmapped.is_empty());
        assert_eq!(attacks.len(), 2);
        let slash = &attacks[1];
        assert_eq!(slash.traits, ["Ethereal"]);
        assert_eq!(slash.alternatives.len(), 2);
        assert_eq!(slash.alternatives[0].traits, ["Sweeping"]);
        assert_eq!(slash.alternatives[1].traits, ["Doublestrike"]);
    }

    #[test]
    fn headerless_spell_bar() {
        let mut log = CardLog::new("test", "card");
        let attacks = parse_attack_bar(
            "[Ranged:0-1] [Hydro] [Dice=3] [d12] [3-7 = Slam; 8+ = Push & Slam]",
            "Wave",
            &mut log,
        );
        assert!(log.unmapped.is_empty());
        assert_eq!(attacks[0].name, "Wave");
        assert_eq!(attacks[0].damage_type.as_deref(), Some("Hydro"));
        assert_eq!(attacks[0].effects[1].apply, ["Push", "Slam"]);
    }
}
