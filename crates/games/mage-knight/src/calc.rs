//! The exact combat calculator: one warrior attacking another, each at a given click, close or
//! ranged, away from any situational modifier (no rear arc, gang up or terrain).
//!
//! Every outcome is enumerated: the 36 rolls of the two attack dice, and a six-sided die for
//! each ability that rolls one (Parry before the roll, Dodge after a hit, Weapon Master or
//! Magic Blast for the damage). Each outcome has the same weight, so probabilities are counts
//! over `36 × 6^k`: exact [`Ratio`]s, printed as fractions or correctly rounded decimals. The
//! attack arithmetic is the rules' own ([`crate::rules::combat::Matchup`]), and a test plays
//! every die sequence through the rules engine to check that both agree.
//!
//! Optional abilities are taken as used (nothing cancelled). The calculator is one attack roll:
//! abilities that add player choices or further rolls after it (Thunder Blow, Counterattack,
//! Reckless, Flame/Lightning's neighbours, Magic Retaliation on the attacker) are not part of
//! the defender's distribution; none of the first two appears on a dial of the data.

use std::fmt;

use crate::rules::combat::{roll_result, Matchup, RollResult};
use crate::rules::effects;
pub use crate::rules::state::find_warrior;
use crate::{AttackRange, Card, EffectOp, CRITICAL_HIT_EXTRA_DAMAGE, D6_DIE};

/// An exact probability: `num / den`, reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratio {
    /// Numerator.
    pub num: u64,
    /// Denominator (never 0).
    pub den: u64,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Ratio {
    /// `num / den`, reduced.
    pub fn new(num: u64, den: u64) -> Self {
        let g = gcd(num, den).max(1);
        Self {
            num: num / g,
            den: den / g,
        }
    }

    /// The value correctly rounded to `places` decimals (half away from zero), as text.
    pub fn decimal(&self, places: u32) -> String {
        let scale = 10u128.pow(places);
        let scaled =
            (u128::from(self.num) * scale * 2 + u128::from(self.den)) / (u128::from(self.den) * 2);
        let whole = scaled / scale;
        if places == 0 {
            return whole.to_string();
        }
        format!(
            "{whole}.{:0width$}",
            scaled % scale,
            width = places as usize
        )
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// What to calculate.
#[derive(Debug, Clone, Copy)]
pub struct Query {
    /// The attacking warrior.
    pub attacker: Card,
    /// Clicks turned on the attacker's dial.
    pub attacker_click: usize,
    /// The defending warrior.
    pub defender: Card,
    /// Clicks turned on the defender's dial.
    pub defender_click: usize,
    /// Close or ranged.
    pub range: AttackRange,
}

/// The result of a calculation.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The attack value after the abilities' modifiers (before a Parry roll).
    pub attack_value: u32,
    /// The defense value after the abilities' modifiers.
    pub defense_value: u32,
    /// Chance the attack succeeds against the defender (after Dodge).
    pub p_hit: Ratio,
    /// Chance of a critical hit (two 6s), before Dodge.
    pub p_critical_hit: Ratio,
    /// Chance of a critical miss (two 1s): the attacker takes pushing damage.
    pub p_critical_miss: Ratio,
    /// Chance of each number of clicks dealt (index = clicks).
    pub clicks_dealt: Vec<Ratio>,
    /// Chance of each resulting defender click (index = click); the last entry is elimination.
    pub defender_click: Vec<Ratio>,
    /// Chance the defender is eliminated.
    pub p_eliminate: Ratio,
    /// Expected clicks dealt.
    pub expected_clicks: Ratio,
}

fn warrior(card: Card) -> &'static crate::Warrior {
    let Card::Warrior(w) = card;
    w
}

fn abilities_of(click: &crate::Click) -> Vec<crate::SpecialAbility> {
    [
        click.speed_ability,
        click.attack_ability,
        click.defense_ability,
        click.damage_ability,
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Runs the exact calculation.
pub fn calculate(q: &Query) -> Result<Outcome, String> {
    let (a, d) = (warrior(q.attacker), warrior(q.defender));
    let click = |w: &'static crate::Warrior, n: usize, who: &str| {
        w.dial.get(n).ok_or_else(|| {
            format!(
                "{who} {} has clicks 0 to {}; click {n} shows skulls",
                w.name,
                w.dial.len() - 1
            )
        })
    };
    let (ac, dc) = (
        click(a, q.attacker_click, "attacker")?,
        click(d, q.defender_click, "defender")?,
    );
    let attacker_abilities = abilities_of(ac);
    if let Some(f) = effects::forbids(
        &attacker_abilities,
        if q.range == AttackRange::Ranged {
            crate::ActionKind::RangedCombat
        } else {
            crate::ActionKind::CloseCombat
        },
    ) {
        return Err(format!(
            "{} shows {f} at click {} and cannot make this attack",
            a.name, q.attacker_click
        ));
    }
    if q.range == AttackRange::Ranged && a.range == 0 {
        return Err(format!(
            "{} has range 0 and cannot make ranged attacks",
            a.name
        ));
    }
    let defender_abilities = abilities_of(dc);
    if q.range == AttackRange::Ranged
        && effects::any(&defender_abilities, |op| {
            matches!(op, EffectOp::NotRangedTarget)
        })
    {
        return Err(format!(
            "{} cannot be the target of ranged attacks at click {}",
            d.name, q.defender_click
        ));
    }
    let matchup = Matchup::new(
        q.range,
        (&attacker_abilities, *ac, None),
        (&defender_abilities, *dc),
    );
    let parry = effects::ops(&matchup.target).find_map(|(_, op)| match op {
        EffectOp::AttackerDiePenalty { minus, minimum } if q.range == AttackRange::Close => {
            Some((u32::from(*minus), u32::from(*minimum)))
        }
        _ => None,
    });
    let faces: Vec<u32> = D6_DIE.iter().map(|f| u32::from(f.value)).collect();
    let parry_faces: Vec<Option<u32>> = match parry {
        Some(_) => faces.iter().copied().map(Some).collect(),
        None => vec![None],
    };
    let dodge_on = matchup.dodge_on();
    let dodge_faces: Vec<Option<u32>> = match dodge_on {
        Some(_) => faces.iter().copied().map(Some).collect(),
        None => vec![None],
    };
    let damage_faces: Vec<Option<u32>> = if matchup.damage_from_die() {
        faces.iter().copied().map(Some).collect()
    } else {
        vec![None]
    };
    let to_eliminate = d.dial.len() - q.defender_click;
    let mut dealt_counts: Vec<u64> = Vec::new();
    let (mut hit, mut crit, mut fumble, mut total) = (0u64, 0u64, 0u64, 0u64);
    for p in &parry_faces {
        let mut m = matchup.clone();
        if let (Some(roll), Some((minus, minimum))) = (p, parry) {
            m.situation_attack -= roll.saturating_sub(minus).max(minimum) as i32;
        }
        let (attack, defense) = (m.attack_value(), m.defense_value());
        for d1 in &faces {
            for d2 in &faces {
                let result = roll_result(d1 + d2, attack, defense);
                for dodge in &dodge_faces {
                    for die in &damage_faces {
                        total += 1;
                        match result {
                            RollResult::CriticalHit => crit += 1,
                            RollResult::CriticalMiss => fumble += 1,
                            _ => {}
                        }
                        let dodged = matches!((dodge, dodge_on), (Some(r), Some(on)) if *r >= on);
                        let dealt = if result.hit() && !dodged {
                            hit += 1;
                            let extra = if result == RollResult::CriticalHit {
                                u32::from(CRITICAL_HIT_EXTRA_DAMAGE)
                            } else {
                                0
                            };
                            m.damage_taken(m.damage_value(*die) + extra) as usize
                        } else {
                            0
                        };
                        if dealt_counts.len() <= dealt {
                            dealt_counts.resize(dealt + 1, 0);
                        }
                        dealt_counts[dealt] += 1;
                    }
                }
            }
        }
    }
    let mut click_counts = vec![0u64; to_eliminate + 1];
    let mut weighted = 0u64;
    for (dealt, count) in dealt_counts.iter().enumerate() {
        click_counts[dealt.min(to_eliminate)] += count;
        weighted += dealt as u64 * count;
    }
    let mut defender_click = vec![Ratio::new(0, 1); q.defender_click];
    defender_click.extend(click_counts.iter().map(|c| Ratio::new(*c, total)));
    let base = matchup.clone();
    Ok(Outcome {
        attack_value: base.attack_value(),
        defense_value: base.defense_value(),
        p_hit: Ratio::new(hit, total),
        p_critical_hit: Ratio::new(crit, total),
        p_critical_miss: Ratio::new(fumble, total),
        clicks_dealt: dealt_counts.iter().map(|c| Ratio::new(*c, total)).collect(),
        p_eliminate: Ratio::new(click_counts[to_eliminate], total),
        defender_click,
        expected_clicks: Ratio::new(weighted, total),
    })
}
