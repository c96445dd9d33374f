//! A [`CardCatalog`] read from OCTGN Mage Wars set files (`*.set.xml`).
//!
//! This is the bridge until the generated card tables exist: it reads the same source the
//! importer reads, at run time, and never copies it.

use std::collections::HashMap;
use std::path::Path;

use quick_xml::events::Event;
use quick_xml::Reader;

use super::model::{
    Attack, AttackKind, CardCatalog, CardStats, DamageType, Defense, Effect, EffectRow, Trait,
    VersusBonus,
};

/// Every card of a directory of OCTGN set files, by name.
#[derive(Debug, Clone, Default)]
pub struct OctgnCatalog {
    cards: HashMap<String, CardStats>,
}

impl CardCatalog for OctgnCatalog {
    fn card(&self, name: &str) -> Option<CardStats> {
        self.cards.get(name).cloned()
    }
}

impl OctgnCatalog {
    /// Reads every `*.set.xml` in `dir`. The first set (by file name) that defines a name wins.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(".set.xml"))
            .collect();
        files.sort();
        let mut catalog = OctgnCatalog::default();
        for file in files {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            for card in parse_set(&text).map_err(|e| format!("{}: {e}", file.display()))? {
                catalog.cards.entry(card.name.clone()).or_insert(card);
            }
        }
        Ok(catalog)
    }

    /// Number of cards read.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when no card was read.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

fn parse_set(xml: &str) -> Result<Vec<CardStats>, String> {
    let mut reader = Reader::from_str(xml);
    let mut cards = Vec::new();
    let mut current: Option<(String, Vec<(String, String)>)> = None;
    loop {
        match reader.read_event().map_err(|e| e.to_string())? {
            Event::Start(tag) if tag.name().as_ref() == b"card" => {
                current = Some((attribute(&tag, b"name")?.unwrap_or_default(), Vec::new()));
            }
            Event::Empty(tag) if tag.name().as_ref() == b"property" => {
                if let (Some((_, props)), Some(name)) = (&mut current, attribute(&tag, b"name")?) {
                    props.push((name, attribute(&tag, b"value")?.unwrap_or_default()));
                }
            }
            Event::End(tag) if tag.name().as_ref() == b"card" => {
                if let Some((name, props)) = current.take() {
                    cards.push(card_from_properties(name, &props));
                }
            }
            Event::Eof => return Ok(cards),
            _ => {}
        }
    }
}

fn attribute(tag: &quick_xml::events::BytesStart, key: &[u8]) -> Result<Option<String>, String> {
    for attr in tag.attributes() {
        let attr = attr.map_err(|e| e.to_string())?;
        if attr.key.as_ref() == key {
            let value = attr.unescape_value().map_err(|e| e.to_string())?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

fn card_from_properties(name: String, props: &[(String, String)]) -> CardStats {
    let get = |key: &str| {
        props
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let number = |key: &str| {
        get(key)
            .and_then(|v| v.trim().parse::<u32>().ok())
            .unwrap_or(0)
    };
    let mut subtypes: Vec<String> = [get("Subtype"), get("School")]
        .into_iter()
        .flatten()
        .flat_map(|v| v.split([',', '+', '/']))
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect();
    subtypes.dedup();
    CardStats {
        name,
        card_type: get("Type").unwrap_or_default().to_string(),
        subtypes,
        level: number("Level"),
        life: number("StatLife"),
        armor: number("StatArmor"),
        defense: get("StatDefense").and_then(parse_defense),
        channeling: number("StatChanneling"),
        traits: get("Traits")
            .map(|t| {
                t.split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(Trait::parse)
                    .collect()
            })
            .unwrap_or_default(),
        attacks: get("cAttacks")
            .map(|a| {
                a.split("||")
                    .filter(|a| !a.trim().is_empty())
                    .map(parse_attack)
                    .map(|bar| Attack {
                        spell: bar.spell || get("Type") == Some("Attack"),
                        ..bar
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// "9+ 1x" → threshold 9, once per round.
fn parse_defense(text: &str) -> Option<Defense> {
    let mut parts = text.split_whitespace();
    let threshold = parts.next()?.trim_end_matches('+').parse().ok()?;
    let uses_per_round = parts
        .next()
        .and_then(|u| u.trim_end_matches('x').parse().ok());
    let no_ranged = text.to_ascii_lowercase().contains("no ranged");
    Some(Defense {
        threshold,
        uses_per_round,
        no_ranged,
    })
}

fn parse_attack(text: &str) -> Attack {
    let mut attack = Attack {
        strikes: 1,
        ..Attack::default()
    };
    for field in text.split(';') {
        let (key, value) = field.split_once('=').unwrap_or((field, "True"));
        let (key, value) = (key.trim(), value.trim());
        let flag = value.eq_ignore_ascii_case("true");
        match key.to_ascii_lowercase().as_str() {
            "name" => attack.name = value.to_string(),
            "action type" if value.eq_ignore_ascii_case("quick") => attack.quick = true,
            "action type" => attack.damage_barrier = value.eq_ignore_ascii_case("damage barrier"),
            "range type" => {
                attack.kind = match value {
                    "Melee" => AttackKind::Melee,
                    "Ranged" => AttackKind::Ranged,
                    _ => AttackKind::Other,
                }
            }
            "damage type" => attack.damage_type = DamageType::parse(value),
            "dice" => attack.dice = value.parse().unwrap_or(0),
            "effects" => attack.effects = parse_effects(value),
            "piercing +x" => attack.piercing = value.parse().unwrap_or(0),
            "unavoidable" => attack.unavoidable = flag,
            "ethereal" => attack.ethereal = flag,
            "zone attack" => attack.zone = flag,
            "sweeping" => attack.sweeping = flag,
            "doublestrike" if flag => attack.strikes = 2,
            "triplestrike" if flag => attack.strikes = 3,
            "vampiric" => attack.vampiric = flag,
            "counterstrike" => attack.counterstrike = flag,
            "critical damage" => attack.all_critical = flag,
            "no damage" => attack.no_damage = flag,
            "extinguish" => attack.extinguish = flag,
            "reach" => attack.reach = flag,
            "spell" => attack.spell = flag,
            "cost" => attack.cost = value.parse().unwrap_or(0),
            "mana drain +x" => attack.mana_drain = value.parse().unwrap_or(0),
            "mana transfer +x" => {
                attack.mana_drain = value.parse().unwrap_or(0);
                attack.mana_transfer = true;
            }
            lower if lower.starts_with('+') && lower.contains(" vs. ") => {
                if let Some(bonus) = parse_versus(lower) {
                    attack.versus.push(bonus);
                }
            }
            lower if lower.contains("restrained") && lower.contains("effect die") => {
                attack.restrained_effect_bonus = lower
                    .split_whitespace()
                    .find_map(|w| w.trim_start_matches('+').parse().ok())
                    .unwrap_or(0);
            }
            _ => {}
        }
    }
    attack
}

/// "+1 vs. nonliving or dark creatures" → bonus 1 against ["nonliving", "dark"].
fn parse_versus(lower: &str) -> Option<VersusBonus> {
    let (bonus, against) = lower.split_once(" vs. ")?;
    let bonus = bonus.trim_start_matches('+').trim().parse().ok()?;
    let against = against
        .split(" or ")
        .map(|w| {
            w.trim()
                .trim_end_matches(" creatures")
                .trim_end_matches(" creature")
        })
        .map(str::to_string)
        .collect();
    Some(VersusBonus { bonus, against })
}

/// `{8: ['Push', 'Slam'], 3: ['Slam']}` → rows sorted by threshold.
fn parse_effects(text: &str) -> Vec<EffectRow> {
    let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
    let mut rows = Vec::new();
    for entry in inner.split(']') {
        let Some((threshold, list)) = entry.trim_start_matches([',', ' ']).split_once(':') else {
            continue;
        };
        let Ok(threshold) = threshold.trim().parse() else {
            continue;
        };
        let effects = list
            .trim()
            .trim_start_matches('[')
            .split(',')
            .map(|e| e.trim().trim_matches('\''))
            .filter(|e| !e.is_empty())
            .map(Effect::parse)
            .collect();
        rows.push(EffectRow { threshold, effects });
    }
    rows.sort_by_key(|r| r.threshold);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::model::Condition;

    #[test]
    fn attack_bars_parse() {
        let a = parse_attack(
            "name=Lightning Blast;action type=Full;range type=Ranged;range=(0,1);\
             damage type=Lightning;dice=4;effects={7: ['Daze'], 10: ['Stun']};Ethereal=True",
        );
        assert_eq!(a.name, "Lightning Blast");
        assert_eq!((a.kind, a.dice, a.ethereal), (AttackKind::Ranged, 4, true));
        assert_eq!(a.damage_type, Some(DamageType::Lightning));
        assert_eq!(a.effects.len(), 2);
        assert_eq!(
            a.effects[1].effects,
            vec![Effect::Condition(Condition::Stun)]
        );
        let b = parse_attack("name=Bite;range type=Melee;dice=4;Piercing +X=2;+1 vs. Nonliving or Dark Creatures=True");
        assert_eq!(b.piercing, 2);
        assert_eq!(b.versus[0].against, vec!["nonliving", "dark"]);
    }

    #[test]
    fn defense_parses() {
        assert_eq!(
            parse_defense("9+ 1x"),
            Some(Defense {
                threshold: 9,
                uses_per_round: Some(1),
                no_ranged: false
            })
        );
        assert!(parse_defense("8+ 1x No Ranged").is_some_and(|d| d.no_ranged));
        assert_eq!(parse_defense("nonsense"), None);
    }
}
