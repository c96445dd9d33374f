//! The turn's phases: the end phase (Revenants leave, objectives, a player out of able
//! warriors, the end of the game, tokens) and the command phase (Venom, Overwatch, Command,
//! Rally, Siphon Energy, Mind Tap).

use grimoire_engine::{Ctx, PlayerId};

use super::actions::{
    able_players, check_objectives, is_demoralized, players_out, MageKnightRules,
};
use super::content::{self, EffectOp, Handler, SpecialAbility, Timing};
use super::dial;
use super::effects;
use super::geometry;
use super::reanimate;
use super::refusal::ActionRefusal;
use super::special;
use super::state::{Event, Game, RulesError, WarriorId};

impl MageKnightRules {
    /// The end phase of the active player, then the next player's command phase.
    pub(super) fn end_turn(
        &self,
        state: &mut Game,
        ctx: &mut Ctx<'_, Event>,
    ) -> Result<(), RulesError> {
        if state.over {
            return Err(ActionRefusal::GameOver.into());
        }
        players_out(state, ctx);
        reanimate::remove_revenants(state, state.active, ctx);
        check_objectives(state, ctx);
        let time_ran_out = state.time_limit.is_some_and(|limit| state.turn >= limit);
        if able_players(state).len() <= 1 || time_ran_out {
            state.over = true;
            ctx.record(Event::GameOver);
            return Ok(());
        }
        state.turn = state.turn.saturating_add(1);
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
        let mine: Vec<WarriorId> = state
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
                        let extra = &mut state.player_mut(player)?.extra_actions;
                        *extra = extra.saturating_add(1);
                        ctx.record(Event::ExtraAction { player: player.0 });
                    }
                    EffectOp::HealDemoralizedFriends { clicks } => {
                        let at = state.warriors[warrior].position;
                        let friends: Vec<WarriorId> = state
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

    /// Siphon Energy, once at the beginning of the command phase: 1 pushing damage to a
    /// touching friend removes one of its own action tokens (its controller chooses the friend,
    /// or none).
    pub(super) fn siphon_energy(
        &self,
        state: &mut Game,
        warrior: WarriorId,
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
        let friends: Vec<WarriorId> = state
            .in_play()
            .filter(|i| {
                *i != warrior
                    && state.friendly(*i, warrior)
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
        ctx.record(Event::Siphon { warrior, friend });
        dial::deal_damage(state, friend, u32::from(content::PUSHING_DAMAGE), true, ctx);
        let tokens = &mut state.warriors[warrior].tokens;
        *tokens = tokens.saturating_sub(1);
        Ok(())
    }

    /// Mind Tap, at the beginning of the command phase: one special ability of another figure
    /// within its range value, until the beginning of its end phase (its controller chooses, or
    /// none).
    pub(super) fn mind_tap(
        &self,
        state: &mut Game,
        warrior: WarriorId,
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
        let mut offers: Vec<(WarriorId, SpecialAbility)> = Vec::new();
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
            warrior,
            ability,
            from,
        });
        let w = &mut state.warriors[warrior];
        w.extra_abilities.push(ability);
        w.mind_tapped = Some(ability);
        Ok(())
    }
}
