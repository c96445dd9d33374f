//! Bringing eliminated figures back: Necromancy, Summon and Revenant (special actions).
//!
//! An eliminated warrior stays in the state; reanimation turns its dial back to its starting
//! position and places it at the position the action names. A figure removed from the game
//! (a Necromancy roll above [`content::NECROMANCY_RETURNS_ON`], a Revenant at its end phase)
//! can never come back.

use grimoire_engine::{Ctx, TablePoint};

use super::actions::{is_demoralized, MageKnightRules};
use super::content::{self, Faction, Handler};
use super::geometry;
use super::refusal::SpecialRefusal;
use super::state::{Event, Game, RulesError, WarriorId};

/// Checks that eliminated figure `target` may come back at `to`, for `warrior`'s reanimation
/// ability: eliminated, not removed from the game, and a free place.
fn check_target(state: &Game, target: WarriorId, to: &TablePoint) -> Result<(), RulesError> {
    let t = state
        .warriors
        .get(target)
        .ok_or(RulesError::NoSuchWarrior(target))?;
    if !t.eliminated || t.removed {
        return Err(SpecialRefusal::NotEliminated {
            target: state.named(target),
        }
        .into());
    }
    if let Some(o) = state
        .in_play()
        .find(|i| geometry::overlaps(&state.warriors[*i].position, to))
    {
        return Err(SpecialRefusal::PlacedOnBase {
            target: state.named(target),
            other: state.named(o),
        }
        .into());
    }
    Ok(())
}

/// Places eliminated `target` at `to`, `clicks` from its starting position, in play again.
fn place(
    state: &mut Game,
    target: WarriorId,
    to: TablePoint,
    clicks: usize,
    ctx: &mut Ctx<'_, Event>,
) {
    let t = &mut state.warriors[target];
    t.eliminated = false;
    t.captive = None;
    t.tokens = 0;
    t.token_this_turn = false;
    t.acted_this_turn = false;
    t.cancelled.clear();
    t.click = t.start_click + clicks;
    t.position = to;
    ctx.record(Event::Reanimated {
        warrior: target,
        at: to,
        click: t.click,
    });
}

/// Runs the reanimation ability `handler` of `warrior` on `target`, placing it at `to`.
pub fn reanimate(
    rules: &MageKnightRules,
    state: &mut Game,
    warrior: WarriorId,
    handler: Handler,
    target: WarriorId,
    to: TablePoint,
    ctx: &mut Ctx<'_, Event>,
) -> Result<(), RulesError> {
    check_target(state, target, &to)?;
    let w = &state.warriors[warrior];
    let t = &state.warriors[target];
    let name = state.named(warrior);
    if handler != Handler::Revenant && !rules.opponents_in_contact(state, warrior).is_empty() {
        return Err(SpecialRefusal::ReanimatorInContact { warrior: name }.into());
    }
    match handler {
        Handler::Necromancy | Handler::Summon => {
            if t.owner != w.owner {
                return Err(SpecialRefusal::NotYourFigure {
                    target: state.named(target),
                }
                .into());
            }
            if !geometry::in_contact(&w.position, &to) {
                return Err(SpecialRefusal::ComesBackApart {
                    target: state.named(target),
                    warrior: name,
                }
                .into());
            }
        }
        _ => {
            if state.player(w.owner)?.actions_used > 0 {
                return Err(SpecialRefusal::RevenantLate.into());
            }
            if is_demoralized(state, warrior) {
                return Err(SpecialRefusal::RevenantDemoralized { warrior: name }.into());
            }
            let reach = geometry::distance(&w.position, &to);
            if reach > f64::from(content::REVENANT_RANGE) + geometry::LENGTH_SLACK {
                return Err(SpecialRefusal::RevenantTooFar {
                    range: content::REVENANT_RANGE,
                    reach,
                }
                .into());
            }
        }
    }
    match handler {
        Handler::Summon => {
            let spawn = t.data().factions.contains(&Faction::MageSpawn);
            if !spawn || t.data().point_value > w.data().point_value {
                return Err(SpecialRefusal::SummonTooCostly { warrior: name }.into());
            }
            place(state, target, to, 0, ctx);
        }
        Handler::Necromancy => {
            let roll = rules.roll_d6(ctx)?;
            if roll > u32::from(content::NECROMANCY_RETURNS_ON) {
                state.warriors[target].removed = true;
                ctx.record(Event::Removed { warrior: target });
                return Ok(());
            }
            let unharmed = content::NECROMANCY_UNHARMED_NAMES
                .iter()
                .any(|word| state.warriors[target].name().contains(word));
            let clicks = if unharmed { 0 } else { roll as usize };
            let t = &state.warriors[target];
            if t.start_click + clicks >= t.data().dial.len() {
                return Ok(());
            }
            place(state, target, to, clicks, ctx);
        }
        _ => {
            let owner = state.warriors[warrior].owner;
            place(state, target, to, 0, ctx);
            let t = &mut state.warriors[target];
            t.owner = owner;
            t.revenant = true;
        }
    }
    Ok(())
}

/// The beginning of `player`'s end phase: its Revenant figures leave the game, eliminated or not.
pub fn remove_revenants(
    state: &mut Game,
    player: grimoire_engine::PlayerId,
    ctx: &mut Ctx<'_, Event>,
) {
    let revenants: Vec<WarriorId> = state
        .warriors
        .enumerate()
        .filter(|(_, w)| w.revenant && w.owner == player && !w.removed)
        .map(|(id, _)| id)
        .collect();
    for warrior in revenants {
        let w = &mut state.warriors[warrior];
        w.eliminated = true;
        w.removed = true;
        w.tokens = 0;
        ctx.record(Event::Removed { warrior });
    }
}
