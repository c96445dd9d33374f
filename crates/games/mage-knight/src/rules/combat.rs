//! The arithmetic of one attack against one target, shared by the rules and the exact
//! calculator: attack and defense values with the rule of 3, the hit test with criticals, and
//! the damage a hit deals after replacements, modifiers and reductions.
//!
//! Order (rules, "Resolving an attack" and "Rule of 3"): replacement values (a die instead of
//! the damage value, doubling) come first; modifiers are summed and clamped to
//! ±[`content::MODIFIER_LIMIT`]; values never go below 0; a critical hit adds
//! [`content::CRITICAL_HIT_EXTRA_DAMAGE`]; reductions (Toughness, Invulnerability) apply to the
//! damage dealt and are outside the rule of 3.

use super::content::{self, AttackRange, AttackType, Click, EffectOp, SpecialAbility};
use super::effects::{self, covers};

/// What is known about one attack against one target before the dice.
#[derive(Debug, Clone)]
pub struct Matchup {
    /// Close or ranged.
    pub range: AttackRange,
    /// The attacker's abilities that act against this target (its magic abilities are gone
    /// against a Magic Immunity target).
    pub attacker: Vec<SpecialAbility>,
    /// The target's abilities that act in this attack (its defense abilities are gone when the
    /// attacker ignores them).
    pub target: Vec<SpecialAbility>,
    /// The attacker's printed attack type.
    pub attacker_type: Option<AttackType>,
    /// The attacker's click.
    pub attacker_click: Click,
    /// The target's click.
    pub target_click: Click,
    /// Attack modifiers from the situation (rear arc, gang up, capture, precision, point
    /// blank, Parry), before the rule of 3.
    pub situation_attack: i32,
    /// Damage modifiers from the situation (point blank, Magic Enhancement).
    pub situation_damage: i32,
    /// Defense modifiers from the situation (the hindering terrain modifier and the height
    /// advantage of a ranged attack's line of fire), before the rule of 3.
    pub situation_defense: i32,
    /// Whether the attacker is in base contact with the target's rear arc (Sneak Attack).
    pub rear_contact: bool,
    /// A friend's unmodified defense value the target uses instead of its own (Defend).
    pub lent_defense: Option<u8>,
}

impl Matchup {
    /// A matchup of two warriors' current abilities: drops the attacker's magic abilities
    /// against a Magic Immunity target (unless the attacker has Spellbreach) and the target's
    /// defense abilities when the attacker ignores them.
    pub fn new(
        range: AttackRange,
        attacker: (&[SpecialAbility], Click, Option<AttackType>),
        target: (&[SpecialAbility], Click),
    ) -> Self {
        let mut target_abilities = if effects::ignores_defense_abilities(attacker.0, range) {
            effects::without_defense_abilities(target.0)
        } else {
            target.0.to_vec()
        };
        if effects::breaches_magic_immunity(attacker.0) {
            target_abilities = effects::without_magic_immunity(&target_abilities).to_vec();
        }
        let attacker_abilities = if effects::magic_immune(&target_abilities) {
            effects::without_magic(attacker.0).to_vec()
        } else {
            attacker.0.to_vec()
        };
        Matchup {
            range,
            attacker: attacker_abilities,
            target: target_abilities,
            attacker_type: attacker.2,
            attacker_click: attacker.1,
            target_click: target.1,
            situation_attack: 0,
            situation_damage: 0,
            situation_defense: 0,
            rear_contact: false,
            lent_defense: None,
        }
    }

    /// Attack modifiers the abilities give (Spell Resistance on the target).
    fn ability_attack_modifiers(&self) -> i32 {
        effects::ops(&self.target)
            .map(|(_, op)| match op {
                EffectOp::ModifyAttackerAttack {
                    amount,
                    against,
                    attack_type,
                } if covers(*against, self.range)
                    && attack_type.is_none_or(|t| Some(t) == self.attacker_type) =>
                {
                    i32::from(*amount)
                }
                _ => 0,
            })
            .sum()
    }

    /// Defense modifiers the abilities give (Battle Armor, Invulnerability on the target;
    /// Sniper on the attacker).
    fn ability_defense_modifiers(&self) -> i32 {
        let own: i32 = effects::ops(&self.target)
            .map(|(_, op)| match op {
                EffectOp::ModifyDefense { amount, against } if covers(*against, self.range) => {
                    i32::from(*amount)
                }
                _ => 0,
            })
            .sum();
        let attacker: i32 = effects::ops(&self.attacker)
            .map(|(_, op)| match op {
                EffectOp::ModifyTargetDefense { amount, against }
                    if covers(*against, self.range) =>
                {
                    i32::from(*amount)
                }
                _ => 0,
            })
            .sum();
        own + attacker
    }

    /// The attack value after modifiers (rule of 3, never below 0).
    pub fn attack_value(&self) -> u32 {
        modified(
            u32::from(self.attacker_click.attack),
            self.situation_attack + self.ability_attack_modifiers(),
        )
    }

    /// The defense value after modifiers (rule of 3, never below 0).
    pub fn defense_value(&self) -> u32 {
        let base = self.lent_defense.unwrap_or(self.target_click.defense);
        modified(
            u32::from(base),
            self.ability_defense_modifiers() + self.situation_defense,
        )
    }

    /// The Dodge threshold of the target, if it has Dodge here.
    pub fn dodge_on(&self) -> Option<u32> {
        effects::ops(&self.target)
            .filter_map(|(_, op)| match op {
                EffectOp::DodgeRoll { succeed_on } => Some(u32::from(*succeed_on)),
                _ => None,
            })
            .min()
    }

    /// Whether the damage value is replaced by a die roll (Weapon Master, Magic Blast).
    pub fn damage_from_die(&self) -> bool {
        effects::any(
            &self.attacker,
            |op| matches!(op, EffectOp::DamageFromDie { against } if covers(*against, self.range)),
        )
    }

    /// The damage value a hit deals before the split between targets, criticals and
    /// reductions: `die` replaces the printed value when [`Self::damage_from_die`].
    pub fn damage_value(&self, die: Option<u32>) -> u32 {
        let mut base = match die {
            Some(d) if self.damage_from_die() => d,
            _ => u32::from(self.attacker_click.damage),
        };
        if self.range == AttackRange::Close && self.rear_contact {
            let factor = effects::ops(&self.attacker)
                .filter_map(|(_, op)| match op {
                    EffectOp::RearContactDamageMultiplier { factor } => Some(u32::from(*factor)),
                    _ => None,
                })
                .max()
                .unwrap_or(1);
            base *= factor;
        }
        modified(base, self.situation_damage)
    }

    /// Damage the target takes from `amount` (its share of the damage, a critical hit's extra
    /// included): its reductions apply.
    pub fn damage_taken(&self, amount: u32) -> u32 {
        amount.saturating_sub(effects::damage_reduction(&self.target, false))
    }
}

/// A value after the net modifier `modifier`: clamped to ±[`content::MODIFIER_LIMIT`] (rule of
/// 3), never below 0.
pub fn modified(value: u32, modifier: i32) -> u32 {
    let limit = i32::from(content::MODIFIER_LIMIT);
    let net = modifier.clamp(-limit, limit);
    (i64::from(value) + i64::from(net)).max(0) as u32
}

/// How an attack roll came out against one defense value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollResult {
    /// Two 1s: misses whatever the values, and the attacker takes pushing damage.
    CriticalMiss,
    /// Below the defense value.
    Miss,
    /// At or above the defense value.
    Hit,
    /// Two 6s: hits whatever the values, with extra damage.
    CriticalHit,
}

impl RollResult {
    /// Whether it succeeds.
    pub fn hit(self) -> bool {
        matches!(self, RollResult::Hit | RollResult::CriticalHit)
    }
}

/// The attack roll `dice` (natural total) with attack value `attack` against `defense`.
pub fn roll_result(dice: u32, attack: u32, defense: u32) -> RollResult {
    if dice == u32::from(content::CRITICAL_MISS_ROLL) {
        RollResult::CriticalMiss
    } else if dice == u32::from(content::CRITICAL_HIT_ROLL) {
        RollResult::CriticalHit
    } else if dice + attack >= defense {
        RollResult::Hit
    } else {
        RollResult::Miss
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_of_3_clamps_and_values_stay_non_negative() {
        assert_eq!(modified(10, 4), 13);
        assert_eq!(modified(10, -7), 7);
        assert_eq!(modified(2, -3), 0);
    }

    #[test]
    fn criticals_ignore_the_values() {
        assert_eq!(roll_result(2, 20, 10), RollResult::CriticalMiss);
        assert_eq!(roll_result(12, 0, 30), RollResult::CriticalHit);
        assert_eq!(roll_result(7, 8, 15), RollResult::Hit);
        assert_eq!(roll_result(6, 8, 15), RollResult::Miss);
    }
}
