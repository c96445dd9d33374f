//! Close and ranged combat actions: targets and their legality (base contact and front arc;
//! range, front arc and line of fire), the situation's modifiers (rear arc, gang up, capture,
//! precision, point blank, Parry, Defend, Magic Enhancement), captives, and Cursed after a wand
//! action. The roll and what a hit does are in [`super::resolve`]; attacks shaped by an ability
//! or a formation in [`super::special`].

use grimoire_engine::{Ctx, TablePoint};

use super::actions::{has_type, MageKnightRules};
use super::combat::Matchup;
use super::content::{
    self, ActionKind, AttackRange, AttackType, BaseType, EffectOp, Handler, HealAmount,
    SpecialAbility,
};
use super::dial;
use super::effects::{self, covers};
use super::geometry;
use super::refusal::CombatRefusal;
use super::resolve::{heal_attack, resolve};
use super::special::{
    augment, augment_pushing, counterattack, formation, magic_confusion, thunder_blow,
};
use super::state::{Event, Game, RulesError, WarriorId};
use super::terrain;

/// A close combat action.
#[derive(Debug, Clone, PartialEq)]
pub struct CloseAttack {
    /// The attacker.
    pub attacker: WarriorId,
    /// Its targets (one, or every opponent touching its front arc with Sweep).
    pub targets: Vec<WarriorId>,
    /// Charge: move here first, as part of the action.
    pub charge_to: Option<TablePoint>,
    /// Surge (sword): move here first; 1 pushing damage after the move.
    pub surge_to: Option<TablePoint>,
    /// Attempt a capture (sword, one target, −3 attack, no damage).
    pub capture: bool,
}

impl CloseAttack {
    /// A plain close attack on one target.
    pub fn single(attacker: WarriorId, target: WarriorId) -> Self {
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
    pub attacker: WarriorId,
    /// Its targets (at most its number of arrows, all different).
    pub targets: Vec<WarriorId>,
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
    pub formation: Vec<WarriorId>,
}

impl RangedAttack {
    /// A plain ranged attack on one target.
    pub fn single(attacker: WarriorId, target: WarriorId) -> Self {
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
pub(super) fn healing_amount(
    state: &Game,
    attacker: WarriorId,
    target: WarriorId,
    range: AttackRange,
) -> Option<HealAmount> {
    if !state.friendly(attacker, target) {
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
    let name = state.named(a);
    let abilities = state.warriors[a].abilities();
    if attack.charge_to.is_some() && attack.surge_to.is_some() {
        return Err(CombatRefusal::ChargeAndSurge.into());
    }
    let moving = attack.charge_to.or(attack.surge_to);
    if let Some(to) = moving {
        if attack.charge_to.is_some()
            && !effects::any(
                &abilities,
                |op| matches!(op, EffectOp::MoveThenAttack { attack } if covers(*attack, AttackRange::Close)),
            )
        {
            return Err(CombatRefusal::DoesNotShow {
                warrior: name,
                ability: SpecialAbility::Charge,
            }
            .into());
        }
        if attack.surge_to.is_some() {
            if !has_type(state, a, AttackType::Sword) {
                return Err(CombatRefusal::SurgeNeedsSword { warrior: name }.into());
            }
            if state.warriors[a].data().base_type == Some(BaseType::Cavalry) {
                return Err(CombatRefusal::CavalrySurge { warrior: name }.into());
            }
            if state.warriors[a].has(SpecialAbility::Charge) {
                return Err(CombatRefusal::ChargerSurge { warrior: name }.into());
            }
        }
        if !rules.opponents_in_contact(state, a).is_empty() {
            return Err(CombatRefusal::MoveInContact { warrior: name }.into());
        }
        let go_on = rules.move_warrior(state, a, (&[], to), ActionKind::CloseCombat, ctx)?;
        if !go_on || state.warriors[a].eliminated {
            return finish_attack(rules, state, a, free, ctx);
        }
        if attack.surge_to.is_some() {
            if rules.opponents_in_front_contact(state, a).is_empty() {
                return Err(CombatRefusal::SurgeEndsApart { warrior: name }.into());
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
                return Err(CombatRefusal::NotInFrontContact {
                    target: state.named(*t),
                    attacker: name,
                }
                .into());
            }
        }
        all.to_vec()
    } else {
        attack.targets.clone()
    };
    if targets.is_empty() {
        return Err(CombatRefusal::NoCloseTarget { warrior: name }.into());
    }
    if targets.len() > 1 && !sweep {
        return Err(CombatRefusal::OneCloseTarget { warrior: name }.into());
    }
    let at = state.warriors[a].position;
    let arc = state.warriors[a].front_arc;
    for t in &targets {
        let tw = state.warrior(*t)?;
        if *t == a {
            return Err(CombatRefusal::TargetsItself.into());
        }
        if !geometry::in_contact(&at, &tw.position)
            || !geometry::through_front_arc(&at, &tw.position, arc)
        {
            return Err(CombatRefusal::FrontArcNotInContact {
                attacker: name,
                target: state.named(*t),
            }
            .into());
        }
    }
    if let Some(amount) = healing_amount(state, a, targets[0], AttackRange::Close) {
        if !rules.opponents_in_contact(state, a).is_empty()
            || !rules.opponents_in_contact(state, targets[0]).is_empty()
        {
            return Err(CombatRefusal::HealerInContact.into());
        }
        heal_attack(rules, state, a, targets[0], amount, ctx)?;
        return finish_attack(rules, state, a, free, ctx);
    }
    let my_captive = state
        .warriors
        .enumerate()
        .find(|(_, w)| w.captive == Some(a))
        .map(|(id, _)| id);
    for t in &targets {
        if state.warriors[*t].captive.is_some() && state.warriors[*t].captive != Some(a) {
            return Err(CombatRefusal::TargetIsCaptive {
                target: state.named(*t),
            }
            .into());
        }
        if my_captive.is_some_and(|c| c != *t) {
            return Err(CombatRefusal::HoldsCaptive { warrior: name }.into());
        }
        if state.friendly(a, *t) {
            return Err(CombatRefusal::TargetIsFriendly {
                target: state.named(*t),
            }
            .into());
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
        if attack.surge_to.is_some() {
            // Sneak Attack cannot be used while using surge (rules p.21).
            m.attacker
                .retain(|x| x.meta().handler != Some(Handler::SneakAttack));
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
pub(super) fn finish_attack(
    rules: &MageKnightRules,
    state: &mut Game,
    a: WarriorId,
    free: bool,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    rules.finish_action(state, a, free, ctx)?;
    cursed(state, a, ctx);
    Ok(())
}

/// Cursed: each figure the action of a wand attacker affected (hit, damaged, healed or given a
/// token: the last roll's hits) takes 1 damage after the action if it shows Cursed.
pub fn cursed(state: &mut Game, a: WarriorId, ctx: &mut Ctx<'_, Event>) {
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
pub(super) enum Outcome {
    /// Damage (or what the attacker's abilities do instead).
    Damage,
    /// A capture: no damage, the target becomes a captive.
    Capture,
    /// The captor's attack on its captive: the captive is eliminated.
    EliminateCaptive,
}

/// Checks the capture rules: one sword attacker able to capture, a target able to be captured.
pub(super) fn check_capture(state: &Game, a: WarriorId, t: WarriorId) -> Result<(), RulesError> {
    let name = state.named(a);
    if !has_type(state, a, AttackType::Sword) {
        return Err(CombatRefusal::CaptureNeedsSword { warrior: name }.into());
    }
    let cavalry = |i: WarriorId| state.warriors[i].data().base_type == Some(BaseType::Cavalry);
    if cavalry(a)
        || effects::any(&state.warriors[a].abilities(), |op| {
            matches!(op, EffectOp::CannotCapture)
        })
    {
        return Err(CombatRefusal::CannotCapture { warrior: name }.into());
    }
    if cavalry(t)
        || effects::any(&state.warriors[t].abilities(), |op| {
            matches!(op, EffectOp::CannotBeCaptured)
        })
    {
        return Err(CombatRefusal::CannotBeCaptured {
            target: state.named(t),
        }
        .into());
    }
    Ok(())
}

/// The matchup of two warriors as they stand.
pub fn matchup(state: &Game, a: WarriorId, t: WarriorId, range: AttackRange) -> Matchup {
    let aw = &state.warriors[a];
    let mut m = abilities_matchup(state, a, t, range);
    m.lent_defense = lent_defense(state, t);
    if range == AttackRange::Ranged {
        // A blocked line of fire is refused before any roll; here only its modifier counts.
        m.situation_defense += terrain::line_of_fire(state, &aw.position, t).unwrap_or(0);
    }
    m
}

/// The matchup of `a`'s and `t`'s abilities and clicks alone ([`Matchup::new`]), before what
/// their surroundings add ([`matchup`]).
fn abilities_matchup(state: &Game, a: WarriorId, t: WarriorId, range: AttackRange) -> Matchup {
    let (aw, tw) = (&state.warriors[a], &state.warriors[t]);
    Matchup::new(
        range,
        (
            &aw.abilities(),
            *aw.current().expect("in play"),
            aw.attack_type,
        ),
        (&tw.abilities(), *tw.current().expect("in play")),
    )
}

/// Defend (and Gallant Defense between figures that both have it, Temple Masters membership
/// being read from the subfaction ability): the highest unmodified defense value of a friend in
/// base contact with `t` (the defender's controller always takes the better value).
pub(super) fn lent_defense(state: &Game, t: WarriorId) -> Option<u8> {
    let at = state.warriors[t].position;
    let own = state.warriors[t].current()?.defense;
    state
        .in_play()
        .filter(|i| {
            *i != t
                && state.friendly(*i, t)
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
pub(super) fn gang_up(state: &Game, a: WarriorId, t: WarriorId) -> i32 {
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
                && state.friendly(*i, a)
                && w.tokens == 0
                && has_type(state, *i, AttackType::Sword)
                && geometry::in_contact(&w.position, &target)
                && geometry::through_front_arc(&w.position, &target, w.front_arc)
        })
        .count();
    helpers as i32 * i32::from(content::GANG_UP_BONUS)
}

/// Parry on the single target: a die roll minus `minus`, at least `minimum`, off the attack.
pub(super) fn parry(
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
    let name = state.named(a);
    let data = w.data();
    if data.range == 0 {
        return Err(CombatRefusal::NoRange { warrior: name }.into());
    }
    if !attack.overwatch && !rules.opponents_in_contact(state, a).is_empty() {
        return Err(CombatRefusal::RangedInContact { warrior: name }.into());
    }
    if attack.targets.is_empty() {
        return Err(CombatRefusal::NoRangedTarget.into());
    }
    if attack.targets.len() > usize::from(data.targets) {
        return Err(CombatRefusal::TooManyTargets {
            warrior: name,
            arrows: data.targets,
            named: attack.targets.len(),
        }
        .into());
    }
    if attack.precision && (attack.targets.len() != 1 || !has_type(state, a, AttackType::Bow)) {
        return Err(CombatRefusal::Precision.into());
    }
    for (n, t) in attack.targets.iter().enumerate() {
        if attack.targets[..n].contains(t) {
            return Err(CombatRefusal::SameTargetTwice.into());
        }
        let tw = state.warrior(*t)?;
        let target = state.named(*t);
        if *t == a {
            return Err(CombatRefusal::TargetsItself.into());
        }
        if tw.captive.is_some() {
            return Err(CombatRefusal::TargetIsCaptive { target }.into());
        }
        let distance = geometry::distance(&w.position, &tw.position);
        if distance > f64::from(data.range) + geometry::LENGTH_SLACK {
            return Err(CombatRefusal::OutOfRange {
                target,
                distance,
                attacker: name,
                range: data.range,
            }
            .into());
        }
        if !geometry::through_front_arc(&w.position, &tw.position, w.front_arc) {
            return Err(CombatRefusal::OutsideFrontArc {
                target,
                attacker: name,
            }
            .into());
        }
        if effects::any(&tw.abilities(), |op| {
            matches!(op, EffectOp::NotRangedTarget)
        }) {
            return Err(CombatRefusal::RangedImmune { target }.into());
        }
        if has_type(state, a, AttackType::Wand)
            && effects::magic_immune(&tw.abilities())
            && !effects::breaches_magic_immunity(&w.abilities())
        {
            return Err(CombatRefusal::MagicImmune { target }.into());
        }
        // Only the attacker's abilities against this target count here: what its
        // surroundings add to the matchup does not.
        let m = abilities_matchup(state, a, *t, AttackRange::Ranged);
        let ignore_bases = effects::any(&m.attacker, |op| {
            matches!(op, EffectOp::IgnoreBasesForLineOfFire)
        });
        if !ignore_bases {
            for other in state.in_play().filter(|i| *i != a && *i != *t) {
                let o = &state.warriors[other];
                if geometry::crosses_base(&w.position, &tw.position, &o.position)
                    && !effects::any(&o.abilities(), |op| {
                        matches!(op, EffectOp::BaseDoesNotBlock)
                    })
                {
                    return Err(CombatRefusal::BlockedByBase {
                        attacker: name,
                        target,
                        blocker: state.named(other),
                    }
                    .into());
                }
            }
        }
        if let Err(why) = terrain::line_of_fire(state, &w.position, *t) {
            return Err(CombatRefusal::BlockedByTerrain {
                attacker: name,
                target,
                why,
            }
            .into());
        }
        let friendly = healing_amount(state, a, *t, AttackRange::Ranged).is_some();
        if !friendly && state.friendly(a, *t) {
            return Err(CombatRefusal::TargetIsFriendly { target }.into());
        }
        let touches_friend = state.in_play().any(|i| {
            i != a
                && state.friendly(i, a)
                && i != *t
                && geometry::in_contact(&state.warriors[i].position, &tw.position)
        });
        if !friendly && touches_friend && !attack.precision {
            return Err(CombatRefusal::TouchesFriend {
                target,
                attacker: name,
            }
            .into());
        }
    }
    Ok(())
}

/// Whether `target` is within `attacker`'s range ([`check_ranged_targets`] refuses a target
/// that is not).
pub fn within_range(state: &Game, attacker: WarriorId, target: WarriorId) -> bool {
    let (a, t) = (&state.warriors[attacker], &state.warriors[target]);
    geometry::distance(&a.position, &t.position)
        <= f64::from(a.data().range) + geometry::LENGTH_SLACK
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
        let name = state.named(a);
        if !effects::any(
            &state.warriors[a].abilities(),
            |op| matches!(op, EffectOp::MoveThenAttack { attack } if covers(*attack, AttackRange::Ranged)),
        ) {
            return Err(CombatRefusal::DoesNotShow {
                warrior: name,
                ability: SpecialAbility::Bound,
            }
            .into());
        }
        if !rules.opponents_in_contact(state, a).is_empty() {
            return Err(CombatRefusal::BoundInContact { warrior: name }.into());
        }
        let go_on = rules.move_warrior(state, a, (&[], to), ActionKind::RangedCombat, ctx)?;
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
            return Err(CombatRefusal::Overwatch {
                warrior: state.named(a),
            }
            .into());
        }
        if w.data().range == 0 || !rules.opponents_in_contact(state, a).is_empty() {
            return Err(CombatRefusal::OverwatchCannotFire {
                warrior: state.named(a),
            }
            .into());
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
                return Err(CombatRefusal::HealTargetInContact.into());
            }
            heal_attack(rules, state, a, attack.targets[0], amount, ctx)?;
            return finish_attack(rules, state, a, free, ctx);
        }
    }
    fire(rules, state, attack, (0, 0), ctx)?;
    finish_attack(rules, state, a, free, ctx)
}

/// A ranged attack on legal targets: point blank, a formation's boost, modifiers, one roll,
/// damage.
pub(super) fn fire(
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

/// Magic Enhancement of friends touching the attacker: the ranged damage bonus.
pub(super) fn magic_enhancement(state: &Game, a: WarriorId) -> i32 {
    let at = state.warriors[a].position;
    state
        .in_play()
        .filter(|i| {
            *i != a
                && state.friendly(*i, a)
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
