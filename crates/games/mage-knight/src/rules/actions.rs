//! The rules of a turn: the actions a player gives warriors (move, close combat, ranged combat,
//! special), their limits, and the command and end phases. [`MageKnightRules`] implements the
//! engine's [`Rules`] contract.

use grimoire_engine::{Board, Ctx, DieFaces, OpenTable, PlayerId, Rules, TablePoint};

use super::attack;
use super::content::{
    self, ActionKind, AttackRange, AttackType, EffectOp, Handler, SpecialAbility, Timing,
};
use super::dial;
use super::effects;
use super::geometry;
use super::reanimate;
use super::special;
use super::state::{illegal, Event, Game, RulesError};

/// One thing a player can do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A move action to `to` (centre dot and facing), through the waypoints `via`.
    Move {
        /// The warrior (index).
        warrior: usize,
        /// Waypoints of the flexible ruler's path, in order.
        via: Vec<TablePoint>,
        /// Where it ends, with its facing.
        to: TablePoint,
        /// Strong Flier: a touching friend carried along, and where it ends.
        carry: Option<(usize, TablePoint)>,
        /// Double-time: twice the unmodified speed, then 1 pushing damage.
        double_time: bool,
        /// A movement formation: the other members, each with its path and destination.
        formation: Vec<(usize, Vec<TablePoint>, TablePoint)>,
    },
    /// A close combat action.
    Close(attack::CloseAttack),
    /// A ranged combat action.
    Ranged(attack::RangedAttack),
    /// A special action using `ability` (Regeneration, Shockwave, Magic Levitation).
    Special {
        /// The warrior.
        warrior: usize,
        /// The ability used.
        ability: SpecialAbility,
        /// The figure it acts on (Magic Levitation).
        target: Option<usize>,
        /// Where it moves that figure (Magic Levitation).
        to: Option<TablePoint>,
    },
    /// Changes facing without an action (Nimble, Sniper), during its controller's turn.
    Turn {
        /// The warrior.
        warrior: usize,
        /// The new facing in degrees.
        facing: f64,
    },
    /// Cancels an optional ability until the end of the turn (no action).
    Cancel {
        /// The warrior.
        warrior: usize,
        /// The ability.
        ability: SpecialAbility,
    },
    /// Ends the active player's turn: end phase, then the next player's command phase.
    EndTurn,
}

/// The Mage Knight rules.
#[derive(Debug, Clone)]
pub struct MageKnightRules {
    /// The six-sided die of `game.toml`.
    pub d6: DieFaces,
}

impl Default for MageKnightRules {
    fn default() -> Self {
        Self {
            d6: DieFaces::from_table(content::D6_DIE_NAME, &content::D6_DIE, |f| f.label),
        }
    }
}

impl MageKnightRules {
    /// Rolls one six-sided die (1 to 6).
    pub fn roll_d6(&self, ctx: &mut Ctx<'_, Event>) -> Result<u32, RulesError> {
        let face = ctx.roll(self.d6.spec())? as usize;
        Ok(u32::from(content::D6_DIE[face].value))
    }

    /// Checks that `warrior` may be given an action of `kind` now and returns whether it is
    /// free (Quickness: no player action spent).
    pub fn check_can_act(
        &self,
        state: &Game,
        warrior: usize,
        kind: ActionKind,
    ) -> Result<bool, RulesError> {
        if state.over {
            return Err(illegal("the game is over"));
        }
        let w = state.warrior(warrior)?;
        if w.owner != state.active {
            return Err(RulesError::NotYourTurn(w.name().to_string()));
        }
        let trance = w
            .abilities()
            .iter()
            .any(|a| a.meta().handler == Some(Handler::MagestoneTrance));
        let second_allowed = trance && !w.second_action;
        if w.acted_this_turn && !second_allowed {
            return Err(RulesError::CannotAct(format!(
                "{} was already given an action this turn",
                w.name()
            )));
        }
        if w.tokens >= content::MAX_ACTION_TOKENS {
            return Err(RulesError::CannotAct(format!(
                "{} has {} action tokens and cannot be given an action",
                w.name(),
                w.tokens
            )));
        }
        if w.captive.is_some() {
            return Err(RulesError::CannotAct(format!(
                "{} is held captive and cannot be given actions",
                w.name()
            )));
        }
        let holds_captive = state.warriors.iter().any(|c| c.captive == Some(warrior));
        if holds_captive && !matches!(kind, ActionKind::Move | ActionKind::CloseCombat) {
            return Err(illegal(format!(
                "{} holds a captive: it can only be given move actions or a close attack on its captive",
                w.name()
            )));
        }
        let abilities = w.abilities();
        if let Some(a) = effects::forbids(&abilities, kind) {
            return Err(illegal(format!(
                "{} cannot be given a {} action while it shows {a}",
                w.name(),
                kind.name()
            )));
        }
        self.check_frenzy(state, warrior)?;
        let free = kind == ActionKind::Move
            && effects::any(&abilities, |op| matches!(op, EffectOp::FreeMoveAction));
        if !free && state.player(w.owner)?.actions_left() == 0 {
            return Err(RulesError::NoActionsLeft);
        }
        Ok(free)
    }

    /// Frenzy: while a friendly Frenzy warrior with fewer than two tokens has not acted this
    /// turn, warriors without Frenzy cannot be given actions.
    fn check_frenzy(&self, state: &Game, warrior: usize) -> Result<(), RulesError> {
        let w = &state.warriors[warrior];
        if w.has(SpecialAbility::Frenzy) {
            return Ok(());
        }
        let waiting = state.in_play().find(|i| {
            let f = &state.warriors[*i];
            f.owner == w.owner
                && f.has(SpecialAbility::Frenzy)
                && !f.acted_this_turn
                && f.tokens < content::MAX_ACTION_TOKENS
        });
        match waiting {
            Some(f) => Err(illegal(format!(
                "{} has Frenzy and must be given an action before {}",
                state.warriors[f].name(),
                w.name()
            ))),
            None => Ok(()),
        }
    }

    /// After an action: one action used (unless free), a token (pushing damage on the second).
    pub fn finish_action(
        &self,
        state: &mut Game,
        warrior: usize,
        free: bool,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let owner = state.warriors[warrior].owner;
        if !free {
            state.player_mut(owner)?.actions_used += 1;
        }
        let second = state.warriors[warrior].acted_this_turn;
        state.warriors[warrior].acted_this_turn = true;
        state.warriors[warrior].second_action |= second;
        if state.warriors[warrior].eliminated {
            return Ok(());
        }
        if !self.leadership(state, warrior, ctx)? && dial::give_token(state, warrior, ctx) {
            dial::push(state, warrior, ctx);
        }
        if second {
            self.magestone_trance(state, warrior, ctx)?;
        }
        Ok(())
    }

    /// Magestone Trance, after the second action: 2d6 rolled again and again while the result
    /// is below the unmodified attack value; 1 pushing damage per such roll. With an attack value
    /// above what two dice can reach, the rolls stop once they would eliminate the warrior.
    fn magestone_trance(
        &self,
        state: &mut Game,
        warrior: usize,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let w = &state.warriors[warrior];
        let Some(click) = w.current() else {
            return Ok(());
        };
        let attack = u32::from(click.attack);
        let limit = w.clicks_to_elimination() as u32;
        let mut rolls = Vec::new();
        loop {
            let mut total = 0;
            for _ in 0..content::ATTACK_DICE {
                total += self.roll_d6(ctx)?;
            }
            rolls.push(total);
            if total >= attack || rolls.len() as u32 >= limit {
                break;
            }
        }
        let pushing = rolls.iter().filter(|r| **r < attack).count() as u32;
        ctx.record(Event::Trance {
            warrior: state.warriors[warrior].name().to_string(),
            rolls,
            pushing,
        });
        if pushing > 0 {
            dial::deal_damage(state, warrior, pushing, true, ctx);
        }
        Ok(())
    }

    /// Moves `warrior` along `via` to `to` as part of an action (move, charge, bound, surge):
    /// speed, break away, bases in the way, Demoralized, then free spins, Pole Arm and Ram.
    /// Returns `false` when the action ends with the move (failed break away, Pole Arm).
    pub fn move_warrior(
        &self,
        state: &mut Game,
        warrior: usize,
        via: &[TablePoint],
        to: TablePoint,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<bool, RulesError> {
        let speed = f64::from(state.warrior(warrior)?.current().map_or(0, |c| c.speed));
        self.move_warrior_at(state, warrior, (via, to), speed, true, ctx)
    }

    /// [`Self::move_warrior`] at a given speed (double-time, a movement formation's speed),
    /// with or without its own break away roll (a formation rolls them all first).
    fn move_warrior_at(
        &self,
        state: &mut Game,
        warrior: usize,
        (via, to): (&[TablePoint], TablePoint),
        speed: f64,
        break_away: bool,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<bool, RulesError> {
        let w = state.warrior(warrior)?.clone();
        let abilities = w.abilities();
        let mut path = vec![w.position];
        path.extend(via.iter().copied());
        path.push(to);
        let length: f64 = path
            .windows(2)
            .map(|p| geometry::distance(&p[0], &p[1]))
            .sum();
        if length > speed + geometry::LENGTH_SLACK {
            return Err(illegal(format!(
                "{} moves {length:.2} inches but its speed is {speed}",
                w.name()
            )));
        }
        let flies = abilities.contains(&SpecialAbility::Flight);
        for other in state.in_play().filter(|i| *i != warrior) {
            let o = &state.warriors[other].position;
            if geometry::overlaps(o, &to) {
                return Err(illegal(format!(
                    "{} cannot end its move on {}'s base",
                    w.name(),
                    state.warriors[other].name()
                )));
            }
            if !flies
                && path
                    .windows(2)
                    .any(|p| geometry::crosses_base(&p[0], &p[1], o))
            {
                return Err(illegal(format!(
                    "{}'s path crosses {}'s base",
                    w.name(),
                    state.warriors[other].name()
                )));
            }
        }
        if effects::any(&abilities, |op| {
            matches!(op, EffectOp::NoContactWithOpponents)
        }) {
            if let Some(o) = state.in_play().find(|i| {
                state.opposing(*i, warrior)
                    && geometry::in_contact(&state.warriors[*i].position, &to)
            }) {
                return Err(illegal(format!(
                    "{} is Demoralized and cannot move into base contact with {}",
                    w.name(),
                    state.warriors[o].name()
                )));
            }
        }
        let touching: Vec<usize> = self.opponents_in_contact(state, warrior);
        if break_away && !touching.is_empty() {
            let fails_on = self.break_away_fails_on(state, warrior, &touching);
            let roll = self.roll_d6(ctx)?;
            let success = roll > fails_on;
            ctx.record(Event::BreakAway {
                warrior: w.name().to_string(),
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
        ctx.record(Event::Moved {
            warrior: w.name().to_string(),
            to: OpenTable.position_name(&to),
        });
        self.free_spins(state, warrior, ctx)?;
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
    fn break_away_fails_on(&self, state: &Game, warrior: usize, touching: &[usize]) -> u32 {
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

    /// Opposing warriors in base contact with `warrior`.
    pub fn opponents_in_contact(&self, state: &Game, warrior: usize) -> Vec<usize> {
        let at = state.warriors[warrior].position;
        state
            .in_play()
            .filter(|i| {
                *i != warrior
                    && state.opposing(*i, warrior)
                    && geometry::in_contact(&state.warriors[*i].position, &at)
            })
            .collect()
    }

    /// Opposing warriors in base contact with `warrior`'s front arc.
    pub fn opponents_in_front_contact(&self, state: &Game, warrior: usize) -> Vec<usize> {
        let w = &state.warriors[warrior];
        self.opponents_in_contact(state, warrior)
            .into_iter()
            .filter(|i| {
                geometry::through_front_arc(&w.position, &state.warriors[*i].position, w.front_arc)
            })
            .collect()
    }

    /// Free spins: each opponent the mover now touches (not cavalry, not already facing it)
    /// may turn its front arc onto the mover; Sneak Attack denies them.
    fn free_spins(
        &self,
        state: &mut Game,
        mover: usize,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        if state.warriors[mover].has(SpecialAbility::SneakAttack) {
            return Ok(());
        }
        let at = state.warriors[mover].position;
        for other in self.opponents_in_contact(state, mover) {
            let o = &state.warriors[other];
            if o.data().base_type == Some(content::BaseType::Cavalry)
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
                    warrior: o.name().to_string(),
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
        warrior: usize,
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

    fn do_move(
        &self,
        state: &mut Game,
        warrior: usize,
        (via, to): (&[TablePoint], TablePoint),
        carry: Option<(usize, TablePoint)>,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let free = self.check_can_act(state, warrior, ActionKind::Move)?;
        if let Some((friend, _)) = carry {
            self.check_carry(state, warrior, friend)?;
        }
        let moved = self.move_warrior(state, warrior, via, to, ctx)?;
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
    fn double_time(
        &self,
        state: &mut Game,
        warrior: usize,
        (via, to): (&[TablePoint], TablePoint),
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        self.check_can_act(state, warrior, ActionKind::Move)?;
        let w = &state.warriors[warrior];
        if let Some((a, _)) =
            effects::ops(&w.abilities()).find(|(_, op)| matches!(op, EffectOp::NoDoubleTime))
        {
            return Err(illegal(format!(
                "{} shows {a} and cannot use double-time",
                w.name()
            )));
        }
        if !self.opponents_in_contact(state, warrior).is_empty() {
            return Err(illegal(format!(
                "{} is in base contact with an opposing warrior and cannot use double-time",
                w.name()
            )));
        }
        let speed =
            u32::from(w.current().map_or(0, |c| c.speed)) * u32::from(content::DOUBLE_TIME_FACTOR);
        self.move_warrior_at(state, warrior, (via, to), f64::from(speed), true, ctx)?;
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
    fn formation_move(
        &self,
        state: &mut Game,
        primary: usize,
        (via, to): (&[TablePoint], TablePoint),
        others: &[(usize, Vec<TablePoint>, TablePoint)],
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        self.check_can_act(state, primary, ActionKind::Move)?;
        let mut moves: Vec<(usize, Vec<TablePoint>, TablePoint)> =
            vec![(primary, via.to_vec(), to)];
        moves.extend(others.iter().cloned());
        let members: Vec<usize> = moves.iter().map(|m| m.0).collect();
        special::check_formation(state, &members)?;
        for m in &members {
            if *m != primary {
                self.check_can_act(state, *m, ActionKind::Move)?;
            }
            let w = &state.warriors[*m];
            if let Some((a, _)) = effects::ops(&w.abilities())
                .find(|(_, op)| matches!(op, EffectOp::NoMovementFormation))
            {
                return Err(illegal(format!(
                    "{} shows {a} and cannot be part of a movement formation",
                    w.name()
                )));
            }
        }
        for (m, _, end) in &moves {
            let touches = moves
                .iter()
                .any(|(o, _, other_end)| o != m && geometry::in_contact(end, other_end));
            if !touches {
                return Err(illegal(format!(
                    "{} must end the formation's move in base contact with another member",
                    state.warriors[*m].name()
                )));
            }
        }
        let speed_of = |m: usize| f64::from(state.warriors[m].current().map_or(0, |c| c.speed));
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
                warrior: state.warriors[*m].name().to_string(),
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
            self.move_warrior_at(state, *m, (path, *end), speed, false, ctx)?;
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
    fn check_carry(&self, state: &Game, warrior: usize, friend: usize) -> Result<(), RulesError> {
        let (w, f) = (state.warrior(warrior)?, state.warrior(friend)?);
        if !w
            .abilities()
            .iter()
            .any(|a| a.meta().handler == Some(Handler::StrongFlier))
        {
            return Err(illegal(format!("{} does not show Strong Flier", w.name())));
        }
        if friend == warrior || state.opposing(warrior, friend) || f.acted_this_turn {
            return Err(illegal(format!(
                "{} is not a friend that has not been given an action this turn",
                f.name()
            )));
        }
        if !geometry::in_contact(&w.position, &f.position) {
            return Err(illegal(format!(
                "{} is not in base contact with {}",
                f.name(),
                w.name()
            )));
        }
        Ok(())
    }

    /// Strong Flier: the carried friend ends at `at`, in base contact with the mover; it gets an
    /// action token if it has fewer than two, and cannot be given an action this turn.
    fn carry(
        &self,
        state: &mut Game,
        warrior: usize,
        friend: usize,
        at: TablePoint,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let w = &state.warriors[warrior];
        if !geometry::in_contact(&w.position, &at) {
            return Err(illegal(format!(
                "the carried figure must end in base contact with {}",
                w.name()
            )));
        }
        if let Some(o) = state
            .in_play()
            .find(|i| *i != friend && geometry::overlaps(&state.warriors[*i].position, &at))
        {
            return Err(illegal(format!(
                "the carried figure cannot end on {}'s base",
                state.warriors[o].name()
            )));
        }
        let f = &mut state.warriors[friend];
        f.position = at;
        f.acted_this_turn = true;
        ctx.record(Event::Moved {
            warrior: f.name().to_string(),
            to: OpenTable.position_name(&at),
        });
        if state.warriors[friend].tokens < content::MAX_ACTION_TOKENS
            && dial::give_token(state, friend, ctx)
        {
            dial::push(state, friend, ctx);
        }
        Ok(())
    }

    fn do_special(
        &self,
        state: &mut Game,
        warrior: usize,
        ability: SpecialAbility,
        (target, to): (Option<usize>, Option<TablePoint>),
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let free = self.check_can_act(state, warrior, ActionKind::Special)?;
        let w = &state.warriors[warrior];
        if !w.has(ability) {
            return Err(illegal(format!("{} does not show {ability} now", w.name())));
        }
        if ability.meta().handler == Some(Handler::Shockwave) {
            state.last_hits.clear();
            special::shockwave(self, state, warrior, ctx)?;
            self.finish_action(state, warrior, free, ctx)?;
            attack::cursed(state, warrior, ctx);
            return Ok(());
        }
        if let Some(h @ (Handler::Necromancy | Handler::Summon | Handler::Revenant)) =
            ability.meta().handler
        {
            let (Some(target), Some(to)) = (target, to) else {
                return Err(illegal(format!(
                    "{ability} needs a `target` and where it comes back `to`"
                )));
            };
            reanimate::reanimate(self, state, warrior, h, target, to, ctx)?;
            return self.finish_action(state, warrior, free, ctx);
        }
        if ability.meta().handler == Some(Handler::Hex) {
            state.warriors[warrior].hex = true;
            return self.finish_action(state, warrior, free, ctx);
        }
        if ability.meta().handler == Some(Handler::MagicLevitation) {
            let (Some(target), Some(to)) = (target, to) else {
                return Err(illegal(
                    "Magic Levitation needs a `target` and where it moves `to`",
                ));
            };
            self.levitate(state, warrior, target, to, ctx)?;
            return self.finish_action(state, warrior, free, ctx);
        }
        let heal = ability.meta().effects.iter().find_map(|op| match op {
            EffectOp::HealSelfRoll { minus, minimum } => {
                Some((u32::from(*minus), u32::from(*minimum)))
            }
            _ => None,
        });
        let Some((minus, minimum)) = heal else {
            return Err(illegal(format!(
                "{ability} is not a special action the rules play yet"
            )));
        };
        let roll = self.roll_d6(ctx)?;
        dial::heal(state, warrior, roll.saturating_sub(minus).max(minimum), ctx);
        self.finish_action(state, warrior, free, ctx)
    }

    /// Magic Levitation: a touching figure that has not been given an action this turn moves up
    /// to [`content::MAGIC_LEVITATION_DISTANCE`] inches ignoring bases (no break away), takes
    /// the facing given, and cannot be given an action this turn.
    fn levitate(
        &self,
        state: &mut Game,
        warrior: usize,
        target: usize,
        to: TablePoint,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let (w, t) = (state.warrior(warrior)?, state.warrior(target)?);
        if target == warrior {
            return Err(illegal("Magic Levitation moves another figure"));
        }
        if !geometry::in_contact(&w.position, &t.position) {
            return Err(illegal(format!(
                "{} is not in base contact with {}",
                t.name(),
                w.name()
            )));
        }
        if t.acted_this_turn {
            return Err(illegal(format!(
                "{} was already given an action this turn",
                t.name()
            )));
        }
        if effects::magic_immune(&t.abilities()) {
            return Err(illegal(format!("{} has Magic Immunity", t.name())));
        }
        let distance = geometry::distance(&t.position, &to);
        let limit = f64::from(content::MAGIC_LEVITATION_DISTANCE);
        if distance > limit + geometry::LENGTH_SLACK {
            return Err(illegal(format!(
                "Magic Levitation moves a figure at most {limit} inches, not {distance:.2}"
            )));
        }
        if let Some(o) = state
            .in_play()
            .find(|i| *i != target && geometry::overlaps(&state.warriors[*i].position, &to))
        {
            return Err(illegal(format!(
                "{} cannot end on {}'s base",
                t.name(),
                state.warriors[o].name()
            )));
        }
        let t = &mut state.warriors[target];
        t.position = to;
        t.acted_this_turn = true;
        ctx.record(Event::Moved {
            warrior: t.name().to_string(),
            to: OpenTable.position_name(&to),
        });
        Ok(())
    }

    /// Terrify: an opposing non-Hero figure about to end in base contact with a Terrify warrior
    /// rolls a die; at or below [`content::TERRIFY_STOPS_ON`] it cannot come into base contact
    /// with it this turn: the move is refused, and the failed roll is remembered for the turn.
    fn terrify(
        &self,
        state: &mut Game,
        mover: usize,
        to: &TablePoint,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let has_terrify = |i: usize| {
            state.warriors[i]
                .abilities()
                .iter()
                .any(|a| a.meta().handler == Some(Handler::Terrify))
        };
        let m = &state.warriors[mover];
        if m.data().factions.contains(&content::Faction::Heroes) || has_terrify(mover) {
            return Ok(());
        }
        let terrifiers: Vec<usize> = state
            .in_play()
            .filter(|i| {
                state.opposing(*i, mover)
                    && geometry::in_contact(&state.warriors[*i].position, to)
                    && has_terrify(*i)
            })
            .collect();
        for t in terrifiers {
            let (mover_name, terrifier) = (state.warriors[mover].name(), state.warriors[t].name());
            let refused = illegal(format!(
                "{mover_name} is terrified and cannot move into base contact with {terrifier} this turn"
            ));
            if state.terrified.contains(&(mover, t)) {
                return Err(refused);
            }
            let roll = self.roll_d6(ctx)?;
            let stopped = roll <= u32::from(content::TERRIFY_STOPS_ON);
            ctx.record(Event::Terrify {
                warrior: mover_name.to_string(),
                terrifier: terrifier.to_string(),
                roll,
                stopped,
            });
            if stopped {
                state.terrified.push((mover, t));
                return Err(refused);
            }
        }
        Ok(())
    }

    /// Leadership: a friendly leader with no tokens within [`content::LEADERSHIP_RANGE`] inches
    /// and a clear line of fire through its front arc may take the action token of `warrior`
    /// (its controller chooses). Returns whether a leader took it.
    fn leadership(
        &self,
        state: &mut Game,
        warrior: usize,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<bool, RulesError> {
        let at = state.warriors[warrior].position;
        let leaders: Vec<usize> = state
            .in_play()
            .filter(|i| {
                let l = &state.warriors[*i];
                *i != warrior
                    && !state.opposing(*i, warrior)
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
        ctx.record(Event::Leadership {
            leader: state.warriors[leader].name().to_string(),
            warrior: state.warriors[warrior].name().to_string(),
        });
        if dial::give_token(state, leader, ctx) {
            dial::push(state, leader, ctx);
        }
        Ok(true)
    }

    /// Nimble and Sniper: a new facing, without an action, during its controller's turn.
    fn turn(
        &self,
        state: &mut Game,
        warrior: usize,
        facing: f64,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let w = state.warrior(warrior)?;
        if w.owner != state.active {
            return Err(RulesError::NotYourTurn(w.name().to_string()));
        }
        let free_facing = w
            .abilities()
            .iter()
            .any(|a| matches!(a.meta().handler, Some(Handler::Nimble | Handler::Sniper)));
        if !free_facing {
            return Err(illegal(format!(
                "{} shows no ability that changes facing without an action",
                w.name()
            )));
        }
        if !facing.is_finite() {
            return Err(illegal("a facing is a number of degrees"));
        }
        let w = &mut state.warriors[warrior];
        w.position.facing = facing.rem_euclid(360.0);
        ctx.record(Event::Turned {
            warrior: w.name().to_string(),
            facing: w.position.facing,
        });
        Ok(())
    }

    fn cancel(
        &self,
        state: &mut Game,
        warrior: usize,
        ability: SpecialAbility,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let w = state.warrior(warrior)?;
        if !w.has(ability) {
            return Err(illegal(format!("{} does not show {ability} now", w.name())));
        }
        if !ability.meta().optional {
            return Err(illegal(format!(
                "{ability} is not optional and cannot be cancelled"
            )));
        }
        let w = &mut state.warriors[warrior];
        w.cancelled.push(ability);
        ctx.record(Event::Cancelled {
            warrior: w.name().to_string(),
            ability: ability.name().to_string(),
        });
        Ok(())
    }

    /// The end phase of the active player, then the next player's command phase.
    fn end_turn(&self, state: &mut Game, ctx: &mut Ctx<'_, Event>) -> Result<(), RulesError> {
        if state.over {
            return Err(illegal("the game is over"));
        }
        players_out(state, ctx);
        reanimate::remove_revenants(state, state.active, ctx);
        check_objectives(state, ctx);
        if able_players(state).len() <= 1 {
            state.over = true;
            ctx.record(Event::GameOver);
            return Ok(());
        }
        let active = state.active;
        for w in state.warriors.iter_mut() {
            if w.owner == active && !w.token_this_turn {
                w.tokens = 0;
            }
            w.token_this_turn = false;
            w.acted_this_turn = false;
            w.second_action = false;
            w.cancelled.clear();
            if w.owner == active {
                if let Some(tapped) = w.mind_tapped.take() {
                    if let Some(i) = w.extra_abilities.iter().position(|a| *a == tapped) {
                        w.extra_abilities.remove(i);
                    }
                }
            }
        }
        state.terrified.clear();
        let position = state
            .players
            .iter()
            .position(|p| p.id == active)
            .unwrap_or(0);
        let next = state.players[(position + 1) % state.players.len()].id;
        state.active = next;
        let player = state.player_mut(next)?;
        player.actions_used = 0;
        player.extra_actions = 0;
        ctx.record(Event::TurnBegan { player: next.0 });
        self.command_phase(state, next, ctx)
    }

    /// Start-of-command-phase effects of `player`'s warriors, in the order they were set up:
    /// Venom, Command, Rally.
    pub fn command_phase(
        &self,
        state: &mut Game,
        player: PlayerId,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let mine: Vec<usize> = state
            .in_play()
            .filter(|i| state.warriors[*i].owner == player)
            .collect();
        for warrior in mine {
            if state.warriors[warrior].eliminated {
                continue;
            }
            state.warriors[warrior].hex = false;
            self.front_arc_damage(state, warrior, Timing::CommandPhase, ctx);
            if state.warriors[warrior].overwatch {
                special::resolve_overwatch(self, state, warrior, ctx)?;
            }
            self.siphon_energy(state, warrior, ctx)?;
            self.mind_tap(state, warrior, ctx)?;
            let abilities = state.warriors[warrior].abilities();
            for (_, op) in effects::ops(&abilities) {
                match op {
                    EffectOp::ExtraActionOnRoll { on } if self.roll_d6(ctx)? >= u32::from(*on) => {
                        state.player_mut(player)?.extra_actions += 1;
                        ctx.record(Event::ExtraAction { player: player.0 });
                    }
                    EffectOp::HealDemoralizedFriends { clicks } => {
                        let at = state.warriors[warrior].position;
                        let friends: Vec<usize> = state
                            .in_play()
                            .filter(|i| {
                                *i != warrior
                                    && state.warriors[*i].owner == player
                                    && is_demoralized(state, *i)
                                    && geometry::in_contact(&state.warriors[*i].position, &at)
                            })
                            .collect();
                        for f in friends {
                            dial::heal(state, f, u32::from(*clicks), ctx);
                        }
                    }
                    EffectOp::HealSelfWhenDemoralized { clicks }
                        if is_demoralized(state, warrior) =>
                    {
                        dial::heal(state, warrior, u32::from(*clicks), ctx);
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

impl MageKnightRules {
    /// Siphon Energy, once at the beginning of the command phase: 1 pushing damage to a
    /// touching friend removes one of its own action tokens (its controller chooses the friend,
    /// or none).
    fn siphon_energy(
        &self,
        state: &mut Game,
        warrior: usize,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let w = &state.warriors[warrior];
        let siphons = w
            .abilities()
            .iter()
            .any(|a| a.meta().handler == Some(Handler::SiphonEnergy));
        if !siphons || w.tokens == 0 {
            return Ok(());
        }
        let friends: Vec<usize> = state
            .in_play()
            .filter(|i| {
                *i != warrior
                    && !state.opposing(*i, warrior)
                    && geometry::in_contact(&state.warriors[*i].position, &w.position)
            })
            .collect();
        if friends.is_empty() {
            return Ok(());
        }
        let mut options: Vec<String> = friends
            .iter()
            .map(|i| state.warriors[*i].name().to_string())
            .collect();
        options.push("none".to_string());
        let prompt = format!("Siphon Energy: which friend does {} drain?", w.name());
        let Some(friend) = friends.get(ctx.choose(&prompt, &options)?).copied() else {
            return Ok(());
        };
        ctx.record(Event::Siphon {
            warrior: state.warriors[warrior].name().to_string(),
            friend: state.warriors[friend].name().to_string(),
        });
        dial::deal_damage(state, friend, u32::from(content::PUSHING_DAMAGE), true, ctx);
        state.warriors[warrior].tokens -= 1;
        Ok(())
    }

    /// Mind Tap, at the beginning of the command phase: one special ability of another figure
    /// within its range value, until the beginning of its end phase (its controller chooses, or
    /// none).
    fn mind_tap(
        &self,
        state: &mut Game,
        warrior: usize,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let w = &state.warriors[warrior];
        let taps = w
            .abilities()
            .iter()
            .any(|a| a.meta().handler == Some(Handler::MindTap));
        if !taps {
            return Ok(());
        }
        let range = f64::from(w.data().range);
        let mut offers: Vec<(usize, SpecialAbility)> = Vec::new();
        for i in state.in_play().filter(|i| *i != warrior) {
            let o = &state.warriors[i];
            if geometry::distance(&o.position, &w.position) > range + geometry::LENGTH_SLACK {
                continue;
            }
            for a in o.abilities() {
                offers.push((i, a));
            }
        }
        if offers.is_empty() {
            return Ok(());
        }
        let mut options: Vec<String> = offers
            .iter()
            .map(|(i, a)| format!("{}: {a}", state.warriors[*i].name()))
            .collect();
        options.push("none".to_string());
        let prompt = format!("Mind Tap: which ability does {} copy?", w.name());
        let Some((from, ability)) = offers.get(ctx.choose(&prompt, &options)?).copied() else {
            return Ok(());
        };
        ctx.record(Event::MindTap {
            warrior: state.warriors[warrior].name().to_string(),
            ability: ability.name().to_string(),
            from: state.warriors[from].name().to_string(),
        });
        let w = &mut state.warriors[warrior];
        w.extra_abilities.push(ability);
        w.mind_tapped = Some(ability);
        Ok(())
    }
}

/// Whether `ability` is a special action the rules play (Regeneration, Shockwave, Hex, Magic
/// Levitation, Necromancy, Summon, Revenant).
pub fn is_special_action(ability: SpecialAbility) -> bool {
    let meta = ability.meta();
    matches!(
        meta.handler,
        Some(
            Handler::Shockwave
                | Handler::Hex
                | Handler::MagicLevitation
                | Handler::Necromancy
                | Handler::Summon
                | Handler::Revenant
        )
    ) || meta
        .effects
        .iter()
        .any(|op| matches!(op, EffectOp::HealSelfRoll { .. }))
}

/// Whether `ability`'s special action places a figure at a position the action names.
pub fn places_a_figure(ability: SpecialAbility) -> bool {
    matches!(
        ability.meta().handler,
        Some(Handler::MagicLevitation | Handler::Necromancy | Handler::Summon | Handler::Revenant)
    )
}

/// Whether warrior `index` is able: in play, not captive, not Demoralized.
pub fn is_able(state: &Game, index: usize) -> bool {
    let w = &state.warriors[index];
    !w.eliminated && w.captive.is_none() && !is_demoralized(state, index)
}

/// The players with at least one able warrior, in turn order.
pub fn able_players(state: &Game) -> Vec<PlayerId> {
    state
        .players
        .iter()
        .map(|p| p.id)
        .filter(|p| {
            state
                .in_play()
                .any(|i| state.warriors[i].owner == *p && is_able(state, i))
        })
        .collect()
}

/// The end of an action phase: a player with no able warriors is out; its remaining warriors
/// are removed from the game (not counted as eliminated) and its objectives become neutral.
fn players_out(state: &mut Game, ctx: &mut Ctx<'_, Event>) {
    let able = able_players(state);
    let out: Vec<PlayerId> = state
        .players
        .iter()
        .map(|p| p.id)
        .filter(|p| !able.contains(p) && state.in_play().any(|i| state.warriors[i].owner == *p))
        .collect();
    for p in out {
        for w in state
            .warriors
            .iter_mut()
            .filter(|w| w.owner == p && !w.eliminated)
        {
            w.eliminated = true;
            w.tokens = 0;
        }
        for o in state
            .objectives
            .iter_mut()
            .filter(|o| o.controller == Some(p))
        {
            o.controller = None;
        }
        ctx.record(Event::PlayerOut { player: p.0 });
    }
}

/// The beginning of an end phase: when only one player has able warriors, that player controls
/// every objective. Otherwise an objective touched by able warriors of opposing players is
/// contested (no controller); one touched by a player's able warriors and by no opposing
/// warrior (able or not) comes under that player's control; otherwise nothing changes.
/// Captives and Demoralized warriors are not able.
pub fn check_objectives(state: &mut Game, ctx: &mut Ctx<'_, Event>) {
    if let [only] = able_players(state).as_slice() {
        let only = *only;
        for (n, o) in state.objectives.iter_mut().enumerate() {
            if o.controller != Some(only) {
                o.controller = Some(only);
                ctx.record(Event::Objective {
                    objective: n,
                    controller: Some(only.0),
                });
            }
        }
        return;
    }
    let reach = geometry::base_radius() + f64::from(content::OBJECTIVE_DIAMETER_HUNDREDTHS) / 200.0;
    for n in 0..state.objectives.len() {
        let at = state.objectives[n].position;
        let touching: Vec<usize> = state
            .in_play()
            .filter(|i| {
                geometry::distance(&state.warriors[*i].position, &at)
                    <= reach + geometry::CONTACT_SLACK
            })
            .collect();
        let able = |i: &usize| state.warriors[*i].captive.is_none() && !is_demoralized(state, *i);
        let mut able_players: Vec<PlayerId> = touching
            .iter()
            .filter(|i| able(i))
            .map(|i| state.warriors[*i].owner)
            .collect();
        able_players.sort_by_key(|p| p.0);
        able_players.dedup();
        let all_players: Vec<PlayerId> =
            touching.iter().map(|i| state.warriors[*i].owner).collect();
        let controller = match able_players.as_slice() {
            [] => continue,
            [one] if all_players.iter().all(|p| p == one) => Some(*one),
            [_] => continue,
            _ => None,
        };
        if state.objectives[n].controller != controller {
            state.objectives[n].controller = controller;
            ctx.record(Event::Objective {
                objective: n,
                controller: controller.map(|p| p.0),
            });
        }
    }
}

/// Whether warrior `index` shows an ability that makes it not able (Demoralized).
pub fn is_demoralized(state: &Game, index: usize) -> bool {
    effects::any(&state.warriors[index].abilities(), |op| {
        matches!(op, EffectOp::NotAble)
    })
}

/// Whether warrior `index` has the `kind` attack type.
pub fn has_type(state: &Game, index: usize, kind: AttackType) -> bool {
    state.warriors[index].attack_type == Some(kind)
}

/// The attack kind of an action kind.
pub fn range_of(kind: ActionKind) -> AttackRange {
    if kind == ActionKind::RangedCombat {
        AttackRange::Ranged
    } else {
        AttackRange::Close
    }
}

impl Rules for MageKnightRules {
    type State = Game;
    type Action = Action;
    type Event = Event;
    type Error = RulesError;

    /// Close and ranged attacks against single targets, special actions and ending the turn.
    /// Moves, and special actions that place a figure somewhere (Magic Levitation, Necromancy,
    /// Summon, Revenant), are not listed: positions on an open table are not a finite set.
    fn legal_actions(&self, state: &Game, player: PlayerId) -> Vec<Action> {
        let mut out = Vec::new();
        if player != state.active || state.over {
            return out;
        }
        for w in state
            .in_play()
            .filter(|i| state.warriors[*i].owner == player)
        {
            if self
                .check_can_act(state, w, ActionKind::CloseCombat)
                .is_ok()
            {
                for t in self.opponents_in_front_contact(state, w) {
                    out.push(Action::Close(attack::CloseAttack::single(w, t)));
                }
            }
            if self
                .check_can_act(state, w, ActionKind::RangedCombat)
                .is_ok()
            {
                for t in state.in_play().filter(|t| state.opposing(w, *t)) {
                    let attack = attack::RangedAttack::single(w, t);
                    if attack::check_ranged_targets(self, state, &attack).is_ok() {
                        out.push(Action::Ranged(attack));
                    }
                }
            }
            if self.check_can_act(state, w, ActionKind::Special).is_ok() {
                for ability in state.warriors[w].abilities() {
                    if is_special_action(ability) && !places_a_figure(ability) {
                        out.push(Action::Special {
                            warrior: w,
                            ability,
                            target: None,
                            to: None,
                        });
                    }
                }
            }
        }
        out.push(Action::EndTurn);
        out
    }

    fn apply(
        &self,
        state: &mut Game,
        action: &Action,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        match action {
            Action::Move {
                warrior,
                via,
                to,
                carry,
                double_time,
                formation,
            } => {
                if !formation.is_empty() {
                    self.formation_move(state, *warrior, (via, *to), formation, ctx)
                } else if *double_time {
                    self.double_time(state, *warrior, (via, *to), ctx)
                } else {
                    self.do_move(state, *warrior, (via, *to), *carry, ctx)
                }
            }
            Action::Close(attack) => attack::close_combat(self, state, attack, ctx),
            Action::Ranged(attack) => attack::ranged_combat(self, state, attack, ctx),
            Action::Special {
                warrior,
                ability,
                target,
                to,
            } => self.do_special(state, *warrior, *ability, (*target, *to), ctx),
            Action::Turn { warrior, facing } => self.turn(state, *warrior, *facing, ctx),
            Action::Cancel { warrior, ability } => self.cancel(state, *warrior, *ability, ctx),
            Action::EndTurn => self.end_turn(state, ctx),
        }
    }
}
