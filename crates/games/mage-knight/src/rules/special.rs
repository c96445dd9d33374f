//! Attacks shaped by an ability or a formation: Thunder Blow, Counterattack, Shockwave,
//! Magic Confusion, Overwatch, Augment and ranged combat formations (with the checks every
//! formation shares).

use grimoire_engine::{Ctx, TablePoint};

use super::actions::{has_type, MageKnightRules};
use super::attack::{check_ranged_targets, cursed, fire, gang_up, matchup, Outcome, RangedAttack};
use super::combat::{roll_result, Matchup};
use super::content::{self, ActionKind, AttackRange, AttackType, Handler};
use super::dial;
use super::geometry;
use super::refusal::SpecialRefusal;
use super::resolve::{after_hits, record_roll, resolve, roll_against, roll_attack};
use super::state::{Event, Game, RulesError, WarriorId};

/// Counterattack: each target the close attack missed whose front arc touches the attacker may
/// strike back at once, without an action or a token (its controller chooses).
pub(super) fn counterattack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    targets: &[WarriorId],
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let missed: Vec<WarriorId> = targets
        .iter()
        .copied()
        .filter(|t| !state.last_hits.contains(t))
        .collect();
    for t in missed {
        if state.warriors[a].eliminated || state.warriors[t].eliminated {
            continue;
        }
        let (tw, aw) = (&state.warriors[t], &state.warriors[a]);
        let can = tw
            .abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Counterattack))
            && geometry::in_contact(&tw.position, &aw.position)
            && geometry::through_front_arc(&tw.position, &aw.position, tw.front_arc);
        if !can {
            continue;
        }
        let prompt = format!(
            "counterattack: does {} strike back at {}?",
            tw.name(),
            aw.name()
        );
        let options = vec!["counterattack".to_string(), "decline".to_string()];
        if ctx.choose(&prompt, &options)? != 0 {
            continue;
        }
        let mut m = matchup(state, t, a, AttackRange::Close);
        m.rear_contact = geometry::through_rear_arc(
            &state.warriors[a].position,
            &state.warriors[t].position,
            state.warriors[a].front_arc,
        );
        if m.rear_contact {
            m.situation_attack += i32::from(content::REAR_ARC_ATTACK_BONUS);
        }
        m.situation_attack += gang_up(state, t, a);
        resolve(rules, state, t, &[(a, m)], Outcome::Damage, ctx)?;
    }
    Ok(())
}

/// Shockwave (a special action): one roll against every other figure within half the range
/// (rounded up); 1 pushing damage to each one hit, or the damage value if exactly one is hit.
/// A critical hit's extra damage is not pushing damage.
pub fn shockwave(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let w = &state.warriors[a];
    let range = u32::from(w.data().range);
    if range == 0 {
        return Err(SpecialRefusal::NoShockwaveArea {
            warrior: state.named(a),
        }
        .into());
    }
    let radius = f64::from(range.div_ceil(2));
    let at = w.position;
    let inside: Vec<WarriorId> = state
        .in_play()
        .filter(|i| {
            *i != a
                && geometry::distance(&at, &state.warriors[*i].position)
                    <= radius + geometry::LENGTH_SLACK
        })
        .collect();
    let dice = roll_attack(rules, state, a, ctx)?;
    let mut hits = Vec::new();
    for t in inside {
        let m = matchup(state, a, t, AttackRange::Any);
        let result = roll_result(dice, m.attack_value(), m.defense_value());
        record_roll(
            state,
            a,
            t,
            dice,
            m.attack_value(),
            m.defense_value(),
            result,
            ctx,
        );
        if result.hit() {
            hits.push((t, m));
        }
    }
    state.last_hits = hits.iter().map(|(t, _)| *t).collect();
    if dice == u32::from(content::CRITICAL_MISS_ROLL) {
        dial::deal_damage(
            state,
            a,
            u32::from(content::CRITICAL_MISS_PUSHING_DAMAGE),
            true,
            ctx,
        );
        return Ok(());
    }
    let extra = if dice == u32::from(content::CRITICAL_HIT_ROLL) {
        u32::from(content::CRITICAL_HIT_EXTRA_DAMAGE)
    } else {
        0
    };
    if let [(t, m)] = hits.as_slice() {
        let amount = m.damage_taken(m.damage_value(None) + extra);
        dial::deal_reduced(state, *t, amount, ctx);
        return Ok(());
    }
    for (t, m) in &hits {
        dial::deal_damage(state, *t, u32::from(content::PUSHING_DAMAGE), true, ctx);
        if extra > 0 {
            dial::deal_reduced(state, *t, m.damage_taken(extra), ctx);
        }
    }
    Ok(())
}

/// The checks every formation makes: 3 to 5 different warriors of one player sharing a faction
/// symbol (Fact shares every friend's; the factionless share none), none with Frenzy, each in
/// base contact with another member.
pub fn check_formation(state: &Game, members: &[WarriorId]) -> Result<(), RulesError> {
    let count = members.len();
    let (min, max) = (
        usize::from(content::FORMATION_MIN_MEMBERS),
        usize::from(content::FORMATION_MAX_MEMBERS),
    );
    if !(min..=max).contains(&count) || (1..count).any(|i| members[..i].contains(&members[i])) {
        return Err(SpecialRefusal::FormationSize { min, max, count }.into());
    }
    // Fact: a member with it has every friend's faction symbols.
    let has_fact = |m: WarriorId| {
        state.warriors[m]
            .abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Fact))
    };
    let plain: Vec<WarriorId> = members.iter().copied().filter(|m| !has_fact(*m)).collect();
    let shared: Vec<content::Faction> = match plain.first() {
        None => vec![],
        Some(first) => state.warriors[*first]
            .data()
            .factions
            .iter()
            .copied()
            .filter(|f| !content::FACTIONLESS.contains(f))
            .filter(|f| {
                plain
                    .iter()
                    .all(|m| state.warriors[*m].data().factions.contains(f))
            })
            .collect(),
    };
    if shared.is_empty() && !plain.is_empty() {
        return Err(SpecialRefusal::NoSharedFaction.into());
    }
    for m in members {
        let w = state.warrior(*m)?;
        if w.owner != state.warriors[members[0]].owner {
            return Err(SpecialRefusal::NotYourWarrior {
                warrior: state.named(*m),
            }
            .into());
        }
        if w.abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Frenzy))
        {
            return Err(SpecialRefusal::FrenzyInFormation {
                warrior: state.named(*m),
            }
            .into());
        }
        let touches = members
            .iter()
            .any(|o| o != m && geometry::in_contact(&state.warriors[*o].position, &w.position));
        if !touches {
            return Err(SpecialRefusal::FormationApart {
                warrior: state.named(*m),
            }
            .into());
        }
    }
    Ok(())
}

/// Checks a ranged combat formation and asks each bow member for its contribution: 3 to 5
/// members in all sharing a faction symbol (not the factionless), each touching another, each
/// able to be given a ranged combat action with a clear line of fire to the single opposing
/// target, none with Frenzy. Returns the (attack, damage) modifiers the other members give.
pub(super) fn formation(
    rules: &MageKnightRules,
    state: &Game,
    attack: &RangedAttack,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(i32, i32), RulesError> {
    let a = attack.attacker;
    let mut members = vec![a];
    members.extend(attack.formation.iter().copied());
    check_formation(state, &members)?;
    let [t] = attack.targets[..] else {
        return Err(SpecialRefusal::FormationTargets.into());
    };
    if !state.opposing(a, t) || attack.confuse_to.is_some() || attack.bound_to.is_some() {
        return Err(SpecialRefusal::FormationPlainAttack.into());
    }
    for m in &members[1..] {
        rules.check_can_act(state, *m, ActionKind::RangedCombat)?;
        check_ranged_targets(rules, state, &RangedAttack::single(*m, t))?;
    }
    let (mut attack_bonus, mut damage_bonus) = (0, 0);
    for m in &attack.formation {
        let damage = has_type(state, *m, AttackType::Bow) && {
            let prompt = format!(
                "formation: does {} add +{} attack or +{} damage?",
                state.warriors[*m].name(),
                content::FORMATION_ATTACK_BONUS,
                content::FORMATION_BOW_DAMAGE_BONUS
            );
            ctx.choose(&prompt, &["attack".to_string(), "damage".to_string()])? == 1
        };
        if damage {
            damage_bonus += i32::from(content::FORMATION_BOW_DAMAGE_BONUS);
        } else {
            attack_bonus += i32::from(content::FORMATION_ATTACK_BONUS);
        }
    }
    Ok((attack_bonus, damage_bonus))
}

/// Overwatch, at the beginning of its controller's command phase: the token is removed and the
/// ranged attack is resolved against a target its controller chooses now (or none), even from
/// base contact with an opponent; no new action token.
pub fn resolve_overwatch(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    state.warriors[a].overwatch = false;
    let targets: Vec<WarriorId> = state
        .in_play()
        .filter(|t| state.opposing(a, *t))
        .filter(|t| {
            let attack = RangedAttack {
                overwatch: true,
                ..RangedAttack::single(a, *t)
            };
            check_ranged_targets(rules, state, &attack).is_ok()
        })
        .collect();
    if targets.is_empty() {
        return Ok(());
    }
    let mut options: Vec<String> = targets
        .iter()
        .map(|t| state.warriors[*t].name().to_string())
        .collect();
    options.push("none".to_string());
    let prompt = format!("Overwatch: whom does {} shoot?", state.warriors[a].name());
    let Some(t) = targets.get(ctx.choose(&prompt, &options)?).copied() else {
        return Ok(());
    };
    state.last_hits.clear();
    let attack = RangedAttack {
        overwatch: true,
        ..RangedAttack::single(a, t)
    };
    fire(rules, state, &attack, (0, 0), ctx)?;
    cursed(state, a, ctx);
    Ok(())
}

/// Augment: a friendly figure with Augment and fewer than two tokens that shares a faction
/// symbol with the attacker (Fact shares every friend's symbols) may lend it its unmodified
/// attack value (its controller chooses);
/// returns the value lent.
pub(super) fn augment(
    state: &mut Game,
    a: WarriorId,
    ctx: &mut Ctx<'_, Event>,
) -> Result<Option<u8>, RulesError> {
    let factions = state.warriors[a].data().factions;
    let fact = |i: WarriorId| {
        state.warriors[i]
            .abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Fact))
    };
    let lenders: Vec<WarriorId> = state
        .in_play()
        .filter(|i| {
            let w = &state.warriors[*i];
            *i != a
                && state.friendly(*i, a)
                && w.tokens < content::MAX_ACTION_TOKENS
                && (fact(a) || fact(*i) || w.data().factions.iter().any(|f| factions.contains(f)))
                && w.abilities()
                    .iter()
                    .any(|x| x.meta().handler == Some(Handler::Augment))
        })
        .collect();
    if lenders.is_empty() {
        return Ok(None);
    }
    let mut options: Vec<String> = lenders
        .iter()
        .map(|i| state.warriors[*i].name().to_string())
        .collect();
    options.push("none".to_string());
    let prompt = format!(
        "Augment: whose attack value does {} use?",
        state.warriors[a].name()
    );
    let pick = ctx.choose(&prompt, &options)?;
    Ok(lenders
        .get(pick)
        .and_then(|i| state.warriors[*i].current())
        .map(|c| c.attack))
}

/// Augment's price: the augmented attacker takes 1 pushing damage after the attack.
pub(super) fn augment_pushing(
    state: &mut Game,
    a: WarriorId,
    augmented: Option<u8>,
    ctx: &mut Ctx<'_, Event>,
) {
    if augmented.is_some() {
        dial::deal_damage(state, a, u32::from(content::PUSHING_DAMAGE), true, ctx);
    }
}

/// Magic Confusion: a ranged attack on one opposing figure; on a hit it takes no damage and
/// moves as if given a move action (its speed, break away, what its move triggers) to `to`,
/// never into base contact with the attacker's figures; it gets no token.
pub(super) fn magic_confusion(
    rules: &MageKnightRules,
    state: &mut Game,
    attack: &RangedAttack,
    to: TablePoint,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let a = attack.attacker;
    let [t] = attack.targets[..] else {
        return Err(SpecialRefusal::ConfusionTargets.into());
    };
    let m = matchup(state, a, t, AttackRange::Ranged);
    let confuses = m
        .attacker
        .iter()
        .any(|x| x.meta().handler == Some(Handler::MagicConfusion));
    if !confuses {
        return Err(SpecialRefusal::CannotConfuse {
            attacker: state.named(a),
            target: state.named(t),
        }
        .into());
    }
    if !state.opposing(a, t) {
        return Err(SpecialRefusal::ConfusionFriendly.into());
    }
    if let Some(f) = state.in_play().find(|i| {
        *i != t && state.friendly(*i, a) && geometry::in_contact(&state.warriors[*i].position, &to)
    }) {
        return Err(SpecialRefusal::ConfusedIntoFriend {
            friend: state.named(f),
        }
        .into());
    }
    let mut m = m;
    let tw = &state.warriors[t];
    if geometry::through_rear_arc(&tw.position, &state.warriors[a].position, tw.front_arc) {
        m.situation_attack += i32::from(content::REAR_ARC_ATTACK_BONUS);
    }
    let Some((_, hits)) = roll_against(rules, state, a, &[(t, m)], ctx)? else {
        return Ok(());
    };
    if !hits.is_empty() {
        rules.move_warrior(state, t, (&[], to), ActionKind::Special, ctx)?;
    }
    Ok(())
}

/// Thunder Blow: after a hit on its single target the attacker may attack it again and again,
/// at -1 attack per additional attack (cumulative), until it stops or a roll fails. Damage is
/// the damage value +1 per success after the first (a critical on any success adds its extra
/// once); what needs a successful attack follows only when the final roll succeeded; when it
/// failed, Counterattack comes first and the damage value showing after it is used.
pub(super) fn thunder_blow(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    t: WarriorId,
    m: Matchup,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let Some((dice, hits)) = roll_against(rules, state, a, &[(t, m.clone())], ctx)? else {
        return counterattack(rules, state, a, &[t], ctx);
    };
    if hits.is_empty() {
        return counterattack(rules, state, a, &[t], ctx);
    }
    let mut successes = 1u32;
    let mut critical = dice == u32::from(content::CRITICAL_HIT_ROLL);
    let mut last_dice = dice;
    let mut final_hit = true;
    loop {
        let prompt = format!(
            "Thunder Blow: does {} attack {} again?",
            state.warriors[a].name(),
            state.warriors[t].name()
        );
        if ctx.choose(&prompt, &["again".to_string(), "stop".to_string()])? != 0 {
            break;
        }
        let mut again = m.clone();
        again.situation_attack -= successes as i32;
        match roll_against(rules, state, a, &[(t, again)], ctx)? {
            Some((d, h)) if !h.is_empty() => {
                successes += 1;
                critical |= d == u32::from(content::CRITICAL_HIT_ROLL);
                last_dice = d;
            }
            _ => {
                final_hit = false;
                break;
            }
        }
    }
    if !final_hit {
        counterattack(rules, state, a, &[t], ctx)?;
        if state.warriors[a].eliminated || state.warriors[t].eliminated {
            return Ok(());
        }
    }
    let mut now = matchup(state, a, t, AttackRange::Close);
    now.rear_contact = m.rear_contact;
    now.situation_damage += successes as i32 - 1;
    if final_hit {
        state.last_hits = vec![t];
        return after_hits(
            rules,
            state,
            a,
            vec![(t, now)],
            last_dice,
            critical,
            Outcome::Damage,
            ctx,
        );
    }
    state.last_hits.clear();
    let extra = if critical {
        u32::from(content::CRITICAL_HIT_EXTRA_DAMAGE)
    } else {
        0
    };
    let die = if now.damage_from_die() {
        Some(rules.roll_d6(ctx)?)
    } else {
        None
    };
    dial::deal_reduced(
        state,
        t,
        now.damage_taken(now.damage_value(die) + extra),
        ctx,
    );
    Ok(())
}
