//! Moving: move actions and the moves inside other actions (speed, paths, bases in the way,
//! break away, free spins, Pole Arm, Ram, Terrify), double-time, movement formations, Strong
//! Flier, Magic Levitation, facing changes without an action, and Leadership's taking of a
//! token.

use grimoire_engine::{Ctx, OpenTable, TablePoint};

use super::actions::MageKnightRules;
use super::content::{self, ActionKind, EffectOp, Handler, SpecialAbility, Timing};
use super::dial;
use super::effects;
use super::geometry;
use super::refusal::{ActionRefusal, MoveRefusal, SpecialRefusal};
use super::special;
use super::state::{Event, Game, RulesError, WarriorId};
use super::terrain;

impl MageKnightRules {
    /// Moves `warrior` along `via` to `to` as part of an action of `kind` (move, charge,
    /// bound, surge): speed, break away, bases in the way, Demoralized, then free spins, Pole
    /// Arm and Ram. Returns `false` when the action ends with the move (failed break away, Pole
    /// Arm).
    pub fn move_warrior(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        (via, to): (&[TablePoint], TablePoint),
        kind: ActionKind,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<bool, RulesError> {
        state.warrior(warrior)?;
        let speed = f64::from(move_speed(state, warrior));
        self.move_warrior_at(state, warrior, (via, to), (speed, kind), true, ctx)
    }

    /// [`Self::move_warrior`] at a given speed (double-time, a movement formation's speed),
    /// with or without its own break away roll (a formation rolls them all first). A captor's
    /// captive moves with it, keeping its place beside it (docs/decisions.md).
    pub(super) fn move_warrior_at(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        (via, to): (&[TablePoint], TablePoint),
        (speed, kind): (f64, ActionKind),
        break_away: bool,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<bool, RulesError> {
        let captive_to = self
            .move_check(state, warrior, speed)?
            .check(state, (via, to))?;
        let touching = self.opponents_in_contact(state, warrior);
        if break_away && !touching.is_empty() {
            let fails_on = self.break_away_fails_on(state, warrior, &touching);
            let roll = self.roll_d6(ctx)?;
            let success = roll > fails_on;
            ctx.record(Event::BreakAway {
                warrior,
                roll,
                success,
            });
            if !success {
                state.warriors[warrior].position.facing = to.facing;
                return Ok(false);
            }
        }
        self.terrify(state, warrior, &to, ctx)?;
        state.warriors[warrior].position = to;
        ctx.record(Event::Moved { warrior, to });
        if let Some((c, at)) = captive_to {
            state.warriors[c].position = at;
            ctx.record(Event::Moved { warrior: c, to: at });
        }
        self.free_spins(state, warrior, kind, ctx)?;
        let mut go_on = true;
        for other in self.opponents_in_contact(state, warrior) {
            let o = &state.warriors[other];
            let punish = effects::ops(&o.abilities())
                .filter_map(|(_, op)| match op {
                    EffectOp::PunishMover { damage } => Some(u32::from(*damage)),
                    _ => None,
                })
                .max();
            if let Some(damage) = punish {
                if geometry::through_front_arc(&o.position, &to, o.front_arc) {
                    dial::deal_damage(state, warrior, damage, false, ctx);
                    go_on = false;
                }
            }
        }
        if !state.warriors[warrior].eliminated {
            self.front_arc_damage(state, warrior, Timing::AfterOwnMove, ctx);
        }
        Ok(go_on && !state.warriors[warrior].eliminated)
    }

    /// The roll at or below which `warrior` fails to break away from `touching`.
    pub(super) fn break_away_fails_on(
        &self,
        state: &Game,
        warrior: WarriorId,
        touching: &[WarriorId],
    ) -> u32 {
        let default = u32::from(content::BREAK_AWAY_SUCCEEDS_ON) - 1;
        let own = effects::break_away_fails_on(&state.warriors[warrior].abilities());
        let from_them = touching
            .iter()
            .map(|i| {
                effects::ops(&state.warriors[*i].abilities())
                    .filter_map(|(_, op)| match op {
                        EffectOp::OpponentsBreakAwayFailsOnlyOn { roll } => Some(u32::from(*roll)),
                        _ => None,
                    })
                    .min()
            })
            .collect::<Option<Vec<u32>>>()
            .and_then(|v| v.into_iter().max());
        [Some(default), own, from_them]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(default)
    }

    /// Free spins: each opponent the mover now touches (not cavalry, not a captor, not
    /// already facing it) may turn its front arc onto the mover; Sneak Attack denies them
    /// after a move action (not after a surge or another close combat action's move, rules
    /// p.21).
    pub(super) fn free_spins(
        &self,
        state: &mut Game,
        mover: WarriorId,
        kind: ActionKind,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        if kind == ActionKind::Move && state.warriors[mover].has(SpecialAbility::SneakAttack) {
            return Ok(());
        }
        let at = state.warriors[mover].position;
        for other in self.opponents_in_contact(state, mover) {
            let o = &state.warriors[other];
            if o.data().base_type == Some(content::BaseType::Cavalry)
                || state.captive_of(other).is_some()
                || geometry::through_front_arc(&o.position, &at, o.front_arc)
            {
                continue;
            }
            let prompt = format!(
                "free spin: does {} turn to face {}?",
                o.name(),
                state.warriors[mover].name()
            );
            let options = vec!["spin".to_string(), "stay".to_string()];
            if ctx.choose(&prompt, &options)? == 0 {
                let facing = OpenTable.bearing(&o.position, &at);
                let o = &mut state.warriors[other];
                o.position.facing = facing;
                ctx.record(Event::FreeSpin {
                    warrior: other,
                    facing,
                });
            }
        }
        Ok(())
    }

    /// Damage the `timing` front-arc abilities of `warrior` deal (Venom, Ram).
    pub fn front_arc_damage(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        timing: Timing,
        ctx: &mut Ctx<'_, Event>,
    ) {
        let total: u32 = effects::ops(&state.warriors[warrior].abilities())
            .map(|(_, op)| match op {
                EffectOp::FrontArcDamage { damage, timing: t } if *t == timing => {
                    u32::from(*damage)
                }
                _ => 0,
            })
            .sum();
        if total == 0 {
            return;
        }
        for target in self.opponents_in_front_contact(state, warrior) {
            dial::deal_damage(state, target, total, false, ctx);
        }
    }

    pub(super) fn do_move(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        (via, to): (&[TablePoint], TablePoint),
        carry: Option<(WarriorId, TablePoint)>,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let free = self.check_can_act(state, warrior, ActionKind::Move)?;
        if let Some((friend, _)) = carry {
            self.check_carry(state, warrior, friend)?;
        }
        let moved = self.move_warrior(state, warrior, (via, to), ActionKind::Move, ctx)?;
        let arrived = state.warriors[warrior].position == to;
        if let (Some((friend, at)), true) = (carry, moved || arrived) {
            self.carry(state, warrior, friend, at, ctx)?;
        }
        self.finish_action(state, warrior, free, ctx)
    }

    /// Double-time: a move action at [`content::DOUBLE_TIME_FACTOR`] times the unmodified speed,
    /// not from base contact with an opponent and not for warriors whose abilities forbid it;
    /// no speed special abilities (so no Quickness); 1 pushing damage at the end of the move.
    /// The data records no speed type: every warrior is taken to have the boot speed type.
    pub(super) fn double_time(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        (via, to): (&[TablePoint], TablePoint),
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        self.check_can_act(state, warrior, ActionKind::Move)?;
        let w = &state.warriors[warrior];
        if let Some((a, _)) =
            effects::ops(&w.abilities()).find(|(_, op)| matches!(op, EffectOp::NoDoubleTime))
        {
            return Err(MoveRefusal::NoDoubleTime {
                warrior: state.named(warrior),
                ability: a,
            }
            .into());
        }
        if !self.opponents_in_contact(state, warrior).is_empty() {
            return Err(MoveRefusal::DoubleTimeInContact {
                warrior: state.named(warrior),
            }
            .into());
        }
        let speed = move_speed(state, warrior) * u32::from(content::DOUBLE_TIME_FACTOR);
        let at = (f64::from(speed), ActionKind::Move);
        self.move_warrior_at(state, warrior, (via, to), at, true, ctx)?;
        dial::deal_damage(
            state,
            warrior,
            u32::from(content::PUSHING_DAMAGE),
            true,
            ctx,
        );
        self.finish_action(state, warrior, false, ctx)
    }

    /// A movement formation: 3 to 5 members sharing a faction symbol, each touching another and
    /// able to be given a move action, none whose abilities forbid movement formations, ending
    /// again each touching another. One action moves them all at the lowest member's speed (a
    /// Forced March member's speed instead); every break away roll comes first, and a member
    /// that fails stays (turning as asked). Every member gets a token.
    pub(super) fn formation_move(
        &self,
        state: &mut Game,
        primary: WarriorId,
        (via, to): (&[TablePoint], TablePoint),
        others: &[(WarriorId, Vec<TablePoint>, TablePoint)],
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        self.check_can_act(state, primary, ActionKind::Move)?;
        let mut moves: Vec<(WarriorId, Vec<TablePoint>, TablePoint)> =
            vec![(primary, via.to_vec(), to)];
        moves.extend(others.iter().cloned());
        let members: Vec<WarriorId> = moves.iter().map(|m| m.0).collect();
        special::check_formation(state, &members)?;
        for m in &members {
            if *m != primary {
                self.check_can_act(state, *m, ActionKind::Move)?;
            }
            let w = &state.warriors[*m];
            if let Some((a, _)) = effects::ops(&w.abilities())
                .find(|(_, op)| matches!(op, EffectOp::NoMovementFormation))
            {
                return Err(SpecialRefusal::NoMovementFormation {
                    warrior: state.named(*m),
                    ability: a,
                }
                .into());
            }
        }
        for (m, _, end) in &moves {
            let touches = moves
                .iter()
                .any(|(o, _, other_end)| o != m && geometry::in_contact(end, other_end));
            if !touches {
                return Err(SpecialRefusal::FormationEndsApart {
                    warrior: state.named(*m),
                }
                .into());
            }
        }
        let speed_of = |m: WarriorId| f64::from(move_speed(state, m));
        let marchers: Vec<f64> = members
            .iter()
            .filter(|m| {
                state.warriors[**m]
                    .abilities()
                    .iter()
                    .any(|a| a.meta().handler == Some(Handler::ForcedMarch))
            })
            .map(|m| speed_of(*m))
            .collect();
        let speed = if marchers.is_empty() {
            members
                .iter()
                .map(|m| speed_of(*m))
                .fold(f64::INFINITY, f64::min)
        } else {
            marchers.iter().copied().fold(0.0, f64::max)
        };
        let mut stays = Vec::new();
        for m in &members {
            let touching = self.opponents_in_contact(state, *m);
            if touching.is_empty() {
                continue;
            }
            let fails_on = self.break_away_fails_on(state, *m, &touching);
            let roll = self.roll_d6(ctx)?;
            ctx.record(Event::BreakAway {
                warrior: *m,
                roll,
                success: roll > fails_on,
            });
            if roll <= fails_on {
                stays.push(*m);
            }
        }
        for (m, path, end) in &moves {
            if stays.contains(m) {
                state.warriors[*m].position.facing = end.facing;
                continue;
            }
            self.move_warrior_at(
                state,
                *m,
                (path, *end),
                (speed, ActionKind::Move),
                false,
                ctx,
            )?;
        }
        for m in &members[1..] {
            let w = &mut state.warriors[*m];
            w.acted_this_turn = true;
            if !w.eliminated && dial::give_token(state, *m, ctx) {
                dial::push(state, *m, ctx);
            }
        }
        self.finish_action(state, primary, false, ctx)
    }

    /// Strong Flier: the mover shows it, and the friend touches it and has not acted this turn.
    pub(super) fn check_carry(
        &self,
        state: &Game,
        warrior: WarriorId,
        friend: WarriorId,
    ) -> Result<(), RulesError> {
        let (w, f) = (state.warrior(warrior)?, state.warrior(friend)?);
        if !w
            .abilities()
            .iter()
            .any(|a| a.meta().handler == Some(Handler::StrongFlier))
        {
            return Err(SpecialRefusal::NoStrongFlier {
                warrior: state.named(warrior),
            }
            .into());
        }
        if friend == warrior || !state.friendly(warrior, friend) || f.acted_this_turn {
            return Err(SpecialRefusal::NotACarriableFriend {
                friend: state.named(friend),
            }
            .into());
        }
        if !geometry::in_contact(&w.position, &f.position) {
            return Err(SpecialRefusal::NotInContact {
                other: state.named(friend),
                warrior: state.named(warrior),
            }
            .into());
        }
        Ok(())
    }

    /// Strong Flier: the carried friend ends at `at`, in base contact with the mover; it gets an
    /// action token if it has fewer than two, and cannot be given an action this turn.
    pub(super) fn carry(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        friend: WarriorId,
        at: TablePoint,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let w = &state.warriors[warrior];
        if !geometry::in_contact(&w.position, &at) {
            return Err(SpecialRefusal::CarriedApart {
                warrior: state.named(warrior),
            }
            .into());
        }
        if let Some(o) = state
            .in_play()
            .find(|i| *i != friend && geometry::overlaps(&state.warriors[*i].position, &at))
        {
            return Err(SpecialRefusal::CarriedOnBase {
                other: state.named(o),
            }
            .into());
        }
        let f = &mut state.warriors[friend];
        f.position = at;
        f.acted_this_turn = true;
        ctx.record(Event::Moved {
            warrior: friend,
            to: at,
        });
        if state.warriors[friend].tokens < content::MAX_ACTION_TOKENS
            && dial::give_token(state, friend, ctx)
        {
            dial::push(state, friend, ctx);
        }
        Ok(())
    }

    /// Magic Levitation: a touching figure that has not been given an action this turn moves up
    /// to [`content::MAGIC_LEVITATION_DISTANCE`] inches ignoring bases (no break away), takes
    /// the facing given, and cannot be given an action this turn.
    pub(super) fn levitate(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        target: WarriorId,
        to: TablePoint,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let (w, t) = (state.warrior(warrior)?, state.warrior(target)?);
        if target == warrior {
            return Err(SpecialRefusal::LevitatesItself.into());
        }
        if !geometry::in_contact(&w.position, &t.position) {
            return Err(SpecialRefusal::NotInContact {
                other: state.named(target),
                warrior: state.named(warrior),
            }
            .into());
        }
        if t.acted_this_turn {
            return Err(SpecialRefusal::LevitatedActed {
                target: state.named(target),
            }
            .into());
        }
        if effects::magic_immune(&t.abilities()) {
            return Err(SpecialRefusal::LevitatedImmune {
                target: state.named(target),
            }
            .into());
        }
        let distance = geometry::distance(&t.position, &to);
        let limit = f64::from(content::MAGIC_LEVITATION_DISTANCE);
        if distance > limit + geometry::LENGTH_SLACK {
            return Err(SpecialRefusal::LevitationTooFar { limit, distance }.into());
        }
        if let Some(o) = state
            .in_play()
            .find(|i| *i != target && geometry::overlaps(&state.warriors[*i].position, &to))
        {
            return Err(SpecialRefusal::LevitatedOnBase {
                target: state.named(target),
                other: state.named(o),
            }
            .into());
        }
        let t = &mut state.warriors[target];
        t.position = to;
        t.acted_this_turn = true;
        ctx.record(Event::Moved {
            warrior: target,
            to,
        });
        Ok(())
    }

    /// The opposing Terrify warriors that may stop `mover`, in deployment order (none for a
    /// Hero or a mover that shows Terrify itself).
    pub(super) fn terrifying_opponents(&self, state: &Game, mover: WarriorId) -> Vec<WarriorId> {
        let has_terrify =
            |i: WarriorId| state.warriors[i].shows(|a| a.meta().handler == Some(Handler::Terrify));
        let m = &state.warriors[mover];
        if m.data().factions.contains(&content::Faction::Heroes) || has_terrify(mover) {
            return Vec::new();
        }
        state
            .in_play()
            .filter(|i| state.opposing(*i, mover) && has_terrify(*i))
            .collect()
    }

    /// Terrify: an opposing non-Hero figure about to end in base contact with a Terrify warrior
    /// rolls a die (a cavalry unit two: mount and rider); at or below
    /// [`content::TERRIFY_STOPS_ON`] it cannot come into base contact with it this turn: the
    /// move is refused, and the failed roll is remembered for the turn.
    pub(super) fn terrify(
        &self,
        state: &Game,
        mover: WarriorId,
        to: &TablePoint,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let terrifiers = self
            .terrifying_opponents(state, mover)
            .into_iter()
            .filter(|i| geometry::in_contact(&state.warriors[*i].position, to));
        for t in terrifiers {
            if state.terrified.contains(&(mover, t)) {
                return Err(MoveRefusal::Terrified {
                    mover: state.named(mover),
                    terrifier: state.named(t),
                }
                .into());
            }
            // A cavalry unit rolls once for the mount and once for the rider; either failing
            // stops the move (rules p.21).
            let rolls =
                if state.warriors[mover].data().base_type == Some(content::BaseType::Cavalry) {
                    2
                } else {
                    1
                };
            let mut failed = None;
            for _ in 0..rolls {
                let roll = self.roll_d6(ctx)?;
                let stopped = roll <= u32::from(content::TERRIFY_STOPS_ON);
                if stopped {
                    failed.get_or_insert(roll);
                } else {
                    ctx.record(Event::Terrify {
                        warrior: mover,
                        terrifier: t,
                        roll,
                        stopped,
                    });
                }
            }
            if let Some(roll) = failed {
                return Err(RulesError::Terrified {
                    mover,
                    terrifier: t,
                    roll,
                });
            }
        }
        Ok(())
    }

    /// Leadership: a friendly leader with no tokens within [`content::LEADERSHIP_RANGE`] inches
    /// and a clear line of fire through its front arc may take the action token of `warrior`
    /// (its controller chooses). Returns whether a leader took it.
    pub(super) fn leadership(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<bool, RulesError> {
        let at = state.warriors[warrior].position;
        let leaders: Vec<WarriorId> = state
            .in_play()
            .filter(|i| {
                let l = &state.warriors[*i];
                *i != warrior
                    && state.friendly(*i, warrior)
                    && l.tokens == 0
                    && l.abilities()
                        .iter()
                        .any(|a| a.meta().handler == Some(Handler::Leadership))
                    && geometry::distance(&l.position, &at)
                        <= f64::from(content::LEADERSHIP_RANGE) + geometry::LENGTH_SLACK
                    && geometry::through_front_arc(&l.position, &at, l.front_arc)
                    && !state.in_play().any(|o| {
                        o != *i
                            && o != warrior
                            && geometry::crosses_base(&l.position, &at, &state.warriors[o].position)
                    })
            })
            .collect();
        if leaders.is_empty() {
            return Ok(false);
        }
        let mut options: Vec<String> = leaders
            .iter()
            .map(|i| state.warriors[*i].name().to_string())
            .collect();
        options.push("none".to_string());
        let prompt = format!(
            "Leadership: who takes {}'s action token?",
            state.warriors[warrior].name()
        );
        let pick = ctx.choose(&prompt, &options)?;
        let Some(leader) = leaders.get(pick).copied() else {
            return Ok(false);
        };
        ctx.record(Event::Leadership { leader, warrior });
        if dial::give_token(state, leader, ctx) {
            dial::push(state, leader, ctx);
        }
        Ok(true)
    }

    /// Nimble and Sniper: a new facing, without an action, during its controller's turn.
    pub(super) fn turn(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        facing: f64,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        self.check_turn(state, warrior, facing)?;
        let w = &mut state.warriors[warrior];
        w.position.facing = facing.rem_euclid(360.0);
        ctx.record(Event::Turned {
            warrior,
            facing: w.position.facing,
        });
        Ok(())
    }

    /// Whether `warrior` may turn to `facing` now: it is the active player's, and a free
    /// facing ability (Nimble, Sniper) lets it; changes nothing ([`Self::turn`] starts with it,
    /// and listing legal actions asks it instead of trying the turn on a copy).
    pub(super) fn check_turn(
        &self,
        state: &Game,
        warrior: WarriorId,
        facing: f64,
    ) -> Result<(), RulesError> {
        self.check_free_facing(state, warrior)?;
        if !facing.is_finite() {
            return Err(ActionRefusal::FacingNotANumber.into());
        }
        Ok(())
    }

    /// Whether `warrior` may turn now, whatever the facing: it is the active player's, and a
    /// free facing ability (Nimble, Sniper) lets it ([`Self::check_turn`] starts with it).
    pub(super) fn check_free_facing(
        &self,
        state: &Game,
        warrior: WarriorId,
    ) -> Result<(), RulesError> {
        let w = state.warrior(warrior)?;
        if w.owner != state.active {
            return Err(RulesError::NotYourTurn(state.named(warrior)));
        }
        let free_facing =
            w.shows(|a| matches!(a.meta().handler, Some(Handler::Nimble | Handler::Sniper)));
        if !free_facing {
            return Err(ActionRefusal::NoFreeFacing {
                warrior: state.named(warrior),
            }
            .into());
        }
        Ok(())
    }
}

/// What the checks of a move depend on besides its path, worked out once per mover
/// ([`MageKnightRules::move_check`]): listing legal moves judges many paths of one mover with
/// it.
#[derive(Debug, Clone)]
pub(super) struct MoveCheck {
    /// The mover.
    warrior: WarriorId,
    /// Where it starts.
    from: TablePoint,
    /// The captive it brings along and where that captive stands now.
    captive: Option<(WarriorId, TablePoint)>,
    /// Whether it flies over bases and terrain (Flight, holding no captive).
    flies: bool,
    /// Whether water is clear terrain for it (Aquatic, holding no captive).
    aquatic: bool,
    /// The length it may move, after terrain.
    speed: f64,
    /// The other warriors in play (not the mover or its captive) a move within the speed may
    /// meet, in deployment order.
    others: smallvec::SmallVec<[(WarriorId, TablePoint); 16]>,
    /// The opposing warriors it may not touch (Demoralized), in deployment order; none when
    /// it may touch them.
    shunned: Vec<(WarriorId, TablePoint)>,
}

impl MageKnightRules {
    /// The facts the checks of a move of `warrior` at `speed` need ([`MoveCheck::check`]).
    pub(super) fn move_check(
        &self,
        state: &Game,
        warrior: WarriorId,
        speed: f64,
    ) -> Result<MoveCheck, RulesError> {
        let w = state.warrior(warrior)?;
        let abilities = w.abilities();
        let captive = state.captive_of(warrior);
        // A captor and its captive have the boot speed type (rules p.14): no flying over bases.
        let flies = abilities.contains(&SpecialAbility::Flight) && captive.is_none();
        let aquatic = terrain::aquatic(state, warrior) && captive.is_none();
        let speed = terrain::move_speed(state, &w.position, speed, (flies, aquatic));
        // A path no longer than the speed stays within it of the start, so without a captive
        // (which ends elsewhere) a base farther than that and a base diameter can neither be
        // ended on nor crossed.
        let reach = speed + 2.0 * geometry::base_radius() + geometry::CONTACT_SLACK;
        let others = state
            .in_play()
            .filter(|i| *i != warrior && Some(*i) != captive)
            .map(|i| (i, state.warriors[i].position))
            .filter(|(_, at)| captive.is_some() || geometry::distance(&w.position, at) <= reach)
            .collect();
        let avoids_contact = effects::any(&abilities, |op| {
            matches!(op, EffectOp::NoContactWithOpponents)
        });
        let shunned = if avoids_contact {
            state
                .in_play()
                .filter(|i| state.opposing(*i, warrior))
                .map(|i| (i, state.warriors[i].position))
                .collect()
        } else {
            Vec::new()
        };
        Ok(MoveCheck {
            warrior,
            from: w.position,
            captive: captive.map(|c| (c, state.warriors[c].position)),
            flies,
            aquatic,
            speed,
            others,
            shunned,
        })
    }
}

impl MoveCheck {
    /// The mover.
    pub(super) fn warrior(&self) -> WarriorId {
        self.warrior
    }

    /// The checks of a move along `via` to `to`, before anything is rolled or changed (speed,
    /// terrain, bases in the way, Demoralized); changes nothing. Returns the captive the mover
    /// brings along and where it ends, if it holds one. [`MageKnightRules::move_warrior_at`]
    /// starts with it, and listing legal moves asks it instead of trying the move on a copy.
    pub(super) fn check(
        &self,
        state: &Game,
        (via, to): (&[TablePoint], TablePoint),
    ) -> Result<Option<(WarriorId, TablePoint)>, RulesError> {
        let warrior = self.warrior;
        let captive_to = self.captive.map(|(c, at)| {
            (
                c,
                TablePoint {
                    x: at.x + (to.x - self.from.x),
                    y: at.y + (to.y - self.from.y),
                    facing: at.facing,
                },
            )
        });
        let mut path: smallvec::SmallVec<[TablePoint; 4]> = smallvec::smallvec![self.from];
        path.extend(via.iter().copied());
        path.push(to);
        let length: f64 = path
            .windows(2)
            .map(|p| geometry::distance(&p[0], &p[1]))
            .sum();
        if length > self.speed + geometry::LENGTH_SLACK {
            return Err(MoveRefusal::TooLong {
                warrior: state.named(warrior),
                length,
                speed: self.speed,
            }
            .into());
        }
        terrain::check_path(state, warrior, &path, (self.flies, self.aquatic))?;
        if let Some((c, at)) = captive_to {
            if let Some(t) = terrain::blocked_at(state, &at, false) {
                return Err(MoveRefusal::CaptiveOverTerrain {
                    captor: state.named(warrior),
                    captive: state.named(c),
                    kind: t.kind,
                }
                .into());
            }
        }
        for (other, o) in &self.others {
            if let Some((c, at)) = captive_to {
                if geometry::overlaps(o, &at) {
                    return Err(MoveRefusal::CaptiveOnBase {
                        captor: state.named(warrior),
                        captive: state.named(c),
                        other: state.named(*other),
                    }
                    .into());
                }
            }
            if geometry::overlaps(o, &to) {
                return Err(MoveRefusal::EndsOnBase {
                    warrior: state.named(warrior),
                    other: state.named(*other),
                }
                .into());
            }
            if !self.flies
                && path
                    .windows(2)
                    .any(|p| geometry::crosses_base(&p[0], &p[1], o))
            {
                return Err(MoveRefusal::CrossesBase {
                    warrior: state.named(warrior),
                    other: state.named(*other),
                }
                .into());
            }
        }
        if let Some((o, _)) = self
            .shunned
            .iter()
            .find(|(_, at)| geometry::in_contact(at, &to))
        {
            return Err(MoveRefusal::Demoralized {
                warrior: state.named(warrior),
                opponent: state.named(*o),
            }
            .into());
        }
        Ok(captive_to)
    }
}

/// The speed value `warrior` moves at: its own, or for a captor the lower of its own and its
/// captive's (rules p.14).
pub(super) fn move_speed(state: &Game, warrior: WarriorId) -> u32 {
    let speed = |i: WarriorId| u32::from(state.warriors[i].current().map_or(0, |c| c.speed));
    let own = speed(warrior);
    state
        .captive_of(warrior)
        .map_or(own, |captive| own.min(speed(captive)))
}
