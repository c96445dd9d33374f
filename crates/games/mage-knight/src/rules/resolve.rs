//! Resolving an attack roll: the two dice (with Hex's reroll), the comparison with every
//! target and Dodge, then what a hit does (capture, a captive's elimination, tokens, damage with
//! its split, Reckless, Magic Retaliation, Vampirism / Life Drain, splash and self pushing), and
//! healing attacks.

use grimoire_engine::Ctx;

use super::actions::{is_demoralized, MageKnightRules};
use super::attack::{matchup, Outcome};
use super::combat::{roll_result, Matchup, RollResult};
use super::content::{
    self, AttackRange, EffectOp, Handler, HealAmount, SpecialAbility, SplashDamage,
};
use super::dial;
use super::effects::{self, covers};
use super::geometry;
use super::state::{Event, Game, RulesError, WarriorId};

/// Rolls the attack dice: two six-sided dice, natural total.
pub(super) fn roll_attack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    ctx: &mut Ctx<'_, Event>,
) -> Result<u32, RulesError> {
    let roll = |ctx: &mut Ctx<'_, Event>| -> Result<u32, RulesError> {
        let mut total = 0;
        for _ in 0..content::ATTACK_DICE {
            total += rules.roll_d6(ctx)?;
        }
        Ok(total)
    };
    let mut total = roll(ctx)?;
    if hex(state, a, total, ctx)? {
        total = roll(ctx)?;
    }
    state.last_roll = total;
    state.last_values = None;
    Ok(total)
}

/// Hex: a warrior holding a Hex token may make an attacker within [`content::HEX_RANGE`]
/// inches reroll its attack (its controller chooses); the token is then spent.
pub(super) fn hex(
    state: &mut Game,
    a: WarriorId,
    rolled: u32,
    ctx: &mut Ctx<'_, Event>,
) -> Result<bool, RulesError> {
    let at = state.warriors[a].position;
    let hexers: Vec<WarriorId> = state
        .in_play()
        .filter(|i| {
            state.warriors[*i].hex
                && geometry::distance(&state.warriors[*i].position, &at)
                    <= f64::from(content::HEX_RANGE) + geometry::LENGTH_SLACK
        })
        .collect();
    for h in hexers {
        let prompt = format!(
            "Hex: does {} make {} reroll its attack roll of {rolled}?",
            state.warriors[h].name(),
            state.warriors[a].name()
        );
        if ctx.choose(&prompt, &["reroll".to_string(), "no".to_string()])? == 0 {
            state.warriors[h].hex = false;
            ctx.record(Event::Hex {
                warrior: h,
                attacker: a,
            });
            return Ok(true);
        }
    }
    Ok(false)
}

/// A healing attack (Healing, Magic Healing): modifiers ignored; on success, heals.
pub(super) fn heal_attack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    t: WarriorId,
    amount: HealAmount,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let attack = u32::from(state.warriors[a].current().map_or(0, |c| c.attack));
    let defense = u32::from(state.warriors[t].current().map_or(0, |c| c.defense));
    let damage = u32::from(state.warriors[a].current().map_or(0, |c| c.damage));
    let dice = roll_attack(rules, state, a, ctx)?;
    let result = roll_result(dice, attack, defense);
    record_roll(state, a, t, dice, attack, defense, result, ctx);
    state.last_hits.clear();
    if result == RollResult::CriticalMiss {
        dial::deal_damage(
            state,
            a,
            u32::from(content::CRITICAL_MISS_PUSHING_DAMAGE),
            true,
            ctx,
        );
    }
    if !result.hit() {
        return Ok(());
    }
    state.last_hits.push(t);
    let mut healing = match amount {
        HealAmount::DamageValue => damage,
        HealAmount::Die => rules.roll_d6(ctx)?,
        HealAmount::One => 1,
        HealAmount::DamageValueOrDie => {
            let options = vec![format!("damage value ({damage})"), "die".to_string()];
            match ctx.choose("heal by the damage value or by a die roll?", &options)? {
                0 => damage,
                _ => rules.roll_d6(ctx)?,
            }
        }
    };
    if result == RollResult::CriticalHit {
        healing += u32::from(content::CRITICAL_HIT_EXTRA_DAMAGE);
    }
    dial::heal(state, t, healing, ctx);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub(super) fn record_roll(
    state: &mut Game,
    a: WarriorId,
    t: WarriorId,
    dice: u32,
    attack: u32,
    defense: u32,
    result: RollResult,
    ctx: &mut Ctx<'_, Event>,
) {
    state.last_values.get_or_insert((attack, defense));
    ctx.record(Event::AttackRoll {
        attacker: a,
        target: t,
        dice,
        attack,
        defense,
        hit: result.hit(),
    });
}

/// One roll against every target of `matchups`, then damage and what follows it.
pub(super) fn resolve(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    matchups: &[(WarriorId, Matchup)],
    outcome: Outcome,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let Some((dice, hits)) = roll_against(rules, state, a, matchups, ctx)? else {
        return Ok(());
    };
    let critical = dice == u32::from(content::CRITICAL_HIT_ROLL);
    after_hits(rules, state, a, hits, dice, critical, outcome, ctx)
}

/// An attack roll that did not critically miss: the dice total and the targets it hit.
pub(super) type Rolled = (u32, Vec<(WarriorId, Matchup)>);

/// Rolls the attack dice once against every target of `matchups` (with Dodge rolls). Returns
/// `None` on a critical miss (the attacker has taken its pushing damage), else the dice total
/// and the targets hit; records them in `state.last_hits`.
pub(super) fn roll_against(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    matchups: &[(WarriorId, Matchup)],
    ctx: &mut Ctx<'_, Event>,
) -> Result<Option<Rolled>, RulesError> {
    let dice = roll_attack(rules, state, a, ctx)?;
    state.last_hits.clear();
    let mut hits = Vec::new();
    for (t, m) in matchups {
        let result = roll_result(dice, m.attack_value(), m.defense_value());
        record_roll(
            state,
            a,
            *t,
            dice,
            m.attack_value(),
            m.defense_value(),
            result,
            ctx,
        );
        if !result.hit() {
            continue;
        }
        if let Some(on) = m.dodge_on() {
            let roll = rules.roll_d6(ctx)?;
            let dodged = roll >= on;
            ctx.record(Event::Dodge {
                warrior: *t,
                roll,
                dodged,
            });
            if dodged {
                continue;
            }
        }
        hits.push((*t, m.clone()));
    }
    if dice == u32::from(content::CRITICAL_MISS_ROLL) {
        ctx.record(Event::Critical {
            attacker: a,
            hit: false,
        });
        dial::deal_damage(
            state,
            a,
            u32::from(content::CRITICAL_MISS_PUSHING_DAMAGE),
            true,
            ctx,
        );
        return Ok(None);
    }
    if dice == u32::from(content::CRITICAL_HIT_ROLL) {
        ctx.record(Event::Critical {
            attacker: a,
            hit: true,
        });
    }
    state.last_hits = hits.iter().map(|(t, _)| *t).collect();
    Ok(Some((dice, hits)))
}

/// Reckless: after a successful close attack the attacker may take 1 pushing damage for +1
/// damage, again and again while it is neither eliminated nor Demoralized (the rule of 3 caps
/// the damage modifier). Returns the damage modifier gained.
pub(super) fn reckless(
    state: &mut Game,
    a: WarriorId,
    ctx: &mut Ctx<'_, Event>,
) -> Result<i32, RulesError> {
    let mut gained = 0;
    loop {
        let w = &state.warriors[a];
        let reckless = w
            .abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Reckless));
        if w.eliminated || !reckless || is_demoralized(state, a) {
            return Ok(gained);
        }
        let prompt = format!(
            "Reckless: does {} take 1 pushing damage for +1 damage?",
            w.name()
        );
        if ctx.choose(&prompt, &["push".to_string(), "stop".to_string()])? != 0 {
            return Ok(gained);
        }
        dial::deal_damage(state, a, u32::from(content::PUSHING_DAMAGE), true, ctx);
        gained += 1;
    }
}

/// What follows a roll that hit `hits`: capture, eliminating a captive, tokens (Immobilize,
/// Magic Freeze), or damage with Reckless, Magic Retaliation, Vampirism / Life Drain, splash
/// and self pushing.
#[allow(clippy::too_many_arguments)]
pub(super) fn after_hits(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    mut hits: Vec<(WarriorId, Matchup)>,
    dice: u32,
    critical: bool,
    outcome: Outcome,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let Some((_, first)) = hits.first() else {
        return Ok(());
    };
    let range = first.range;
    match outcome {
        Outcome::Capture => {
            let (t, _) = hits[0];
            let tw = &mut state.warriors[t];
            tw.tokens = 0;
            tw.captive = Some(a);
            ctx.record(Event::Captured {
                warrior: t,
                captor: a,
            });
            return Ok(());
        }
        Outcome::EliminateCaptive => {
            let (t, _) = hits[0];
            dial::eliminate(state, t, ctx);
            return Ok(());
        }
        Outcome::Damage => {}
    }
    if let Some(roll_at_least) = effects::ops(&first.attacker).find_map(|(_, op)| match op {
        EffectOp::TokenOnHit {
            against,
            roll_at_least,
        } if covers(*against, range) => Some(u32::from(*roll_at_least)),
        _ => None,
    }) {
        for (t, _) in &hits {
            if state.warriors[*t].tokens >= content::MAX_ACTION_TOKENS {
                continue;
            }
            if roll_at_least > 1 && rules.roll_d6(ctx)? < roll_at_least {
                continue;
            }
            if dial::give_token(state, *t, ctx) {
                dial::push(state, *t, ctx);
            }
        }
        return Ok(());
    }
    if range == AttackRange::Close {
        let gained = reckless(state, a, ctx)?;
        for (_, m) in hits.iter_mut() {
            m.situation_damage += gained;
        }
    }
    let first = &hits[0].1;
    let die = if first.damage_from_die() {
        Some(rules.roll_d6(ctx)?)
    } else {
        None
    };
    let refs: Vec<(WarriorId, &Matchup)> = hits.iter().map(|(t, m)| (*t, m)).collect();
    let shares = damage_shares(state, &refs, die, ctx)?;
    let extra = if critical {
        u32::from(content::CRITICAL_HIT_EXTRA_DAMAGE)
    } else {
        0
    };
    let mut damaged = 0;
    for ((t, m), share) in refs.iter().zip(&shares) {
        let dealt = dial::deal_reduced(state, *t, m.damage_taken(share + extra), ctx);
        if dealt == 0 {
            continue;
        }
        damaged += 1;
        let retaliation: u32 = effects::ops(&m.target)
            .map(|(_, op)| match op {
                EffectOp::Retaliate { damage } => u32::from(*damage),
                _ => 0,
            })
            .sum();
        let attacker_immune = effects::magic_immune(&state.warriors[a].abilities());
        if retaliation > 0 && !(attacker_immune && retaliating_is_magic(&m.target)) {
            dial::deal_damage(state, a, retaliation, false, ctx);
        }
    }
    let drain: u32 = effects::ops(&first.attacker)
        .map(|(_, op)| match op {
            EffectOp::HealPerDamagedTarget { clicks, against } if covers(*against, range) => {
                u32::from(*clicks)
            }
            _ => 0,
        })
        .sum();
    if drain > 0 && damaged > 0 {
        dial::heal(state, a, drain * damaged, ctx);
    }
    splash(state, a, &refs, dice, extra, ctx);
    let pushing: u32 = effects::ops(&first.attacker)
        .map(|(_, op)| match op {
            EffectOp::SelfPushingAfterAttack { amount } => u32::from(*amount),
            _ => 0,
        })
        .sum();
    if pushing > 0 {
        dial::deal_damage(state, a, pushing, true, ctx);
    }
    Ok(())
}

/// Whether the retaliating ability is a magic one (Magic Retaliation does not affect a Magic
/// Immunity attacker).
pub(super) fn retaliating_is_magic(target_abilities: &[SpecialAbility]) -> bool {
    effects::ops(target_abilities)
        .any(|(a, op)| matches!(op, EffectOp::Retaliate { .. }) && a.meta().magic)
}

/// Each hit target's share of the damage: close attacks deal the damage value to each; a
/// ranged attack's damage is split among the targets hit as the attacker's player chooses.
pub(super) fn damage_shares(
    state: &Game,
    hits: &[(WarriorId, &Matchup)],
    die: Option<u32>,
    ctx: &mut Ctx<'_, Event>,
) -> Result<Vec<u32>, RulesError> {
    let (_, first) = hits[0];
    if first.range == AttackRange::Close || hits.len() == 1 {
        return Ok(hits.iter().map(|(_, m)| m.damage_value(die)).collect());
    }
    let mut left = first.damage_value(die);
    let mut shares = Vec::new();
    for (n, (t, _)) in hits.iter().enumerate() {
        if n + 1 == hits.len() {
            shares.push(left);
            break;
        }
        let options: Vec<String> = (0..=left).map(|d| d.to_string()).collect();
        let prompt = format!(
            "ranged damage to {} ({} left to split)",
            state.warriors[*t].name(),
            left
        );
        let share = ctx.choose(&prompt, &options)? as u32;
        left -= share;
        shares.push(share);
    }
    Ok(shares)
}

/// Flame/Lightning, Stormfire, Smite: the same roll against the figures touching the targets.
pub(super) fn splash(
    state: &mut Game,
    a: WarriorId,
    hits: &[(WarriorId, &Matchup)],
    dice: u32,
    extra: u32,
    ctx: &mut Ctx<'_, Event>,
) {
    let (_, first) = hits[0];
    let range = first.range;
    let Some(kind) = effects::ops(&first.attacker).find_map(|(_, op)| match op {
        EffectOp::SplashOnHit { damage, against } if covers(*against, range) => Some(*damage),
        _ => None,
    }) else {
        return;
    };
    let targets: Vec<WarriorId> = hits.iter().map(|(t, _)| *t).collect();
    let mut others: Vec<WarriorId> = Vec::new();
    for t in &targets {
        let at = state.warriors[*t].position;
        for i in state.in_play() {
            let only_opponents = kind == SplashDamage::DamageValue;
            if i != a
                && !targets.contains(&i)
                && !others.contains(&i)
                && (!only_opponents || state.opposing(i, a))
                && geometry::in_contact(&state.warriors[i].position, &at)
            {
                others.push(i);
            }
        }
    }
    for o in others {
        if state.warriors[o].eliminated {
            continue;
        }
        let m = matchup(state, a, o, range);
        if !(roll_result(dice, m.attack_value(), m.defense_value())).hit() {
            continue;
        }
        let amount = match kind {
            SplashDamage::One => 1,
            SplashDamage::DamageValue => m.damage_value(None),
        };
        dial::deal_reduced(state, o, m.damage_taken(amount + extra), ctx);
    }
}
