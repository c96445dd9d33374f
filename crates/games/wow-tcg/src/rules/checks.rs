//! Pre-priority processing (407.6, 708.1): waves of simultaneous checks until none acts, the
//! end of the game (102), then waiting triggered effects onto the chain in player blocks.

use grimoire_engine::{Ctx, ObjectId, PlayerId};

use super::card::Kind;
use super::chain;
use super::content::{DamageType, EffectOp, HandSlot, TriggerEvent};
use super::packets::option_names;
use super::state::{Game, GameEvent, Outcome, RulesError, Waiting};

/// Queues the triggered operations of `source` watching `event` (703).
pub fn trigger(game: &mut Game, source: ObjectId, event: TriggerEvent) {
    game.trigger(source, event);
}

/// Runs pre-priority processing: check waves, the end of the game, then triggered effects.
pub fn pre_priority(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    loop {
        if game.outcome.is_some() {
            return Ok(());
        }
        while wave(game, ctx)? {}
        if game.outcome.is_some() || game.waiting.is_empty() {
            return Ok(());
        }
        add_waiting(game, ctx)?;
    }
}

/// One wave of checks (407.6a-e), all simultaneous; true when something happened.
fn wave(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<bool, RulesError> {
    // 407.6a: fatal damage or 0 health. The cheapest question is asked first.
    let health_modifiers = game.health_modifiers();
    let fatal: Vec<ObjectId> = game
        .objects_in_play()
        .filter(|&o| {
            let damage = game.store.get(o).map_or(0, |x| x.damage);
            let health = game.health_with(o, &health_modifiers);
            (health <= 0 || i64::from(damage) >= i64::from(health))
                && game.is_character(o)
                && !game.has_op(o, |op| matches!(op, EffectOp::Indestructible))
        })
        .collect();
    let mut losers: Vec<PlayerId> = fatal
        .iter()
        .filter(|&&o| game.card(o).kind == Kind::Hero)
        .map(|&o| game.controller(o))
        .collect();
    // 407.6b: drawing from an empty deck.
    losers.extend(
        game.players
            .iter()
            .filter(|p| !p.lost && p.drew_from_empty)
            .map(|p| p.id),
    );
    // 407.6c: uniqueness, each player's choices in turn order (802.1).
    let mut unique_losses = Vec::new();
    for player in game.players_from_turn() {
        unique_losses.extend(uniqueness(game, player, ctx)?);
    }
    // 407.6d: abilities attached to Totems.
    let off_totems: Vec<ObjectId> = game
        .objects_in_play()
        .filter_map(|o| game.store.get(o))
        .filter(|o| !o.attachments.is_empty() && game.is_totem(o.id))
        .flat_map(|o| o.attachments.iter().copied())
        .collect();
    // 407.6e: tokens outside play cease to exist.
    let ceasing: Vec<ObjectId> = game
        .status
        .iter()
        .enumerate()
        .filter(|(id, o)| !o.in_play && !o.ceased && game.card(ObjectId(*id as u32)).token)
        .map(|(id, _)| ObjectId(id as u32))
        .collect();
    let acted = !fatal.is_empty()
        || !losers.is_empty()
        || !unique_losses.is_empty()
        || !off_totems.is_empty()
        || !ceasing.is_empty();
    for &o in fatal.iter().chain(&unique_losses) {
        if game.in_play(o) {
            trigger(game, o, TriggerEvent::ThisDestroyed);
            game.leave_play(o, true);
        }
    }
    for o in off_totems {
        game.detach(o);
    }
    for o in ceasing {
        game.status[o.0 as usize].ceased = true;
    }
    losers.sort();
    losers.dedup();
    if !losers.is_empty() {
        lose(game, &losers);
    }
    Ok(acted)
}

/// Players lose simultaneously (102.1a, 102.2); the game ends when at most one remains.
fn lose(game: &mut Game, losers: &[PlayerId]) {
    for &id in losers {
        if let Some(p) = game.player_mut(id) {
            if !p.lost {
                p.lost = true;
                game.record(GameEvent::PlayerLost(id));
            }
        }
    }
    // 102.2: every card a losing player owns is removed from the game.
    let owned: Vec<ObjectId> = game
        .store
        .iter()
        .filter(|o| losers.contains(&o.owner))
        .map(|o| o.id)
        .collect();
    for o in owned {
        game.move_to(o, super::state::REMOVED);
    }
    game.chain.retain(|l| !losers.contains(&l.controller));
    let remaining: Vec<PlayerId> = game
        .players
        .iter()
        .filter(|p| !p.lost)
        .map(|p| p.id)
        .collect();
    let outcome = match remaining.as_slice() {
        [] => Some(Outcome::Draw),
        [winner] => Some(Outcome::Won(*winner)),
        _ => None,
    };
    if let Some(outcome) = outcome {
        game.outcome = Some(outcome);
        game.record(GameEvent::GameOver(outcome));
    }
}

/// The cards of `player` to destroy to repair uniqueness violations (410.3a, 410.3b): the
/// player chooses which cards to keep.
fn uniqueness(
    game: &Game,
    player: PlayerId,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<Vec<ObjectId>, RulesError> {
    let mine: Vec<ObjectId> = game
        .objects_in_play()
        .filter(|&o| game.controller(o) == player)
        .collect();
    // Every card with the group it belongs to and that group's limit; a group is the cards of
    // one key, in order, and keeps the limit of its first card.
    let mut grouped: Vec<(GroupKey, usize, ObjectId)> = Vec::new();
    let mut add = |key, limit: usize, o: ObjectId| grouped.push((key, limit, o));
    // Dual wield (303.2d; glossary): the hero may keep as many weapons of a damage type as
    // it may strike with per combat, whatever their slot tag says.
    let hero = game.player(player).and_then(|p| p.hero);
    let mut wield: Option<(DamageType, usize)> = None;
    if let Some(hero) = hero {
        game.for_each_op(hero, |_, op| {
            if let EffectOp::WeaponStrikes {
                weapons,
                damage_type,
            } = *op
            {
                wield = Some((damage_type, usize::from(weapons)));
            }
        });
    }
    let wielded = |o: ObjectId| {
        wield.filter(|(t, _)| {
            game.card(o).kind == Kind::Weapon && game.card(o).damage_type == Some(*t)
        })
    };
    let mut two_handed = Vec::new();
    let mut off_hand = Vec::new();
    for &o in &mine {
        let (mut unique, mut two, mut off) = (false, false, false);
        game.for_each_op(o, |_, op| match op {
            EffectOp::UniqueByName => unique = true,
            EffectOp::HandSlot {
                slot: HandSlot::TwoHanded,
            } => two = true,
            EffectOp::HandSlot {
                slot: HandSlot::OffHand,
            } => off = true,
            _ => {}
        });
        if two {
            two_handed.push(o);
        }
        if off {
            off_hand.push(o);
        }
        if unique {
            add(GroupKey::Name(&game.card(o).name), 1, o);
        }
        for tag in &game.card(o).tags {
            if let (true, Some(n)) = (tag.meta().limit, tag.int_param()) {
                let limit = match wielded(o) {
                    Some((_, weapons)) => weapons.max(n.max(0) as usize),
                    None => n.max(0) as usize,
                };
                add(GroupKey::Limit(tag.name(), n), limit, o);
            }
        }
    }
    // Two weapons held by dual wield fill both hands, as a Two-Handed weapon does.
    let dual: Vec<ObjectId> = mine
        .iter()
        .copied()
        .filter(|&o| wielded(o).is_some())
        .collect();
    let two_handed = if dual.len() >= 2 {
        two_handed.into_iter().chain(dual).collect()
    } else {
        two_handed
    };
    let mut destroy = Vec::new();
    if !two_handed.is_empty() && !off_hand.is_empty() {
        let both: Vec<ObjectId> = two_handed.iter().chain(&off_hand).copied().collect();
        let pick = ctx.choose(
            &format!(
                "player {}: uniqueness violation (Two-Handed with Off-Hand): destroy which",
                player.0
            ),
            &option_names(game, &both),
        )?;
        destroy.push(both[pick]);
    }
    for (first, &(key, limit, _)) in grouped.iter().enumerate() {
        let in_group = |(k, _, _): &&(GroupKey, usize, ObjectId)| *k == key;
        if grouped[..first].iter().any(|entry| in_group(&entry))
            || grouped.iter().filter(in_group).count() <= limit
        {
            // Not the group's first card, or a group within its limit.
            continue;
        }
        let mut members: Vec<ObjectId> = grouped.iter().filter(in_group).map(|e| e.2).collect();
        members.retain(|o| !destroy.contains(o));
        while members.len() > limit {
            let pick = ctx.choose(
                &format!(
                    "player {}: uniqueness violation ({key}, at most {limit}): destroy which",
                    player.0
                ),
                &option_names(game, &members),
            )?;
            destroy.push(members.remove(pick));
        }
    }
    Ok(destroy)
}

/// What the cards of one uniqueness group share (410.3): a unique card's name, or a limited
/// tag with its number; it reads as the choice that repairs the group names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GroupKey<'a> {
    /// Unique cards of this name.
    Name(&'a str),
    /// Cards with this limit tag and number.
    Limit(&'static str, i64),
}

impl std::fmt::Display for GroupKey<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupKey::Name(name) => write!(f, "unique {name}"),
            GroupKey::Limit(tag, n) => write!(f, "{tag} ({n})"),
        }
    }
}

/// Adds waiting triggered effects to the chain (708.1a): the turn player's block first, in
/// the order that player chooses, then each next player's block on top.
fn add_waiting(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    let waiting = std::mem::take(&mut game.waiting);
    for player in game.players_from_turn() {
        let mut block: Vec<Waiting> = waiting
            .iter()
            .filter(|w| w.controller == player)
            .cloned()
            .collect();
        while !block.is_empty() {
            let pick = if block.len() == 1 {
                0
            } else {
                let sources: Vec<ObjectId> = block.iter().map(|w| w.source).collect();
                ctx.choose(
                    &format!(
                        "player {}: which triggered effect goes on the chain next",
                        player.0
                    ),
                    &option_names(game, &sources),
                )?
            };
            let next = block.remove(pick);
            chain::add_triggered(game, next, ctx)?;
        }
    }
    Ok(())
}
