//! Turning the combat dial: damage clockwise (a skull eliminates), healing counter-clockwise
//! (never past the starting marker or Starting Position, never with Invulnerability), and
//! action tokens with their pushing damage.

use grimoire_engine::Ctx;

use super::content::{self, BaseType, EffectOp, Handler};
use super::effects;
use super::state::{Event, Game, WarriorId};

/// Deals `amount` damage to warrior `index`: its reductions apply unless it is pushing damage
/// (which the rules say can never be reduced). Returns the damage dealt; the dial turns that
/// many clicks and a skull eliminates the warrior.
pub fn deal_damage(
    state: &mut Game,
    index: WarriorId,
    amount: u32,
    pushing: bool,
    ctx: &mut Ctx<'_, Event>,
) -> u32 {
    let w = &state.warriors[index];
    if w.eliminated || w.captive.is_some() {
        return 0;
    }
    let reduction = effects::damage_reduction(&w.abilities(), pushing);
    let dealt = amount.saturating_sub(reduction);
    turn_dial(state, index, dealt, pushing, ctx);
    dealt
}

/// Deals damage already reduced by the abilities that act in this attack (an attack that
/// ignores the target's defense abilities ignores its Toughness too). Returns the damage dealt.
pub fn deal_reduced(
    state: &mut Game,
    index: WarriorId,
    clicks: u32,
    ctx: &mut Ctx<'_, Event>,
) -> u32 {
    let w = &state.warriors[index];
    if w.eliminated || w.captive.is_some() {
        return 0;
    }
    turn_dial(state, index, clicks, false, ctx);
    clicks
}

/// Turns the dial of warrior `index` `clicks` clicks clockwise (damage already reduced).
pub fn turn_dial(
    state: &mut Game,
    index: WarriorId,
    clicks: u32,
    pushing: bool,
    ctx: &mut Ctx<'_, Event>,
) {
    let w = &mut state.warriors[index];
    if w.eliminated {
        return;
    }
    w.click = w
        .click
        .saturating_add(usize::try_from(clicks).unwrap_or(usize::MAX));
    ctx.record(Event::Damaged {
        warrior: index,
        amount: clicks,
        pushing,
        click: w.click,
    });
    if w.click >= w.data().dial.len() {
        w.eliminated = true;
        w.tokens = 0;
        w.captive = None;
        ctx.record(Event::Eliminated { warrior: index });
    }
    captor_changed(state, index, ctx);
}

/// Eliminates warrior `index` outright (a captive eliminated by its captor).
pub fn eliminate(state: &mut Game, index: WarriorId, ctx: &mut Ctx<'_, Event>) {
    let w = &mut state.warriors[index];
    w.eliminated = true;
    w.tokens = 0;
    w.captive = None;
    ctx.record(Event::Eliminated { warrior: index });
    captor_changed(state, index, ctx);
}

/// After a captor's dial turned: its captives go free when it is eliminated or shows Battle
/// Fury, and are eliminated when it shows Berserk or Frenzy (their handlers say so).
fn captor_changed(state: &mut Game, captor: WarriorId, ctx: &mut Ctx<'_, Event>) {
    let captives: Vec<WarriorId> = state
        .warriors
        .ids()
        .filter(|i| state.warriors[*i].captive == Some(captor) && !state.warriors[*i].eliminated)
        .collect();
    if captives.is_empty() {
        return;
    }
    let c = &state.warriors[captor];
    let handlers: Vec<Handler> = c
        .abilities()
        .iter()
        .filter_map(|a| a.meta().handler)
        .collect();
    let eliminated = !c.eliminated
        && handlers
            .iter()
            .any(|h| matches!(h, Handler::Berserk | Handler::Frenzy));
    let freed = c.eliminated || handlers.contains(&Handler::BattleFury);
    for captive in captives {
        if eliminated {
            eliminate(state, captive, ctx);
        } else if freed {
            state.warriors[captive].captive = None;
            ctx.record(Event::Freed { warrior: captive });
        }
    }
}

/// Heals warrior `index` by up to `amount` clicks; returns the clicks healed.
pub fn heal(state: &mut Game, index: WarriorId, amount: u32, ctx: &mut Ctx<'_, Event>) -> u32 {
    let w = &mut state.warriors[index];
    if w.eliminated || effects::any(&w.abilities(), |op| matches!(op, EffectOp::NoHealing)) {
        return 0;
    }
    let healed = usize::try_from(amount)
        .unwrap_or(usize::MAX)
        .min(w.click.saturating_sub(w.start_click));
    w.click -= healed;
    if healed > 0 {
        ctx.record(Event::Healed {
            warrior: index,
            amount: healed as u32,
            click: w.click,
        });
        captor_changed(state, index, ctx);
    }
    healed as u32
}

/// Gives warrior `index` an action token. Returns whether this is its second token (a would-be
/// third token is not placed but counts as a second one), which pushes it.
pub fn give_token(state: &mut Game, index: WarriorId, ctx: &mut Ctx<'_, Event>) -> bool {
    let w = &mut state.warriors[index];
    let second = w.tokens.saturating_add(1) >= content::MAX_ACTION_TOKENS;
    w.tokens = w.tokens.saturating_add(1).min(content::MAX_ACTION_TOKENS);
    w.token_this_turn = true;
    ctx.record(Event::Token {
        warrior: index,
        tokens: w.tokens,
    });
    second
}

/// Pushing damage for a second token: none for cavalry units (Cavalry rules).
pub fn push(state: &mut Game, index: WarriorId, ctx: &mut Ctx<'_, Event>) {
    if state.warriors[index].data().base_type == Some(BaseType::Cavalry) {
        return;
    }
    deal_damage(state, index, u32::from(content::PUSHING_DAMAGE), true, ctx);
}

/// The click at which healing stops for a warrior's dial: the first click showing an ability
/// whose data says `healing_stops_here` (Starting Position), else the starting marker.
pub fn start_click(dial: &[content::Click]) -> usize {
    dial.iter()
        .position(|c| {
            let abilities: Vec<_> = [
                c.speed_ability,
                c.attack_ability,
                c.defense_ability,
                c.damage_ability,
            ]
            .into_iter()
            .flatten()
            .collect();
            effects::any(&abilities, |op| matches!(op, EffectOp::HealingStopsHere))
        })
        .unwrap_or(0)
}
