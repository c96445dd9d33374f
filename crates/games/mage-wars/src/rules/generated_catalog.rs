//! The rules' only source of card data: the generated card tables (`crate::generated`), seen
//! as [`CardStats`], for every card compiled from `cards/mage-wars` and `codex/mage-wars`.

use crate::generated as g;

use super::model::{
    Attack, AttackBoost, AttackKind, CardStats, Condition, DamageType, Defense, Effect, EffectRow,
    Trait, VersusBonus,
};

/// Effect-die bonus of the native handler `poison_fangs` against a Restrained or Incapacitated
/// defender (supplement: Codex, Tainted).
const POISON_FANGS_RESTRAINED_BONUS: i32 = 4;

/// The generated card tables, seen through the rules' model.
#[derive(Debug, Clone, Copy, Default)]
pub struct GeneratedCatalog;

impl GeneratedCatalog {
    /// The card with this exact name, if the generated tables hold it.
    pub fn card(&self, name: &str) -> Option<CardStats> {
        g::CardId::from_name(name).map(|id| card_stats(id.card()))
    }
}

/// The rules' view of one generated card.
pub fn card_stats(card: g::Card) -> CardStats {
    let mut stats = CardStats {
        name: card.name().to_string(),
        ..CardStats::default()
    };
    // An attack spell's attack has the spell's casting range.
    let mut spell_range = None;
    let (traits, attacks): (&[g::Trait], &[g::AttackBar]) = match card {
        g::Card::Mage(m) => {
            stats.card_type = "Creature".into();
            stats.subtypes = m
                .subtypes
                .iter()
                .map(|s| s.name().to_ascii_lowercase())
                .collect();
            stats.level = g::MAGE_LEVEL as u32;
            (stats.life, stats.armor, stats.channeling) =
                (m.life.into(), m.armor.into(), m.channeling.into());
            stats.defense = m.defense.map(defense);
            (m.traits, m.attacks)
        }
        g::Card::Creature(c) => {
            stats.card_type = "Creature".into();
            describe(&mut stats, c.subtypes, c.schools);
            (stats.life, stats.armor, stats.channeling) =
                (c.life.into(), c.armor.into(), c.channeling.into());
            stats.defense = c.defense.map(defense);
            (c.traits, c.attacks)
        }
        g::Card::Conjuration(c) => {
            stats.card_type = "Conjuration".into();
            describe(&mut stats, c.subtypes, c.schools);
            stats.life = c.life.map_or(0, u32::from);
            (stats.armor, stats.channeling) = (c.armor.into(), c.channeling.into());
            stats.defense = c.defense.map(defense);
            (c.traits, c.attacks)
        }
        g::Card::Enchantment(e) => {
            stats.card_type = "Enchantment".into();
            describe(&mut stats, e.subtypes, e.schools);
            stats.grants = e.grants.iter().map(object_trait).collect();
            stats.removes = e.removes.iter().map(object_trait).collect();
            stats.melee_attacks_gain = attack_boost(e.melee_attacks_gain);
            stats.defense = e.defense.map(defense);
            (e.traits, e.attacks)
        }
        g::Card::Equipment(e) => {
            stats.card_type = "Equipment".into();
            describe(&mut stats, e.subtypes, e.schools);
            stats.grants = e.grants.iter().map(object_trait).collect();
            stats.removes = e.removes.iter().map(object_trait).collect();
            stats.melee_attacks_gain = attack_boost(e.melee_attacks_gain);
            stats.defense = e.defense.map(defense);
            (e.traits, e.attacks)
        }
        g::Card::Incantation(i) => {
            stats.card_type = "Incantation".into();
            describe(&mut stats, i.subtypes, i.schools);
            (i.traits, &[])
        }
        g::Card::Attack(a) => {
            stats.card_type = "Attack".into();
            spell_range = Some((a.range.min.into(), a.range.max.into()));
            describe(&mut stats, a.subtypes, a.schools);
            (a.traits, a.attacks)
        }
    };
    let defaults: &[g::Trait] = match stats.card_type.as_str() {
        "Creature" => g::CREATURE_DEFAULT_TRAITS,
        "Conjuration" => g::CONJURATION_DEFAULT_TRAITS,
        _ => &[],
    };
    stats.traits = traits.iter().map(object_trait).collect();
    for default in defaults.iter().map(|d| Trait::parse(&d.to_string())) {
        let overridden = stats
            .traits
            .iter()
            .any(|t| opposite(t, &default) || t.same_kind_as(&default));
        if !overridden {
            stats.traits.push(default);
        }
    }
    let spell = stats.card_type == "Attack";
    stats.attacks = attacks
        .iter()
        .map(attack)
        .map(|a| Attack {
            spell: a.spell || spell,
            range: a.range.or(spell_range),
            ..a
        })
        .collect();
    stats
}

/// Living and Nonliving exclude each other: a printed one overrides the other's default.
fn opposite(a: &Trait, b: &Trait) -> bool {
    matches!(
        (a, b),
        (Trait::Living, Trait::Nonliving) | (Trait::Nonliving, Trait::Living)
    ) || matches!((a, b), (Trait::Incorporeal, Trait::Living))
}

fn describe(stats: &mut CardStats, subtypes: &[g::Subtype], schools: &[g::SchoolLevel]) {
    stats.subtypes = subtypes
        .iter()
        .map(|s| s.name().to_ascii_lowercase())
        .chain(schools.iter().map(|s| s.school.name().to_ascii_lowercase()))
        .collect();
    stats.level = schools
        .iter()
        .map(|s| u32::from(s.level))
        .max()
        .unwrap_or(0);
}

fn defense(d: g::Defense) -> Defense {
    Defense {
        threshold: d.roll.into(),
        uses_per_round: d.uses.map(u32::from),
        no_ranged: d.no_ranged,
    }
}

fn damage_type(d: g::DamageType) -> DamageType {
    match d {
        g::DamageType::Acid => DamageType::Acid,
        g::DamageType::Flame => DamageType::Flame,
        g::DamageType::Frost => DamageType::Frost,
        g::DamageType::Hydro => DamageType::Hydro,
        g::DamageType::Light => DamageType::Light,
        g::DamageType::Lightning => DamageType::Lightning,
        g::DamageType::Poison => DamageType::Poison,
        g::DamageType::Psychic => DamageType::Psychic,
        g::DamageType::Wind => DamageType::Wind,
    }
}

/// A generated object trait in the rules' model; traits the rules do not act on keep their
/// codex name.
fn object_trait(t: &g::Trait) -> Trait {
    match *t {
        g::Trait::Armor(x) => Trait::Armor(x.into()),
        g::Trait::Life(x) => Trait::Life(x.into()),
        g::Trait::DamageType { damage_type: d, x } => {
            Trait::DamageTypeModifier(damage_type(d), x.into())
        }
        g::Trait::Immunity(d) => Trait::Immunity(damage_type(d)),
        g::Trait::Aegis(x) => Trait::Aegis(x.into()),
        g::Trait::Melee(x) => Trait::Melee(x.into()),
        g::Trait::Ranged(x) => Trait::Ranged(x.into()),
        g::Trait::Charge(x) => Trait::Charge(x.into()),
        g::Trait::Bloodthirsty(x) => Trait::Bloodthirsty(x.into()),
        g::Trait::Rage(x) => Trait::Rage(x.into()),
        g::Trait::Tough(x) => Trait::Tough(-i32::from(x)),
        g::Trait::Regenerate(x) => Trait::Regenerate(x.into()),
        g::Trait::Upkeep(x) => Trait::Upkeep(x.into()),
        g::Trait::Flying => Trait::Flying,
        g::Trait::Incorporeal => Trait::Incorporeal,
        g::Trait::Nonliving => Trait::Nonliving,
        g::Trait::Living => Trait::Living,
        g::Trait::FiniteLife => Trait::FiniteLife,
        g::Trait::NoArmor => Trait::NoArmor,
        g::Trait::Unmovable => Trait::Unmovable,
        g::Trait::Uncontainable => Trait::Uncontainable,
        g::Trait::Elusive => Trait::Elusive,
        g::Trait::Invisible => Trait::Invisible,
        g::Trait::Indestructible => Trait::Indestructible,
        g::Trait::Burnproof => Trait::Burnproof,
        ref other => Trait::Other(other.name().to_string()),
    }
}

fn attack(bar: &g::AttackBar) -> Attack {
    let mut attack = Attack {
        name: bar.name.to_string(),
        kind: match bar.kind {
            g::AttackKind::Melee => AttackKind::Melee,
            g::AttackKind::Ranged => AttackKind::Ranged,
            g::AttackKind::Neither => AttackKind::Other,
        },
        dice: bar.dice.into(),
        damage_type: bar.damage_type.map(damage_type),
        range: bar.range.map(|r| (r.min.into(), r.max.into())),
        strikes: 1,
        damage_barrier: bar.timing == g::AttackTiming::DamageBarrier,
        cost: bar.cost.map_or(0, u32::from),
        quick: bar.speed == Some(g::ActionSpeed::Quick),
        effects: bar
            .effects
            .iter()
            .map(|row| EffectRow {
                threshold: row.min.into(),
                effects: row.apply.iter().map(effect).collect(),
            })
            .collect(),
        ..Attack::default()
    };
    // An "OR" attack bar: the first alternative is used by default.
    let chosen = bar.alternatives.first().map_or(&[][..], |set| set.traits);
    for t in bar.traits.iter().chain(chosen) {
        match *t {
            g::Trait::Piercing(x) => attack.piercing += u32::from(x),
            g::Trait::BonusVersus { x, targets } => attack.versus.push(VersusBonus {
                bonus: x.into(),
                against: targets
                    .iter()
                    .map(|t| versus_word(&t.iter().map(|q| q.name()).collect::<Vec<_>>().join(" ")))
                    .collect(),
            }),
            g::Trait::Vampiric => attack.vampiric = true,
            g::Trait::Doublestrike => attack.strikes = 2,
            g::Trait::Triplestrike => attack.strikes = 3,
            g::Trait::Sweeping => attack.sweeping = true,
            g::Trait::Unavoidable => attack.unavoidable = true,
            g::Trait::Ethereal => attack.ethereal = true,
            g::Trait::Counterstrike => attack.counterstrike = true,
            g::Trait::ZoneAttack => attack.zone = true,
            g::Trait::DamageBarrier => attack.damage_barrier = true,
            g::Trait::CriticalDamage => attack.all_critical = true,
            g::Trait::NoDamage => attack.no_damage = true,
            g::Trait::Extinguish => attack.extinguish = true,
            g::Trait::Reach => attack.reach = true,
            g::Trait::Spell => attack.spell = true,
            g::Trait::ManaDrain(x) => attack.mana_drain = x.into(),
            g::Trait::ManaTransfer(x) => {
                attack.mana_drain = x.into();
                attack.mana_transfer = true;
            }
            _ => {}
        }
    }
    if bar.handler == Some(g::Handler::PoisonFangs) {
        attack.restrained_effect_bonus = POISON_FANGS_RESTRAINED_BONUS;
    }
    attack
}

/// The attack traits a card gives another creature's attacks, as far as the rules model them.
fn attack_boost(traits: &[g::Trait]) -> AttackBoost {
    let mut boost = AttackBoost::default();
    for t in traits {
        match *t {
            g::Trait::Vampiric => boost.vampiric = true,
            g::Trait::Unavoidable => boost.unavoidable = true,
            g::Trait::Ethereal => boost.ethereal = true,
            g::Trait::Piercing(x) => boost.piercing += u32::from(x),
            _ => {}
        }
    }
    boost
}

/// "Dark Creatures" → "dark": the word a defender's subtype, school or trait must match.
fn versus_word(target: &str) -> String {
    let lower = target.trim().to_ascii_lowercase();
    lower
        .trim_end_matches(" creatures")
        .trim_end_matches(" creature")
        .to_string()
}

fn effect(c: &g::Condition) -> Effect {
    match *c {
        g::Condition::Push => Effect::Push,
        other => Condition::parse(other.name()).map_or_else(
            || Effect::Other(other.name().to_string()),
            Effect::Condition,
        ),
    }
}
