//! The rules of an action: [`MageKnightRules`] (the engine's [`Rules`]), the actions a player
//! gives warriors, their limits (one action per warrior, action totals, two tokens, Frenzy,
//! captives), tokens and pushing (with Leadership and Magestone Trance), special actions and
//! cancelling optional abilities. Moves are in [`super::movement`], phases in
//! [`super::phases`], combat in [`super::attack`].

use grimoire_engine::{Ctx, DieFaces, PlayerId, Rules, TablePoint};

use super::attack;
use super::content::{
    self, ActionKind, AttackRange, AttackType, EffectOp, Handler, SpecialAbility,
};
use super::coverage::report_not_modelled;
use super::dial;
use super::effects;
use super::geometry;
use super::reanimate;
use super::refusal::ActionRefusal;
use super::special;
use super::state::{Event, Game, RulesError, WarriorId};

/// One thing a player can do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A move action to `to` (centre dot and facing), through the waypoints `via`.
    Move {
        /// The warrior (index).
        warrior: WarriorId,
        /// Waypoints of the flexible ruler's path, in order.
        via: Vec<TablePoint>,
        /// Where it ends, with its facing.
        to: TablePoint,
        /// Strong Flier: a touching friend carried along, and where it ends.
        carry: Option<(WarriorId, TablePoint)>,
        /// Double-time: twice the unmodified speed, then 1 pushing damage.
        double_time: bool,
        /// A movement formation: the other members, each with its path and destination.
        formation: Vec<(WarriorId, Vec<TablePoint>, TablePoint)>,
    },
    /// A close combat action.
    Close(attack::CloseAttack),
    /// A ranged combat action.
    Ranged(attack::RangedAttack),
    /// A special action using `ability` (Regeneration, Shockwave, Magic Levitation).
    Special {
        /// The warrior.
        warrior: WarriorId,
        /// The ability used.
        ability: SpecialAbility,
        /// The figure it acts on (Magic Levitation).
        target: Option<WarriorId>,
        /// Where it moves that figure (Magic Levitation).
        to: Option<TablePoint>,
    },
    /// Changes facing without an action (Nimble, Sniper), during its controller's turn.
    Turn {
        /// The warrior.
        warrior: WarriorId,
        /// The new facing in degrees.
        facing: f64,
    },
    /// Cancels an optional ability until the end of the turn (no action).
    Cancel {
        /// The warrior.
        warrior: WarriorId,
        /// The ability.
        ability: SpecialAbility,
    },
    /// Ends the active player's turn: end phase, then the next player's command phase.
    EndTurn,
}

impl Action {
    /// The warrior that acts, if the action has one.
    pub fn warrior(&self) -> Option<WarriorId> {
        match self {
            Action::Move { warrior, .. }
            | Action::Special { warrior, .. }
            | Action::Turn { warrior, .. }
            | Action::Cancel { warrior, .. } => Some(*warrior),
            Action::Close(attack) => Some(attack.attacker),
            Action::Ranged(attack) => Some(attack.attacker),
            Action::EndTurn => None,
        }
    }
}

/// The Mage Knight rules.
#[derive(Debug, Clone)]
pub struct MageKnightRules {
    /// The six-sided die of `game.toml`.
    pub d6: DieFaces,
    /// The battlefield set-up plays on: its terrain and objective tokens (none: an open
    /// battlefield with objectives placed by the set-up rolls).
    pub map: Option<std::sync::Arc<crate::map::MapFile>>,
}

impl Default for MageKnightRules {
    fn default() -> Self {
        Self {
            d6: DieFaces::from_table(content::D6_DIE_NAME, &content::D6_DIE, |f| f.label),
            map: None,
        }
    }
}

thread_local! {
    /// The copy `apply` keeps of the game to restore, reused from one action to the next.
    static BACKUP: std::cell::RefCell<Game> = std::cell::RefCell::new(Game::empty());
}

impl MageKnightRules {
    /// The rules with set-up on `map`: its terrain, and its objective tokens when it has any.
    /// Set-up refuses a map that is not the standard battlefield
    /// ([`super::play::BATTLEFIELD_INCHES`] square).
    pub fn on_map(map: crate::map::MapFile) -> Self {
        Self {
            map: Some(std::sync::Arc::new(map)),
            ..Self::default()
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
        warrior: WarriorId,
        kind: ActionKind,
    ) -> Result<bool, RulesError> {
        self.acting(state, warrior)?.check(state, warrior, kind)
    }

    /// The checks of [`Self::check_can_act`] that do not depend on the kind of action, and
    /// what the others need, worked out once (listing legal actions asks for every kind).
    pub(super) fn acting(&self, state: &Game, warrior: WarriorId) -> Result<Acting, RulesError> {
        self.acting_with(state, warrior, |owner| waiting_frenzied(state, owner))
    }

    /// [`Self::acting`], with `waiting` telling the Frenzy warrior of a player that keeps its
    /// warriors without Frenzy from acting ([`waiting_frenzied`]; listing asks once for all).
    fn acting_with(
        &self,
        state: &Game,
        warrior: WarriorId,
        waiting: impl FnOnce(PlayerId) -> Option<WarriorId>,
    ) -> Result<Acting, RulesError> {
        if state.over {
            return Err(ActionRefusal::GameOver.into());
        }
        let w = state.warrior(warrior)?;
        let named = state.named(warrior);
        if w.owner != state.active {
            return Err(RulesError::NotYourTurn(named));
        }
        let abilities = w.abilities();
        let trance = abilities
            .iter()
            .any(|a| a.meta().handler == Some(Handler::MagestoneTrance));
        let second_allowed = trance && !w.second_action;
        if w.acted_this_turn && !second_allowed {
            return Err(ActionRefusal::AlreadyActed { warrior: named }.into());
        }
        if w.tokens >= content::MAX_ACTION_TOKENS {
            return Err(ActionRefusal::TooManyTokens {
                warrior: named,
                tokens: w.tokens,
            }
            .into());
        }
        if w.captive.is_some() {
            return Err(ActionRefusal::HeldCaptive { warrior: named }.into());
        }
        Ok(Acting {
            holds_captive: state.warriors.iter().any(|c| c.captive == Some(warrior)),
            frenzied: if w.has(SpecialAbility::Frenzy) {
                None
            } else {
                waiting(w.owner)
            },
            owner: w.owner,
            actions_left: state.player(w.owner).ok().map(|p| p.actions_left()),
            abilities,
        })
    }

    /// After an action: one action used (unless free), a token (pushing damage on the second).
    pub fn finish_action(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        free: bool,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let owner = state.warriors[warrior].owner;
        if !free {
            let used = &mut state.player_mut(owner)?.actions_used;
            *used = used.saturating_add(1);
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
        warrior: WarriorId,
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
            warrior,
            rolls,
            pushing,
        });
        if pushing > 0 {
            dial::deal_damage(state, warrior, pushing, true, ctx);
        }
        Ok(())
    }

    /// Opposing warriors in base contact with `warrior`.
    pub fn opponents_in_contact(&self, state: &Game, warrior: WarriorId) -> Contacts {
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
    pub fn opponents_in_front_contact(&self, state: &Game, warrior: WarriorId) -> Contacts {
        let w = &state.warriors[warrior];
        self.opponents_in_contact(state, warrior)
            .into_iter()
            .filter(|i| {
                geometry::through_front_arc(&w.position, &state.warriors[*i].position, w.front_arc)
            })
            .collect()
    }

    fn do_special(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        ability: SpecialAbility,
        (target, to): (Option<WarriorId>, Option<TablePoint>),
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let free = self.check_can_act(state, warrior, ActionKind::Special)?;
        if !state.warriors[warrior].has(ability) {
            return Err(ActionRefusal::DoesNotShow {
                warrior: state.named(warrior),
                ability,
            }
            .into());
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
                return Err(ActionRefusal::ReanimationNeedsTarget { ability }.into());
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
                return Err(ActionRefusal::LevitationNeedsTarget.into());
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
            return Err(ActionRefusal::NotPlayed { ability }.into());
        };
        let roll = self.roll_d6(ctx)?;
        dial::heal(state, warrior, roll.saturating_sub(minus).max(minimum), ctx);
        self.finish_action(state, warrior, free, ctx)
    }

    fn cancel(
        &self,
        state: &mut Game,
        warrior: WarriorId,
        ability: SpecialAbility,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        self.check_cancel(state, warrior, ability)?;
        let w = &mut state.warriors[warrior];
        w.cancelled.push(ability);
        ctx.record(Event::Cancelled { warrior, ability });
        Ok(())
    }

    /// Whether `ability` of `warrior` may be cancelled now (it is the active player's, shows
    /// the optional ability and has not cancelled it); changes nothing ([`Self::cancel`]
    /// starts with it, and listing legal actions asks it instead of trying the cancel on a
    /// copy).
    pub(super) fn check_cancel(
        &self,
        state: &Game,
        warrior: WarriorId,
        ability: SpecialAbility,
    ) -> Result<(), RulesError> {
        let w = state.warrior(warrior)?;
        if state.over {
            return Err(ActionRefusal::GameOver.into());
        }
        if w.owner != state.active {
            return Err(RulesError::NotYourTurn(state.named(warrior)));
        }
        if !w.has(ability) {
            return Err(ActionRefusal::DoesNotShow {
                warrior: state.named(warrior),
                ability,
            }
            .into());
        }
        if w.cancelled.contains(&ability) {
            return Err(ActionRefusal::AlreadyCancelled { ability }.into());
        }
        if !ability.meta().optional {
            return Err(ActionRefusal::NotOptional { ability }.into());
        }
        Ok(())
    }
}

impl MageKnightRules {}

/// Frenzy: while a friendly Frenzy warrior with fewer than two tokens has not acted this turn,
/// warriors without Frenzy cannot be given actions. The first such Frenzy warrior of `owner`,
/// if any.
fn waiting_frenzied(state: &Game, owner: PlayerId) -> Option<WarriorId> {
    state.in_play().find(|i| {
        let f = &state.warriors[*i];
        f.owner == owner
            && f.has(SpecialAbility::Frenzy)
            && !f.acted_this_turn
            && f.tokens < content::MAX_ACTION_TOKENS
    })
}

/// The warriors in base contact with one warrior, kept on the stack up to eight.
pub type Contacts = smallvec::SmallVec<[WarriorId; 8]>;

/// What [`MageKnightRules::check_can_act`] needs beyond the checks every kind of action
/// shares, for one warrior ([`MageKnightRules::acting`]).
#[derive(Debug, Clone)]
pub struct Acting {
    /// The abilities it shows.
    abilities: super::state::Abilities,
    /// Whether it holds a captive.
    holds_captive: bool,
    /// The friendly Frenzy warrior that keeps it from acting, if any.
    frenzied: Option<WarriorId>,
    /// Its controller.
    owner: PlayerId,
    /// Actions its player may still give this turn (`None`: the player is not in the game).
    actions_left: Option<u32>,
}

impl Acting {
    /// The abilities the warrior shows ([`super::state::Warrior::abilities`]).
    pub fn abilities(&self) -> &[SpecialAbility] {
        &self.abilities
    }

    /// The rest of [`MageKnightRules::check_can_act`] for an action of `kind`: whether
    /// `warrior` may be given it, and whether it is free.
    pub fn check(
        &self,
        state: &Game,
        warrior: WarriorId,
        kind: ActionKind,
    ) -> Result<bool, RulesError> {
        if self.holds_captive && !matches!(kind, ActionKind::Move | ActionKind::CloseCombat) {
            return Err(ActionRefusal::HoldsCaptive {
                warrior: state.named(warrior),
            }
            .into());
        }
        if let Some(a) = effects::forbids(&self.abilities, kind) {
            return Err(ActionRefusal::Forbidden {
                warrior: state.named(warrior),
                kind,
                ability: a,
            }
            .into());
        }
        if let Some(f) = self.frenzied {
            return Err(ActionRefusal::Frenzy {
                frenzied: state.named(f),
                warrior: state.named(warrior),
            }
            .into());
        }
        let free = kind == ActionKind::Move
            && effects::any(&self.abilities, |op| matches!(op, EffectOp::FreeMoveAction));
        if !free {
            match self.actions_left {
                None => return Err(RulesError::NoSuchPlayer(self.owner)),
                Some(0) => return Err(RulesError::NoActionsLeft),
                Some(_) => {}
            }
        }
        Ok(free)
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
pub fn is_able(state: &Game, index: WarriorId) -> bool {
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
pub(super) fn players_out(state: &mut Game, ctx: &mut Ctx<'_, Event>) {
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
            w.left_game = true;
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
        let touching: Vec<WarriorId> = state
            .in_play()
            .filter(|i| {
                geometry::distance(&state.warriors[*i].position, &at)
                    <= reach + geometry::CONTACT_SLACK
            })
            .collect();
        let able =
            |i: &WarriorId| state.warriors[*i].captive.is_none() && !is_demoralized(state, *i);
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
pub fn is_demoralized(state: &Game, index: WarriorId) -> bool {
    effects::any(&state.warriors[index].abilities(), |op| {
        matches!(op, EffectOp::NotAble)
    })
}

/// Whether warrior `index` has the `kind` attack type.
pub fn has_type(state: &Game, index: WarriorId, kind: AttackType) -> bool {
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

    /// Close and ranged attacks against single targets, special actions, a sample of moves
    /// (see [`super::play`]), facing changes toward each opponent (Nimble, Sniper), cancelling
    /// optional abilities, and ending the turn. Special actions that place a figure somewhere
    /// (Magic Levitation, Necromancy, Summon, Revenant), multi-target attacks, charges,
    /// double-time and formations are not listed: positions on an open table are not a
    /// finite set, and those are left to a player who names the point.
    fn legal_actions(&self, state: &Game, player: PlayerId) -> Vec<Action> {
        if player != state.active || state.over {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(64);
        let waiting = waiting_frenzied(state, player);
        let mine: Vec<(WarriorId, Option<Acting>)> = state
            .in_play()
            .filter(|i| state.warriors[*i].owner == player)
            .map(|w| (w, self.acting_with(state, w, |_| waiting).ok()))
            .collect();
        let may = |acting: &Option<Acting>, w: WarriorId, kind: ActionKind| {
            acting
                .as_ref()
                .is_some_and(|a| a.check(state, w, kind).is_ok())
        };
        for (w, acting) in &mine {
            let w = *w;
            if may(acting, w, ActionKind::CloseCombat) {
                for t in self.opponents_in_front_contact(state, w) {
                    out.push(Action::Close(attack::CloseAttack::single(w, t)));
                }
            }
            if may(acting, w, ActionKind::RangedCombat) {
                // Cheap tests the full check makes too: a range, no opponent touching, the
                // target within range.
                let can_fire = state.warriors[w].data().range != 0
                    && self.opponents_in_contact(state, w).is_empty();
                for t in state.in_play().filter(|t| {
                    can_fire && state.opposing(w, *t) && attack::within_range(state, w, *t)
                }) {
                    let attack = attack::RangedAttack::single(w, t);
                    if attack::check_ranged_targets(self, state, &attack).is_ok() {
                        out.push(Action::Ranged(attack));
                    }
                }
            }
            if let Some(acting) = acting
                .as_ref()
                .filter(|a| a.check(state, w, ActionKind::Special).is_ok())
            {
                for &ability in acting.abilities() {
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
        for (w, acting) in &mine {
            let may_move = may(acting, *w, ActionKind::Move);
            self.movement_actions(state, (*w, acting.as_ref()), may_move, &mut out);
        }
        out.push(Action::EndTurn);
        out
    }

    /// Applies `action`; when it fails, the state and the log are as they were before. After
    /// an action of a warrior, the abilities it shows that play does not model are logged
    /// (once per warrior and ability). A move
    /// a Terrify roll stopped is a successful attempt that spends nothing: everything it did
    /// is undone except the roll and the refusal, which holds for the rest of the turn.
    fn apply(
        &self,
        state: &mut Game,
        action: &Action,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        let step =
            |state: &mut Game, ctx: &mut Ctx<'_, Event>| self.apply_action(state, action, ctx);
        let applied = grimoire_engine::all_or_nothing_kept(&BACKUP, state, ctx, step);
        if let Err(RulesError::Terrified {
            mover,
            terrifier,
            roll,
        }) = applied
        {
            state.terrified.push((mover, terrifier));
            ctx.record(Event::Terrify {
                warrior: mover,
                terrifier,
                roll,
                stopped: true,
            });
            return Ok(());
        }
        if applied.is_ok() {
            if let Some(warrior) = action.warrior() {
                report_not_modelled(state, warrior, ctx);
            }
        }
        applied
    }
}

impl MageKnightRules {
    /// One action, which may leave partial state when it fails ([`Rules::apply`] runs it all
    /// or nothing).
    pub(super) fn apply_action(
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
