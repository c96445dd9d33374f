//! Close and ranged combat actions: targets and their legality (base contact and front arc;
//! range, front arc and line of fire), the situation's modifiers (rear arc, gang up, capture,
//! precision, point blank, Parry, Defend, Magic Enhancement), one 2d6 roll compared with every
//! target, Dodge, damage (split between ranged targets), healing attacks, and what follows a hit
//! (Vampirism, Life Drain, Magic Retaliation, Flame/Lightning, Smite, Immobilize, Magic Freeze).

use grimoire_engine::{Ctx, TablePoint};

use super::actions::{has_type, is_demoralized, MageKnightRules};
use super::combat::{roll_result, Matchup, RollResult};
use super::content::{
    self, ActionKind, AttackRange, AttackType, BaseType, EffectOp, Handler, HealAmount,
    SpecialAbility, SplashDamage,
};
use super::dial;
use super::effects::{self, covers};
use super::geometry;
use super::state::{illegal, Event, Game, RulesError};

/// A close combat action.
#[derive(Debug, Clone, PartialEq)]
pub struct CloseAttack {
    /// The attacker.
    pub attacker: usize,
    /// Its targets (one, or every opponent touching its front arc with Sweep).
    pub targets: Vec<usize>,
    /// Charge: move here first, as part of the action.
    pub charge_to: Option<TablePoint>,
    /// Surge (sword): move here first; 1 pushing damage after the move.
    pub surge_to: Option<TablePoint>,
    /// Attempt a capture (sword, one target, −3 attack, no damage).
    pub capture: bool,
}

impl CloseAttack {
    /// A plain close attack on one target.
    pub fn single(attacker: usize, target: usize) -> Self {
        Self {
            attacker,
            targets: vec![target],
            charge_to: None,
            surge_to: None,
            capture: false,
        }
    }
}

/// A ranged combat action.
#[derive(Debug, Clone, PartialEq)]
pub struct RangedAttack {
    /// The attacker.
    pub attacker: usize,
    /// Its targets (at most its number of arrows, all different).
    pub targets: Vec<usize>,
    /// Bound: move here first, as part of the action.
    pub bound_to: Option<TablePoint>,
    /// Precision (bow): one target touching the attacker's friends, −2 attack.
    pub precision: bool,
    /// Magic Confusion: on a hit, no damage; the target moves here instead.
    pub confuse_to: Option<TablePoint>,
    /// Overwatch: declared with no target, resolved at the next command phase (then even from
    /// base contact with an opponent).
    pub overwatch: bool,
    /// A ranged combat formation: the other members (the attacker is the primary attacker).
    pub formation: Vec<usize>,
}

impl RangedAttack {
    /// A plain ranged attack on one target.
    pub fn single(attacker: usize, target: usize) -> Self {
        Self {
            attacker,
            targets: vec![target],
            bound_to: None,
            precision: false,
            confuse_to: None,
            overwatch: false,
            formation: Vec::new(),
        }
    }
}

/// Whether an attack of `attacker` on `target` heals instead of damaging: a friendly target and
/// a `heal_target` ability for this kind of attack (not a magic one on a Magic Immunity target).
fn healing_amount(
    state: &Game,
    attacker: usize,
    target: usize,
    range: AttackRange,
) -> Option<HealAmount> {
    if state.opposing(attacker, target) {
        return None;
    }
    let mut abilities = state.warriors[attacker].abilities();
    if effects::magic_immune(&state.warriors[target].abilities())
        && !effects::breaches_magic_immunity(&abilities)
    {
        abilities = effects::without_magic(&abilities);
    }
    let amount = effects::ops(&abilities).find_map(|(_, op)| match op {
        EffectOp::HealTarget { against, amount } if covers(*against, range) => Some(*amount),
        _ => None,
    });
    amount
}

/// Runs a close combat action.
pub fn close_combat(
    rules: &MageKnightRules,
    state: &mut Game,
    attack: &CloseAttack,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let a = attack.attacker;
    let free = rules.check_can_act(state, a, ActionKind::CloseCombat)?;
    state.last_hits.clear();
    let name = state.warriors[a].name();
    let abilities = state.warriors[a].abilities();
    if attack.charge_to.is_some() && attack.surge_to.is_some() {
        return Err(illegal(
            "a close combat action cannot both charge and surge",
        ));
    }
    let moving = attack.charge_to.or(attack.surge_to);
    if let Some(to) = moving {
        if attack.charge_to.is_some()
            && !effects::any(
                &abilities,
                |op| matches!(op, EffectOp::MoveThenAttack { attack } if covers(*attack, AttackRange::Close)),
            )
        {
            return Err(illegal(format!("{name} does not show Charge")));
        }
        if attack.surge_to.is_some() {
            if !has_type(state, a, AttackType::Sword) {
                return Err(illegal(format!(
                    "{name} needs the sword attack type to surge"
                )));
            }
            if state.warriors[a].data().base_type == Some(BaseType::Cavalry) {
                return Err(illegal(format!("{name} is cavalry and cannot surge")));
            }
            if state.warriors[a].has(SpecialAbility::Charge) {
                return Err(illegal(format!("{name} has Charge and cannot use surge")));
            }
        }
        if !rules.opponents_in_contact(state, a).is_empty() {
            return Err(illegal(format!(
                "{name} is in base contact with an opposing warrior and cannot move as part of this attack"
            )));
        }
        let go_on = rules.move_warrior(state, a, &[], to, ctx)?;
        if !go_on || state.warriors[a].eliminated {
            return finish_attack(rules, state, a, free, ctx);
        }
        if attack.surge_to.is_some() {
            if rules.opponents_in_front_contact(state, a).is_empty() {
                return Err(illegal(format!(
                    "{name} must end a surge with its front arc in base contact with an opposing warrior"
                )));
            }
            dial::deal_damage(
                state,
                a,
                u32::from(content::SURGE_PUSHING_DAMAGE),
                true,
                ctx,
            );
            if state.warriors[a].eliminated {
                return finish_attack(rules, state, a, free, ctx);
            }
        }
    }
    let abilities = state.warriors[a].abilities();
    let sweep = !attack.capture
        && effects::any(&abilities, |op| {
            matches!(op, EffectOp::AttackAllInFrontContact)
        });
    let targets = if sweep {
        let all = rules.opponents_in_front_contact(state, a);
        for t in &attack.targets {
            if !all.contains(t) {
                return Err(illegal(format!(
                    "{} is not an opposing warrior in base contact with {name}'s front arc",
                    state.warriors[*t].name()
                )));
            }
        }
        all
    } else {
        attack.targets.clone()
    };
    if targets.is_empty() {
        return Err(illegal(format!(
            "{name} has no target in base contact with its front arc"
        )));
    }
    if targets.len() > 1 && !sweep {
        return Err(illegal(format!(
            "{name} makes a close attack against one target"
        )));
    }
    let at = state.warriors[a].position;
    let arc = state.warriors[a].front_arc;
    for t in &targets {
        let tw = state.warrior(*t)?;
        if *t == a {
            return Err(illegal("a warrior cannot target itself"));
        }
        if !geometry::in_contact(&at, &tw.position)
            || !geometry::through_front_arc(&at, &tw.position, arc)
        {
            return Err(illegal(format!(
                "{}'s front arc is not in base contact with {}",
                name,
                tw.name()
            )));
        }
    }
    if let Some(amount) = healing_amount(state, a, targets[0], AttackRange::Close) {
        if !rules.opponents_in_contact(state, a).is_empty()
            || !rules.opponents_in_contact(state, targets[0]).is_empty()
        {
            return Err(illegal(
                "neither the healer nor its target may be in base contact with an opposing warrior",
            ));
        }
        heal_attack(rules, state, a, targets[0], amount, ctx)?;
        return finish_attack(rules, state, a, free, ctx);
    }
    let my_captive = state.warriors.iter().position(|w| w.captive == Some(a));
    for t in &targets {
        if state.warriors[*t].captive.is_some() && state.warriors[*t].captive != Some(a) {
            return Err(illegal(format!(
                "{} is a captive: only its captor can attack it",
                state.warriors[*t].name()
            )));
        }
        if my_captive.is_some_and(|c| c != *t) {
            return Err(illegal(format!(
                "{name} holds a captive and can attack only its captive"
            )));
        }
        if !state.opposing(a, *t) && state.warriors[*t].captive.is_none() {
            return Err(illegal(format!(
                "{} is friendly: friendly figures cannot target each other with damaging attacks",
                state.warriors[*t].name()
            )));
        }
    }
    if attack.capture {
        check_capture(state, a, targets[0])?;
    }
    let eliminating_captive = my_captive.is_some();
    let augmented = augment(state, a, ctx)?;
    let mut matchups = Vec::new();
    for t in &targets {
        let mut m = matchup(state, a, *t, AttackRange::Close);
        if let Some(attack) = augmented {
            m.attacker_click.attack = attack;
        }
        m.rear_contact = geometry::through_rear_arc(
            &state.warriors[*t].position,
            &at,
            state.warriors[*t].front_arc,
        );
        m.situation_attack += if m.rear_contact {
            i32::from(content::REAR_ARC_ATTACK_BONUS)
        } else {
            0
        };
        if attack.capture || eliminating_captive {
            m.situation_attack -= i32::from(content::CAPTURE_ATTACK_PENALTY);
        } else {
            m.situation_attack += gang_up(state, a, *t);
        }
        if targets.len() == 1 {
            m.situation_attack -= parry(rules, &m, ctx)?;
        }
        matchups.push((*t, m));
    }
    let outcome = if eliminating_captive {
        Outcome::EliminateCaptive
    } else if attack.capture {
        Outcome::Capture
    } else {
        Outcome::Damage
    };
    let thunder = state.warriors[a]
        .abilities()
        .iter()
        .any(|x| x.meta().handler == Some(Handler::ThunderBlow));
    if thunder && outcome == Outcome::Damage && matchups.len() == 1 {
        let (t, m) = matchups.remove(0);
        thunder_blow(rules, state, a, t, m, ctx)?;
        augment_pushing(state, a, augmented, ctx);
        return finish_attack(rules, state, a, free, ctx);
    }
    resolve(rules, state, a, &matchups, outcome, ctx)?;
    if outcome == Outcome::Damage {
        counterattack(rules, state, a, &targets, ctx)?;
    }
    augment_pushing(state, a, augmented, ctx);
    finish_attack(rules, state, a, free, ctx)
}

/// Ends an attack action: the action's token, then Cursed on the figures it affected.
fn finish_attack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
    free: bool,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    rules.finish_action(state, a, free, ctx)?;
    cursed(state, a, ctx);
    Ok(())
}

/// Cursed: each figure the action of a wand attacker affected (hit, damaged, healed or given a
/// token: the last roll's hits) takes 1 damage after the action if it shows Cursed.
pub fn cursed(state: &mut Game, a: usize, ctx: &mut Ctx<'_, Event>) {
    if !has_type(state, a, AttackType::Wand) {
        return;
    }
    for t in state.last_hits.clone() {
        let w = &state.warriors[t];
        if t != a
            && w.abilities()
                .iter()
                .any(|x| x.meta().handler == Some(Handler::Cursed))
        {
            dial::deal_damage(state, t, 1, false, ctx);
        }
    }
}

/// What a successful attack does to its targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// Damage (or what the attacker's abilities do instead).
    Damage,
    /// A capture: no damage, the target becomes a captive.
    Capture,
    /// The captor's attack on its captive: the captive is eliminated.
    EliminateCaptive,
}

/// Counterattack: each target the close attack missed whose front arc touches the attacker may
/// strike back at once, without an action or a token (its controller chooses).
fn counterattack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
    targets: &[usize],
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let missed: Vec<usize> = targets
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
    a: usize,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let w = &state.warriors[a];
    let range = u32::from(w.data().range);
    if range == 0 {
        return Err(illegal(format!(
            "{} has range 0: Shockwave has no area",
            w.name()
        )));
    }
    let radius = f64::from(range.div_ceil(2));
    let at = w.position;
    let inside: Vec<usize> = state
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

/// Checks the capture rules: one sword attacker able to capture, a target able to be captured.
fn check_capture(state: &Game, a: usize, t: usize) -> Result<(), RulesError> {
    let name = state.warriors[a].name();
    if !has_type(state, a, AttackType::Sword) {
        return Err(illegal(format!(
            "{name} needs the sword attack type to capture"
        )));
    }
    let cavalry = |i: usize| state.warriors[i].data().base_type == Some(BaseType::Cavalry);
    if cavalry(a)
        || effects::any(&state.warriors[a].abilities(), |op| {
            matches!(op, EffectOp::CannotCapture)
        })
    {
        return Err(illegal(format!("{name} cannot capture")));
    }
    if cavalry(t)
        || effects::any(&state.warriors[t].abilities(), |op| {
            matches!(op, EffectOp::CannotBeCaptured)
        })
    {
        return Err(illegal(format!(
            "{} cannot be captured",
            state.warriors[t].name()
        )));
    }
    Ok(())
}

/// The matchup of two warriors as they stand.
pub fn matchup(state: &Game, a: usize, t: usize, range: AttackRange) -> Matchup {
    let (aw, tw) = (&state.warriors[a], &state.warriors[t]);
    let mut m = Matchup::new(
        range,
        (
            &aw.abilities(),
            *aw.current().expect("in play"),
            aw.attack_type,
        ),
        (&tw.abilities(), *tw.current().expect("in play")),
    );
    m.lent_defense = lent_defense(state, t);
    m
}

/// Defend (and Gallant Defense between figures that both have it, Temple Masters membership
/// being read from the subfaction ability): the highest unmodified defense value of a friend in
/// base contact with `t` (the defender's controller always takes the better value).
fn lent_defense(state: &Game, t: usize) -> Option<u8> {
    let at = state.warriors[t].position;
    let own = state.warriors[t].current()?.defense;
    state
        .in_play()
        .filter(|i| {
            *i != t
                && !state.opposing(*i, t)
                && geometry::in_contact(&state.warriors[*i].position, &at)
        })
        .filter(|i| {
            let lender = state.warriors[*i].abilities();
            let gallant = |abilities: &[SpecialAbility]| {
                abilities
                    .iter()
                    .any(|a| a.meta().handler == Some(Handler::GallantDefense))
            };
            effects::any(&lender, |op| matches!(op, EffectOp::LendDefense))
                || (gallant(&lender) && gallant(&state.warriors[t].abilities()))
        })
        .filter_map(|i| state.warriors[i].current().map(|c| c.defense))
        .max()
        .filter(|d| *d > own)
}

/// Gang up (sword): +1 per friendly sword warrior without tokens whose front arc touches the
/// target.
fn gang_up(state: &Game, a: usize, t: usize) -> i32 {
    if !has_type(state, a, AttackType::Sword) {
        return 0;
    }
    let target = state.warriors[t].position;
    let bedlam: Vec<TablePoint> = state
        .in_play()
        .filter(|i| {
            state.warriors[*i]
                .abilities()
                .iter()
                .any(|x| x.meta().handler == Some(Handler::Bedlam))
        })
        .map(|i| state.warriors[i].position)
        .collect();
    let near_bedlam = |p: &TablePoint| {
        bedlam.iter().any(|b| {
            geometry::distance(b, p) <= f64::from(content::BEDLAM_RADIUS) + geometry::LENGTH_SLACK
        })
    };
    let helpers = state
        .in_play()
        .filter(|i| {
            let w = &state.warriors[*i];
            !near_bedlam(&w.position)
                && *i != a
                && !state.opposing(*i, a)
                && w.tokens == 0
                && has_type(state, *i, AttackType::Sword)
                && geometry::in_contact(&w.position, &target)
                && geometry::through_front_arc(&w.position, &target, w.front_arc)
        })
        .count();
    helpers as i32 * i32::from(content::GANG_UP_BONUS)
}

/// Parry on the single target: a die roll minus `minus`, at least `minimum`, off the attack.
fn parry(
    rules: &MageKnightRules,
    m: &Matchup,
    ctx: &mut Ctx<'_, Event>,
) -> Result<i32, RulesError> {
    let penalty = effects::ops(&m.target).find_map(|(_, op)| match op {
        EffectOp::AttackerDiePenalty { minus, minimum } => {
            Some((u32::from(*minus), u32::from(*minimum)))
        }
        _ => None,
    });
    match penalty {
        Some((minus, minimum)) => Ok(rules.roll_d6(ctx)?.saturating_sub(minus).max(minimum) as i32),
        None => Ok(0),
    }
}

/// Checks the targets of a ranged attack: range, arrows, front arc, line of fire, Ghostform and
/// Limited Invisibility, Magic Immunity against wands, friends touching the target.
pub fn check_ranged_targets(
    rules: &MageKnightRules,
    state: &Game,
    attack: &RangedAttack,
) -> Result<(), RulesError> {
    let a = attack.attacker;
    let w = state.warrior(a)?;
    let data = w.data();
    if data.range == 0 {
        return Err(illegal(format!(
            "{} has range 0 and cannot make ranged attacks",
            w.name()
        )));
    }
    if !attack.overwatch && !rules.opponents_in_contact(state, a).is_empty() {
        return Err(illegal(format!(
            "{} is in base contact with an opposing warrior and cannot make a ranged attack",
            w.name()
        )));
    }
    if attack.targets.is_empty() {
        return Err(illegal("a ranged attack needs a target"));
    }
    if attack.targets.len() > usize::from(data.targets) {
        return Err(illegal(format!(
            "{} has {} target arrow(s) but names {} targets",
            w.name(),
            data.targets,
            attack.targets.len()
        )));
    }
    if attack.precision && (attack.targets.len() != 1 || !has_type(state, a, AttackType::Bow)) {
        return Err(illegal(
            "precision needs the bow attack type and a single target",
        ));
    }
    for (n, t) in attack.targets.iter().enumerate() {
        if attack.targets[..n].contains(t) {
            return Err(illegal(
                "a ranged attack cannot target the same warrior twice",
            ));
        }
        let tw = state.warrior(*t)?;
        if *t == a {
            return Err(illegal("a warrior cannot target itself"));
        }
        if tw.captive.is_some() {
            return Err(illegal(format!(
                "{} is a captive: only its captor can attack it",
                tw.name()
            )));
        }
        let m = matchup(state, a, *t, AttackRange::Ranged);
        let distance = geometry::distance(&w.position, &tw.position);
        if distance > f64::from(data.range) + geometry::LENGTH_SLACK {
            return Err(illegal(format!(
                "{} is {distance:.2} inches away, beyond {}'s range of {}",
                tw.name(),
                w.name(),
                data.range
            )));
        }
        if !geometry::through_front_arc(&w.position, &tw.position, w.front_arc) {
            return Err(illegal(format!(
                "the line of fire to {} does not pass through {}'s front arc",
                tw.name(),
                w.name()
            )));
        }
        if effects::any(&tw.abilities(), |op| {
            matches!(op, EffectOp::NotRangedTarget)
        }) {
            return Err(illegal(format!(
                "{} cannot be the target of ranged attacks",
                tw.name()
            )));
        }
        if has_type(state, a, AttackType::Wand)
            && effects::magic_immune(&tw.abilities())
            && !effects::breaches_magic_immunity(&w.abilities())
        {
            return Err(illegal(format!(
                "{} has Magic Immunity: wand ranged attacks cannot target it",
                tw.name()
            )));
        }
        let ignore_bases = effects::any(&m.attacker, |op| {
            matches!(op, EffectOp::IgnoreBasesForLineOfFire)
        });
        if !ignore_bases {
            for other in state.in_play().filter(|i| *i != a && *i != *t) {
                let o = &state.warriors[other];
                if effects::any(&o.abilities(), |op| {
                    matches!(op, EffectOp::BaseDoesNotBlock)
                }) {
                    continue;
                }
                if geometry::crosses_base(&w.position, &tw.position, &o.position) {
                    return Err(illegal(format!(
                        "the line of fire from {} to {} is blocked by {}",
                        w.name(),
                        tw.name(),
                        o.name()
                    )));
                }
            }
        }
        let friendly = healing_amount(state, a, *t, AttackRange::Ranged).is_some();
        if !friendly && !state.opposing(a, *t) {
            return Err(illegal(format!(
                "{} is friendly: friendly figures cannot target each other with damaging attacks",
                tw.name()
            )));
        }
        let touches_friend = state.in_play().any(|i| {
            i != a
                && !state.opposing(i, a)
                && i != *t
                && geometry::in_contact(&state.warriors[i].position, &tw.position)
        });
        if !friendly && touches_friend && !attack.precision {
            return Err(illegal(format!(
                "{} is in base contact with a warrior friendly to {}: only a precision attack may target it",
                tw.name(),
                w.name()
            )));
        }
    }
    Ok(())
}

/// Runs a ranged combat action.
pub fn ranged_combat(
    rules: &MageKnightRules,
    state: &mut Game,
    attack: &RangedAttack,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let a = attack.attacker;
    let free = rules.check_can_act(state, a, ActionKind::RangedCombat)?;
    state.last_hits.clear();
    if let Some(to) = attack.bound_to {
        let name = state.warriors[a].name();
        if !effects::any(
            &state.warriors[a].abilities(),
            |op| matches!(op, EffectOp::MoveThenAttack { attack } if covers(*attack, AttackRange::Ranged)),
        ) {
            return Err(illegal(format!("{name} does not show Bound")));
        }
        if !rules.opponents_in_contact(state, a).is_empty() {
            return Err(illegal(format!(
                "{name} is in base contact with an opposing warrior and cannot bound"
            )));
        }
        let go_on = rules.move_warrior(state, a, &[], to, ctx)?;
        if !go_on || state.warriors[a].eliminated {
            return finish_attack(rules, state, a, free, ctx);
        }
    }
    if attack.overwatch {
        let w = &state.warriors[a];
        let watches = w
            .abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Overwatch));
        if !watches || !attack.targets.is_empty() || attack.bound_to.is_some() {
            return Err(illegal(format!(
                "Overwatch needs a warrior showing it and names no target (it has {})",
                w.name()
            )));
        }
        if w.data().range == 0 || !rules.opponents_in_contact(state, a).is_empty() {
            return Err(illegal(format!(
                "{} cannot be given a ranged combat action now",
                w.name()
            )));
        }
        state.warriors[a].overwatch = true;
        return finish_attack(rules, state, a, free, ctx);
    }
    check_ranged_targets(rules, state, attack)?;
    if let Some(to) = attack.confuse_to {
        magic_confusion(rules, state, attack, to, ctx)?;
        return finish_attack(rules, state, a, free, ctx);
    }
    if !attack.formation.is_empty() {
        let boost = formation(rules, state, attack, ctx)?;
        fire(rules, state, attack, boost, ctx)?;
        for member in &attack.formation {
            let w = &mut state.warriors[*member];
            w.acted_this_turn = true;
            if !w.eliminated && dial::give_token(state, *member, ctx) {
                dial::push(state, *member, ctx);
            }
        }
        return finish_attack(rules, state, a, free, ctx);
    }
    if attack.targets.len() == 1 {
        if let Some(amount) = healing_amount(state, a, attack.targets[0], AttackRange::Ranged) {
            if !rules
                .opponents_in_contact(state, attack.targets[0])
                .is_empty()
            {
                return Err(illegal("the target of Magic Healing may not be in base contact with an opposing warrior"));
            }
            heal_attack(rules, state, a, attack.targets[0], amount, ctx)?;
            return finish_attack(rules, state, a, free, ctx);
        }
    }
    fire(rules, state, attack, (0, 0), ctx)?;
    finish_attack(rules, state, a, free, ctx)
}

/// The checks every formation makes: 3 to 5 different warriors of one player sharing a faction
/// symbol (Fact shares every friend's; the factionless share none), none with Frenzy, each in
/// base contact with another member.
pub fn check_formation(state: &Game, members: &[usize]) -> Result<(), RulesError> {
    let count = members.len();
    let (min, max) = (
        usize::from(content::FORMATION_MIN_MEMBERS),
        usize::from(content::FORMATION_MAX_MEMBERS),
    );
    if !(min..=max).contains(&count) || (1..count).any(|i| members[..i].contains(&members[i])) {
        return Err(illegal(format!(
            "a formation has {min} to {max} different warriors, not {count}"
        )));
    }
    // Fact: a member with it has every friend's faction symbols.
    let has_fact = |m: usize| {
        state.warriors[m]
            .abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Fact))
    };
    let plain: Vec<usize> = members.iter().copied().filter(|m| !has_fact(*m)).collect();
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
        return Err(illegal(
            "the members of a formation must share a faction symbol",
        ));
    }
    for m in members {
        let w = state.warrior(*m)?;
        if w.owner != state.warriors[members[0]].owner {
            return Err(illegal(format!("{} is not one of your warriors", w.name())));
        }
        if w.abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Frenzy))
        {
            return Err(illegal(format!(
                "{} has Frenzy and cannot be part of a formation",
                w.name()
            )));
        }
        let touches = members
            .iter()
            .any(|o| o != m && geometry::in_contact(&state.warriors[*o].position, &w.position));
        if !touches {
            return Err(illegal(format!(
                "{} is not in base contact with another member of the formation",
                w.name()
            )));
        }
    }
    Ok(())
}

/// Checks a ranged combat formation and asks each bow member for its contribution: 3 to 5
/// members in all sharing a faction symbol (not the factionless), each touching another, each
/// able to be given a ranged combat action with a clear line of fire to the single opposing
/// target, none with Frenzy. Returns the (attack, damage) modifiers the other members give.
fn formation(
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
        return Err(illegal(
            "a ranged combat formation attacks a single warrior",
        ));
    };
    if !state.opposing(a, t) || attack.confuse_to.is_some() || attack.bound_to.is_some() {
        return Err(illegal(
            "a ranged combat formation makes a plain damaging attack on one opponent",
        ));
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
    a: usize,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    state.warriors[a].overwatch = false;
    let targets: Vec<usize> = state
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

/// A ranged attack on legal targets: point blank, a formation's boost, modifiers, one roll,
/// damage.
fn fire(
    rules: &MageKnightRules,
    state: &mut Game,
    attack: &RangedAttack,
    (boost_attack, boost_damage): (i32, i32),
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let a = attack.attacker;
    let at = state.warriors[a].position;
    let range = f64::from(state.warriors[a].data().range);
    let point_blank = has_type(state, a, AttackType::Bow)
        && attack.targets.iter().all(|t| {
            geometry::distance(&at, &state.warriors[*t].position)
                <= (range / 2.0).ceil() + geometry::LENGTH_SLACK
        });
    let (mut pb_attack, mut pb_damage) = (0, 0);
    if point_blank {
        let options = vec!["attack".to_string(), "damage".to_string()];
        match ctx.choose("point blank: +1 to attack or to damage?", &options)? {
            0 => pb_attack = i32::from(content::POINT_BLANK_BONUS),
            _ => pb_damage = i32::from(content::POINT_BLANK_BONUS),
        }
    }
    let enhancement = magic_enhancement(state, a);
    let augmented = augment(state, a, ctx)?;
    let mut matchups = Vec::new();
    for t in &attack.targets {
        let mut m = matchup(state, a, *t, AttackRange::Ranged);
        if let Some(attack) = augmented {
            m.attacker_click.attack = attack;
        }
        let tw = &state.warriors[*t];
        if geometry::through_rear_arc(&tw.position, &at, tw.front_arc) {
            m.situation_attack += i32::from(content::REAR_ARC_ATTACK_BONUS);
        }
        if attack.precision {
            m.situation_attack -= i32::from(content::PRECISION_ATTACK_PENALTY);
        }
        m.situation_attack += pb_attack + boost_attack;
        m.situation_damage += pb_damage + boost_damage;
        if !effects::magic_immune(&state.warriors[a].abilities()) {
            m.situation_damage += enhancement;
        }
        matchups.push((*t, m));
    }
    resolve(rules, state, a, &matchups, Outcome::Damage, ctx)?;
    augment_pushing(state, a, augmented, ctx);
    Ok(())
}

/// Augment: a friendly figure with Augment and fewer than two tokens that shares a faction
/// symbol with the attacker (Fact shares every friend's symbols) may lend it its unmodified
/// attack value (its controller chooses);
/// returns the value lent.
fn augment(state: &mut Game, a: usize, ctx: &mut Ctx<'_, Event>) -> Result<Option<u8>, RulesError> {
    let factions = state.warriors[a].data().factions;
    let fact = |i: usize| {
        state.warriors[i]
            .abilities()
            .iter()
            .any(|x| x.meta().handler == Some(Handler::Fact))
    };
    let lenders: Vec<usize> = state
        .in_play()
        .filter(|i| {
            let w = &state.warriors[*i];
            *i != a
                && !state.opposing(*i, a)
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
fn augment_pushing(state: &mut Game, a: usize, augmented: Option<u8>, ctx: &mut Ctx<'_, Event>) {
    if augmented.is_some() {
        dial::deal_damage(state, a, u32::from(content::PUSHING_DAMAGE), true, ctx);
    }
}

/// Magic Confusion: a ranged attack on one opposing figure; on a hit it takes no damage and
/// moves as if given a move action (its speed, break away, what its move triggers) to `to`,
/// never into base contact with the attacker's figures; it gets no token.
fn magic_confusion(
    rules: &MageKnightRules,
    state: &mut Game,
    attack: &RangedAttack,
    to: TablePoint,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let a = attack.attacker;
    let [t] = attack.targets[..] else {
        return Err(illegal("Magic Confusion has a single target"));
    };
    let m = matchup(state, a, t, AttackRange::Ranged);
    let confuses = m
        .attacker
        .iter()
        .any(|x| x.meta().handler == Some(Handler::MagicConfusion));
    if !confuses {
        return Err(illegal(format!(
            "{} cannot use Magic Confusion on {}",
            state.warriors[a].name(),
            state.warriors[t].name()
        )));
    }
    if !state.opposing(a, t) {
        return Err(illegal("Magic Confusion targets an opposing figure"));
    }
    if let Some(f) = state.in_play().find(|i| {
        *i != t && !state.opposing(*i, a) && geometry::in_contact(&state.warriors[*i].position, &to)
    }) {
        return Err(illegal(format!(
            "a confused figure cannot be moved into base contact with {}",
            state.warriors[f].name()
        )));
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
        rules.move_warrior(state, t, &[], to, ctx)?;
    }
    Ok(())
}

/// Magic Enhancement of friends touching the attacker: the ranged damage bonus.
fn magic_enhancement(state: &Game, a: usize) -> i32 {
    let at = state.warriors[a].position;
    state
        .in_play()
        .filter(|i| {
            *i != a
                && !state.opposing(*i, a)
                && geometry::in_contact(&state.warriors[*i].position, &at)
        })
        .map(|i| {
            effects::ops(&state.warriors[i].abilities())
                .map(|(_, op)| match op {
                    EffectOp::RangedDamageBonusToFriends { amount } => i32::from(*amount),
                    _ => 0,
                })
                .sum::<i32>()
        })
        .sum()
}

/// Rolls the attack dice: two six-sided dice, natural total.
fn roll_attack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
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
fn hex(
    state: &mut Game,
    a: usize,
    rolled: u32,
    ctx: &mut Ctx<'_, Event>,
) -> Result<bool, RulesError> {
    let at = state.warriors[a].position;
    let hexers: Vec<usize> = state
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
                warrior: state.warriors[h].name().to_string(),
                attacker: state.warriors[a].name().to_string(),
            });
            return Ok(true);
        }
    }
    Ok(false)
}

/// A healing attack (Healing, Magic Healing): modifiers ignored; on success, heals.
fn heal_attack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
    t: usize,
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
fn record_roll(
    state: &mut Game,
    a: usize,
    t: usize,
    dice: u32,
    attack: u32,
    defense: u32,
    result: RollResult,
    ctx: &mut Ctx<'_, Event>,
) {
    state.last_values.get_or_insert((attack, defense));
    ctx.record(Event::AttackRoll {
        attacker: state.warriors[a].name().to_string(),
        target: state.warriors[t].name().to_string(),
        dice,
        attack,
        defense,
        hit: result.hit(),
    });
}

/// One roll against every target of `matchups`, then damage and what follows it.
fn resolve(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
    matchups: &[(usize, Matchup)],
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
type Rolled = (u32, Vec<(usize, Matchup)>);

/// Rolls the attack dice once against every target of `matchups` (with Dodge rolls). Returns
/// `None` on a critical miss (the attacker has taken its pushing damage), else the dice total
/// and the targets hit; records them in `state.last_hits`.
fn roll_against(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
    matchups: &[(usize, Matchup)],
    ctx: &mut Ctx<'_, Event>,
) -> Result<Option<Rolled>, RulesError> {
    let dice = roll_attack(rules, state, a, ctx)?;
    let name = state.warriors[a].name().to_string();
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
                warrior: state.warriors[*t].name().to_string(),
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
            attacker: name,
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
            attacker: name,
            hit: true,
        });
    }
    state.last_hits = hits.iter().map(|(t, _)| *t).collect();
    Ok(Some((dice, hits)))
}

/// Thunder Blow: after a hit on its single target the attacker may attack it again and again,
/// at -1 attack per additional attack (cumulative), until it stops or a roll fails. Damage is
/// the damage value +1 per success after the first (a critical on any success adds its extra
/// once); what needs a successful attack follows only when the final roll succeeded; when it
/// failed, Counterattack comes first and the damage value showing after it is used.
fn thunder_blow(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
    t: usize,
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

/// Reckless: after a successful close attack the attacker may take 1 pushing damage for +1
/// damage, again and again while it is neither eliminated nor Demoralized (the rule of 3 caps
/// the damage modifier). Returns the damage modifier gained.
fn reckless(state: &mut Game, a: usize, ctx: &mut Ctx<'_, Event>) -> Result<i32, RulesError> {
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
fn after_hits(
    rules: &MageKnightRules,
    state: &mut Game,
    a: usize,
    mut hits: Vec<(usize, Matchup)>,
    dice: u32,
    critical: bool,
    outcome: Outcome,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    let name = state.warriors[a].name().to_string();
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
                warrior: tw.name().to_string(),
                captor: name,
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
    let refs: Vec<(usize, &Matchup)> = hits.iter().map(|(t, m)| (*t, m)).collect();
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
fn retaliating_is_magic(target_abilities: &[SpecialAbility]) -> bool {
    effects::ops(target_abilities)
        .any(|(a, op)| matches!(op, EffectOp::Retaliate { .. }) && a.meta().magic)
}

/// Each hit target's share of the damage: close attacks deal the damage value to each; a
/// ranged attack's damage is split among the targets hit as the attacker's player chooses.
fn damage_shares(
    state: &Game,
    hits: &[(usize, &Matchup)],
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
fn splash(
    state: &mut Game,
    a: usize,
    hits: &[(usize, &Matchup)],
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
    let targets: Vec<usize> = hits.iter().map(|(t, _)| *t).collect();
    let mut others: Vec<usize> = Vec::new();
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
