//! The turn (FAQ Rules Updates; Expanded Rules: Triggered Effects, Player Initiated Effects).
//!
//! A turn is the Summon, Move, Build, Attack and Magic Phases in that order (the FAQ names
//! them but gives no order: the publisher's order is a decision). There is no Draw Phase:
//! when the Magic Phase ends, the active player draws up to `HAND_SIZE` cards before any other
//! "end of turn" effect; with Renewed Hope active they may then summon (and initiate nothing
//! else) until they end the turn; effects lasting "until the end of the turn" end after those. The next
//! player's turn starts by discarding their active events, then their "start of turn"
//! abilities resolve.
//!
//! At the start or end of a phase or turn each trigger condition is checked once, for every
//! card at that moment; cards that meet it later do not trigger (Rupture and Blood Bloom).
//! Players initiate nothing at those moments: actions act only inside a phase.

use grimoire_engine::{Ctx, ObjectId};

use super::abilities::{acting_of_kind, acting_on, own_acting};
use super::content::{EffectOp, Phase, Recipient, Timing, HAND_SIZE};
use super::damage::{add_damage, destroy, in_chosen_order};
use super::handlers::{run, Trigger};
use super::movement::offer_force;
use super::state::{Cause, Game, GameEvent, Place, RulesError};

/// The phase after `phase`, or `None` after the last one.
fn next(phase: Phase) -> Option<Phase> {
    let all = Phase::ALL;
    let at = all.iter().position(|p| *p == phase)?;
    all.get(at + 1).copied()
}

/// Ends the current phase: its end-of-phase triggers, then the next phase (or the end of the
/// turn and the next player's turn).
pub fn end_phase(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    if game.end_of_turn {
        game.end_of_turn = false;
        expire_turn_effects(game);
        return start_turn(game, ctx);
    }
    let ending = game.phase;
    match ending {
        Phase::Attack => end_of_attack_phase(game, ctx)?,
        Phase::Magic => end_of_magic_phase(game, ctx)?,
        _ => {}
    }
    reset_phase(game);
    match next(ending) {
        Some(phase) => start_phase(game, ctx, phase),
        None => {
            draw_up(game, ctx)?;
            if super::summon::renewed_hope(game, game.active) {
                // Renewed Hope: the player may summon at the end of the turn, after drawing;
                // the next `EndPhase` ends the turn.
                game.end_of_turn = true;
                ctx.record(GameEvent::PhaseStarted {
                    phase: "end of turn",
                });
                return Ok(());
            }
            expire_turn_effects(game);
            start_turn(game, ctx)
        }
    }
}

/// Clears the per-phase choices.
fn reset_phase(game: &mut Game) {
    for piece in &mut game.pieces {
        piece.moved_this_phase = false;
        piece.attacked_this_phase = false;
        piece.destroyed_unit_this_phase = false;
        piece.extra_attacks = 0;
    }
    for player in &mut game.players {
        player.chosen_movers = 0;
        player.chosen_attackers = 0;
    }
}

fn start_phase(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    phase: Phase,
) -> Result<(), RulesError> {
    game.phase = phase;
    ctx.record(GameEvent::PhaseStarted {
        phase: phase.name(),
    });
    let timing = match phase {
        Phase::Move => Timing::StartOfMovePhase,
        Phase::Attack => Timing::StartOfAttackPhase,
        _ => return Ok(()),
    };
    start_of_phase(game, ctx, timing)
}

/// One "at the start of the phase" trigger.
enum Start {
    /// The unit may force a unit next to it (Ram).
    Force { spaces: u32, optional: bool },
    /// The ability's handler (Mimic).
    Handler(super::content::Handler),
}

/// "At the start of your ... Phase" abilities of the active player's units: collected once,
/// from the abilities the units have now (an ability gained while these resolve has missed
/// its trigger), then resolved in the active player's order against the state at resolution.
fn start_of_phase(
    game: &mut Game,
    ctx: &mut Ctx<'_, GameEvent>,
    timing: Timing,
) -> Result<(), RulesError> {
    let mut pending = Vec::new();
    for id in active_units(game) {
        for ability in super::abilities::abilities(game, id) {
            let meta = ability.meta();
            if meta.timing != Some(timing) {
                continue;
            }
            let label = format!("{} of {}", meta.name, game.describe(id));
            if let Some(handler) = meta.handler {
                pending.push((label.clone(), (id, meta.name, Start::Handler(handler))));
            }
            for op in meta.effects {
                if let EffectOp::Force {
                    spaces,
                    to: Recipient::Target,
                    optional,
                } = *op
                {
                    let start = Start::Force {
                        spaces: spaces.into(),
                        optional,
                    };
                    pending.push((label.clone(), (id, meta.name, start)));
                }
            }
        }
    }
    for (id, ability, start) in in_chosen_order(ctx, "order of triggered effects", pending)? {
        if !game.is_on_battlefield(id) {
            continue;
        }
        match start {
            Start::Handler(handler) => {
                run(game, ctx, handler, id, Trigger::StartOfPhase)?;
            }
            Start::Force { spaces, optional } => {
                let targets: Vec<ObjectId> = game
                    .neighbours(id)
                    .into_iter()
                    .filter(|&n| game.pieces[n.0 as usize].is_unit())
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                let mut options = vec!["none".to_string()];
                options.extend(targets.iter().map(|&t| game.describe(t)));
                let prompt = format!("{ability} of {}: unit to force", game.describe(id));
                let answer = ctx.choose(&prompt, &options)?;
                if answer == 0 {
                    continue;
                }
                offer_force(
                    game,
                    ctx,
                    id,
                    targets[answer - 1],
                    ability,
                    spaces,
                    optional,
                )?;
            }
        }
    }
    Ok(())
}

/// The active player's units on the battlefield.
fn active_units(game: &Game) -> Vec<ObjectId> {
    game.on_battlefield()
        .filter(|&id| game.pieces[id.0 as usize].controller == game.active)
        .collect()
}

/// `EndOfAttackPhase` handlers of the active player's units (Call Protection).
fn end_of_attack_phase(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    // `upkeep_unless_destroyed` (Wither).
    for id in active_units(game) {
        for a in own_acting(game, id, Timing::EndOfAttackPhase) {
            let EffectOp::UpkeepUnlessDestroyed { cost } = a.op else {
                continue;
            };
            if a.source != id || game.pieces[id.0 as usize].destroyed_unit_this_phase {
                continue;
            }
            let player = game.piece(id)?.controller;
            ctx.record(GameEvent::AbilityResolved {
                ability: a.ability.meta().name,
                card: id,
            });
            let cost = u32::from(cost);
            let pays = game.player(player).magic >= cost
                && ctx.choose(
                    &format!("{}: pay {cost} magic?", a.ability.meta().name),
                    &["pay".to_string(), "the summoner takes 1 damage".to_string()],
                )? == 0;
            if pays {
                game.player_mut(player).magic -= cost;
            } else if let Some(summoner) = game.summoner_of(player) {
                add_damage(
                    game,
                    ctx,
                    &[(summoner, 1)],
                    Cause::Effect {
                        source: Some(id),
                        player,
                    },
                )?;
            }
        }
    }
    let mut pending = Vec::new();
    for id in active_units(game) {
        for ability in super::abilities::abilities(game, id) {
            let meta = ability.meta();
            if meta.timing == Some(Timing::EndOfAttackPhase) {
                if let Some(handler) = meta.handler {
                    pending.push((
                        format!("{} of {}", meta.name, game.describe(id)),
                        (id, handler),
                    ));
                }
            }
        }
    }
    for (id, handler) in in_chosen_order(ctx, "order of triggered effects", pending)? {
        run(game, ctx, handler, id, Trigger::EndOfAttackPhase)?;
    }
    Ok(())
}

/// `EndOfMagicPhase` operations (Rupture): the units meeting the condition when the phase
/// ends trigger, once; they resolve in the active player's order.
fn end_of_magic_phase(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    // `flee_on_roll` (Cowardly): units meeting the condition when the phase ends roll.
    for id in active_units(game) {
        for a in own_acting(game, id, Timing::EndOfMagicPhase) {
            if let EffectOp::FleeOnRoll { at_most, condition } = a.op {
                if a.source == id
                    && game.is_on_battlefield(id)
                    && super::abilities::holds(game, id, None, condition)
                {
                    let rolled = super::dice::face(ctx.roll(super::dice::ATTACK)?);
                    if rolled.pips <= at_most {
                        ctx.record(GameEvent::AbilityResolved {
                            ability: a.ability.meta().name,
                            card: id,
                        });
                        super::damage::leave_battlefield(game, id, Place::Discard)?;
                    }
                }
            }
        }
    }
    let mut pending = Vec::new();
    for id in active_units(game) {
        for a in own_acting(game, id, Timing::EndOfMagicPhase) {
            if let EffectOp::DestroySelfIfBoost { at_least } = a.op {
                if a.source == id && game.pieces[id.0 as usize].boost >= u32::from(at_least) {
                    pending.push((
                        format!("{} of {}", a.ability.meta().name, game.describe(id)),
                        (id, a.ability.meta().name),
                    ));
                }
            }
        }
    }
    for (id, ability) in in_chosen_order(ctx, "order of triggered effects", pending)? {
        if !game.is_on_battlefield(id) {
            continue;
        }
        ctx.record(GameEvent::AbilityResolved { ability, card: id });
        let player = game.piece(id)?.controller;
        destroy(
            game,
            ctx,
            id,
            Cause::Effect {
                source: Some(id),
                player,
            },
        )?;
    }
    Ok(())
}

/// The end of the turn begins: draw up to `HAND_SIZE`, before any other end-of-turn effect.
fn draw_up(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    let player = game.active;
    let in_hand = game.pile(player, Place::Hand).len() as i64;
    // `hand_size` (Wisdom) of a unit of the player on the battlefield raises the hand size.
    let size = game
        .on_battlefield()
        .filter(|&u| game.pieces[u.0 as usize].controller == player)
        .flat_map(|u| {
            acting_of_kind(game, u, Timing::Passive, |op| {
                matches!(op, EffectOp::HandSize { .. })
            })
        })
        .filter_map(|a| match a.op {
            EffectOp::HandSize { size } => Some(i64::from(size)),
            _ => None,
        })
        .fold(HAND_SIZE, i64::max);
    let wanted = (size - in_hand).max(0) as usize;
    let drawn: Vec<ObjectId> = game
        .pile(player, Place::DrawPile)
        .into_iter()
        .take(wanted)
        .collect();
    for &card in &drawn {
        game.set_place(card, Place::Hand)?;
    }
    if !drawn.is_empty() {
        ctx.record(GameEvent::Drew {
            player,
            count: drawn.len() as u32,
        });
    }
    Ok(())
}

/// Effects lasting "until the end of the turn" end, after every end-of-turn effect.
fn expire_turn_effects(game: &mut Game) {
    game.used_this_turn.clear();
    for player in &mut game.players {
        player.events_played_this_turn = 0;
        player.night_this_turn = false;
        player.stasis_this_turn = false;
        player.ability_discount = 0;
        player.attackers_limit = 0;
    }
    for piece in &mut game.pieces {
        if piece.borrowed {
            piece.controller = piece.owner;
            piece.borrowed = false;
        }
        piece.spaces_moved_this_turn = 0;
        piece.turn_movement = 0;
        piece.began_turn_beside_enemy = false;
        piece.turn_range = 0;
        piece.moved_this_turn = false;
        piece.turn_granted.clear();
        piece.no_abilities_this_turn = false;
        piece.turn_strength = 0;
        piece.attacked_enemy_this_turn = false;
        if piece.copy_ends_with_turn {
            piece.copying = None;
            piece.copy_ends_with_turn = false;
        }
    }
}

/// The next player's turn: their active events are discarded, then their "start of turn"
/// abilities resolve (each ability once, in the active player's order).
fn start_turn(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    game.active = Game::opponent(game.active);
    game.turn = game.turn.saturating_add(1);
    game.short_first_turn = false;
    ctx.record(GameEvent::TurnStarted {
        player: game.active,
    });
    let player = game.active;
    {
        let p = game.player_mut(player);
        p.night_this_turn = std::mem::take(&mut p.night_next_turn);
        p.stasis_this_turn = std::mem::take(&mut p.stasis_next_turn);
    }
    let outside: Vec<ObjectId> = game.outside_piles().collect();
    for id in outside {
        let piece = game.piece(id)?;
        if piece.place() == Place::Active && piece.controller == player {
            game.set_place(id, Place::Discard)?;
        }
    }
    // Restraints of the new active player's units end (Grapple's damage if still adjacent).
    for id in game.ids().collect::<Vec<_>>() {
        let restrained = &game.pieces[id.0 as usize].restrained;
        if !restrained.iter().any(|r| r.player == player) {
            continue;
        }
        let ending: Vec<super::state::Restraint> = restrained
            .iter()
            .copied()
            .filter(|r| r.player == player)
            .collect();
        game.piece_mut(id)?
            .restrained
            .retain(|r| r.player != player);
        for r in ending {
            if r.damage_if_adjacent > 0 && game.adjacent(r.by, id) {
                add_damage(
                    game,
                    ctx,
                    &[(id, r.damage_if_adjacent.into())],
                    Cause::Effect {
                        source: Some(r.by),
                        player,
                    },
                )?;
            }
        }
    }
    for id in game.on_battlefield().collect::<Vec<_>>() {
        if game.pieces[id.0 as usize].controller == player {
            let beside = game
                .neighbours(id)
                .into_iter()
                .any(|n| !game.friendly(id, n) && game.pieces[n.0 as usize].is_unit());
            game.piece_mut(id)?.began_turn_beside_enemy = beside;
        }
    }
    // `disrupt` (Disruption Field): the opponent's units watch the new active player's.
    for source in game.on_battlefield().collect::<Vec<_>>() {
        if game.pieces[source.0 as usize].controller == player {
            continue;
        }
        for a in own_acting(game, source, Timing::StartOfTurn) {
            if let (EffectOp::Disrupt { within }, true) = (a.op, a.source == source) {
                let reached: Vec<ObjectId> = game
                    .on_battlefield()
                    .filter(|&u| {
                        game.pieces[u.0 as usize].controller == player
                            && game.within(source, u, within.into())
                    })
                    .collect();
                ctx.record(GameEvent::AbilityResolved {
                    ability: a.ability.meta().name,
                    card: source,
                });
                for u in reached {
                    game.piece_mut(u)?.no_abilities_this_turn = true;
                }
            }
        }
    }
    let mut pending = Vec::new();
    for id in active_units(game) {
        for a in acting_on(game, id, Timing::StartOfTurn) {
            if let EffectOp::AddDamage {
                amount,
                to: Recipient::ThisUnit,
                ..
            } = a.op
            {
                pending.push((
                    format!("{} of {}", a.ability.meta().name, game.describe(id)),
                    (id, a.ability.meta().name, u32::from(amount)),
                ));
            }
        }
    }
    for (id, ability, amount) in in_chosen_order(ctx, "order of triggered effects", pending)? {
        ctx.record(GameEvent::AbilityResolved { ability, card: id });
        add_damage(
            game,
            ctx,
            &[(id, amount)],
            Cause::Effect {
                source: Some(id),
                player,
            },
        )?;
    }
    start_phase(game, ctx, Phase::ALL[0])
}
